#!/usr/bin/env node
// SPDX-License-Identifier: Apache-2.0
// Browser test of the web UI: starts the real `adjutant serve` on a loopback port with a
// temporary SQLite file, drives the system Chromium (headless, through playwright-core, which
// downloads no browser) and checks the UI end to end: static serving (types, ETag/304, no path
// traversal), joining by link and by token, orders by clicking and by text with live
// validation, the GM console (resolve, pause/resume, extend, replace a player), the units moved
// on the map, the phase history, a phone-sized viewport and keyboard-only ordering, phase
// guidance with its deadline banner, one power's order history, a sandbox game, and the join
// list of a game that assigns its powers.
//
// Usage: node ui.test.mjs --part seats|games --binary PATH [--variants DIR] [--artifacts DIR]
//        [--chromium PATH]
// Exits 77 (CTest: skipped) when Chromium or playwright-core is missing, 0 on success, 1 on a
// failure. Screenshots go to the artifacts directory. Every wait is bounded, and a watchdog stops the
// server and exits non-zero if the whole run takes too long.

import fs from "node:fs";
import path from "node:path";
import {
  ARTIFACTS, PART, POWERS, apiCall, check, createGame, withBrowser, mapShots, openSeat, raw, resolveNow, run,
  shot, stopServer, textarea, until, usage, verdicts,
} from "./harness.mjs";


// --- the checks --------------------------------------------------------------------------------

async function checkStatic(server) {
  const index = await raw(server, "GET", "/");
  check(index.status === 200, "GET / is 200, got " + index.status);
  check(index.headers["content-type"].startsWith("text/html"), "index.html is text/html");
  check(index.body.includes('src="/web/app.js"'), "index.html loads app.js");
  const etag = index.headers.etag;
  check(/^"[0-9a-f]+"$/.test(etag || ""), "a strong ETag on /: " + etag);
  check((index.headers["content-security-policy"] || "").includes("default-src 'self'"), "a CSP on the page");
  const again = await raw(server, "GET", "/", { "If-None-Match": etag });
  check(again.status === 304 && again.body === "", "If-None-Match gives 304 without a body");
  const head = await raw(server, "HEAD", "/web/app.js");
  check(head.status === 200 && head.body === "", "HEAD works");
  for (const [file, type] of [["app.js", "text/javascript"], ["map.js", "text/javascript"], ["style.css", "text/css"]]) {
    const r = await raw(server, "GET", "/web/" + file);
    check(r.status === 200 && r.headers["content-type"].startsWith(type), `${file} is ${type}`);
    check(r.headers["x-content-type-options"] === "nosniff", `${file} has nosniff`);
  }
  for (const target of ["/web/../../CMakeLists.txt", "/web/..%2F..%2FCMakeLists.txt", "/web/%2e%2e%2fserver.cpp",
    "/web/..", "/web/.", "/web/", "/web/app.js/..", "/web/%2fetc%2fpasswd", "/web//etc/passwd", "/web/app.js%00.css",
    "/web/APP.JS", "/web/./app.js", "/../etc/passwd", "/web/..\\..\\CMakeLists.txt"]) {
    const r = await raw(server, "GET", target);
    check(r.status === 404, `${target} is refused with 404, got ${r.status}`);
    check(!/project\(|root:x:|function\(/.test(r.body), `${target} leaks no file`);
  }
  const post = await raw(server, "POST", "/");
  check(post.status === 405, "POST / is 405");
  console.log("ok: static files (types, ETag/304, HEAD, traversal refused)");
}


// The 1914 campaign map: province shapes, the rail network in each power's colour by its rail
// state, garrisons; a German ride typed and checked live.
async function campaignMap(page, server) {
  const { id, gm, token: germany } = await openSeat(page, server, "Campaign", "western-front-1914", "Germany");
  // The 1914 map is generated too (server/web/geo-western-front-1914.js): real towns and borders.
  check(await page.$$eval("#layer-regions path[data-abbr]", (r) => r.length) === 65, "a real shape for each of the 65 provinces");
  await mapShots(page, "21-campaign-map");
  const held = await page.$$eval("#layer-rail polyline.rail-held", (l) => l.map((x) => x.getAttribute("data-state")));
  check(held.includes("Germany:capacity 3") && held.some((x) => x.startsWith("France:")),
    "German and French rail drawn by state: " + held.slice(0, 5).join(", "));
  check(await page.$$eval('#layer-rail polyline[data-line="KOL-AAC"]', (l) => l[0]?.getAttribute("data-state")) === "Germany:capacity 3",
    "KOL-AAC is German rail at capacity 3");
  const stroke = (line) => page.$eval(`#layer-rail polyline[data-line="${line}"]`, (l) => getComputedStyle(l).stroke);
  check(await stroke("KOL-AAC") !== await stroke("PAR-MEA"), "German and French rail drawn in their colours");
  // The campaign is in the fog of war (docs/fog-of-war.md): Germany's seat sees its own
  // garrisons and those beside its armies, not all 18.
  const seat = (await apiCall(server, "GET", `/games/${id}`, undefined, germany)).data;
  const seen = Object.values(seat.position.garrisons || {}).flat().length;
  const drawn = await page.$$eval("#layer-sieges .garrison", (g) => g.length);
  check(seen >= 5 && seen < 18 && drawn === seen, `the ${seen} garrisons Germany sees drawn (of 18): ${drawn}`);
  // Since Metz-Morhange was found double-tracked (docs/western-front-1914.md), no German army
  // has a ride that only single track reaches; a ride to a place without a station is refused.
  await page.fill("#orders-text", "A TRI - RAIL - SAA\nA KOL - RAIL - MAL");
  const v = await verdicts(page, 2);
  check(v[0].cls === "accepted" && v[1].cls === "rejected" && v[1].text.includes("not a railhead site"),
    "the ride is accepted, the ride to a place without a station refused: " + JSON.stringify(v));
  await shot(page, "11-campaign-germany");

  // Two weeks later Liège is besieged: the siege is drawn from the position's sieges.
  check((await apiCall(server, "POST", `/games/${id}/actions/start`, {}, gm)).status === 200, "GM starts the game");
  for (const order of ["A AAC - LIE", "A LIE BESIEGE"]) {
    const put = await apiCall(server, "PUT", `/games/${id}/orders`, { orders: [order] }, germany);
    check(put.status === 200 && put.data.rejected === 0, `${order}: ` + JSON.stringify(put.data));
    check((await resolveNow(server, id, gm)).status === 200, "GM resolves");
  }
  await page.reload();
  await page.waitForSelector('#layer-sieges .siege[data-abbr="LIE"]');
  const title = await page.$eval('#layer-sieges .siege[data-abbr="LIE"] title', (t) => t.textContent);
  check(title === "Liège besieged by Germany, laying siege: week 1 of 2", "the siege and its week: " + title);
  await shot(page, "12-campaign-siege");
  // The week before: its events (the siege begun, supply eaten).
  await page.click("#history-prev");
  await page.waitForSelector("#events-list");
  const events = await page.$$eval("#events-list li", (l) => l.map((x) => x.textContent));
  check(events.some((e) => e.startsWith("A LIE is laying siege to LIE: week 1 of 2")),
    "the week's siege event is listed: " + events.slice(0, 6).join(" | "));
  check(events.some((e) => e.includes("used 1 week of supply")), "supply consumption is listed");
  // The seat's week's summary: Germany's group only, with its siege's stage.
  const summary = await page.$$eval("#week-summary .summary-power", (s) => s.map((x) => [x.dataset.power, x.textContent]));
  check(summary.length === 1 && summary[0][0] === "Germany" && /^Germany: [0-8] of 8 armies supplied; rail 0 of 600 used/.test(summary[0][1]) &&
    summary[0][1].includes("siege of LIE (Belgium): laying siege, week 1 of 2"), "the seat's week's summary: " + JSON.stringify(summary));
  await shot(page, "13-campaign-events");
  // Laid in the second week, assaulted in the third: the assault's dice are shown with their rows.
  for (const order of ["A LIE BESIEGE", "A LIE ASSAULT"]) {
    const put = await apiCall(server, "PUT", `/games/${id}/orders`, { orders: [order] }, germany);
    check(put.status === 200 && put.data.rejected === 0, `${order}: ` + JSON.stringify(put.data));
    check((await resolveNow(server, id, gm)).status === 200, "GM resolves");
  }
  await page.reload();
  await page.waitForSelector("#history-prev");
  await page.click("#history-prev");
  await page.waitForSelector("#events-list .roll");
  const rolls = await page.$$eval("#events-list .roll", (l) => l.map((x) => x.textContent));
  check(rolls.some((r) => /^\[d10 assault LIE: ([1-9]|10), .+\]$/.test(r)) && rolls.some((r) => r.startsWith("[d10 generalship A LIE: ")),
    "the assault and generalship dice are shown: " + rolls.join(" | "));
  await shot(page, "14-campaign-assault");
}


// Colonial on its generated map: 119 real shapes, the opening units drawn.
async function colonialMap(page, server) {
  await openSeat(page, server, "Colonial", "colonial", "Britain");
  check(await page.$$eval("#layer-regions path[data-abbr]", (r) => r.length) === 119, "a real shape for each of the 119 provinces");
  check(await page.$$eval('#layer-units .unit[data-power="Britain"]', (u) => u.length) > 0, "British units drawn");
  await mapShots(page, "22-colonial-map");
}

// Press (docs/press.md) in its own game, so the GM console's replacing Italy elsewhere does not
// matter: France writes to Italy through the form, Italy's page counts it unread, opens it and
// the count goes; Germany's page never shows it; a gunboat game offers only the GM; once that
// game has ended its press is published to a page without a token.
async function press(server, open) {
  const game = await createGame(server, "Press test");
  check((await apiCall(server, "GET", `/games/${game.id}`)).data.status === "active", "the press game started when its seats were full");
  // Markup in a message must arrive as text: the page inserts it as a text node.
  const secret = "Meet in <b>Tyrolia</b> & keep it quiet, press-secret-7731";
  const france = await open("press-france");
  await france.setViewportSize({ width: 1280, height: 900 });
  await france.goto(`${server.base}/#/game/${game.id}?token=${game.tokens.France}`);
  await france.waitForSelector("#press-compose");
  check((await france.textContent("#press-rules")).trim() === "Rules: Full press", "the rules line: " + await france.textContent("#press-rules"));
  const choices = await france.$$eval("#press-compose input[type=checkbox]", (b) => b.map((x) => x.value));
  check(JSON.stringify(choices) === JSON.stringify(["all", "Austria", "England", "Germany", "Italy", "Russia", "Turkey", "GM"]),
    "France may write to all, the other powers and the GM: " + choices);
  check(await france.$("#press-anonymous") === null, "no anonymous choice without grey press");
  check(await france.textContent('label[for="press-to-all"]') === " All powers", "the broadcast is labelled All powers");
  // The server's refusal shows in the form: a control character is not allowed in a message.
  await france.check("#press-to-Italy");
  await france.fill("#press-text", "ring  ring");
  await france.click("#press-send");
  await france.waitForFunction(() => document.getElementById("press-error")?.textContent.length > 0, null, { timeout: 10000 });
  const refused = await france.textContent("#press-error");
  check(/control/i.test(refused), "the server's reason is shown in the form: " + refused);
  await france.fill("#press-text", secret);
  await france.click("#press-send");
  await france.waitForSelector('#press-conversations [data-conversation="Italy"][aria-pressed="true"]');
  await france.waitForFunction((t) => [...document.querySelectorAll("#press-messages .press-text")].some((p) => p.textContent === t), secret, { timeout: 10000 });
  check(await france.textContent("#press-error") === "", "the error is cleared once sent");
  check(await france.inputValue("#press-text") === "", "the box is emptied once sent");
  check(await france.$('[data-conversation="Italy"] .unread-count') === null, "one's own message is not unread");
  await shot(france, "15-press-france-sent");

  // Italy: the count, then the message (as text, not markup), then no count.
  const italy = await open("press-italy");
  await italy.setViewportSize({ width: 1280, height: 900 });
  const pressAnswers = [];
  italy.on("response", (r) => { if (r.url().includes("/press?")) pressAnswers.push(r.status()); });
  await italy.goto(`${server.base}/#/game/${game.id}?token=${game.tokens.Italy}`);
  await italy.waitForSelector('#press-conversations [data-conversation="France"] .unread-count');
  const badge = await italy.textContent('[data-conversation="France"] .unread-count');
  check(badge === "1 unread", "Italy has one unread message from France: " + badge);
  check(!(await italy.textContent("#press-panel")).includes("press-secret"), "nothing is shown before the conversation is opened");
  await shot(italy, "16-press-italy-unread");
  await italy.click('[data-conversation="France"]');
  await italy.waitForSelector("#press-messages .press-text");
  const shown = await italy.$$eval("#press-messages .press-message", (l) => l.map((m) => ({
    text: m.querySelector(".press-text").textContent, markup: m.querySelector(".press-text b") !== null,
    from: m.querySelector(".press-from").textContent, meta: m.querySelector(".press-meta").textContent })));
  check(shown.length === 1 && shown[0].text === secret && !shown[0].markup, "Italy reads the text as text: " + JSON.stringify(shown));
  check(shown[0].from === "France" && shown[0].meta.includes("Spring 1901 movement"), "sender and phase name: " + shown[0].meta);
  await italy.waitForFunction(() => document.querySelector('[data-conversation="France"]') && !document.querySelector('[data-conversation="France"] .unread-count'), null, { timeout: 10000 });
  const after = await apiCall(server, "GET", `/games/${game.id}/press`, undefined, game.tokens.Italy);
  check(JSON.stringify(after.data.unread) === "{}", "the server has it read: " + JSON.stringify(after.data.unread));
  // Opening the conversation addressed the reply to France.
  check(await italy.isChecked("#press-to-France") && !(await italy.isChecked("#press-to-Germany")), "the reply goes to France");
  await shot(italy, "17-press-italy-read");

  // Between changes the page's polls (every 10 s) are answered 304; a message arriving while
  // the page is open is found by the next one.
  await until(() => pressAnswers.includes(304), 15000, "a 304 for an unchanged press page: " + pressAnswers.join(","));
  const reply = await apiCall(server, "POST", `/games/${game.id}/press`, { to: ["Italy", "Germany"], text: "All three of us, then." }, game.tokens.France);
  check(reply.status === 201, "France writes to Italy and Germany: " + JSON.stringify(reply.data));
  await italy.waitForSelector('[data-conversation="France,Germany"] .unread-count', { timeout: 15000 });

  // Germany: the group message, never the one to Italy.
  const germany = await open("press-germany");
  await germany.goto(`${server.base}/#/game/${game.id}?token=${game.tokens.Germany}`);
  await germany.waitForSelector('[data-conversation="France,Italy"]');
  const conversations = await germany.$$eval("#press-conversations [data-conversation]", (b) => b.map((x) => x.dataset.conversation));
  check(JSON.stringify(conversations) === '["France,Italy"]', "Germany has only the group conversation: " + conversations);
  await germany.click('[data-conversation="France,Italy"]');
  await germany.waitForSelector("#press-messages .press-text");
  check(!(await germany.content()).includes("press-secret"), "Germany's page never shows France's message to Italy");

  // A phone: the panel fits the screen.
  await italy.setViewportSize({ width: 390, height: 844 });
  await italy.click('[data-conversation="France,Germany"]');
  await italy.waitForFunction(() => !document.querySelector('[data-conversation="France,Germany"] .unread-count'), null, { timeout: 10000 });
  const widths = await italy.evaluate(() => ({
    doc: document.documentElement.scrollWidth, panel: document.getElementById("press-panel").getBoundingClientRect().right,
    send: document.getElementById("press-send").getBoundingClientRect().height }));
  check(widths.doc <= 390 && widths.panel <= 390 && widths.send >= 36, "the press panel fits a phone: " + JSON.stringify(widths));
  await italy.$eval("#press-panel", (p) => p.scrollIntoView());
  await italy.screenshot({ path: path.join(ARTIFACTS, "18-press-phone.png") });
  await shot(italy, "18-press-phone-full");

  // Gunboat: only the GM. Ended, its press is published to anyone.
  const gunboat = await createGame(server, "Gunboat", { press: { rule: "none" } });
  check((await apiCall(server, "GET", `/games/${gunboat.id}`)).data.settings.press.rule === "none", "the gunboat game has no press between powers");
  const boat = await open("press-gunboat");
  await boat.goto(`${server.base}/#/game/${gunboat.id}?token=${gunboat.tokens.France}`);
  await boat.waitForSelector("#press-compose");
  const only = await boat.$$eval("#press-compose input[type=checkbox]", (b) => b.map((x) => x.value));
  check(JSON.stringify(only) === '["GM"]', "a gunboat game offers only the GM: " + only);
  check((await boat.textContent("#press-rules")).includes("Gunboat"), "the rules line says gunboat");
  await boat.check("#press-to-GM");
  await boat.fill("#press-text", "My NMR was a mistake.");
  await boat.click("#press-send");
  await boat.waitForSelector('#press-conversations [data-conversation="GM"]');
  await shot(boat, "19-press-gunboat");
  check((await apiCall(server, "POST", `/games/${gunboat.id}/actions/end`, {}, gunboat.gm)).status === 200, "GM ends the gunboat game");
  await boat.reload();
  await boat.waitForSelector("#press-closed");
  check(await boat.$("#press-compose") === null, "no compose form once the game has ended");
  check((await boat.textContent("#press-closed")).includes("the game has ended"), "the reason is shown");
  const anyone = await open("press-public");
  await anyone.goto(`${server.base}/#/game/${gunboat.id}`);
  await anyone.waitForSelector("#press-messages .press-text");
  check((await anyone.textContent("#press-heading")) === "Press (published)", "the public sees the published press");
  check(await anyone.textContent("#press-messages .press-text") === "My NMR was a mistake." && await anyone.$("#press-compose") === null,
    "the published press is read only");
  await shot(anyone, "20-press-published");
  // Grey press: a power may send anonymously, the GM may not (docs/press.md); the recipient
  // reads it in "Anonymous", without the sender.
  const grey = await createGame(server, "Grey", { press: { grey: true, adjustments: false } });
  const greyFrance = await open("press-grey-france");
  await greyFrance.goto(`${server.base}/#/game/${grey.id}?token=${grey.tokens.France}`);
  await greyFrance.waitForSelector("#press-anonymous");
  const line = await greyFrance.textContent("#press-rules");
  check(line === "Rules: Full press · grey allowed · no press in adjustments", "the rules line: " + line);
  await greyFrance.check("#press-to-Italy");
  await greyFrance.check("#press-anonymous");
  await greyFrance.fill("#press-text", "Someone is watching you.");
  await greyFrance.click("#press-send");
  await greyFrance.waitForSelector("#press-messages .press-from");
  check((await greyFrance.textContent("#press-messages .press-from")) === "France (you, sent anonymously)", "the sender sees it was sent anonymously");
  const greyItaly = await open("press-grey-italy");
  await greyItaly.goto(`${server.base}/#/game/${grey.id}?token=${grey.tokens.Italy}`);
  await greyItaly.click('[data-conversation="anonymous"]');
  await greyItaly.waitForSelector("#press-messages .press-from");
  check((await greyItaly.textContent("#press-messages .press-from")) === "Anonymous" &&
    !(await greyItaly.textContent("#press-panel")).includes("France (you"), "Italy does not see who sent it");
  const greyGm = await open("press-grey-gm");
  await greyGm.goto(`${server.base}/#/game/${grey.id}?token=${grey.gm}`);
  await greyGm.waitForSelector("#press-compose");
  check(await greyGm.$("#press-anonymous") === null, "the GM is offered no anonymous choice");
  for (const p of [greyFrance, greyItaly, greyGm]) await p.close();

  // A game still running shows no press panel without a token.
  // (Only the fragment changes, so the old page stays on screen until the new one is drawn.)
  await anyone.goto(`${server.base}/#/game/${game.id}`);
  await anyone.waitForFunction(() => document.querySelector("h1")?.textContent === "Press test" && document.getElementById("token-input"), null, { timeout: 10000 });
  check(await anyone.$("#press-panel") === null, "no press panel without a token while the game runs");
  for (const p of [france, italy, germany, boat, anyone]) await p.close();
  console.log("ok: press (form, unread counts, marking read, privacy, polling with 304, gunboat, published, grey)");
  return [game, gunboat, grey];
}

async function clickOrders(page, server, game) {
  // The seat token arrives in the link; the app moves it to sessionStorage and out of the URL.
  await page.goto(`${server.base}/#/game/${game.id}?token=${game.tokens.France}`);
  await page.waitForSelector("#orders-heading");
  check(!page.url().includes("token"), "the token is removed from the address bar: " + page.url());
  const stored = await page.evaluate(() => JSON.stringify(sessionStorage));
  check(stored.includes(game.tokens.France), "the token is kept in sessionStorage");
  check((await page.textContent("#orders-heading")).includes("France"), "the order panel is France's");
  check(await page.$$eval('#layer-units .unit[data-power="France"]', (u) => u.length) === 3, "three French units drawn");
  check(await page.$$eval("#layer-centres .centre", (c) => c.length) === 34, "34 supply centres drawn");
  // Standard has a generated map (server/web/geo-standard.js): real shapes, no adjacency lines.
  check(await page.$$eval("#layer-regions path[data-abbr]", (r) => r.length) === 76, "a real shape for each of the 76 provinces");
  check(await page.$$eval("#layer-adjacency line", (l) => l.length) === 0, "no adjacency lines over real geography");
  check(await page.$eval("#map", (m) => m.getAttribute("viewBox")) !== "0 0 1000 800", "the generated map's own canvas");
  await page.$eval("#map", (m) => m.scrollIntoView());
  await (await page.$(".map-wrap")).screenshot({ path: path.join(ARTIFACTS, "00-standard-map-desktop.png") });
  // As rendered (the stylesheet's land colour must not win over the owner's).
  const fill = (abbr) => page.$eval(`#layer-regions [data-abbr="${abbr}"]`, (r) => getComputedStyle(r).fill);
  const [par, bre, bur, mar] = [await fill("PAR"), await fill("BRE"), await fill("BUR"), await fill("MUN")];
  check(par === bre && par !== bur && mar !== par && mar !== bur,
    `French centres are drawn in France's colour, BUR in land colour, MUN in Germany's: ${par} ${bre} ${bur} ${mar}`);
  check(await page.$$eval("#layer-rail *, #layer-supply *, #layer-sieges *, #layer-trains *", (n) => n.length) === 0,
    "campaign layers stay empty on the standard map");
  await shot(page, "01-france-start");

  // A PAR-BUR by clicking the unit, then the destination.
  await page.click('#layer-units .unit[data-loc="PAR"]');
  await page.waitForSelector('#layer-provinces .target[data-abbr="BUR"]');
  check(await page.$('#layer-provinces .target[data-abbr="MOS"]') === null, "MOS is no target for A PAR");
  await page.click('#layer-provinces [data-abbr="BUR"] circle');
  check((await textarea(page)).includes("A PAR-BUR"), "clicking made A PAR-BUR");
  // F BRE-MAO, choosing the destination by its province shape.
  await page.click('#layer-units .unit[data-loc="BRE"]');
  await page.waitForSelector('#layer-provinces .target[data-abbr="MAO"]');
  await page.dispatchEvent('#layer-regions [data-abbr="MAO"]', "click");
  // A MAR S A PAR-BUR: select, Support, the supported unit, the destination.
  await page.click('#layer-units .unit[data-loc="MAR"]');
  await page.click('.order-tools button:has-text("Support")');
  await page.click('#layer-units .unit[data-loc="PAR"]');
  await page.click('#layer-provinces [data-abbr="BUR"] circle');
  const text = await textarea(page);
  check(text.includes("F BRE-MAO") && text.includes("A MAR S A PAR-BUR"), "clicked orders: " + text);
  let v = await verdicts(page, 3);
  check(v.every((x) => x.cls === "accepted"), "three clicked orders accepted: " + JSON.stringify(v));

  // A bad line typed in shows its error live, on its line.
  await page.click("#orders-text");
  await page.keyboard.press("Control+End");
  await page.keyboard.type("A PAR-MOS\n");
  v = await verdicts(page, 4);
  check(v[3].cls === "rejected" && /MOS/.test(v[3].text), "the bad line is rejected: " + JSON.stringify(v[3]));
  await shot(page, "02-france-validation-error");
  await page.fill("#orders-text", text);
  await verdicts(page, 3);
  await page.click("#submit-orders");
  await page.waitForSelector("#confirmation .ok");
  const confirmation = await page.textContent("#confirmation");
  check(confirmation.includes("3 accepted, 0 rejected") && confirmation.includes("A PAR - BUR"), "confirmation: " + confirmation);
  await page.check("#ready-flag");
  await page.waitForFunction(() => document.getElementById("status").textContent.includes("ready"), null, { timeout: 10000 });
  await shot(page, "03-france-submitted");
  console.log("ok: orders by clicking, live validation, submit, ready");
}

async function textOrders(page, server, game) {
  await page.goto(`${server.base}/#/game/${game.id}`);
  await page.waitForSelector("#token-input");
  check(await page.$("#orders-text") === null, "no order panel without a token");
  await page.fill("#token-input", game.tokens.Germany);
  await page.click("#token-save");
  await page.waitForSelector("#orders-text");
  await page.fill("#orders-text", "A MUN-RUH\nF KIE-DEN\nA BER-KIE\nA MUN-XYZ\n");
  const v = await verdicts(page, 4);
  check(v.slice(0, 3).every((x) => x.cls === "accepted"), "three typed orders accepted");
  check(v[3].cls === "rejected" && /XYZ/.test(v[3].text), "the unknown province is reported: " + v[3].text);
  await shot(page, "04-germany-typed-with-error");
  await page.click("#submit-orders");
  await page.waitForSelector("#confirmation .warn");
  check((await page.textContent("#confirmation")).includes("3 accepted, 1 rejected"), "a partly bad submission is saved with its verdicts");
  // The submission refreshes the page; typing before the panel is redrawn would go into the
  // old box. The guidance line is the new panel's, from the orders now in force.
  await page.waitForFunction(() => document.getElementById("guidance")?.textContent.startsWith("3 of 3"), null, { timeout: 10000 });
  // Nothing accepted (a friendly heading, a bad line): not saved, the orders in force stay.
  await page.fill("#orders-text", "Changing my mind:\nA MUN-XYZ\n");
  await verdicts(page, 2);
  await page.click("#submit-orders");
  await page.waitForSelector("#confirmation .error");
  const kept = await page.textContent("#confirmation");
  check(kept.includes("Not saved") && kept.includes("orders in force are unchanged") && kept.includes("A MUN - RUH"),
    "a submission with no accepted line keeps the orders in force: " + kept);
  console.log("ok: orders typed with a token entered by hand, validation errors shown");
}

async function gmConsole(page, server, game) {
  await page.goto(`${server.base}/#/game/${game.id}?token=${game.gm}`);
  await page.waitForSelector("#gm-heading");
  await page.waitForSelector('.gm-console tr[data-power="France"] td.ok');
  const row = await page.textContent('.gm-console tr[data-power="Germany"]');
  check(row.includes("submitted"), "the GM sees Germany submitted: " + row);
  check(!(await page.textContent('.gm-console tr[data-power="Italy"]')).includes("submitted"), "Italy has not submitted");
  await shot(page, "05-gm-console");

  // A double click sends one resolve: the button is disabled while its request is in flight
  // (and the request names Spring 1901, so even a second one could not resolve Fall 1901).
  await page.dblclick("#gm-resolve");
  await page.waitForFunction(() => document.getElementById("current-phase")?.textContent.includes("Fall 1901"), null, { timeout: 15000 });
  // A second click that comes only once the console shows the next phase (a slow double
  // click) finds the new Resolve button resting, so it does not resolve Fall 1901 too.
  await page.click("#gm-resolve", { force: true });
  await page.waitForTimeout(500);
  for (const [loc, power] of [["BUR", "France"], ["MAO", "France"], ["RUH", "Germany"], ["DEN", "Germany"], ["KIE", "Germany"]])
    check(await page.$(`#layer-units .unit[data-loc="${loc}"][data-power="${power}"]`), `${power} unit now in ${loc}`);
  check(await page.$('#layer-units .unit[data-loc="PAR"]') === null, "PAR is empty after the move");
  const resolved = await apiCall(server, "GET", `/games/${game.id}`);
  check(resolved.data.seq === 1, "the double click resolved one phase: seq " + resolved.data.seq);
  const spring = await apiCall(server, "GET", `/games/${game.id}/phases/0`);
  const sources = Object.fromEntries(spring.data.orders.map((o) => [o.power, o.source]));
  check(sources.France === "web" && sources.Germany === "web", "the server marks the page's orders web: " + JSON.stringify(sources));
  await shot(page, "06-after-resolution");

  // History: step back to Spring 1901 and see its orders and results.
  await page.click("#history-prev");
  await page.waitForSelector("#results-list");
  const results = await page.textContent("#results-list");
  check(/A PAR - BUR\s*— succeeds/.test(results), "the spring results list A PAR - BUR succeeds: " + results);
  // Germany's refused line is the GM's to see, never the public's (docs/server.md).
  check(results.includes("A MUN-XYZ"), "the GM sees Germany's refused line: " + results);
  const anonymous = await apiCall(server, "GET", `/games/${game.id}/phases/0`);
  check(!JSON.stringify(anonymous.data).includes("XYZ"), "the public phase view hides refused lines");
  check(await page.$('#layer-units .unit[data-loc="PAR"]'), "the spring map shows A PAR again");
  check(await page.$$eval("#layer-orders .order-arrow", (a) => a.length) >= 5, "the spring orders are drawn as arrows");
  await shot(page, "07-history-spring");
  await page.click("#history-next");
  await page.waitForFunction(() => !document.getElementById("results-list"), null, { timeout: 10000 });
  check(await page.$('#layer-units .unit[data-loc="BUR"]'), "back to the current position");

  // Pause, resume, extend.
  await page.click("#gm-pause");
  await page.waitForFunction(() => document.getElementById("game-meta").textContent.includes("paused"), null, { timeout: 10000 });
  await page.click("#gm-resume");
  await page.waitForFunction(() => document.getElementById("game-meta").textContent.includes("active"), null, { timeout: 10000 });
  const before = (await apiCall(server, "GET", `/games/${game.id}`)).data.deadline;
  await page.fill("#gm-extend-hours", "2");
  await page.click("#gm-extend");
  await page.waitForFunction(() => document.getElementById("status").textContent.includes("Extend"), null, { timeout: 10000 });
  const after = (await apiCall(server, "GET", `/games/${game.id}`)).data.deadline;
  check(after - before >= 7200 - 5, `the deadline moved by two hours (${before} -> ${after})`);

  // Replace Italy's player: a new link is shown once, the old token stops working.
  await page.selectOption("#gm-seat-power", "Italy");
  await page.fill("#gm-seat-player", "New Italy");
  await page.click("#gm-seat");
  await page.waitForSelector("#gm-handover-link");
  const link = await page.inputValue("#gm-handover-link");
  check(/#\/game\/\d+\?token=seat_/.test(link), "a handover link: " + link);
  const old = await apiCall(server, "GET", `/games/${game.id}/orders`, undefined, game.tokens.Italy);
  check(old.status === 401, "the replaced token is refused: " + old.status);
  const fresh = await apiCall(server, "GET", `/games/${game.id}/orders`, undefined, decodeURIComponent(link.split("token=")[1]));
  check(fresh.status === 200 && fresh.data.seats[0].power === "Italy", "the new token works");
  await shot(page, "08-gm-after-actions");
  console.log("ok: GM console (submissions, resolve, history, pause/resume, extend, replace)");
}

async function phone(page, server, game) {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${server.base}/#/game/${game.id}?token=${game.tokens.France}`);
  await page.waitForSelector("#orders-text");
  const measure = () => page.evaluate(() => ({
    doc: document.documentElement.scrollWidth,
    frame: document.querySelector(".map-wrap").getBoundingClientRect().right,
    map: document.getElementById("map").getBoundingClientRect().width,
    text: document.getElementById("orders-text").getBoundingClientRect().right,
  }));
  const widths = await measure();
  check(widths.doc <= 390, "no horizontal scrolling on a phone: " + JSON.stringify(widths));
  check(widths.frame <= 390 && widths.map > 300 && widths.map <= 390, "the map fits the screen: " + JSON.stringify(widths));
  check(widths.text <= 390, "the order box fits the screen");
  // It opens on France's units, zoomed in (phone.test.mjs checks every width).
  const box = await page.$eval("#map", (m) => m.getAttribute("viewBox").split(" ").map(Number));
  check(box[2] < 1000 && box[0] < 300 && box[0] + box[2] > 300, "the map opens on France: " + box.join(" "));
  await shot(page, "09-phone-fitted");
  await (await page.$(".map-wrap")).screenshot({ path: path.join(ARTIFACTS, "00-standard-map-phone.png") });
  const button = await page.$eval("#submit-orders", (b) => b.getBoundingClientRect().height);
  check(button >= 44, "buttons are big enough to tap: " + button);
  await page.click('#layer-units .unit[data-loc="BUR"]');
  await page.waitForSelector('#layer-provinces .target[data-abbr="MUN"]');
  await shot(page, "09-phone-enlarged");
  console.log("ok: phone-sized viewport");
}

async function keyboard(page, server, game) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${server.base}/#/game/${game.id}?token=${game.tokens.France}`);
  await page.waitForSelector("#orders-text");
  await page.fill("#orders-text", "");  // start empty (the page loads nothing for a new phase)
  await page.evaluate(() => document.activeElement?.blur());
  // Tab to a control matching `test`, pressing Tab at most `limit` times.
  const tabTo = async (what, test, limit = 150) => {
    for (let i = 0; i < limit; i++) {
      await page.keyboard.press("Tab");
      if (await page.evaluate(test)) return;
    }
    throw new Error("could not reach " + what + " with Tab");
  };
  await tabTo("the army in Burgundy", () => document.activeElement?.getAttribute("aria-label")?.startsWith("French army in Burgundy"));
  await page.keyboard.press("Enter");
  await page.waitForSelector('#layer-units .unit.selected[data-loc="BUR"]');
  check(await page.evaluate(() => document.activeElement?.closest("#layer-provinces") !== null), "focus moves to the targets");
  await tabTo("Munich as a target", () => document.activeElement?.dataset.abbr === "MUN", 20);
  await page.keyboard.press("Enter");
  check((await textarea(page)).includes("A BUR-MUN"), "the keyboard made A BUR-MUN");
  await tabTo("the order box", () => document.activeElement?.id === "orders-text");
  await page.keyboard.press("Control+End");
  await page.keyboard.type("F MAO-POR\n");
  await verdicts(page, 2);
  await tabTo("the submit button", () => document.activeElement?.id === "submit-orders", 10);
  await page.keyboard.press("Enter");
  await page.waitForSelector("#confirmation .ok");
  check((await page.textContent("#confirmation")).includes("2 accepted"), "keyboard submission confirmed");
  await shot(page, "10-keyboard");
  console.log("ok: keyboard only");
}

// Phase guidance and one power's order history (docs/web.md): the count line on the orders
// panel follows the orders in force and the ready flag; the deadline banner shows within the
// reminder threshold (the phase's last quarter, at most the default 6 hours) until all is
// ordered and ready, and not on a fresh game: a 1-hour phase used to open with "Deadline near".
// The page's clock is moved on to the last quarter (the server's stays: nothing resolves). The
// per-power history lists a resolved phase's orders and results, the refused line only for its
// own seat.
async function guidanceAndHistory(page, server) {
  const game = await createGame(server, "Guidance", { deadlines: { movement: 3600 } });
  await page.clock.install();
  await page.goto(`${server.base}/#/game/${game.id}?token=${game.tokens.France}`);
  await page.waitForFunction(() => document.getElementById("guidance")?.textContent, null, { timeout: 10000 });
  check((await page.textContent("#guidance")) === "0 of 3 units ordered, not ready.", "nothing ordered: " + await page.textContent("#guidance"));
  check(!(await page.isVisible("#deadline-banner")), "no banner on a fresh 1-hour phase: " + await page.textContent("#deadline-banner"));
  await shot(page, "21-guidance-fresh");
  // Fifty minutes on, ten minutes before the deadline: the page left open shows the banner.
  await page.clock.fastForward("50:00");
  await page.waitForSelector("#deadline-banner:not([hidden])");
  const banner = await page.textContent("#deadline-banner");
  check(/Deadline near: 0 of 3 units ordered.* resolves in about (9|10) minutes/.test(banner), "the deadline banner shows: " + banner);
  await shot(page, "21-guidance-banner");
  await page.fill("#orders-text", "A PAR-BUR\nA MAR-SPA\nnote to self: F BRE next\n");
  await verdicts(page, 3);
  // The line follows the box as it is checked, before any submission.
  await page.waitForFunction(() => document.getElementById("guidance")?.textContent === "2 of 3 units ordered in the box, not submitted yet.", null, { timeout: 10000 });
  await page.click("#submit-orders");
  await page.waitForFunction(() => document.getElementById("guidance")?.textContent === "2 of 3 units ordered, not ready.", null, { timeout: 10000 });
  check(await page.isVisible("#deadline-banner"), "still reminded with a unit left");
  await page.fill("#orders-text", "A PAR-BUR\nA MAR-SPA\nF BRE-MAO\nnote to self: hold the line\n");
  await verdicts(page, 4);
  await page.click("#submit-orders");
  await page.waitForFunction(() => document.getElementById("guidance")?.textContent === "3 of 3 units ordered, not ready.", null, { timeout: 10000 });
  await page.check("#ready-flag");
  await page.waitForFunction(() => document.getElementById("guidance")?.textContent === "3 of 3 units ordered, ready.", null, { timeout: 10000 });
  check(!(await page.isVisible("#deadline-banner")), "no banner once all is ordered and ready");
  await shot(page, "22-guidance-ready");
  await page.clock.setSystemTime(Date.now());  // the pages after this one on the real time

  check((await resolveNow(server, game.id, game.gm)).status === 200, "resolve");
  await page.waitForFunction(() => document.getElementById("current-phase")?.textContent.includes("Fall 1901"), null, { timeout: 15000 });
  await page.selectOption("#power-history-select", "France");
  await page.waitForSelector('#power-history li[data-seq="0"] li');
  const own = await page.textContent("#power-history");
  check(/Spring 1901/.test(own) && /A PAR - BUR\s*— succeeds/.test(own) && /note to self/.test(own),
    "France's history, with its own refused line: " + own);
  await page.selectOption("#power-history-select", "Italy");
  await page.waitForFunction(() => /no orders on file/.test(document.getElementById("power-history")?.textContent), null, { timeout: 10000 });
  check(/A ROM H\s*— succeeds \(default\)|A ROM H/.test(await page.textContent("#power-history")), "Italy's units held");
  await shot(page, "23-power-history");
  // Without a token the same history has no refused line.
  await page.evaluate(() => sessionStorage.clear());
  await page.reload();
  await page.waitForSelector("#power-history-select");
  check(await page.$("#orders-text") === null, "no seat in this tab any more");
  await page.selectOption("#power-history-select", "France");
  await page.waitForSelector('#power-history li[data-seq="0"] li');
  const outside = await page.textContent("#power-history");
  check(/A PAR - BUR/.test(outside) && !/note to self/.test(outside), "the public sees no refused line: " + outside);
  console.log("ok: phase guidance, the deadline banner and one power's order history");
  return game;
}

// A sandbox game (docs/web.md): the lobby says so; its GM picks a power, orders for it with the
// guidance line, picks another, and resolves; no join buttons, no pause or extend.
async function sandboxGame(page, server) {
  const created = await apiCall(server, "POST", "/games", { name: "Sandbox", sandbox: true });
  check(created.status === 201, "create a sandbox: " + JSON.stringify(created.data));
  const game = { id: created.data.game.id, gm: created.data.gm_token, tokens: {} };
  check((await apiCall(server, "POST", `/games/${game.id}/actions/start`, {}, game.gm)).status === 200, "start");
  await page.goto(`${server.base}/#/`);
  await page.waitForSelector(`tr[data-game="${game.id}"]`);
  check(/active · sandbox/.test(await page.textContent(`tr[data-game="${game.id}"]`)), "the lobby shows the sandbox");
  await page.goto(`${server.base}/#/game/${game.id}?token=${game.gm}`);
  await page.waitForSelector("#sandbox-power");
  check(await page.$(".join button") === null && await page.$("#gm-pause") === null && await page.$("#gm-extend") === null,
    "no seats to join, no clock to pause or extend");
  await page.selectOption("#sandbox-power", "France");
  await page.waitForFunction(() => document.getElementById("orders-heading")?.textContent.includes("France"), null, { timeout: 10000 });
  await page.fill("#orders-text", "A PAR-BUR\nA MAR-SPA\n");
  await verdicts(page, 2);
  await page.click("#submit-orders");
  await page.waitForFunction(() => document.getElementById("guidance")?.textContent === "2 of 3 units ordered, not ready.", null, { timeout: 10000 });
  check(!(await page.isVisible("#deadline-banner")), "no deadline, no banner");
  await page.selectOption("#sandbox-power", "Germany");
  await page.waitForFunction(() => document.getElementById("guidance")?.textContent === "0 of 3 units ordered, not ready.", null, { timeout: 10000 });
  await page.fill("#orders-text", "A MUN-RUH\n");
  await verdicts(page, 1);
  await page.click("#submit-orders");
  await page.waitForFunction(() => document.getElementById("guidance")?.textContent.startsWith("1 of 3"), null, { timeout: 10000 });
  await shot(page, "24-sandbox");
  await page.click("#gm-resolve");
  await page.waitForFunction(() => document.getElementById("current-phase")?.textContent.includes("Fall 1901"), null, { timeout: 15000 });
  for (const [loc, power] of [["BUR", "France"], ["SPA", "France"], ["RUH", "Germany"]])
    check(await page.$(`#layer-units .unit[data-loc="${loc}"][data-power="${power}"]`), `${power} unit now in ${loc}`);
  check((await apiCall(server, "GET", `/games/${game.id}`)).data.deadline === null, "still no deadline");
  console.log("ok: a sandbox game, every power ordered by its GM");
  return game;
}

function checkLogs(server, games) {
  const log = fs.readFileSync(server.logPath, "utf8");
  check(log.length > 0, "the server logged requests");
  for (const token of games.flatMap((game) => [game.gm, ...Object.values(game.tokens)]))
    check(!log.includes(token), "no token in the server log");
  console.log("ok: no token in the server log");
}

// A game that assigns its powers by preference (docs/assignment.md): no power's join button,
// the join list's button instead, and the player's own ranking saved from its form.
async function joinList(page, server) {
  const created = await apiCall(server, "POST", "/games", { name: "Ranked", assignment: "preference" });
  check(created.status === 201, "create a preference game: " + JSON.stringify(created.data));
  const id = created.data.game.id;
  await page.goto(`${server.base}/#/game/${id}`);
  await page.waitForSelector("#join-list");
  check(await page.$$eval('.join button[data-power]', (b) => b.length) === 0, "no power's join button");
  await page.fill("#join-player", "Rita");
  await page.click("#join-list");
  await page.waitForSelector("#ranking-input");
  const link = await page.$eval('input[aria-label="Your seat link"]', (i) => i.value);
  const token = new URL(link.replace("#/", "")).searchParams.get("token");
  check(token && token.startsWith("seat_"), "the list's token in the link: " + link);
  check(await page.$eval("#ranking-input", (i) => i.value) === "any", "no ranking yet: any");
  await page.fill("#ranking-input", "France, italy");
  await page.click("#ranking-save");
  await until(async () => {
    const mine = await apiCall(server, "GET", `/games/${id}/preferences`, undefined, token);
    return mine.status === 200 && JSON.stringify(mine.data.ranking) === '["France","Italy"]';
  }, 10000, "the ranking saved from the form");
  // The page draws the form again with the saved ranking before it is used again.
  await until(async () => (await page.$eval("#ranking-input", (i) => i.value)) === "France, Italy", 10000,
    "the saved ranking shown in the form");
  await page.fill("#ranking-input", "Narnia");
  await page.click("#ranking-save");
  await until(async () => (await page.textContent("body")).includes("no power 'Narnia'"), 10000,
    "an unknown power refused by name");
  // A place on the list has no power yet, so no press: no panel asking for a seat's token.
  check(!(await page.textContent("body")).includes("Press could not be loaded"),
    "no press error for a place on the list");
  await shot(page, "15-join-list");
  console.log("ok: join list and ranking form");
  return { gm: created.data.gm_token, tokens: { list: token } };
}

// Two parts, each its own CTest test with its own server and browser, so the two run side by
// side: "seats", one standard game played from its seats and its GM console (by clicking, by
// text, on a phone, by keyboard); "games", the games that stand alone (press, guidance and one
// power's history, a sandbox, the 1914 campaign's map and Colonial's). Each returns the games
// whose tokens must not reach the server's log.
const PARTS = {
  async seats(server, open) {
    await checkStatic(server);
    const game = await createGame(server);
    const france = await open("france");
    await clickOrders(france, server, game);
    const germany = await open("germany");
    await textOrders(germany, server, game);
    const gm = await open("gm");
    await gmConsole(gm, server, game);
    const mobile = await open("phone");
    await phone(mobile, server, game);
    const keys = await open("keyboard");
    await keyboard(keys, server, game);
    const listed = await open("join-list");
    return [game, await joinList(listed, server)];
  },
  async games(server, open) {
    const games = await press(server, open);
    const guided = await open("guidance");
    games.push(await guidanceAndHistory(guided, server));
    const sandbox = await open("sandbox");
    games.push(await sandboxGame(sandbox, server));
    const campaign = await open("campaign");
    await campaignMap(campaign, server);
    const colonial = await open("colonial");
    await colonialMap(colonial, server);
    return games;
  },
};

async function main() {
  const part = PARTS[PART];
  if (!part) usage();
  const { server, tokenGames } = await withBrowser(async ({ server, open }) =>
    ({ server, tokenGames: await part(server, open) }));
  await stopServer(server);
  checkLogs(server, tokenGames);
}

run(main);
