// The page's script, one for both pages (one recording, two compared), so the page's
// Content-Security-Policy allows exactly this text by its SHA-256 digest and nothing else runs.
//
// It reads the recording line by line (a bad line is skipped and counted, never a blank page),
// builds what each moment needs once, and draws only what is on screen: the timeline is a
// virtual list of fixed-height rows, so 100,000 dispatches cost what 50 do once loaded.

extension InspectorPage {
    static let script = #"""
        "use strict";
        (() => {
        const started = performance.now();
        const root = document.documentElement;
        const $ = (id) => document.getElementById(id);
        const esc = (text) => String(text).replace(/[&<>"']/g, (c) => "&#" + c.charCodeAt(0) + ";");
        // Text longer than `room` cut to fit, with an ellipsis: by characters, since a cut inside
        // an emoji's surrogate pair leaves half of it, on which Chromium has crashed. A text no
        // longer than `room` in UTF-16 units is no longer in characters, so only long ones split.
        const shorten = (text, room) => {
          if (text.length <= room) return text;
          const characters = Array.from(text);
          return characters.length > room ? characters.slice(0, room - 1).join("") + "\u2026" : text;
        };
        const number = (value) => value.toLocaleString("en-US");
        const SUPPORTED = 2;
        const ROW = 22;
        const KINDS = [["message", "messages"], ["query", "queries"], ["lifecycle", "lifecycle"], ["tree", "tree changes"],
          ["task", "tasks"], ["diagnostic", "diagnostics"], ["marker", "markers"], ["other", "other"]];

        // MARK: Reading a recording

        // A recording is read line by line: a header, then events. A line that cannot be read is
        // skipped and counted; only a missing or unreadable header stops the page.
        function readRecording(text, label) {
          const out = { events: [], skipped: [], notes: [], fatal: null, version: 1 };
          const named = label ? "Recording " + label + ": " : "";
          // The block's text starts after its opening line break. The header is the first line
          // that is not blank; each line after it is an event.
          const source = text.replace(/^\r?\n/, "").trimEnd();
          const start = source.search(/\S/);
          if (start < 0) {
            out.fatal = named + "line 1: the recording is empty. A recording starts with a header line such as " +
              '{"format":"bckit-inspector","version":2}; InspectorRecorder writes one.';
            return out;
          }
          let first = 1;
          for (let at = source.indexOf("\n"); at >= 0 && at < start; at = source.indexOf("\n", at + 1)) first += 1;
          const headerEnd = source.indexOf("\n", start) < 0 ? source.length : source.indexOf("\n", start);
          let header;
          try {
            header = JSON.parse(source.slice(start, headerEnd));
          } catch (error) {
            out.fatal = named + "line " + first + " is not JSON (" + error.message + "), so the recording has no " +
              "readable header. Open a recording written by InspectorRecorder (JSON Lines).";
            return out;
          }
          if (!header || typeof header !== "object" || Array.isArray(header) || header.format !== "bckit-inspector") {
            out.fatal = named + "line " + first + " is not a BCKit Inspector header: a recording starts with " +
              '{"format":"bckit-inspector",...}. Was its first line cut off, or is this another file?';
            return out;
          }
          if (Number.isInteger(header.version) && header.version >= 1) out.version = header.version;
          else out.notes.push(named + "the header has no version; it is read as version 1.");
          if (out.version > SUPPORTED) {
            out.notes.push(named + "this recording is version " + out.version + ", newer than this page, which reads versions 1 to " +
              SUPPORTED + ". It shows what it can; make the page with the BCKitInspector that wrote the recording to see everything.");
          }
          out.timestamps = header.timestamps !== false;
          // Every line at once is the fast path (no JSON string holds a raw line break, so each
          // one ends an event); only when that fails is each line read alone, to find and skip
          // the bad ones.
          const body = headerEnd < source.length ? source.slice(headerEnd + 1) : "";
          let count = body === "" ? 0 : 1;
          for (let at = body.indexOf("\n"); at >= 0; at = body.indexOf("\n", at + 1)) count += 1;
          let parsed = null;
          try {
            parsed = JSON.parse("[" + body.replaceAll("\n", ",") + "]");
            if (parsed.length !== count) parsed = null;
          } catch (error) {
            parsed = null;
          }
          const lines = parsed ? null : body.split("\n");
          for (let position = 0; position < count; position++) {
            const line = first + 1 + position;
            let event;
            if (parsed) event = parsed[position];
            else {
              if (lines[position].trim() === "") continue;
              try {
                event = JSON.parse(lines[position]);
              } catch (error) {
                out.skipped.push({ line, why: position === count - 1 ? "cut off: the recording ends mid-line" : "not JSON" });
                continue;
              }
            }
            const problem = invalid(event);
            if (problem) { out.skipped.push({ line, why: problem }); continue; }
            event.line = line;
            out.events.push(event);
          }
          // In the order events started; of two lines with one seq, the first is kept.
          out.events.sort((a, b) => a.seq - b.seq || a.line - b.line);
          let kept = 0;
          for (let index = 0; index < out.events.length; index++) {
            const event = out.events[index];
            if (kept > 0 && out.events[kept - 1].seq === event.seq) { out.skipped.push({ line: event.line, why: "repeats seq " + event.seq }); continue; }
            out.events[kept++] = event;
          }
          out.events.length = kept;
          out.skipped.sort((a, b) => a.line - b.line);
          if (out.skipped.length) {
            const some = out.skipped.slice(0, 5).map((skip) => "line " + skip.line + " (" + skip.why + ")").join(", ");
            out.notes.push(named + "skipped " + out.skipped.length + " unreadable line" + (out.skipped.length === 1 ? "" : "s") +
              ": " + some + (out.skipped.length > 5 ? ", ..." : "") + ". Everything else is shown.");
          }
          if (!out.events.length) {
            out.notes.push(named + (out.skipped.length ? "no event could be read." : "the recording has a header and no events: nothing was recorded."));
          }
          return out;
        }

        // Plain loops, no closures: this runs once per line, 100,000 times for a long session.
        function invalid(event) {
          if (event === null || typeof event !== "object" || Array.isArray(event)) return "not an object";
          if (!Number.isInteger(event.seq)) return "no seq number";
          if (typeof event.type !== "string") return "no type";
          if (event.parent !== undefined && event.parent !== null && !Number.isInteger(event.parent)) return "its parent is not a number";
          if (event.type === "dispatch") {
            if (typeof event.conversation !== "string") return "a dispatch without a conversation";
            if (!named(event.receivers)) return "a dispatch whose receivers are not a list of names";
          } else if (event.type === "owner") {
            if (!Number.isInteger(event.ownerID)) return "an owner line without an ownerID";
            if (!named(event.controllers)) return "an owner line whose controllers are not a list of names";
          }
          return null;
        }

        function named(list) {
          if (!Array.isArray(list)) return false;
          for (let index = 0; index < list.length; index++) {
            const item = list[index];
            if (item === null || typeof item !== "object" || typeof item.name !== "string") return false;
          }
          return true;
        }

        // MARK: The model of a recording

        function categoryOf(event) {
          switch (event.type) {
            case "dispatch":
              if (event.kind === "send" || event.kind === "replay") return "message";
              if (event.kind === "query" || event.kind === "gather") return "query";
              if (event.kind === "lifecycle") return "lifecycle";
              return "other";
            case "owner": return "tree";
            case "task": return "task";
            case "diagnostic": return "diagnostic";
            case "marker": return "marker";
            default: return "other";
          }
        }

        // Everything each moment needs, built once: identities, nesting, what each event caused,
        // each owner's snapshots, who speaks what, and who talks to whom per owner.
        function buildModel(read) {
          const events = read.events;
          const model = { events, read, bySeq: new Map(), labels: new Map(), ownerNames: new Map(), snapshots: new Map(),
            speaks: new Map(), edges: new Map(), timed: false, counts: {}, loops: new Set() };
          const ownerByName = new Map();
          const keyByName = new Map();
          const localKeys = new Map();
          const lastRetained = new Map();
          const conversations = new Map();
          const speak = (key, conversation) => {
            let spoken = model.speaks.get(key);
            if (spoken === undefined) model.speaks.set(key, spoken = new Set());
            spoken.add(conversation);
          };
          const label = (key, name, owner) => { if (!model.labels.has(key)) model.labels.set(key, { name, owner }); };
          // One string per number, so every lookup of a controller's key hashes a string once.
          const numbered = new Map();
          const idKey = (id) => { let key = numbered.get(id); if (key === undefined) numbered.set(id, key = "#" + id); return key; };
          const controllerKey = (ownerID, controller) => Number.isInteger(controller.id) ? idKey(controller.id) : ownerID + "/" + controller.name;
          // A line that names a controller without its number (version 1, or a kit that gives no
          // identities) is matched by name in its owner first, then anywhere.
          const resolve = (ownerID, name) => localKeys.get(ownerID + "/" + name) || keyByName.get(name) || ownerID + "/" + name;
          for (const [kind] of KINDS) model.counts[kind] = 0;
          for (let index = 0; index < events.length; index++) {
            const event = events[index];
            event.i = index;
            const parent = event.parent === null || event.parent === undefined ? undefined : model.bySeq.get(event.parent);
            event.depth = parent ? Math.min(parent.depth + 1, 64) : 0;
            model.bySeq.set(event.seq, event);
            // Only a member that is there and wrong is cleared: adding one to 100,000 objects costs.
            if (event.at !== undefined && !Number.isFinite(event.at)) event.at = undefined;
            if (event.duration !== undefined && !Number.isFinite(event.duration)) event.duration = undefined;
            event.cat = categoryOf(event);
            model.counts[event.cat] += 1;
            if (event.type === "owner") {
              const name = String(event.owner);
              model.ownerNames.set(event.ownerID, name);
              ownerByName.set(name, event.ownerID);
              if (!model.snapshots.has(event.ownerID)) model.snapshots.set(event.ownerID, []);
              model.snapshots.get(event.ownerID).push(event);
              for (const controller of event.controllers) {
                controller.key = controllerKey(event.ownerID, controller);
                label(controller.key, controller.name, name);
                if (!keyByName.has(controller.name)) keyByName.set(controller.name, controller.key);
                if (!localKeys.has(event.ownerID + "/" + controller.name)) localKeys.set(event.ownerID + "/" + controller.name, controller.key);
              }
              event.oid = event.ownerID;
              event.subjectKey = Number.isInteger(event.subjectID) ? "#" + event.subjectID
                : event.subject && event.change !== "lifecycle" ? resolve(event.ownerID, event.subject) : null;
            } else if (event.type === "dispatch") {
              event.oid = Number.isInteger(event.ownerID) ? event.ownerID : ownerByName.get(event.owner);
              event.sk = event.sender ? (Number.isInteger(event.senderID) ? idKey(event.senderID) : resolve(event.oid, event.sender))
                : "host@" + event.oid;
              if (!event.sender) label(event.sk, "host", event.owner);
              const receivers = event.receivers;
              const keys = new Array(receivers.length);
              for (let position = 0; position < receivers.length; position++) {
                const receiver = receivers[position];
                keys[position] = Number.isInteger(receiver.id) ? idKey(receiver.id) : resolve(event.oid, receiver.name);
              }
              event.rk = keys;
              // A retained message that reached nobody yet waits for a controller to come: kept, not
              // unhandled, though a recording written before the kit said so marks it unhandled.
              if (event.unhandled && event.retained && !receivers.length) event.unhandled = false;
              if (event.at !== undefined) model.timed = true;
              if (event.retained && event.message) {
                const key = event.oid + "|" + event.conversation + "|" + event.message;
                if (lastRetained.has(key)) event.replaces = lastRetained.get(key);
                lastRetained.set(key, event.seq);
              }
              if (event.cat !== "lifecycle") {
                // Who speaks what, and who talks to whom per owner (owner, sender, receiver): the
                // loop 100,000 dispatches go through, so it allocates only what is new.
                let conversation = conversations.get(event.conversation);
                if (conversation === undefined) conversations.set(event.conversation, conversation = event.conversation);
                if (event.sender) speak(event.sk, conversation);
                let owned = model.edges.get(event.oid);
                if (owned === undefined) model.edges.set(event.oid, owned = new Map());
                let from = owned.get(event.sk);
                if (from === undefined) owned.set(event.sk, from = new Map());
                for (let position = 0; position < keys.length; position++) {
                  const to = keys[position];
                  speak(to, conversation);
                  let edge = from.get(to);
                  if (edge === undefined) {
                    label(to, receivers[position].name, event.owner);
                    from.set(to, edge = { from: event.sk, to, count: 0, conversations: new Set() });
                  }
                  edge.count += 1;
                  edge.conversations.add(conversation);
                }
              }
            } else {
              event.oid = Number.isInteger(event.ownerID) ? event.ownerID : ownerByName.get(event.owner);
              if (event.type === "task" && event.controller) {
                event.subjectKey = Number.isInteger(event.controllerID) ? "#" + event.controllerID : resolve(event.oid, event.controller);
              }
              if (event.type === "diagnostic") event.about = Number.isInteger(event.dispatch) ? event.dispatch : event.parent;
            }
          }
          model.dispatches = model.counts.message + model.counts.query + model.counts.lifecycle +
            events.filter((event) => event.type === "dispatch" && event.cat === "other").length;
          return model;
        }

        // The latest snapshot of each owner up to a moment.
        function ownersAt(model, seq) {
          const latest = new Map();
          for (const [ownerID, list] of model.snapshots) {
            let low = 0, high = list.length;
            while (low < high) { const middle = (low + high) >> 1; if (list[middle].seq <= seq) low = middle + 1; else high = middle; }
            if (low > 0) latest.set(ownerID, list[low - 1]);
          }
          return latest;
        }

        // The edges of one owner, from its sender-to-receiver maps.
        function edgesOf(owned) {
          const edges = [];
          for (const from of owned.values()) for (const edge of from.values()) edges.push(edge);
          return edges;
        }

        function labelOf(model, key) {
          const known = model.labels.get(key);
          if (!known) return key;
          return known.name === "host" ? "host \u00b7 " + known.owner : known.name;
        }

        // MARK: Rows

        function what(event) {
          return event.conversation + (event.message ? "." + event.message : "");
        }

        function receiversText(event) {
          if (event.unfinished) return "still running";
          if (!event.receivers.length) return event.retained ? "nobody yet (kept)" : "nobody";
          if (event.receivers.length > 3) return event.receivers.length + " receivers";
          return event.receivers.map((receiver) => receiver.name + (receiver.handled === false ? " (ignored)" : "")).join(", ");
        }

        function genericText(event) {
          const known = new Set(["seq", "type", "parent", "at", "line", "i", "depth", "cat", "oid", "end", "subjectKey", "about"]);
          const parts = [];
          for (const [key, value] of Object.entries(event)) {
            if (known.has(key) || value === null || typeof value === "object") continue;
            parts.push(key + " " + value);
          }
          return "\u25c7 " + event.type + (parts.length ? ": " + parts.join(", ") : "");
        }

        function rowText(event) {
          switch (event.type) {
            case "dispatch":
              if (event.kind === "lifecycle") return "\u25cf " + event.owner + " " + event.conversation + " \u2192 " + receiversText(event);
              return (event.sender || "host") + " \u2192 " + what(event) + " \u2192 " + receiversText(event) +
                (event.scope && event.scope !== "local" ? " (" + event.scope + ")" : "");
            case "owner":
              return event.change === "lifecycle"
                ? event.owner + " is " + event.state + " after " + event.subject
                : event.owner + ": " + event.change + (event.subject ? " " + event.subject : "") +
                  (event.reason ? " (" + event.reason + ")" : "");
            case "task":
              return (event.controller || "a controller") + " task " + String(event.change || "").replace("task-", "");
            case "diagnostic":
              return "\u26a0 " + event.text + (event.about !== undefined && event.about !== null ? " (about #" + event.about + ")" : "");
            case "marker":
              return "\u2691 " + (event.label === undefined ? "" : event.label) + (event.owner ? " \u00b7 " + event.owner : "");
            default:
              return genericText(event);
          }
        }

        function badgesOf(event) {
          const badges = [];
          if (event.type === "dispatch") {
            if (event.unhandled) badges.push(["unhandled", "unhandled"]);
            if (event.retained) badges.push(["retained", event.replaces !== undefined ? "retained, replaces" : "retained"]);
            if (event.kind === "replay") badges.push(["replay", "replay"]);
            if (event.hostRequest) badges.push(["host", "host"]);
            if (event.async) badges.push(["async", "async"]);
          } else if (event.type === "marker") {
            badges.push(["marker", "marker"]);
          } else if (event.type === "diagnostic") {
            badges.push(["diagnostic", "diagnostic"]);
          }
          return badges;
        }

        function durationText(microseconds) {
          if (microseconds === undefined) return "";
          if (microseconds < 1000) return microseconds + " \u00b5s";
          if (microseconds < 1000000) return (microseconds / 1000).toFixed(microseconds < 10000 ? 2 : 1) + " ms";
          return (microseconds / 1000000).toFixed(2) + " s";
        }

        // MARK: The owner tree

        // The tree at `seq`, marked with what changed since `base` and with `roles` (key to role
        // names) and `decorate` (extra marks per controller, for the comparison page).
        function treeHTML(model, seq, base, roles, decorate) {
          const latest = ownersAt(model, seq);
          const before = base === null || base === undefined ? null : ownersAt(model, base);
          const replaced = new Map();
          if (before) {
            const from = model.bySeq.has(base) ? model.bySeq.get(base).i + 1 : 0;
            for (let index = from; index < model.events.length && model.events[index].seq <= seq; index++) {
              const event = model.events[index];
              if (event.replaces !== undefined) {
                if (!replaced.has(event.oid)) replaced.set(event.oid, []);
                replaced.get(event.oid).push(what(event));
              }
            }
          }
          const seen = new Set();
          const mark = (key) => {
            const found = roles && roles.get(key);
            if (!found) return "";
            return [...found].map((role) => " " + role).join("");
          };
          const chips = (key) => {
            const found = roles && roles.get(key);
            if (!found) return "";
            let html = "";
            if (found.has("sender")) html += '<span class="role r-sender">\u21e8 sent</span>';
            if (found.has("handled")) html += '<span class="role r-handled">\u2713 handled</span>';
            if (found.has("ignored")) html += '<span class="role r-ignored">\u25cb ignored</span>';
            return html;
          };
          const change = (kind, text) => '<span class="change c-' + kind + '">' + esc(text) + "</span>";
          const tags = (key) => [...(model.speaks.get(key) || [])].sort().map((name) => '<span class="tag">' + esc(name) + "</span>").join("");
          function ownerHTML(snapshot, note) {
            seen.add(snapshot.ownerID);
            const prior = before ? before.get(snapshot.ownerID) : undefined;
            const hostKey = "host@" + snapshot.ownerID;
            let changes = "";
            if (before && !prior) changes += change("attached", "+ new");
            else if (prior && prior.state !== snapshot.state) changes += change("state", "\u0394 was " + prior.state);
            for (const text of replaced.get(snapshot.ownerID) || []) changes += change("retained", "\u21bb retained " + text + " replaced");
            const gone = snapshot.state === "torn down" ? " gone" : "";
            let html = '<li class="owner' + gone + '"><span class="label' + mark(hostKey) + '" data-key="' + esc(hostKey) + '">' +
              '<span class="name">' + esc(snapshot.owner) + '</span><span class="state">' + esc(snapshot.state) + "</span>" + chips(hostKey) + changes +
              (note ? '<span class="change">' + esc(note) + "</span>" : "") + "</span><ul>";
            const priorStates = new Map(prior ? prior.controllers.map((controller) => [controller.key, controller]) : []);
            const present = new Set();
            const occurrences = new Map();
            for (const controller of snapshot.controllers) {
              present.add(controller.key);
              const nested = Number.isInteger(controller.ownerID) ? latest.get(controller.ownerID) : undefined;
              if (nested && !seen.has(controller.ownerID)) { html += ownerHTML(nested); continue; }
              const occurrence = (occurrences.get(controller.name) || 0) + 1;
              occurrences.set(controller.name, occurrence);
              const was = priorStates.get(controller.key);
              let marks = "";
              if (before && prior && !was) marks += change("attached", "+ attached");
              else if (was && was.state !== controller.state) marks += change("state", "\u0394 was " + was.state);
              if (decorate) marks += decorate(snapshot, controller, occurrence);
              html += '<li class="ctl' + mark(controller.key) + '" data-key="' + esc(controller.key) + '" data-name="' + esc(controller.name) + '">' +
                '<span class="name">' + esc(controller.name) + '</span><span class="state">' + esc(controller.state) + "</span>" + chips(controller.key) + marks + " " + tags(controller.key) + "</li>";
            }
            if (prior) {
              for (const controller of prior.controllers) {
                if (present.has(controller.key)) continue;
                html += '<li class="ctl gone' + mark(controller.key) + '" data-key="' + esc(controller.key) + '" data-name="' + esc(controller.name) + '">' +
                  '<span class="name">' + esc(controller.name) + "</span>" + change("detached", "\u2212 detached") + "</li>";
              }
            }
            return html + "</ul></li>";
          }
          // An owner its parent does not list stands alone: it was detached (a recording made
          // before a detached owner got a line of its own says so only in its parent's line).
          const listed = (snapshot) => {
            const parent = snapshot.parentID === null || snapshot.parentID === undefined ? undefined : latest.get(snapshot.parentID);
            return parent !== undefined && parent.controllers.some((controller) => controller.ownerID === snapshot.ownerID);
          };
          let html = "";
          for (const snapshot of latest.values()) {
            if (!listed(snapshot)) html += ownerHTML(snapshot);
          }
          for (const snapshot of latest.values()) {
            if (seen.has(snapshot.ownerID)) continue;
            model.loops.add(snapshot.owner);
            html += ownerHTML(snapshot, "its parents form a loop");
          }
          return html || "<li>No owner yet at this moment.</li>";
        }

        // Scrolls a panel, not the page, so the highlighted item is in view.
        function revealIn(panel, element) {
          if (!element) return;
          const box = panel.getBoundingClientRect();
          const item = element.getBoundingClientRect();
          if (item.top < box.top || item.bottom > box.bottom) panel.scrollTop += item.top - box.top - panel.clientHeight / 3;
        }

        // MARK: A virtual list of fixed-height rows

        function virtualList(box, spacer, rows, render) {
          let count = 0, first = -1, last = -1, pending = false;
          function draw(force) {
            const top = box.scrollTop, height = box.clientHeight || 400;
            const from = Math.max(0, Math.floor(top / ROW) - 6);
            const to = Math.min(count, Math.ceil((top + height) / ROW) + 6);
            if (!force && from === first && to === last) return;
            first = from;
            last = to;
            let html = "";
            for (let position = from; position < to; position++) html += render(position);
            rows.innerHTML = html;
            rows.style.transform = "translateY(" + from * ROW + "px)";
          }
          box.addEventListener("scroll", () => {
            if (pending) return;
            pending = true;
            requestAnimationFrame(() => { pending = false; draw(false); });
          });
          return {
            get count() { return count; },
            setCount(value) { count = value; spacer.style.height = count * ROW + "px"; draw(true); },
            redraw() { draw(true); },
            reveal(position) {
              if (position >= 0) {
                const top = position * ROW;
                if (top < box.scrollTop || top + ROW > box.scrollTop + box.clientHeight) box.scrollTop = Math.max(0, top - box.clientHeight / 2);
              }
              draw(true);
            },
          };
        }

        function showNotices(notes, fatal) {
          $("notices").innerHTML = (fatal ? '<p class="fatal">' + esc(fatal) + "</p>" : "") + notes.map((note) => "<p>" + esc(note) + "</p>").join("");
          if (fatal || notes.length) $("notices").setAttribute("role", fatal ? "alert" : "status");
        }

        function isTyping(target) {
          if (!target || !target.tagName) return false;
          if (target.isContentEditable || target.tagName === "TEXTAREA" || target.tagName === "SELECT") return true;
          return target.tagName === "INPUT" && !["checkbox", "radio", "range", "button", "submit"].includes(target.type);
        }

        // MARK: The page of one recording

        function single() {
          const read = readRecording($("recording").textContent, "");
          showNotices(read.notes, read.fatal);
          if (read.fatal) {
            root.dataset.inspector = "error";
            root.dataset.error = read.fatal;
            $("tree").innerHTML = "<li>Nothing to show: the recording could not be read (see above).</li>";
            $("details").textContent = "Nothing to show.";
            return;
          }
          const model = buildModel(read);
          const events = model.events;
          const filter = { kinds: new Set(KINDS.map(([kind]) => kind)), controller: "", conversation: "", unhandled: false, search: "", order: "time" };
          let visible = new Int32Array(0);
          let order = visible;
          let moment = 0;
          let selected = null;
          let focusKey = null;
          let timeShown = false;

          const list = virtualList($("timeline"), $("spacer"), $("rows"), (position) => rowHTML(events[order[position]]));

          function rowHTML(event) {
            const badges = badgesOf(event).map(([kind, text]) => '<span class="badge ' + kind + '">' + esc(text) + "</span>").join("");
            const text = rowText(event);
            const depth = filter.order === "time" ? Math.min(event.depth, 8) : 0;
            const classes = "row " + (event.type === "dispatch" ? "dispatch" : "event") + (event.type === "marker" ? " marker" : "") +
              (event.type === "diagnostic" ? " diag" : "") + (event.seq > moment ? " future" : "") + (event === selected ? " selected" : "");
            return '<div class="' + classes + '" role="option" id="r' + event.seq + '" aria-selected="' + (event === selected) + '" data-seq="' + event.seq +
              '"><span class="seq">' + event.seq + '</span><span class="badges">' + badges + '</span><span class="text d' + depth + '" title="' +
              esc(text) + '">' + esc(text) + '</span><span class="dur">' + durationText(event.duration) + "</span></div>";
          }

          // Filters: kind, controller (by identity), conversation, unhandled, and search over names.
          function fillFilters() {
            $("kinds").insertAdjacentHTML("beforeend", KINDS.filter(([kind]) => kind !== "other" || model.counts.other)
              .map(([kind, name]) => '<label><input type="checkbox" data-kind="' + kind + '" checked> ' + name + " (" + number(model.counts[kind]) + ")</label>").join(""));
            const controllers = [...model.labels.keys()].filter((key) => model.speaks.has(key) || !key.startsWith("host@"));
            const named = controllers.map((key) => [key, model.labels.get(key)]).sort((a, b) => a[1].name.localeCompare(b[1].name) || a[1].owner.localeCompare(b[1].owner));
            $("by-controller").insertAdjacentHTML("beforeend", named.map(([key, known]) =>
              '<option value="' + esc(key) + '">' + esc(known.name === "host" ? "host" : known.name) + " \u00b7 " + esc(known.owner) + "</option>").join(""));
            const conversations = new Set();
            for (const event of events) if (event.type === "dispatch" && event.cat !== "lifecycle") conversations.add(event.conversation);
            $("by-conversation").insertAdjacentHTML("beforeend", [...conversations].sort().map((name) => '<option value="' + esc(name) + '">' + esc(name) + "</option>").join(""));
          }

          // The names of each event as numbers, one per distinct name: a search tests each
          // distinct name once, then each event's numbers. Built once, right after the page is
          // ready (or by the first search, if that comes sooner).
          function nameIndex() {
            if (model.nameIndex) return model.nameIndex;
            const ids = new Map(), names = [];
            const offsets = new Int32Array(events.length + 1);
            let flat = new Int32Array(events.length * 4 + 16), count = 0;
            const add = (name) => {
              if (name === undefined || name === null || name === "") return;
              let id = ids.get(name);
              if (id === undefined) { id = names.length; ids.set(name, id); names.push(String(name).toLowerCase()); }
              if (count === flat.length) { const grown = new Int32Array(flat.length * 2); grown.set(flat); flat = grown; }
              flat[count++] = id;
            };
            for (let index = 0; index < events.length; index++) {
              const event = events[index];
              offsets[index] = count;
              add(event.owner); add(event.conversation); add(event.message); add(event.sender);
              add(event.subject); add(event.controller); add(event.text); add(event.label);
              if (event.type === "dispatch") for (const receiver of event.receivers) add(receiver.name);
            }
            offsets[events.length] = count;
            model.nameIndex = { names, offsets, flat };
            return model.nameIndex;
          }

          function matcher(query) {
            const { names, offsets, flat } = nameIndex();
            const hits = new Uint8Array(names.length);
            for (let id = 0; id < names.length; id++) hits[id] = names[id].includes(query) ? 1 : 0;
            return (event) => {
              for (let position = offsets[event.i], end = offsets[event.i + 1]; position < end; position++) if (hits[flat[position]]) return true;
              return false;
            };
          }

          function shown(event, matches) {
            if (!filter.kinds.has(event.cat)) return false;
            if (filter.unhandled && !event.unhandled) return false;
            if (filter.conversation && event.conversation !== filter.conversation) return false;
            if (filter.controller) {
              const key = filter.controller;
              if (event.type === "dispatch") { if (event.sk !== key && !event.rk.includes(key)) return false; }
              else if (event.subjectKey !== key) return false;
            }
            return !matches || matches(event);
          }

          function applyFilters() {
            const began = performance.now();
            const query = filter.search.trim().toLowerCase();
            const matches = query ? matcher(query) : null;
            const kept = new Int32Array(events.length);
            let count = 0;
            for (let index = 0; index < events.length; index++) if (shown(events[index], matches)) kept[count++] = index;
            visible = kept.slice(0, count);
            order = visible;
            if (filter.order === "duration") {
              order = visible.slice().sort((a, b) => (events[b].duration === undefined ? -1 : events[b].duration) -
                (events[a].duration === undefined ? -1 : events[a].duration) || a - b);
            }
            $("count").textContent = number(order.length) + " of " + number(events.length) + " rows";
            $("slider").max = String(Math.max(0, order.length - 1));
            list.setCount(order.length);
            if (selected) list.reveal(order.indexOf(selected.i));
            syncSlider();
            if (timeShown) renderFlame();
            void $("rows").getBoundingClientRect().height;
            root.dataset.shown = String(order.length);
            root.dataset.filterMs = (performance.now() - began).toFixed(1);
          }

          function syncSlider() {
            const position = selected ? order.indexOf(selected.i) : -1;
            if (position >= 0) $("slider").value = String(position);
            $("slider").setAttribute("aria-valuetext", selected ? "moment " + selected.seq : "no moment");
          }

          // The visible row before a moment, in time: what the tree's change marks compare with.
          function previousVisible(event) {
            let low = 0, high = visible.length;
            while (low < high) { const middle = (low + high) >> 1; if (visible[middle] < event.i) low = middle + 1; else high = middle; }
            if (low > 0) return events[visible[low - 1]].seq;
            return event.i > 0 ? events[event.i - 1].seq : null;
          }

          function show(seq) {
            let event = model.bySeq.get(seq);
            if (!event) {
              const before = events.filter((candidate) => candidate.seq <= seq);
              event = before.length ? before[before.length - 1] : events[0];
            }
            if (!event) return;
            selected = event;
            moment = event.seq;
            const position = order.indexOf(event.i);
            list.reveal(position);
            const row = $("r" + event.seq);
            if (row) $("timeline").setAttribute("aria-activedescendant", row.id); else $("timeline").removeAttribute("aria-activedescendant");
            syncSlider();
            const text = rowText(event);
            $("moment").textContent = "Moment #" + event.seq + " of " + number(events[events.length - 1].seq) + ": " + shorten(text, 140) +
              (position < 0 ? " (hidden by the filters)" : "");
            renderTree();
            renderDetails();
            renderGraph();
            if (timeShown) renderFlame();
            if (location.hash !== "#t=" + moment) history.replaceState(null, "", "#t=" + moment);
          }

          function step(direction) {
            if (!order.length) return;
            let position = selected ? order.indexOf(selected.i) : -1;
            if (position >= 0) position += direction;
            else if (filter.order === "time") {
              let low = 0, high = order.length;
              while (low < high) { const middle = (low + high) >> 1; if (events[order[middle]].seq <= moment) low = middle + 1; else high = middle; }
              position = direction > 0 ? low : low - 1;
            } else position = direction > 0 ? 0 : order.length - 1;
            position = Math.max(0, Math.min(order.length - 1, position));
            show(events[order[position]].seq);
          }

          function jump(toEnd) {
            if (order.length) show(events[order[toEnd ? order.length - 1 : 0]].seq);
          }

          // MARK: Tree, details and graph of the selected moment

          function rolesOf(event) {
            const roles = new Map();
            const add = (key, role) => { if (!roles.has(key)) roles.set(key, new Set()); roles.get(key).add(role); };
            if (!event) return roles;
            if (event.type === "dispatch") {
              add(event.sk, "sender");
              event.rk.forEach((key, position) => add(key, event.receivers[position].handled === false ? "ignored" : "handled"));
            } else if (event.subjectKey) {
              add(event.subjectKey, "subject");
            }
            if (focusKey) add(focusKey, "focus");
            return roles;
          }

          function renderTree() {
            const base = selected ? previousVisible(selected) : null;
            $("tree").innerHTML = treeHTML(model, moment, base, rolesOf(selected));
            $("tree-since").textContent = base === null ? "" : "Change marks: since #" + base + ", the previous visible row.";
            revealIn($("tree-panel"), $("tree").querySelector(".sender, .handled, .ignored, .subject"));
          }

          function link(seq, text) {
            return '<a href="#t=' + seq + '">#' + seq + (text ? " " + esc(text) : "") + "</a>";
          }

          function renderDetails() {
            const event = selected;
            if (!event) { $("details").textContent = "Select a row of the timeline."; return; }
            const rows = [["moment", "#" + event.seq + " (line " + event.line + ")"], ["type", esc(event.type)]];
            const parent = event.parent === null || event.parent === undefined ? null : model.bySeq.get(event.parent);
            if (event.type === "dispatch") {
              const handled = event.receivers.filter((receiver) => receiver.handled !== false).map((receiver) => esc(receiver.name));
              const ignored = event.receivers.filter((receiver) => receiver.handled === false)
                .map((receiver) => esc(receiver.name) + (receiver.default ? " (default " + esc(receiver.default) + ")" : ""));
              rows.push(["kind", esc(event.kind)], ["owner", esc(event.owner)], ["conversation", esc(event.conversation)],
                ["message", event.message ? esc(event.message) : "&mdash;"], ["sender", esc(event.sender || "host")],
                ["scope", esc(event.scope || "local")]);
              // A dispatch still running when the recording was taken has no receivers written yet.
              if (event.unfinished) rows.push(["receivers", "not known: still running when the recording was taken"]);
              else rows.push(["handled by", handled.join(", ") || "nobody"], ["ignored by", ignored.join(", ") || "nobody"]);
              if (event.duration !== undefined) rows.push(["took", durationText(event.duration)]);
              if (event.kind === "lifecycle" && event.conversation === "will-reuse") {
                rows.push(["note", "The kit reports will-reuse as it ends: what the controllers sent from ownerWillReuse() comes before it, not nested under it."]);
              }
              if (event.replaces !== undefined) rows.push(["replaces", link(event.replaces, "the message retained before")]);
              const diagnostics = events.filter((other) => other.type === "diagnostic" && other.about === event.seq);
              if (diagnostics.length) rows.push(["diagnostics", diagnostics.map((other) => link(other.seq, other.text)).join("<br>")]);
            } else if (event.type === "diagnostic") {
              rows.push(["text", esc(event.text)], ["owner", esc(event.owner || "")]);
              if (event.about !== undefined && event.about !== null) {
                const about = model.bySeq.get(event.about);
                rows.push(["reports", link(event.about, about ? rowText(about) : "")]);
              }
            } else {
              for (const [key, value] of Object.entries(event)) {
                if (["seq", "type", "parent", "at", "line", "i", "depth", "cat", "oid", "end", "subjectKey", "about", "controllers", "subjectID", "ownerID", "parentID"].includes(key)) continue;
                if (value !== null && value !== undefined) rows.push([esc(key), esc(typeof value === "object" ? JSON.stringify(value) : value)]);
              }
            }
            if (event.at !== undefined) rows.push(["started", durationText(event.at) + " in"]);
            rows.push(["parent", parent ? link(parent.seq, rowText(parent)) : "none"]);
            // What it caused starts after it: one pass over the rest, not an index kept for every row.
            const caused = [];
            for (let index = event.i + 1; index < events.length; index++) if (events[index].parent === event.seq) caused.push(index);
            const items = caused.slice(0, 40).map((index) => "<li>" + link(events[index].seq, rowText(events[index])) + "</li>").join("");
            rows.push(["caused", caused.length + " event" + (caused.length === 1 ? "" : "s") +
              (caused.length ? '<ul id="caused">' + items + (caused.length > 40 ? "<li>and " + (caused.length - 40) + " more</li>" : "") + "</ul>" : "")]);
            $("details").innerHTML = '<p class="full" id="full-text">' + esc(rowText(event)) + "</p>" +
              '<dl id="selection">' + rows.map(([key, value]) => "<dt>" + key + "</dt><dd>" + value + "</dd>").join("") + "</dl>";
          }

          // The graph of one owner (senders left, receivers right), or of one controller's
          // neighbours; labels at a fixed size, each edge with a wide invisible hover target.
          function renderGraph() {
            // Room is left for the panel's scroll bar, which the graph itself may bring.
            const width = Math.max(280, $("graph").clientWidth - 20);
            let columns, caption, hot = new Set();
            const edgeList = [];
            if (focusKey) {
              const into = [], out = [];
              for (const owned of model.edges.values()) {
                for (const edge of edgesOf(owned)) {
                  if (edge.to === focusKey) into.push(edge);
                  if (edge.from === focusKey) out.push(edge);
                }
              }
              columns = [[...new Set(into.map((edge) => edge.from))], [focusKey], [...new Set(out.map((edge) => edge.to))]];
              edgeList.push(...into.map((edge) => [edge, 0, 1]), ...out.map((edge) => [edge, 1, 2]));
              caption = "Neighbours of " + labelOf(model, focusKey) + ": who sends to it (left) and whom it sends to (right). ";
            } else {
              const ownerID = selected ? selected.oid : undefined;
              const owned = ownerID === undefined ? undefined : model.edges.get(ownerID);
              if (!owned || !owned.size) {
                $("graph-caption").textContent = selected ? "No controller of this owner sent or heard a message." : "";
                $("graph").innerHTML = "";
                return;
              }
              const all = edgesOf(owned);
              columns = [[...new Set(all.map((edge) => edge.from))], [...new Set(all.map((edge) => edge.to))]];
              edgeList.push(...all.map((edge) => [edge, 0, 1]));
              caption = "Owner " + (model.ownerNames.get(ownerID) || "") + ": who sends (left) to whom (right) in the session. ";
              if (selected && selected.type === "dispatch" && selected.cat !== "lifecycle") {
                for (const key of selected.rk) hot.add(selected.sk + "\u0000" + key);
              }
            }
            for (const column of columns) column.sort((a, b) => labelOf(model, a).localeCompare(labelOf(model, b)));
            const limit = 60;
            const shownColumns = columns.map((column) => column.slice(0, limit));
            const gap = 40;
            const boxWidth = Math.floor((width - gap * (columns.length - 1) - 8) / columns.length);
            const place = columns.map(() => new Map());
            let svg = "";
            const rowsCount = Math.max(...shownColumns.map((column) => column.length));
            const height = rowsCount * 26 + 8;
            const fit = (text) => shorten(text, Math.max(4, Math.floor((boxWidth - 10) / 7)));
            shownColumns.forEach((column, index) => {
              const x = 4 + index * (boxWidth + gap);
              column.forEach((key, row) => {
                const y = 4 + row * 26 + (columns.length === 3 && index === 1 ? ((rowsCount - 1) * 26) / 2 : 0);
                place[index].set(key, { x, y });
              });
            });
            for (const [edge, fromColumn, toColumn] of edgeList) {
              const a = place[fromColumn].get(edge.from), b = place[toColumn].get(edge.to);
              if (!a || !b) continue;
              const x1 = a.x + boxWidth, y1 = a.y + 10, x2 = b.x, y2 = b.y + 10;
              const middle = (x1 + x2) / 2;
              const path = "M" + x1 + "," + y1 + " C" + middle + "," + y1 + " " + middle + "," + y2 + " " + x2 + "," + y2;
              const id = edge.from + "\u0000" + edge.to;
              const title = labelOf(model, edge.from) + " \u2192 " + labelOf(model, edge.to) + ": " + [...edge.conversations].join(", ") + " (" + edge.count + "\u00d7)";
              svg += '<path class="edge' + (hot.has(id) ? " hot" : "") + '" data-from="' + esc(edge.from) + '" data-to="' + esc(edge.to) + '" d="' + path +
                '" stroke-width="' + (1 + Math.min(3, Math.log10(edge.count))) + '"/><path class="hit" d="' + path + '"><title>' + esc(title) + "</title></path>";
            }
            const hotNodes = new Set();
            if (selected && selected.type === "dispatch") { hotNodes.add(selected.sk); for (const key of selected.rk) hotNodes.add(key); }
            shownColumns.forEach((column, index) => {
              for (const key of column) {
                const { x, y } = place[index].get(key);
                const name = labelOf(model, key);
                svg += '<g class="node' + (hotNodes.has(key) ? " hot" : "") + (key === focusKey ? " focus" : "") + '" data-key="' + esc(key) +
                  '" tabindex="0" role="button" aria-label="' + esc("Show only the rows of " + name) + '"><rect x="' + x + '" y="' + y + '" width="' + boxWidth +
                  '" height="20" rx="4"/><text x="' + (x + 5) + '" y="' + (y + 14) + '">' + esc(fit(name)) + "</text><title>" + esc(name) + "</title></g>";
              }
            });
            const more = columns.some((column) => column.length > limit) ? "Only the first " + limit + " of each column are drawn. " : "";
            $("graph-caption").innerHTML = esc(caption + more + "Click a controller to show only its rows.") +
              (focusKey ? ' <button type="button" id="graph-owner">Show the owner</button>' : "");
            $("graph").innerHTML = '<svg id="talks" xmlns="http://www.w3.org/2000/svg" width="' + width + '" height="' + height + '" viewBox="0 0 ' + width + " " + height +
              '" role="group" aria-label="Who talks to whom">' + svg + "</svg>";
          }

          function focusController(key) {
            focusKey = key || null;
            const select = $("by-controller");
            if (key && ![...select.options].some((option) => option.value === key)) {
              select.insertAdjacentHTML("beforeend", '<option value="' + esc(key) + '">' + esc(labelOf(model, key)) + "</option>");
            }
            select.value = key || "";
            filter.controller = key || "";
            applyFilters();
            renderTree();
            renderGraph();
          }

          // MARK: The time view: dispatches on a time axis, nested by depth, with zoom

          const flame = { start: 0, span: 1, from: 0, to: 1 };
          const timeOf = (event) => model.timed ? (event.at === undefined ? 0 : event.at) : event.i;
          const lengthOf = (event) => model.timed ? (event.duration || 0) : event.end - event.i + 1;
          // The last event each event's subtree reaches: its length in a recording without times.
          function subtreeEnds() {
            for (let index = events.length - 1; index >= 0; index--) {
              const event = events[index];
              if (event.end === undefined) event.end = index;
              const parent = event.parent === null || event.parent === undefined ? undefined : model.bySeq.get(event.parent);
              if (parent && parent.i < index) parent.end = Math.max(parent.end === undefined ? parent.i : parent.end, event.end);
            }
          }
          function fitFlame() {
            if (!model.timed && events.length && events[0].end === undefined) subtreeEnds();
            let from = Infinity, to = -Infinity;
            for (const event of events) {
              from = Math.min(from, timeOf(event));
              to = Math.max(to, timeOf(event) + lengthOf(event));
            }
            if (!Number.isFinite(from)) { from = 0; to = 1; }
            flame.from = from;
            flame.to = Math.max(to, from + 1);
            flame.start = flame.from;
            flame.span = flame.to - flame.from;
          }
          function zoom(factor, centre) {
            const full = flame.to - flame.from;
            const span = Math.max(model.timed ? 10 : 4, Math.min(full, flame.span * factor));
            const at = centre === undefined ? (selected && timeOf(selected) >= flame.start && timeOf(selected) <= flame.start + flame.span ? timeOf(selected) : flame.start + flame.span / 2) : centre;
            flame.start = Math.max(flame.from, Math.min(flame.to - span, at - ((at - flame.start) * span) / flame.span));
            flame.span = span;
            renderFlame();
          }
          function niceStep(rough) {
            const power = Math.pow(10, Math.floor(Math.log10(rough)));
            for (const factor of [1, 2, 5, 10]) if (factor * power >= rough) return factor * power;
            return 10 * power;
          }
          function axisText(value) {
            return model.timed ? durationText(Math.round(value)) : "#" + Math.round(value);
          }
          function renderFlame() {
            const box = $("flame");
            const width = box.clientWidth;
            if (!width) return;
            const scale = width / flame.span;
            const end = flame.start + flame.span;
            // Events are in start order: those starting in the window, their ancestors, and the
            // few long dispatches that start before it.
            let low = 0, high = events.length;
            while (low < high) { const middle = (low + high) >> 1; if (timeOf(events[middle]) < flame.start) low = middle + 1; else high = middle; }
            const picked = new Set();
            for (let index = low; index < events.length && timeOf(events[index]) <= end; index++) picked.add(index);
            for (let walk = events[low]; walk && walk.parent !== null && walk.parent !== undefined;) {
              walk = model.bySeq.get(walk.parent);
              if (walk) picked.add(walk.i);
            }
            if (!model.long) model.long = events.filter((event) => event.type === "dispatch").sort((a, b) => lengthOf(b) - lengthOf(a)).slice(0, 200).map((event) => event.i);
            for (const index of model.long) if (timeOf(events[index]) < flame.start && timeOf(events[index]) + lengthOf(events[index]) > flame.start) picked.add(index);
            let bars = "", labels = "", marks = "", drawn = 0, tiny = 0, maxDepth = 0;
            // Marker labels take the first of three rows where they do not overlap another.
            const labelEnds = [-Infinity, -Infinity, -Infinity];
            const top = 66;
            for (const index of [...picked].sort((x, y) => x - y)) {
              const event = events[index];
              const x = (timeOf(event) - flame.start) * scale;
              if (event.type === "marker") {
                const text = "\u2691 " + (event.label || "");
                const row = labelEnds.findIndex((end) => end < x);
                marks += '<line class="mark" x1="' + x.toFixed(1) + '" x2="' + x.toFixed(1) + '" y1="18" y2="100%"><title>' + esc(text) + "</title></line>";
                if (row >= 0) {
                  labelEnds[row] = x + 8 + text.length * 6.5;
                  marks += '<text class="marklabel" x="' + (x + 3).toFixed(1) + '" y="' + (30 + row * 14) + '">' + esc(text) + "</text>";
                }
                continue;
              }
              if (event.type !== "dispatch") continue;
              const w = Math.max(1, lengthOf(event) * scale);
              if (drawn > 4000 && w < 2) { tiny += 1; continue; }
              const depth = Math.min(event.depth, 24);
              maxDepth = Math.max(maxDepth, depth);
              const y = top + depth * 20;
              const left = Math.max(-2, x), right = Math.min(width + 2, x + w);
              if (right <= left) continue;
              drawn += 1;
              const kind = event.unhandled ? " unhandled" : "";
              const text = what(event) + (event.sender ? " from " + event.sender : "");
              bars += '<rect class="fbar k-' + event.cat + kind + (event === selected ? " sel" : "") + '" data-seq="' + event.seq + '" x="' + left.toFixed(1) + '" y="' + y +
                '" width="' + (right - left).toFixed(1) + '" height="18"><title>' + esc("#" + event.seq + " " + rowText(event) + " \u00b7 " + durationText(event.duration)) + "</title></rect>";
              const room = Math.floor((right - left - 6) / 6.5);
              if (room >= 4) labels += '<text class="flabel" x="' + (left + 3).toFixed(1) + '" y="' + (y + 13) + '">' + esc(shorten(text, room)) + "</text>";
            }
            const height = top + (maxDepth + 1) * 20 + 8;
            let axis = "";
            const stepSize = niceStep(flame.span / Math.max(1, width / 110));
            for (let tick = Math.ceil(flame.start / stepSize) * stepSize; tick <= end; tick += stepSize) {
              const x = ((tick - flame.start) * scale).toFixed(1);
              axis += '<line class="tick" x1="' + x + '" x2="' + x + '" y1="0" y2="' + height + '"/><text class="ticklabel" x="' + (Number(x) + 2) + '" y="12">' + esc(axisText(tick)) + "</text>";
            }
            let now = "";
            if (selected) {
              const x = ((timeOf(selected) - flame.start) * scale).toFixed(1);
              now = '<line class="moment" x1="' + x + '" x2="' + x + '" y1="0" y2="' + height + '"/>';
            }
            box.innerHTML = '<svg xmlns="http://www.w3.org/2000/svg" width="' + width + '" height="' + height + '" viewBox="0 0 ' + width + " " + height + '">' +
              axis + marks + bars + labels + now + "</svg>";
            const full = flame.to - flame.from;
            $("time-scale").textContent = (model.timed ? "" : "No times were recorded: events are laid out in order. ") + "From " + axisText(flame.start) + " to " + axisText(end) +
              " of a session " + axisText(full) + " long (\u00d7" + (full / flame.span).toFixed(full / flame.span < 10 ? 1 : 0) + ")" + (tiny ? "; " + tiny + " bars too small to draw, zoom in" : "");
            root.dataset.flameBars = String(drawn);
          }

          let fitted = false;
          function showView(time) {
            timeShown = time;
            if (time && !fitted) { fitFlame(); fitted = true; }
            $("tab-list").setAttribute("aria-selected", String(!time));
            $("tab-time").setAttribute("aria-selected", String(time));
            $("list-view").hidden = time;
            $("time-view").hidden = !time;
            if (time) renderFlame(); else list.redraw();
          }

          // MARK: Where the page opens

          function opening() {
            const match = /^#t=(\d+)$/.exec(location.hash);
            if (match) return { seq: Number(match[1]), why: "link", text: "Opened at #" + match[1] + " from the link." };
            const unhandled = events.find((event) => event.type === "dispatch" && event.unhandled && !event.quiet && (event.cat === "message" || event.cat === "query"));
            if (unhandled) return { seq: unhandled.seq, why: "unhandled", text: "Opened at #" + unhandled.seq + ", the first message nobody handled." };
            const messages = events.filter((event) => event.cat === "message" || event.cat === "query");
            if (messages.length) {
              const last = messages[messages.length - 1];
              return { seq: last.seq, why: "last-message", text: "Opened at #" + last.seq + ", the last message before the end." };
            }
            const last = events[events.length - 1];
            return last ? { seq: last.seq, why: "last-event", text: "Opened at #" + last.seq + ", the last event." } : null;
          }

          // MARK: Wiring

          fillFilters();
          applyFilters();
          const start = opening();
          if (start) {
            $("opened").textContent = start.text;
            root.dataset.opened = start.why;
            show(start.seq);
          } else {
            $("moment").textContent = "Nothing was recorded.";
            $("tree").innerHTML = "<li>No owner: nothing was recorded.</li>";
          }
          if (model.loops.size) {
            showNotices(read.notes.concat(["The parents of " + [...model.loops].join(", ") + " form a loop; they are shown at the top level."]), null);
          }
          $("timeline").addEventListener("click", (click) => {
            const row = click.target.closest(".row");
            if (row) show(Number(row.dataset.seq));
          });
          $("slider").addEventListener("input", () => {
            const position = Number($("slider").value);
            if (order.length) show(events[order[Math.max(0, Math.min(order.length - 1, position))]].seq);
          });
          $("prev").addEventListener("click", () => step(-1));
          $("next").addEventListener("click", () => step(1));
          $("kinds").addEventListener("change", (change) => {
            const kind = change.target.dataset.kind;
            if (!kind) return;
            if (change.target.checked) filter.kinds.add(kind); else filter.kinds.delete(kind);
            applyFilters();
          });
          $("search").addEventListener("input", () => { filter.search = $("search").value; applyFilters(); });
          $("by-controller").addEventListener("change", () => focusController($("by-controller").value));
          $("by-conversation").addEventListener("change", () => { filter.conversation = $("by-conversation").value; applyFilters(); });
          $("unhandled-only").addEventListener("change", () => { filter.unhandled = $("unhandled-only").checked; applyFilters(); });
          $("order").addEventListener("change", () => { filter.order = $("order").value; applyFilters(); });
          $("tab-list").addEventListener("click", () => showView(false));
          $("tab-time").addEventListener("click", () => showView(true));
          $("zoom-in").addEventListener("click", () => zoom(0.5));
          $("zoom-out").addEventListener("click", () => zoom(2));
          $("zoom-fit").addEventListener("click", () => { fitFlame(); renderFlame(); });
          let drag = null;
          $("flame").addEventListener("wheel", (wheel) => {
            wheel.preventDefault();
            const box = $("flame").getBoundingClientRect();
            zoom(wheel.deltaY > 0 ? 1.25 : 0.8, flame.start + ((wheel.clientX - box.left) / box.width) * flame.span);
          }, { passive: false });
          $("flame").addEventListener("pointerdown", (down) => { drag = { x: down.clientX, start: flame.start, moved: false }; });
          window.addEventListener("pointermove", (move) => {
            if (!drag) return;
            const dx = move.clientX - drag.x;
            if (Math.abs(dx) > 3) drag.moved = true;
            if (!drag.moved) return;
            const scale = $("flame").clientWidth / flame.span;
            flame.start = Math.max(flame.from, Math.min(flame.to - flame.span, drag.start - dx / scale));
            renderFlame();
          });
          window.addEventListener("pointerup", (up) => {
            const wasDrag = drag && drag.moved;
            drag = null;
            if (wasDrag) return;
            const bar = up.target.closest && up.target.closest(".fbar");
            if (bar) show(Number(bar.dataset.seq));
          });
          $("tree").addEventListener("click", (click) => {
            const item = click.target.closest("li.ctl, .label");
            if (item && item.dataset.key) focusController(item.dataset.key === focusKey ? "" : item.dataset.key);
          });
          $("graph").addEventListener("click", (click) => {
            const node = click.target.closest(".node");
            if (node) focusController(node.dataset.key);
          });
          $("graph").addEventListener("keydown", (key) => {
            const node = key.target.closest && key.target.closest(".node");
            if (node && (key.key === "Enter" || key.key === " ")) { key.preventDefault(); focusController(node.dataset.key); }
          });
          $("graph-caption").addEventListener("click", (click) => { if (click.target.id === "graph-owner") focusController(""); });
          window.addEventListener("hashchange", () => {
            const match = /^#t=(\d+)$/.exec(location.hash);
            if (match && Number(match[1]) !== moment) show(Number(match[1]));
          });
          window.addEventListener("resize", () => { if (timeShown) renderFlame(); list.redraw(); renderGraph(); });
          document.addEventListener("keydown", (key) => {
            if (key.defaultPrevented || key.altKey || key.ctrlKey || key.metaKey) return;
            if (isTyping(key.target)) {
              if (key.key === "Escape" && key.target.id === "search") key.target.blur();
              return;
            }
            const inList = key.target === $("timeline");
            const onSlider = key.target === $("slider");
            switch (key.key) {
              case "ArrowRight": case "j": if (onSlider && key.key !== "j") return; step(1); break;
              case "ArrowLeft": case "k": if (onSlider && key.key !== "k") return; step(-1); break;
              case "ArrowDown": if (!inList) return; step(1); break;
              case "ArrowUp": if (!inList) return; step(-1); break;
              case "Home": if (onSlider) return; jump(false); break;
              case "End": if (onSlider) return; jump(true); break;
              case "/": $("search").focus(); break;
              default: return;
            }
            key.preventDefault();
          });
          setTimeout(nameIndex, 0);
          root.dataset.dispatches = String(model.dispatches);
          root.dataset.events = String(events.length);
          root.dataset.skipped = String(read.skipped.length);
          root.dataset.version = String(read.version);
        }

        // MARK: The page of two recordings compared

        // What an event is, without its number, time, duration or the recording's numbering of
        // owners and controllers: two runs of the same screen give the same signatures.
        function signature(event) {
          switch (event.type) {
            case "dispatch":
              return ["d", event.kind, event.owner, event.conversation, event.message || "", event.sender || "", event.scope || "",
                event.receivers.map((receiver) => receiver.name + (receiver.handled === false ? "?" : "")).join(","), event.unhandled ? 1 : 0, event.retained ? 1 : 0].join("\u0001");
            case "owner":
              return ["o", event.owner, event.change, event.subject || "", event.state, event.controllers.map((controller) => controller.name + ":" + controller.state).join(",")].join("\u0001");
            default: {
              const kept = Object.entries(event).filter(([key]) => !["seq", "parent", "at", "duration", "line", "i", "depth", "cat", "oid", "end", "subjectKey", "about",
                "ownerID", "parentID", "subjectID", "controllerID", "senderID", "dispatch", "id"].includes(key));
              return "x\u0001" + JSON.stringify(kept);
            }
          }
        }

        // What an event is about, to pair a changed event with its counterpart.
        function loose(event) {
          if (event.type === "dispatch") return ["d", event.kind, event.owner, event.conversation, event.message || "", event.sender || ""].join("\u0001");
          if (event.type === "owner") return ["o", event.owner, event.change, event.subject || ""].join("\u0001");
          if (event.type === "marker") return ["m", event.owner].join("\u0001");
          return signature(event);
        }

        // Myers' O(ND) difference of two integer arrays; null when they differ in more than
        // `limit` places, which the caller treats as one difference.
        function myers(a, b, limit) {
          const n = a.length, m = b.length, max = n + m, offset = max + 1;
          const v = new Int32Array(2 * max + 3);
          const trace = [];
          for (let d = 0; d <= max; d++) {
            if (d > limit) return null;
            for (let k = -d; k <= d; k += 2) {
              let x = k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1]) ? v[offset + k + 1] : v[offset + k - 1] + 1;
              let y = x - k;
              while (x < n && y < m && a[x] === b[y]) { x++; y++; }
              v[offset + k] = x;
              if (x >= n && y >= m) {
                trace.push(v.slice(offset - d, offset + d + 1));
                return backtrack(trace, n, m);
              }
            }
            trace.push(v.slice(offset - d, offset + d + 1));
          }
          return null;
        }

        function backtrack(trace, n, m) {
          const ops = [];
          let x = n, y = m;
          for (let d = trace.length - 1; d > 0; d--) {
            const previous = trace[d - 1];
            const get = (k) => previous[k + d - 1];
            const k = x - y;
            const previousK = k === -d || (k !== d && get(k - 1) < get(k + 1)) ? k + 1 : k - 1;
            const previousX = get(previousK), previousY = previousX - previousK;
            while (x > previousX && y > previousY) { ops.push([x - 1, y - 1]); x--; y--; }
            if (x === previousX) ops.push([-1, y - 1]); else ops.push([x - 1, -1]);
            x = previousX;
            y = previousY;
          }
          while (x > 0 && y > 0) { ops.push([x - 1, y - 1]); x--; y--; }
          return ops.reverse();
        }

        // Pairs of positions ([a, b], -1 for a gap) aligning two signature lists.
        function align(a, b) {
          let prefix = 0;
          while (prefix < a.length && prefix < b.length && a[prefix] === b[prefix]) prefix++;
          let suffix = 0;
          while (suffix < a.length - prefix && suffix < b.length - prefix && a[a.length - 1 - suffix] === b[b.length - 1 - suffix]) suffix++;
          const middleA = a.slice(prefix, a.length - suffix), middleB = b.slice(prefix, b.length - suffix);
          let middle = myers(middleA, middleB, 3000);
          if (!middle) middle = [...middleA.keys()].map((index) => [index, -1]).concat([...middleB.keys()].map((index) => [-1, index]));
          const pairs = [];
          for (let index = 0; index < prefix; index++) pairs.push([index, index]);
          for (const [x, y] of middle) pairs.push([x < 0 ? -1 : x + prefix, y < 0 ? -1 : y + prefix]);
          for (let index = suffix; index > 0; index--) pairs.push([a.length - index, b.length - index]);
          return pairs;
        }

        function compare() {
          const readA = readRecording($("recording-a").textContent, "A");
          const readB = readRecording($("recording-b").textContent, "B");
          const fatal = [readA.fatal, readB.fatal].filter(Boolean).join(" ");
          showNotices(readA.notes.concat(readB.notes), fatal || null);
          if (fatal) {
            root.dataset.inspector = "error";
            root.dataset.error = fatal;
            return;
          }
          const a = buildModel(readA), b = buildModel(readB);
          const codes = new Map();
          const code = (text) => { if (!codes.has(text)) codes.set(text, codes.size); return codes.get(text); };
          const codesA = a.events.map((event) => code(signature(event)));
          const codesB = b.events.map((event) => code(signature(event)));
          const pairs = align(codesA, codesB);

          // Rows: equal pairs, then each run of differences with its changed pairs side by side.
          const rows = [];
          let hunk = null;
          const flush = () => {
            if (!hunk) return;
            const pool = hunk.b.slice();
            const index = hunks.length;
            const start = rows.length;
            for (const ia of hunk.a) {
              const key = loose(a.events[ia]);
              const match = pool.findIndex((ib) => loose(b.events[ib]) === key);
              if (match >= 0) {
                const ib = pool.splice(match, 1)[0];
                rows.push({ a: ia, b: ib, kind: "changed", divergence: index });
              } else rows.push({ a: ia, b: -1, kind: "a-only", divergence: index });
            }
            for (const ib of pool) rows.push({ a: -1, b: ib, kind: "b-only", divergence: index });
            hunks.push({ row: start, end: rows.length });
            hunk = null;
          };
          const hunks = [];
          for (const [ia, ib] of pairs) {
            if (ia >= 0 && ib >= 0) {
              flush();
              rows.push({ a: ia, b: ib, kind: "same", divergence: -1 });
            } else {
              if (!hunk) hunk = { a: [], b: [] };
              if (ia >= 0) hunk.a.push(ia); else hunk.b.push(ib);
            }
          }
          flush();
          // An event only one side has at one place and only the other at another came in a
          // different order: the two places, and what lies between, are one difference.
          const onlyA = new Map(), onlyB = new Map();
          for (const row of rows) {
            if (row.kind === "a-only" && !onlyA.has(codesA[row.a])) onlyA.set(codesA[row.a], row);
            if (row.kind === "b-only" && !onlyB.has(codesB[row.b])) onlyB.set(codesB[row.b], row);
          }
          const joined = hunks.map((_, index) => index);
          for (const row of rows) {
            const counterpart = row.kind === "a-only" ? onlyB.get(codesA[row.a]) : row.kind === "b-only" ? onlyA.get(codesB[row.b]) : undefined;
            if (!counterpart) continue;
            row.moved = true;
            const low = Math.min(row.divergence, counterpart.divergence), high = Math.max(row.divergence, counterpart.divergence);
            for (let index = low + 1; index <= high; index++) joined[index] = Math.min(joined[index], joined[low]);
          }
          const divergences = [];
          const numberOf = new Map();
          hunks.forEach((range, index) => {
            const group = joined[index];
            if (!numberOf.has(group)) {
              numberOf.set(group, divergences.length);
              divergences.push({ row: range.row, end: range.end, kinds: new Set(), phrases: [], moved: new Set() });
            }
            divergences[numberOf.get(group)].end = range.end;
          });
          divergences.forEach((divergence, place) => {
            for (let index = divergence.row; index < divergence.end; index++) {
              rows[index].divergence = place;
              if (rows[index].kind !== "same") describe(rows[index], divergence);
            }
          });

          function treeLine(snapshot) {
            return snapshot.controllers.map((controller) => controller.name + " " + controller.state).join(", ");
          }

          function describe(row, divergence) {
            const ea = row.a >= 0 ? a.events[row.a] : null, eb = row.b >= 0 ? b.events[row.b] : null;
            const either = ea || eb;
            if (row.moved) {
              divergence.kinds.add("order");
              const code = row.a >= 0 ? codesA[row.a] : codesB[row.b];
              if (!divergence.moved.has(code)) divergence.phrases.push(rowText(either) + " comes in a different order.");
              divergence.moved.add(code);
            } else if (row.kind === "a-only" || row.kind === "b-only") {
              const side = row.kind === "a-only" ? "A" : "B";
              divergence.kinds.add(either.type === "owner" ? "tree" : row.kind);
              divergence.phrases.push("Only " + side + ": " + rowText(either) + ".");
            } else if (ea.type === "dispatch") {
              const to = (event) => event.receivers.map((receiver) => receiver.name + (receiver.handled === false ? " (ignored)" : "")).join(", ") || "nobody";
              if (to(ea) !== to(eb)) {
                divergence.kinds.add("receivers");
                divergence.phrases.push(what(ea) + " reaches a different receiver set: A " + to(ea) + "; B " + to(eb) + ".");
              } else {
                divergence.kinds.add("other");
                divergence.phrases.push(what(ea) + " differs (" + (ea.unhandled !== eb.unhandled ? "handled in one only" : "retained in one only") + ").");
              }
            } else if (ea.type === "marker") {
              divergence.kinds.add("marker");
              divergence.phrases.push("A marks \u201c" + ea.label + "\u201d where B marks \u201c" + eb.label + "\u201d.");
            } else if (ea.type === "owner") {
              divergence.kinds.add("tree");
              divergence.phrases.push("A different tree of " + ea.owner + " after " + ea.change + (ea.subject ? " " + ea.subject : "") + ": A " + treeLine(ea) + "; B " + treeLine(eb) + ".");
            } else {
              divergence.kinds.add("other");
              divergence.phrases.push(rowText(ea) + " differs from " + rowText(eb) + ".");
            }
          }

          let current = -1;
          let selectedRow = -1;
          const list = virtualList($("aligned"), $("aligned-spacer"), $("aligned-rows"), (position) => alignedHTML(position));
          const markOf = { same: "=", changed: "\u2260 changed", "a-only": "A only", "b-only": "B only" };
          function alignedHTML(position) {
            const row = rows[position];
            const side = (model, index) => index < 0 ? "" : "#" + model.events[index].seq + " " + rowText(model.events[index]);
            const textA = side(a, row.a), textB = side(b, row.b);
            const mark = row.moved ? "\u21c5 order" : markOf[row.kind];
            return '<div class="arow ' + (row.kind === "same" ? "same" : "diff") + (position === selectedRow ? " selected" : "") + '" role="option" id="a' + position +
              '" aria-selected="' + (position === selectedRow) + '" data-row="' + position + '"' + (row.divergence >= 0 ? ' data-divergence="' + row.divergence + '"' : "") +
              '><span class="mark">' + esc(mark) + '</span><span class="side a" title="' + esc(textA) + '">' + esc(textA) + '</span><span class="side b" title="' + esc(textB) +
              '">' + esc(textB) + "</span></div>";
          }

          // The moment of each side at a row: its own event, or the last one before it.
          function momentAt(position, key) {
            for (let index = position; index >= 0; index--) if (rows[index][key] >= 0) return rows[index][key];
            return -1;
          }

          function sideTree(model, other, index, otherIndex, list, caption, name) {
            if (index < 0) { $(list).innerHTML = "<li>Nothing yet.</li>"; $(caption).textContent = ""; return; }
            const event = model.events[index];
            const otherTree = otherIndex < 0 ? new Map() : ownersAt(other, other.events[otherIndex].seq);
            const counterpart = new Map();
            for (const snapshot of otherTree.values()) {
              const seen = new Map();
              for (const controller of snapshot.controllers) {
                const occurrence = (seen.get(controller.name) || 0) + 1;
                seen.set(controller.name, occurrence);
                counterpart.set(snapshot.owner + "/" + controller.name + "/" + occurrence, controller.state);
              }
            }
            const decorate = (snapshot, controller, occurrence) => {
              const state = counterpart.get(snapshot.owner + "/" + controller.name + "/" + occurrence);
              if (state === undefined) return '<span class="change c-only">only in ' + name + "</span>";
              if (state !== controller.state) return '<span class="change c-state">' + esc("\u0394 " + state + " in the other") + "</span>";
              return "";
            };
            const roles = new Map();
            if (event.type === "dispatch") {
              roles.set(event.sk, new Set(["sender"]));
              event.rk.forEach((key, position) => { if (!roles.has(key)) roles.set(key, new Set()); roles.get(key).add(event.receivers[position].handled === false ? "ignored" : "handled"); });
            }
            $(list).innerHTML = treeHTML(model, event.seq, null, roles, decorate);
            $(caption).textContent = "At #" + event.seq + ": " + rowText(event);
          }

          function select(position) {
            if (!rows.length) return;
            selectedRow = Math.max(0, Math.min(rows.length - 1, position));
            const row = rows[selectedRow];
            const ia = momentAt(selectedRow, "a"), ib = momentAt(selectedRow, "b");
            sideTree(a, b, ia, ib, "tree-a", "moment-a", "A");
            sideTree(b, a, ib, ia, "tree-b", "moment-b", "B");
            if (row.divergence >= 0) current = row.divergence;
            const divergence = row.divergence >= 0 ? divergences[row.divergence] : null;
            $("difference").innerHTML = divergence
              ? "<h2 class=\"sub\">Difference " + (row.divergence + 1) + " of " + divergences.length + "</h2><ul>" + divergence.phrases.slice(0, 12).map((phrase) => "<li>" + esc(phrase) + "</li>").join("") +
                (divergence.phrases.length > 12 ? "<li>and " + (divergence.phrases.length - 12) + " more rows that differ</li>" : "") + "</ul>"
              : '<h2 class="sub">Same in both</h2><p>' + esc(row.a >= 0 ? rowText(a.events[row.a]) : "") + "</p>";
            const status = divergences.length
              ? (divergence ? "Difference " + (row.divergence + 1) + " of " + divergences.length + ": " + divergence.phrases[0] : "Row " + (selectedRow + 1) + " of " + rows.length + ", the same in both.")
              : "The two recordings are the same, times, durations and numbers aside.";
            $("diff-status").textContent = status;
            // Revealed last: the difference's text above changes the list's height.
            list.reveal(selectedRow);
            $("aligned").setAttribute("aria-activedescendant", "a" + selectedRow);
            root.dataset.divergence = String(divergence ? row.divergence + 1 : 0);
            const hash = divergence && selectedRow === divergence.row ? "#d=" + (row.divergence + 1) : "#r=" + (selectedRow + 1);
            if (location.hash !== hash) history.replaceState(null, "", hash);
          }

          function stepDivergence(direction) {
            if (!divergences.length) return;
            const inside = rows[selectedRow].divergence;
            const from = inside >= 0 ? divergences[inside].row : selectedRow;
            let next = -1;
            if (direction > 0) next = divergences.findIndex((divergence) => divergence.row > selectedRow);
            else divergences.forEach((divergence, index) => { if (divergence.row < from) next = index; });
            if (next < 0) next = direction > 0 ? divergences.length - 1 : 0;
            select(divergences[next].row);
          }

          list.setCount(rows.length);
          root.dataset.divergences = String(divergences.length);
          root.dataset.divergenceKinds = divergences.map((divergence) => [...divergence.kinds].sort().join("+")).join(" ");
          root.dataset.dispatches = String(a.dispatches + b.dispatches);
          root.dataset.rows = String(rows.length);
          const linked = /^#(d|r)=(\d+)$/.exec(location.hash);
          if (linked && linked[1] === "d" && divergences[Number(linked[2]) - 1]) select(divergences[Number(linked[2]) - 1].row);
          else if (linked && linked[1] === "r") select(Number(linked[2]) - 1);
          else if (divergences.length) select(divergences[0].row);
          else select(0);
          $("aligned").addEventListener("click", (click) => {
            const row = click.target.closest(".arow");
            if (row) select(Number(row.dataset.row));
          });
          $("next-diff").addEventListener("click", () => stepDivergence(1));
          $("prev-diff").addEventListener("click", () => stepDivergence(-1));
          document.addEventListener("keydown", (key) => {
            if (key.defaultPrevented || key.altKey || key.ctrlKey || key.metaKey || isTyping(key.target)) return;
            const inList = key.target === $("aligned");
            switch (key.key) {
              case "ArrowRight": case "j": select(selectedRow + 1); break;
              case "ArrowLeft": case "k": select(selectedRow - 1); break;
              case "ArrowDown": if (!inList) return; select(selectedRow + 1); break;
              case "ArrowUp": if (!inList) return; select(selectedRow - 1); break;
              case "n": stepDivergence(1); break;
              case "p": stepDivergence(-1); break;
              case "Home": select(0); break;
              case "End": select(rows.length - 1); break;
              default: return;
            }
            key.preventDefault();
          });
        }

        try {
          if (document.body.dataset.mode === "compare") compare(); else single();
          if (root.dataset.inspector === "loading") {
            root.dataset.renderMs = (performance.now() - started).toFixed(1);
            root.dataset.readyMs = performance.now().toFixed(1);
            root.dataset.inspector = "ready";
          }
        } catch (error) {
          root.dataset.inspector = "error";
          root.dataset.error = String(error && error.message || error);
          showNotices([], "The page failed while showing this recording: " + (error && error.stack || error) + ". Please report it with the recording.");
          throw error;
        }
        })();
        """#
}
