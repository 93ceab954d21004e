#!/usr/bin/env node
// SPDX-License-Identifier: Apache-2.0
// Browser test of the phase animation (docs/web.md, "Phase animation"). A standard game plays
// three phases through the API: in the spring Italy's A VEN goes to Tyrolia and A ROM to Venice;
// in the autumn A TYR takes Trieste, dislodging Austria's fleet; the fleet retreats to Albania.
// Tapping the fleet's failed hold on the map opens the sentence that explains it, and a tap on
// a line of the results opens that order's.
// On Italy's page, at a desktop and at 390 and 360 px, "Moves" slides each phase's units from
// where they stood to where they went (measured against the provinces' points), the dislodged
// fleet is pushed aside with its dashed outline and then slides on to Albania; "Play" runs
// every resolved phase in turn and ends on the current position; a step by hand stops it. On
// the 1914 map, in the fog of war, Germany's seat animates its week from its own view of the
// phase only: no unit it does not see is drawn or moved, and every phase document the page
// asks for carries the seat's token, never the GM's. Screenshots mid-slide and after are kept.
//
// Usage: node history.test.mjs --binary PATH [--variants DIR] [--artifacts DIR] [--chromium PATH]
// Exits 77 (CTest: skipped) when Chromium or playwright-core is missing.

import path from "node:path";

import { ARTIFACTS, apiCall, check, createGame, withBrowser, openAs, resolveNow, run } from "./harness.mjs";

async function as(page, server, id, token) {
  await openAs(page, server, `#/game/${id}`, token);
  await page.waitForSelector("#history-play");
}

// Distance on screen between the body of the unit `sel` and the point of province `abbr`.
function gap(page, sel, abbr) {
  return page.evaluate(([sel, abbr]) => {
    const c = (e) => { const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; };
    const unit = document.querySelector(sel + " .unit-body");
    const dot = document.querySelector(`#layer-provinces [data-abbr="${abbr}"] .province-dot`);
    if (!unit || !dot) return Infinity;
    const [a, b] = [c(unit), c(dot)];
    return Math.hypot(a[0] - b[0], a[1] - b[1]);
  }, [sel, abbr]);
}

async function showPhase(page, seq) {
  // The list gains a phase when the page has read the history after a resolution: on a busy
  // machine that can take longer than an action's default wait.
  await page.waitForSelector(`#history-select option[value="${seq}"]`, { state: "attached", timeout: 30000 });
  await page.selectOption("#history-select", String(seq));
  // Drawn once the results name the phase (the select changes before the phase is fetched).
  await page.waitForFunction((s) => {
    const select = document.getElementById("history-select");
    const name = [...select.options].find((o) => o.value === String(s))?.textContent;
    return select.value === String(s) && name && document.getElementById("showing")?.textContent.startsWith("Showing " + name + " (");
  }, seq);
  await page.waitForFunction(() => !document.getElementById("history-animate").disabled);
}

// "Moves" on the shown phase: a screenshot mid-slide, then waits for the end.
async function moves(page, seq, name) {
  await page.$eval("#map", (m) => delete m.dataset.animated);
  await page.click("#history-animate");
  await page.waitForTimeout(550);
  await (await page.$(".map-column")).screenshot({ path: path.join(ARTIFACTS, name + "-mid.png") });
  await page.waitForFunction((s) => document.getElementById("map").dataset.animated === String(s), seq);
  await (await page.$(".map-column")).screenshot({ path: path.join(ARTIFACTS, name + "-end.png") });
}

async function standard(page, server, width, height, game, seqs) {
  await page.setViewportSize({ width, height });
  await as(page, server, game.id, game.tokens.Italy);
  const tag = width > 900 ? "desktop" : String(width);
  // Spring: A VEN to Tyrolia, A ROM to Venice.
  await showPhase(page, seqs.spring);
  check(await gap(page, '#layer-units .unit[data-loc="VEN"]', "VEN") < 4, "A VEN stands in Venice before the moves");
  await moves(page, seqs.spring, `60-history-${tag}-spring`);
  const tyr = await gap(page, '#layer-units .unit[data-loc="VEN"]', "TYR");
  const ven = await gap(page, '#layer-units .unit[data-loc="ROM"]', "VEN");
  check(tyr < 4 && ven < 4, `the spring's units slid to Tyrolia and Venice at ${width}: ${tyr}, ${ven}`);
  // Autumn: A TYR takes Trieste; Austria's fleet is pushed aside, dislodged.
  await showPhase(page, seqs.autumn);
  await moves(page, seqs.autumn, `61-history-${tag}-autumn`);
  check(await gap(page, '#layer-units .unit[data-loc="TYR"]', "TRI") < 4, "A TYR slid into Trieste");
  const fleet = await page.$eval('#layer-units .unit[data-loc="TRI"]', (u) => ({ cls: u.getAttribute("class"), power: u.dataset.power }));
  check(fleet.power === "Austria" && /dislodged/.test(fleet.cls), "the fleet in Trieste shown dislodged: " + JSON.stringify(fleet));
  await explanations(page, tag);
  // The retreat: the dislodged fleet slides on to Albania.
  await showPhase(page, seqs.retreat);
  check(await page.$('#layer-dislodged .unit[data-loc="TRI"]'), "the retreat phase draws the dislodged fleet");
  await moves(page, seqs.retreat, `62-history-${tag}-retreat`);
  check(await gap(page, '#layer-dislodged .unit[data-loc="TRI"]', "ALB") < 4, "the dislodged fleet retreated to Albania");
  const m = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth,
    small: [...document.querySelectorAll(".history button, .history select")].map((b) => b.getBoundingClientRect()).filter((r) => r.width < 43.5 || r.height < 43.5).length }));
  check(m.scroll <= m.client && m.small === 0, `the history fits at ${width} with controls to tap: ` + JSON.stringify(m));

  // Play from the first phase: every resolved phase is animated in turn, then the current one.
  await showPhase(page, seqs.spring);
  await page.evaluate(() => {
    window.animatedSeqs = [];
    new MutationObserver(() => {
      const s = document.getElementById("map")?.dataset.animated;
      if (s && window.animatedSeqs.at(-1) !== s) window.animatedSeqs.push(s);
    }).observe(document.querySelector(".map-wrap"), { attributes: true, subtree: true, childList: true, attributeFilter: ["data-animated"] });
  });
  await page.click("#history-play");
  await page.waitForFunction(() => document.getElementById("history-play").textContent === "Stop");
  await page.waitForFunction(() => document.getElementById("showing")?.textContent.startsWith("Showing the current position"), null, { timeout: 20000 });
  await page.waitForFunction(() => document.getElementById("history-play").textContent === "Play");
  const played = await page.evaluate(() => window.animatedSeqs);
  check(JSON.stringify(played) === JSON.stringify([seqs.spring, seqs.autumn, seqs.retreat].map(String)), "Play animated every resolved phase in turn: " + JSON.stringify(played));
  await (await page.$(".map-column")).screenshot({ path: path.join(ARTIFACTS, `63-history-${tag}-played.png`) });
  // A step by hand stops it.
  await showPhase(page, seqs.spring);
  await page.click("#history-play");
  await page.click("#history-next");
  await page.waitForFunction(() => document.getElementById("history-play").textContent === "Play");
  await page.waitForTimeout(2500);
  check(await page.$eval("#history-select", (s) => s.value) === String(seqs.autumn), "a step by hand stopped the play where it was");
  await page.screenshot({ path: path.join(ARTIFACTS, `64-history-${tag}-page.png`), fullPage: true });
  await (await page.$(".history")).screenshot({ path: path.join(ARTIFACTS, `64-history-${tag}-controls.png`) });
}

// Each result explains itself (docs/web.md, "Explanations"). The fleet's failed hold, tapped on
// the map, opens its line in the results on the sentence; a tap on Italy's line opens its own.
async function explanations(page, tag) {
  const fleet = '#results-list details.why[data-order="F TRI H"]';
  await page.waitForSelector(fleet);
  // Inside the hold's ring, on its south side: the arrows into Trieste come from the north and
  // the west. The point is taken as the page lays the map out now.
  const at = await page.$eval('#layer-orders .order-hit[data-order="F TRI H"]', (c) => {
    const r = c.getBoundingClientRect();
    return { x: r.x + r.width / 2, y: r.y + r.height * 0.85 };
  });
  await page.mouse.click(at.x, at.y);
  await page.waitForSelector(fleet + "[open] .why-text", { state: "visible" });
  const said = await page.textContent(fleet + " .why-text");
  check(said === "F TRI H was dislodged by A TYR: hold 1 against attack 2 from A TYR - TRI (supported by A VEN).",
    "the tapped order explains itself: " + said);
  check(await page.evaluate((s) => document.activeElement === document.querySelector(s + " summary"), fleet), "focus on the opened line");
  const move = '#results-list details.why[data-order="A TYR - TRI"]';
  check(!(await page.$(move + "[open]")), "Italy's line is closed until tapped");
  await page.click(move + " summary");
  await page.waitForSelector(move + "[open] .why-text", { state: "visible" });
  check(await page.textContent(move + " .why-text") === "A TYR - TRI succeeded: attack 2 (supported by A VEN) against hold 1 of F TRI; it dislodged the unit there.",
    "Italy's move explains itself");
  const m = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth,
    short: [...document.querySelectorAll("details.why > summary")].filter((s) => s.getBoundingClientRect().height < 43.5).length }));
  check(m.scroll <= m.client && m.short === 0, "the explained results fit and are tall enough to tap: " + JSON.stringify(m));
  await (await page.$("#results-list")).screenshot({ path: path.join(ARTIFACTS, `66-explain-${tag}.png`) });
}

// The 1914 map is in the fog of war: Germany's seat animates its view of its week.
async function fog(page, server) {
  const created = await apiCall(server, "POST", "/games", { name: "Fog history", variant: "western-front-1914", missing_orders: "hold", resolve_when_ready: false });
  check(created.status === 201, "create the 1914 game");
  const id = created.data.game.id, gm = created.data.gm_token;
  const variant = (await apiCall(server, "GET", "/variants/western-front-1914")).data;
  let token = null;
  for (const power of variant.powers.map((p) => p.name || p)) {
    const joined = await apiCall(server, "POST", `/games/${id}/seats/${encodeURIComponent(power)}/join`, { player: power + " player" });
    check(joined.status === 201, "join " + power);
    if (power === "Germany") token = joined.data.token;
  }
  const all = (await apiCall(server, "GET", `/games/${id}`, undefined, gm)).data;
  check(all.status === "active", "the 1914 game started: " + all.status);
  const occupied = new Set(Object.values(all.position.units).flat().map((u) => (u.unit || u).split(" ")[1]));
  // A German army's move to an empty neighbour the rules accept.
  let moved = null;
  for (const u of all.position.units.Germany) {
    const loc = (u.unit || u).split(" ")[1];
    const prov = variant.provinces.find((p) => p.abbr === loc);
    for (const to of prov?.army || []) {
      if (occupied.has(to)) continue;
      const line = `A ${loc} - ${to}`;
      const r = await apiCall(server, "PUT", `/games/${id}/orders`, { orders: [line] }, token);
      if (r.status === 200 && r.data.rejected === 0) { moved = { from: loc, to }; break; }
    }
    if (moved) break;
  }
  check(moved, "a German move is accepted");
  const resolved = await resolveNow(server, id, gm);
  check(resolved.status === 200, "resolve the week: " + JSON.stringify(resolved.data));
  const seq = (await apiCall(server, "GET", `/games/${id}/phases`)).data.phases.find((p) => p.resolved).seq;
  const mine = (await apiCall(server, "GET", `/games/${id}/phases/${seq}`, undefined, token)).data;
  const whole = (await apiCall(server, "GET", `/games/${id}/phases/${seq}`, undefined, gm)).data;
  const count = (doc) => Object.values(doc.position.units || {}).flat().length;
  check(count(mine) < count(whole), `Germany's view hides units: ${count(mine)} of ${count(whole)}`);
  const tokensSent = [];
  page.on("request", (r) => { if (r.url().includes("/phases/")) tokensSent.push(r.headers().authorization || ""); });
  await page.setViewportSize({ width: 390, height: 844 });
  await as(page, server, id, token);
  await showPhase(page, seq);
  await moves(page, seq, "65-history-fog-390");
  const drawn = await page.$$eval("#layer-units .unit", (l) => l.length);
  check(drawn === count(mine), `only the units Germany sees are drawn: ${drawn} of its ${count(mine)}`);
  check(await gap(page, `#layer-units .unit[data-loc="${moved.from}"]`, moved.to) < 4, `A ${moved.from} slid to ${moved.to}`);
  const sliding = await page.$$eval("#layer-units .unit[transform]", (l) => l.map((u) => u.dataset.power));
  check(sliding.every((p) => p === "Germany") && sliding.length >= 1, "only what Germany's view lists moved: " + sliding.join(","));
  check(tokensSent.length > 0 && tokensSent.every((a) => a === "Bearer " + token), "every phase document read with the seat's token: " + tokensSent.length);
}

async function main() {
  await withBrowser(async ({ server, open }) => {
    const game = await createGame(server, "History");
    const put = async (power, orders) => {
      const r = await apiCall(server, "PUT", `/games/${game.id}/orders`, { orders }, game.tokens[power]);
      check(r.status === 200 && r.data.rejected === 0, `${power}: ` + JSON.stringify(r.data));
    };
    await put("Italy", ["A VEN-TYR", "A ROM-VEN"]);
    check((await resolveNow(server, game.id, game.gm)).status === 200, "resolve spring");
    await put("Italy", ["A TYR-TRI", "A VEN S A TYR-TRI"]);
    check((await resolveNow(server, game.id, game.gm)).status === 200, "resolve autumn");
    await put("Austria", ["F TRI-ALB"]);
    check((await resolveNow(server, game.id, game.gm)).status === 200, "resolve the retreat");
    const phases = (await apiCall(server, "GET", `/games/${game.id}/phases`)).data.phases.filter((p) => p.resolved);
    check(phases.length === 3, "three resolved phases: " + JSON.stringify(phases));
    const seqs = { spring: phases[0].seq, autumn: phases[1].seq, retreat: phases[2].seq };
    const page = await open("history");
    for (const [width, height] of [[1280, 900], [390, 844], [360, 740]]) {
      await standard(page, server, width, height, game, seqs);
      console.log(`ok: the phases animated at ${width} px`);
    }
    await fog(await open("fog"), server);
    console.log("ok: the fog's animation");
  });
}

run(main);
