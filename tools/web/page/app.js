// dablo-web's page: a thin view of the game the server keeps.  The server
// (tools/web/session.c) owns the rules: it sends the board as SVG (drawn by
// the dablo-svg code), the legal moves with their paths, the result and
// its reason; the page only draws, takes clicks and posts actions.
"use strict";

const params = new URLSearchParams(location.search);
const token = params.get("token") || "";
const SVGNS = "http://www.w3.org/2000/svg";
let state = null;          // the last state object of the server
let sessionId = sessionStorage.getItem("dablo-session");
let events = null;
let clicked = [];          // point names clicked so far: start, then landings
let points = {};           // name -> {x, y} in the picture's units
let lines = [];            // analysis lines by multipv index

const $ = (id) => document.getElementById(id);

function setStatus(text) { $("status").textContent = text; }
function setNotice(text) { $("notice").textContent = text || ""; }

async function api(path, body) {
    const opts = { headers: { "X-Dablo-Token": token } };
    if (body !== undefined) {
        opts.method = "POST";
        opts.headers["Content-Type"] = "application/json";
        opts.body = JSON.stringify(body);
    }
    const r = await fetch("/api/" + path, opts);
    const text = await r.text();
    let data = null;
    try { data = JSON.parse(text); } catch (e) { data = { error: text }; }
    if (!r.ok) {
        const err = new Error(data.error || ("HTTP " + r.status));
        err.status = r.status;
        throw err;
    }
    return data;
}

async function post(action, body) {
    try {
        const s = await api(action, Object.assign({ session: sessionId }, body || {}));
        setNotice("");
        render(s);
        return s;
    } catch (e) {
        if (e.status === 404 && /no such game/.test(e.message)) {
            await newSession();
            return null;
        }
        showError(e.message);
        return null;
    }
}

// An ambiguous short form lists its paths: offer them as buttons.
function showError(message) {
    setNotice(message);
    const m = /one of (.*)$/.exec(message);
    if (m) offerChoice(m[1].trim().split(/\s+/), "which path?");
}

async function newSession() {
    const s = await api("session", {});
    sessionId = s.session;
    sessionStorage.setItem("dablo-session", sessionId);
    connect();
    render(s);
}

function connect() {
    if (events) events.close();
    events = new EventSource("/api/events?session=" + encodeURIComponent(sessionId) +
                             "&token=" + encodeURIComponent(token));
    events.addEventListener("state", (ev) => render(JSON.parse(ev.data)));
    events.addEventListener("info", (ev) => showInfo(JSON.parse(ev.data)));
    events.addEventListener("notice", (ev) => setNotice(JSON.parse(ev.data).message));
    events.onopen = () => setStatus("connected");
    events.onerror = async () => {
        setStatus("connection lost: retrying…");
        try {
            await api("state?session=" + encodeURIComponent(sessionId));
        } catch (e) {
            if (e.status === 404) { events.close(); await newSession(); }
        }
    };
}

// ---- drawing ------------------------------------------------------------

function render(s) {
    // An answer to a POST can arrive after the event of a later change
    // (the engine's reply): keep the newest state.
    if (state && state.session === s.session && s.seq < state.seq) return;
    // The same state again (a POST's answer after its event): the lines
    // that came since are newer than the ones it carries.  Wiped, they
    // stayed away when the engine had nothing more to say (a short
    // ending, searched to its full depth at once).
    const again = state && state.session === s.session && s.seq === state.seq;
    const fresh = !state || state.svg !== s.svg;
    state = s;
    document.body.className = s.variant;
    if (fresh) {
        $("board").innerHTML = s.svg.replace(/^<\?xml[^>]*>\s*/, "");
        points = {};
        for (const c of $("board").querySelectorAll("circle.point"))
            points[c.dataset.point] = { x: +c.getAttribute("cx"), y: +c.getAttribute("cy") };
        const svg = $("board").querySelector("svg");
        const g = document.createElementNS(SVGNS, "g");
        g.id = "overlay";
        svg.appendChild(g);
        svg.addEventListener("click", onBoardClick);
        clicked = [];
    }
    if (!again) lines = s.lines.slice();
    drawOverlay();
    renderMoves();
    renderBanner();
    renderLines();
    renderSettings();
    $("fenshow").textContent = s.fen;
    $("export").href = "/api/pgn?session=" + encodeURIComponent(sessionId) + "&token=" + encodeURIComponent(token);
    const who = s.thinking === "analysis" ? "analysing…" :
                s.thinking ? s.names[s.thinking] + " is thinking…" : "";
    $("thinking").textContent = who;
    setStatus(s.result !== "*" ? "game over" :
              s.view < s.moves.length ? "looking at move " + s.view + " of " + s.moves.length :
              (s.stm === "white" ? "White" : "Black") + " to move");
}

function overlay() { return $("overlay"); }

function circle(cls, name, r) {
    const p = points[name];
    if (!p) return;
    const c = document.createElementNS(SVGNS, "circle");
    c.setAttribute("class", cls);
    c.setAttribute("cx", p.x);
    c.setAttribute("cy", p.y);
    c.setAttribute("r", r);
    overlay().appendChild(c);
}

function polyline(cls, names) {
    const pl = document.createElementNS(SVGNS, "polyline");
    pl.setAttribute("class", cls);
    pl.setAttribute("points", names.filter((n) => points[n]).map((n) => points[n].x + "," + points[n].y).join(" "));
    pl.setAttribute("marker-end", "url(#arrowhead)");
    overlay().appendChild(pl);
}

function candidates() {
    return state.legal.filter((m) => clicked.every((p, i) => m.path[i] === p));
}

function drawOverlay() {
    const g = overlay();
    if (!g) return;
    g.replaceChildren();
    const best = lines[0];
    if (best && best.paths && state.analyse) {
        best.paths.slice(0, 2).forEach((path, i) => polyline(i ? "pv-arrow later" : "pv-arrow", path));
    }
    if (clicked.length === 0) return;
    circle("selected", clicked[0], 30);
    if (clicked.length > 1) polyline("pathmark", clicked);
    const next = new Set();
    for (const m of candidates())
        if (m.path.length > clicked.length) next.add(m.path[clicked.length]);
    for (const n of next) circle("target", n, 12);
}

function nearestPoint(ev) {
    const svg = $("board").querySelector("svg");
    const pt = svg.createSVGPoint();
    pt.x = ev.clientX;
    pt.y = ev.clientY;
    const p = pt.matrixTransform(svg.getScreenCTM().inverse());
    let best = null, bestD = 1e9;
    for (const [name, q] of Object.entries(points)) {
        const d = Math.hypot(q.x - p.x, q.y - p.y);
        if (d < bestD) { best = name; bestD = d; }
    }
    return bestD <= 32 ? best : null;
}

function flashRefused(name) {
    circle("refused", name, 28);
    setTimeout(drawOverlay, 600);
}

function onBoardClick(ev) {
    if (!state) return;
    const name = nearestPoint(ev);
    if (!name) return;
    $("choice").hidden = true;
    const starts = new Set(state.legal.map((m) => m.path[0]));
    if (clicked.length > 0) {
        const next = candidates().filter((m) => m.path[clicked.length] === name);
        if (next.length > 0) {
            clicked.push(name);
            const exact = next.filter((m) => m.path.length === clicked.length);
            const longer = next.filter((m) => m.path.length > clicked.length);
            if (exact.length && !longer.length) { play(exact[0].move); return; }
            if (exact.length) offerChoice([exact[0].move], "stop here, or click the next landing point");
            drawOverlay();
            return;
        }
    }
    if (starts.has(name)) {
        clicked = [name];
        setNotice("");
        drawOverlay();
        return;
    }
    clicked = [];
    drawOverlay();
    flashRefused(name);
    setNotice(state.result !== "*" ? "the game is over" :
              state.legal.length === 0 ? "no move to play here" : "no legal move from " + name);
}

function offerChoice(moves, text) {
    const box = $("choice");
    box.replaceChildren(document.createTextNode(text + ": "));
    for (const m of moves) {
        const b = document.createElement("button");
        b.textContent = m;
        b.addEventListener("click", () => { box.hidden = true; play(m); });
        box.appendChild(b);
    }
    box.hidden = false;
}

async function play(move) {
    clicked = [];
    $("choice").hidden = true;
    await post("move", { move });
}

function renderMoves() {
    const ol = $("moves");
    ol.replaceChildren();
    const blackFirst = / b /.test(state.startFen);
    const firstNumber = +(state.startFen.split(/\s+/)[3] || 1);
    let li = null;
    state.moves.forEach((m, i) => {
        const black = (i + (blackFirst ? 1 : 0)) % 2 === 1;
        if (!black || !li) {
            li = document.createElement("li");
            li.value = firstNumber + Math.floor((i + (blackFirst ? 1 : 0)) / 2);
            ol.appendChild(li);
            if (black) li.appendChild(document.createTextNode("… "));
        }
        const span = document.createElement("span");
        span.textContent = m;
        span.dataset.ply = i + 1;
        if (i + 1 === state.view) span.className = "current";
        span.addEventListener("click", () => post("view", { ply: i + 1 }));
        li.appendChild(span);
        li.appendChild(document.createTextNode(" "));
    });
    const cur = ol.querySelector(".current");
    if (cur) cur.scrollIntoView({ block: "nearest" });
}

function renderBanner() {
    const b = $("banner");
    if (state.result === "*") { b.hidden = true; return; }
    const who = state.result === "1-0" ? "White wins" : state.result === "0-1" ? "Black wins" : "Draw";
    b.textContent = who + " (" + state.result + "): " + state.reason;
    b.hidden = false;
}

function showInfo(info) {
    // A line of a search of another position (one that came after the
    // state of a take-back or a new game) is never shown.
    if (!state || info.fen !== state.fen) return;
    lines[info.multipv - 1] = info;
    renderLines();
    drawOverlay();
}

function renderLines() {
    const tb = $("lines").querySelector("tbody");
    tb.replaceChildren();
    lines.forEach((l, i) => {
        if (!l) return;
        const tr = document.createElement("tr");
        const nodes = l.nodes >= 0 ? l.nodes.toLocaleString("en") : "";
        for (const [text, cls] of [[i + 1], [l.depth], [l.score], [nodes], [l.pv.join(" "), "pv"]]) {
            const td = document.createElement("td");
            td.textContent = text;
            if (cls) td.className = cls;
            tr.appendChild(td);
        }
        tb.appendChild(tr);
    });
}

// ---- settings -------------------------------------------------------------

let settingsShown = false;

function renderSettings() {
    for (const id of ["engine-a", "engine-b"]) {
        const sel = $(id);
        if (sel.options.length !== state.engines.length) {
            sel.replaceChildren(...state.engines.map((n, i) => new Option(n, i)));
            if (id === "engine-b" && state.engines.length > 1) sel.value = 1;
        }
    }
    // The Skill Level control: only when an engine declares the option.
    $("skill-label").hidden = !state.skillEngines.some(Boolean);
    if (settingsShown) return;   // the form keeps what the person chose
    settingsShown = true;
    const w = state.players.white, b = state.players.black;
    $("mode").value = state.analyse ? "analyse" : w < 0 && b < 0 ? "people" : w < 0 ? "play-white" :
                      b < 0 ? "play-black" : "watch";
    $("movetime").value = state.movetime / 1000;
    $("depth").value = state.depth;
    $("skill").value = state.skill === null ? 20 : state.skill;
    $("multipv").value = state.multipv;
    $("variant").value = state.variant;
    for (const [k, v] of Object.entries(state.options)) {
        const el = $("opt-" + k);
        if (!el) continue;
        if (el.type === "checkbox") el.checked = v === "true"; else el.value = v;
    }
    updateModeFields();
}

function updateModeFields() {
    $("engine-b-label").hidden = $("mode").value !== "watch";
}

// A field whose value is out of its range or empty: the message shown
// beside it, and nothing is sent.
class FieldError extends Error {}

// The number in input id, lo..hi (a whole number when whole), else a
// FieldError whose one-line message, shown next to the field, names the
// field and its range (the server refuses the same values with 400).
function fieldNumber(id, what, lo, hi, whole, unit) {
    const text = $(id).value.trim(), x = Number(text);
    const good = text !== "" && Number.isFinite(x) && x >= lo && x <= hi && (!whole || Number.isInteger(x));
    const msg = good ? "" : what + ": give " + (whole ? "a whole number " : "") + lo + ".." + hi + (unit ? " " + unit : "");
    $(id + "-error").textContent = msg;
    $(id + "-error").hidden = good;
    if (!good) throw new FieldError(msg);
    return x;
}

// Runs send() unless a field refuses its value (the message is then beside it).
function sendChecked(send) {
    try {
        return send();
    } catch (e) {
        if (!(e instanceof FieldError)) throw e;
        return null;
    }
}

function playSettings() {
    const a = +$("engine-a").value, b = +$("engine-b").value;
    const mode = $("mode").value;
    const s = {
        movetime: Math.round(fieldNumber("movetime", "time a move", 0.01, 600, false, "s") * 1000),
        depth: +$("depth").value,
        multipv: fieldNumber("multipv", "analysis lines", 1, 8, true),
        analyse: mode === "analyse",
        white: mode === "play-black" || mode === "watch" ? a : "human",
        black: mode === "play-white" ? a : mode === "watch" ? b : "human",
    };
    if (!$("skill-label").hidden) {
        const k = Math.round(+$("skill").value);
        s.skill = k >= 0 && k < 20 ? k : null;   // 20 or more: full strength
    }
    return s;
}

function ruleOptions() {
    const v = $("variant").value, o = { DrawPlies: fieldNumber("opt-DrawPlies", "DrawPlies", 0, 10000, true) };
    if (v === "dablot") {
        o.Rules = $("opt-Rules").value;
        o.Captures = $("opt-Captures").value;
        for (const k of ["ForwardOnlyMen", "KingCaptureEnds", "KingAndPrinceCaptureEnds"]) o[k] = $("opt-" + k).checked;
    } else {
        o.MaxCapture = $("opt-MaxCapture").checked;
    }
    return o;
}

function newGame() {
    const fen = $("fen").value.trim();
    return sendChecked(() => {
        // A new game is the whole request (docs/web.md): the board stays turned as it is.
        const body = Object.assign(playSettings(), { variant: $("variant").value, options: ruleOptions(),
                                                     flip: !!(state && state.flipped) });
        if (fen) body.fen = fen;
        return post("new", body);
    });
}

// Setting Rules resets the four options it covers (RULES.md section 1).
function presetChanged() {
    const p = $("opt-Rules").value;
    $("opt-Captures").value = p === "modern" ? "compulsory" : p === "anti-draw" ? "compulsory-men" : "optional";
    $("opt-ForwardOnlyMen").checked = p === "anti-draw";
    $("opt-KingCaptureEnds").checked = p === "anti-draw";
    $("opt-KingAndPrinceCaptureEnds").checked = false;
}

function step(delta) {
    if (!state) return;
    const ply = Math.min(state.moves.length, Math.max(0, state.view + delta));
    if (ply !== state.view) post("view", { ply });
}

function setup() {
    if (!token) {
        setStatus("no token: open the address dablo-web printed when it started");
        return;
    }
    $("first").addEventListener("click", () => post("view", { ply: 0 }));
    $("last").addEventListener("click", () => state && post("view", { ply: state.moves.length }));
    $("back").addEventListener("click", () => step(-1));
    $("forward").addEventListener("click", () => step(1));
    $("takeback").addEventListener("click", () => post("takeback"));
    $("flip").addEventListener("click", () => state && post("configure", { flip: !state.flipped }));
    $("names").addEventListener("change", () => $("board").classList.toggle("hide-names", !$("names").checked));
    $("typed").addEventListener("submit", (ev) => {
        ev.preventDefault();
        const m = $("movetext").value.trim();
        if (m) post("move", { move: m }).then((s) => { if (s) $("movetext").value = ""; });
    });
    $("apply").addEventListener("click", () => sendChecked(() => post("configure", playSettings())));
    $("mode").addEventListener("change", updateModeFields);
    $("newgame").addEventListener("click", newGame);
    $("variant").addEventListener("change", () => { document.body.className = $("variant").value; });
    $("opt-Rules").addEventListener("change", presetChanged);
    $("pgnload").addEventListener("click", () => post("pgn", { pgn: $("pgntext").value }));
    $("pgnfile").addEventListener("change", async () => {
        const f = $("pgnfile").files[0];
        if (f) post("pgn", { pgn: await f.text() });
    });
    document.addEventListener("keydown", (ev) => {
        if (ev.target.tagName === "INPUT" || ev.target.tagName === "TEXTAREA" || ev.target.tagName === "SELECT") return;
        if (ev.key === "ArrowLeft") step(-1);
        else if (ev.key === "ArrowRight") step(1);
        else if (ev.key === "Home") post("view", { ply: 0 });
        else if (ev.key === "End" && state) post("view", { ply: state.moves.length });
        else if (ev.key === "Escape") { clicked = []; $("choice").hidden = true; drawOverlay(); }
    });
    (async () => {
        try {
            if (sessionId) {
                render(await api("state?session=" + encodeURIComponent(sessionId)));
                connect();
            } else {
                await newSession();
            }
        } catch (e) {
            if (e.status === 404) await newSession().catch((e2) => setStatus(e2.message));
            else setStatus(e.message);
        }
    })();
}

setup();
