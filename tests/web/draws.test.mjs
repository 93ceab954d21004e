#!/usr/bin/env node
// SPDX-License-Identifier: Apache-2.0
// Browser test of draws and concessions in the web UI (docs/draws.md, docs/web.md "Draws and
// concessions"), at a desktop and at 390 and 360 px wide: France proposes a draw from its page,
// Italy accepts on its own, and while it is open no page shows a vote but its reader's own
// (Italy's page, the GM's and a public one are searched for France's); Germany refuses from its
// page, the draw fails and every page then shows every vote. Turkey proposes a concession to
// Russia on a phone, Russia's page has no vote to cast, the last voter accepts on a 360 px
// phone, and the game ends, conceded to Russia. Screenshots of each step are kept.
//
// Usage: node draws.test.mjs --binary PATH [--variants DIR] [--artifacts DIR] [--chromium PATH]
// Exits 77 (CTest: skipped) when Chromium or playwright-core is missing.

import path from "node:path";

import { ARTIFACTS, POWERS, apiCall, check, createGame, withBrowser, openAs, run } from "./harness.mjs";

const DESKTOP = { width: 1280, height: 900 };

// A tab that holds only `token` (or none), on the game's page, its draws panel loaded.
async function as(page, server, game, token) {
  await openAs(page, server, `#/game/${game.id}`, token);
  await page.waitForSelector("#current-phase");
}

async function panelText(page) {
  return page.$eval("#draws-panel", (p) => (p.hidden ? "" : p.textContent));
}

async function shots(page, name) {
  await page.screenshot({ path: path.join(ARTIFACTS, name + ".png"), fullPage: true });
  const panel = await page.$("#draws-panel:not([hidden])");
  if (panel) {
    await panel.scrollIntoViewIfNeeded();
    await panel.screenshot({ path: path.join(ARTIFACTS, name + "-panel.png") });
  }
}

// No sideways scroll, and the panel's buttons big enough to tap.
async function fits(page, what) {
  const m = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth,
    small: [...document.querySelectorAll("#draws-panel button, #draws-panel select")].map((b) => b.getBoundingClientRect())
      .filter((r) => r.width > 0 && (r.width < 43.5 || r.height < 43.5)).length,
  }));
  check(m.scroll <= m.client && m.small === 0, `${what}: fits the screen with controls to tap: ` + JSON.stringify(m));
}

async function main() {
  await withBrowser(async ({ server, open }) => {
    const game = await createGame(server, "Draws");
    const page = await open("draws");
    await page.setViewportSize(DESKTOP);

    // France proposes a draw: it counts as France's accept.
    await as(page, server, game, game.tokens.France);
    await page.waitForSelector("#draw-propose");
    check((await panelText(page)).includes("Austria, England, France, Germany, Italy, Russia, Turkey"), "the survivors a draw would include");
    await shots(page, "50-draws-propose-desktop");
    await page.click("#draw-propose");
    await page.waitForSelector("#draw-open #draw-your-vote");
    check(/You accepted/.test(await page.textContent("#draw-your-vote")), "France's own vote shown");
    check(!(await page.$("#draw-propose")), "one proposal at a time");
    await shots(page, "51-draws-open-proposer-desktop");

    // Italy, at 390 px, sees the proposal and votes; never France's vote.
    await page.setViewportSize({ width: 390, height: 844 });
    await as(page, server, game, game.tokens.Italy);
    await page.waitForSelector("#draw-open #draw-accept");
    let text = await panelText(page);
    check(text.includes("France proposed a draw") && !/France: accept|accepted by|refused/i.test(text), "Italy sees the proposal, no vote: " + text);
    check(!(await page.$(".draw-votes")), "no votes listed while open");
    await fits(page, "Italy's page at 390");
    await shots(page, "52-draws-vote-390");
    await page.click("#draw-accept");
    await page.waitForSelector("#draw-your-vote");
    text = await panelText(page);
    check(/You accepted/.test(text) && !/France: /.test(text), "Italy sees its own vote only: " + text);
    await shots(page, "53-draws-voted-390");

    // The GM and the public: the GM sees the proposal and no vote; the public not even that.
    await page.setViewportSize(DESKTOP);
    await as(page, server, game, game.gm);
    await page.waitForSelector("#draw-open");
    text = await panelText(page);
    check(/votes are secret/.test(text) && !/accepted/.test(text) && !(await page.$("#draw-accept")), "the GM sees no vote: " + text);
    await shots(page, "54-draws-gm-desktop");
    await as(page, server, game, null);
    // Once the panel has read the public's proposals, it shows none and says it was given none.
    await page.waitForSelector("#draws-panel[data-proposals]", { state: "attached" });
    check((await panelText(page)) === "", "the public does not see the open proposal");
    check((await page.getAttribute("#draws-panel", "data-proposals")) === "0", "the public is given no proposal");

    // Germany refuses at 360 px: the draw fails, and now every vote is shown.
    await page.setViewportSize({ width: 360, height: 740 });
    await as(page, server, game, game.tokens.Germany);
    await page.waitForSelector("#draw-refuse");
    await page.click("#draw-refuse");
    await page.waitForSelector('#draws-closed li[data-status="failed"]');
    text = await page.textContent('#draws-closed li[data-status="failed"]');
    check(/France: accepted/.test(text) && /Italy: accepted/.test(text) && /Germany: refused/.test(text), "the failed draw's votes: " + text);
    check(await page.$("#draw-propose"), "a new proposal may be made");
    await fits(page, "Germany's page at 360");
    await shots(page, "55-draws-failed-360");

    // A concession to Russia, proposed by Turkey at 390 px.
    await page.setViewportSize({ width: 390, height: 844 });
    await as(page, server, game, game.tokens.Turkey);
    await page.waitForSelector("#concede-to");
    await page.selectOption("#concede-to", "Russia");
    await page.click("#concede-propose");
    await page.waitForSelector("#draw-your-vote");
    check((await panelText(page)).includes("Turkey proposed a concession to Russia"), "the concession is open");
    await shots(page, "56-concession-open-390");
    await as(page, server, game, game.tokens.Russia);
    await page.waitForSelector("#draw-open");
    text = await panelText(page);
    check(/conceded to you/.test(text) && !(await page.$("#draw-accept")), "Russia does not vote: " + text);
    // Every voter but Austria accepts through the API; Austria on its phone.
    const concession = (await apiCall(server, "GET", `/games/${game.id}/draws`, undefined, game.tokens.Austria)).data.proposals.find((p) => p.status === "open");
    for (const power of POWERS.filter((p) => !["Austria", "Russia", "Turkey"].includes(p))) {
      const r = await apiCall(server, "POST", `/games/${game.id}/draws/${concession.id}/vote`, { accept: true }, game.tokens[power]);
      check(r.status === 200 && r.data.status === "open", `${power} accepts: ` + JSON.stringify(r.data));
    }
    await page.setViewportSize({ width: 360, height: 740 });
    await as(page, server, game, game.tokens.Austria);
    await page.waitForSelector("#draw-accept");
    text = await page.textContent("#draw-open");
    check(!/England|France|Germany|Italy|accepted|refused/.test(text) && !(await page.$("#draw-open .draw-votes")), "Austria sees no other vote on the open concession: " + text);
    await shots(page, "57-concession-vote-360");
    await page.click("#draw-accept");
    await page.waitForFunction(() => document.getElementById("game-meta")?.textContent.includes("ended"));
    await page.waitForSelector('#draws-closed li[data-status="passed"]');
    text = await page.textContent('#draws-closed li[data-status="passed"]');
    check(/conceded to Russia/.test(text) && /Austria: accepted/.test(text) && /Turkey: accepted/.test(text), "the concession passed: " + text);
    check((await page.textContent("#game-meta")).includes("winner: Russia"), "the game names its winner");
    check(!(await page.$("#orders-text")), "no order box once the game has ended");
    await fits(page, "Austria's page at 360 after the end");
    await shots(page, "58-concession-passed-360");
    await page.setViewportSize(DESKTOP);
    await as(page, server, game, null);
    await page.waitForSelector('#draws-closed li[data-status="passed"]');
    check((await page.$$("#draws-closed > li")).length === 2, "the public reads both decided proposals");
    await shots(page, "59-draws-public-desktop");
    console.log("ok: draws and concessions");
  });
}

run(main);
