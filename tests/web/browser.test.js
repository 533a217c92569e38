// dablo-web's page in a real browser: Debian's chromium, headless, driven
// by puppeteer-core (tests/web/package.json).  Run by
// tests/suites/61-web-browser.sh:
//
//   node tests/web/browser.test.js URL PGN_FILE SCREENSHOT_DIR
//
// URL is the address dablo-web printed.  Each check prints "ok   ..." or
// "FAIL ..."; the last line is "CHECKS P passed, F failed".  Screenshots
// of each step go to SCREENSHOT_DIR.  Every wait is bounded and says
// what it saw when it gives up.
"use strict";

const puppeteer = require("puppeteer-core");
const [url, pgnFile, shots] = process.argv.slice(2);
let pass = 0, fail = 0;

function ok(name) { pass++; console.log("ok   " + name); }
function bad(name) { fail++; console.log("FAIL " + name); }
function check(name, expected, actual) {
    if (JSON.stringify(expected) === JSON.stringify(actual)) ok(name);
    else bad(name + ": expected " + JSON.stringify(expected) + ", got " + JSON.stringify(actual));
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// Polls fn in the page up to tries * 100 ms; returns its last value.
async function until(page, fn, tries, arg) {
    let v;
    for (let i = 0; i < tries; i++) {
        v = await page.evaluate(fn, arg);
        if (v) return v;
        await sleep(100);
    }
    return v;
}

// The screen centre of the point named name.
async function pointXY(page, name) {
    return page.evaluate((n) => {
        const c = document.querySelector('#board circle.point[data-point="' + n + '"]');
        const r = c.getBoundingClientRect();
        return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
    }, name);
}

async function clickPoint(page, name) {
    const p = await pointXY(page, name);
    await page.mouse.click(p.x, p.y);
    await sleep(150);
}

async function main() {
    const browser = await puppeteer.launch({
        executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
        headless: true,
        args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
    });
    try {
        const page = await browser.newPage();
        const errors = [];
        page.on("pageerror", (e) => errors.push(e.message));
        await page.setViewport({ width: 1200, height: 980 });
        await page.goto(url, { waitUntil: "load" });
        await page.waitForSelector("#board circle.point", { timeout: 15000 });
        check("the Dablot board has 72 points", 72, await page.$$eval("#board circle.point", (c) => c.length));
        await until(page, () => document.getElementById("status").textContent === "White to move", 50);

        // dablo declares Skill Level, so the page offers it.
        check("the Skill control is shown for dablo", false,
              await page.$eval("#skill-label", (l) => l.hidden || l.offsetParent === null));

        // Play White against dablo, 0.3 s a move, skill level 7.
        await page.evaluate(() => {
            document.getElementById("movetime").value = "0.3";
            document.getElementById("skill").value = "7";
        });
        await page.click("#apply");
        await until(page, () => state && state.movetime === 300, 50);
        check("time a move applied", 300, await page.evaluate(() => state.movetime));
        check("skill level applied", 7, await page.evaluate(() => state.skill));

        // Out-of-range or empty fields are refused beside the field, and nothing is sent.
        let posts = 0;
        page.on("request", (r) => { if (r.method() === "POST") posts++; });
        const refusals = [
            ["#movetime", "700", "#apply", "time a move: give 0.01..600 s"],
            ["#movetime", "0.001", "#apply", "time a move: give 0.01..600 s"],
            ["#multipv", "9", "#apply", "analysis lines: give a whole number 1..8"],
            ["#opt-DrawPlies", "", "#newgame", "DrawPlies: give a whole number 0..10000"],
        ];
        for (const [field, value, button, want] of refusals) {
            const seq = await page.evaluate(() => state.seq);
            posts = 0;
            await page.$eval(field, (f, v) => { f.value = v; }, value);
            await page.click(button);
            check(field + " '" + value + "' refused beside the field", want,
                  await page.$eval(field + "-error", (e) => !e.hidden && e.textContent));
            check("... and nothing sent", "0 " + seq, posts + " " + await page.evaluate(() => state.seq));
            await page.$eval(field, (f, v) => { f.value = v; }, field === "#movetime" ? "0.3" : field === "#multipv" ? "1" : "100");
        }
        await page.click("#apply");
        check("a good value clears the message", true,
              await until(page, () => document.getElementById("movetime-error").hidden, 50));

        // Click a man, see its targets, click the landing point.
        const move = await page.evaluate(() => state.legal.find((m) => m.path.length === 2));
        await clickPoint(page, move.path[0]);
        const targets = await page.$$eval("#overlay circle.target", (c) => c.length);
        if (targets > 0) ok("a clicked piece shows its " + targets + " target(s)");
        else bad("no targets shown after clicking " + move.path[0]);
        await page.screenshot({ path: shots + "/1-selected.png" });
        await clickPoint(page, move.path[1]);
        const afterMine = await until(page, () => state.moves.length >= 1 && state.moves, 50);
        check("the clicked move is played", move.move, afterMine && afterMine[0]);
        const t0 = Date.now();
        // The reply comes after the engine's start-up and its 300 ms; on a
        // loaded machine that can take seconds, so the bound is generous and
        // the time seen is printed.
        const reply = await until(page, () => state.moves.length >= 2 && state.moves[1], 300);
        if (reply) ok("the engine replied " + reply + " after " + (Date.now() - t0) + " ms (time a move 300 ms)");
        else bad("no engine reply within 30 s");
        check("the move list shows both moves", 2, await page.$$eval("#moves span", (s) => s.length));

        // An illegal click: a point with no legal move from it.
        const before = await page.evaluate(() => state.moves.length);
        const empty = await page.evaluate(() => {
            const starts = new Set(state.legal.map((m) => m.path[0]));
            return Object.keys(points).find((p) => !starts.has(p));
        });
        await clickPoint(page, empty);
        const notice = await page.$eval("#notice", (n) => n.textContent);
        check("an illegal click is refused with a message", "no legal move from " + empty, notice);
        check("... and nothing is played", before, await page.evaluate(() => state.moves.length));
        await page.screenshot({ path: shots + "/2-refused.png" });

        // A few more moves by clicking, then the screenshot of a game in progress.
        for (let i = 0; i < 3; i++) {
            const n = await page.evaluate(() => state.moves.length);
            const m = await page.evaluate(() => state.legal[Math.floor(state.legal.length / 2)]);
            for (const p of m.path) await clickPoint(page, p);
            await until(page, (k) => state.moves.length >= k + 2 && state.thinking === "", 300, n);
        }
        check("a game in progress: 8 plies", 8, await page.evaluate(() => state.moves.length));
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: shots + "/3-game.png" });

        // Back and forward through the move list.
        await page.click("#back");
        check("back shows ply 7", 7, await until(page, () => state.view === 7 && 7, 30));
        await page.click("#forward");
        check("forward shows ply 8", 8, await until(page, () => state.view === 8 && 8, 30));

        // Flip and point names.
        await page.click("#flip");
        check("flip turns the board", true, await until(page, () => state.flipped, 30));
        await page.click("#names");
        check("point names shown on demand", false,
              await page.$eval("#board", (b) => b.classList.contains("hide-names")));

        // A nearly finished Tabal game: one capture wins it.
        await page.select("#mode", "people");
        await page.select("#variant", "tabal");
        await page.$eval("#fen", (f) => { f.value = "3/3/5/5/2m2/2M2/5/3/3 w 0 1"; });
        await page.click("#newgame");
        await until(page, () => state.variant === "tabal" && state.moves.length === 0, 50);
        check("the Tabal board has 37 points", 37, await page.$$eval("#board circle.point", (c) => c.length));
        check("a new game keeps the board turned", true, await page.evaluate(() => state.flipped));
        await clickPoint(page, "c4");
        await clickPoint(page, "c6");
        const banner = await until(page, () => !document.getElementById("banner").hidden &&
                                   document.getElementById("banner").textContent, 50);
        check("the game-over banner", "White wins (1-0): no legal move", banner);
        await page.screenshot({ path: shots + "/4-game-over.png" });

        // Load a dablo-match PGN and step through it.
        const pgn = require("fs").readFileSync(pgnFile, "utf8");
        const plies = +(/\[PlyCount "(\d+)"\]/.exec(pgn) || [0, -1])[1];
        await page.click("#pgn-tools + details summary");
        await page.$eval("#pgntext", (t, text) => { t.value = text; }, pgn);
        await page.click("#pgnload");
        const loaded = await until(page, (n) => state.moves.length === n && state.view === 0 && n, 50, plies);
        check("the PGN's " + plies + " plies are loaded, shown from the start", plies, loaded);
        // The second click steps on from the state the first one's answer
        // brings (clicked at once, both asked for ply 1).
        await page.click("#forward");
        await until(page, () => state.view === 1, 50);
        await page.click("#forward");
        check("forward twice through the PGN", 2, await until(page, () => state.view === 2 && 2, 100));
        await page.click("#last");
        check("to the end of the PGN", plies, await until(page, (n) => state.view === n && n, 100, plies));
        await page.screenshot({ path: shots + "/5-pgn.png" });

        // Analysis: live lines and the best line drawn as arrows.
        await page.select("#mode", "analyse");
        await page.$eval("#multipv", (m) => { m.value = "2"; });
        await page.click("#first");
        await page.click("#apply");
        const rows = await until(page, () => document.querySelectorAll("#lines tbody tr").length >= 2 &&
                                 document.querySelectorAll("#lines tbody tr").length, 80);
        check("analysis shows 2 lines", 2, rows);
        const arrows = await until(page, () => document.querySelectorAll("#overlay .pv-arrow").length, 50);
        if (arrows > 0) ok("the best line is drawn as " + arrows + " arrow(s)");
        else bad("no arrows of the best line");
        await page.screenshot({ path: shots + "/6-analysis.png" });

        // Take back while analysing: no line of the position before is
        // shown, and the lines that come are of the position shown.
        const analysed = await page.evaluate(() => state.moves.length);
        await page.click("#takeback");
        await until(page, (n) => state.moves.length === n - 1, 50, analysed);
        check("a take-back shows no line of the position before", "0 " + (analysed - 1),
              await page.evaluate(() => lines.filter((l) => l && l.fen !== state.fen).length + " " +
                                  state.moves.length));
        check("... and new lines come for the position shown", true,
              await until(page, () => lines.some((l) => l && l.fen === state.fen), 100));
        // The take-back's answer after its event (the same state again)
        // keeps the lines that came since: an ending searched to full
        // depth at once sends no more.
        check("the same state again keeps the lines that came since it", true, await page.evaluate(() => {
            const n = lines.filter(Boolean).length;
            render(Object.assign({}, state, { lines: [] }));
            return n > 0 && lines.filter(Boolean).length === n;
        }));
        // A late line of another position (its event after the take-back's
        // state) is dropped.
        check("a line of another position is not shown", false, await page.evaluate(() => {
            showInfo({ multipv: 1, depth: 1, score: "+0.00", nodes: 1, fen: "not the board's",
                       pv: ["a1-a2"], paths: [] });
            return lines.some((l) => l && l.fen !== state.fen);
        }));
        check("no script errors on the page", [], errors);
    } finally {
        await browser.close();
    }
}

main().catch((e) => bad("the browser test stopped: " + e.message)).finally(() => {
    console.log("CHECKS " + pass + " passed, " + fail + " failed");
});
