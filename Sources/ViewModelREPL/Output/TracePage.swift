/// The trace page (`--trace=FILE.html`): one self-contained HTML file, its CSS and script inline
/// and the session's data embedded as JSON, so it opens from disk or as a CI artifact with no
/// network and no server.
///
/// The page lists the steps (command, reply type, failure markers, a "first failure" link);
/// selecting one shows its outputs (`→ NAME value`, each on the step of the request that caused
/// it, even when its work sent it after the reply), its other pushes, and the state after it as a
/// tree built lazily (only expanded nodes exist), the paths that changed since the step before
/// highlighted, and the patch. ArrowUp/ArrowDown
/// (or k/j) step back and forth; a search box filters the tree by path or value. When the trace
/// holds `explore --coverage`'s line, a "Coverage" link in the header opens a panel with its
/// state graph (``CoverageDiagram``), the events' counts, those never sent and the enum cases
/// never reached.
enum TracePage {
    /// The page with `data` (``TraceRecorder/document(title:)``) embedded.
    ///
    /// The data sits in a `<script type="application/json">` element with every `<` written as
    /// `\u003c`, which JSON reads as the same character: no text in a state (`</script>`,
    /// `<!--`) can end the element early.
    static func html(data: [UInt8]) -> [UInt8] {
        var page: [UInt8] = []
        page.reserveCapacity(data.count + before.utf8.count + after.utf8.count + 64)
        page += before.utf8
        for byte in data {
            if byte == UInt8(ascii: "<") {
                page += #"\u003c"#.utf8
            } else {
                page.append(byte)
            }
        }
        page += after.utf8
        return page
    }

    private static let before = #"""
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>vmrepl trace</title>
        <style>
        :root { --bg:#fff; --fg:#1d1d1f; --muted:#6e6e73; --line:#d2d2d7; --sel:#dbe9ff; --changed:#fff3b0; --fail:#c62828; --err:#b26a00; }
        * { box-sizing: border-box; }
        [hidden] { display:none !important; }
        body { margin:0; font:13px/1.4 -apple-system, system-ui, sans-serif; color:var(--fg); background:var(--bg); height:100vh; display:flex; flex-direction:column; }
        header { padding:6px 10px; border-bottom:1px solid var(--line); display:flex; gap:16px; align-items:center; flex-wrap:wrap; }
        header h1 { font-size:14px; margin:0; }
        #notice { color:var(--err); }
        #first-failure { color:var(--fail); font-weight:600; }
        main { flex:1; display:flex; min-height:0; }
        #steps { width:38%; min-width:260px; overflow:auto; border-right:1px solid var(--line); margin:0; padding:0; list-style:none; font-family:ui-monospace, Menlo, monospace; font-size:12px; }
        .step { padding:3px 8px; border-bottom:1px solid #f0f0f0; cursor:pointer; display:flex; gap:8px; white-space:nowrap; }
        .step:hover { background:#f5f5f7; }
        .step.selected { background:var(--sel); }
        .step .line { color:var(--muted); min-width:3em; max-width:40%; overflow:hidden; text-overflow:ellipsis; text-align:right; }
        .step .number { color:var(--muted); min-width:2.5em; text-align:right; }
        .step .cmd { overflow:hidden; text-overflow:ellipsis; flex:1; }
        .step .type { color:var(--muted); }
        .step .clock { color:var(--muted); }
        .marker { font-weight:700; }
        .failure-expect .marker, .failure-invariant .marker { color:var(--fail); }
        .failure-error .marker { color:var(--err); }
        #detail { flex:1; overflow:auto; padding:8px 12px; min-width:0; }
        #detail h2 { font-size:13px; margin:10px 0 4px; }
        pre { margin:0; white-space:pre-wrap; word-break:break-all; font:12px ui-monospace, Menlo, monospace; background:#f7f7f9; padding:6px; border-radius:4px; }
        #search { width:100%; padding:4px 6px; font:inherit; margin:4px 0; }
        #tree { font:12px/1.5 ui-monospace, Menlo, monospace; }
        .node { white-space:nowrap; cursor:default; padding-left:2px; }
        .node .toggle { display:inline-block; width:1.2em; cursor:pointer; color:var(--muted); }
        .node .key { color:#6f42c1; }
        .node .val-string { color:#0a7e07; }
        .node .val-number { color:#1750eb; }
        .node .val-literal { color:#b05800; }
        .node .summary { color:var(--muted); }
        .node.changed { background:var(--changed); }
        .node.contains-change > .key { text-decoration:underline dotted #d4a800; }
        .node.match { outline:1px solid #7aa7ff; }
        .children { padding-left:1.2em; border-left:1px dotted #e0e0e0; margin-left:0.5em; }
        .more { color:#1750eb; cursor:pointer; }
        .muted { color:var(--muted); }
        #coverage-link { font-weight:600; }
        #coverage { flex:1; overflow:auto; padding:8px 12px; min-height:0; }
        #coverage h2 { font-size:14px; margin:4px 0 8px; }
        #coverage h3 { font-size:13px; margin:14px 0 4px; }
        #coverage-graph { overflow:auto; border:1px solid var(--line); border-radius:4px; max-height:70vh; background:#fcfcfd; }
        #coverage-graph svg { display:block; }
        #coverage-graph .node:hover rect { fill:var(--sel); }
        #coverage-graph .edge:hover path { stroke:#1750eb; stroke-width:2; }
        #coverage table { border-collapse:collapse; font:12px ui-monospace, Menlo, monospace; }
        #coverage th, #coverage td { border-bottom:1px solid #eee; padding:2px 10px 2px 0; text-align:left; }
        #coverage td.n { text-align:right; }
        #coverage ul { margin:0; padding-left:1.4em; font:12px/1.5 ui-monospace, Menlo, monospace; }
        #coverage-notice { color:var(--err); margin:4px 0; }
        </style>
        </head>
        <body>
        <header>
        <h1 id="title">vmrepl trace</h1>
        <span id="summary" class="muted"></span>
        <a id="first-failure" href="#" hidden></a>
        <a id="coverage-link" href="#coverage" hidden></a>
        <span id="notice" hidden></span>
        </header>
        <main>
        <ol id="steps" tabindex="0" aria-label="steps"></ol>
        <section id="detail" aria-live="polite">
        <div id="step-head"></div>
        <h2>Reply</h2><pre id="reply"></pre>
        <div id="outputs-box"><h2>Outputs</h2><pre id="outputs"></pre></div>
        <div id="pushes-box"><h2>Pushes</h2><pre id="pushes"></pre></div>
        <h2 id="state-title">State after this step</h2>
        <input id="search" type="search" placeholder="Filter the state by path or value" aria-label="filter the state">
        <div id="search-count" class="muted"></div>
        <div id="tree"></div>
        <h2>Patch from the step before</h2><pre id="patch"></pre>
        </section>
        </main>
        <section id="coverage" hidden aria-label="coverage">
        <a id="coverage-close" href="#">&larr; Back to the steps</a>
        <h2 id="coverage-title">Coverage</h2>
        <div id="coverage-notice" hidden></div>
        <div id="coverage-graph"></div>
        <div id="coverage-undrawn-box" hidden><h3>Not drawn</h3><ul id="coverage-undrawn"></ul></div>
        <h3>Events</h3>
        <table id="coverage-events"><thead><tr><th>event</th><th>tried</th><th>sent</th><th>refused</th><th>refusals</th></tr></thead><tbody></tbody></table>
        <h3>Never sent</h3><ul id="coverage-unsent"></ul>
        <h3>Enum cases never reached</h3><ul id="coverage-unreached"></ul>
        <div id="coverage-dropped" class="muted" hidden></div>
        </section>
        <script type="application/json" id="trace-data">
        """#

    private static let after = #"""
        </script>
        <script>
        "use strict";
        (function () {
        // Integers past 2^53 are read as BigInt from their source text where the browser gives it
        // (JSON.parse's context), and written back as that text: a state's Int, a request's id, exactly.
        const data = JSON.parse(document.getElementById("trace-data").textContent, (key, value, context) =>
          typeof value === "number" && !Number.isSafeInteger(value) && context && /^-?[0-9]+$/.test(context.source) ? BigInt(context.source) : value);
        const exact = (key, value) => typeof value === "bigint" ? (JSON.rawJSON ? JSON.rawJSON(value.toString()) : Number(value)) : value;
        const stringify = (value, indent) => JSON.stringify(value, exact, indent);
        // An output line: what the view model told the app to do, shown as "→ NAME value".
        const isOutput = (line) => line != null && line.type === "output";
        const steps = data.steps, entries = data.states;
        const cache = new Array(entries.length);
        const $ = (id) => document.getElementById(id);
        const CHUNK = 200, MATCH_LIMIT = 1000;
        let current = -1, expanded = new Set([""]), changed = new Set(), changedAncestors = new Set(), query = "";
        let visible = null, matches = null;

        function tokens(pointer) {
          return pointer === "" ? [] : pointer.slice(1).split("/").map((t) => t.replace(/~1/g, "/").replace(/~0/g, "~"));
        }
        function escapeToken(key) { return String(key).replace(/~/g, "~0").replace(/\//g, "~1"); }
        function copyOf(node) {
          if (Array.isArray(node)) return node.slice();
          const copy = Object.create(null);
          for (const key of Object.keys(node)) copy[key] = node[key];
          return copy;
        }
        function setIn(node, keys, i, op) {
          const copy = copyOf(node), key = keys[i];
          if (i < keys.length - 1) { copy[key] = setIn(node[key], keys, i + 1, op); return copy; }
          if (Array.isArray(copy)) {
            const index = key === "-" ? copy.length : Number(key);
            if (op.op === "add") copy.splice(index, 0, op.value);
            else if (op.op === "remove") copy.splice(index, 1);
            else copy[index] = op.value;
          } else if (op.op === "remove") delete copy[key];
          else copy[key] = op.value;
          return copy;
        }
        function applyPatch(value, patch) {
          for (const op of patch) {
            const keys = tokens(op.path);
            value = keys.length === 0 ? (op.op === "remove" ? null : op.value) : setIn(value, keys, 0, op);
          }
          return value;
        }
        // A state is its screen's earlier one with a patch applied; parts that did not change are shared.
        function stateAt(index) {
          if (index == null) return undefined;
          const chain = [];
          let at = index;
          while (cache[at] === undefined && entries[at].full === undefined) { chain.push(at); at = entries[at].base; }
          let value = cache[at] !== undefined ? cache[at] : (cache[at] = entries[at].full);
          for (let k = chain.length - 1; k >= 0; k--) { value = applyPatch(value, entries[chain[k]].patch); cache[chain[k]] = value; }
          return value;
        }
        // The operations from the state shown at the step before to the one shown now, on the same screen.
        function patchSince(previous, now) {
          if (now == null || previous === now) return { ops: [], whole: false };
          if (previous != null && entries[previous].screen !== entries[now].screen) return { ops: [], whole: false, screen: true };
          const parts = [];
          let at = now;
          while (at != null && (previous == null || at > previous)) {
            if (entries[at].patch === undefined) return { ops: [], whole: true };
            parts.push(entries[at].patch);
            at = entries[at].base;
          }
          if (at == null) return { ops: [], whole: true };
          // A state kept whole keeps its patch's paths only: the values are the state's own.
          const state = stateAt(now);
          const ops = parts.reverse().flat().map((op) => op.op === "remove" || "value" in op ? op : { op: op.op, path: op.path, value: valueAt(state, tokens(op.path)) });
          return { ops: ops, whole: false };
        }
        function valueAt(value, keys) {
          for (const key of keys) { if (value == null || typeof value !== "object") return undefined; value = value[Array.isArray(value) ? Number(key) : key]; }
          return value;
        }
        function displayPath(keys) {
          let text = "";
          for (const key of keys) {
            if (typeof key === "number") text += "[" + key + "]";
            else if (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key)) text += (text ? "." : "") + key;
            else text += "[" + JSON.stringify(key) + "]";
          }
          return text;
        }
        function el(tag, cls, text) {
          const node = document.createElement(tag);
          if (cls) node.className = cls;
          if (text != null) node.textContent = text;
          return node;
        }
        function typeOf(value) {
          return value === null ? "null" : Array.isArray(value) ? "array" : typeof value === "bigint" ? "number" : typeof value;
        }

        // Steps
        const list = $("steps");
        let firstFailure = -1;
        // Requests are numbered from 1, as vmrepl --from=PAGE@N counts them.
        let requests = 0;
        const numbers = steps.map((step) => step.cmd != null && step.reply.type !== "ready" ? ++requests : null);
        steps.forEach((step, index) => {
          const item = el("li", "step" + (step.failure ? " failure-" + step.failure : ""));
          item.dataset.index = index;
          item.appendChild(el("span", "number", numbers[index] != null ? "#" + numbers[index] : ""));
          if (step.failure) { item.dataset.failure = step.failure; if (firstFailure < 0 || (steps[firstFailure].failure === "error" && step.failure !== "error")) firstFailure = index; }
          // A script's name, not its folders: a long path would leave no room for the command.
          const line = el("span", "line", (step.file != null ? step.file.slice(step.file.lastIndexOf("/") + 1) + ":" : "") + (step.line != null ? String(step.line) : ""));
          if (step.file != null) line.title = step.file;
          item.appendChild(line);
          item.appendChild(el("span", "cmd", step.cmd != null ? step.cmd : "(" + step.reply.type + ")"));
          const sent = (step.pushes || []).filter(isOutput).length, others = (step.pushes || []).length - sent;
          item.appendChild(el("span", "type", step.reply.type + (others ? " +" + others : "") + (sent ? " \u2192" + sent : "")));
          if (step.clock != null) item.appendChild(el("span", "clock", "t=" + step.clock + "s"));
          if (step.failure) item.appendChild(el("span", "marker", "\u2717 " + step.failure));
          list.appendChild(item);
        });
        list.addEventListener("click", (event) => {
          const item = event.target.closest(".step");
          if (item) select(Number(item.dataset.index));
        });
        $("title").textContent = data.title || "vmrepl trace";
        document.title = data.title || "vmrepl trace";
        // Steps and failures past the limits are counted in data.dropped; a step kept past them is in both lists.
        const dropped = data.dropped || {};
        const stepCount = steps.length + (dropped.steps || 0);
        const failures = steps.filter((s) => s.failure === "expect" || s.failure === "invariant").length + (dropped.failures || 0);
        $("summary").textContent = stepCount + (stepCount === 1 ? " step, " : " steps, ") + failures + (failures === 1 ? " failure" : " failures");
        if (data.notice) { $("notice").hidden = false; $("notice").textContent = data.notice; }
        if (firstFailure >= 0) {
          const link = $("first-failure");
          const step = steps[firstFailure];
          link.hidden = false;
          link.textContent = "First failure: " + (step.file != null ? step.file + " " : "") + "line " + step.line + " \u2014 " + (step.cmd || step.reply.type);
          link.addEventListener("click", (event) => { event.preventDefault(); if (coverage) showCoverage(false); select(firstFailure); });
        }

        // Coverage (explore --coverage): a panel in place of the steps, built the first time it opens.
        const coverage = data.coverage;
        let coverageBuilt = false;
        function plural(n, noun) { return n + " " + noun + (n === 1 ? "" : "s"); }
        function buildCoverage() {
          const line = coverage.line;
          const states = line.states || [], transitions = line.transitions || [];
          $("coverage-title").textContent = "Coverage: " + plural(states.length, "abstract state") + ", " + plural(transitions.length, "transition");
          if (coverage.notice) { $("coverage-notice").hidden = false; $("coverage-notice").textContent = coverage.notice; }
          const parsed = new DOMParser().parseFromString(coverage.svg, "image/svg+xml");
          if (parsed.documentElement.nodeName === "svg" && !parsed.getElementsByTagName("parsererror").length) $("coverage-graph").appendChild(document.importNode(parsed.documentElement, true));
          else $("coverage-graph").textContent = "(the graph could not be read)";
          if (coverage.undrawn) {
            $("coverage-undrawn-box").hidden = false;
            for (const text of coverage.undrawn) $("coverage-undrawn").appendChild(el("li", null, text));
          }
          const body = $("coverage-events").tBodies[0];
          for (const name of Object.keys(line.events || {})) {
            const tally = line.events[name], row = el("tr");
            row.dataset.event = name;
            row.appendChild(el("td", null, name));
            for (const key of ["tried", "sent", "refused"]) row.appendChild(el("td", "n", String(tally[key])));
            row.appendChild(el("td", null, Object.keys(tally.codes || {}).map((code) => code + " \u00d7" + tally.codes[code]).join(", ")));
            body.appendChild(row);
          }
          const unsent = line.unsent || [];
          for (const event of unsent) {
            const item = el("li", null, event.event + ": " + (event.why === "never tried" ? "never tried"
              : "refused all " + plural(event.refused, "time") + ", in " + plural(event.states, "abstract state") + (event.message ? ": " + event.message : "")));
            item.dataset.event = event.event;
            $("coverage-unsent").appendChild(item);
          }
          if (!unsent.length) $("coverage-unsent").appendChild(el("li", "muted", "none: every event was sent"));
          const paths = (line.paths || []).filter((path) => path.cases);
          for (const path of paths) {
            const item = el("li", null, path.path + ": " + (path.unreached.length ? path.unreached.join(", ") : "none, every case reached"));
            item.dataset.path = path.path;
            $("coverage-unreached").appendChild(item);
          }
          if (!paths.length) $("coverage-unreached").appendChild(el("li", "muted", "none: no path the states are keyed by is an enum"));
          const dropped = line.dropped || {};
          if (dropped.states || dropped.transitions) {
            $("coverage-dropped").hidden = false;
            $("coverage-dropped").textContent = "Past coverage's limits (" + plural(line.limits.states, "state") + ", " + plural(line.limits.transitions, "transition") + "), "
              + plural(dropped.states, "step") + " reaching a new state and " + plural(dropped.transitions, "transition") + " were not kept.";
          }
          coverageBuilt = true;
        }
        function showCoverage(open) {
          if (open && !coverageBuilt) buildCoverage();
          $("coverage").hidden = !open;
          document.querySelector("main").hidden = open;
          $("coverage").dataset.ready = String(open);
        }
        if (coverage) {
          const link = $("coverage-link");
          link.hidden = false;
          link.textContent = "Coverage: " + plural((coverage.line.states || []).length, "state") + ", " + plural((coverage.line.transitions || []).length, "transition");
          link.addEventListener("click", (event) => { event.preventDefault(); showCoverage($("coverage").hidden); });
          $("coverage-close").addEventListener("click", (event) => { event.preventDefault(); showCoverage(false); });
        }

        function select(index) {
          if (index < 0 || index >= steps.length) return;
          const old = list.children[current];
          if (old) old.classList.remove("selected");
          current = index;
          const item = list.children[index];
          item.classList.add("selected");
          item.scrollIntoView({ block: "nearest" });
          showStep();
        }

        // A pushed line (or an error reply) as a person reads it: an error's or a note's words as
        // text, not escaped inside JSON; a state by its screen and seq (the page keeps states
        // apart, and shows the step's own); anything else as JSON.
        function pushText(p) {
          if (p.type === "error") return "\u2717 " + p.code + ": " + p.message;
          if (p.type === "log") return "note: " + p.message;
          if (p.type === "change") return "~ " + p.path + ": " + stringify(p.from) + " \u2192 " + stringify(p.to);
          if (p.type === "state") return "\u27f3 " + p.screen + " state" + (p.loading ? " (loading)" : "") + ", seq " + p.seq;
          return stringify(p);
        }

        // A patch as JSON, its first chunk of operations where it has more, and how many more.
        function patchText(ops) {
          if (ops.length <= CHUNK) return stringify(ops, 1);
          return stringify(ops.slice(0, CHUNK), 1) + "\n\u2026 " + (ops.length - CHUNK) + " more operations";
        }

        function showStep() {
          const step = steps[current];
          const head = $("step-head");
          head.textContent = "";
          head.appendChild(el("strong", null, (step.file != null ? step.file + " " : "") + (step.line != null ? "line " + step.line + ": " : "") + (step.cmd != null ? step.cmd : "(" + step.reply.type + ")")));
          if (numbers[current] != null) {
            const page = decodeURIComponent(location.pathname.slice(location.pathname.lastIndexOf("/") + 1)) || "PAGE.html";
            head.appendChild(el("span", "muted from", "  step " + numbers[current] + " \u2014 vmrepl --from=" + page + "@" + numbers[current]));
          }
          if (step.call != null) head.appendChild(el("span", "muted", "  call id " + step.call));
          if (step.id !== undefined) head.appendChild(el("span", "muted", "  id " + stringify(step.id)));
          if (step.clock != null) head.appendChild(el("span", "muted", "  clock " + step.clock + "s"));
          // An error's words first, as text; then the line itself.
          $("reply").textContent = (step.reply.type === "error" ? pushText(step.reply) + "\n" : "") + stringify(step.reply);
          // What the view model sent (output lines, its request's whenever they came) apart from the other lines.
          const at = (i) => step.pushClocks && step.pushClocks[i] != null ? "t=" + step.pushClocks[i] + "s " : "";
          const lines = (step.pushes || []).map((p, i) => [p, i]);
          const outputs = lines.filter(([p]) => isOutput(p)), others = lines.filter(([p]) => !isOutput(p));
          $("outputs-box").hidden = !outputs.length;
          $("outputs").textContent = outputs.map(([p, i]) => at(i) + "\u2192 " + p.name + " " + stringify(p.value)).join("\n");
          $("pushes-box").hidden = !others.length;
          $("pushes").textContent = others.map(([p, i]) => at(i) + pushText(p)).join("\n");
          const previous = current > 0 ? steps[current - 1].state : null;
          const change = patchSince(previous, step.state);
          changed = new Set(); changedAncestors = new Set();
          // Every change is marked; only the first chunk's are opened (a step that changed every
          // element of a long list would otherwise build them all).
          change.ops.forEach((op, index) => {
            changed.add(op.path);
            const keys = tokens(op.path);
            for (let i = 0; i < keys.length; i++) {
              const ancestor = keys.slice(0, i).map((k) => "/" + escapeToken(k)).join("");
              changedAncestors.add(ancestor);
              if (index < CHUNK) expanded.add(ancestor);
            }
          });
          const entry = step.state != null ? entries[step.state] : null;
          $("state-title").textContent = entry ? "State after this step: " + entry.screen + " (" + entry.model + ")" : "No state kept for this step";
          $("patch").textContent = change.screen ? "(another screen than the step before's)" : change.whole ? "(the whole state: the screen's first state kept)" : change.ops.length ? patchText(change.ops) : "(no change)";
          renderTree();
        }

        // The tree: only expanded nodes are built, a long list a chunk at a time.
        function renderTree() {
          const tree = $("tree");
          tree.textContent = "";
          const step = steps[current];
          if (!step || step.state == null) { $("search-count").textContent = ""; return; }
          const value = stateAt(step.state);
          computeMatches(value);
          tree.appendChild(renderNode(value, "", "state", [], true));
        }
        function computeMatches(root) {
          visible = null; matches = null;
          if (!query) { $("search-count").textContent = ""; return; }
          matches = new Set(); visible = new Set([""]);
          let count = 0;
          const stack = [[root, "", []]];
          while (stack.length && count < MATCH_LIMIT) {
            const [value, pointer, keys] = stack.pop();
            const kind = typeOf(value);
            const last = keys.length ? String(keys[keys.length - 1]) : "";
            let hit = keys.length > 0 && (displayPath(keys).toLowerCase().includes(query) || last.toLowerCase().includes(query));
            if (!hit && kind !== "object" && kind !== "array") hit = String(value).toLowerCase().includes(query);
            if (hit) {
              count++;
              matches.add(pointer);
              let ancestor = "";
              visible.add(pointer);
              for (const key of keys.slice(0, -1)) { ancestor += "/" + escapeToken(key); visible.add(ancestor); }
            }
            if (kind === "array") for (let i = value.length - 1; i >= 0; i--) stack.push([value[i], pointer + "/" + i, keys.concat(i)]);
            else if (kind === "object") { const names = Object.keys(value); for (let i = names.length - 1; i >= 0; i--) stack.push([value[names[i]], pointer + "/" + escapeToken(names[i]), keys.concat(names[i])]); }
          }
          $("search-count").textContent = count >= MATCH_LIMIT ? "the first " + MATCH_LIMIT + " matches" : count + (count === 1 ? " match" : " matches");
        }
        function renderNode(value, pointer, label, keys, isRoot) {
          const wrapper = el("div");
          const row = el("div", "node");
          row.dataset.path = pointer;
          row.title = displayPath(keys) || "state";
          if (changed.has(pointer)) row.classList.add("changed");
          if (changedAncestors.has(pointer)) row.classList.add("contains-change");
          if (matches && matches.has(pointer)) row.classList.add("match");
          const kind = typeOf(value);
          const container = kind === "object" || kind === "array";
          const toggle = el("span", "toggle", container ? "" : " ");
          row.appendChild(toggle);
          if (!isRoot) { row.appendChild(el("span", "key", label)); row.appendChild(document.createTextNode(": ")); }
          wrapper.appendChild(row);
          if (!container) {
            const text = kind === "string" ? JSON.stringify(value) : String(value);
            row.appendChild(el("span", kind === "string" ? "val-string" : kind === "number" ? "val-number" : "val-literal", text));
            return wrapper;
          }
          const size = kind === "array" ? value.length : Object.keys(value).length;
          row.appendChild(el("span", "summary", kind === "array" ? "[" + size + "]" : "{" + size + "}"));
          const open = visible ? visible.has(pointer) : expanded.has(pointer);
          toggle.textContent = open ? "\u25be" : "\u25b8";
          let children = null;
          const build = () => {
            children = el("div", "children");
            fillChildren(children, value, pointer, keys, kind);
            wrapper.appendChild(children);
          };
          if (open) build();
          toggle.addEventListener("click", () => {
            if (children) { children.remove(); children = null; expanded.delete(pointer); toggle.textContent = "\u25b8"; }
            else { expanded.add(pointer); build(); toggle.textContent = "\u25be"; }
          });
          return wrapper;
        }
        function fillChildren(box, value, pointer, keys, kind) {
          const names = kind === "array" ? null : Object.keys(value);
          const count = kind === "array" ? value.length : names.length;
          const childPointer = (i) => pointer + "/" + (kind === "array" ? i : escapeToken(names[i]));
          const wanted = (i) => { const p = childPointer(i); return visible ? visible.has(p) : changed.has(p) || changedAncestors.has(p); };
          const add = (i, target) => {
            const key = kind === "array" ? i : names[i];
            target.appendChild(renderNode(value[key], childPointer(i), kind === "array" ? "[" + i + "]" : key, keys.concat(key), false));
          };
          if (visible) { for (let i = 0; i < count; i++) if (wanted(i)) add(i, box); return; }
          // A chunk, then what changed further down, then a row that shows the next chunk.
          const more = (from) => {
            const until = Math.min(count, from + CHUNK);
            for (let i = from; i < until; i++) add(i, box);
            if (until < count) {
              const row = el("div", "more", "\u2026 " + (count - until) + " more (show " + Math.min(CHUNK, count - until) + ")");
              // What changed further down, a chunk of it at most, then how much more did.
              const marks = el("div");
              let marked = 0, unmarked = 0;
              for (let i = until; i < count; i++) if (wanted(i)) { if (marked < CHUNK) { add(i, marks); marked++; } else unmarked++; }
              if (unmarked) marks.appendChild(el("div", "more", "\u2026 " + unmarked + " more changed further down"));
              row.addEventListener("click", () => { row.remove(); marks.remove(); more(until); });
              box.appendChild(row);
              box.appendChild(marks);
            }
          };
          more(0);
        }

        $("search").addEventListener("input", (event) => {
          query = event.target.value.trim().toLowerCase();
          renderTree();
        });
        document.addEventListener("keydown", (event) => {
          if (event.target instanceof HTMLInputElement) {
            if (event.key === "Escape") event.target.blur();
            return;
          }
          // With the coverage panel open the keys scroll it; Escape goes back to the steps.
          if (coverage && !$("coverage").hidden) {
            if (event.key === "Escape") showCoverage(false);
            return;
          }
          if (event.key === "ArrowDown" || event.key === "j") { event.preventDefault(); select(current + 1); }
          else if (event.key === "ArrowUp" || event.key === "k") { event.preventDefault(); select(current - 1); }
          else if (event.key === "/") { event.preventDefault(); $("search").focus(); }
        });
        // A run that failed opens on its first failure; any other on its first step.
        if (steps.length) select(firstFailure >= 0 ? firstFailure : 0);
        document.body.dataset.ready = "true";
        })();
        </script>
        </body>
        </html>

        """#
}
