#!/usr/bin/env bash
# Unsafe with its receipt (DESIGN "Code rules"): every line of Sources that uses an unsafe construct
# carries, on it or within the 3 lines above, a comment
#     // measured: <benchmark case> ... (<gain>%)
# naming a case of Benchmarks/callgrind.sh and a gain of at least 10% on it; and there are at most
# MAX_UNSAFE_LINES (33) such lines. Doc comments (///) and comments do not count as uses.
#
#   .ci/unsafe-receipts.sh              # check Sources
#   .ci/unsafe-receipts.sh --self-test  # prove the check: a copy with one receipt deleted fails
#   ROOT=DIR .ci/unsafe-receipts.sh     # check DIR/Sources against DIR/Benchmarks/callgrind.sh
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="${ROOT:-$(dirname "$here")}"

if [ "${1:-}" = "--self-test" ]; then
    # Proves the check on a small tree made here (so it holds whatever Sources look like today),
    # then, when Sources pass, on a copy of them: deleting one receipt must fail the check.
    work="$(mktemp -d)"
    trap 'rm -rf "$work"' EXIT
    expect() {  # pass|fail, what, tree, [env...]
        local want=$1 what=$2 tree=$3
        shift 3
        if env ROOT="$tree" "$@" "$0" >"$work/out" 2>&1; then got=pass; else got=fail; fi
        if [ "$got" != "$want" ]; then
            echo "self-test: $what: the check should $want, it did $got" >&2
            cat "$work/out" >&2
            exit 1
        fi
    }
    fixture="$work/fixture"
    mkdir -p "$fixture/Sources/Kit" "$fixture/Benchmarks"
    printf '%s\n' '# Cases: kit limit' >"$fixture/Benchmarks/callgrind.sh"
    cat >"$fixture/Sources/Kit/Table.swift" <<'SWIFT'
/// A table kept by `Unmanaged` references (a doc comment: not a use).
final class Table {
    // measured: kit N=10 245 -> 173 Ir (29%)
    var slots: [Unmanaged<AnyObject>] = []

    // measured: limit N=1000 12,125 -> 9,578 Ir (21%), retained instead of borrowed
    @exclusivity(unchecked)
    var depth = 0
}
SWIFT
    expect pass "a tree whose every use has a receipt" "$fixture"
    sed -i '3s#// measured: kit N=10#// kit N=10#' "$fixture/Sources/Kit/Table.swift"
    expect fail "a deleted receipt" "$fixture"
    grep -q 'no receipt' "$work/out" || { echo "self-test: the failure does not name the missing receipt" >&2; exit 1; }
    sed -i 's#// kit N=10 245 -> 173 Ir (29%)#// measured: kit N=10 181 -> 173 Ir (4%)#' "$fixture/Sources/Kit/Table.swift"
    expect fail "a receipt under 10%" "$fixture"
    sed -i 's#// measured: kit N=10 181 -> 173 Ir (4%)#// measured: screen N=10 245 -> 173 Ir (29%)#' "$fixture/Sources/Kit/Table.swift"
    expect fail "a receipt naming no benchmark case" "$fixture"
    sed -i 's#// measured: screen N=10#// measured: kit N=10#' "$fixture/Sources/Kit/Table.swift"
    expect pass "the receipts restored" "$fixture"
    expect fail "more uses than allowed" "$fixture" MAX_UNSAFE_LINES=1
    if ROOT="$root" "$0" >/dev/null 2>&1; then
        copy="$work/copy"
        mkdir -p "$copy/Benchmarks"
        cp -R "$root/Sources" "$copy/Sources"
        cp "$root/Benchmarks/callgrind.sh" "$copy/Benchmarks/callgrind.sh"
        # A receipt may cover a use beside another receipt (both within its 3 lines), so one
        # deletion need not fail: delete the receipts one at a time, in order, each in a fresh
        # copy, until a deletion fails the check with a missing receipt. A check that noticed no
        # deleted receipt at all fails the self-test.
        deleted=""
        while IFS= read -r receipt; do
            rm -rf "$copy/Sources"
            cp -R "$root/Sources" "$copy/Sources"
            file="$copy/${receipt%%:*}"
            line="$(echo "$receipt" | cut -d: -f2)"
            sed -i "${line}s#// measured:#// (receipt deleted by the self-test)#" "$file"
            if ! ROOT="$copy" "$0" >"$work/out" 2>&1 && grep -q 'no receipt' "$work/out"; then
                deleted="${receipt%%:*}:$line"
                break
            fi
        done < <(cd "$root" && grep -rn '// measured:' Sources | sort -t: -k1,1 -k2,2n)
        if [ -z "$deleted" ]; then
            echo "self-test: deleting any one receipt from a copy of Sources never failed the check" >&2
            exit 1
        fi
        echo "self-test passed, on a small tree and on a copy of Sources (the receipt at $deleted deleted)"
    else
        echo "self-test passed on a small tree; Sources do not pass the check yet, so no copy of them was tried"
    fi
    exit 0
fi

python3 - "$root" "${MAX_UNSAFE_LINES:-33}" <<'PY'
import os, re, sys

root, limit = sys.argv[1], int(sys.argv[2])
construct = re.compile(
    r"@exclusivity\(unchecked\)|Unmanaged|unsafeDowncast|unsafeBitCast"
    r"|Unsafe(Mutable)?(Raw)?(Buffer)?Pointer|_withUnsafeGuaranteedRef"
)
receipt = re.compile(r"//\s*measured:\s*(?P<case>[A-Za-z0-9-]+)\b.*?\((?P<gain>[0-9]+(?:\.[0-9]+)?)%\)")
with open(os.path.join(root, "Benchmarks", "callgrind.sh")) as script:
    cases = set(re.findall(r"[a-z0-9]+(?:-[a-z0-9]+)*", script.read()))

def code(line):
    """The line without its comment (a `//` outside a string literal is close enough here)."""
    stripped = line.lstrip()
    if stripped.startswith("//"):
        return ""
    return re.sub(r"//.*$", "", line)

uses, problems = [], []
for folder, _, files in os.walk(os.path.join(root, "Sources")):
    for name in sorted(files):
        if not name.endswith(".swift"):
            continue
        path = os.path.join(folder, name)
        with open(path) as source:
            lines = source.read().split("\n")
        for number, line in enumerate(lines, 1):
            if not construct.search(code(line)):
                continue
            where = f"{os.path.relpath(path, root)}:{number}"
            uses.append(where)
            found = None
            for candidate in lines[max(0, number - 4):number]:
                match = receipt.search(candidate)
                if match:
                    found = match
            if not found:
                problems.append(f"{where}: no receipt (// measured: <case> ... (<gain>%)) within 3 lines above")
            elif found["case"] not in cases:
                problems.append(f"{where}: receipt names '{found['case']}', not a case of Benchmarks/callgrind.sh")
            elif float(found["gain"]) < 10:
                problems.append(f"{where}: receipt gives {found['gain']}%, under 10%: remove the construct")
if len(uses) > limit:
    problems.append(f"{len(uses)} lines use unsafe constructs, more than {limit}")
for problem in problems:
    print(problem)
print(f"{len(uses)} unsafe lines (at most {limit}), {len(problems)} problems")
sys.exit(1 if problems else 0)
PY
