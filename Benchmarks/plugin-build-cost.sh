#!/usr/bin/env bash
# What the relay plugin costs the console shop's build: a clean debug build of the ConsoleShop
# target, then incremental builds after editing one conversation, with the plugin (this working
# tree) and without it (a revision whose conversations are hand-written, by default main).
#
#   Benchmarks/plugin-build-cost.sh [revision without the plugin] [runs]
#
# Each variant builds in its own copy and scratch folder under a temporary directory; the runs
# alternate between the variants so that a change in the machine's load hits both. The two edits
# are the same in both variants: a doc comment line added to CartConversation, then a new message
# (in the variant without the plugin, with its hand-written relaying default too).
set -euo pipefail
cd "$(dirname "$0")/.."
base=${1:-main}
runs=${2:-2}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

mkdir -p "$work/with" "$work/without"
git ls-files -z | xargs -0 cp -P --parents -t "$work/with"
git archive "$base" | tar -x -C "$work/without"
conversation=Examples/ConsoleShop/Conversations/CartConversation.swift

seconds() {  # folder: builds the ConsoleShop target, prints the wall-clock seconds
    local start end
    start=$(date +%s.%N)
    swift build --package-path "$1" --scratch-path "$1/.build-cost" --target ConsoleShop >"$1/build.log" 2>&1 ||
        { cat "$1/build.log"; exit 1; }
    end=$(date +%s.%N)
    awk -v start="$start" -v end="$end" 'BEGIN { printf "%.1f", end - start }'
}

edit_comment() {  # folder
    sed -i 's|^/// less\.|/// less. (Edited.)|' "$1/$conversation"
    grep -q "(Edited.)" "$1/$conversation"
}

edit_message() {  # folder, with or without
    python3 - "$1/$conversation" "$2" <<'PYTHON'
import sys
path, variant = sys.argv[1], sys.argv[2]
text = open(path).read()
head, brace, tail = text.partition("\n}\n")
text = head + "\n\n    func cartWasEmptied()" + brace + tail
if variant == "without":
    head, brace, tail = text.rpartition("\n}\n\nextension CommunicationCenter")
    relay = "    func cartWasEmptied() { relay((any CartConversation).self) { $0.cartWasEmptied() } }"
    text = head + "\n" + relay + brace + tail
open(path, "w").write(text)
PYTHON
}

printf '| run | variant | clean | after a doc comment edit | after a new message |\n| --- | --- | --- | --- | --- |\n'
for run in $(seq "$runs"); do
    for variant in with without; do
        folder=$work/$variant
        rm -rf "$folder/.build-cost"
        [[ $variant == with ]] && cp "$conversation" "$folder/$conversation"
        [[ $variant == without ]] && git show "$base:$conversation" >"$folder/$conversation"
        clean=$(seconds "$folder")
        edit_comment "$folder"
        comment=$(seconds "$folder")
        edit_message "$folder" "$variant"
        message=$(seconds "$folder")
        printf '| %s | %s | %ss | %ss | %ss |\n' "$run" "$variant" "$clean" "$comment" "$message"
    done
done
