// SPDX-License-Identifier: Apache-2.0
// The GM console: who has submitted and who is ready, resolve now, start, pause and resume,
// extend the deadline, invite or replace a player (the new seat token is shown once), and on a
// tabletop campaign enter the results of the week's battles (docs/tabletop-battles.md).

import { api } from "./api.js";
import { h, say, formatTime, formatRemaining } from "./dom.js";

// Who holds a seat, as the console lists it: the player's name; a taken seat without one
// (a player who gave none) is still taken; a sandbox's seats are the GM's.
export function seatHolder(game, seat) {
  if (game.sandbox) return "the GM (sandbox)";
  if (seat?.player && seat.taken) return seat.player;
  return seat?.taken ? "(taken)" : "(open)";
}

// How long a Resolve button drawn just after a resolve waits before it answers a click.
const RESOLVE_PAUSE_MS = 1500;

// Lone Warrior 4d-4e's experience classes, best first (docs/experience.md).
const CLASSES = ["elite", "veteran", "trained", "raw"];

// A battle form's changes of class: {"experience": {"LIE": [{from, to, points}]}} for the armies
// given points to change, or nothing when none is (or the variant has no classes).
function classChanges(armies, id) {
  const changes = {};
  for (const a of armies) {
    if (!a.classes) continue;
    const from = a.unit.split(" ")[1];
    const points = Number(document.getElementById(id("class-points-" + from))?.value) || 0;
    if (points <= 0) continue;
    changes[from] = [{ from: document.getElementById(id("class-from-" + from)).value,
      to: document.getElementById(id("class-to-" + from)).value, points }];
  }
  return Object.keys(changes).length ? { experience: changes } : {};
}

export class GmConsole {
  // ctx: {game, token, memo (survives refreshes), refresh()}
  constructor(ctx) {
    this.ctx = ctx;
    this.table = h("tbody");
    this.handover = h("div", { class: "handover", "aria-live": "polite" });
    this.battles = h("div", { class: "gm-battles", id: "gm-battles" });
    // A link issued before a refresh stays on screen: it is shown only once by the server.
    if (ctx.memo.handover) this.handover.replaceChildren(...ctx.memo.handover);
    this.root = this.render();
  }

  render() {
    const { game } = this.ctx;
    // A button is disabled while its request is in flight, so a double click sends one
    // request; a resolve names the phase it is for, so even a retry resolves it once.
    const action = (name, label, body) => h("button", {
      type: "button", id: "gm-" + name, onclick: (e) => this.act(name, label, body, e.currentTarget),
    }, label);
    const buttons = [];
    if (game.status === "forming") buttons.push(action("start", "Start the game"));
    if (game.status === "active" || game.status === "paused") {
      // The console is drawn anew for the next phase as soon as a resolve answers, so the
      // second click of a double click could land on the new button and resolve that phase
      // too: the new button waits a moment before it answers.
      const resolve = action("resolve", "Resolve now");
      const since = Date.now() - (this.ctx.memo.resolvedAt || 0);
      if (since < RESOLVE_PAUSE_MS) {
        resolve.disabled = true;
        setTimeout(() => { resolve.disabled = false; }, RESOLVE_PAUSE_MS - since);
      }
      buttons.push(resolve);
    }
    // A sandbox has no clock to pause or extend and no seats to hand out (docs/server.md).
    if (game.status === "active" && !game.sandbox) buttons.push(action("pause", "Pause"));
    if (game.status === "paused") buttons.push(action("resume", "Resume"));

    // What the GM has typed survives the redraw a poll or another action causes.
    const memo = this.ctx.memo;
    const keep = (key) => (e) => { memo[key] = e.target.value; };
    this.hours = h("input", { type: "number", id: "gm-extend-hours", min: "0.1", step: "any", value: memo.gmHours ?? "24", class: "short", oninput: keep("gmHours") });
    const extend = h("form", { class: "row", onsubmit: (e) => { e.preventDefault(); this.extend(); } },
      h("label", { for: "gm-extend-hours" }, "Extend the deadline by (hours)"), this.hours,
      h("button", { type: "submit", id: "gm-extend" }, "Extend"));

    this.power = h("select", { id: "gm-seat-power", onchange: keep("gmPower") },
      game.seats.map((s) => h("option", { value: s.power, selected: s.power === memo.gmPower }, s.power)));
    this.player = h("input", { id: "gm-seat-player", type: "text", autocomplete: "off", value: memo.gmPlayer ?? "", oninput: keep("gmPlayer") });
    // The player's address, so that mail (orders, results, reminders) reaches them.
    this.email = h("input", { id: "gm-seat-email", type: "email", autocomplete: "off", value: memo.gmEmail ?? "", oninput: keep("gmEmail") });
    const seatForm = h("form", { class: "row", onsubmit: (e) => { e.preventDefault(); this.seat(); } },
      h("label", { for: "gm-seat-power" }, "Seat"), this.power,
      h("label", { for: "gm-seat-player" }, "Player name"), this.player,
      h("label", { for: "gm-seat-email" }, "Email"), this.email,
      h("button", { type: "submit", id: "gm-seat" }, "Invite or replace"));

    const deadline = game.deadline ? `${formatTime(game.deadline)} (${formatRemaining(game.deadline)})`
      : game.status === "paused" ? `paused with ${Math.round((game.paused_remaining || 0) / 60)} minutes left` : "none";
    return h("section", { class: "panel gm-console", "aria-labelledby": "gm-heading" },
      h("h2", { id: "gm-heading" }, "GM console"),
      h("p", {}, `Status: ${game.status}. Deadline: ${deadline}.`),
      h("table", { class: "seats", "aria-label": "Submissions" },
        h("thead", {}, h("tr", {}, ["Power", "Player", "Needs orders", "Submitted", "Ready"].map((t) => h("th", { scope: "col" }, t)))),
        this.table),
      h("div", { class: "row", role: "group", "aria-label": "Game actions" }, buttons),
      game.sandbox ? null : [extend, seatForm], this.handover, this.battles);
  }

  // The week's tabletop battles: per battle the winner, each army's losses and whether its
  // general fell; one button sends them all (the "battles" action replaces what was entered).
  renderBattles(list) {
    if (!list.length) { this.battles.replaceChildren(); return; }
    const forms = list.map((b) => {
      const id = (what) => `gm-battle-${b.province}-${what}`;
      const powers = [...new Set(b.armies.map((a) => a.power))];
      const winner = h("select", { id: id("winner") },
        powers.map((p) => h("option", { value: p, selected: b.result?.winner === p }, p)));
      const armies = b.armies.map((a) => {
        const from = a.unit.split(" ")[1];
        const lost = h("input", { type: "number", min: "0", step: "1", class: "short", id: id("loss-" + from), value: b.result?.losses?.[from] ?? "0" });
        const killed = a.general ? h("input", { type: "checkbox", id: id("killed-" + from), checked: (b.result?.generals_killed || []).includes(a.general) }) : null;
        // With experience classes (docs/experience.md): one optional change of class per army.
        const change = a.classes ? b.result?.experience?.[from]?.[0] : null;
        const classSelect = (what, chosen) => h("select", { id: id(what + "-" + from) },
          CLASSES.map((c) => h("option", { value: c, selected: c === chosen }, c)));
        const classes = a.classes ? h("div", { class: "row" },
          h("label", { for: id("class-points-" + from) }, `points changing class (${CLASSES.filter((c) => a.classes[c]).map((c) => `${a.classes[c]} ${c}`).join(", ")})`),
          h("input", { type: "number", min: "0", step: "1", class: "short", id: id("class-points-" + from), value: change?.points ?? "0" }),
          classSelect("class-from", change?.from ?? "trained"), h("span", {}, "to"), classSelect("class-to", change?.to ?? "veteran")) : null;
        return h("div", { "data-army": from },
          h("div", { class: "row" }, h("label", { for: id("loss-" + from) }, `${a.power} ${a.unit} (${a.points} points): points lost`), lost),
          killed ? h("div", { class: "row" }, killed, h("label", { for: id("killed-" + from) }, `${a.general} killed`)) : null,
          classes);
      });
      const read = () => ({
        province: b.province, winner: winner.value,
        losses: Object.fromEntries(b.armies.map((a) => { const from = a.unit.split(" ")[1]; return [from, Number(document.getElementById(id("loss-" + from)).value) || 0]; })),
        generals_killed: b.armies.filter((a) => a.general && document.getElementById(id("killed-" + a.unit.split(" ")[1]))?.checked).map((a) => a.general),
        ...classChanges(b.armies, id),
      });
      return { read, node: h("fieldset", { class: "gm-battle", "data-province": b.province },
        h("legend", {}, `Battle at ${b.province}` + (b.result ? ` (entered: ${b.result.winner} won)` : " (waiting for its result)")),
        h("div", { class: "row" }, h("label", { for: id("winner") }, "Winner"), winner), armies) };
    });
    const send = h("button", { type: "button", id: "gm-battles-send",
      onclick: (e) => this.act("battles", "Battle results", { battles: forms.map((f) => f.read()) }, e.currentTarget) }, "Enter the results");
    this.battles.replaceChildren(h("h3", {}, "Tabletop battles"),
      h("p", {}, "The week waits until every battle has its result; then resolve."), ...forms.map((f) => f.node), send);
  }

  async load() {
    const { game, token } = this.ctx;
    try {
      const data = await api.orders(game.id, token);
      const players = new Map(game.seats.map((s) => [s.power, s]));
      this.table.replaceChildren(...data.seats.map((s) => h("tr", { "data-power": s.power },
        h("th", { scope: "row" }, s.power),
        h("td", {}, seatHolder(game, players.get(s.power)) +
          (players.get(s.power)?.civil_disorder ? " (civil disorder: invite a replacement)" : "")),
        h("td", {}, s.needs_orders ? "yes" : "no"),
        h("td", { class: s.submitted ? "ok" : "" }, s.submitted ? "submitted" : "—"),
        h("td", {}, s.ready ? "ready" : "—"))));
      if (game.status === "active" || game.status === "paused") this.renderBattles((await api.battles(game.id, token)).battles);
    } catch (e) {
      say("GM console: " + e.message, "error");
    }
  }

  async act(name, label, body = {}, button = null) {
    const { game, token } = this.ctx;
    if (button) {
      if (button.disabled) return;
      button.disabled = true;
      button.setAttribute("aria-busy", "true");
    }
    if (name === "resolve") body = { ...body, phase: game.phase };
    try {
      const answer = await api.action(game.id, name, token, body);
      if (name === "resolve") this.ctx.memo.resolvedAt = Date.now();
      say(name === "resolve" ? `Resolved ${answer.resolved} phase(s); now ${answer.game.phase_name}.` : `${label}: done.`, "ok");
      this.ctx.refresh();
    } catch (e) {
      if (e.code === "stale_phase") {
        // Someone (the deadline, another tab) resolved it first: show where the game is now.
        say(`${game.phase_name} was already resolved; the game is at ${e.details?.phase_name ?? "a later phase"}.`, "warn");
        this.ctx.refresh();
      } else {
        say(`${label} failed: ${e.message}`, "error");
      }
    } finally {
      if (button) {
        button.disabled = false;
        button.removeAttribute("aria-busy");
      }
    }
  }

  extend() {
    const hours = Number(this.hours.value);
    if (!(hours > 0)) { say("Enter a positive number of hours.", "warn"); return; }
    this.act("extend", "Extend", { seconds: Math.round(hours * 3600) });
  }

  async seat() {
    const { game, token } = this.ctx;
    const power = this.power.value;
    const taken = game.seats.find((s) => s.power === power)?.taken;
    const who = { player: this.player.value.trim() || undefined, email: this.email.value.trim() || undefined };
    try {
      const answer = taken ? await api.replace(game.id, power, who, token) : await api.invite(game.id, power, who, token);
      // The link carries the token in the fragment, which browsers never send to a server.
      const link = `${location.origin}/#/game/${game.id}?token=${encodeURIComponent(answer.token)}`;
      this.ctx.memo.handover = [
        h("p", {}, `New token for ${power} (shown once; the old one no longer works). Give the player this link:`),
        h("input", { type: "text", readonly: true, value: link, class: "wide", "aria-label": `Link for ${power}`, id: "gm-handover-link" })];
      this.handover.replaceChildren(...this.ctx.memo.handover);
      say(`${power}: new token issued.`, "ok");
      this.ctx.refresh();
    } catch (e) {
      say("Seat change failed: " + e.message, "error");
    }
  }
}
