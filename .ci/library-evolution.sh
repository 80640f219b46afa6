#!/usr/bin/env bash
# Builds every library the package ships the way a binary-framework (XCFramework) vendor does:
# with library evolution on, emitting a module interface and typechecking that interface, in a
# scratch path of its own so the other gates' builds are not disturbed.
#
# The libraries are the targets of the manifest's library products, read from the manifest, so a
# new library is checked without editing this script. Pass target names to check only those.
#
# Fails on any error and on any warning but one: Linux's Foundation is not built with library
# evolution, so a library that imports it is told so. That warning is expected and allowed; no
# other is (warnings are not made errors here, since that one would then stop the build).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ $# -gt 0 ]; then
    targets=("$@")
else
    mapfile -t targets < <(swift package dump-package | python3 -c '
import json, sys
manifest = json.load(sys.stdin)
seen = []
for product in manifest["products"]:
    if "library" in product["type"]:
        seen += [t for t in product["targets"] if t not in seen]
print("\n".join(seen))')
fi

# From a clean scratch path: an incremental build does not print again the warnings of files it
# does not recompile, so a warning would slip through a second run.
rm -rf .build-evolution
log=$(mktemp)
trap 'rm -f "$log"' EXIT
for target in "${targets[@]}"; do
    printf 'library evolution: %s\n' "$target"
    if ! swift build --target "$target" --scratch-path .build-evolution \
        -Xswiftc -enable-library-evolution -Xswiftc -emit-module-interface \
        -Xswiftc -verify-emitted-module-interface >"$log" 2>&1; then
        cat "$log"
        echo "library evolution: $target does not build with library evolution" >&2
        exit 1
    fi
    # The one expected warning, word for word as Swift 6.3 prints it.
    unexpected=$(grep -E 'warning:' "$log" \
        | grep -vE "module 'Foundation(Essentials|Internationalization)?' was not compiled with library evolution support" \
        | sort -u || true)
    if [ -n "$unexpected" ]; then
        printf '%s\n' "$unexpected"
        echo "library evolution: $target builds with warnings other than Foundation's" >&2
        exit 1
    fi
done
printf 'library evolution: %s built and their interfaces verified\n' "${targets[*]}"
