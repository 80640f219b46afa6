#!/usr/bin/env bash
# Builds each DocC catalog with the toolchain's docc, failing on any warning (an unresolved
# symbol link is one).
set -euo pipefail
cd "$(dirname "$0")/.."
graphs=$(mktemp -d)
out=$(mktemp -d)
trap 'rm -rf "$graphs" "$out"' EXIT
for catalog in Sources/*/*.docc; do
    target=$(basename "$(dirname "$catalog")")
    rm -rf "$graphs"/* 
    swift build --target "$target" -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir \
        -Xswiftc "$graphs" --scratch-path .build-docs >/dev/null
    # Keep only the target's own graphs, so links resolve against its public API alone.
    find "$graphs" -name '*.symbols.json' ! -name "$target.symbols.json" ! -name "$target@*.symbols.json" -delete
    docc convert "$catalog" --additional-symbol-graph-dir "$graphs" --fallback-display-name "$target" \
        --fallback-bundle-identifier "org.bckit.$target" --output-path "$out/$target" --warnings-as-errors
    echo "docs: $target ok"
done
