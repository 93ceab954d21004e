// SPDX-License-Identifier: Apache-2.0
// Draws and concessions (docs/draws.md): a seat of a surviving power proposes a draw of every
// survivor or a concession to one of them, votes once on an open proposal, and sees the outcome.
//
// Privacy: the page shows only what GET /draws answers to this tab's token. While a proposal is
// open its `votes` are null for everyone; a seat sees its own vote (`your_vote`) and nobody's
// else, the GM none, and the public does not see the open proposal at all. The page never
// guesses a vote (it does not count who has voted): once the proposal is closed, every vote is
// shown as the server gives it.

import { api } from "./api.js";
import { h, say } from "./dom.js";

const VOTE = { accept: "accepted", refuse: "refused", civil_disorder: "civil disorder (counts as accepting)" };
const STATUS = { passed: "Passed", failed: "Failed", expired: "Expired with its phase" };

export class DrawsPanel {
  // ctx: {gameId, token (seat, else GM, else null), power (this tab's seat or null), game,
  //       phaseName(code), ended() (the game ended: the page reloads it)}
  constructor(ctx) {
    this.ctx = ctx;
    this.key = ctx.token || "public";
    this.data = null;
    this.busy = false;
    this.root = h("section", { class: "panel draws-panel", id: "draws-panel", "aria-labelledby": "draws-heading", hidden: true });
  }

  async load() {
    if (this.busy) return;
    this.busy = true;
    try {
      const data = await api.draws(this.ctx.gameId, this.ctx.token);
      const was = JSON.stringify(this.data);
      this.data = data;
      if (JSON.stringify(data) !== was) this.render();
      if (data.proposals.some((p) => p.status === "passed") && this.ctx.game.status !== "ended") this.ctx.ended();
    } catch {
      // The next poll tries again.
    } finally {
      this.busy = false;
    }
  }

  poll() {
    return this.load();
  }

  describe(p) {
    const powers = p.powers.join(", ");
    const what = p.kind === "concession" ? `a concession to ${p.to}` : `a draw of ${powers}`;
    return `${p.proposer} proposed ${what} (${this.ctx.phaseName(p.phase)}).`;
  }

  render() {
    const { data, ctx } = this;
    const game = ctx.game;
    const running = game.status === "active" || game.status === "paused";
    const open = data.proposals.find((p) => p.status === "open");
    const closed = data.proposals.filter((p) => p.status !== "open").reverse();
    const surviving = data.surviving || [];
    const mine = ctx.power && surviving.includes(ctx.power);
    const parts = [h("h2", { id: "draws-heading" }, "Draws and concessions")];
    if (running && surviving.length)
      parts.push(h("p", { class: "meta", id: "draws-surviving" }, `A draw now would be shared by every surviving power: ${surviving.join(", ")}.`));
    if (open) parts.push(this.openProposal(open));
    else if (running && mine) parts.push(this.proposeForm(surviving));
    else if (running && ctx.power && !mine) parts.push(h("p", {}, `${ctx.power} is out of the game and cannot propose or vote.`));
    if (closed.length)
      parts.push(h("h3", {}, "Decided"), h("ul", { class: "draws-closed", id: "draws-closed" }, closed.map((p) => this.closedProposal(p))));
    // Nothing to say to a reader who can neither act nor read a decided proposal.
    this.root.hidden = !(open || closed.length || (running && mine));
    // How many proposals the reader was given: read, the panel says so even when hidden.
    this.root.dataset.proposals = String(data.proposals.length);
    this.root.replaceChildren(...parts);
  }

  openProposal(p) {
    const items = [h("p", { class: "draw-what" }, this.describe(p))];
    if (p.you_vote && !p.your_vote) {
      items.push(h("p", {}, "Your vote is secret until the proposal is decided. It passes when every voter accepts; one refusal fails it."),
        h("div", { class: "row" },
          h("button", { type: "button", id: "draw-accept", onclick: () => this.vote(p, true) }, "Accept"),
          h("button", { type: "button", id: "draw-refuse", onclick: () => this.vote(p, false) }, "Refuse")));
    } else if (p.your_vote) {
      items.push(h("p", { id: "draw-your-vote" }, `You ${p.your_vote === "accept" ? "accepted" : "refused"}. The other votes stay secret until every voter has voted.`));
    } else if (p.to && p.to === this.ctx.power) {
      items.push(h("p", {}, "It is conceded to you, so you do not vote; the others' votes stay secret until it is decided."));
    } else {
      items.push(h("p", {}, "The votes are secret until it is decided."));
    }
    items.push(h("p", { class: "meta" }, "It expires when this phase resolves."));
    return h("div", { class: "draw-open", id: "draw-open", "data-proposal": p.id }, items);
  }

  closedProposal(p) {
    const outcome = p.status === "passed"
      ? (p.kind === "concession" ? `the game ended, conceded to ${p.to}` : `the game ended in a draw of ${p.powers.join(", ")}`)
      : STATUS[p.status] || p.status;
    const votes = Object.entries(p.votes || {}).map(([power, v]) => h("li", { "data-power": power, class: "vote-" + v }, `${power}: ${VOTE[v] || v}`));
    return h("li", { class: "draw-closed", "data-proposal": p.id, "data-status": p.status },
      h("span", {}, this.describe(p) + " "), h("strong", {}, p.status === "passed" ? "Passed: " + outcome + "." : outcome + "."),
      votes.length ? h("ul", { class: "draw-votes" }, votes) : null);
  }

  proposeForm(surviving) {
    const others = surviving.filter((p) => p !== this.ctx.power);
    const to = h("select", { id: "concede-to", "aria-label": "Power to concede to" }, others.map((p) => h("option", { value: p }, p)));
    return h("div", { class: "draw-propose" },
      h("p", {}, "Propose ending the game by agreement. Proposing counts as your vote to accept; the others vote in secret, and it expires when the phase resolves."),
      h("div", { class: "row" },
        h("button", { type: "button", id: "draw-propose", onclick: () => this.propose({ kind: "draw" }) }, "Propose a draw")),
      others.length ? h("div", { class: "row" },
        h("label", { for: "concede-to" }, "Concede to"), to,
        h("button", { type: "button", id: "concede-propose", onclick: () => this.propose({ kind: "concession", to: to.value }) }, "Propose the concession")) : null);
  }

  async propose(body) {
    const what = body.kind === "concession" ? `a concession to ${body.to}` : "a draw";
    try {
      const p = await api.propose(this.ctx.gameId, body, this.ctx.token);
      say(p.status === "passed" ? "Proposed, and it passed: the game is over." : `You proposed ${what}.`, "ok");
    } catch (e) {
      say("Could not propose: " + e.message, "error");
    }
    await this.load();
  }

  async vote(p, accept) {
    try {
      const answer = await api.vote(this.ctx.gameId, p.id, accept, this.ctx.token);
      const outcome = answer.status === "passed" ? " It passed: the game is over." : answer.status === "failed" ? " It failed." : "";
      say(`You ${accept ? "accepted" : "refused"}.${outcome}`, accept ? "ok" : "warn");
    } catch (e) {
      say("Could not vote: " + e.message, "error");
    }
    await this.load();
  }
}
