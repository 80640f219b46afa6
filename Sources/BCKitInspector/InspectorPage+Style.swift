// The page's style sheet. The page's Content-Security-Policy allows it by its SHA-256 digest, so
// the page sets no `style` attribute in markup: what the script places (row offsets) it places
// through the CSSOM, which the policy allows.
//
// Colours: every text colour is at least 4.5:1 against its background (white on each badge, the
// muted grey on white), and rows after the moment are dimmed by colour, not opacity, to 4.8:1.

extension InspectorPage {
    static let style = #"""
        :root { --line: #d8dbe0; --muted: #4b5563; --dim: #6b7280; --accent: #1d4ed8; --ok: #15803d; --warn: #b45309; --bad: #b91c1c; --row: 22px; }
        * { box-sizing: border-box; }
        html, body { margin: 0; }
        body { display: flex; flex-direction: column; height: 100vh; font: 13px/1.4 -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif; color: #111827; background: #f8fafc; }
        button, input, select { font: inherit; }
        a { color: var(--accent); }
        .bar { position: sticky; top: 0; z-index: 5; display: flex; gap: 8px 12px; align-items: center; padding: 6px 12px; background: #111827; color: #f9fafb; flex-wrap: wrap; }
        .bar h1 { font-size: 15px; margin: 0 8px 0 0; }
        .bar p { margin: 0; }
        .bar button { padding: 2px 10px; }
        .travel { display: flex; gap: 6px; align-items: center; flex: 1 1 260px; min-width: 0; }
        .travel input[type=range] { flex: 1; min-width: 80px; }
        #moment { flex: 2 1 260px; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
        #opened { flex: 1 1 100%; font-size: 12px; color: #e5e7eb; }
        #opened:empty { display: none; }
        .keys { font-size: 12px; color: #e5e7eb; }
        #notices:empty { display: none; }
        #notices { margin: 8px 8px 0; padding: 6px 10px; border-radius: 6px; background: #fffbeb; border: 1px solid var(--warn); color: #78350f; }
        #notices p { margin: 2px 0; }
        #notices .fatal { color: var(--bad); font-weight: 600; }
        main { display: grid; grid-template-columns: minmax(220px, 1fr) minmax(380px, 2fr) minmax(280px, 1.3fr); gap: 8px; padding: 8px; flex: 1; min-height: 420px; }
        main.compare { grid-template-columns: minmax(200px, 1fr) minmax(420px, 2.4fr) minmax(200px, 1fr); }
        section { background: #fff; border: 1px solid var(--line); border-radius: 6px; overflow: auto; padding: 8px; min-height: 0; min-width: 0; }
        #timeline-panel, #aligned-panel { display: flex; flex-direction: column; overflow: hidden; }
        h2 { font-size: 13px; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); margin: 0 0 6px; }
        h2.sub { margin-top: 12px; }
        ul.tree, ul.tree ul { list-style: none; margin: 0; padding-left: 14px; }
        ul.tree { padding-left: 0; }
        .owner > .label { font-weight: 600; }
        .state { color: var(--muted); font-size: 11px; margin-left: 4px; }
        .tag { display: inline-block; font-size: 10px; padding: 0 4px; margin: 1px 2px; border-radius: 3px; background: #eef2ff; color: #3730a3; }
        li.ctl, .owner > .label { display: block; padding: 1px 4px; border-radius: 4px; border: 1px solid transparent; overflow-wrap: anywhere; }
        li.ctl { cursor: pointer; }
        .sender { background: #dbeafe; border-color: var(--accent) !important; }
        .handled { background: #dcfce7; border-color: var(--ok) !important; }
        .ignored { background: #fef3c7; border-color: var(--warn) !important; }
        .sender.handled, .sender.ignored { border-left-width: 4px !important; border-left-color: var(--accent) !important; }
        .subject, .focus { outline: 2px dashed var(--accent); }
        .role, .change { display: inline-block; font-size: 10px; font-weight: 600; padding: 0 4px; margin-left: 4px; border-radius: 3px; border: 1px solid; background: #fff; }
        .role.r-sender { color: var(--accent); } .role.r-handled { color: var(--ok); } .role.r-ignored { color: #92400e; }
        .change { color: #7c2d12; border-style: dashed; }
        .change.c-attached { color: var(--ok); } .change.c-detached { color: var(--bad); } .change.c-state { color: #1e40af; } .change.c-retained { color: #6d28d9; }
        .change.c-only { color: #9d174d; }
        .gone { color: var(--muted); text-decoration: line-through; }
        .legend { display: flex; flex-wrap: wrap; gap: 2px 6px; margin: 0 0 8px; padding: 0; list-style: none; font-size: 11px; color: var(--muted); }
        .legend li { display: flex; align-items: center; }
        .tabs { display: flex; gap: 4px; margin-bottom: 6px; }
        .tabs button { padding: 2px 12px; border: 1px solid var(--line); background: #f1f5f9; border-radius: 4px; cursor: pointer; }
        .tabs button[aria-selected=true] { background: #111827; color: #fff; border-color: #111827; }
        .filters { display: flex; gap: 4px 8px; flex-wrap: wrap; align-items: center; margin-bottom: 6px; }
        .filters fieldset { display: flex; flex-wrap: wrap; gap: 2px 8px; border: 0; padding: 0; margin: 0; }
        .filters legend { float: left; font-weight: 600; margin-right: 4px; }
        .filters label { white-space: nowrap; }
        .filters select { max-width: 190px; }
        .filters input[type=search] { flex: 1 1 160px; min-width: 120px; }
        #count { color: var(--muted); font-size: 12px; }
        .list { position: relative; flex: 1; min-height: 120px; overflow: auto; border-top: 1px solid var(--line); outline-offset: -2px; }
        .list:focus-visible { outline: 2px solid var(--accent); }
        .spacer { width: 1px; }
        .rows { position: absolute; top: 0; left: 0; right: 0; }
        .row, .arow { display: flex; align-items: center; gap: 4px; height: var(--row); line-height: var(--row); padding: 0 4px; cursor: pointer; white-space: nowrap; overflow: hidden; font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 12px; border-radius: 3px; }
        .row:hover, .arow:hover { background: #f1f5f9; }
        .row .seq { flex: none; color: var(--muted); min-width: 44px; }
        .row .badges { flex: none; display: flex; gap: 3px; }
        .row .text { flex: 1 1 auto; min-width: 0; overflow: hidden; text-overflow: ellipsis; }
        .row .dur { flex: none; color: var(--muted); font-size: 11px; }
        .row.event .text { color: var(--muted); }
        .row.future .text, .row.future .seq, .row.future .dur { color: var(--dim); }
        .row.marker { background: #f5f3ff; font-weight: 600; }
        .row.marker .text { color: #4c1d95; }
        .row.diag .text { color: #991b1b; }
        .row.selected, .arow.selected { background: #dbeafe; box-shadow: inset 0 0 0 1px var(--accent); }
        .row.selected .text, .row.selected .seq { color: #111827; }
        .d1 { padding-left: 12px; } .d2 { padding-left: 24px; } .d3 { padding-left: 36px; } .d4 { padding-left: 48px; }
        .d5 { padding-left: 60px; } .d6 { padding-left: 72px; } .d7 { padding-left: 84px; } .d8 { padding-left: 96px; }
        .badge { font-size: 10px; line-height: 15px; padding: 0 4px; border-radius: 3px; color: #fff; font-family: -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif; }
        .badge.unhandled { background: var(--bad); } .badge.retained { background: #6d28d9; }
        .badge.replay { background: #0e7490; } .badge.host { background: #4b5563; } .badge.async { background: #0f766e; }
        .badge.quiet { background: #57534e; } .badge.marker { background: #5b21b6; } .badge.diagnostic { background: #9a3412; }
        #details dl { display: grid; grid-template-columns: auto 1fr; gap: 2px 8px; margin: 0 0 8px; }
        #details dt { color: var(--muted); }
        #details dd { margin: 0; overflow-wrap: anywhere; }
        #details .full { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 12px; overflow-wrap: anywhere; margin: 0 0 6px; padding: 4px; background: #f8fafc; border-radius: 4px; }
        #details ul { margin: 0; padding-left: 16px; }
        #graph svg, #flame svg { display: block; }
        #graph { overflow: auto; }
        #graph-caption { margin: 0 0 4px; color: var(--muted); font-size: 12px; }
        svg text { font-size: 12px; fill: #111827; font-family: -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif; }
        svg .edge { stroke: #94a3b8; fill: none; }
        svg .edge.hot { stroke: var(--accent); stroke-width: 3; }
        svg .hit { stroke: transparent; stroke-width: 12; fill: none; pointer-events: stroke; cursor: help; }
        svg .node { cursor: pointer; }
        svg .node rect { fill: #fff; stroke: #334155; }
        svg .node.hot rect { fill: #dbeafe; stroke: var(--accent); }
        svg .node.focus rect { stroke-width: 2; stroke: var(--accent); }
        #time-view { display: flex; flex-direction: column; flex: 1; min-height: 0; }
        #time-view[hidden], #list-view[hidden] { display: none; }
        #list-view { display: flex; flex-direction: column; flex: 1; min-height: 0; }
        .zoom { display: flex; gap: 6px; align-items: center; margin-bottom: 4px; flex-wrap: wrap; }
        #time-scale { color: var(--muted); font-size: 12px; }
        #flame { flex: 1; overflow-y: auto; overflow-x: hidden; border-top: 1px solid var(--line); cursor: grab; }
        #flame .fbar { stroke: #fff; stroke-width: 1; cursor: pointer; }
        #flame .fbar.k-message { fill: #bfdbfe; } #flame .fbar.k-query { fill: #c7d2fe; } #flame .fbar.k-lifecycle { fill: #e5e7eb; }
        #flame .fbar.k-other { fill: #fde68a; } #flame .fbar.unhandled { fill: #fecaca; }
        #flame .fbar.sel { stroke: #111827; stroke-width: 2; }
        #flame .flabel { font-size: 11px; pointer-events: none; }
        #flame .tick { stroke: #e5e7eb; } #flame .ticklabel { font-size: 10px; fill: var(--muted); }
        #flame .mark { stroke: #6d28d9; stroke-dasharray: 3 2; } #flame .marklabel { font-size: 11px; fill: #4c1d95; }
        #flame .moment { stroke: var(--bad); stroke-width: 1.5; }
        .arow .mark { flex: none; width: 68px; font-size: 10px; font-weight: 600; white-space: nowrap; }
        .arow .side { flex: 1 1 0; min-width: 0; overflow: hidden; text-overflow: ellipsis; }
        .arow.same .side { color: var(--muted); }
        .arow.diff { background: #fff1f2; }
        .arow.diff .mark { color: #9f1239; }
        .arow.selected { background: #dbeafe; }
        #diff-status { flex: 2 1 300px; min-width: 0; }
        #difference { flex: none; max-height: 38%; overflow: auto; border-top: 1px solid var(--line); }
        #difference ul { margin: 4px 0; padding-left: 18px; }
        @media (max-width: 1100px) {
          body { display: block; height: auto; }
          main, main.compare { display: flex; flex-direction: column; }
          #timeline-panel, #aligned-panel { height: 70vh; min-height: 360px; order: -1; }
          #tree-panel, .tree-side { max-height: 50vh; }
          #side { max-height: none; }
        }
        """#
}
