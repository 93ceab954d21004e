// SPDX-License-Identifier: Apache-2.0
// The single-page app: hash routes (#/ the game list, #/game/ID the game page, #/sign-in and
// #/my-games: accounts.js), the game page's
// map, phase history and seat list, and the wiring of the order panel, GM console and press.

import { api, tokensFor, rememberToken, forgetTokens, signedIn } from "./api.js";
import { h, resultLine, say, formatTime, formatRemaining } from "./dom.js";
import { dislodgedOf, drawMap, drawOrders, indexVariant, point, unitsOf } from "./map.js";
import { MapZoom } from "./zoom.js";
import { animatePhase } from "./animate.js";
import { withGeography } from "./geography.js";
import { OrderPanel } from "./orders.js";
import { PowerHistory } from "./power_history.js";
import { GmConsole } from "./gm.js";
import { PressPanel } from "./press.js";
import { DrawsPanel } from "./draws.js";
import { AbsencesPanel } from "./absences.js";
import { SignInPage, MyGamesPage } from "./accounts.js";

const POLL_MS = 10000;
const main = document.getElementById("main");
const variants = new Map();
let page = null;

async function variantIndex(name) {
  if (!variants.has(name)) variants.set(name, api.variant(name).then(indexVariant).then(withGeography));
  return variants.get(name);
}

// "#/game/3?token=..." -> {route: "game", id: 3, token}. A token in the fragment never reaches
// the server (browsers do not send fragments); it is moved to sessionStorage at once.
function parseHash() {
  const hash = location.hash.replace(/^#/, "");
  const [path, query] = hash.split("?");
  const params = new URLSearchParams(query || "");
  if (path === "/sign-in") return { route: "sign-in", linkToken: params.get("token") };
  if (path === "/my-games") return { route: "my-games" };
  const m = /^\/game\/(\d+)$/.exec(path);
  if (!m) return { route: "list" };
  return { route: "game", id: Number(m[1]), token: params.get("token") };
}

async function route() {
  if (page) page.stop();
  const r = parseHash();
  if (r.token) {
    rememberToken(r.id, r.token);
    history.replaceState(null, "", `#/game/${r.id}`);
  }
  page = r.route === "game" ? new GamePage(r.id)
    : r.route === "sign-in" ? new SignInPage(r.linkToken)
    : r.route === "my-games" ? new MyGamesPage()
    : new ListPage();
  // Another page opens at its top, not where the last one was scrolled to.
  window.scrollTo(0, 0);
  await page.start();
}

function errorPage(title, e) {
  main.replaceChildren(h("h1", {}, title), h("p", { class: "error" }, e.message), h("p", {}, h("a", { href: "#/" }, "Back to the games")));
}

// --- the game list ---------------------------------------------------------------------------

class ListPage {
  stop() {}

  async start() {
    document.title = "Games — Adjutant";
    let games, variantList;
    try {
      [games, variantList] = await Promise.all([api.games(), api.variants()]);
    } catch (e) {
      return errorPage("Games", e);
    }
    const rows = games.games.map((g) => h("tr", { "data-game": g.id },
      h("td", {}, h("a", { href: `#/game/${g.id}` }, g.name)),
      h("td", {}, g.variant),
      h("td", {}, g.sandbox ? `${g.status} · sandbox` : g.status),
      h("td", {}, g.phase_name),
      h("td", {}, g.deadline ? formatRemaining(g.deadline) : "—")));
    const name = h("input", { id: "new-name", type: "text", required: true, autocomplete: "off" });
    // Standard first: it is what a new GM most likely wants, whatever order the server lists.
    const variant = h("select", { id: "new-variant" }, variantList.variants.map((v) => h("option", { value: v.name, selected: v.name === "standard" }, v.title || v.name)));
    const number = (id, value) => h("input", { id, type: "number", min: "0", step: "any", value, class: "short" });
    const hours = { movement: number("new-movement-hours", "48"), retreat: number("new-retreat-hours", "24"), adjustment: number("new-adjustment-hours", "24") };
    const grace = number("new-grace-minutes", "0");
    const missing = h("select", { id: "new-missing-orders" },
      [["hold", "units hold"], ["civil_disorder", "civil disorder"], ["wait", "wait for the orders"]].map(([v, t]) => h("option", { value: v }, t)));
    const sandbox = h("input", { id: "new-sandbox", type: "checkbox" });
    const created = h("div", { "aria-live": "polite" });
    const form = h("form", {
      class: "panel", "aria-labelledby": "new-heading",
      onsubmit: async (e) => {
        e.preventDefault();
        try {
          // A sandbox has no deadlines, so its settings are the server's defaults.
          const seconds = (input) => Math.round(Number(input.value) * 3600);
          const settings = sandbox.checked ? {} : {
            deadlines: { movement: seconds(hours.movement), retreat: seconds(hours.retreat), adjustment: seconds(hours.adjustment) },
            grace_seconds: Math.round(Number(grace.value) * 60), missing_orders: missing.value,
          };
          const answer = await api.createGame({ name: name.value, variant: variant.value, sandbox: sandbox.checked, ...settings });
          rememberToken(answer.game.id, answer.gm_token);
          created.replaceChildren(h("p", {}, "Game created. You are its GM; your GM token is kept in this tab. Keep this link to come back as GM (it is shown once):"),
            h("input", { type: "text", readonly: true, class: "wide", "aria-label": "GM link", value: `${location.origin}/#/game/${answer.game.id}?token=${answer.gm_token}` }),
            h("p", {}, h("a", { href: `#/game/${answer.game.id}` }, "Open the game")));
        } catch (err) {
          say("Could not create the game: " + err.message, "error");
        }
      },
    },
      h("h2", { id: "new-heading" }, "New game"),
      h("div", { class: "row" },
        h("label", { for: "new-name" }, "Name"), name,
        h("label", { for: "new-variant" }, "Variant"), variant,
        h("label", { class: "check" }, sandbox, " Sandbox: play every power yourself, no deadlines")),
      h("fieldset", { class: "row new-timing" }, h("legend", {}, "Deadlines (hours per phase)"),
        h("label", { for: "new-movement-hours" }, "Movement"), hours.movement,
        h("label", { for: "new-retreat-hours" }, "Retreats"), hours.retreat,
        h("label", { for: "new-adjustment-hours" }, "Adjustments"), hours.adjustment,
        h("label", { for: "new-grace-minutes" }, "Grace (minutes)"), grace,
        h("label", { for: "new-missing-orders" }, "Missing orders"), missing),
      h("div", { class: "row" }, h("button", { type: "submit" }, "Create")),
      created);
    main.replaceChildren(
      h("h1", {}, "Games"),
      rows.length ? h("table", { class: "games", "aria-label": "Games" },
        h("thead", {}, h("tr", {}, ["Game", "Variant", "Status", "Phase", "Deadline"].map((t) => h("th", { scope: "col" }, t)))),
        h("tbody", {}, rows)) : h("p", {}, "No games yet."),
      form);
  }
}

// --- the game page ---------------------------------------------------------------------------

class GamePage {
  constructor(id) {
    this.id = id;
    this.viewSeq = null;  // null: the current phase
    this.view = null;     // the phase document being shown, when it is a past one
    this.memo = {};       // survives refreshes (a handover link, the order text)
    this.timer = null;
  }

  stop() {
    clearInterval(this.timer);
    this.playing?.abort();
    clearTimeout(this.orders?.remindTimer);
    this.stopped = true;
    this.press?.stop();
  }

  async start() {
    await this.refresh();
    this.timer = setInterval(() => this.poll(), POLL_MS);
  }

  // Polling is cheap: the browser revalidates with If-None-Match and the server answers 304.
  async poll() {
    // Press changes without the game's revision changing, so it is polled on its own (also a
    // 304 while nothing the reader may see changed).
    this.press?.poll();
    // So do draws: a proposal or a vote leaves the game's revision as it was (docs/draws.md).
    this.draws?.poll();
    try {
      const game = await api.game(this.id, this.readerToken());
      if (!this.stopped && this.game && game.revision !== this.game.revision) await this.refresh();
    } catch {
      // The next poll tries again; the page keeps what it shows.
    }
  }

  async refresh() {
    let game, phases, vi;
    try {
      game = await api.game(this.id, this.readerToken());
      [phases, vi] = await Promise.all([api.phases(this.id), variantIndex(game.variant)]);
    } catch (e) {
      return errorPage("Game " + this.id, e);
    }
    if (this.stopped) return;
    // Who this tab is, before the typed text is kept: text typed while identify() waits for
    // the server would otherwise be replaced by what the box held before it.
    await this.identify();
    if (this.stopped) return;
    if (this.orders && this.game && this.game.seq === game.seq) {
      this.memo.text = this.orders.text.value;
    } else {
      delete this.memo.text;
      delete this.memo.confirmation;
    }
    this.game = game;
    this.phases = phases.phases;
    this.vi = vi;
    if (this.viewSeq !== null && this.viewSeq >= game.seq) this.viewSeq = null;
    this.render();
  }

  // The token the game is read with: in the fog of war a seat reads its power's view and the GM
  // everything (docs/fog-of-war.md); elsewhere every reader gets the same document. A tab that
  // holds both is its GM's, who may see everything.
  readerToken() {
    const tokens = tokensFor(this.id);
    return tokens.gm || tokens.seat || null;
  }

  // Which seat (if any) this tab's token holds; a stale token is dropped.
  async identify() {
    const tokens = tokensFor(this.id);
    this.seatToken = tokens.seat || null;
    this.gmToken = tokens.gm || null;
    this.power = null;
    this.ranking = null;
    if (this.seatToken) {
      try {
        const data = await api.orders(this.id, this.seatToken);
        this.power = data.seats[0]?.power || null;
      } catch (e) {
        // A token of a join list has no seat yet: it reads its own ranking (docs/assignment.md).
        if (e.status === 403) {
          try {
            this.ranking = await api.preferences(this.id, this.seatToken);
            return;
          } catch (ignored) { /* not a join list's token either */ }
        }
        if (e.status === 401 || e.status === 403) {
          say("That seat token no longer works (the GM may have replaced the player).", "warn");
          forgetTokens(this.id);
          if (this.gmToken) rememberToken(this.id, this.gmToken);
          this.seatToken = null;
        }
      }
    } else if (!this.gmToken && (await signedIn())) {
      // A signed-in account acts for the seat it holds in this game (docs/accounts.md): its
      // orders go with the session cookie, no token in the tab.
      try {
        const data = await api.orders(this.id);
        this.power = data.seats[0]?.power || null;
      } catch {
        this.power = null;  // no seat of this game
      }
    }
  }

  render() {
    const { game } = this;
    document.title = `${game.name} — Adjutant`;
    this.svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    this.svg.setAttribute("id", "map");
    this.svg.setAttribute("aria-label", `Map of ${game.name}`);
    this.svg.classList.add("map");
    this.zoom = new MapZoom(this.memo);
    this.zoom.attach(this.svg, this.vi.width, this.vi.height);
    this.history = h("div", { class: "history", role: "group", "aria-label": "Phase history" });
    this.results = h("div", { class: "results", "aria-live": "polite" });

    const side = [];
    // The deadline reminder (docs/web.md, "Phase guidance"): filled by the order panel.
    this.banner = h("div", { class: "banner", id: "deadline-banner", role: "alert", hidden: true });
    clearTimeout(this.orders?.remindTimer);
    this.orders = null;
    this.gm = null;
    const active = game.status !== "ended";
    // A sandbox's GM plays every power (docs/web.md, "Sandbox"): the order panel is the chosen
    // power's, ordered with the GM token naming that power.
    const sandbox = game.sandbox && this.gmToken && game.status === "active" ? this.sandboxPicker() : null;
    if (sandbox) side.push(sandbox.root);
    const power = this.power || sandbox?.power;
    if (power && active) {
      this.orders = new OrderPanel({
        game, vi: this.vi, position: game.position, power, token: this.power ? this.seatToken : this.gmToken,
        asPower: this.power ? undefined : power, memo: this.memo,
        banner: this.banner, redraw: () => this.drawMap(true), refresh: () => this.refresh(), sandbox: game.sandbox,
        drawOrders: () => this.viewSeq === null && drawOrders(this.svg, this.vi, this.orders.currentOrders()),
      });
      if (this.memo.text) this.orders.text.value = this.memo.text;
      side.push(this.orders.root);
      this.orders.load().then(() => this.orders.text.value.trim() && this.orders.scheduleValidate(0));
    }
    if (this.gmToken) {
      this.gm = new GmConsole({ game, token: this.gmToken, memo: this.memo, refresh: () => this.refresh() });
      side.push(this.gm.root);
      this.gm.load();
    }
    // A sandbox has one person playing every power: nobody to write to, nobody to wait for.
    const press = game.sandbox ? null : this.pressPanel();
    if (press) side.push(press.root);
    const draws = game.sandbox ? null : this.drawsPanel();
    if (draws) side.push(draws.root);
    // A seat's absences (docs/absence.md): its own only; a game without deadlines has none.
    if (this.seatToken && this.power && !game.sandbox && game.status !== "ended") {
      const absences = new AbsencesPanel({ gameId: this.id, token: this.seatToken, power: this.power, refresh: () => this.refresh() });
      side.push(absences.root);
      absences.load();
    }
    side.push(this.seatsPanel(), this.tokenPanel());

    const deadline = (game.deadline ? `deadline ${formatTime(game.deadline)} (${formatRemaining(game.deadline)})` : "no deadline") +
      (game.waiting_for_absence ? ` · waiting for a player's absence until ${formatTime(game.waiting_for_absence.until)}` : "");
    main.replaceChildren(
      h("h1", {}, game.name),
      this.banner,
      h("p", { class: "meta", id: "game-meta" },
        `${this.vi.raw.title || game.variant} · ${game.status} · `, h("strong", { id: "current-phase" }, game.phase_name),
        ` · ${deadline}` + (game.winner ? ` · winner: ${game.winner}` : "") + (this.power ? ` · you play ${this.power}` : "") + (this.gmToken ? " · you are GM" : "")),
      // Three blocks: the map, the side (orders, GM console, press, seats) and what explains
      // the map (legend, layers, history). On a wide screen the side stands beside the other
      // two; on a phone it comes straight after the map, so the order sheet is under it.
      h("div", { class: "game-layout" },
        h("div", { class: "map-column" },
          this.zoom.controls(),
          h("div", { class: "map-wrap" }, this.svg)),
        h("div", { class: "side-column" }, side),
        h("div", { class: "map-extras" },
          this.legend(), this.layerPanel(),
          this.history, this.results, this.powerHistory().root)));
    this.renderHistory();
    this.drawMap(false);
    this.zoom.focusOn(this.unitsBox(power));
    this.layerPanelFill();
  }

  // The box round `power`'s units on the board, dislodged ones too (none without a power or
  // units): where the
  // map opens on a phone (zoom.js, focusOn).
  unitsBox(power) {
    const position = this.game.position;
    const at = power ? [...unitsOf(position), ...dislodgedOf(position)].filter((u) => u.power === power).map((u) => point(this.vi, u.loc)).filter(Boolean) : [];
    if (!at.length) return null;
    const xs = at.map((p) => p.x), ys = at.map((p) => p.y);
    return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
  }

  // The press panel for this tab's token: the seat's (a player's press is its own), else the
  // GM's; without one, a finished game's published press, read only. The panel outlives a
  // redraw, so what is being typed and the conversation open stay while the game refreshes.
  // A join list's token (this.ranking) has no power yet, so no press of its own.
  pressPanel() {
    const token = (this.ranking ? null : this.seatToken) || this.gmToken || null;
    const published = this.game.status === "ended" && this.game.settings?.press?.publish_at_end !== false;
    const key = token || (published ? "public" : null);
    if (this.press && this.press.key === key) return this.press;
    this.press?.stop();
    this.press = null;
    if (!key) return null;
    this.press = new PressPanel({
      gameId: this.id, token, power: this.power,
      phaseName: (code) => this.phases?.find((p) => p.phase === code)?.phase_name || code || "before the start",
    });
    this.press.poll();
    return this.press;
  }

  // Draws and concessions for this tab's token (docs/draws.md): the seat's (which proposes and
  // votes), else the GM's, else the public's (decided proposals only). A sandbox has none.
  drawsPanel() {
    this.draws = new DrawsPanel({
      gameId: this.id, token: this.seatToken || this.gmToken || null, power: this.power, game: this.game,
      phaseName: (code) => this.phases?.find((p) => p.phase === code)?.phase_name || code,
      ended: () => this.refresh(),
    });
    this.draws.load();
    return this.draws;
  }

  // Kept across redraws, with the power chosen, for as long as the tab's token is the same;
  // a resolution refreshes its list.
  powerHistory() {
    const token = this.seatToken || this.gmToken || null;
    if (!this.byPower || this.byPower.ctx.token !== token) {
      this.byPower = new PowerHistory({ gameId: this.id, powers: [...this.vi.powers.keys()], power: this.power, token });
    } else if (this.byPower.seq !== this.game.seq && this.byPower.power) {
      this.byPower.load(this.byPower.power);
    }
    this.byPower.seq = this.game.seq;
    return this.byPower;
  }

  // The power a sandbox's GM orders for, kept in the memo across refreshes. Switching drops
  // the text typed for the other power.
  sandboxPicker() {
    const powers = [...this.vi.powers.keys()];
    if (!powers.includes(this.memo.sandboxPower)) this.memo.sandboxPower = powers[0];
    const select = h("select", {
      id: "sandbox-power", "aria-label": "Power to order for",
      onchange: () => {
        this.memo.sandboxPower = select.value;
        delete this.memo.text;
        delete this.memo.confirmation;
        this.render();
      },
    }, powers.map((p) => h("option", { value: p, selected: p === this.memo.sandboxPower }, p)));
    return {
      power: this.memo.sandboxPower,
      root: h("section", { class: "panel", "aria-labelledby": "sandbox-heading" },
        h("h2", { id: "sandbox-heading" }, "Sandbox"),
        h("p", {}, "You play every power; nothing resolves until you press Resolve now."),
        h("div", { class: "row" }, h("label", { for: "sandbox-power" }, "Order for"), select)),
    };
  }

  // The powers with their centres/units, and what the map's colours and marks mean.
  legend() {
    const key = (cls, text) => h("li", {}, h("span", { class: "swatch " + cls, "aria-hidden": "true" }), text);
    return h("div", { class: "legend-box", id: "legend" },
      h("ul", { class: "legend", "aria-label": "Powers: supply centres / units" },
        [...this.vi.powers.values()].map((p) => {
          const swatch = h("span", { class: "swatch", "aria-hidden": "true" });
          swatch.style.background = p.color;
          const units = unitsOf(this.shownPosition()).filter((u) => u.power === p.name).length;
          const centres = (this.shownPosition().supply_centers?.[p.name] || []).length;
          return h("li", { "data-power": p.name, title: `${p.name}: ${centres} supply centres, ${units} units` }, swatch, `${p.name} ${centres}/${units}`);
        })),
      h("p", { class: "legend-note" }, this.countNote()),
      h("ul", { class: "legend legend-key", "aria-label": "Map key" }, this.mapKey(key)));
  }

  // What the variant uses, read from its file: seas and fleets, impassable land, land out of
  // play, adjustment phases (builds and disbands), rail rides, supply trains, rivers, the fog.
  uses() {
    const raw = this.vi.raw;
    const provinces = [...this.vi.provinces.values()];
    return {
      sea: provinces.some((p) => p.type === "sea"),
      fleets: provinces.some((p) => p.fleet.length || p.coasts.size),
      impassable: provinces.some((p) => p.type === "impassable"),
      unplayable: !!this.vi.geo?.land,
      // A calendar of weeks (1914) has no adjustment phase: units are not built on centres.
      adjustments: raw.phases?.cycle !== "weekly",
      rail: !!(raw.rules?.rail_lines?.length || raw.rail_links?.length),
      trains: !!raw.rules?.supply,
      rivers: !!raw.rules?.rivers?.rivers?.length,
    };
  }

  countNote() {
    return this.uses().adjustments
      ? "“5/4” after a power: 5 supply centres owned / 4 units on the board. A power may have as many units as centres; the difference is built or disbanded in the adjustment phase."
      : "“5/4” after a power: 5 supply centres held / 4 units on the board.";
  }

  mapKey(key) {
    const u = this.uses();
    const view = this.shownView();
    return [
      ...(u.sea ? [key("key-sea", "sea")] : []), key("key-land", "neutral land"),
      ...(u.impassable ? [key("key-impassable", "impassable")] : []), ...(u.unplayable ? [key("key-unplayable", "out of play")] : []),
      key("key-centre", "supply centre (white: neutral, else its owner's colour)"), key("key-army", "army (square)"),
      ...(u.fleets ? [key("key-fleet", "fleet (boat)")] : []),
      key("key-move", "orders in their power's colour: move (solid), support (dashed, to the move it supports)" + (u.fleets && u.sea ? ", convoy (dotted)" : "")),
      key("key-hold", "hold"),
      ...(u.rail ? [key("key-ride", "rail ride (long dashes, along the line)")] : []),
      ...(u.trains ? [key("key-ride", "supply train's errand (short dashes)")] : []),
      ...(u.adjustments ? [key("key-build", "build (dashed outline)"), key("key-disband", "disband (cross)")] : []),
      key("key-failed", "a red cross: the order failed"),
      ...(u.rivers ? [key("key-river", "navigable river; bars: its bridges"),
        key("key-flotilla", "barge flotilla, in its power's colour: it carries supply lines along the rivers through its city")] : []),
      ...(view ? [key("key-fogged", view.power
        ? `not seen by ${view.power} (fog of war): the units counted are those it sees`
        : "fog of war: a seat sees its own view; the public sees no units until the game ends")] : [])];
  }

  // Switches for the campaign layers (1914: rail, railheads, supply, sieges, trains), shown
  // only for layers the position fills, with each power's rail by capacity. The choice is kept
  // in the memo and applied to every redraw.
  layerPanel() {
    this.layers = h("fieldset", { class: "layer-panel", id: "layer-panel", hidden: true }, h("legend", {}, "Map layers"));
    return this.layers;
  }

  layerPanelFill() {
    const names = [["rivers", "Rivers, bridges and barge flotillas"], ["rail", "Rail lines, railheads and capacity"], ["supply", "Supply state and lines"], ["sieges", "Sieges, garrisons and field works"], ["trains", "Supply trains"]];
    const present = names.filter(([n]) => this.svg.querySelector(`#layer-${n}`)?.childElementCount);
    if (!present.length) return;
    this.memo.layersOff ||= {};
    const rail = Object.entries(this.shownPosition().rail || {}).map(([power, states]) =>
      h("li", { "data-power": power }, `${power}: ` + Object.entries(states).filter(([, l]) => l.length).map(([st, l]) => `${l.length} ${st.replace("_", " ")}`).join(", ")));
    this.layers.replaceChildren(h("legend", {}, "Map layers"),
      ...present.map(([n, label]) => {
        const box = h("input", { type: "checkbox", id: "layer-toggle-" + n, checked: !this.memo.layersOff[n],
          onchange: () => { this.memo.layersOff[n] = !box.checked; this.applyLayers(); } });
        return h("label", { class: "check" }, box, " " + label);
      }),
      ...(rail.length ? [h("ul", { class: "rail-capacity", id: "rail-capacity", "aria-label": "Rail provinces per power by capacity" }, rail)] : []));
    this.layers.hidden = false;
    this.applyLayers();
  }

  applyLayers() {
    for (const [n, off] of Object.entries(this.memo.layersOff || {}))
      this.svg.querySelector(`#layer-${n}`)?.classList.toggle("layer-off", off);
  }

  shownPosition() {
    return this.viewSeq === null || !this.view ? this.game.position : this.view.position;
  }

  // In the fog of war, what the reader's power sees of the shown phase ({power, seen}); null
  // when the game hides nothing from this reader.
  shownView() {
    return (this.viewSeq === null || !this.view ? this.game.view : this.view.view) || null;
  }

  // Redraws the map; keeps keyboard focus on the same unit or target across the redraw.
  drawMap(keepFocus) {
    const active = document.activeElement;
    const focusKey = keepFocus && active && this.svg.contains(active)
      ? (active.dataset.loc ? "unit:" + active.dataset.loc : "prov:" + active.dataset.abbr) : null;
    const current = this.viewSeq === null;
    const panel = current ? this.orders : null;
    const orders = !current && this.view?.results?.orders
      ? this.view.results.orders.filter((o) => o.order).map((o) => ({ text: o.order, ok: o.result === "succeeds", power: o.power, why: o.explanation?.text }))
      : panel ? panel.currentOrders() : [];
    // A new drawing is of the phase as it began: not yet animated (animate.js marks the end).
    delete this.svg.dataset.animated;
    drawMap(this.svg, this.vi, this.shownPosition(), {
      selected: panel?.selected?.loc,
      targets: panel ? panel.targets() : new Set(),
      orders,
      onUnit: panel ? (u) => panel.onUnit(u) : null,
      onProvince: panel ? (p) => panel.onProvince(p) : null,
      unitsFocusable: panel ? (u) => panel.unitFocusable(u) : () => false,
      onOrder: current ? null : (order) => this.explainOrder(order.text),
      view: this.shownView(),
    });
    this.zoom.apply();
    this.applyLayers();
    if (!keepFocus) return;
    const selector = (key) => key.startsWith("unit:") ? `.unit[data-loc="${key.slice(5)}"]` : `[data-abbr="${key.slice(5)}"]`;
    // After a unit is picked, focus goes to its first target so Tab walks the targets.
    const firstTarget = this.svg.querySelector('#layer-provinces [tabindex="0"]');
    const again = focusKey && this.svg.querySelector(selector(focusKey));
    if (panel?.selected && firstTarget && focusKey?.startsWith("unit:")) firstTarget.focus();
    else if (again && again.getAttribute("tabindex") === "0") again.focus();
    else if (panel?.text && focusKey) this.svg.querySelector('[tabindex="0"]')?.focus();
  }

  renderHistory() {
    const phases = this.phases;
    const seq = this.viewSeq === null ? this.game.seq : this.viewSeq;
    const index = phases.findIndex((p) => p.seq === seq);
    // Any step by hand stops the animation where it is.
    const step = (to) => { this.stopPlaying(); this.show(to); };
    const select = h("select", { id: "history-select", "aria-label": "Phase to show", onchange: () => step(Number(select.value)) },
      phases.map((p) => h("option", { value: p.seq, selected: p.seq === seq }, `${p.phase_name}${p.resolved ? "" : " (current)"}`)));
    const resolved = phases.some((p) => p.resolved);
    this.history.replaceChildren(
      h("button", { type: "button", id: "history-prev", "aria-label": "Previous phase", disabled: index <= 0, onclick: () => step(phases[index - 1].seq) }, "◀"),
      select,
      h("button", { type: "button", id: "history-next", "aria-label": "Next phase", disabled: index < 0 || index >= phases.length - 1, onclick: () => step(phases[index + 1].seq) }, "▶"),
      h("button", { type: "button", id: "history-current", disabled: this.viewSeq === null, onclick: () => step(this.game.seq) }, "Current"),
      // Phase animation (animate.js): the shown phase's moves, or every phase from the shown one
      // (from the first when the current one is shown) to the current one.
      h("button", { type: "button", id: "history-animate", disabled: this.viewSeq === null || !!this.playing, "aria-label": "Show this phase's moves",
        onclick: () => this.replay() }, "Moves"),
      h("button", { type: "button", id: "history-play", disabled: !resolved, "aria-pressed": this.playing ? "true" : "false",
        "aria-label": this.playing ? "Stop the animation" : "Play the phases with their moves", onclick: () => this.playing ? this.stopPlaying() : this.play() },
      this.playing ? "Stop" : "Play"));
    this.renderResults();
  }

  stopPlaying() {
    if (!this.playing) return;
    this.playing.abort();
    this.playing = null;
    this.renderHistory();
  }

  // The shown past phase drawn again as it began, and its units moved.
  async replay() {
    if (this.viewSeq === null || !this.view) return;
    this.drawMap(false);
    await animatePhase(this.svg, this.vi, { ...this.view, seq: this.viewSeq });
  }

  // Every resolved phase from the shown one, each shown as it began and its units moved, then
  // the current position.
  async play() {
    const resolved = this.phases.filter((p) => p.resolved);
    if (!resolved.length) return;
    const playing = new AbortController();
    this.playing = playing;
    this.renderHistory();
    const signal = playing.signal;
    let i = this.viewSeq === null ? 0 : Math.max(0, resolved.findIndex((p) => p.seq === this.viewSeq));
    const pause = (ms) => new Promise((r) => { const t = setTimeout(r, ms); signal.addEventListener("abort", () => { clearTimeout(t); r(); }, { once: true }); });
    for (; i < resolved.length && !signal.aborted && !this.stopped; i++) {
      await this.show(resolved[i].seq);
      if (signal.aborted || this.viewSeq !== resolved[i].seq) break;
      await pause(400);
      await animatePhase(this.svg, this.vi, { ...this.view, seq: resolved[i].seq }, { signal });
      await pause(600);
    }
    if (signal.aborted || this.stopped) return;
    this.playing = null;
    await this.show(this.game.seq);
  }

  async show(seq) {
    // Only the last phase asked for is drawn: a step by hand during Play (or two quick steps)
    // must not be overdrawn by an earlier request that answers later.
    const ticket = (this.showTicket = (this.showTicket || 0) + 1);
    if (seq === this.game.seq) {
      this.viewSeq = null;
      this.view = null;
    } else {
      try {
        // With this tab's token the seat (or GM) also sees its own refused lines.
        const view = await api.phase(this.id, seq, this.seatToken || this.gmToken);
        const summary = await this.weekSummary(seq, view);
        if (ticket !== this.showTicket) return;
        this.view = view;
        this.viewSeq = seq;
        this.summary = summary;
      } catch (e) {
        if (ticket !== this.showTicket) return;
        return say("Could not load that phase: " + e.message, "error");
      }
    }
    this.renderHistory();
    this.drawMap(false);
    document.getElementById("legend").replaceWith(this.legend());
    this.layerPanelFill();
    if (!this.playing) document.getElementById("history-select")?.focus();
  }

  // The week's summary of a campaign phase (docs/web.md): the GM's covers every power, a
  // seat's its own. Without a token, or on a classic map, there is none.
  async weekSummary(seq, view) {
    const token = this.gmToken || this.seatToken;
    if (!token || !view?.results?.events) return null;
    try {
      return await api.summary(this.id, seq, token);
    } catch {
      return null;
    }
  }

  summarySection() {
    const groups = this.summary?.powers || [];
    if (!groups.length) return [];
    const lines = (g) => [
      ...(g.out_of_supply || []).map((s) => `out of supply: ${s.unit}: ${s.why} (${s.loss})`),
      ...(g.no_supply_left || []).map((s) => `no supply left: ${s.unit}: ${s.why}`),
      ...(g.extended || []).map((s) => `Extended: ${s.unit}: ${s.why}`),
      ...(g.sieges || []).map((s) => `siege of ${s.fortress}${s.garrison ? " (" + s.garrison + ")" : ""}: ${s.stage}`),
      ...(g.besieged || []).map((s) => `besieged by ${s.besieger}: ${s.fortress}: ${s.stage}`)];
    const rail = (g) => g.rail ? `; rail ${g.rail.used} of ${g.rail.capacity} used (${g.rail.rides} rides${g.rail.refused ? ", " + g.rail.refused + " refused" : ""})` : "";
    return [h("h2", {}, "Week's summary"),
      h("div", { id: "week-summary" }, ...groups.map((g) => h("section", { class: "summary-power", "data-power": g.power },
        h("h3", {}, `${g.power}: ${g.supplied} of ${g.armies} armies supplied${rail(g)}`),
        ...(lines(g).length ? [h("ul", {}, ...lines(g).map((l) => h("li", {}, l)))] : []))))];
  }

  // A resolved order tapped on the map: its line in the results opens on its explanation.
  explainOrder(text) {
    const item = [...this.results.querySelectorAll("details.why")].find((d) => d.dataset.order === text);
    if (!item) return;
    item.open = true;
    item.scrollIntoView({ block: "nearest" });
    item.querySelector("summary").focus({ preventScroll: true });
  }

  renderResults() {
    if (this.viewSeq === null || !this.view) {
      this.results.replaceChildren(h("p", { id: "showing" }, `Showing the current position: ${this.game.phase_name}.`));
      return;
    }
    const v = this.view;
    // Grouped by power, in the variant's order of powers, so each player finds theirs at once.
    const byPower = new Map([...this.vi.powers.keys()].map((p) => [p, []]));
    for (const o of v.results?.orders || []) {
      if (!byPower.has(o.power)) byPower.set(o.power, []);
      byPower.get(o.power).push(h("li", { class: o.result }, ...resultLine(o)));
    }
    const items = [...byPower].filter(([, l]) => l.length).map(([power, l]) => h("li", { class: "results-power", "data-power": power },
      h("span", { class: "power" }, power), h("ul", {}, l)));
    const dislodged = (v.results?.dislodged || []).map((d) => h("li", {}, `${d.power} ${d.unit} dislodged from ${d.unit.split(" ")[1]}${d.from ? " by the attack from " + d.from : ""}`));
    // Campaign rules report what they did as events; each die with its table row, so that a
    // player can recompute it (docs/sieges.md, "Dice").
    const events = (v.results?.events || []).map((e) => h("li", { class: "event", "data-kind": e.kind || "" },
      e.text || "",
      ...(e.roll ? [" ", h("span", { class: "roll" },
        `[d10 ${e.roll.purpose} ${e.roll.subject}: ${e.roll.d10}${e.roll.modifiers ? ", " + e.roll.modifiers : ""}, ${e.roll.table}]`)] : [])));
    this.results.replaceChildren(
      h("p", { id: "showing" }, `Showing ${v.phase_name} (resolved ${formatTime(v.resolved_at)}), with its orders and results.`),
      ...this.summarySection(),
      h("h2", {}, "Results"),
      items.length ? h("ul", { class: "results-list", id: "results-list" }, items) : h("p", {}, "No orders."),
      ...(dislodged.length ? [h("h3", {}, "Dislodged"), h("ul", {}, dislodged)] : []),
      ...(events.length ? [h("h3", {}, "Events"), h("ul", { class: "events-list", id: "events-list" }, events)] : []));
  }

  seatsPanel() {
    const open = this.game.seats.filter((s) => !s.taken);
    const player = h("input", { id: "join-player", type: "text", autocomplete: "off" });
    const listed = this.game.settings.assignment && this.game.status === "forming";
    const joinForm = listed ? this.joinListForm(player)
      : open.length && !this.power && !this.game.sandbox && this.game.status !== "ended"
      ? h("div", { class: "join" },
        h("label", { for: "join-player" }, "Your name"), player,
        h("div", { class: "row" }, open.map((s) => h("button", {
          type: "button", "data-power": s.power,
          onclick: async () => {
            try {
              const answer = await api.join(this.id, s.power, player.value.trim() || undefined);
              rememberToken(this.id, answer.token);
              this.memo.joined = `${location.origin}/#/game/${this.id}?token=${answer.token}`;
              say(`You joined as ${s.power}.`, "ok");
              this.refresh();
            } catch (e) {
              say("Could not join: " + e.message, "error");
            }
          },
        }, `Join as ${s.power}`))))
      : null;
    return h("section", { class: "panel", "aria-labelledby": "seats-heading" },
      h("h2", { id: "seats-heading" }, "Seats"),
      h("table", { class: "seats", "aria-label": "Seats" },
        h("thead", {}, h("tr", {}, ["Power", "Player", "Centres", "Ready"].map((t) => h("th", { scope: "col" }, t)))),
        h("tbody", {}, this.game.seats.map((s) => {
          const swatch = h("span", { class: "swatch", "aria-hidden": "true" });
          swatch.style.background = this.vi.powers.get(s.power)?.color || "#888";
          return h("tr", {}, h("th", { scope: "row" }, swatch, s.power), h("td", {}, (s.player || (this.game.sandbox ? "the GM (sandbox)" : "(open)")) + (s.civil_disorder ? " (civil disorder)" : "")),
            h("td", {}, s.centers), h("td", {}, s.ready ? "ready" : "—"));
        }))),
      joinForm);
  }

  // A game that assigns its powers (docs/assignment.md): join its list without a power, then
  // rank the powers, most wanted first; the ranking is the player's alone.
  joinListForm(player) {
    const how = this.game.settings.assignment === "random" ? "at random" : "by the players' rankings";
    const intro = h("p", { id: "join-list-intro" },
      `Powers are assigned ${how} when the join list is full (${this.game.joined} waiting).`);
    if (this.ranking) {
      const names = this.vi ? [...this.vi.powers.keys()] : [];
      const current = Array.isArray(this.ranking.ranking) ? this.ranking.ranking.join(", ") : "any";
      const input = h("input", { id: "ranking-input", type: "text", class: "wide", autocomplete: "off", value: current });
      return h("div", { class: "join" }, intro,
        h("p", {}, `You are on the join list (place ${this.ranking.place + 1}). Rank the powers you would like, most wanted first (${names.join(", ")}), or "any":`),
        h("form", {
          class: "row",
          onsubmit: async (e) => {
            e.preventDefault();
            const text = input.value.trim();
            const ranking = !text || text.toLowerCase() === "any" ? "any"
              : text.split(/[,\s]+/).filter(Boolean);
            try {
              this.ranking = await api.setPreferences(this.id, this.seatToken, ranking);
              say("Your ranking is saved.", "ok");
              this.refresh();
            } catch (err) {
              say("Could not save the ranking: " + err.message, "error");
            }
          },
        },
        h("label", { for: "ranking-input" }, "Your ranking"), input,
        h("button", { type: "submit", id: "ranking-save" }, "Save ranking")));
    }
    if (this.power || this.gmToken) return intro;
    return h("div", { class: "join" }, intro,
      h("label", { for: "join-player" }, "Your name"), player,
      h("button", {
        type: "button", id: "join-list",
        onclick: async () => {
          try {
            const answer = await api.joinList(this.id, player.value.trim() || undefined);
            rememberToken(this.id, answer.token);
            this.memo.joined = `${location.origin}/#/game/${this.id}?token=${answer.token}`;
            say("You joined the list: rank the powers below.", "ok");
            this.refresh();
          } catch (e) {
            say("Could not join: " + e.message, "error");
          }
        },
      }, "Join the list"));
  }

  tokenPanel() {
    const input = h("input", { id: "token-input", type: "password", autocomplete: "off", spellcheck: "false" });
    const who = [this.power ? `seat ${this.power}` : null, this.gmToken ? "GM" : null].filter(Boolean).join(" and ");
    return h("section", { class: "panel", "aria-labelledby": "token-heading" },
      h("h2", { id: "token-heading" }, "Your token"),
      who ? h("p", {}, `This tab holds the token of ${who} (kept in this tab only).`) : h("p", {}, "Enter the seat token you were given, or the GM token, to order or run the game."),
      this.memo.joined ? [h("p", {}, "Keep this link to come back to your seat (it is shown once):"),
        h("input", { type: "text", readonly: true, class: "wide", value: this.memo.joined, "aria-label": "Your seat link" })] : null,
      h("form", {
        class: "row",
        onsubmit: (e) => {
          e.preventDefault();
          if (!input.value.trim()) return;
          const kind = rememberToken(this.id, input.value);
          input.value = "";
          say(kind === "gm" ? "GM token saved in this tab." : "Seat token saved in this tab.", "ok");
          this.refresh();
        },
      },
        h("label", { for: "token-input" }, "Token"), input,
        h("button", { type: "submit", id: "token-save" }, "Use token")),
      who ? h("button", { type: "button", id: "token-forget", onclick: () => { forgetTokens(this.id); delete this.memo.joined; this.refresh(); } }, "Forget tokens") : null);
  }
}

window.addEventListener("hashchange", route);
route();
