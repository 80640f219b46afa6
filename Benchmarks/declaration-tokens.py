#!/usr/bin/env python3
"""What declaring the console shop's conversations costs the user, in tokens and lines.

Counts, for each file of Examples/ConsoleShop that declares a protocol refining `Conversation`,
what the user writes to declare it: the protocol, any hand-written relaying defaults and the
center's conformance, and every marker line (`/// - Retained`, `/// - Quiet`). Imports, ordinary
comments and doc comments are left out. Tokens are the matches of `\\w+|[^\\s\\w]` (issue 31's
rule); lines are the non-blank lines left.

    python3 Benchmarks/declaration-tokens.py            # the working tree
    python3 Benchmarks/declaration-tokens.py --rev main # a commit, read with `git show`
"""

import argparse
import re
import subprocess
import sys

TOKEN = re.compile(r"\w+|[^\s\w]")
MARKER = re.compile(r"^\s*///\s*-\s*(Retained|Quiet|NotAMessage)\b")
REFINES_CONVERSATION = re.compile(r"\bprotocol\s+\w+\s*:[^{]*\bConversation\b")
ROOT = "Examples/ConsoleShop"


def files(rev):
    if rev:
        listing = subprocess.run(
            ["git", "ls-tree", "-r", "--name-only", rev, ROOT], check=True, capture_output=True, text=True
        ).stdout
        return {path: show(rev, path) for path in listing.split() if path.endswith(".swift")}
    listing = subprocess.run(["git", "ls-files", ROOT], check=True, capture_output=True, text=True).stdout
    return {path: open(path, encoding="utf-8").read() for path in listing.split() if path.endswith(".swift")}


def show(rev, path):
    return subprocess.run(["git", "show", f"{rev}:{path}"], check=True, capture_output=True, text=True).stdout


def declaration(source):
    """The code a user writes to declare the file's conversation: no imports, no comments but markers."""
    source = re.sub(r"/\*.*?\*/", "", source, flags=re.S)
    kept = []
    for line in source.splitlines():
        if MARKER.match(line):
            kept.append(line.strip())
            continue
        code = line.split("//", 1)[0].rstrip()
        if code.strip() and not code.lstrip().startswith("import "):
            kept.append(code)
    return kept


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rev", help="a git revision to read instead of the working tree")
    args = parser.parse_args()
    rows = []
    for path, source in sorted(files(args.rev).items()):
        if not REFINES_CONVERSATION.search(source):
            continue
        lines = declaration(source)
        rows.append((path[len(ROOT) + 1 :], len(TOKEN.findall("\n".join(lines))), len(lines)))
    if not rows:
        sys.exit("no conversation found")
    print(f"| conversation file ({args.rev or 'working tree'}) | tokens | lines |")
    print("| --- | --- | --- |")
    for path, tokens, count in rows:
        print(f"| {path} | {tokens} | {count} |")
    print(f"| total, {len(rows)} conversations | {sum(r[1] for r in rows)} | {sum(r[2] for r in rows)} |")


if __name__ == "__main__":
    main()
