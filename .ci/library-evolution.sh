#!/usr/bin/env bash
# Builds every library the package ships the way a binary-framework (XCFramework) vendor does:
# with library evolution on, emitting a module interface and typechecking that interface, in a
# scratch path of its own so the other gates' builds are not disturbed.
#
# The interfaces are typechecked here, one by one, rather than by the build's own verification
# (on by default with -emit-module-interface, off here), which would also verify the example
# host's, and an executable's top-level code makes no valid interface: so the API gate
# (.ci/api-breaks.sh), which builds the whole package, reuses this build with the same flags.
#
# The libraries are the targets of the manifest's library products, read from the manifest, so a
# new library is checked without editing this script. Pass target names to check only those.
#
# The Apple adapters compile to nothing where their framework is missing, so on Linux their
# interfaces above are empty. They are built a second time, in Tests/AppleShims, against the
# stand-in UIKit, AppKit and SwiftUI modules, so their real interfaces are emitted and verified
# too (skipped when target names are passed).
#
# Fails on any error and on any warning but one: Linux's Foundation is not built with library
# evolution, so a library that imports it is told so. That warning is expected and allowed; no
# other is (warnings are not made errors here, since that one would then stop the build).
set -euo pipefail
cd "$(dirname "$0")/.."
source .ci/evolution-flags.sh

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
log=$(mktemp)
trap 'rm -f "$log"' EXIT
check() {  # package directory, target
    local package=$1 target=$2 interface
    printf 'library evolution: %s (%s)\n' "$target" "$package"
    if ! swift build --package-path "$package" --target "$target" --scratch-path "$package/.build-evolution" \
        "${evolution_flags[@]}" >"$log" 2>&1; then
        cat "$log"
        echo "library evolution: $target does not build with library evolution" >&2
        exit 1
    fi
    # Its public, private and package interfaces, typechecked as a client's compiler reads them.
    local built="$package/.build-evolution/debug"
    for interface in "$built/$target.build/$target".*swiftinterface; do
        if ! swiftc -frontend -typecheck-module-from-interface "$interface" -module-name "$target" \
            -I "$built/Modules" -module-cache-path "$package/.build-evolution/interface-cache" >>"$log" 2>&1; then
            cat "$log"
            echo "library evolution: $interface does not typecheck" >&2
            exit 1
        fi
    done
    # The one expected warning, word for word as Swift 6.3 prints it.
    unexpected=$(grep -E 'warning:' "$log" \
        | grep -vE "module 'Foundation(Essentials|Internationalization)?' was not compiled with library evolution support" \
        | sort -u || true)
    if [ -n "$unexpected" ]; then
        printf '%s\n' "$unexpected"
        echo "library evolution: $target builds with warnings other than Foundation's" >&2
        exit 1
    fi
}

rm -rf .build-evolution
for target in "${targets[@]}"; do check . "$target"; done
printf 'library evolution: %s built and their interfaces verified\n' "${targets[*]}"

if [ $# -eq 0 ]; then
    adapters=(BCKitUIKit BCKitAppKit BCKitSwiftUI)
    rm -rf Tests/AppleShims/.build-evolution
    for target in "${adapters[@]}"; do check Tests/AppleShims "$target"; done
    # Not empty: an adapter whose interface declared nothing would pass the build above unseen.
    for target in "${adapters[@]}"; do
        interface=$(find Tests/AppleShims/.build-evolution -path "*/$target.build/$target.swiftinterface" | head -n 1)
        if ! grep -v '^public import ' "$interface" 2>/dev/null | grep -qw public; then
            echo "library evolution: ${interface:-$target.swiftinterface} declares no public API" >&2
            exit 1
        fi
    done
    printf 'library evolution: %s built against the stand-ins and their interfaces verified\n' "${adapters[*]}"
fi
