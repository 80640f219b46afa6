// The page's HTML, style and script, written by hand and kept small: no framework, no build step,
// nothing loaded from outside. `{{title}}` and `{{recording}}` are filled in by `html(recording:)`.

extension InspectorPage {
    static let template = #"""
        <!DOCTYPE html>
        <html lang="en" data-inspector="loading">
        <head>
        <meta charset="utf-8">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>{{title}}</title>
        <style>
        :root { --line: #d8dbe0; --muted: #6b7280; --accent: #2563eb; --ok: #15803d; --warn: #b45309; --bad: #b91c1c; }
        * { box-sizing: border-box; }
        body { margin: 0; font: 13px/1.4 -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif; color: #111827; background: #f8fafc; }
        header { display: flex; gap: 12px; align-items: center; padding: 8px 12px; background: #111827; color: #f9fafb; flex-wrap: wrap; }
        header h1 { font-size: 15px; margin: 0 12px 0 0; }
        header input[type=range] { flex: 1; min-width: 160px; }
        header button { font: inherit; padding: 2px 10px; }
        main { display: grid; grid-template-columns: minmax(220px, 1fr) minmax(360px, 2fr) minmax(280px, 1.4fr); gap: 8px; padding: 8px; height: calc(100vh - 50px); }
        section { background: #fff; border: 1px solid var(--line); border-radius: 6px; overflow: auto; padding: 8px; min-height: 0; }
        h2 { font-size: 13px; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); margin: 0 0 6px; }
        ul.tree, ul.tree ul { list-style: none; margin: 0; padding-left: 14px; }
        ul.tree { padding-left: 0; }
        .owner > .label { font-weight: 600; }
        .state { color: var(--muted); font-size: 11px; margin-left: 4px; }
        .tag { display: inline-block; font-size: 10px; padding: 0 4px; margin: 1px 2px; border-radius: 3px; background: #eef2ff; color: #3730a3; }
        li.ctl, .owner > .label { padding: 1px 4px; border-radius: 4px; border: 1px solid transparent; }
        .sender { background: #dbeafe; border-color: var(--accent) !important; }
        .handled { background: #dcfce7; border-color: var(--ok) !important; }
        .ignored { background: #fef3c7; border-color: var(--warn) !important; }
        .gone { opacity: .45; text-decoration: line-through; }
        .filters { display: flex; gap: 6px; flex-wrap: wrap; margin-bottom: 6px; }
        .filters select { max-width: 180px; }
        #timeline .row { white-space: nowrap; cursor: pointer; padding: 1px 4px; border-radius: 3px; font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 12px; }
        #timeline .row:hover { background: #f1f5f9; }
        #timeline .row.future { opacity: .4; }
        /* Off-screen rows are not laid out until scrolled to: a long session renders as fast as a short one. */
        #timeline .row { content-visibility: auto; contain-intrinsic-size: auto 18px; }
        #timeline .row.selected { background: #dbeafe; outline: 1px solid var(--accent); }
        #timeline .row.event { color: var(--muted); }
        #timeline .row.hidden { display: none; }
        .seq { color: var(--muted); display: inline-block; min-width: 44px; }
        .badge { font-size: 10px; padding: 0 4px; border-radius: 3px; margin-left: 4px; color: #fff; }
        .badge.unhandled { background: var(--bad); } .badge.retained { background: #7c3aed; }
        .badge.replay { background: #0891b2; } .badge.host { background: #4b5563; } .badge.async { background: #0d9488; }
        #details dl { display: grid; grid-template-columns: auto 1fr; gap: 2px 8px; margin: 0 0 8px; }
        #details dt { color: var(--muted); }
        #details dd { margin: 0; word-break: break-word; }
        svg { width: 100%; height: auto; }
        svg .edge { stroke: #94a3b8; fill: none; }
        svg .edge.hot { stroke: var(--accent); stroke-width: 3; }
        svg .node circle { fill: #fff; stroke: #334155; }
        svg .node.hot circle { fill: #dbeafe; stroke: var(--accent); }
        svg text { font-size: 10px; fill: #111827; }
        #error { color: var(--bad); white-space: pre-wrap; }
        </style>
        </head>
        <body>
        <header>
          <h1>{{title}}</h1>
          <button id="prev" title="Previous moment">&#9664;</button>
          <input id="slider" type="range" min="0" max="0" value="0" aria-label="Moment">
          <button id="next" title="Next moment">&#9654;</button>
          <span id="moment"></span>
        </header>
        <main>
          <section id="tree-panel"><h2>Owner tree</h2><ul class="tree" id="tree"></ul></section>
          <section id="timeline-panel">
            <h2>Timeline</h2>
            <div class="filters">
              <select id="by-controller" aria-label="Controller"><option value="">every controller</option></select>
              <select id="by-conversation" aria-label="Conversation"><option value="">every conversation</option></select>
              <label><input type="checkbox" id="unhandled-only"> unhandled only</label>
            </div>
            <div id="timeline"></div>
          </section>
          <section id="side">
            <h2>Selected</h2><div id="details">Select a dispatch in the timeline.</div>
            <h2>Who talks to whom</h2><div id="graph"></div>
            <div id="error"></div>
          </section>
        </main>
        <script type="application/x-ndjson" id="recording">
        {{recording}}
        </script>
        <script>
        "use strict";
        const started = performance.now();
        const $ = (id) => document.getElementById(id);
        const esc = (text) => String(text).replace(/[&<>"']/g, (c) => "&#" + c.charCodeAt(0) + ";");

        // The recording: a header line, then one event per line, sorted by when each started.
        const lines = $("recording").textContent.split("\n").filter((line) => line.trim() !== "").map((line) => JSON.parse(line));
        const header = lines[0] || {};
        if (header.format !== "bckit-inspector") throw new Error("not a BCKit Inspector recording");
        const events = lines.slice(1).sort((a, b) => a.seq - b.seq);
        const bySeq = new Map(events.map((event) => [event.seq, event]));
        for (const event of events) {
          const parent = bySeq.get(event.parent);
          event.depth = parent ? parent.depth + 1 : 0;
        }
        const dispatches = events.filter((event) => event.type === "dispatch");
        const snapshots = events.filter((event) => event.type === "owner");
        const lastSeq = events.length ? events[events.length - 1].seq : 0;
        const receiverNames = (dispatch) => dispatch.receivers.map((receiver) => receiver.name);

        // The conversations each controller speaks: sends or hears, lifecycle events aside.
        const speaks = new Map();
        const speak = (name, conversation) => {
          if (!speaks.has(name)) speaks.set(name, new Set());
          speaks.get(name).add(conversation);
        };
        for (const dispatch of dispatches) {
          if (dispatch.kind === "lifecycle") continue;
          if (dispatch.sender) speak(dispatch.sender, dispatch.conversation);
          for (const name of receiverNames(dispatch)) speak(name, dispatch.conversation);
        }

        let moment = lastSeq;
        let selected = null;

        // The tree at a moment: the latest snapshot of each owner up to it.
        function ownersAt(seq) {
          const latest = new Map();
          for (const snapshot of snapshots) {
            if (snapshot.seq > seq) break;
            latest.set(snapshot.ownerID, snapshot);
          }
          return latest;
        }

        function ownerHTML(snapshot, latest, seen) {
          if (seen.has(snapshot.ownerID)) return "";
          seen.add(snapshot.ownerID);
          const gone = snapshot.state === "torn down" ? " gone" : "";
          let html = '<li class="owner' + gone + '"><span class="label" data-name="' + esc(snapshot.owner) + '">' + esc(snapshot.owner) +
            '</span><span class="state">' + esc(snapshot.state) + "</span><ul>";
          for (const controller of snapshot.controllers) {
            const nested = controller.ownerID !== undefined ? latest.get(controller.ownerID) : undefined;
            if (nested) { html += ownerHTML(nested, latest, seen); continue; }
            const tags = [...(speaks.get(controller.name) || [])].map((name) => '<span class="tag">' + esc(name) + "</span>").join("");
            html += '<li class="ctl" data-name="' + esc(controller.name) + '">' + esc(controller.name) +
              '<span class="state">' + esc(controller.state) + "</span> " + tags + "</li>";
          }
          return html + "</ul></li>";
        }

        function renderTree() {
          const latest = ownersAt(moment);
          const seen = new Set();
          let html = "";
          for (const snapshot of latest.values()) {
            if (snapshot.parentID === null || !latest.has(snapshot.parentID)) html += ownerHTML(snapshot, latest, seen);
          }
          $("tree").innerHTML = html || "<li>No owner yet.</li>";
          highlightTree();
        }

        function highlightTree() {
          if (!selected || selected.type !== "dispatch") return;
          const roles = new Map(selected.receivers.map((receiver) => [receiver.name, receiver.handled ? "handled" : "ignored"]));
          for (const element of $("tree").querySelectorAll("[data-name]")) {
            const name = element.dataset.name;
            if (roles.has(name)) element.classList.add(roles.get(name));
            if (name === selected.sender) element.classList.add("sender");
          }
        }

        function rowHTML(event) {
          const indent = "&nbsp;&nbsp;".repeat(event.depth);
          let text;
          if (event.type === "dispatch") {
            const what = esc(event.conversation) + (event.message ? "." + esc(event.message) : "");
            const to = event.receivers.length ? event.receivers.map((r) => esc(r.name) + (r.handled ? "" : "?")).join(", ") : "nobody";
            text = (event.kind === "lifecycle" ? "&#9679; " + esc(event.owner) + " " + what : esc(event.sender || "host") + " &rarr; " + what) + " &rarr; " + to;
            if (event.unhandled) text += '<span class="badge unhandled">unhandled</span>';
            if (event.retained) text += '<span class="badge retained">retained</span>';
            if (event.kind === "replay") text += '<span class="badge replay">replay</span>';
            if (event.hostRequest) text += '<span class="badge host">host</span>';
            if (event.async) text += '<span class="badge async">async</span>';
          } else if (event.type === "owner") {
            text = event.change === "lifecycle"
              ? esc(event.owner) + " is " + esc(event.state) + " after " + esc(event.subject)
              : esc(event.owner) + ": " + esc(event.change) + (event.subject ? " " + esc(event.subject) : "");
          } else if (event.type === "task") {
            text = esc(event.controller) + " task " + esc(event.change.replace("task-", ""));
          } else {
            text = "&#9888; " + esc(event.text);
          }
          const kind = event.type === "dispatch" ? "dispatch" : "event";
          return '<div class="row ' + kind + '" data-seq="' + event.seq + '"><span class="seq">' + event.seq + "</span>" + indent + text + "</div>";
        }

        function renderTimeline() {
          $("timeline").innerHTML = events.map(rowHTML).join("");
        }

        function fillFilters() {
          const controllers = new Set(speaks.keys());
          for (const snapshot of snapshots) for (const controller of snapshot.controllers) controllers.add(controller.name);
          const conversations = new Set(dispatches.filter((d) => d.kind !== "lifecycle").map((d) => d.conversation));
          const options = (values) => [...values].sort().map((value) => '<option value="' + esc(value) + '">' + esc(value) + "</option>").join("");
          $("by-controller").insertAdjacentHTML("beforeend", options(controllers));
          $("by-conversation").insertAdjacentHTML("beforeend", options(conversations));
        }

        function isShown(event, controller, conversation, unhandledOnly) {
          if (event.type === "dispatch") {
            if (conversation && event.conversation !== conversation) return false;
            if (unhandledOnly && !event.unhandled) return false;
            return !controller || event.sender === controller || receiverNames(event).includes(controller);
          }
          if (conversation || unhandledOnly) return false;
          return !controller || event.subject === controller || event.controller === controller;
        }

        function applyFilters() {
          const began = performance.now();
          const controller = $("by-controller").value;
          const conversation = $("by-conversation").value;
          const unhandledOnly = $("unhandled-only").checked;
          for (const row of $("timeline").children) {
            row.classList.toggle("hidden", !isShown(bySeq.get(Number(row.dataset.seq)), controller, conversation, unhandledOnly));
          }
          document.documentElement.dataset.filterMs = (performance.now() - began).toFixed(1);
        }

        function renderDetails() {
          if (!selected) { $("details").textContent = "Select a dispatch in the timeline."; return; }
          const rows = [["moment", "#" + selected.seq], ["type", selected.type]];
          if (selected.type === "dispatch") {
            const handled = selected.receivers.filter((r) => r.handled).map((r) => esc(r.name));
            const ignored = selected.receivers.filter((r) => !r.handled).map((r) => esc(r.name) + (r.default ? " (default " + esc(r.default) + ")" : ""));
            const caused = events.filter((event) => event.parent === selected.seq).length;
            rows.push(["kind", esc(selected.kind)], ["owner", esc(selected.owner)], ["conversation", esc(selected.conversation)],
              ["message", selected.message ? esc(selected.message) : "&mdash;"], ["sender", esc(selected.sender || "host")],
              ["scope", esc(selected.scope)], ["handled by", handled.join(", ") || "nobody"],
              ["ignored by", ignored.join(", ") || "nobody"], ["caused", caused + " event(s)"]);
            if (selected.duration !== undefined) rows.push(["took", selected.duration + " &micro;s"]);
          } else {
            for (const key of ["owner", "change", "subject", "controller", "text"]) {
              if (selected[key] !== undefined && selected[key] !== null) rows.push([key, esc(selected[key])]);
            }
          }
          $("details").innerHTML = '<dl id="selection">' + rows.map(([key, value]) => "<dt>" + key + "</dt><dd>" + value + "</dd>").join("") + "</dl>";
        }

        // Who talks to whom: every sender and receiver on a circle, an arrow per pair that spoke.
        function renderGraph() {
          const edges = new Map();
          const nodes = new Set();
          for (const dispatch of dispatches) {
            if (dispatch.kind === "lifecycle") continue;
            const from = dispatch.sender || "host";
            nodes.add(from);
            for (const to of receiverNames(dispatch)) {
              nodes.add(to);
              const key = from + "\u0000" + to;
              if (!edges.has(key)) edges.set(key, { from, to, conversations: new Set(), count: 0 });
              edges.get(key).conversations.add(dispatch.conversation);
              edges.get(key).count += 1;
            }
          }
          const names = [...nodes].sort();
          const radius = Math.max(110, names.length * 10);
          const size = 2 * radius + 340;
          const centre = size / 2;
          const place = new Map(names.map((name, index) => {
            const angle = (2 * Math.PI * index) / names.length - Math.PI / 2;
            return [name, { x: centre + radius * Math.cos(angle), y: centre + radius * Math.sin(angle), angle }];
          }));
          let svg = '<svg id="talks" viewBox="0 0 ' + size + " " + size + '" xmlns="http://www.w3.org/2000/svg" role="img" aria-label="Who talks to whom">' +
            '<defs><marker id="arrow" viewBox="0 0 10 10" refX="16" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#64748b"/></marker></defs>';
          for (const edge of edges.values()) {
            const a = place.get(edge.from), b = place.get(edge.to);
            const width = 1 + Math.min(3, Math.log10(edge.count));
            const path = edge.from === edge.to
              ? "M" + a.x + "," + a.y + " c 30,-40 50,10 4,6"
              : "M" + a.x + "," + a.y + " Q" + centre + "," + centre + " " + b.x + "," + b.y;
            svg += '<path class="edge" data-from="' + esc(edge.from) + '" data-to="' + esc(edge.to) + '" d="' + path + '" stroke-width="' + width +
              '" marker-end="url(#arrow)"><title>' + esc(edge.from + " \u2192 " + edge.to + ": " + [...edge.conversations].join(", ") + " (" + edge.count + ")") + "</title></path>";
          }
          for (const name of names) {
            const p = place.get(name);
            const right = Math.cos(p.angle) >= 0;
            svg += '<g class="node" data-name="' + esc(name) + '"><circle cx="' + p.x + '" cy="' + p.y + '" r="6"/><text x="' + (p.x + (right ? 9 : -9)) +
              '" y="' + (p.y + 3) + '" text-anchor="' + (right ? "start" : "end") + '">' + esc(name) + "</text></g>";
          }
          $("graph").innerHTML = svg + "</svg>";
        }

        function highlightGraph() {
          for (const element of $("graph").querySelectorAll(".hot")) element.classList.remove("hot");
          if (!selected || selected.type !== "dispatch" || selected.kind === "lifecycle") return;
          const from = selected.sender || "host";
          const to = new Set(receiverNames(selected));
          for (const edge of $("graph").querySelectorAll(".edge")) {
            if (edge.dataset.from === from && to.has(edge.dataset.to)) edge.classList.add("hot");
          }
          for (const node of $("graph").querySelectorAll(".node")) {
            if (node.dataset.name === from || to.has(node.dataset.name)) node.classList.add("hot");
          }
        }

        // Time travel: the moment is an event's number; the tree shows everything up to it.
        let shownSelection = null;
        // Rows from this position on are dimmed as the future. Only the rows between the old and
        // the new moment change class: a sibling selector (`.selected ~ .row`) did the same with no
        // script, but cost Chromium two seconds of style invalidation at 10,000 rows.
        let futureFrom = events.length;
        function dimFuture() {
          const rows = $("timeline").children;
          let from = events.findIndex((event) => event.seq > moment);
          if (from < 0) from = events.length;
          for (let index = Math.min(from, futureFrom); index < Math.max(from, futureFrom); index++) {
            rows[index].classList.toggle("future", index >= from);
          }
          futureFrom = from;
        }

        function show(seq) {
          moment = Math.max(0, Math.min(lastSeq, seq));
          selected = bySeq.get(moment) || null;
          $("slider").value = moment;
          $("moment").textContent = "moment " + moment + " of " + lastSeq;
          dimFuture();
          if (shownSelection) shownSelection.classList.remove("selected");
          shownSelection = $("timeline").querySelector('[data-seq="' + moment + '"]');
          if (shownSelection) {
            shownSelection.classList.add("selected");
            shownSelection.scrollIntoView({ block: "nearest" });
          }
          renderTree();
          renderDetails();
          highlightGraph();
          if (location.hash !== "#t=" + moment) history.replaceState(null, "", "#t=" + moment);
        }

        function momentFromHash() {
          const match = /^#t=(\d+)$/.exec(location.hash);
          return match ? Number(match[1]) : lastSeq;
        }

        function step(direction) {
          const index = events.findIndex((event) => event.seq >= moment);
          const next = events[Math.max(0, Math.min(events.length - 1, (index < 0 ? events.length : index) + direction))];
          if (next) show(next.seq);
        }

        try {
          $("slider").max = lastSeq;
          fillFilters();
          renderTimeline();
          renderGraph();
          show(momentFromHash());
          $("timeline").addEventListener("click", (click) => {
            const row = click.target.closest(".row");
            if (row) show(Number(row.dataset.seq));
          });
          $("slider").addEventListener("input", () => show(Number($("slider").value)));
          $("prev").addEventListener("click", () => step(-1));
          $("next").addEventListener("click", () => step(1));
          for (const id of ["by-controller", "by-conversation", "unhandled-only"]) $(id).addEventListener("change", applyFilters);
          window.addEventListener("hashchange", () => show(momentFromHash()));
          const root = document.documentElement;
          root.dataset.dispatches = String(dispatches.length);
          root.dataset.renderMs = (performance.now() - started).toFixed(1);
          root.dataset.readyMs = performance.now().toFixed(1);
          root.dataset.inspector = "ready";
        } catch (error) {
          document.documentElement.dataset.inspector = "error";
          $("error").textContent = String(error && error.stack || error);
          throw error;
        }
        </script>
        </body>
        </html>
        """#
}
