#!/usr/bin/env bash
# The relay plugin as a user's package uses it (Tests/RelayPluginFixture, depending on this one by
# path). Proves three things, each quoted from the compiler:
#   1. the clean fixture builds with no warning, and its program prints what the generated relays
#      deliver (every one-call form, a retained message replayed to a late controller, a quiet one
#      not reported);
#   2. a misspelled handler, in an extension of its own where swiftc says nothing, is a warning at
#      its file and line, and so is one with a message's exact name but another parameter type;
#      so are a business controller's misspelled lifecycle callback, one with a callback's exact name
#      but another signature, a view controller's callback pasted in its place, a subclass's callback
#      that its conforming superclass leaves to the default, a stored `owner` that is not `weak`
#      and a restorable controller's misspelled `savedStateKey`; and so is a misspelled `/// - Retained` or `/// - Quiet`, while one
#      written after an attribute line still retains its message; an overload beside its handler, a
#      code block's line and a parameter's item are left alone;
#   3. a declaration the plugin cannot relay, two retained overloads sharing one retained name, a
#      message named like one of the center's own members, and one message declared by two
#      conversations each fail the build with an error at its file and line.
# One scratch folder (.build-plugin-fixture) serves the builds, so the variants recompile only
# the fixture's targets. Each variant is one file written here and removed on exit.
set -euo pipefail
cd "$(dirname "$0")/../Tests/RelayPluginFixture"
scratch=../../.build-plugin-fixture
misspelled=Sources/CartScreen/Misspelled.swift
unrelayable=Sources/CartKit/Unrelayable.swift
trap 'rm -f "$misspelled" "$unrelayable"' EXIT
rm -f "$misspelled" "$unrelayable"
build() { swift build --scratch-path "$scratch" 2>&1; }
# expect: the build output, the place (file:line:) and the diagnostic it must print there; prints
# the compiler's line once (swiftc reports a diagnostic from each of its jobs).
expect() {
    local line
    line=$(grep -F -- "$3" <<<"$1" | grep -F -- "$2" | head -n 1) || true
    if [[ -z $line ]]; then
        printf '%s\n' "$1"
        echo "FAIL: the build did not print, at $2, $3"
        exit 1
    fi
    printf '%s\n' "$line"
}

echo "-- 1. the clean fixture"
touch Sources/*/*.swift  # its own targets compile again, so their warnings show on a warm scratch folder
out=$(build) || { printf '%s\n' "$out"; echo "FAIL: the clean fixture does not build"; exit 1; }
if grep -E "warning:|error:" <<<"$out"; then echo "FAIL: the clean fixture printed a warning"; exit 1; fi
ran=$("$(swift build --scratch-path "$scratch" --show-bin-path)/FixtureRun")
diff -u - <(printf '%s\n' "$ran") <<'TEXT'
title: first's cart
unhandled: CartConversation.cartOwnerName
owner: none
picked
first cartDidChange(1)
first cartDidChange(2)
first validateCart
first saveCart
first cartDidPick(tea)
first stockDidChange(3)
first checkoutDidStart(["tea", "mat"])
first legacyDidHappen
first cartWasClear
late cartDidChange(2)
TEXT
echo "clean: no warning; the program heard every form"

echo "-- 2. a misspelled handler"
cat >"$misspelled" <<'SWIFT'
import CartKit

// A handler misspelled in an extension of its own, where the compiler says nothing. (Beside the
// message's real handler it would be an overload, which is not flagged: the badge handles
// `cartDidChange(count:)` but not `cartWasCleared()`.)
extension BadgeController {
    public func cartWasCleard() { hear("cartWasCleard") }
    public func cartDidChange(count: Int, animated: Bool) { cartDidChange(count: count) }
}
SWIFT
out=$(build) || { printf '%s\n' "$out"; echo "FAIL: a misspelled handler broke the build"; exit 1; }
expect "$out" "$misspelled:7:" \
    "warning: method \`cartWasCleard()\` nearly matches \`cartWasCleared()\` of \`CartConversation\`"
if grep -E "$misspelled:8:.*warning" <<<"$out"; then echo "FAIL: an overload beside its handler was flagged"; exit 1; fi
rm -f "$misspelled"

echo "-- 2b. a handler with a message's name and another parameter type"
cat >"$misspelled" <<'SWIFT'
import CartKit

// The message's exact name, but a parameter type that does not witness it: the default runs.
extension BadgeController {
    public func cartDidSync(with url: String) { hear("cartDidSync(\(url))") }
}
SWIFT
out=$(build) || { printf '%s\n' "$out"; echo "FAIL: a mismatched handler broke the build"; exit 1; }
expect "$out" "$misspelled:5:" \
    "warning: method \`cartDidSync(with:)\` has the name of \`cartDidSync(with:)\` of \`CartConversation\`, which \`BadgeController\` speaks, but not its signature (parameter \`with\` is \`String\` where the message has \`URL\`)"
rm -f "$misspelled"

echo "-- 2c. a business controller's misspelled callback, a view controller's one, a callback's name with another"
echo "       signature, a subclass callback its superclass leaves to the default, a strong owner, a misspelled key"
cat >"$misspelled" <<'SWIFT'
import BCKit

// Compiles without a word from swiftc: the callbacks are defaulted, and `owner` needs no `weak`.
final class LeakyController: BusinessController {
    var owner: Owner?
    func ownerDidApear() {}
    func viewWillDisappear() {}
    func didAttach(to owner: Owner?) {}
}

class BaseController: BusinessController {
    weak var owner: Owner?
}

final class SubController: BaseController {
    func ownerDidLoad() {}
}

final class DraftKeeper: RestorableController {
    weak var owner: Owner?
    let saveStateKey = "Draft"
    func saveState() -> String? { nil }
    func restoreState(_ state: String) {}
}
SWIFT
out=$(build) || { printf '%s\n' "$out"; echo "FAIL: a misspelled callback broke the build"; exit 1; }
expect "$out" "$misspelled:5:" \
    "warning: property \`owner\` of \`LeakyController\` is a strong reference, and the owner holds its controllers, so each keeps the other alive: a screen dropped without \`tearDown()\` is never freed; declare it \`weak var owner: Owner?\`"
expect "$out" "$misspelled:6:" \
    "warning: method \`ownerDidApear()\` nearly matches \`ownerDidAppear()\` of \`BusinessController\`, which \`LeakyController\` conforms to, so the kit never calls it: declare it \`func ownerDidAppear()\`"
expect "$out" "$misspelled:7:" \
    "warning: method \`viewWillDisappear()\` is a view controller's callback, which \`BusinessController\` names \`ownerWillDisappear()\`, so the kit never calls it on \`LeakyController\`: declare it \`func ownerWillDisappear()\`"
expect "$out" "$misspelled:8:" \
    "warning: method \`didAttach(to:)\` has the name of \`didAttach(to:)\` of \`BusinessController\`, which \`LeakyController\` conforms to, but not its signature (parameter \`to\` is \`Owner?\` where the callback has \`Owner\`), so the kit never calls it: declare it \`func didAttach(to owner: Owner)\`"
expect "$out" "$misspelled:16:" \
    "warning: method \`ownerDidLoad()\` of \`SubController\` has the name of \`ownerDidLoad()\` of \`BusinessController\`, which \`SubController\` conforms to through its superclass \`BaseController\`; \`BaseController\` leaves it to the default implementation"
expect "$out" "$misspelled:21:" \
    "warning: property \`saveStateKey\` nearly matches \`savedStateKey\` of \`RestorableController\`, which \`DraftKeeper\` conforms to, so its piece is saved under the type's name"
rm -f "$misspelled"

echo "-- 2d. a misspelled marker, and a marker written after an attribute"
cat >"$unrelayable" <<'SWIFT'
public import BCKit

public protocol DraftConversation: Conversation {
    /// Kept for controllers attached later, or so its author thought.
    /// - Retain
    func draftDidChange(_ text: String)
    /// - Qiet
    func draftDidAutosave()
    @available(*, deprecated)
    /// - Retained
    func draftDidOpen(id: Int)
    /// Closes the draft.
    ///
    /// ```text
    /// - Retain
    /// ```
    ///
    /// - Parameters:
    ///   - retained: Whether the draft is kept.
    ///   - quiet: Whether nobody is told.
    func draftDidClose(retained: Bool, quiet: Bool)
}
SWIFT
out=$(build) || { printf '%s\n' "$out"; echo "FAIL: a misspelled marker broke the build"; exit 1; }
expect "$out" "$unrelayable:5:" \
    "warning: \`- Retain\` is not a marker the relay plugin knows, so \`draftDidChange(_:)\` is not retained: write \`/// - Retained\`, or reword the line"
expect "$out" "$unrelayable:7:" \
    "warning: \`- Qiet\` is not a marker the relay plugin knows, so \`draftDidAutosave()\` is not quiet: write \`/// - Quiet\`, or reword the line"
if grep -E "$unrelayable:(9|10|11):.*warning" <<<"$out"; then echo "FAIL: the marker after an attribute was not read"; exit 1; fi
if grep -E "$unrelayable:(1[2-9]|2[0-9]):.*warning" <<<"$out"; then
    echo "FAIL: a code block's line or a parameter's item was taken for a marker"
    exit 1
fi
relays=$(find "$scratch" -name 'CartKit+Relays.swift' -newer "$unrelayable" | head -n 1)
grep -q 'relayRetained((any DraftConversation).self, message: "draftDidOpen(id:)")' "$relays" \
    || { echo "FAIL: the marker after an attribute did not retain draftDidOpen(id:)"; exit 1; }
rm -f "$unrelayable"

echo "-- 3. a declaration the plugin cannot relay"
cat >"$unrelayable" <<'SWIFT'
public import BCKit

/// A question whose answer is not Optional, which no one-call relay carries.
public protocol CartTotalQuery: Conversation {
    func cartTotal() -> Int
}

/// Two retained overloads: the kit keeps a retained message by its name, which they share.
public protocol PriceConversation: Conversation {
    /// - Retained
    func priceDidChange(_ cents: Int)
    /// - Retained
    func priceDidChange(_ label: String)
}
SWIFT
if out=$(build); then printf '%s\n' "$out"; echo "FAIL: an unrelayable declaration built"; exit 1; fi
expect "$out" "$unrelayable:5:" \
    "error: a message returns nothing, or an Optional for the first answer: write \`-> Int?\`; to collect every answer, ask explicitly with \`center.all((any CartTotalQuery).self) { \$0.cartTotal() }\`"
expect "$out" "$unrelayable:13:" \
    "error: a retained message is kept by its name, and \`priceDidChange(_:)\` also names the retained \`func priceDidChange(_ cents: Int)\` on line 11"
if grep -E "does not conform|add stubs" <<<"$out"; then echo "FAIL: the generated file added its own errors"; exit 1; fi
rm -f "$unrelayable"

echo "-- 3b. a message named like the center's own member, and one message in two conversations"
cat >"$unrelayable" <<'SWIFT'
public import BCKit

/// `dismiss()` is the center's host service: the center's member would take every call.
public protocol SheetConversation: Conversation {
    func dismiss()
    func dismiss(animated: Bool)
}

/// Two conversations of one target that declare the same message.
public protocol ListConversation: Conversation {
    func refresh()
}

public protocol GridConversation: Conversation {
    func refresh()
}
SWIFT
if out=$(build); then printf '%s\n' "$out"; echo "FAIL: a message taken by the center built"; exit 1; fi
expect "$out" "$unrelayable:5:" \
    "error: \`dismiss()\` is \`CommunicationCenter\`'s own \`dismiss()\`, which takes every call on the center, so its relay could never reach a controller: rename the message"
expect "$out" "$unrelayable:15:" \
    "error: \`refresh()\` is also a message of \`ListConversation\` (Unrelayable.swift:11), and the center, which speaks both, can relay only one \`refresh()\`: rename one of them"
if grep -E "$unrelayable:6:.*error|does not conform|add stubs|ambiguous" <<<"$out"; then
    echo "FAIL: an overload was refused, or the generated file added its own errors"
    exit 1
fi
rm -f "$unrelayable"
echo "plugin gate passed"
