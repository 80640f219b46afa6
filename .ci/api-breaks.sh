#!/usr/bin/env bash
# API gate: compares the libraries' public API with the latest release's, using
# `swift package diagnose-api-breaking-changes`, and fails on a break the CHANGELOG does not list.
# A break is listed when its symbol, as the tool prints it (`DispatchRecord.init(kind:owner:)`, the
# word after the declaration's kind; for an accessor, its property will do), appears in backticks
# in a CHANGELOG section the release does not have: Unreleased, and before a release's tag exists,
# the release's own section. A change to a `package` declaration breaks no user and passes.
#
# The release is `.ci/api-baseline`'s tag where the clone has tags, and otherwise its commit.
#
#   .ci/api-breaks.sh              # check the package this script belongs to
#   .ci/api-breaks.sh --self-test  # prove the check on a small package made here: an unlisted
#                                  # break fails it, the same break listed passes
#   ROOT=DIR .ci/api-breaks.sh     # check the package (a git work tree) at DIR
#   .ci/api-breaks.sh --save-baseline  # check, then commit-ready: write the release's API to
#                                      # .ci/api-baseline.tar.gz for this toolchain
#
# Speed (a fresh run builds the package twice, now and at the release): the package is built as
# the library-evolution gate builds it, in its scratch path (.build-evolution), so after that gate
# (as in .ci/run) only the example host is left to build. The release's API is kept in .build-api
# under the release's commit and the toolchain, and committed for one toolchain, so only the first
# run after a release or a toolchain change builds the release. Only library targets the release has are compared.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="${ROOT:-$(dirname "$here")}"

if [ "${1:-}" = "--self-test" ]; then
    work="$(mktemp -d)"
    trap 'rm -rf "$work"' EXIT
    kit="$work/kit"
    mkdir -p "$kit/Sources/Kit" "$kit/.ci"
    cd "$kit"
    git init -q
    git config user.email self-test@example.invalid
    git config user.name "API gate self-test"
    cat >Package.swift <<'SWIFT'
// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Kit",
    products: [.library(name: "Kit", targets: ["Kit"])],
    targets: [.target(name: "Kit")]
)
SWIFT
    printf '%s\n' 'public func greet(name: String) -> String { "hello, \(name)" }' \
        'package func tally(count: Int) -> Int { count }' >Sources/Kit/Greeting.swift
    printf '%s\n' '# Changelog' '' '## [Unreleased]' '' '## [0.1.0] - 2026-01-01' '' '- First release.' >CHANGELOG.md
    printf '%s\n' '.build*/' >.gitignore
    git add -A
    git commit -qm release
    printf '# the self-test'"'"'s release\n0.1.0 %s\n' "$(git rev-parse HEAD)" >.ci/api-baseline
    expect() {  # pass|fail, what, [text the output must hold, [tree]]
        local want=$1 what=$2 text=${3:-} tree=${4:-$kit} got
        if ROOT="$tree" "$here/api-breaks.sh" >"$work/out" 2>&1; then got=pass; else got=fail; fi
        if [ "$got" != "$want" ] || ! grep -qF -- "$text" "$work/out"; then
            cat "$work/out" >&2
            echo "self-test: $what: the gate should $want${text:+ saying '$text'}, it did $got" >&2
            exit 1
        fi
        echo "self-test: $what: $want, as it must"
    }
    printf '%s\n' 'public func wave() {}' >>Sources/Kit/Greeting.swift
    expect pass "an addition, which breaks nothing" "no API break"
    sed -i 's/tally(count: Int)/tally(total count: Int)/' Sources/Kit/Greeting.swift
    expect pass "a renamed package-level function, which no user can call" "package:    func tally(count:)"
    sed -i 's/greet(name: String)/greet(_ name: String)/' Sources/Kit/Greeting.swift
    expect fail "a renamed function, unlisted" "NOT listed: func greet(name:) has been renamed"
    grep -A3 'NOT listed' "$work/out" | sed 's/^/    /'
    sed -i 's/^## \[Unreleased\]$/&\n\n- `greet(_:)` takes the name unlabelled./' CHANGELOG.md
    expect fail "the same break with the new symbol listed, not the removed one" "greet(name:)"
    sed -i 's/^## \[Unreleased\]$/&\n\n- `greet(name:)` is `greet(_:)`./' CHANGELOG.md
    expect pass "the same break listed in Unreleased" "1 public API break, each listed"
    sed -i 's/^- `greet(name:)` is `greet(_:)`.$//' CHANGELOG.md
    sed -i 's/^- First release.$/&\n- `greet(name:)` is `greet(_:)`./' CHANGELOG.md
    expect fail "the break listed only in the section of the release it breaks" "NOT listed"
    git add -A
    git commit -qm change
    git clone -q --depth 1 "file://$kit" "$work/shallow"
    mkdir -p "$work/shallow/.ci"
    cp .ci/api-baseline "$work/shallow/.ci/"
    expect fail "a shallow clone without the release's commit" "is not in this clone, which is shallow" \
        "$work/shallow"
    exit 0
fi

cd "$root"
fail() {
    echo "api gate: $*" >&2
    exit 1
}

# The release: the baseline file's last line is "<tag> <commit>".
[ -f .ci/api-baseline ] || fail ".ci/api-baseline is missing: it names the release to compare with (<tag> <commit>)"
read -r tag commit < <(grep -v '^#' .ci/api-baseline | tail -n 1)
[ -n "${commit:-}" ] || fail ".ci/api-baseline's last line must be '<tag> <commit>'"
if release=$(git rev-parse -q --verify "refs/tags/$tag^{commit}"); then
    source="tag $tag"
elif git cat-file -e "$commit^{commit}" 2>/dev/null; then
    release=$(git rev-parse "$commit^{commit}")
    source="commit $commit of .ci/api-baseline (no tag $tag in this clone)"
else
    shallow=""
    [ "$(git rev-parse --is-shallow-repository 2>/dev/null)" = true ] && shallow=", which is shallow"
    fail "the release to compare with, tag $tag or commit $commit, is not in this clone$shallow. \
Fetch it (git fetch --unshallow --tags, or git fetch --depth=1 origin $commit) and run again."
fi
echo "api gate: comparing with $source"

# The library targets, read from the manifest, that the release has too: a newer one has no API to
# break, and naming one the release lacks makes the tool build the release again on every run.
mapfile -t libraries < <(swift package dump-package | python3 -c '
import json, sys
manifest = json.load(sys.stdin)
seen = []
for product in manifest["products"]:
    if "library" in product["type"]:
        seen += [t for t in product["targets"] if t not in seen]
paths = {t["name"]: t.get("path") or "Sources/" + t["name"] for t in manifest["targets"]}
print("\n".join(f"{name} {paths[name]}" for name in seen))')
targets=()
for library in "${libraries[@]}"; do
    read -r name path <<<"$library"
    if git cat-file -e "$release:$path" 2>/dev/null; then targets+=("$name"); fi
done
[ ${#targets[@]} -gt 0 ] || fail "no library target of this package exists in the release"

toolchain=$(swift --version 2>/dev/null | cksum | cut -d' ' -f1)
# The release's API as the tool extracts it is committed for one toolchain
# (.ci/api-baseline.tar.gz, its SOURCE naming the release and the toolchain), which spares CI
# building the release again. Another release or toolchain builds it, and
# `.ci/api-breaks.sh --save-baseline` writes the archive from that build.
baseline=".build-api/baselines/$toolchain/$release"
archive=.ci/api-baseline.tar.gz
if [ ! -d "$baseline" ] && [ -f "$archive" ] && [ "$(tar xzOf "$archive" ./SOURCE)" = "$release $toolchain" ]; then
    mkdir -p "$baseline"
    tar xzf "$archive" -C "$baseline" --exclude ./SOURCE
    echo "api gate: the release's API read from $archive"
fi
output=$(mktemp)
trap 'rm -f "$output"' EXIT
status=0
# The scratch path and flags of .ci/library-evolution.sh (.ci/evolution-flags.sh), so its build is
# reused. The release is built with them too, and writes its symbol graphs over the ones .ci/docs.sh
# read before it.
source "$here/evolution-flags.sh"
swift package --scratch-path ./.build-evolution "${evolution_flags[@]}" \
    diagnose-api-breaking-changes "$release" --targets "${targets[@]}" \
    --baseline-dir ".build-api/baselines/$toolchain" >"$output" 2>&1 || status=$?
grep -E 'breaking change|Skipping' "$output" || true
if [ "${1:-}" = --save-baseline ] && [ -d "$baseline" ]; then
    packed=$(mktemp -d)
    cp "$baseline"/*.json "$packed/"
    echo "$release $toolchain" >"$packed/SOURCE"
    tar cf - --sort=name --mtime=@0 --owner=0 --group=0 -C "$packed" . | gzip -n >"$archive"
    rm -rf "$packed"
    echo "api gate: wrote $archive"
fi
mapfile -t breaks < <(sed -n 's/^ *💔 API breakage: //p' "$output" | sort -u)
if [ $status -ne 0 ] && [ ${#breaks[@]} -eq 0 ]; then
    cat "$output" >&2
    fail "diagnose-api-breaking-changes failed without naming a break (above)"
fi
if [ ${#breaks[@]} -eq 0 ]; then
    echo "api gate: no API break since the release (${targets[*]})"
    exit 0
fi

# The CHANGELOG sections the release does not have: those above the newest version heading of the
# release's own CHANGELOG (all of them when it has none).
released=$(git show "$release:CHANGELOG.md" 2>/dev/null | grep -m 1 -oE '^## \[[0-9][^]]*\]' || true)
if [ -n "$released" ]; then
    unreleased=$(awk -v stop="$released" 'index($0, stop) == 1 { exit } { print }' CHANGELOG.md)
    scope="above '$released'"
else
    unreleased=$(cat CHANGELOG.md)
    scope="anywhere (the release has no version section)"
fi
# The tool reports package-level declarations too; the release's API files mark them internal. A
# change to one breaks no user, so it need not be listed.
mapfile -t internal < <(python3 - ".build-api/baselines/$toolchain/$release" <<'PY'
import glob, json, os, sys

def walk(node, path, inside):
    name = node.get("printedName", "")
    qualified = path + [name] if node.get("kind") not in ("Root", "TypeNominal") else path
    hidden = inside or node.get("isInternal", False)
    if hidden and node.get("kind") != "Root":
        print(".".join(qualified))
    for child in node.get("children", []):
        if child.get("kind") in ("TypeNominal", "TypeFunc", "TypeNameAlias"):  # types used, not declared
            continue
        walk(child, qualified if node.get("kind") != "Root" else [], hidden)

for path in glob.glob(os.path.join(sys.argv[1], "*.json")):
    with open(path) as file:
        walk(json.load(file)["ABIRoot"], [], False)
PY
)
missing=0 public=0
for message in "${breaks[@]}"; do
    symbol=$(awk '{ print $2 }' <<<"$message")
    # An accessor (`Owner.tasks.Get()`) belongs to its property, which may stand for it.
    storage=$symbol
    [[ $message == accessor\ * ]] && storage=${symbol%.*}
    if printf '%s\n' "${internal[@]}" | grep -qxF -e "$symbol" -e "$storage"; then
        echo "  package:    $message"
        continue
    fi
    public=$((public + 1))
    if grep -qF -e "\`$symbol\`" -e "\`$storage\`" <<<"$unreleased"; then
        echo "  listed:     $message"
    else
        echo "  NOT listed: $message"
        missing=$((missing + 1))
    fi
done
if [ $missing -gt 0 ]; then
    fail "$missing of $public public API breaks are not listed in CHANGELOG.md $scope: add each symbol in \
backticks to the Unreleased section (under Removed or Changed, with its migration), or restore the API"
fi
echo "api gate: $public public API break$([ $public -eq 1 ] || echo s), each listed in CHANGELOG.md $scope;" \
    "$((${#breaks[@]} - public)) change$([ $((${#breaks[@]} - public)) -eq 1 ] || echo s) to package-level API"
