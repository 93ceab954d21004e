// SPDX-License-Identifier: Apache-2.0
// One power's order history (GET /games/{id}/powers/{power}/orders): each resolved phase's
// accepted orders and their results, a page at a time. With this tab's token the server adds
// what that reader may see of refused lines (its own seat's, or every seat's for the GM).

import { api } from "./api.js";
import { h, resultLine, say } from "./dom.js";

const PAGE = 20;

export class PowerHistory {
  // ctx: {gameId, powers: [name], power (this tab's seat, or null), token}
  constructor(ctx) {
    this.ctx = ctx;
    this.select = h("select", { id: "power-history-select", "aria-label": "Power whose orders to show", onchange: () => this.load(this.select.value) },
      h("option", { value: "" }, "Choose a power…"),
      ctx.powers.map((p) => h("option", { value: p }, p)));
    this.list = h("ol", { class: "power-history", id: "power-history", "aria-live": "polite" });
    this.more = h("button", { type: "button", id: "power-history-more", hidden: true, onclick: () => this.page() }, "Older phases…");
    this.root = h("section", { class: "panel", "aria-labelledby": "power-history-heading" },
      h("h2", { id: "power-history-heading" }, "Orders by power"),
      h("div", { class: "row" }, this.select), this.list, this.more);
  }

  async load(power) {
    this.power = power;
    this.after = -1;
    this.list.replaceChildren();
    this.more.hidden = true;
    if (power) await this.page();
  }

  async page() {
    const power = this.power;
    try {
      const data = await api.powerHistory(this.ctx.gameId, power, this.after, PAGE, this.ctx.token);
      if (power !== this.power) return;  // another power was chosen meanwhile
      if (!data.phases.length && this.after < 0) this.list.append(h("li", {}, "No resolved phase yet."));
      for (const p of data.phases) this.list.append(this.entry(p));
      this.after = data.next_after ?? this.after;
      this.more.hidden = data.next_after === null;
    } catch (e) {
      say("Could not load the orders of " + power + ": " + e.message, "error");
    }
  }

  entry(p) {
    const results = (p.results || []).map((r) => h("li", { class: r.result }, ...resultLine(r)));
    return h("li", { "data-seq": p.seq },
      h("strong", {}, p.phase_name),
      p.submitted ? "" : " — no orders on file",
      results.length ? h("ul", {}, results) : null);
  }
}
