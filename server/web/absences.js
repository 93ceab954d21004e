// SPDX-License-Identifier: Apache-2.0
// Absences (docs/absence.md): a seat declares a time away, sees its allowance and its own
// absences, and cancels a future one or ends an active one. A deadline inside an absence moves
// to its end. The page shows only what GET /absences answers to the seat's token: its own
// absences and notes, never another seat's.

import { api } from "./api.js";
import { h, say, formatTime } from "./dom.js";

const STATE = {
  pending: "planned", active: "under way", over: "over", ended: "ended early",
  cancelled: "cancelled", refused: "refused by the GM",
};

export class AbsencesPanel {
  // ctx: {gameId, token (the seat's), power, refresh() (the game's deadline may have moved)}
  constructor(ctx) {
    this.ctx = ctx;
    this.data = null;
    this.root = h("section", { class: "panel absences-panel", id: "absences-panel", "aria-labelledby": "absences-heading" });
  }

  async load() {
    try {
      this.data = await api.absences(this.ctx.gameId, this.ctx.token);
      this.render();
    } catch {
      this.root.hidden = true;
    }
  }

  render() {
    const { data } = this;
    const seat = data.seats.find((s) => s.power === this.ctx.power);
    const parts = [h("h2", { id: "absences-heading" }, "Absence")];
    if (seat)
      parts.push(h("p", { class: "meta", id: "absence-allowance" },
        `${seat.left} of ${seat.days_per_player + seat.granted} days of absence left in this game.`));
    const mine = data.absences.filter((a) => a.power === this.ctx.power).reverse();
    if (mine.length)
      parts.push(h("ul", { id: "absence-list" }, mine.map((a) => this.item(a))));
    if (!mine.some((a) => a.state === "pending" || a.state === "active")) parts.push(this.form());
    this.root.replaceChildren(...parts);
  }

  item(a) {
    const open = a.state === "pending" || a.state === "active";
    return h("li", { "data-absence": a.id, "data-state": a.state },
      `${formatTime(a.from)} to ${formatTime(a.to)} (${a.days} day${a.days === 1 ? "" : "s"}, ${STATE[a.state] || a.state})`,
      a.note ? h("span", { class: "meta" }, ` · ${a.note}`) : null,
      open ? h("button", { type: "button", class: "absence-cancel", onclick: () => this.cancel(a) },
        a.state === "active" ? "I am back" : "Cancel") : null);
  }

  form() {
    const from = h("input", { type: "date", id: "absence-from", required: true });
    const to = h("input", { type: "date", id: "absence-to", required: true });
    const note = h("input", { type: "text", id: "absence-note", maxlength: "500", placeholder: "Note for the GM (optional)" });
    return h("form", { id: "absence-form", onsubmit: (e) => { e.preventDefault(); this.declare(from.value, to.value, note.value); } },
      h("p", {}, "Going away? A deadline that falls inside your absence moves to its end. Dates are in UTC; the last day is included. Other players see only that the game waits, not who or why."),
      h("div", { class: "row" }, h("label", { for: "absence-from" }, "From"), from,
        h("label", { for: "absence-to" }, "to"), to),
      h("div", { class: "row" }, note, h("button", { type: "submit", id: "absence-declare" }, "Declare the absence")));
  }

  async declare(from, to, note) {
    try {
      const answer = await api.declareAbsence(this.ctx.gameId, { from, to, ...(note ? { note } : {}) }, this.ctx.token);
      say(`Absence declared: the deadline is ${formatTime(answer.deadline)}.`, "ok");
      this.ctx.refresh();
    } catch (e) {
      say("Could not declare the absence: " + e.message, "error");
    }
    await this.load();
  }

  async cancel(a) {
    try {
      const answer = await api.cancelAbsence(this.ctx.gameId, a.id, this.ctx.token);
      say(`Absence ${answer.absence.state === "ended" ? "ended" : "cancelled"}: the deadline is ${formatTime(answer.deadline)}.`, "ok");
      this.ctx.refresh();
    } catch (e) {
      say("Could not cancel the absence: " + e.message, "error");
    }
    await this.load();
  }
}
