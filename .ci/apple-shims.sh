#!/usr/bin/env bash
# Compiles BCKit's Apple adapters against the stand-in UIKit, AppKit and SwiftUI modules of
# Tests/AppleShims (warnings as errors) and runs the tests that drive them. The SwiftUI adapter
# and its tests are compiled a second time against a stand-in SwiftUI as the iOS 17 and macOS 14
# SDKs before Xcode 16 declare it, where `View` and `ViewModifier` are not main-actor, only their
# `body` (the package's `SwiftUIBeforeXcode16` trait); the first build is against the stand-in as
# Xcode 16's SDKs and later declare it, both main-actor. Then proves the compile has teeth: a copy
# of each adapter with one misspelled API must fail to compile, for that reason, while the
# unchanged file compiles with the same command. The one piece of Darwin-only code outside the
# adapters is compiled against a stand-in Darwin the same way.
set -euo pipefail
cd "$(dirname "$0")/../Tests/AppleShims"

swift test -Xswiftc -warnings-as-errors

modules="$(swift build --show-bin-path)/Modules"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The package's Swift settings and SwiftPM's debug defines, for the compiles by hand below.
settings=(-parse-as-library -swift-version 6 -Onone -D DEBUG -D SWIFT_PACKAGE -package-name appleshims
    -enable-upcoming-feature ExistentialAny -enable-upcoming-feature MemberImportVisibility
    -enable-upcoming-feature InternalImportsByDefault)
typecheck() {  # file...
    swiftc -typecheck "${settings[@]}" -module-name MutatedAdapter -I "$modules" "$@"
}
# Compiled, not run: the adapter's code is the same in both variants, only its isolation checks
# differ. The package's `SwiftUIBeforeXcode16` trait would build every target again in a scratch
# path of its own (37 s of CPU); only the stand-in SwiftUI changes, so it alone is compiled with
# the trait's define, and the adapter and its tests against it and the build above (5 s). Its
# folder comes first in the search path, so its SwiftUI and BCKitSwiftUI shadow the build's.
before="$work/before-xcode16"
mkdir -p "$before"
swiftc -emit-module "${settings[@]}" -warnings-as-errors -D SwiftUIBeforeXcode16 -module-name SwiftUI \
    -emit-module-path "$before/SwiftUI.swiftmodule" Sources/SwiftUI/*.swift
swiftc -emit-module "${settings[@]}" -warnings-as-errors -enable-testing -module-name BCKitSwiftUI \
    -I "$before" -I "$modules" -emit-module-path "$before/BCKitSwiftUI.swiftmodule" Adapters/BCKitSwiftUI/*.swift
swiftc -typecheck "${settings[@]}" -warnings-as-errors -Xfrontend -disable-cross-import-overlays \
    -module-name SwiftUIAdapterTests -I "$before" -I "$modules" Tests/SwiftUIAdapterTests/*.swift
echo "apple shims: BCKitSwiftUI and its tests compile against SwiftUI as it was before Xcode 16"
# mutant: source, what to misspell, its misspelling, the error the compiler must give. The
# adapter's other files are compiled beside it, unchanged, since the file may use them.
mutant() {
    local source=../../$1 from=$2 to=$3 expected=$4
    local copy file siblings=()
    for file in "$(dirname "$source")"/*.swift; do
        [[ $file == "$source" ]] || siblings+=("$file")
    done
    copy="$work/$(basename "$(dirname "$source")")-$(basename "$source")"
    # The unchanged adapter compiles with the same command: once per adapter, whichever file.
    if [ ! -e "$work/$(basename "$(dirname "$source")").compiles" ]; then
        typecheck "$source" "${siblings[@]}"
        touch "$work/$(basename "$(dirname "$source")").compiles"
    fi
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
# Darwin-only code outside the adapters: SingletonCoordinator's thread number, under
# `#if canImport(Darwin)`, typechecked with the rest of BCKitModules against a stand-in Darwin
# (Darwin/) that declares pthread_self() as Apple's SDK does. Compiled, never run; on Linux
# Foundation also brings Glibc's pthread_self(), so a mistake that Glibc's would accept slips by.
mkdir -p "$work/darwin"
swiftc -emit-module -parse-as-library -swift-version 6 -module-name Darwin \
    -emit-module-path "$work/darwin/Darwin.swiftmodule" Darwin/Darwin.swift
coordinator=../../Sources/BCKitModules/Services/SingletonCoordinator.swift
darwin() {  # the coordinator's file to compile in its place
    swiftc -typecheck -parse-as-library -swift-version 6 -module-name BCKitModules -package-name appleshims \
        -I "$work/darwin" -I "$modules" -enable-upcoming-feature ExistentialAny \
        -enable-upcoming-feature MemberImportVisibility -enable-upcoming-feature InternalImportsByDefault \
        "$1" $(find ../../Sources/BCKitModules -name '*.swift' ! -name SingletonCoordinator.swift)
}
darwin "$coordinator"
sed 's/UInt(bitPattern: pthread_self())/UInt(bitPattern: pthread_current())/' "$coordinator" >"$work/SingletonCoordinator.swift"
if darwin "$work/SingletonCoordinator.swift" 2>"$work/errors" || ! grep -q "cannot find 'pthread_current'" "$work/errors"; then
    cat "$work/errors" >&2
    echo "apple shims: SingletonCoordinator's Darwin branch with pthread_current() did not fail as it must" >&2
    exit 1
fi
echo "apple shims: SingletonCoordinator's Darwin branch compiles against the stand-in Darwin, and fails misspelled"

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
