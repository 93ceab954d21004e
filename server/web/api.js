// SPDX-License-Identifier: Apache-2.0
// The HTTP API (docs/server.md) as small async functions, and the per-game tokens.
//
// Tokens live in sessionStorage only: they go to the server in the Authorization header, never
// in a URL, and they are never logged. A token handed over in a link (#/game/3?token=...) is
// moved into sessionStorage and removed from the address bar by app.js.

const BASE = "/api/v1";

export class ApiError extends Error {
  constructor(status, code, message, details) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

async function call(method, path, { token, body, text, signal, cache = "no-cache" } = {}) {
  const headers = { Accept: "application/json" };
  if (token) headers.Authorization = "Bearer " + token;
  let payload;
  if (text !== undefined) {
    headers["Content-Type"] = "text/plain; charset=utf-8";
    payload = text;
  } else if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    payload = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(BASE + path, { method, headers, body: payload, signal, cache });
  } catch (e) {
    if (e.name === "AbortError") throw e;
    throw new ApiError(0, "network", "the server cannot be reached");
  }
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    const error = data && data.error ? data.error : {};
    throw new ApiError(response.status, error.code || "http_" + response.status,
      error.message || response.statusText, error.details);
  }
  return data;
}

function asPower(power) {
  return power ? "?power=" + encodeURIComponent(power) : "";
}

export const api = {
  variants: () => call("GET", "/variants"),
  variant: (name) => call("GET", "/variants/" + encodeURIComponent(name)),
  games: (token) => call("GET", "/games", { token }),
  createGame: (settings) => call("POST", "/games", { body: settings }),
  // With a seat's token, a game in the fog of war answers with that power's view.
  game: (id, token) => call("GET", `/games/${id}`, { token }),
  phases: (id) => call("GET", `/games/${id}/phases`),
  phase: (id, seq, token) => call("GET", `/games/${id}/phases/${seq}`, { token }),
  summary: (id, seq, token) => call("GET", `/games/${id}/phases/${seq}/summary`, { token }),
  join: (id, power, player) =>
    call("POST", `/games/${id}/seats/${encodeURIComponent(power)}/join`, { body: { player } }),
  // who: {player, email}, either may be left out.
  replace: (id, power, who, token) =>
    call("POST", `/games/${id}/seats/${encodeURIComponent(power)}/replace`, { token, body: who }),
  invite: (id, power, who, token) =>
    call("POST", `/games/${id}/seats/${encodeURIComponent(power)}/invite`, { token, body: who }),
  // `power`: only for the GM of a sandbox game, who orders for every power (docs/server.md).
  orders: (id, token, power) => call("GET", `/games/${id}/orders${asPower(power)}`, { token }),
  // The server decides an order's source (a browser's Sec-Fetch-Site tells it "web").
  submit: (id, text, token, power) => call("PUT", `/games/${id}/orders${asPower(power)}`, { token, body: { orders: text } }),
  validate: (id, text, token, signal, power) =>
    call("POST", `/games/${id}/orders/validate${asPower(power)}`, { token, body: { orders: text }, signal }),
  ready: (id, ready, token, power) => call("POST", `/games/${id}/ready${asPower(power)}`, { token, body: { ready } }),
  action: (id, action, token, body = {}) =>
    call("POST", `/games/${id}/actions/${encodeURIComponent(action)}`, { token, body }),
  audit: (id, token) => call("GET", `/games/${id}/audit`, { token }),
  battles: (id, token) => call("GET", `/games/${id}/battles`, { token }),
  powerHistory: (id, power, after, limit, token) =>
    call("GET", `/games/${id}/powers/${encodeURIComponent(power)}/orders?after=${after}&limit=${limit}`, { token }),
  sendPress: (id, message, token) => call("POST", `/games/${id}/press`, { token, body: message }),
  markPressRead: (id, upTo, conversation, token) =>
    call("POST", `/games/${id}/press/read`, { token, body: { up_to: upTo, conversation } }),
  pressPage,
  // Draws and concessions (docs/draws.md). "no-store": a seat's own vote is private, and the
  // browser's disk cache outlives the tab that held the token.
  draws: (id, token) => call("GET", `/games/${id}/draws`, { token, cache: "no-store" }),
  propose: (id, body, token) => call("POST", `/games/${id}/draws`, { token, body }),
  vote: (id, proposal, accept, token) =>
    call("POST", `/games/${id}/draws/${proposal}/vote`, { token, body: { accept } }),
  // Absences (docs/absence.md): the seat's own, with its notes: "no-store".
  absences: (id, token) => call("GET", `/games/${id}/absences`, { token, cache: "no-store" }),
  declareAbsence: (id, body, token) => call("POST", `/games/${id}/absences`, { token, body }),
  cancelAbsence: (id, absence, token) => call("DELETE", `/games/${id}/absences/${absence}`, { token }),
};

// One page of press (docs/press.md), revalidated by hand: `etag` is the ETag of the last answer
// to this same query, and a 304 comes back as {notModified: true}. By hand rather than through
// the browser's HTTP cache (as api.game is) because press is private: with "no-store" a seat's
// messages never land in the browser's disk cache, which outlives the tab that held the token.
async function pressPage(id, { after = 0, limit = 200, token, etag } = {}) {
  const headers = { Accept: "application/json" };
  if (token) headers.Authorization = "Bearer " + token;
  if (etag) headers["If-None-Match"] = etag;
  let response;
  try {
    response = await fetch(`${BASE}/games/${id}/press?after=${after}&limit=${limit}`, { headers, cache: "no-store" });
  } catch {
    throw new ApiError(0, "network", "the server cannot be reached");
  }
  if (response.status === 304) return { notModified: true, etag };
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    const error = data && data.error ? data.error : {};
    throw new ApiError(response.status, error.code || "http_" + response.status,
      error.message || response.statusText, error.details);
  }
  return { data, etag: response.headers.get("ETag") };
}

// Tokens per game: { seat: "seat_...", gm: "gm_..." }. The prefix tells which is which.
const key = (id) => "adjutant.tokens." + id;

export function tokensFor(id) {
  try {
    return JSON.parse(sessionStorage.getItem(key(id)) || "{}");
  } catch {
    return {};
  }
}

export function rememberToken(id, token) {
  token = token.trim();
  if (!token) return null;
  const tokens = tokensFor(id);
  const kind = token.startsWith("gm_") ? "gm" : "seat";
  tokens[kind] = token;
  sessionStorage.setItem(key(id), JSON.stringify(tokens));
  return kind;
}

export function forgetTokens(id) {
  sessionStorage.removeItem(key(id));
}
