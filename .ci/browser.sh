#!/usr/bin/env bash
# The inspector page in a real browser (issue 23): installs what is missing (Debian's chromium and
# chromium-driver, Selenium from PyPI), writes the page of the console shop's scripted session
# with `ConsoleHost --inspect`, and drives it in headless Chromium (Tests/Browser). Prints the
# render and filter times and the page size per dispatch at 100, 1,000 and 10,000 dispatches.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null
fi
if ! python3 -c 'import selenium' 2>/dev/null; then
    python3 -m pip install -q selenium 2>/dev/null || python3 -m pip install -q --break-system-packages selenium
fi

# The same flags as the console host gates of .ci/run, so its build is reused.
flags=(--enable-code-coverage -Xswiftc -warnings-as-errors)
swift build "${flags[@]}" --product ConsoleHost >/dev/null
bin="$(swift build "${flags[@]}" --show-bin-path)"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf "%s\n" help routes "open shop://goods/detail/42" add-to-cart login "open shop://cart" back \
    cart back memory-warning describe graph not-a-command quit \
    | "$bin/ConsoleHost" --inspect "$work/shop.html" >/dev/null
INSPECTOR_PAGE="$work/shop.html" python3 Tests/Browser/test_inspector.py
