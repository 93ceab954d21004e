// SPDX-License-Identifier: Apache-2.0
// Order entry for one seat: a text box validated line by line as the player types
// (POST /orders/validate), orders built by clicking the map (or by keyboard on its focusable
// units and targets), submission with its confirmation, and the ready flag.

import { api } from "./api.js";
import { h, say } from "./dom.js";
import { provinceName, unitLabel, unitsOf, dislodgedOf } from "./map.js";

const VALIDATE_DELAY_MS = 300;

// The province a line orders (its first unit, or the build location), for replacing a line
// when a new order for the same unit is clicked in.
function lineProvince(line) {
  const body = line.replace(/^\s*[A-Za-z]+:\s*/, "");
  let m = /^\s*(?:BUILD|B)\s+(?:[AF]\s+)?([A-Za-z0-9]+)/i.exec(body);
  if (m) return m[1].toUpperCase();
  m = /^\s*(?:disband|remove|D)\s+[AF]\s+([A-Za-z0-9]+)/i.exec(body);
  if (m) return m[1].toUpperCase();
  m = /^\s*[AF]\s+([A-Za-z0-9]+)/i.exec(body);
  return m ? m[1].toUpperCase() : null;
}

function provinceOf(loc) {
  return loc.split("/")[0];
}

// Where a unit can move: its army or fleet neighbours (fleet ones with coasts).
function reach(vi, unit) {
  const p = vi.provinces.get(unit.prov);
  if (!p) return [];
  if (unit.kind === "A") return p.army;
  if (unit.coast && p.coasts.has(unit.coast)) return p.coasts.get(unit.coast).fleet;
  return p.fleet;
}

export class OrderPanel {
  // ctx: {game, vi, position, power, token, memo (survives refreshes), redraw(), refresh(),
  //       banner, asPower (a sandbox's GM ordering for `power`)}
  constructor(ctx) {
    this.ctx = ctx;
    this.selected = null;  // the unit being ordered
    this.second = null;    // the supported or convoyed unit
    this.mode = "move";
    this.buildAt = null;
    this.abort = null;
    this.timer = null;
    this.root = this.render();
  }

  get phaseKind() {
    return this.ctx.game.phase.slice(-1);
  }

  render() {
    const { game, power } = this.ctx;
    this.text = h("textarea", {
      id: "orders-text", rows: 8, spellcheck: "false", autocapitalize: "characters",
      "aria-label": `Orders for ${power}, one per line`, "aria-describedby": "verdicts",
      placeholder: "One order per line, e.g. A PAR-BUR",
      oninput: () => this.scheduleValidate(),
    });
    this.verdicts = h("ol", { id: "verdicts", class: "verdicts", "aria-live": "polite", "aria-label": "Validation, line by line" });
    this.hint = h("p", { class: "hint", id: "order-hint", "aria-live": "polite" });
    this.tools = h("div", { class: "order-tools", role: "group", "aria-label": "Order tools" });
    this.confirmation = h("div", { class: "confirmation", id: "confirmation", "aria-live": "polite" });
    this.ready = h("input", { type: "checkbox", id: "ready-flag", onchange: () => this.setReady() });
    this.guidance = h("p", { class: "guidance", id: "guidance" });
    this.readyWarning = h("div", { class: "ready-warning", id: "ready-warning", role: "alert" });
    const root = h("section", { class: "panel orders-panel", "aria-labelledby": "orders-heading" },
      h("h2", { id: "orders-heading" }, `Orders for ${power} — ${game.phase_name}`),
      this.guidance, this.hint, this.tools,
      h("label", { for: "orders-text", class: "block" }, "Orders (one per line)"),
      this.text, this.verdicts,
      h("div", { class: "row" },
        h("button", { type: "button", id: "submit-orders", class: "primary", onclick: () => this.submit() }, "Submit orders"),
        h("button", { type: "button", id: "clear-orders", onclick: () => { this.text.value = ""; this.scheduleValidate(0); } }, "Clear"),
        // A sandbox resolves when its GM says: nobody else to be ready for.
        this.ctx.sandbox ? null : h("label", { class: "check" }, this.ready, " Ready (resolve early when everyone is)")),
      this.readyWarning, this.confirmation);
    // The last confirmation stays on screen across the refresh a submission causes.
    if (this.ctx.memo.confirmation) this.confirmation.replaceChildren(...this.ctx.memo.confirmation);
    this.updateTools();
    return root;
  }

  // Loads the seat's current orders and ready flag from the server.
  async load() {
    const { game, token } = this.ctx;
    try {
      const data = await api.orders(game.id, token, this.ctx.asPower);
      const seat = (data.seats || [])[0];
      if (seat) {
        this.ready.checked = !!seat.ready;
        this.onFile = seat.submitted ? seat.text || "" : "";
        if (seat.submitted && !this.text.value && !this.ctx.memo.confirmation) {
          this.text.value = seat.text || "";
          this.confirmation.replaceChildren(h("p", {}, `Orders on file, submitted ${new Date(seat.submitted_at * 1000).toLocaleString()}.`));
          this.showVerdicts(seat.verdicts || []);
        }
        if (!seat.needs_orders) this.hint.textContent = `${seat.power} has nothing to order this phase.`;
        this.showGuidance(seat.guidance);
      }
    } catch (e) {
      say("Could not load your orders: " + e.message, "error");
    }
  }

  // The server's count of what the orders in force cover ("2 of 3 units ordered, not ready."),
  // and the deadline banner: shown from the server's reminder threshold (`remind_from`: the
  // last quarter of the phase, at most the mail reminders' threshold) while something is left
  // to do, so a fresh game never opens with it. A page left open crosses the threshold by itself.
  showGuidance(g) {
    clearTimeout(this.remindTimer);
    if (!g) return;
    this.serverGuidance = g;
    this.guidance.textContent = g.text;
    this.guidance.className = "guidance " + (g.kind === "none" ? "" : g.ordered < g.to_order ? "warn" : g.ready ? "ok" : "");
    const banner = this.ctx.banner;
    if (!banner) return;
    const pending = g.kind !== "none" && (g.ordered < g.to_order || !g.ready);
    const show = () => {
      const left = g.deadline ? Math.max(0, Math.round((g.deadline * 1000 - Date.now()) / 60000)) : 0;
      const when = left >= 120 ? `${Math.round(left / 60)} hours` : `${left} minutes`;
      banner.replaceChildren(h("strong", {}, "Deadline near: "),
        `${g.text} The phase resolves in about ${when} (${new Date(g.deadline * 1000).toLocaleString()}).`);
      banner.hidden = false;
    };
    banner.hidden = true;
    if (!pending || !g.deadline) return;
    // The server's flag, or the page's own clock past the threshold: a page whose timer has
    // shown the banner keeps it when the guidance comes again (after a submission).
    const now = Date.now();
    if (g.remind || (g.remind_from && now >= g.remind_from * 1000 && now < g.deadline * 1000)) return show();
    const wait = g.remind_from * 1000 - now;
    if (wait > 0 && wait < 24 * 3600 * 1000 && g.deadline * 1000 > now) this.remindTimer = setTimeout(show, wait);
  }

  // The guidance line as orders are entered: once the box's lines have been checked, and
  // while they differ from the orders in force, the line counts what the box would order, as
  // the server counts it (each own unit once, a refused line not at all; builds or disbands up
  // to the number due), and says it is not submitted yet. The server's sentence comes back
  // with the next submission.
  liveGuidance(verdicts) {
    const g = this.serverGuidance;
    if (!g || g.kind === "none" || !g.to_order) return;
    if (this.text.value.trim() === (this.onFile ?? "").trim()) {
      this.guidance.textContent = g.text;
      this.guidance.className = "guidance " + (g.ordered < g.to_order ? "warn" : g.ready ? "ok" : "");
      return;
    }
    const accepted = verdicts.filter((v) => v.status === "accepted" && v.order).map((v) => v.order);
    let ordered;
    if (g.kind === "units" || g.kind === "retreats") {
      const own = new Set(this.ownUnits().map((u) => u.prov));
      ordered = new Set(accepted.map(lineProvince).filter((p) => own.has(p))).size;
    } else {
      const build = /^\s*(?:BUILD|B|WAIVE)\b/i;
      ordered = Math.min(g.to_order, accepted.filter((o) => (g.kind === "builds") === build.test(o.replace(/^\s*[A-Za-z]+:\s*/, ""))).length);
    }
    const nouns = { units: ["unit", "units"], retreats: ["dislodged unit", "dislodged units"], builds: ["build", "builds"], disbands: ["disband", "disbands"] }[g.kind];
    this.guidance.textContent = `${ordered} of ${g.to_order} ${g.to_order === 1 ? nouns[0] : nouns[1]} ordered in the box, not submitted yet.`;
    this.guidance.className = "guidance warn";
  }

  scheduleValidate(delay = VALIDATE_DELAY_MS) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.validate(), delay);
  }

  async validate() {
    const { game, token } = this.ctx;
    if (this.abort) this.abort.abort();
    if (!this.text.value.trim()) {
      this.verdicts.replaceChildren();
      this.checked = { text: this.text.value, verdicts: [] };
      this.liveGuidance([]);
      return;
    }
    this.abort = new AbortController();
    try {
      const answer = await api.validate(game.id, this.text.value, token, this.abort.signal, this.ctx.asPower);
      this.showVerdicts(answer.verdicts || []);
    } catch (e) {
      if (e.name !== "AbortError") this.verdicts.replaceChildren(h("li", { class: "rejected" }, "Validation failed: " + e.message));
    }
  }

  showVerdicts(verdicts) {
    this.checked = { text: this.text.value, verdicts };
    this.ctx.drawOrders?.();
    this.liveGuidance(verdicts);
    this.verdicts.replaceChildren(...verdicts.map((v) => {
      const ok = v.status === "accepted";
      return h("li", { class: ok ? "accepted" : "rejected", "data-line": v.line },
        h("span", { class: "mark", "aria-hidden": "true" }, ok ? "✓" : "✗"),
        h("span", { class: "visually-hidden" }, ok ? "accepted: " : "rejected: "),
        `line ${v.line}: `,
        h("code", {}, v.input),
        ok ? [" → ", h("code", {}, v.order)] : [" — ", h("span", { class: "error" }, v.error)],
        v.note ? h("span", { class: "note" }, ` (${v.note})`) : null);
    }));
  }

  async submit() {
    const { game, token } = this.ctx;
    try {
      const answer = await api.submit(game.id, this.text.value, token, this.ctx.asPower);
      this.showVerdicts(answer.verdicts || []);
      // No line accepted: the server kept the orders in force rather than replace them with
      // none; "orders" lists what is still in force.
      const kept = answer.replaced === false;
      const summary = kept
        ? `Not saved: no line was accepted for ${answer.phase_name}, so your orders in force are unchanged.`
        : `Saved for ${answer.phase_name} at ${new Date().toLocaleTimeString()}: ${answer.accepted} accepted, ${answer.rejected} rejected.`;
      this.ctx.memo.confirmation = [
        h("p", { class: kept ? "error" : answer.rejected ? "warn" : "ok", id: "orders-summary" }, summary),
        h("ul", { class: "in-force", "aria-label": "Orders in force" }, (answer.orders || []).map((o) => h("li", {}, h("code", {}, o))))];
      this.confirmation.replaceChildren(...this.ctx.memo.confirmation);
      say(kept ? "Orders not saved: no line was accepted; your orders in force are unchanged."
        : `Orders saved: ${answer.accepted} accepted, ${answer.rejected} rejected.`, kept ? "error" : answer.rejected ? "warn" : "ok");
      this.ctx.refresh();
    } catch (e) {
      say("Orders not saved: " + e.message, "error");
      this.confirmation.replaceChildren(h("p", { class: "error" }, "Not saved: " + e.message));
    }
  }

  // What ticking Ready leaves unordered, from the server's count of the orders in force: a
  // sentence saying what becomes of it, or null when everything is ordered.
  unorderedWarning() {
    const g = this.serverGuidance;
    if (!g || g.kind === "none" || !(g.ordered < g.to_order)) return null;
    const n = g.to_order - g.ordered;
    const one = n === 1;
    return {
      units: `${n} of your units ${one ? "has" : "have"} no order in force: ${one ? "it" : "they"} will hold.`,
      retreats: `${n} dislodged unit${one ? " has" : "s have"} no retreat order in force: ${one ? "it" : "they"} will be disbanded.`,
      builds: `${n} build${one ? " is" : "s are"} not ordered: ${one ? "it" : "they"} will be waived.`,
      disbands: `${n} disband${one ? " is" : "s are"} not ordered: the rules will choose which units are removed.`,
    }[g.kind] || `${n} left to order.`;
  }

  async setReady(anyway = false) {
    const { game, token } = this.ctx;
    this.readyWarning.replaceChildren();
    // Ready with something left unordered: warn first, and set the flag only when the player
    // says so (an empty retreat box and Ready used to disband the unit without a word).
    const warning = this.ready.checked && !anyway ? this.unorderedWarning() : null;
    if (warning) {
      this.ready.checked = false;
      this.readyWarning.replaceChildren(h("p", { class: "warn" }, h("strong", {}, "Not ready yet: "), warning,
        this.text.value.trim() !== (this.onFile ?? "").trim() ? " (Orders in the box count once submitted.)" : ""),
        h("button", { type: "button", id: "ready-anyway", onclick: () => { this.ready.checked = true; this.setReady(true); } }, "Ready anyway"));
      say("Not ready yet: " + warning, "warn");
      return;
    }
    try {
      await api.ready(game.id, this.ready.checked, token, this.ctx.asPower);
      // Ready is for the orders in force (the saved ones), not for unsaved text in the box.
      say(this.ready.checked ? "Marked ready with your orders in force." : "No longer ready.", "ok");
      this.ctx.refresh();
    } catch (e) {
      this.ready.checked = !this.ready.checked;
      say("Could not change the ready flag: " + e.message, "error");
    }
  }

  // The orders the map draws for the current phase: the validator's canonical form of each
  // accepted line once the box has been checked, and until then the lines as they stand (a
  // clicked line draws at once; a line the map cannot read draws nothing).
  currentOrders() {
    if (this.checked && this.checked.text === this.text.value)
      return this.checked.verdicts.filter((v) => v.status === "accepted" && v.order).map((v) => ({ text: v.order, power: this.ctx.power }));
    return this.text.value.split("\n").filter((l) => l.trim()).map((text) => ({ text, power: this.ctx.power }));
  }

  // What the power does this adjustment phase: builds (centres above units), disbands (units
  // above centres) or nothing; from the position, as the server counts it.
  adjustment() {
    const { position, power } = this.ctx;
    const centres = (position.supply_centers?.[power] || []).length;
    return centres - unitsOf(position).filter((u) => u.power === power).length;
  }

  // Where an army could land by convoy: coastal provinces reached through seas that hold a
  // fleet (anyone's: the other power may convoy too), starting from the army's own coast.
  convoyReach(unit) {
    const { vi, position } = this.ctx;
    const out = new Set();
    if (unit.kind !== "A" || vi.provinces.get(unit.prov)?.type !== "coast") return out;
    const fleets = new Set(unitsOf(position).filter((u) => u.kind === "F").map((u) => u.prov));
    const seas = (abbr) => (vi.provinces.get(abbr)?.fleet || []).map(provinceOf)
      .filter((n) => vi.provinces.get(n)?.type === "sea" && fleets.has(n));
    const seen = new Set(seas(unit.prov));
    const queue = [...seen];
    while (queue.length) {
      const sea = queue.shift();
      for (const n of vi.provinces.get(sea).fleet.map(provinceOf)) {
        const p = vi.provinces.get(n);
        if (p?.type === "sea" && fleets.has(n) && !seen.has(n)) { seen.add(n); queue.push(n); }
        if (p?.type === "coast" && n !== unit.prov) out.add(n);
      }
    }
    return out;
  }

  // --- ordering by clicking --------------------------------------------------------------

  addLine(order, prov) {
    const lines = this.text.value.split("\n").filter((l) => l.trim() && lineProvince(l) !== prov);
    lines.push(order);
    this.text.value = lines.join("\n") + "\n";
    say("Added " + order);
    this.selected = this.second = null;
    this.buildAt = null;
    this.scheduleValidate(0);
    this.updateTools();
    this.ctx.redraw();
  }

  ownUnits() {
    const { position, power } = this.ctx;
    return this.phaseKind === "R" ? dislodgedOf(position).filter((u) => u.power === power)
      : unitsOf(position).filter((u) => u.power === power);
  }

  // Which units take Tab focus on the map: own units to start an order; any unit once a
  // support or convoy is being built.
  unitFocusable(unit) {
    if (this.selected && (this.mode === "support" || this.mode === "convoy") && !this.second) return !unit.dislodged;
    if (unit.power !== this.ctx.power) return false;
    return this.phaseKind === "R" ? !!unit.dislodged : !unit.dislodged;
  }

  // The locations offered as targets for the current selection.
  targets() {
    const { vi, position, power } = this.ctx;
    const out = new Set();
    if (this.phaseKind === "A") {
      if (this.selected || this.adjustment() <= 0) return out;
      const occupied = new Set(unitsOf(position).map((u) => u.prov));
      const owned = new Set((position.supply_centers?.[power] || []).map(provinceOf));
      // A variant that builds anywhere (docs/variants.md, "Rules") builds in any owned centre.
      const sites = vi.raw.rules?.build_any ? owned : vi.powers.get(power)?.home || [];
      for (const site of sites)
        if (owned.has(site) && !occupied.has(site)) out.add(site);
      return out;
    }
    const unit = this.selected;
    if (!unit) return out;
    if (this.phaseKind === "R") {
      for (const loc of unit.retreats.length ? unit.retreats : reach(vi, unit)) out.add(loc);
      return out;
    }
    if (this.mode === "move") {
      for (const loc of reach(vi, unit)) out.add(loc);
      for (const abbr of this.convoyReach(unit)) out.add(abbr);
    }
    if (this.mode === "support" && this.second) {
      const mine = new Set(reach(vi, unit).map(provinceOf));
      if (mine.has(this.second.prov)) out.add(this.second.prov);  // support to hold
      const theirs = this.second.kind === "A" && this.mode === "support"
        ? vi.provinces.get(this.second.prov)?.army || [] : reach(vi, this.second);
      for (const loc of theirs) if (mine.has(provinceOf(loc))) out.add(provinceOf(loc));
    }
    if (this.mode === "convoy" && this.second)
      for (const p of vi.provinces.values()) if (p.type === "coast" && p.abbr !== this.second.prov) out.add(p.abbr);
    return out;
  }

  onUnit(unit) {
    const { vi, power } = this.ctx;
    const kind = this.phaseKind;
    if (kind === "A") {
      // A disband is only an order when units outnumber centres: with builds due the server
      // would refuse it, so the click says where to build instead.
      const due = this.adjustment();
      if (unit.power !== power || unit.dislodged) say(unitLabel(vi, unit.power, unit) + " is not yours.", "warn");
      else if (due < 0) this.addLine(`${unit.kind} ${unit.loc} D`, unit.prov);
      else if (due > 0) say(`${power} has ${due} build${due > 1 ? "s" : ""} due, not a disband: click a highlighted centre to build.`, "warn");
      else say(`${power} has as many units as centres: nothing to build or disband.`, "warn");
      return;
    }
    if (this.selected && (this.mode === "support" || this.mode === "convoy") && !unit.dislodged) {
      if (unit.loc === this.selected.loc) { this.select(null); return; }
      if (!this.second) {
        if (this.mode === "convoy" && unit.kind !== "A") { say("Only an army can be convoyed.", "warn"); return; }
        this.second = unit;
        this.updateTools();
        this.ctx.redraw();
        return;
      }
      if (unit.prov === this.second.prov || this.targets().has(unit.prov)) { this.onProvince(unit.prov); return; }
    }
    if (unit.power !== power || (kind === "R") !== !!unit.dislodged) {
      if (this.selected && this.mode === "move" && this.targets().has(unit.loc)) { this.onProvince(unit.loc); return; }
      if (this.selected && this.mode === "move" && this.targets().has(unit.prov)) { this.onProvince(unit.prov); return; }
      say(unitLabel(vi, unit.power, unit) + (unit.power === power ? " takes no orders this phase." : " is not yours."), "warn");
      return;
    }
    if (this.selected && this.mode === "move" && this.targets().has(unit.prov) && this.selected.loc !== unit.loc) {
      this.onProvince(unit.prov);
      return;
    }
    this.select(this.selected && this.selected.loc === unit.loc ? null : unit);
  }

  onProvince(loc) {
    const { vi } = this.ctx;
    if (this.phaseKind === "A") {
      if (this.targets().has(loc)) { this.buildAt = loc; this.updateTools(); }
      return;
    }
    const unit = this.selected;
    if (!unit) return;
    const targets = this.targets();
    // A click on a province whose coast is the target means that coast when there is one.
    let target = targets.has(loc) ? loc : [...targets].find((t) => provinceOf(t) === loc && t.includes("/"));
    if (!target) {
      say(`${provinceName(vi, loc)} is not a possible target.`, "warn");
      return;
    }
    const u = `${unit.kind} ${unit.loc}`;
    if (this.phaseKind === "R") return this.addLine(`${u} R ${target}`, unit.prov);
    if (this.mode === "move") {
      const direct = reach(vi, unit).some((l) => l === target || provinceOf(l) === target);
      return this.addLine(direct ? `${u}-${target}` : `${u}-${target} VIA CONVOY`, unit.prov);
    }
    const v = `${this.second.kind} ${this.second.loc}`;
    if (this.mode === "support")
      return this.addLine(provinceOf(target) === this.second.prov ? `${u} S ${v}` : `${u} S ${v}-${target}`, unit.prov);
    if (this.mode === "convoy") return this.addLine(`${u} C ${v}-${target}`, unit.prov);
  }

  select(unit) {
    this.selected = unit;
    this.second = null;
    if (!unit || (unit.kind !== "F" && this.mode === "convoy")) this.mode = "move";
    this.updateTools();
    this.ctx.redraw();
  }

  setMode(mode) {
    this.mode = mode;
    this.second = null;
    this.updateTools();
    this.ctx.redraw();
  }

  // The buttons that fit the current selection, and the hint saying what to click next.
  updateTools() {
    const { vi } = this.ctx;
    const kind = this.phaseKind;
    const unit = this.selected;
    const tools = [];
    let hint;
    if (kind === "A") {
      const due = this.adjustment();
      hint = due > 0 ? `${due} build${due > 1 ? "s" : ""} due: click a highlighted centre to build there.`
        : due < 0 ? `${-due} disband${due < -1 ? "s" : ""} due: click a unit to disband it.` : "Nothing to build or disband.";
      if (this.buildAt) {
        const p = vi.provinces.get(this.buildAt);
        hint = `Build in ${p.name}:`;
        if (p.type !== "sea") tools.push(h("button", { type: "button", onclick: () => this.addLine(`BUILD A ${p.abbr}`, p.abbr) }, "Build army"));
        if (p.type === "coast") {
          if (p.coasts.size) for (const c of p.coasts.keys()) tools.push(h("button", { type: "button", onclick: () => this.addLine(`BUILD F ${p.abbr}/${c}`, p.abbr) }, `Build fleet (${c})`));
          else tools.push(h("button", { type: "button", onclick: () => this.addLine(`BUILD F ${p.abbr}`, p.abbr) }, "Build fleet"));
        }
        tools.push(h("button", { type: "button", onclick: () => { this.buildAt = null; this.updateTools(); } }, "Cancel"));
      }
      if (due > 0) tools.push(h("button", { type: "button", onclick: () => this.addLine("WAIVE", null) }, "Waive a build"));
    } else if (!unit) {
      hint = kind === "R" ? "Click a dislodged unit of yours to order its retreat." : "Click one of your units (or Tab to it and press Enter) to order it.";
    } else {
      const name = unitLabel(vi, unit.power, unit);
      const u = `${unit.kind} ${unit.loc}`;
      if (kind === "R") {
        hint = `${name}: choose where it retreats.`;
        tools.push(h("button", { type: "button", onclick: () => this.addLine(`${u} D`, unit.prov) }, "Disband"));
      } else {
        hint = {
          move: `${name}: choose a destination.`,
          support: this.second ? `${name} supports ${unitLabel(vi, this.second.power, this.second)}: choose where (its own province to support a hold).` : `${name}: choose the unit to support.`,
          convoy: this.second ? `${name} convoys ${unitLabel(vi, this.second.power, this.second)}: choose the destination.` : `${name}: choose the army to convoy.`,
        }[this.mode];
        const modes = [["move", "Move"], ["support", "Support"]];
        if (unit.kind === "F") modes.push(["convoy", "Convoy"]);
        for (const [mode, label] of modes)
          tools.push(h("button", { type: "button", "aria-pressed": String(this.mode === mode), class: this.mode === mode ? "on" : "", onclick: () => this.setMode(mode) }, label));
        tools.push(h("button", { type: "button", onclick: () => this.addLine(`${u} H`, unit.prov) }, "Hold"));
      }
      tools.push(h("button", { type: "button", onclick: () => this.select(null) }, "Cancel"));
    }
    this.hint.textContent = hint;
    this.tools.replaceChildren(...tools);
  }
}

