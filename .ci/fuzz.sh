#!/usr/bin/env bash
# Builds each libFuzzer target with swiftc (SwiftPM cannot link -sanitize=fuzzer executables) and
# runs it for a bounded time from its committed seed corpus. A crash, a sanitizer report or a
# broken invariant (the targets call fatalError) fails the run.
#
#   .ci/fuzz.sh [seconds-per-target [target...]]   (default 20 seconds, every target)
#
# The targets are optimized (-O), which a long search needs. FUZZ_OPTIMIZE=-Onone builds each in a
# quarter of the time (5 s instead of 20 on two cores) and runs it slower: CI's short runs, which
# mostly replay the corpus, take that.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-20}
only=" ${*:2} "
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

fuzz() {  # name, entry file, source files...
    local name=$1 entry=$2
    shift 2
    [ "$only" = "  " ] || [[ "$only" == *" $name "* ]] || return 0
    echo "fuzz: building $name"
    # Whole-module: one compiler process per target rather than one per batch of files, each of
    # which parsed every file again (48 -> 30 s for the URL target on two busy cores). It leaves
    # a module file in the current directory, so it runs in the scratch one.
    local file sources=()
    for file in "$@" "$entry"; do sources+=("$PWD/$file"); done
    (cd "$work" && swiftc -sanitize=fuzzer,address -parse-as-library -swift-version 6 "${FUZZ_OPTIMIZE:--O}" -wmo -g \
        "${sources[@]}" -o "$work/$name") 2>&1 | grep -v -e "^$" -e "ld.gold: warning" || true
    [ -x "$work/$name" ] || { echo "fuzz: $name did not build"; exit 1; }
    # New inputs go to a scratch copy; the committed corpus only seeds the run.
    mkdir -p "$work/$name-corpus"
    cp Tests/Fuzz/Corpus/"$name"/* "$work/$name-corpus/"
    echo "fuzz: running $name for ${seconds}s"
    "$work/$name" -max_total_time="$seconds" -timeout=5 -rss_limit_mb=2048 -print_final_stats=1 \
        -artifact_prefix="$work/$name-" "$work/$name-corpus" > "$work/$name.log" 2>&1 || {
        grep -E "Fatal error|ERROR|SUMMARY|Test unit written|Base64" "$work/$name.log" | head -n 20
        echo "fuzz: $name FAILED"
        exit 1
    }
    grep -E "stat::number_of_executed_units|stat::new_units_added" "$work/$name.log" || true
}

fuzz command Tests/Fuzz/CommandParserFuzz.swift \
    Examples/ConsoleShop/Console/Command.swift Examples/ConsoleShop/Console/CommandError.swift

routing=(Sources/BCKitModules/Routing/*.swift)
fuzz pattern Tests/Fuzz/RoutePatternFuzz.swift "${routing[@]}"
fuzz url Tests/Fuzz/URLMatchFuzz.swift "${routing[@]}"
fuzz url-decoding Tests/Fuzz/URLDecodingFuzz.swift "${routing[@]}" Tests/Fuzz/URLDecodingReference.swift
fuzz manifest Tests/Fuzz/ManifestFuzz.swift "${routing[@]}" Sources/BCKitModules/Manifest/ModuleManifest.swift \
    Sources/BCKitModules/Manifest/ModuleDeclaration.swift Sources/BCKitModules/Manifest/ManifestError.swift \
    Sources/BCKitModules/Manifest/DuplicateKeyScan.swift \
    Sources/BCKitModules/Modules/ModuleLevel.swift Sources/BCKitModules/Modules/ModuleRoute.swift \
    Sources/BCKitModules/Modules/ModuleInfo.swift
