"""Recordings for the inspector page: read from a page, generated at a given size or written by
hand for one check, and pages made from them by swapping the recording blocks of a page the Swift
code wrote (so every page tested uses the template, script and policy the library ships)."""

import json
import random
import re


def block(name):
    return re.compile(r'(<script type="application/x-ndjson" id="%s">\n)(.*?)(\n</script>)' % name, re.S)


BLOCK = block("recording")


def read_recording(html, name="recording"):
    """The recording's lines (header first) embedded in a page."""
    match = block(name).search(html)
    if not match:
        raise ValueError("no recording block %r in the page" % name)
    return [json.loads(line) for line in match.group(2).splitlines() if line.strip()]


def encoded(lines):
    return "\n".join(json.dumps(line, separators=(",", ":")) for line in lines)


def page_with_text(html, text, name="recording"):
    """The same page with another recording's text, escaped as the library escapes it."""
    text = text.replace("<", "\\u003c")
    pattern = block(name)
    if not pattern.search(html):
        raise ValueError("no recording block %r in the page" % name)
    return pattern.sub(lambda match: match.group(1) + text + match.group(3), html, count=1)


def page_with(html, lines):
    """The same page with another recording."""
    return page_with_text(html, encoded(lines))


def comparison_with(html, first, second):
    """The comparison page with two other recordings."""
    return page_with_text(page_with_text(html, encoded(first), "recording-a"), encoded(second), "recording-b")


HEADER = {"format": "bckit-inspector", "version": 2, "timestamps": True}


def owner_line(seq, owner_id, name, controllers, parent_id=None, change="recorded", subject=None, subject_id=None,
               state="appeared", parent=None, at=None):
    line = {"seq": seq, "type": "owner", "parent": parent, "change": change, "subject": subject,
            "subjectID": subject_id, "ownerID": owner_id, "owner": name, "parentID": parent_id, "state": state,
            "controllers": controllers}
    if at is not None:
        line["at"] = at
    return line


def dispatch_line(seq, owner_id, owner, conversation, sender, receivers, parent=None, kind="send", message=None,
                  at=None, duration=None, **flags):
    """A dispatch; `sender` and each receiver are (id, name) pairs, a receiver with a third item
    False ignored it."""
    line = {"seq": seq, "type": "dispatch", "parent": parent, "kind": kind, "owner": owner, "ownerID": owner_id,
            "conversation": conversation, "message": message, "sender": sender[1] if sender else None,
            "senderID": sender[0] if sender else None, "scope": "local",
            "receivers": [{"name": r[1], "id": r[0], "handled": r[2] if len(r) > 2 else True} for r in receivers]}
    line["unhandled"] = kind != "lifecycle" and not any(r["handled"] for r in line["receivers"])
    line.update(flags)
    if at is not None:
        line["at"] = at
    if duration is not None:
        line["duration"] = duration
    return line


def generated(dispatches, controllers=60, seed=23, long_names=False):
    """A recording of `dispatches` dispatches over three owners nested in each other (Root, Middle
    inside Root, Leaf inside Middle), `controllers` controllers spread over them, chains of three
    dispatches each nested in the one before, a marker every 100 dispatches, and times."""
    rng = random.Random(seed)
    suffix = "WithAVeryLongNameThatWillNotFitInItsRowAtAll" if long_names else ""
    names = ["Controller%02d%s" % (index, suffix) for index in range(controllers)]
    conversations = ["Conversation%02d" % index for index in range(12)]
    owners = ["Root", "Middle", "Leaf"]
    share = controllers // 3
    ids = {name: index + 1 for index, name in enumerate(names)}
    lines = [dict(HEADER)]
    seq = 0
    at = 0
    for index, owner in enumerate(owners):
        seq += 1
        members = [{"id": ids[name], "name": name, "state": "appeared"} for name in names[index * share:(index + 1) * share]]
        if index < 2:
            members.append({"id": 1000 + index, "name": owners[index + 1], "state": "appeared", "ownerID": index + 2})
        lines.append(owner_line(seq, index + 1, owner, members, parent_id=index or None, at=at))
    made = 0
    while made < dispatches:
        if made % 100 == 0:
            seq += 1
            lines.append({"seq": seq, "type": "marker", "parent": None, "at": at, "label": "step %d" % (made // 100),
                          "owner": "Root", "ownerID": 1})
        parent = None
        chain = min(3, dispatches - made)
        durations = sorted((rng.randint(2, 400) for _ in range(chain)), reverse=True)
        for depth in range(chain):
            seq += 1
            owner_index = rng.randrange(3)
            local = names[owner_index * share:(owner_index + 1) * share]
            count = 0 if rng.random() < 0.05 else rng.choice([1, 1, 2, 3, 5, 9])
            receivers = [(ids[name], name, rng.random() > 0.1) for name in rng.sample(local, count)]
            sender = rng.choice(local)
            lines.append(dispatch_line(seq, owner_index + 1, owners[owner_index], rng.choice(conversations),
                                       (ids[sender], sender), receivers, parent=parent, at=at + depth,
                                       duration=durations[depth]))
            parent = seq
            made += 1
        at += durations[0] + rng.randint(1, 50)
    return lines


def small_screen():
    """A hand-written screen for the checks that need a case the shop does not have: two owners
    with a controller of the same name each, a sender that also receives, a retained message
    replaced, a detach, a marker and a diagnostic about a dispatch."""
    a = [{"id": 1, "name": "Services", "state": "appeared"}, {"id": 2, "name": "Echo", "state": "appeared"},
         {"id": 3, "name": "Badge", "state": "appeared"}, {"id": 10, "name": "Child", "state": "appeared", "ownerID": 2}]
    b = [{"id": 4, "name": "Services", "state": "appeared"}, {"id": 5, "name": "Echo", "state": "appeared"}]
    lines = [dict(HEADER, timestamps=True)]
    lines.append(owner_line(1, 1, "Parent", a, at=0))
    lines.append(owner_line(2, 2, "Child", b, parent_id=1, at=1))
    lines.append({"seq": 3, "type": "marker", "parent": None, "at": 2, "label": "user taps add", "owner": "Parent",
                  "ownerID": 1})
    # Echo (id 2) sends and also hears its own conversation; Services of Child (id 4) hears it.
    lines.append(dispatch_line(4, 1, "Parent", "EchoConversation", (2, "Echo"), [(2, "Echo"), (1, "Services", False)],
                               at=3, duration=40))
    lines.append(dispatch_line(5, 2, "Child", "ServiceConversation", (5, "Echo"), [(4, "Services")], parent=None, at=50,
                               duration=5))
    lines.append(dispatch_line(6, 1, "Parent", "CartConversation", (3, "Badge"), [(2, "Echo")], message="changed(count:)",
                               retained=True, at=60, duration=7))
    lines.append(dispatch_line(7, 1, "Parent", "CartConversation", (3, "Badge"), [(2, "Echo")], message="changed(count:)",
                               retained=True, at=70, duration=9))
    lines.append(dispatch_line(8, 1, "Parent", "NobodyConversation", (3, "Badge"), [], at=80, duration=1))
    lines.append({"seq": 9, "type": "diagnostic", "parent": None, "at": 81, "owner": "Parent", "ownerID": 1,
                  "dispatch": 8, "text": "NobodyConversation reached nobody"})
    lines.append(owner_line(10, 1, "Parent", [c for c in a if c["id"] != 3], change="detached", subject="Badge",
                            subject_id=3, at=90))
    lines.append(owner_line(11, 2, "Child", [dict(c, state="disappearing") for c in b], change="lifecycle",
                            subject="will-disappear", state="disappearing", at=95))
    # Badge again, a new controller with a new number.
    lines.append(owner_line(12, 1, "Parent", [c for c in a if c["id"] != 3] + [{"id": 6, "name": "Badge",
                                                                               "state": "appeared"}],
                            change="attached", subject="Badge", subject_id=6, at=99))
    return lines


def broken(kind, good):
    """The text of one of the nine broken recordings of issue 34, made from the lines of a good one
    (header first): (text, what the page must do, the line it must name or skip)."""
    header, body = good[0], good[1:]
    text = lambda lines: encoded(lines) + "\n"
    if kind == "empty":
        return "", "error", 1
    if kind == "no header":
        return text(body), "error", 1
    if kind == "last line truncated":
        whole = text([header] + body)
        return whole[:-25], "skip", len(body) + 1
    if kind == "corrupt line in the middle":
        middle = len(body) // 2
        lines = [encoded([line]) for line in [header] + body]
        lines[middle + 1] = "{#" + lines[middle + 1][1:]
        return "\n".join(lines) + "\n", "skip", middle + 2
    if kind == "not JSON":
        return "this is not a recording\nat all\n", "error", 1
    if kind == "receivers null":
        middle = next(index for index, line in enumerate(body) if line["type"] == "dispatch")
        lines = [header] + body
        lines[middle + 1] = dict(lines[middle + 1], receivers=None)
        return text(lines), "skip", middle + 2
    if kind == "header only":
        return text([header]), "empty", None
    if kind == "newer version":
        return text([dict(header, version=header["version"] + 1)] + body), "newer", None
    if kind == "owners each other's parent":
        lines = [header,
                 owner_line(1, 1, "Left", [{"id": 1, "name": "Right", "state": "appeared", "ownerID": 2}], parent_id=2),
                 owner_line(2, 2, "Right", [{"id": 2, "name": "Left", "state": "appeared", "ownerID": 1}], parent_id=1)]
        return text(lines), "loop", None
    raise ValueError(kind)


BROKEN = ["empty", "no header", "last line truncated", "corrupt line in the middle", "not JSON", "receivers null",
          "header only", "newer version", "owners each other's parent"]


def comparison_pair():
    """Two recordings of one screen that differ in four ways, in this order: a message only the
    second sends, a different set of receivers, two messages in a different order, and a different
    tree. The second also has other times, durations, seq numbers and identities, which alignment
    ignores."""
    def recording(second):
        shift = 100 if second else 0
        lines = [dict(HEADER)]
        seq = shift
        def add(line):
            nonlocal seq
            seq += 1
            line["seq"] = seq
            if "at" in line:
                line["at"] = line["at"] * (3 if second else 1)
            if "duration" in line:
                line["duration"] = line["duration"] + (7 if second else 0)
            lines.append(line)
        ident = (lambda n: n + 50) if second else (lambda n: n)
        controllers = [{"id": ident(1), "name": "Header", "state": "appeared"},
                       {"id": ident(2), "name": "Price", "state": "appeared"},
                       {"id": ident(3), "name": "Stock", "state": "appeared"}]
        add(owner_line(0, ident(1), "Goods", controllers, at=0))
        send = lambda conversation, receivers, at: dispatch_line(
            0, ident(1), "Goods", conversation, (ident(1), "Header"),
            [(ident(n), name) for n, name in receivers], at=at, duration=3)
        add(send("GoodsConversation", [(2, "Price"), (3, "Stock")], 1))
        if second:
            add(send("RefreshConversation", [(2, "Price")], 2))
        add(send("FillerZeroConversation", [(2, "Price")], 2))
        add(send("CartConversation", [(3, "Stock")] if not second else [(2, "Price"), (3, "Stock")], 3))
        add(send("FirstConversation", [(2, "Price")], 4))
        add(send("SecondConversation", [(3, "Stock")], 5))
        add(send("FillerConversation", [(2, "Price")], 6))
        add(send("LaterConversation", [(2, "Price")], 7))
        add(send("FillerTwoConversation", [(3, "Stock")], 8))
        order = ["FirstConversation", "SecondConversation"]
        if second:
            order.reverse()
        for index, name in enumerate(order):
            add(send(name + "Again", [(2, "Price")], 9 + index))
        add(send("FillerThreeConversation", [(3, "Stock")], 11))
        kept = controllers if not second else controllers[:2]
        add(owner_line(0, ident(1), "Goods", kept, change="detached", subject="Stock", at=12))
        add(send("LastConversation", [(2, "Price")], 13))
        return lines
    return recording(False), recording(True)
