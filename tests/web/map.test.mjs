#!/usr/bin/env node
// SPDX-License-Identifier: Apache-2.0
// Browser test of the map (docs/web.md): orders drawn as they are entered (moves,
// holds, supports, convoys, rail rides), results grouped by power, clicking a support into a
// province another power holds, a convoyed move chosen by clicking, builds offered (not a
// disband) when builds are due, zoom and pan by buttons, wheel, drag and pinch, the legend,
// the 1914 map's switchable layers, the lobby's and GM console's settings, a sandbox with
// neither press nor a Ready box, a map of two gauges uploaded by its GM, and field works. Screenshots of the
// variants at desktop and phone size.
//
// Usage: node map.test.mjs --binary PATH [--variants DIR] [--artifacts DIR] [--chromium PATH]
// Exits 77 (CTest: skipped) when Chromium or playwright-core is missing.

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import {
  apiCall, check, withBrowser, mapShots, openSeat, resolveNow, run, shot, textarea, until, VARIANTS, verdicts,
} from "./harness.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const orderKinds = (page) => page.$$eval("#layer-orders .order-arrow", (a) => a.map((x) => x.dataset.kind).sort());
const viewBox = (page) => page.$eval("#map", (m) => m.getAttribute("viewBox").split(" ").map(Number));

// Orders of a sandbox's power, through the API (the GM orders for it with ?power=).
async function order(server, game, power, lines) {
  const put = await apiCall(server, "PUT", `/games/${game.id}/orders?power=${power}`, { orders: lines }, game.gm);
  check(put.status === 200 && put.data.rejected === 0, `${power}: ${lines.join("; ")}: ` + JSON.stringify(put.data));
}

async function sandbox(page, server) {
  const created = await apiCall(server, "POST", "/games", { name: "Map sandbox", sandbox: true });
  check(created.status === 201, "create a sandbox");
  const game = { id: created.data.game.id, gm: created.data.gm_token };
  check((await apiCall(server, "POST", `/games/${game.id}/actions/start`, {}, game.gm)).status === 200, "start");
  await page.goto(`${server.base}/#/game/${game.id}?token=${game.gm}`);
  await page.waitForSelector("#sandbox-power");
  // A sandbox has nobody to write to or wait for.
  check(await page.$("#press-panel") === null && await page.$("#ready-flag") === null, "no press panel and no Ready box in a sandbox");
  await page.waitForSelector('.gm-console tr[data-power="France"]');
  const holder = await page.textContent('.gm-console tr[data-power="France"] td');
  check(!holder.includes("(open)"), "the GM console does not call a sandbox's seats open: " + holder);

  // Orders drawn as they are clicked in: a move, a hold, a support.
  await page.selectOption("#sandbox-power", "France");
  await page.waitForFunction(() => document.getElementById("orders-heading")?.textContent.includes("France"), null, { timeout: 10000 });
  await page.click('#layer-units .unit[data-loc="BRE"]');
  await page.dispatchEvent('#layer-regions [data-abbr="MAO"]', "click");
  check((await orderKinds(page)).includes("move"), "the clicked move is drawn at once");
  await page.click('#layer-units .unit[data-loc="PAR"]');
  await page.click('.order-tools button:has-text("Hold")');
  await page.fill("#orders-text", (await textarea(page)) + "A MAR S A PAR-BUR\n");
  await verdicts(page, 3);
  await page.waitForFunction(() => document.querySelectorAll("#layer-orders .order-arrow").length === 3, null, { timeout: 10000 });
  check(JSON.stringify(await orderKinds(page)) === JSON.stringify(["hold", "move", "support"]), "move, hold and support drawn: " + await orderKinds(page));
  // Drawn over the units: the orders layer comes after them and takes no clicks.
  check(await page.$eval("#layer-orders", (l) => [...l.parentNode.children].indexOf(l) > [...l.parentNode.children].indexOf(document.getElementById("layer-units")) &&
    getComputedStyle(l).pointerEvents === "none"), "orders drawn above the units, click-through");
  // Each order in its power's colour (France's teal), not black.
  const strokes = await page.$$eval("#layer-orders .order-arrow", (a) => a.map((x) => getComputedStyle(x).stroke));
  check(strokes.every((x) => x === "rgb(0, 151, 167)"), "France's orders in France's colour: " + strokes);
  // A support points at the middle of the move it supports, not at the destination.
  await page.fill("#orders-text", "A MAR-BUR\nA PAR S A MAR-BUR\n");
  await verdicts(page, 2);
  await page.waitForSelector('#layer-orders .order-arrow[data-kind="support"][data-to="arrow"]');
  const ends = await page.evaluate(() => {
    const pts = (sel) => document.querySelector(sel).getAttribute("points").trim().split(" ").map((p) => p.split(",").map(Number));
    const move = pts('#layer-orders .order-arrow[data-kind="move"]'), support = pts('#layer-orders .order-arrow[data-kind="support"]');
    const a = move[0], b = move[move.length - 1], end = support[support.length - 1];
    return { dist: Math.hypot(end[0] - (a[0] + b[0]) / 2, end[1] - (a[1] + b[1]) / 2), toDest: Math.hypot(end[0] - b[0], end[1] - b[1]) };
  });
  check(ends.dist < 20 && ends.toDest > 15, "the support ends at the middle of the supported arrow: " + JSON.stringify(ends));
  await page.fill("#orders-text", "A PAR-XYZ\n");
  await verdicts(page, 1);
  check((await orderKinds(page)).length === 0, "a refused line draws nothing");
  await page.fill("#orders-text", "A PAR H\nA MAR H\nF BRE-MAO\n");
  await verdicts(page, 3);
  await page.click("#submit-orders");
  await page.waitForSelector("#confirmation .ok");
  await shot(page, "30-orders-drawn");
  await order(server, game, "Germany", ["A MUN-BUR"]);
  await order(server, game, "England", ["F LON-NTH", "A LVP-YOR"]);
  check((await resolveNow(server, game.id, game.gm)).status === 200, "resolve spring");
  await page.waitForFunction(() => document.getElementById("current-phase")?.textContent.includes("Fall 1901"), null, { timeout: 15000 });

  // Support into a province that holds another power's unit: France's A PAR supports A MAR
  // into Burgundy, where the German army stands, by clicking that army.
  await page.selectOption("#sandbox-power", "France");
  await page.waitForSelector('#layer-units .unit[data-loc="BUR"][data-power="Germany"]');
  await page.click('#layer-units .unit[data-loc="PAR"]');
  await page.click('.order-tools button:has-text("Support")');
  await page.click('#layer-units .unit[data-loc="MAR"]');
  await page.click('#layer-units .unit[data-loc="BUR"]');
  check((await textarea(page)).includes("A PAR S A MAR-BUR"), "support into the German-held province: " + await textarea(page));
  const warned = await page.textContent("#status");
  check(!warned.includes("is not yours"), "no 'not yours' for the supported destination: " + warned);

  // A convoyed move by clicking: England's A YOR to Norway through F NTH, and the fleet's order.
  await page.selectOption("#sandbox-power", "England");
  await page.waitForFunction(() => document.getElementById("orders-heading")?.textContent.includes("England"), null, { timeout: 10000 });
  await page.click('#layer-units .unit[data-loc="YOR"]');
  await page.waitForSelector('#layer-provinces .target[data-abbr="NWY"]');
  await page.click('#layer-provinces [data-abbr="NWY"] circle');
  check((await textarea(page)).includes("A YOR-NWY VIA CONVOY"), "the convoyed move: " + await textarea(page));
  await page.click('#layer-units .unit[data-loc="NTH"]');
  await page.click('.order-tools button:has-text("Convoy")');
  await page.click('#layer-units .unit[data-loc="YOR"]');
  await page.click('#layer-provinces [data-abbr="NWY"] circle');
  check((await textarea(page)).includes("F NTH C A YOR-NWY"), "the convoy: " + await textarea(page));
  const v = await verdicts(page, 2);
  check(v.every((x) => x.cls === "accepted"), "both accepted: " + JSON.stringify(v));
  await page.waitForFunction(() => document.querySelectorAll('#layer-orders .order-arrow[data-kind="convoy"]').length === 1, null, { timeout: 10000 });
  await page.click("#submit-orders");
  await page.waitForSelector("#confirmation .ok");
  await order(server, game, "France", ["F MAO-POR", "A MAR-SPA", "A PAR H"]);
  await order(server, game, "Italy", ["A VEN-TRI"]);  // bounces off Austria's fleet
  check((await resolveNow(server, game.id, game.gm)).status === 200, "resolve fall");
  await page.waitForFunction(() => /Winter 1901|1901 adjustments/i.test(document.getElementById("current-phase")?.textContent), null, { timeout: 15000 });

  // Results of the fall, grouped by power.
  await page.click("#history-prev");
  await page.waitForSelector("#results-list .results-power");
  const groups = await page.$$eval("#results-list > .results-power", (l) => l.map((x) => x.dataset.power));
  check(groups.includes("England") && groups.includes("France") && new Set(groups).size === groups.length, "results grouped by power: " + groups);
  check((await page.textContent('#results-list > .results-power[data-power="England"]')).includes("A YOR - NWY"), "England's group has its convoyed move");
  // The failed order is marked on the map as in the list: a red cross at its arrow's end, in
  // Italy's colour; every order of the phase in its power's colour.
  check((await page.textContent('#results-list > .results-power[data-power="Italy"]')).includes("fails"), "Italy's move fails in the list");
  const failed = await page.$$eval("#layer-orders .order-failed-mark", (l) => l.map((x) => x.dataset.order));
  check(failed.length === 1 && failed[0].startsWith("A VEN"), "the failed order marked on the map: " + failed);
  check(await page.$eval('#layer-orders .order-arrow.failed[data-power="Italy"]', (l) => getComputedStyle(l).stroke) === "rgb(46, 125, 50)", "in Italy's green");
  const colours = await page.$$eval("#layer-orders .order-arrow", (l) => new Set(l.map((x) => x.dataset.power + " " + x.getAttribute("stroke"))).size);
  check(colours >= 3, "orders of several powers in their colours: " + colours);
  await mapShots(page, "31-results-failed");
  await shot(page, "31-results-by-power");
  await page.click("#history-current");

  // Builds due (France: 5 centres, 3 units): a click on a unit does not write a disband, and
  // an empty home centre offers the builds.
  await page.selectOption("#sandbox-power", "France");
  await page.waitForFunction(() => document.getElementById("orders-heading")?.textContent.includes("France"), null, { timeout: 10000 });
  await page.click('#layer-units .unit[data-loc="PAR"]');
  check(!(await textarea(page)).includes(" D"), "no disband written while builds are due: " + await textarea(page));
  check((await page.textContent("#status")).includes("build"), "the click says builds are due: " + await page.textContent("#status"));
  check(await page.$('#layer-provinces .target[data-abbr="PAR"]') === null, "an occupied home centre is no target");
  await page.click('#layer-provinces [data-abbr="BRE"] circle');
  await page.click('.order-tools button:has-text("Build fleet")');
  check((await textarea(page)).includes("BUILD F BRE"), "a build by clicking: " + await textarea(page));
  check((await verdicts(page, 1))[0].cls === "accepted", "the build is accepted");
  await page.waitForSelector('#layer-orders .order-arrow[data-kind="build"]');
  // The standard legend keys builds and disbands, fleets and convoys.
  const legend = await page.textContent("#legend");
  check(/build/.test(legend) && /disband/.test(legend) && /convoy/.test(legend) && /built or disbanded in the adjustment phase/.test(legend), "the standard legend: " + legend);
  console.log("ok: orders drawn as entered, support into a foreign unit, convoy and builds by clicking, results by power, sandbox panels");
}

// Zoom by buttons and wheel, pan by dragging, pinch by two pointers; a click still orders.
async function zoom(page, server) {
  const { id } = await openSeat(page, server, "Zoom", "standard", "France");
  const full = await viewBox(page);
  await page.click("#zoom-in");
  const zoomed = await viewBox(page);
  check(zoomed[2] < full[2] * 0.7, "zoom in narrows the view: " + zoomed);
  const box = await (await page.$("#map")).boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, -200);
  await page.waitForFunction((w) => Number(document.getElementById("map").getAttribute("viewBox").split(" ")[2]) < w, zoomed[2], { timeout: 5000 });
  const before = await viewBox(page);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 - 120, box.y + box.height / 2 - 60, { steps: 6 });
  await page.mouse.up();
  const after = await viewBox(page);
  check(after[0] > before[0] && after[1] > before[1], `a drag pans the view: ${before} -> ${after}`);
  // The view survives a redraw (selecting a unit), and a click still selects.
  await page.click("#zoom-reset");
  await page.click("#zoom-in");
  await page.click('#layer-units .unit[data-loc="PAR"]');
  check((await viewBox(page))[2] < full[2], "the zoom is kept across a redraw");
  check(await page.$('#layer-units .unit.selected[data-loc="PAR"]'), "a click on a unit still selects it when zoomed");
  await page.click("#zoom-reset");
  check(JSON.stringify(await viewBox(page)) === JSON.stringify(full), "reset shows the whole map");
  // The legend says what 5/4 means and shows the key.
  const legend = await page.textContent("#legend");
  check(/supply centres owned \/ 4 units/.test(legend) && legend.includes("France 3/3") && legend.includes("impassable"), "the legend explains centres/units: " + legend);
  // A phone: a two-finger pinch zooms (pointer events as a touch screen sends them).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.$eval("#map", (m) => m.scrollIntoView());
  const pinched = await page.$eval("#map", (m) => {
    const r = m.getBoundingClientRect();
    const at = (id, x, y, type) => m.dispatchEvent(new PointerEvent(type, { pointerId: id, pointerType: "touch", clientX: x, clientY: y, bubbles: true }));
    const cx = r.left + Math.min(r.width, 390) / 2, cy = r.top + r.height / 2;
    at(1, cx - 20, cy, "pointerdown"); at(2, cx + 20, cy, "pointerdown");
    for (let d = 20; d <= 80; d += 10) { at(1, cx - d, cy, "pointermove"); at(2, cx + d, cy, "pointermove"); }
    at(1, cx - 80, cy, "pointerup"); at(2, cx + 80, cy, "pointerup");
    return Number(m.getAttribute("viewBox").split(" ")[2]);
  });
  check(pinched < full[2] * 0.6, "a pinch zooms in: " + pinched);
  check(await page.$eval("#map", (m) => getComputedStyle(m).touchAction) === "none", "zoomed in, a finger pans the map");
  await shot(page, "32-zoomed-phone");
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.click("#zoom-reset");
  return id;
}

// The 1914 map's layers: rail with railheads and capacity per power, supply state, sieges,
// trains; each switched off and on again. A rail ride is drawn along its stops.
async function campaignLayers(page, server) {
  await openSeat(page, server, "Layers", "western-front-1914", "Germany");
  await page.waitForSelector("#layer-panel:not([hidden])");
  for (const n of ["rail", "supply", "sieges"]) check(await page.$("#layer-toggle-" + n), "a switch for the " + n + " layer");
  // The 1914 legend keys what the campaign uses: no adjustment phase, so no builds or
  // disbands, but rail rides and supply trains.
  const legend = await page.textContent("#legend");
  check(!/built or disbanded/.test(legend) && !/build/.test(legend) && /rail ride/.test(legend) && /supply train/.test(legend), "the 1914 legend: " + legend);
  check(await page.$$eval("#layer-rail .railhead", (l) => l.length) > 0, "railheads drawn");
  check(await page.$$eval("#layer-supply .supply-state", (l) => l.length) >= 8, "the armies' supply state drawn");
  const capacity = await page.textContent("#rail-capacity");
  check(/Germany: .*capacity 3/.test(capacity) && capacity.includes("France:"), "rail capacity per power: " + capacity);
  await page.uncheck("#layer-toggle-rail");
  check(!(await page.isVisible("#layer-rail polyline >> nth=0")), "the rail layer switched off");
  await page.click('#layer-units .unit[data-loc="TRI"]');
  check(await page.$eval("#layer-rail", (l) => l.classList.contains("layer-off")), "stays off across a redraw");
  await page.check("#layer-toggle-rail");
  check(await page.isVisible("#layer-rail polyline >> nth=0"), "and on again");
  // A rail ride along its stops and a supply train's dispatch, drawn as typed.
  await page.fill("#orders-text", "A TRI - RAIL - SAA\nT KOL SUPPLY A MAL\n");
  const v = await verdicts(page, 2);
  check(v.every((x) => x.cls === "accepted"), "the ride and the dispatch are accepted: " + JSON.stringify(v));
  await page.waitForFunction(() => document.querySelectorAll("#layer-orders .order-arrow").length === 2, null, { timeout: 10000 });
  check(JSON.stringify(await orderKinds(page)) === JSON.stringify(["ride", "train"]), "a ride and a train drawn: " + await orderKinds(page));
  // Each arrowhead takes its line's colour, the power's (Germany's grey), not a black one.
  const heads = await page.$$eval("#layer-orders polyline.order-arrow", (lines) => lines.map((l) => {
    const id = (l.getAttribute("marker-end") || "").match(/#([\w-]+)/)?.[1];
    const head = id && document.querySelector(`#${id} path`);
    return [l.dataset.kind, getComputedStyle(l).stroke, head ? getComputedStyle(head).fill : "no head"];
  }));
  check(heads.length === 2 && heads.every(([, stroke, fill]) => stroke === fill), "each arrowhead has its line's colour: " + JSON.stringify(heads));
  await mapShots(page, "34-campaign-layers-ride");
}

// Colonial: Russia's ride on the Trans-Siberian railway is drawn through TSR to Irkutsk.
async function colonialRide(page, server) {
  await openSeat(page, server, "Colonial ride", "colonial", "Russia");
  await page.fill("#orders-text", "A MOS-TSR-IRK\n");
  check((await verdicts(page, 1))[0].cls === "accepted", "the TSR ride is accepted");
  await page.waitForSelector('#layer-orders [data-kind="ride"]');
  const end = await page.$eval('#layer-orders [data-kind="ride"]', (l) => l.getAttribute("points").split(" ").length);
  check(end === 5, "the ride follows the railway, MOS PRM OMS KRA IRK: " + end);
  // The layer box lists no rail capacity on a map without rail states, and never "null".
  check(!(await page.textContent("#layer-panel")).includes("null"), "no null in the layer box: " + await page.textContent("#layer-panel"));
  await mapShots(page, "35-colonial-tsr");
}

// The gauge of OCS rail movement (docs/gauge.md) on the two-gauge test map, which its GM uploads:
// each link's title names its gauge, links not of the map's first gauge are dashed, and a line the
// engineers converted shows its new gauge once the turn is resolved.
async function gaugeMap(page, server) {
  const created = await apiCall(server, "POST", "/games", { name: "Gauge", missing_orders: "hold", resolve_when_ready: false });
  check(created.status === 201, "create the gauge game");
  const id = created.data.game.id;
  const gm = created.data.gm_token;
  const put = await fetch(`${server.base}/api/v1/games/${id}/variant`, {
    method: "PUT", headers: { Authorization: "Bearer " + gm, "Content-Type": "application/json" },
    body: fs.readFileSync(path.resolve(here, "../variants/gauge-test.json"), "utf8"), signal: AbortSignal.timeout(10000),
  });
  check(put.status === 200, "the GM uploads the gauge map: " + put.status + " " + await put.text());
  const tokens = {};
  for (const power of ["Germany", "Russia"]) {
    const joined = await apiCall(server, "POST", `/games/${id}/seats/${power}/join`, { player: power + " player" });
    check(joined.status === 201, "join " + power + ": " + JSON.stringify(joined.data));
    tokens[power] = joined.data.token;
  }
  // Both seats taken: the game is active (docs/server.md).
  check((await apiCall(server, "GET", `/games/${id}`)).data.status === "active", "the gauge game starts with its seats filled");
  // A week's march to the break of gauge at Insterburg, then a week's conversion of INS-KOV.
  for (const line of ["A KON - INS", "A INS CONVERT KOV"]) {
    const orders = await apiCall(server, "PUT", `/games/${id}/orders`, { orders: [line] }, tokens.Germany);
    check(orders.status === 200 && orders.data.rejected === 0, line + " is accepted: " + JSON.stringify(orders.data));
    check((await resolveNow(server, id, gm)).status === 200, "resolve the week of " + line);
  }
  await page.goto(`${server.base}/#/game/${id}?token=${tokens.Germany}`);
  await page.waitForSelector('#layer-rail polyline[data-line="WAR-BRE"]');
  const link = (key) => page.$eval(`#layer-rail polyline[data-line="${key}"]`, (l) =>
    ({ gauge: l.dataset.gauge, other: l.classList.contains("rail-gauge-other"), title: l.querySelector("title")?.textContent }));
  const broad = await link("WAR-BRE");
  check(broad.gauge === "broad" && broad.other && broad.title.includes("broad gauge"), "a broad-gauge link is marked: " + JSON.stringify(broad));
  const standard = await link("BER-THO");
  check(standard.gauge === "standard" && !standard.other && standard.title.includes("standard gauge"), "a standard-gauge link is not: " + JSON.stringify(standard));
  const marks = await page.$$eval("#layer-rail .rail-gauge-mark", (l) => l.map((x) => x.dataset.gaugeOf).sort());
  check(marks.includes("WAR-BRE") && !marks.includes("BER-THO") && !marks.includes("INS-KOV"), "a white centre line on the broad links only: " + marks);
  const converted = await link("INS-KOV");
  check(converted.gauge === "standard" && !converted.other, "the converted line INS-KOV shows standard gauge: " + JSON.stringify(converted));
  await mapShots(page, "36-gauge");
}

// Field works (Lone Warrior 5b, docs/field-works.md) on the 1914 map: France's A ARG digs in, and
// once the week is resolved its works are drawn in the sieges layer, titled with the army.
async function fieldWorks(page, server) {
  const created = await apiCall(server, "POST", "/games", { name: "Works", variant: "western-front-1914", sandbox: true });
  check(created.status === 201, "create a 1914 sandbox");
  const game = { id: created.data.game.id, gm: created.data.gm_token };
  check((await apiCall(server, "POST", `/games/${game.id}/actions/start`, {}, game.gm)).status === 200, "start the 1914 sandbox");
  await order(server, game, "France", ["A ARG ENTRENCH"]);
  check((await resolveNow(server, game.id, game.gm)).status === 200, "resolve the week");
  await page.goto(`${server.base}/#/game/${game.id}?token=${game.gm}`);
  await page.waitForSelector('#layer-sieges .field-works[data-abbr="ARG"]');
  const works = await page.$eval('#layer-sieges .field-works[data-abbr="ARG"]', (w) => [w.dataset.power, w.querySelector("title")?.textContent]);
  check(works[0] === "France" && /France field works in .*dug by army \d+/.test(works[1]), "the works drawn and titled: " + JSON.stringify(works));
  await mapShots(page, "37-field-works");
}

// Rivers and barges (docs/rivers.md) on the 1914 map: the eight rivers and their bridges are
// drawn; Germany buys a barge flotilla in Metz, which is drawn there in its colour once the
// week is resolved; the legend and the layer panel name them.
async function rivers(page, server) {
  const created = await apiCall(server, "POST", "/games", { name: "Barges", variant: "western-front-1914", sandbox: true });
  check(created.status === 201, "create a 1914 sandbox");
  const game = { id: created.data.game.id, gm: created.data.gm_token };
  check((await apiCall(server, "POST", `/games/${game.id}/actions/start`, {}, game.gm)).status === 200, "start the 1914 sandbox");
  await order(server, game, "Germany", ["BUY FLOTILLA MET"]);
  check((await resolveNow(server, game.id, game.gm)).status === 200, "resolve the week");
  await page.goto(`${server.base}/#/game/${game.id}?token=${game.gm}`);
  await page.waitForSelector('#layer-rivers .flotilla[data-abbr="MET"]');
  const drawn = await page.$$eval("#layer-rivers .river", (l) => l.map((r) => r.dataset.river));
  check(drawn.length === 8 && drawn.includes("Meuse") && drawn.includes("Rhine"), "the eight rivers drawn: " + drawn);
  const bridge = await page.$eval('#layer-rivers .bridge[data-abbr="VER"]', (b) => b.querySelector("title")?.textContent);
  check(bridge === "Meuse bridge at Verdun (VER)", "Verdun's bridge titled: " + bridge);
  const barge = await page.$eval('#layer-rivers .flotilla[data-abbr="MET"]', (f) => [f.dataset.power, f.querySelector("title")?.textContent]);
  check(barge[0] === "Germany" && barge[1].startsWith("Germany barge flotilla at Metz"), "the flotilla drawn: " + JSON.stringify(barge));
  check((await page.textContent("#legend")).includes("barge flotilla"), "the legend names the barges");
  check(await page.$("#layer-toggle-rivers"), "a switch for the rivers layer");
  // Generals on the map (docs/generals.md): each army's title names its points and its general
  // with his rank in the pool and his type roll.
  const kol = await page.$eval('#layer-units .unit[data-loc="KOL"]', (u) => u.getAttribute("aria-label") || u.querySelector("title")?.textContent);
  check(/^German army in .*, 750 points, commanded by G1 von Kluck \(type roll \d+\)/.test(kol), "A KOL's title: " + kol);
  await mapShots(page, "40-rivers");
}

// Fog of war (docs/fog-of-war.md) on the 1914 map: Germany's seat sees its own armies and
// what stands beside them, the rest veiled; no French army is drawn where it cannot see; the
// GM's page shows every army and no veil.
async function fogOfWar(page, server) {
  const { id, gm } = await openSeat(page, server, "Fog", "western-front-1914", "Germany");
  await page.waitForSelector("#layer-fog .fogged");
  const seen = (await apiCall(server, "GET", `/games/${id}`)).data;
  check(!seen.position.units || Object.keys(seen.position.units).length === 0, "the public reads no units");
  const veiled = await page.$$eval("#layer-fog .fogged", (l) => l.map((v) => v.dataset.abbr));
  const drawn = await page.$$eval("#layer-units .unit", (l) => l.map((u) => [u.dataset.power, u.dataset.loc]));
  check(drawn.filter(([p]) => p === "Germany").length === 8, "Germany's eight armies drawn: " + JSON.stringify(drawn));
  check(drawn.every(([p, loc]) => p === "Germany" || !veiled.includes(loc.split("/")[0])), "no other army under the veil: " + JSON.stringify(drawn));
  check(veiled.includes("PAR") && !veiled.includes("AAC"), "Paris veiled, Aachen seen: " + veiled.length);
  check((await page.textContent("#legend")).includes("not seen by Germany"), "the legend names the fog");
  // The veil and Germany's grey are told apart (a pale mist over a dark grey).
  const rgb = (c) => c.match(/\d+/g).slice(0, 3).map(Number);
  const fog = rgb(await page.$eval("#layer-fog .fogged", (v) => getComputedStyle(v).fill));
  const german = rgb(await page.$eval('#layer-units .unit[data-power="Germany"] .unit-body', (u) => getComputedStyle(u).fill));
  check(Math.hypot(...fog.map((c, i) => c - german[i])) > 150, `the fog ${fog} apart from Germany's grey ${german}`);
  await mapShots(page, "38-fog-germany");
  const all = (await apiCall(server, "GET", `/games/${id}`, undefined, gm)).data;
  const armies = Object.values(all.position.units).flat().length;
  await page.goto(`${server.base}/#/game/${id}?token=${gm}`);
  await page.waitForFunction((n) => document.querySelectorAll("#layer-units .unit").length === n, armies, { timeout: 10000 })
    .catch(() => {});
  check(await page.$$eval("#layer-units .unit", (l) => l.length) === armies, "the GM's map draws every army");
  check(await page.$$eval("#layer-fog .fogged", (l) => l.length) === 0, "the GM's map has no veil");
}

// Tabletop battles (docs/tabletop-battles.md): on a GM's 1914 map with the option, Germany's
// A MOR marches on France's A NAN; the GM console lists the battle, the GM enters France's win
// with the losses and a general killed, and resolves; A MOR has lost its points, and its general
// to another from the pool.
async function tabletopBattles(page, server) {
  const created = await apiCall(server, "POST", "/games", { name: "Tabletop", missing_orders: "hold", resolve_when_ready: false });
  check(created.status === 201, "create a game");
  const id = created.data.game.id, gm = created.data.gm_token;
  const variant = JSON.parse(fs.readFileSync(path.join(VARIANTS, "western-front-1914.json"), "utf8"));
  variant.rules.tabletop_battles = {};
  check((await apiCall(server, "PUT", `/games/${id}/variant`, variant, gm)).status === 200, "the GM's 1914 map with tabletop battles");
  const tokens = {};
  for (const power of ["Germany", "France", "Britain", "Belgium"])
    tokens[power] = (await apiCall(server, "POST", `/games/${id}/seats/${power}/join`, { player: power })).data.token;
  check((await apiCall(server, "PUT", `/games/${id}/orders`, { orders: ["A MOR - NAN"] }, tokens.Germany)).status === 200, "Germany marches on NAN");
  await page.goto(`${server.base}/#/game/${id}?token=${gm}`);
  await page.waitForSelector('#gm-battles fieldset[data-province="NAN"]');
  await page.selectOption("#gm-battle-NAN-winner", "France");
  await page.fill("#gm-battle-NAN-loss-MOR", "100");
  await page.fill("#gm-battle-NAN-loss-NAN", "50");
  await page.check("#gm-battle-NAN-killed-MOR");
  // 1914 has experience classes (docs/experience.md): 50 of NAN's trained become veterans.
  await page.fill("#gm-battle-NAN-class-points-NAN", "50");
  await page.selectOption("#gm-battle-NAN-class-from-NAN", "trained");
  await page.selectOption("#gm-battle-NAN-class-to-NAN", "veteran");
  await shot(page, "39-tabletop-battle");
  await page.click("#gm-battles-send");
  await page.waitForFunction(() => document.querySelector('#gm-battles legend')?.textContent.includes("entered: France won"), null, { timeout: 10000 });
  const entered = (await apiCall(server, "GET", `/games/${id}/battles`, undefined, gm)).data.battles[0].result;
  check(entered.winner === "France" && entered.losses.MOR === 100 && entered.losses.NAN === 50 && entered.generals_killed.length === 1 &&
    entered.experience?.NAN?.[0]?.to === "veteran" && entered.experience.NAN[0].points === 50 && !entered.experience.MOR,
    "the console's result reached the server: " + JSON.stringify(entered));
  await page.click("#gm-resolve");
  await until(async () => (await apiCall(server, "GET", `/games/${id}`, undefined, gm)).data.seq === 1, 10000, "the week resolves");
  const mor = (await apiCall(server, "GET", `/games/${id}`, undefined, gm)).data.position.units.Germany.find((u) => u.unit === "A MOR");
  // The fallen general's army takes the next general of Germany's pool (docs/generals.md).
  check(mor.points === 450 && mor.general !== "Crown Prince Rupprecht of Bavaria", "A MOR after the battle: " + JSON.stringify(mor));
}

// The lobby's settings: standard by default, deadlines, grace and the missing-orders policy;
// the GM console invites with an email.
async function settings(page, server) {
  await page.goto(`${server.base}/#/`);
  await page.waitForSelector("#new-variant");
  check(await page.inputValue("#new-variant") === "standard", "standard is the default variant");
  await page.fill("#new-name", "Settings");
  await page.fill("#new-movement-hours", "36");
  await page.fill("#new-retreat-hours", "12");
  await page.fill("#new-adjustment-hours", "6");
  await page.fill("#new-grace-minutes", "30");
  await page.selectOption("#new-missing-orders", "civil_disorder");
  await page.click('form button[type="submit"]');
  const link = await (await page.waitForSelector('input[aria-label="GM link"]')).inputValue();
  const id = Number(/#\/game\/(\d+)/.exec(link)[1]);
  const game = (await apiCall(server, "GET", `/games/${id}`)).data;
  check(game.variant === "standard" && game.settings.deadlines.movement === 36 * 3600 && game.settings.deadlines.retreat === 12 * 3600 &&
    game.settings.deadlines.adjustment === 6 * 3600 && game.settings.grace_seconds === 1800 && game.settings.missing_orders === "civil_disorder",
  "the settings reached the server: " + JSON.stringify(game.settings));
  await page.goto(link);
  await page.waitForSelector('.gm-console tr[data-power="Italy"] td');
  check((await page.textContent('.gm-console tr[data-power="Italy"] td')) === "(open)", "an empty seat is open");
  await page.selectOption("#gm-seat-power", "Italy");
  await page.fill("#gm-seat-player", "Ida");
  await page.fill("#gm-seat-email", "ida@example.org");
  await page.click("#gm-seat");
  await page.waitForSelector("#gm-handover-link");
  await page.waitForFunction(() => document.querySelector('.gm-console tr[data-power="Italy"]')?.textContent.includes("Ida"), null, { timeout: 10000 });
  const audit = await apiCall(server, "GET", `/games/${id}/audit`, undefined, /token=([^&]+)/.exec(link)[1]);
  check(audit.status === 200, "the audit log: " + audit.status);
  await shot(page, "33-gm-settings");
  console.log("ok: the lobby's settings and the GM's invitation with an email");
}

async function main() {
  await withBrowser(async ({ server, open }) => {
    await settings(await open("settings"), server);
    await sandbox(await open("sandbox"), server);
    await zoom(await open("zoom"), server);
    await campaignLayers(await open("layers"), server);
    await colonialRide(await open("colonial"), server);
    await gaugeMap(await open("gauge"), server);
    await fieldWorks(await open("works"), server);
    await rivers(await open("rivers"), server);
    await fogOfWar(await open("fog"), server);
    await tabletopBattles(await open("tabletop"), server);
    console.log("ok: zoom, legend, 1914 layers, gauges, field works, rivers, fog of war, tabletop battles, screenshots");
  });
}

run(main);
