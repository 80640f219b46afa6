"""Recordings for the inspector page: read from a page, generated at a given size, and pages made
from them by swapping the recording block of a page the Swift code wrote (so every page tested
uses the template the library ships)."""

import json
import random
import re

BLOCK = re.compile(r'(<script type="application/x-ndjson" id="recording">\n)(.*?)(\n</script>)', re.S)


def read_recording(html):
    """The recording's lines (header first) embedded in a page."""
    match = BLOCK.search(html)
    if not match:
        raise ValueError("no recording block in the page")
    return [json.loads(line) for line in match.group(2).splitlines() if line.strip()]


def page_with(html, lines):
    """The same page with another recording, escaped as the library escapes it."""
    text = "\n".join(json.dumps(line, separators=(",", ":")) for line in lines)
    text = text.replace("<", "\\u003c")
    return BLOCK.sub(lambda match: match.group(1) + text + match.group(3), html, count=1)


def generated(dispatches, controllers=60, seed=23):
    """A recording of `dispatches` dispatches over three owners nested in each other (Root, Middle
    inside Root, Leaf inside Middle), `controllers` controllers spread over them, and chains of
    three dispatches, each nested in the one before."""
    rng = random.Random(seed)
    names = ["Controller%02d" % index for index in range(controllers)]
    conversations = ["Conversation%02d" % index for index in range(12)]
    owners = ["Root", "Middle", "Leaf"]
    share = controllers // 3
    lines = [{"format": "bckit-inspector", "version": 1, "timestamps": False}]
    seq = 0
    for index, owner in enumerate(owners):
        seq += 1
        members = [{"name": name, "state": "appeared"} for name in names[index * share:(index + 1) * share]]
        if index < 2:
            members.append({"name": owners[index + 1], "state": "appeared", "ownerID": index + 2})
        lines.append({"seq": seq, "type": "owner", "parent": None, "change": "recorded", "subject": None,
                      "ownerID": index + 1, "owner": owner, "parentID": index or None, "state": "appeared",
                      "controllers": members})
    made = 0
    while made < dispatches:
        parent = None
        for depth in range(min(3, dispatches - made)):
            seq += 1
            owner_index = rng.randrange(3)
            local = names[owner_index * share:(owner_index + 1) * share]
            receivers = [] if rng.random() < 0.05 else rng.sample(local, rng.randint(1, 5))
            handled = [{"name": name, "handled": rng.random() > 0.1} for name in receivers]
            lines.append({"seq": seq, "type": "dispatch", "parent": parent, "kind": "send",
                          "owner": owners[owner_index], "conversation": rng.choice(conversations),
                          "message": None, "sender": rng.choice(local), "scope": "local",
                          "receivers": handled, "unhandled": not any(r["handled"] for r in handled)})
            parent = seq
            made += 1
    return lines
