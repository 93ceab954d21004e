#!/usr/bin/env node
// SPDX-License-Identifier: Apache-2.0
// Browser test of absences in the web UI (docs/absence.md, docs/web.md "Absence"), at a desktop
// and at 360 px wide: France declares an absence over the deadline from its page with a note;
// its page lists it and the game's line says the game waits; England's page says the game waits
// but has neither France's absence nor its note; France ends it ("I am back") and the wait goes.
//
// Usage: node absences.test.mjs --binary PATH [--variants DIR] [--artifacts DIR] [--chromium PATH]
// Exits 77 (CTest: skipped) when Chromium or playwright-core is missing.

import path from "node:path";

import { ARTIFACTS, apiCall, check, createGame, withBrowser, openAs, run, until } from "./harness.mjs";

async function as(page, server, game, token) {
  await openAs(page, server, `#/game/${game.id}`, token);
  await page.waitForSelector("#current-phase");
}

function day(seconds) {
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}

async function main() {
  await withBrowser(async ({ server, open }) => {
    const game = await createGame(server, "Absences");
    const state = await apiCall(server, "GET", `/games/${game.id}`);
    const deadline = state.data.deadline;
    const page = await open("absences");
    await page.setViewportSize({ width: 1280, height: 900 });

    await as(page, server, game, game.tokens.France);
    await page.waitForSelector("#absence-form");
    check((await page.textContent("#absence-allowance")).includes("14 of 14 days"), "the allowance");
    await page.fill("#absence-from", day(Date.now() / 1000));
    await page.fill("#absence-to", day(deadline));
    await page.fill("#absence-note", "a wedding in the family");
    await page.click("#absence-declare");
    await page.waitForSelector("#absence-list [data-state=active]");
    const back = (Math.floor(deadline / 86400) + 1) * 86400;
    await until(async () => (await apiCall(server, "GET", `/games/${game.id}`)).data.deadline === back, 10000, "the deadline to move");
    await until(async () => (await page.textContent("#game-meta")).includes("waiting for a player's absence"), 10000, "France's page to show the wait");
    check((await page.textContent("#absences-panel")).includes("a wedding in the family"), "France reads its own note");
    await page.screenshot({ path: path.join(ARTIFACTS, "70-absence-declared-desktop.png"), fullPage: true });

    // England: the wait, not who or why.
    await as(page, server, game, game.tokens.England);
    await page.waitForSelector("#absence-form");
    check((await page.textContent("#game-meta")).includes("waiting for a player's absence"), "England sees the wait");
    const body = await page.textContent("body");
    check(!body.includes("wedding") && !(await page.$("#absence-list")), "England reads nothing of France's absence");

    // France on a phone: the panel fits, and "I am back" ends the absence.
    await page.setViewportSize({ width: 360, height: 800 });
    await as(page, server, game, game.tokens.France);
    await page.waitForSelector("#absence-list .absence-cancel");
    const m = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    check(m.scroll <= m.client, "the panel fits a 360 px screen: " + JSON.stringify(m));
    await page.screenshot({ path: path.join(ARTIFACTS, "71-absence-phone.png"), fullPage: true });
    await page.click("#absence-list .absence-cancel");
    await page.waitForSelector("#absence-list [data-state=ended]");
    await until(async () => !(await page.textContent("#game-meta")).includes("waiting for a player's absence"), 10000, "the wait to go");
    check((await apiCall(server, "GET", `/games/${game.id}`)).data.waiting_for_absence === undefined, "no wait in the game document");
  });
}

run(main);
