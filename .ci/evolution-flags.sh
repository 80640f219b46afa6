# Sourced, from the repository's root, by the gates that share the library-evolution build:
# .ci/library-evolution.sh makes it, .ci/docs.sh reads its symbol graphs and .ci/api-breaks.sh
# builds on it. SwiftPM rebuilds everything when the flags or the scratch path differ by one word,
# so they are written here once. The symbol graphs of every module built land in one folder.
# shellcheck shell=bash
evolution_graphs="$PWD/.build-evolution/symbol-graphs"
evolution_flags=(
    -Xswiftc -enable-library-evolution -Xswiftc -emit-module-interface -Xswiftc -no-verify-emitted-module-interface
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$evolution_graphs"
)
