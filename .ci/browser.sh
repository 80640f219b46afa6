#!/usr/bin/env bash
# The inspector pages in a real browser (issue 34): installs what is missing (Debian's chromium and
# chromium-driver, Selenium from PyPI), records the console shop's scripted session with
# `ConsoleHost --inspect --save-recording`, records a variant of it with one step changed, writes
# the page comparing the two with `ConsoleHost --compare`, and drives all of them, plus hand-written,
# broken and generated recordings, in headless Chromium (Tests/Browser). Prints the load, filter and
# search times at 1,000, 10,000 and 100,000 dispatches, and how long the checks took.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null
fi
if ! python3 -c 'import selenium' 2>/dev/null; then
    python3 -m pip install -q selenium 2>/dev/null || python3 -m pip install -q --break-system-packages selenium
fi
# .ci/run installs them first, beside the builds, since the download waits on the network.
[ "${1:-}" = --install-only ] && exit 0

# The same flags as the console host gates of .ci/run, so its build is reused.
flags=(--enable-code-coverage -Xswiftc -warnings-as-errors -Xswiftc -require-explicit-sendable)
swift build "${flags[@]}" --product ConsoleHost >/dev/null
bin="$(swift build "${flags[@]}" --show-bin-path)"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The committed scripted session with Stock detached before one more add-to-cart, so that the page
# holds a message nobody handled (the session's own memory warning is sent quietly), and the same
# with `describe` replaced by `refresh`.
session="$work/session.txt"
sed 's/^memory-warning$/detach stock\nadd-to-cart\nmemory-warning/' .ci/shop-session.txt >"$session"
grep -qx "detach stock" "$session" || { echo "browser.sh: no memory-warning step to put the detach before" >&2; exit 1; }
sed 's/^describe$/refresh/' "$session" >"$work/variant.txt"
cmp -s "$session" "$work/variant.txt" && { echo "browser.sh: the variant changed no step of $session" >&2; exit 1; }
"$bin/ConsoleHost" --inspect "$work/shop.html" --save-recording "$work/shop.jsonl" <"$session" >/dev/null 2>"$work/said"
# ConsoleHost says where it wrote the page.
grep -qF "wrote the inspector page to file://$work/shop.html" "$work/said" \
    || { echo "browser.sh: ConsoleHost did not print the page's path:" >&2; cat "$work/said" >&2; exit 1; }
"$bin/ConsoleHost" --save-recording "$work/variant.jsonl" <"$work/variant.txt" >/dev/null
"$bin/ConsoleHost" --compare "$work/shop.jsonl" "$work/variant.jsonl" --inspect "$work/compare.html"
INSPECTOR_PAGE="$work/shop.html" INSPECTOR_COMPARE="$work/compare.html" INSPECTOR_COMMANDS="$(grep -cv -e "^[[:space:]]*$" -e "^[[:space:]]*#" "$session")" \
    python3 Tests/Browser/test_inspector.py
