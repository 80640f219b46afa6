#!/usr/bin/env bash
# Compiles BCKit's Apple adapters against the stand-in UIKit, AppKit and SwiftUI modules of
# Tests/AppleShims (warnings as errors) and runs the tests that drive them; then proves the
# compile has teeth: a copy of each adapter with one misspelled API must fail to compile, for
# that reason, while the unchanged file compiles with the same command.
set -euo pipefail
cd "$(dirname "$0")/../Tests/AppleShims"

swift test -Xswiftc -warnings-as-errors

modules="$(swift build --show-bin-path)/Modules"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
typecheck() {  # file...
    swiftc -typecheck -parse-as-library -swift-version 6 -module-name MutatedAdapter -I "$modules" \
        -enable-upcoming-feature ExistentialAny -enable-upcoming-feature MemberImportVisibility \
        -enable-upcoming-feature InternalImportsByDefault "$@"
}
# mutant: source, what to misspell, its misspelling, the error the compiler must give. The
# adapter's other files are compiled beside it, unchanged, since the file may use them.
mutant() {
    local source=../../$1 from=$2 to=$3 expected=$4
    local copy file siblings=()
    for file in "$(dirname "$source")"/*.swift; do
        [[ $file == "$source" ]] || siblings+=("$file")
    done
    copy="$work/$(basename "$(dirname "$source")")-$(basename "$source")"
    typecheck "$source" "${siblings[@]}"
    sed "s/$from/$to/" "$source" >"$copy"
    if ! grep -q "$to" "$copy"; then
        echo "apple shims: '$from' is not in $1; update this mutant" >&2
        exit 1
    fi
    if typecheck "$copy" "${siblings[@]}" 2>"$work/errors"; then
        echo "apple shims: $1 with '$to' compiled; the stand-ins do not check what the adapter overrides" >&2
        exit 1
    fi
    if ! grep -q "$expected" "$work/errors"; then
        cat "$work/errors" >&2
        echo "apple shims: $1 with '$to' failed, but not with '$expected'" >&2
        exit 1
    fi
    echo "apple shims: $1 with '$to' fails to compile, as it must"
}
mutant Sources/BCKitUIKit/OwnerViewController.swift 'func viewWillAppear(' 'func viewWillApear(' \
    'does not override any method from its superclass'
mutant Sources/BCKitAppKit/OwnerViewController.swift 'func viewDidAppear()' 'func viewDidApear()' \
    'does not override any method from its superclass'
mutant Sources/BCKitSwiftUI/OwnerModifier.swift '\.onDisappear {' '.onDisapear {' \
    "has no member 'onDisapear'"
mutant Sources/BCKitUIKit/HostServices+UIKit.swift 'dismiss(animated: true)' 'dismiss(animate: true)' \
    'incorrect argument label'
mutant Sources/BCKitAppKit/HostServices+AppKit.swift 'presentAsSheet(' 'presentAsSheat(' \
    "has no member 'presentAsSheat'"
# Saved state (issue 36): each adapter's bridge to its platform's restoration.
mutant Sources/BCKitUIKit/OwnerViewController.swift 'func decodeRestorableState(with coder' \
    'func decodeRestorableStat(with coder' 'does not override any method from its superclass'
mutant Sources/BCKitUIKit/HostRelay+Restoration.swift 'addUserInfoEntries(from:' 'addUserInfoEntrys(from:' \
    "has no member 'addUserInfoEntrys'"
mutant Sources/BCKitAppKit/OwnerViewController.swift 'func restoreState(with coder' 'func restoreStat(with coder' \
    'does not override any method from its superclass'
mutant Sources/BCKitSwiftUI/SavedStateModifier.swift 'SceneStorage(key)' 'SceneStorag(key)' \
    "cannot find 'SceneStorag' in scope"
