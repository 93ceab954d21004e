#!/usr/bin/env node
// SPDX-License-Identifier: Apache-2.0
// Browser test of the web UI on a phone first (docs/web.md, "Phone"): at 360, 390 and 768 px
// wide and on a desktop, no page scrolls sideways (the document's scrollWidth against its
// clientWidth), every control is at least 44 by 44 CSS px to tap (buttons, selects, inputs,
// the labels of checkboxes, links in the header, units and targets on the map), the GM
// console's Ready column is on screen, the map opens on the player's own units and the order
// sheet comes straight after the map. Screenshots of each width are kept as artefacts, for a
// person to look at.
//
// Usage: node phone.test.mjs --binary PATH [--variants DIR] [--artifacts DIR] [--chromium PATH]
// Exits 77 (CTest: skipped) when Chromium or playwright-core is missing.

import path from "node:path";

import { ARTIFACTS, apiCall, check, createGame, withBrowser, openAs, resolveNow, run } from "./harness.mjs";

const WIDTHS = [[360, 740], [390, 844], [768, 1024], [1280, 900]];
const TAP = 43.5;  // 44 CSS px, less rounding

// The page's sideways scroll and every visible control smaller than 44 by 44.
function measure(page) {
  return page.evaluate((tap) => {
    const visible = (e) => {
      const r = e.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== "hidden";
    };
    const controls = [
      ...document.querySelectorAll("button, select, textarea, input:not([type=checkbox]):not([type=radio]), label.check, .top a, main a"),
      ...document.querySelectorAll("#map .unit.activatable, #map .target .hit"),
    ].filter(visible);
    const small = controls.map((e) => {
      const r = e.getBoundingClientRect();
      return { what: e.id || e.getAttribute("aria-label") || e.textContent.trim().slice(0, 30) || e.tagName, w: Math.round(r.width), h: Math.round(r.height) };
    }).filter((b) => b.w < tap || b.h < tap);
    const client = document.documentElement.clientWidth;
    // What sticks out on the right, to name in a failure.
    const wide = [...document.querySelectorAll("body *")].filter((e) => !e.closest("svg") && e.getBoundingClientRect().right > client + 0.5)
      .slice(0, 6).map((e) => `${e.tagName.toLowerCase()}${e.id ? "#" + e.id : ""}.${e.getAttribute("class") || ""}: ${Math.round(e.getBoundingClientRect().right)}`);
    return { scroll: document.documentElement.scrollWidth, client, controls: controls.length, small, wide };
  }, TAP);
}

async function fits(page, what) {
  const m = await measure(page);
  check(m.scroll <= m.client, `${what}: no sideways scroll (${m.scroll} > ${m.client}): ` + m.wide.join(", "));
  check(m.small.length === 0, `${what}: every control 44 by 44 to tap, of ${m.controls}: ` + JSON.stringify(m.small.slice(0, 8)));
  return m;
}

async function shoot(page, name) {
  await page.screenshot({ path: path.join(ARTIFACTS, name + ".png"), fullPage: true });
}

// A seat's page: Italy's units all inside the map as it opens on a phone, the order sheet
// straight under the map, a unit tapped and its targets as big as a finger.
// A tab that holds only `token` (the tab keeps its tokens in sessionStorage).
async function as(page, server, game, token) {
  await openAs(page, server, `#/game/${game.id}`, token);
}

async function seat(page, server, game, width) {
  await as(page, server, game, game.tokens.Italy);
  await page.waitForSelector("#orders-text");
  await page.waitForFunction(() => document.getElementById("guidance")?.textContent);
  const m = await fits(page, `Italy's page at ${width}`);
  const place = await page.evaluate(() => {
    const map = document.getElementById("map").getBoundingClientRect();
    const units = [...document.querySelectorAll('#layer-units .unit[data-power="Italy"] .unit-body')].map((u) => u.getBoundingClientRect());
    const inside = units.filter((u) => u.left >= map.left && u.right <= map.right && u.top >= map.top && u.bottom <= map.bottom).length;
    const sheet = document.querySelector(".orders-panel").getBoundingClientRect();
    return { units: units.length, inside, unit: Math.round(units[0].width), mapBottom: map.bottom, sheetTop: sheet.top, sheetLeft: sheet.left, mapRight: map.right };
  });
  check(place.units === 3 && place.inside === 3, `Italy's units all on the map as it opens at ${width}: ` + JSON.stringify(place));
  if (width < 900) {
    check(place.sheetTop - place.mapBottom < 40, `the order sheet straight under the map at ${width}: ` + JSON.stringify(place));
    check(place.unit >= 16, `units drawn at least 16 px at ${width}: ` + JSON.stringify(place));
  } else {
    check(place.sheetLeft >= place.mapRight, "the order sheet beside the map on a desktop: " + JSON.stringify(place));
  }
  await shoot(page, `40-phone-${width}-seat`);
  // What the player sees first, without scrolling.
  await page.screenshot({ path: path.join(ARTIFACTS, `40-phone-${width}-seat-screen.png`) });
  await (await page.$(".map-wrap")).screenshot({ path: path.join(ARTIFACTS, `40-phone-${width}-map.png`) });
  // A unit tapped: its targets are each 44 px to tap.
  await page.click('#layer-units .unit[data-loc="VEN"]');
  await page.waitForSelector('#layer-provinces .target[data-abbr="TYR"]');
  await fits(page, `Italy's page with A VEN picked at ${width}`);
  await (await page.$(".map-column")).screenshot({ path: path.join(ARTIFACTS, `40-phone-${width}-targets.png`) });
  await page.click('#layer-provinces .target[data-abbr="TYR"] .hit');
  await page.waitForFunction(() => document.getElementById("orders-text").value.includes("A VEN-TYR"));
  // The guidance line counts the order tapped in at once, before any submission.
  await page.waitForFunction(() => document.getElementById("guidance")?.textContent === "1 of 3 units ordered in the box, not submitted yet.");
  return m;
}

// The GM's page: the console's Ready column on screen.
async function gm(page, server, game, width) {
  await as(page, server, game, game.gm);
  await page.waitForSelector('.gm-console tr[data-power="Turkey"]');
  await fits(page, `the GM's page at ${width}`);
  // The status toast never takes a tap meant for what it covers.
  check(await page.$eval("#status", (st) => getComputedStyle(st).pointerEvents) === "none", "taps go through the status toast");
  const ready = await page.$eval(".gm-console th:last-child", (th) => ({ text: th.textContent, right: th.getBoundingClientRect().right, width: document.documentElement.clientWidth }));
  check(ready.text === "Ready" && ready.right <= ready.width, `the GM console's Ready column on screen at ${width}: ` + JSON.stringify(ready));
  await shoot(page, `41-phone-${width}-gm`);
  await (await page.$(".gm-console")).screenshot({ path: path.join(ARTIFACTS, `41-phone-${width}-gm-console.png`) });
}

async function lobby(page, server, width) {
  await page.goto(`${server.base}/#/`);
  await page.waitForSelector("#new-name");
  await fits(page, `the game list at ${width}`);
  await shoot(page, `42-phone-${width}-games`);
}

// Ready with something left unordered warns first (docs/web.md, "Order entry"): an empty
// retreat box and Ready used to disband the unit without a word. Austria's fleet in Trieste is
// dislodged in the autumn of 1901; its seat ticks Ready with nothing ordered. On a phone and on
// a desktop.
async function readyWarning(page, server, [width, height]) {
  const game = await createGame(server, "Retreat");
  const put = async (power, orders) => {
    const r = await apiCall(server, "PUT", `/games/${game.id}/orders`, { orders }, game.tokens[power]);
    check(r.status === 200 && r.data.rejected === 0, `${power}: ` + JSON.stringify(r.data));
  };
  await put("Italy", ["A VEN-TYR", "A ROM-VEN"]);
  check((await resolveNow(server, game.id, game.gm)).status === 200, "resolve spring");
  await put("Italy", ["A TYR-TRI", "A VEN S A TYR-TRI"]);
  check((await resolveNow(server, game.id, game.gm)).status === 200, "resolve autumn");
  const state = (await apiCall(server, "GET", `/games/${game.id}`)).data;
  check(state.phase === "F1901R", "a retreat phase: " + state.phase);
  await page.setViewportSize({ width, height });
  await as(page, server, game, game.tokens.Austria);
  await page.waitForFunction(() => document.getElementById("guidance")?.textContent === "0 of 1 dislodged unit ordered, not ready.");
  await page.click("#ready-flag");  // not page.check: the box unticks itself
  await page.waitForSelector("#ready-warning #ready-anyway");
  const warning = await page.textContent("#ready-warning");
  check(/1 dislodged unit has no retreat order in force: it will be disbanded/.test(warning), "the warning: " + warning);
  check(!(await page.isChecked("#ready-flag")), "not ready until the player says so");
  let seat = (await apiCall(server, "GET", `/games/${game.id}/orders`, undefined, game.tokens.Austria)).data.seats[0];
  check(!seat.ready, "the server was not told ready");
  await shoot(page, `43-phone-${width}-ready-warning`);
  await page.click("#ready-anyway");
  await page.waitForFunction(() => document.getElementById("guidance")?.textContent === "0 of 1 dislodged unit ordered, ready.");
  seat = (await apiCall(server, "GET", `/games/${game.id}/orders`, undefined, game.tokens.Austria)).data.seats[0];
  check(seat.ready, "ready once the player says so");
  // The disband typed in is counted at once and drawn over the dislodged fleet.
  await page.fill("#orders-text", "F TRI D\n");
  await page.waitForFunction(() => document.getElementById("guidance")?.textContent === "1 of 1 dislodged unit ordered in the box, not submitted yet.");
  await page.waitForSelector('#layer-orders .order-arrow[data-kind="disband"]');
  const at = await page.evaluate(() => {
    const box = (sel) => { const r = document.querySelector(sel).getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; };
    const [a, b] = [box('#layer-orders .order-arrow[data-kind="disband"]'), box('#layer-dislodged .unit[data-loc="TRI"] .unit-body')];
    return Math.hypot(a[0] - b[0], a[1] - b[1]);
  });
  check(at < 4, "the disband's cross over the dislodged fleet: " + at);
  await (await page.$(".map-column")).screenshot({ path: path.join(ARTIFACTS, `43-phone-${width}-disband.png`) });
  console.log(`ok: Ready with a unit left unordered warns first, ${width} px wide`);
}

async function main() {
  await withBrowser(async ({ server, open }) => {
    const game = await createGame(server, "Phone");
    const state = await apiCall(server, "GET", `/games/${game.id}`);
    check(state.data.status === "active", "the game started with its seats full: " + state.data.status);
    const page = await open("phone");
    for (const [width, height] of WIDTHS) {
      await page.setViewportSize({ width, height });
      await lobby(page, server, width);
      await seat(page, server, game, width);
      await gm(page, server, game, width);
      console.log(`ok: ${width} px wide`);
    }
    await readyWarning(page, server, [390, 844]);
    await readyWarning(page, server, [1280, 900]);
  });
}

run(main);
