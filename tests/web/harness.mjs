// SPDX-License-Identifier: Apache-2.0
// What the browser tests share: their command line, the real `adjutant serve` on a loopback port
// with a temporary SQLite file, API calls, a watchdog, Chromium through playwright-core (which
// downloads no browser) and the waits and screenshots every test uses. Each test file is one
// CTest test, so a failure names the feature and each run stays well within its time limit.

import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const args = parseArgs(process.argv.slice(2));
export const BINARY = args.binary;
export const VARIANTS = args.variants || path.resolve(here, "../../config/variants");
export const ARTIFACTS = path.resolve(args.artifacts || path.resolve(here, "../artifacts/web"));
export const CHROMIUM = args.chromium || process.env.CHROMIUM || "/usr/bin/chromium";
export const WATCHDOG_MS = Number(args.timeout || 240) * 1000;
// Which part of a test file to run, for a file split into parts (ui.test.mjs).
export const PART = args.part;
export const POWERS = ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"];

export function parseArgs(argv) {
  const out = {};
  for (let i = 0; i < argv.length; i += 2) {
    if (!argv[i].startsWith("--") || argv[i + 1] === undefined) usage();
    out[argv[i].slice(2)] = argv[i + 1];
  }
  if (!out.binary) usage();
  return out;
}

export function usage() {
  console.error("usage: " + path.basename(process.argv[1]) + " --binary PATH [--variants DIR] [--artifacts DIR] [--chromium PATH] [--timeout SECONDS] [--part NAME]");
  process.exit(64);
}

export function check(condition, message) {
  if (!condition) throw new Error("check failed: " + message);
}

export const cleanups = [];
export async function cleanup() {
  while (cleanups.length) {
    try { await cleanups.pop()(); } catch (e) { console.error("cleanup:", e.message); }
  }
}

const watchdog = setTimeout(async () => {
  console.error(`FAIL: the test did not finish within ${WATCHDOG_MS / 1000} s`);
  await Promise.race([cleanup(), new Promise((r) => setTimeout(r, 15000))]);
  process.exit(1);
}, WATCHDOG_MS);
watchdog.unref();

// --- the server --------------------------------------------------------------------------------

export async function startServer() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "adjutant-web-"));
  const config = {
    listen: { address: "127.0.0.1", port: 0 },
    database: path.join(dir, "adjutant.db"),
    variants_dir: VARIANTS,
    admin_token: "admin-secret-for-web-tests",
    threads: 2,
    scheduler_interval_seconds: 1,
    demo: false,
    log_level: "info",
  };
  fs.writeFileSync(path.join(dir, "config.json"), JSON.stringify(config));
  const log = fs.openSync(path.join(dir, "server.log"), "a");
  const proc = spawn(BINARY, ["serve", "--config", path.join(dir, "config.json")], { stdio: ["ignore", "pipe", log] });
  const server = { dir, proc, logPath: path.join(dir, "server.log") };
  cleanups.push(async () => {
    await stopServer(server);
    fs.closeSync(log);
    if (process.exitCode) console.error("server log kept in " + dir);
    else fs.rmSync(dir, { recursive: true, force: true });
  });
  server.port = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the server did not start within 30 s")), 30000);
    let buffer = "";
    proc.stdout.on("data", (chunk) => {
      buffer += chunk;
      const m = /listening on http:\/\/[^\s]+:(\d+)/.exec(buffer);
      if (m) { clearTimeout(timer); resolve(Number(m[1])); }
    });
    proc.on("exit", (code) => { clearTimeout(timer); reject(new Error(`the server exited (${code}) before listening; log in ${dir}`)); });
  });
  server.base = `http://127.0.0.1:${server.port}`;
  return server;
}

export async function stopServer(server) {
  const { proc } = server;
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise((r) => proc.once("exit", r));
  proc.kill("SIGTERM");
  const timer = setTimeout(() => proc.kill("SIGKILL"), 10000);
  await exited;
  clearTimeout(timer);
}

// Raw HTTP, so the path goes out exactly as written (fetch would normalise "..").
export function raw(server, method, target, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port: server.port, method, path: target, headers, timeout: 10000 }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, body }));
    });
    req.on("timeout", () => req.destroy(new Error("request timed out: " + target)));
    req.on("error", reject);
    req.end();
  });
}

// The GM's resolve names the phase it resolves (docs/server.md): the game's current one.
export async function resolveNow(server, id, gm) {
  const game = await apiCall(server, "GET", `/games/${id}`);
  return apiCall(server, "POST", `/games/${id}/actions/resolve`, { phase: game.data.phase }, gm);
}

export async function apiCall(server, method, route, body, token) {
  const headers = { "Content-Type": "application/json" };
  if (token) headers.Authorization = "Bearer " + token;
  const res = await fetch(server.base + "/api/v1" + route, {
    method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(10000),
  });
  const data = await res.json().catch(() => null);
  return { status: res.status, data };
}

export async function createGame(server, name = "Browser test", extra = {}) {
  const created = await apiCall(server, "POST", "/games", { name, variant: "standard", missing_orders: "hold", resolve_when_ready: false, ...extra });
  check(created.status === 201, "create game: " + JSON.stringify(created.data));
  const id = created.data.game.id;
  const tokens = {};
  for (const power of POWERS) {
    const joined = await apiCall(server, "POST", `/games/${id}/seats/${power}/join`, { player: power + " player" });
    check(joined.status === 201, "join " + power);
    tokens[power] = joined.data.token;
  }
  return { id, gm: created.data.gm_token, tokens };
}

// The page at `route` (a "#/..." path) in a freshly loaded document whose tab holds only `token`
// (or none): the tab keeps its tokens in sessionStorage, and a change of the hash alone would keep
// the old document, whose elements a following wait could match before the new view is drawn.
export async function openAs(page, server, route, token) {
  await page.goto(`${server.base}/#/`);
  await page.evaluate(() => sessionStorage.clear());
  await page.goto("about:blank");
  await page.goto(`${server.base}/${route}` + (token ? `?token=${token}` : ""));
}

// A new game of `variant` (not started) with `power`'s seat taken, opened on `page` as that seat.
export async function openSeat(page, server, name, variant, power) {
  const created = await apiCall(server, "POST", "/games", { name, variant, missing_orders: "hold", resolve_when_ready: false });
  check(created.status === 201, `create ${variant} game: ` + JSON.stringify(created.data));
  const id = created.data.game.id;
  const joined = await apiCall(server, "POST", `/games/${id}/seats/${power}/join`, { player: power + " player" });
  check(joined.status === 201, "join " + power);
  await page.goto(`${server.base}/#/game/${id}?token=${joined.data.token}`);
  await page.waitForSelector("#orders-heading");
  return { id, gm: created.data.gm_token, token: joined.data.token };
}


// The map alone at desktop and phone size (the whole page is in the other screenshots), for a
// person to look at: real coastlines, units where the towns are, labels readable.
export async function mapShots(page, name) {
  const size = page.viewportSize();
  await page.$eval("#map", (m) => m.scrollIntoView());
  await (await page.$(".map-wrap")).screenshot({ path: path.join(ARTIFACTS, name + "-desktop.png") });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.$eval("#map", (m) => m.scrollIntoView());
  await (await page.$(".map-wrap")).screenshot({ path: path.join(ARTIFACTS, name + "-phone.png") });
  await page.setViewportSize(size);
}

// `test` may be async: its promise is awaited, since a pending promise is always truthy and
// would end the wait at once.
export async function until(test, ms, what) {
  const end = Date.now() + ms;
  while (!(await test())) {
    if (Date.now() > end) throw new Error("timed out waiting for " + what);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function shot(page, name) {
  await page.screenshot({ path: path.join(ARTIFACTS, name + ".png"), fullPage: true });
}

export async function textarea(page) {
  return page.$eval("#orders-text", (t) => t.value);
}

// Waits until the verdict list shows `count` lines (validation is debounced and asynchronous).
export async function verdicts(page, count) {
  await page.waitForFunction((n) => document.querySelectorAll("#verdicts li").length === n, count, { timeout: 10000 });
  return page.$$eval("#verdicts li", (lis) => lis.map((li) => ({ cls: li.className, text: li.textContent })));
}


// Missing prerequisites skip (77) on a developer's machine, but fail where the README's test
// command runs: it installs them, so their absence there is a broken set-up, not a skip.
const SKIP = process.env.ADJUTANT_REQUIRE_BROWSER === "1" ? 1 : 77;

// Chromium with a throw-away profile. `open(name)` gives a page whose script errors are
// collected in `pageErrors` (a test fails on any) and whose console errors are printed;
// `failed()` keeps a screenshot of every page opened.
export async function launch() {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  let chromium;
  try {
    ({ chromium } = await import("playwright-core"));
  } catch {
    console.error("SKIP: playwright-core is not installed; run `npm ci --prefix tests/web`");
    process.exit(SKIP);
  }
  if (!fs.existsSync(CHROMIUM)) {
    console.error("SKIP: no Chromium at " + CHROMIUM + " (Debian package `chromium`)");
    process.exit(SKIP);
  }
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "adjutant-chromium-"));
  cleanups.push(async () => fs.rmSync(profile, { recursive: true, force: true }));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    timeout: 30000,
    viewport: { width: 1280, height: 900 },
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  cleanups.push(() => context.close());
  // A page's wait for what it shows: long enough for the sanitized server beside the Release
  // tests on two cores (a page and its panels' first reads), short beside the watchdog.
  context.setDefaultTimeout(30000);
  const pageErrors = [];
  const pages = [];
  const open = async (name) => {
    const page = await context.newPage();
    page.on("pageerror", (e) => pageErrors.push(`${name}: ${e.message}`));
    page.on("console", (m) => { if (m.type() === "error") console.log(`[${name} console] ${m.text()}`); });
    pages.push(page);
    return page;
  };
  const failed = async () => {
    for (const [i, page] of pages.entries())
      await page.screenshot({ path: path.join(ARTIFACTS, `failure-${i}.png`), fullPage: true }).catch(() => {});
    if (pageErrors.length) console.error("page errors: " + pageErrors.join("; "));
  };
  return { context, open, pageErrors, failed };
}

// Runs a test's main: PASS and exit 0, or FAIL with the stack and exit 1; cleans up either way.
// One browser test's frame: a browser (launch) and a server (startServer), then `body({server,
// open})`, whose answer it returns. Every page must end without a script error; on a failure
// each page's screenshot is kept first. The browser closes; the server stays to the caller (run()
// stops it with the rest).
export async function withBrowser(body) {
  const { context, open, pageErrors, failed } = await launch();
  const server = await startServer();
  console.log("server on " + server.base);
  let answer;
  try {
    answer = await body({ server, open });
    check(pageErrors.length === 0, "no script errors in the pages: " + pageErrors.join("; "));
  } catch (e) {
    await failed();
    throw e;
  }
  await context.close();
  console.log("screenshots in " + ARTIFACTS);
  return answer;
}

export function run(main) {
  main().then(async () => {
    await cleanup();
    console.log("PASS");
    process.exit(0);
  }, async (e) => {
    process.exitCode = 1;
    console.error("FAIL: " + (e.stack || e.message));
    await Promise.race([cleanup(), new Promise((r) => setTimeout(r, 15000))]);
    process.exit(1);
  });
}
