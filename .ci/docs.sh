#!/usr/bin/env bash
# Builds each DocC catalog with the toolchain's docc, failing on any warning (an unresolved
# symbol link is one). The symbol graphs come from the library-evolution build
# (.ci/evolution-flags.sh): after .ci/library-evolution.sh the build below has nothing to do, and
# run alone it makes that build.
set -euo pipefail
cd "$(dirname "$0")/.."
source .ci/evolution-flags.sh
graphs=$(mktemp -d)
out=$(mktemp -d)
trap 'rm -rf "$graphs" "$out"' EXIT
for catalog in Sources/*/*.docc; do
    target=$(basename "$(dirname "$catalog")")
    swift build --target "$target" --scratch-path ./.build-evolution "${evolution_flags[@]}" >/dev/null
    # Only the target's own graphs, so links resolve against its public API alone.
    rm -rf "${graphs:?}"/*
    cp "$evolution_graphs/$target.symbols.json" "$graphs/"
    find "$evolution_graphs" -name "$target@*.symbols.json" -exec cp {} "$graphs/" \;
    docc convert "$catalog" --additional-symbol-graph-dir "$graphs" --fallback-display-name "$target" \
        --fallback-bundle-identifier "org.bckit.$target" --output-path "$out/$target" --warnings-as-errors
    echo "docs: $target ok"
done
