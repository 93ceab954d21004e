#!/usr/bin/env node
// SPDX-License-Identifier: Apache-2.0
// Browser test of accounts in the web UI (docs/accounts.md, docs/web.md "Accounts"): the sign-in
// form mails a link (read here from the outbox, as mail is off); the link's landing page signs
// this browser in; a seat joined from the game page while signed in (the page's POST carries the
// session's CSRF token) orders from a tab without its token, and is listed under "My games" with a
// link to its game and its orders in; signing out ends it.
// (A link from another browser is refused in tests/mail/test_accounts.py: the browser here is one
// profile, whose pages share their cookies.)
//
// Usage: node accounts.test.mjs --binary PATH [--variants DIR] [--artifacts DIR] [--chromium PATH]
// Exits 77 (CTest: skipped) when Chromium or playwright-core is missing.

import { execFileSync } from "node:child_process";
import path from "node:path";

import { ARTIFACTS, apiCall, check, withBrowser, run } from "./harness.mjs";

// The newest link mailed to `email`, from the server's outbox.
function mailedLink(server, email) {
  const body = execFileSync("sqlite3", [path.join(server.dir, "adjutant.db"),
    `SELECT body FROM mail_outbox WHERE recipient = '${email}' ORDER BY id DESC LIMIT 1`], { encoding: "utf8" });
  const m = /(#\/sign-in\?token=\S+)/.exec(body);
  check(m, "a link in the mail: " + body);
  return m[1];
}

// `route` in a freshly loaded document: a change of the hash alone keeps the page before, whose
// last answer could still draw over the new one.
async function goto(page, server, route) {
  await page.goto("about:blank");
  await page.goto(`${server.base}/${route}`);
}

async function main() {
  await withBrowser(async ({ server, open }) => {
    const created = await apiCall(server, "POST", "/games", { name: "Signed in", variant: "standard" });
    check(created.status === 201, "create game");
    const id = created.data.game.id;

    const page = await open("accounts");
    await page.goto(`${server.base}/#/sign-in`);
    await page.fill('input[name="email"]', "web@player.test");
    await page.click('form.sign-in button[type="submit"]');
    await page.waitForSelector("p.sent");
    const link = mailedLink(server, "web@player.test");

    await goto(page, server, link);
    await page.waitForSelector("text=You are signed in as web@player.test.");
    check(!page.url().includes("token="), "the token leaves the address bar: " + page.url());
    await page.screenshot({ path: path.join(ARTIFACTS, "70-signed-in.png"), fullPage: true });

    // Joining from the game page while signed in: the POST needs the CSRF token, and binds.
    await goto(page, server, `#/game/${id}`);
    await page.click('button[data-power="France"]');
    await page.waitForSelector("text=You joined as France.");

    // A tab without the seat's token orders for the account's seat: its session.
    await page.evaluate(() => sessionStorage.clear());
    await goto(page, server, `#/game/${id}`);
    await page.waitForSelector("#orders-heading");
    check((await page.textContent("#game-meta")).includes("you play France"), "the account's seat");
    await page.fill("#orders-text", "A PAR H");
    await page.click("#submit-orders");
    await page.waitForSelector("#orders-summary");

    await goto(page, server, "#/my-games");
    await page.waitForSelector(`a[href="#/game/${id}"]`);
    const row = await page.textContent("tbody tr");
    check(row.includes("France") && row.includes("S1901M"), "my games lists France: " + row);
    check(await page.$eval("tbody tr td:nth-child(5)", (td) => td.textContent) === "in", "France's orders are in");
    await page.screenshot({ path: path.join(ARTIFACTS, "71-my-games.png"), fullPage: true });

    await page.click("text=Sign out");
    await page.waitForFunction(() => location.hash === "#/");
    await goto(page, server, "#/my-games");
    await page.waitForSelector("text=You are not signed in.");
    console.log("ok: sign-in, join while signed in, my games, sign-out");
  });
}

run(main);
