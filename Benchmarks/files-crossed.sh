#!/usr/bin/env bash
# The kit's files and functions that one send or one lifecycle event passes through (issue 33,
# item 2): the distinct files under the repository's Sources/ whose functions appear in a callgrind
# profile of that one call, in a debug build, with diagnostics at their default.
#
#   Benchmarks/files-crossed.sh            # both cases
#   Benchmarks/files-crossed.sh send       # a controller's one-call send to one receiver
#   Benchmarks/files-crossed.sh appear     # one viewDidAppear from HostRelay to one controller
#
# The probe (Benchmarks/PathProbe, a package of its own that uses the kit by path) warms each case
# up, then makes the call once more inside an `@inline(never)` wrapper; callgrind collects only
# while that wrapper runs (`--collect-atstart=no --toggle-collect`). A function counts when it ran
# at least one instruction of its own there; it belongs to the file its instructions' line table
# names, so a function inlined from another file counts in that file (as `callgrind_annotate` has
# it). Each file prints as one line: its count of functions, its path, then the functions,
# demangled with `swift demangle --simplified` and separated by ` ; `. Files that are there only
# through code the compiler made (outlined copies, thunks, accessors, the standard library's
# generics), which the linker keeps in whichever file's object it met first, are named apart.
#
# A debug build: the count is of what a reader follows, not of what the optimizer leaves. valgrind
# 3.19 reads no DWARF 5 and finds no file without line tables. Swift 6.3.1 writes DWARF 4 on Linux
# anyway; `-dwarf-version=4` on the command line pins it for every module, the kit's included (the
# probe's manifest reaches only the probe), and a profile that names no kit file stops the script.
set -euo pipefail
cd "$(dirname "$0")"
root="$(cd .. && pwd)"

cases=("$@")
[ ${#cases[@]} -gt 0 ] || cases=(send appear)
for name in "${cases[@]}"; do
    case "$name" in
        send | appear) ;;
        *) echo "unknown case '$name': use send or appear" >&2; exit 2 ;;
    esac
done

flags=(--package-path PathProbe -Xswiftc -Xfrontend -Xswiftc -dwarf-version=4)
swift build "${flags[@]}" >/dev/null
binary="$(swift build "${flags[@]}" --show-bin-path)/PathProbe"
output="$(mktemp -d)"
trap 'rm -rf "$output"' EXIT

for name in "${cases[@]}"; do
    case "$name" in
        send)
            wrapper=measuredSend
            title="a controller's one-call send to one receiver (sender.center.cartDidChange(count:))"
            ;;
        appear)
            wrapper=measuredAppearance
            title="one viewDidAppear from HostRelay's callback to one controller (relay.viewDidAppear())"
            ;;
    esac
    valgrind --tool=callgrind --collect-atstart=no --toggle-collect="*${wrapper}*" \
        --callgrind-out-file="$output/$name.out" "$binary" "$name" >/dev/null 2>"$output/$name.log" ||
        { cat "$output/$name.log" >&2; echo "case $name failed" >&2; exit 1; }
    python3 - "$output/$name.out" "$root/Sources/" "$name" "$title" <<'PY'
import collections, subprocess, sys

profile, sources, name, title = sys.argv[1:5]

# callgrind compresses names: `fl=(7) /path` the first time, `fl=(7)` after. Files (fl, fi, fe and
# the callee's cfi, cfl) share one table, functions (fn, cfn) another.
names = {"file": {}, "function": {}}

def expand(kind, value):
    value = value.strip()
    if value.startswith("("):
        number, _, text = value.partition(")")
        text = text.strip()
        if text:
            names[kind][number] = text
        return names[kind].get(number, "???")
    return value

functions = collections.defaultdict(set)
file = inlined = function = None
call_cost_follows = False
with open(profile) as lines:
    for line in lines:
        key, equals, value = line.rstrip("\n").partition("=")
        if equals and key in ("fl", "fi", "fe", "cfi", "cfl", "fn", "cfn"):
            kind = "function" if key in ("fn", "cfn") else "file"
            text = expand(kind, value)
            if key == "fl":
                file, inlined = text, None
            elif key in ("fi", "fe"):
                inlined = text
            elif key == "fn":
                function, inlined = text, None
            continue
        if equals and key == "calls":
            # The next cost line is the callee's inclusive cost, not this function's own.
            call_cost_follows = True
            continue
        if not line[:1].isdigit() and line[:1] not in "+-*":
            continue
        if call_cost_follows:
            call_cost_follows = False
            continue
        where = inlined or file
        if function and where and where.startswith(sources):
            functions["Sources/" + where[len(sources):]].add(function)

if not functions:
    sys.exit(f"{name}: no function of {sources} in the profile; can valgrind read the build's DWARF?")
mangled = sorted({symbol for symbols in functions.values() for symbol in symbols})
demangled = subprocess.run(
    ["swift", "demangle", "--simplified"], input="\n".join(mangled) + "\n", capture_output=True, text=True,
    check=True).stdout.split("\n")
readable = dict(zip(mangled, demangled))
total = sum(len(symbols) for symbols in functions.values())
print(f"{name}: {len(functions)} files, {total} functions: {title}")

# Code the compiler makes rather than the kit declares: the linker keeps one copy of each, in the
# object of whichever file it met first, so a file can be in the count through these alone.
made = ("outlined ", "lazy protocol witness table accessor", "thunk for ", "reabstraction thunk", "merged ",
    "type metadata accessor")
def compiler_made(symbol):
    return not symbol.startswith("$s5BCKit") or readable[symbol].startswith(made)
helpers_only = sorted(path for path in functions if all(compiler_made(symbol) for symbol in functions[path]))
if helpers_only:
    print(f"  of which {len(helpers_only)} only through code the compiler made: {', '.join(helpers_only)}")
for path in sorted(functions):
    listed = " ; ".join(sorted(readable[symbol] for symbol in functions[path]))
    print(f"{len(functions[path]):4d}  {path}  {listed}")
PY
done
