// The page's markup, written by hand and kept small: no framework, no build step, nothing loaded
// from outside. `{{name}}` marks what `InspectorPage` fills in; each mark is replaced once, and
// what replaces it is never searched for another mark.

extension InspectorPage {
    /// The page of one recording.
    static let singleMarkup = #"""
        <!DOCTYPE html>
        <html lang="en" data-inspector="loading">
        <head>
        <meta charset="utf-8">
        <meta http-equiv="Content-Security-Policy" content="{{csp}}">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>{{title}}</title>
        <style>{{style}}</style>
        </head>
        <body data-mode="single">
        <header class="bar">
          <h1>{{title}}</h1>
          <div class="travel">
            <button id="prev" type="button" aria-label="Previous moment" title="Previous visible row (&larr; or k)">&#9664;</button>
            <input id="slider" type="range" min="0" max="0" value="0" aria-label="Moment among the visible rows">
            <button id="next" type="button" aria-label="Next moment" title="Next visible row (&rarr; or j)">&#9654;</button>
          </div>
          <p id="moment" role="status" aria-live="polite" aria-atomic="true"></p>
          <p id="opened"></p>
        </header>
        <div id="notices"></div>
        <main>
          <section id="tree-panel" aria-labelledby="tree-title">
            <h2 id="tree-title">Owner tree</h2>
            <ul class="legend" aria-label="Legend">
              <li><span class="role r-sender">&#8680; sent</span></li>
              <li><span class="role r-handled">&#10003; handled</span></li>
              <li><span class="role r-ignored">&#9675; ignored</span></li>
              <li><span class="change c-attached">+ attached</span></li>
              <li><span class="change c-detached">&minus; detached</span></li>
              <li><span class="change c-state">&#916; state</span></li>
              <li><span class="change c-retained">&#8635; retained replaced</span></li>
            </ul>
            <p id="tree-since" class="state"></p>
            <ul class="tree" id="tree"></ul>
          </section>
          <section id="timeline-panel" aria-label="Timeline">
            <div class="tabs" role="tablist" aria-label="Views">
              <button type="button" role="tab" id="tab-list" aria-selected="true" aria-controls="list-view">List</button>
              <button type="button" role="tab" id="tab-time" aria-selected="false" aria-controls="time-view">Time</button>
            </div>
            <div class="filters">
              <fieldset id="kinds"><legend>Show</legend></fieldset>
              <input id="search" type="search" placeholder="Search names (press /)" aria-label="Search names" autocomplete="off">
              <select id="by-controller" aria-label="Controller"><option value="">every controller</option></select>
              <select id="by-conversation" aria-label="Conversation"><option value="">every conversation</option></select>
              <label><input type="checkbox" id="unhandled-only"> unhandled only</label>
              <select id="order" aria-label="Order"><option value="time">in time order</option><option value="duration">slowest first</option></select>
              <span id="count" aria-live="polite"></span>
            </div>
            <div id="list-view" role="tabpanel" aria-labelledby="tab-list">
              <div id="timeline" class="list" role="listbox" tabindex="0" aria-label="Timeline rows"><div class="spacer" id="spacer"></div><div class="rows" id="rows"></div></div>
            </div>
            <div id="time-view" role="tabpanel" aria-labelledby="tab-time" hidden>
              <div class="zoom">
                <button type="button" id="zoom-in" aria-label="Zoom in">+</button>
                <button type="button" id="zoom-out" aria-label="Zoom out">&minus;</button>
                <button type="button" id="zoom-fit" aria-label="Zoom to fit the whole session">Fit</button>
                <span id="time-scale"></span>
              </div>
              <div id="flame" role="img" aria-label="Dispatches on a time axis"></div>
            </div>
          </section>
          <section id="side" aria-label="Selected">
            <h2>Selected</h2><div id="details">Select a row of the timeline.</div>
            <h2 class="sub">Who talks to whom</h2><p id="graph-caption"></p><div id="graph"></div>
          </section>
        </main>
        <script type="application/x-ndjson" id="recording">
        {{recording}}
        </script>
        <script>{{script}}</script>
        </body>
        </html>
        """#

    /// The page of two recordings of one screen, aligned.
    static let compareMarkup = #"""
        <!DOCTYPE html>
        <html lang="en" data-inspector="loading">
        <head>
        <meta charset="utf-8">
        <meta http-equiv="Content-Security-Policy" content="{{csp}}">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>{{title}}</title>
        <style>{{style}}</style>
        </head>
        <body data-mode="compare">
        <header class="bar">
          <h1>{{title}}</h1>
          <button id="prev-diff" type="button" aria-label="Previous difference" title="Previous difference (p)">&#9664; difference</button>
          <button id="next-diff" type="button" aria-label="Next difference" title="Next difference (n)">difference &#9654;</button>
          <p id="diff-status" role="status" aria-live="polite" aria-atomic="true"></p>
          <p class="keys">j/k or &darr;/&uarr; step rows, n/p step differences</p>
        </header>
        <div id="notices"></div>
        <main class="compare">
          <section class="tree-side" aria-labelledby="title-a">
            <h2 id="title-a">A: {{title-a}}</h2><p id="moment-a" class="state"></p><ul class="tree" id="tree-a"></ul>
          </section>
          <section id="aligned-panel" aria-label="Both recordings, aligned">
            <h2>A and B aligned (times, durations and numbers ignored)</h2>
            <div id="aligned" class="list" role="listbox" tabindex="0" aria-label="Aligned rows"><div class="spacer" id="aligned-spacer"></div><div class="rows" id="aligned-rows"></div></div>
            <div id="difference"></div>
          </section>
          <section class="tree-side" aria-labelledby="title-b">
            <h2 id="title-b">B: {{title-b}}</h2><p id="moment-b" class="state"></p><ul class="tree" id="tree-b"></ul>
          </section>
        </main>
        <script type="application/x-ndjson" id="recording-a">
        {{recording-a}}
        </script>
        <script type="application/x-ndjson" id="recording-b">
        {{recording-b}}
        </script>
        <script>{{script}}</script>
        </body>
        </html>
        """#
}
