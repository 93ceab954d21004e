// SPDX-License-Identifier: Apache-2.0
// The press panel (docs/press.md): the reader's conversations with their unread counts, the
// messages of the one chosen (marked read when shown), and a compose form limited to whom the
// reader may write to now. Without a token it lists a finished game's published press.
//
// Message text is only ever inserted as text nodes (h() children), never as HTML: it is written
// by other players.

import { api } from "./api.js";
import { h, formatTime } from "./dom.js";

const RULES = { none: "Gunboat (players write only to the GM)", public: "Public press only", full: "Full press" };

// One line for the rules: the kind of press, then every setting that differs from the default,
// so the usual game reads "Full press" and an unusual one says what is unusual.
export function rulesLine(rules) {
  if (!rules) return "";
  const parts = [RULES[rules.rule] || rules.rule];
  if (rules.grey) parts.push("grey allowed");
  if (rules.retreats === false) parts.push("no press in retreats");
  if (rules.adjustments === false) parts.push("no press in adjustments");
  if (rules.gm_reads_all === false) parts.push("the GM does not read press between powers");
  if (rules.publish_at_end === false) parts.push("kept private after the end");
  return parts.join(" · ");
}

function conversationLabel(key) {
  if (key === "all") return "All powers";
  if (key === "anonymous") return "Anonymous";
  return key.split(",").join(", ");
}

export class PressPanel {
  // ctx: {gameId, token (null for the public), power (the reader's, or null), phaseName(code)}
  constructor(ctx) {
    this.ctx = ctx;
    this.key = ctx.token || "public";
    this.publicView = !ctx.token;
    this.messages = [];     // oldest first, as the server pages them
    this.lastId = 0;
    this.etag = null;       // for the query after=lastId, the one polled
    this.etagAfter = null;
    this.unread = {};
    this.page = null;       // the last answer's rules, may_write_to, closed, reader
    this.open = null;       // the conversation shown
    this.busy = null;
    this.again = false;
    this.stopped = false;
    this.composeKey = null;
    this.build();
  }

  stop() {
    this.stopped = true;
  }

  build() {
    this.rules = h("p", { class: "meta press-rules", id: "press-rules" });
    this.problem = h("p", { class: "error", id: "press-problem", role: "alert" });
    this.list = h("ul", { class: "press-conversations", id: "press-conversations", "aria-label": "Conversations" });
    this.thread = h("div", { class: "press-thread", id: "press-thread", "aria-live": "polite" });
    this.compose = h("div", { class: "press-compose-wrap" });
    this.root = h("section", { class: "panel press-panel", id: "press-panel", "aria-labelledby": "press-heading" },
      h("h2", { id: "press-heading" }, this.publicView ? "Press (published)" : "Press"),
      this.rules, this.problem,
      this.publicView ? null : this.list,
      this.thread,
      this.publicView ? null : this.compose);
  }

  // Fetches what is new since the last message seen. The query is after=lastId, revalidated
  // with its ETag, so a quiet game costs a 304; the unread counts, the rules and whom one may
  // write to come with every page, and the ETag changes when any of them does.
  async poll() {
    if (this.stopped) return;
    if (this.busy) { this.again = true; return this.busy; }
    this.busy = this.fetchNew().finally(() => { this.busy = null; });
    await this.busy;
    if (this.again && !this.stopped) { this.again = false; await this.poll(); }
  }

  async fetchNew() {
    const { gameId, token } = this.ctx;
    let changed = false;
    try {
      for (let pages = 0; pages < 50; pages++) {
        const after = this.lastId;
        const etag = this.etagAfter === after ? this.etag : null;
        const answer = await api.pressPage(gameId, { after, token, etag });
        if (this.stopped) return;
        if (answer.notModified) break;
        changed = true;
        const data = answer.data;
        this.page = data;
        this.unread = data.unread || {};
        for (const m of data.messages) {
          if (m.id > this.lastId) { this.messages.push(m); this.lastId = m.id; }
        }
        this.etag = answer.etag;
        this.etagAfter = after;
        if (!data.links?.next || this.lastId === after) break;
      }
      this.problem.textContent = "";
    } catch (e) {
      if (this.stopped) return;
      this.problem.textContent = "Press could not be loaded: " + e.message;
      return;
    }
    if (changed) this.render();
    // New messages in the conversation on screen are read: they are being shown.
    if (this.open && this.unread[this.open] && document.visibilityState !== "hidden") await this.markRead(this.open);
  }

  conversations() {
    // Most recent first; a conversation with nothing but an unread count still appears.
    const latest = new Map();
    for (const m of this.messages) latest.set(m.conversation, m.id);
    for (const key of Object.keys(this.unread)) if (!latest.has(key)) latest.set(key, Infinity);
    return [...latest.entries()].sort((a, b) => b[1] - a[1]).map(([key]) => key);
  }

  render() {
    const page = this.page;
    this.rules.textContent = page ? "Rules: " + rulesLine(page.rules) : "";
    if (this.publicView) {
      this.thread.replaceChildren(this.messages.length
        ? this.messageList(this.messages, true)
        : h("p", {}, "No press was sent in this game."));
      return;
    }
    this.renderList();
    this.renderThread();
    this.renderCompose();
  }

  renderList() {
    const hadFocus = this.list.contains(document.activeElement) ? document.activeElement.dataset.conversation : null;
    const keys = this.conversations();
    this.list.replaceChildren(...keys.map((key) => {
      const count = this.unread[key] || 0;
      return h("li", {}, h("button", {
        type: "button", class: "press-conversation", "data-conversation": key,
        "aria-pressed": String(key === this.open),
        onclick: () => this.show(key),
      }, conversationLabel(key),
      count ? h("span", { class: "unread-count" }, String(count), h("span", { class: "visually-hidden" }, " unread")) : null));
    }));
    if (!keys.length) this.list.replaceChildren(h("li", { class: "meta" }, "No messages yet."));
    if (hadFocus) this.list.querySelector(`[data-conversation="${CSS.escape(hadFocus)}"]`)?.focus();
  }

  renderThread() {
    if (!this.open) {
      // replaceChildren(null) would show the text "null": an empty list clears the thread.
      this.thread.replaceChildren(...(this.messages.length ? [h("p", { class: "hint" }, "Choose a conversation to read it.")] : []));
      return;
    }
    const shown = this.messages.filter((m) => m.conversation === this.open);
    this.thread.replaceChildren(
      h("h3", { id: "press-thread-heading" }, conversationLabel(this.open)),
      shown.length ? this.messageList(shown, false) : h("p", {}, "No messages yet."));
  }

  // Each message: who, to whom (in the published list, where there are no conversations, or
  // when a conversation has several parties), the phase and the time, then the text.
  messageList(messages, withRecipients) {
    const me = this.page?.reader;
    const sender = (m) => m.from === "anonymous" ? "Anonymous"
      : m.from === me ? `${m.from} (you${m.anonymous ? ", sent anonymously" : ""})`
      : m.from + (m.anonymous ? " (sent anonymously)" : "");
    const recipients = (m) => m.to === "all" ? "all powers" : m.to.join(", ");
    return h("ol", { class: "press-messages", id: "press-messages" }, messages.map((m) => h("li", {
      class: "press-message" + (m.unread ? " unread" : ""), "data-id": m.id,
    },
      h("p", { class: "press-meta" },
        h("strong", { class: "press-from" }, sender(m)),
        withRecipients || m.to === "all" || m.to.length > 1 ? ` to ${recipients(m)}` : null,
        ` · ${this.ctx.phaseName(m.phase)} · `,
        h("time", { datetime: new Date(m.sent_at * 1000).toISOString() }, formatTime(m.sent_at))),
      h("p", { class: "press-text" }, m.text))));
  }

  async show(key) {
    this.open = key;
    this.renderList();
    this.renderThread();
    this.presetRecipients(key);
    if (this.unread[key]) await this.markRead(key);
  }

  // Marks the conversation read up to its last message. The count goes at once; the next
  // answer (whose ETag the new read mark changes) confirms it.
  async markRead(key) {
    const last = this.messages.filter((m) => m.conversation === key).at(-1);
    if (!last) return;
    try {
      await api.markPressRead(this.ctx.gameId, last.id, key, this.ctx.token);
      if (this.stopped) return;
      delete this.unread[key];
      for (const m of this.messages) if (m.conversation === key && m.id <= last.id) m.unread = false;
      this.renderList();
      this.poll();
    } catch (e) {
      this.problem.textContent = "Could not mark the messages read: " + e.message;
    }
  }

  // The compose form is rebuilt only when whom one may write to changes, keeping what was typed.
  renderCompose() {
    const page = this.page;
    if (!page) return;
    const grey = !!page.rules?.grey && page.reader !== "GM";
    const key = JSON.stringify([page.may_write_to, page.closed, grey]);
    if (key === this.composeKey) return;
    this.composeKey = key;
    const typed = this.text?.value || "";
    const checked = new Set(this.boxes ? this.boxes.filter((b) => b.checked).map((b) => b.value) : []);
    if (page.closed) {
      this.boxes = null;
      this.text = null;
      this.compose.replaceChildren(h("p", { class: "press-closed", id: "press-closed" }, `No press can be sent now: ${page.closed}.`));
      return;
    }
    this.boxes = page.may_write_to.map((to) => h("input", {
      type: "checkbox", id: "press-to-" + to, value: to, checked: checked.has(to),
      onchange: () => this.syncBoxes(),
    }));
    this.anonymous = grey ? h("input", { type: "checkbox", id: "press-anonymous" }) : null;
    this.text = h("textarea", { id: "press-text", rows: 4, maxlength: 8000, value: typed });
    this.text.value = typed;
    this.error = h("p", { class: "error", id: "press-error", role: "alert" });
    this.send = h("button", { type: "submit", class: "primary", id: "press-send" }, "Send");
    this.compose.replaceChildren(h("form", {
      id: "press-compose", "aria-labelledby": "press-compose-heading",
      onsubmit: (e) => { e.preventDefault(); this.submit(); },
    },
      h("h3", { id: "press-compose-heading" }, "Write"),
      h("fieldset", { class: "press-recipients" },
        h("legend", {}, "To"),
        this.boxes.map((box) => h("label", { class: "check", for: box.id }, box, " ", box.value === "all" ? "All powers" : box.value))),
      this.anonymous ? h("div", { class: "block" }, h("label", { class: "check", for: "press-anonymous" }, this.anonymous, " Send anonymously (grey press)")) : null,
      h("label", { for: "press-text", class: "block" }, "Message"),
      this.text, this.error,
      h("div", { class: "row" }, this.send)));
    this.syncBoxes();
  }

  // "All powers" is a broadcast, which the API takes instead of a list: while it is ticked the
  // single recipients are off.
  syncBoxes() {
    const all = this.boxes?.find((b) => b.value === "all");
    for (const box of this.boxes || []) if (box !== all) box.disabled = !!all?.checked;
  }

  // Opening a conversation addresses the reply to its parties, where one may write to them.
  presetRecipients(key) {
    if (!this.boxes || key === "anonymous") return;
    const parties = new Set(key === "all" ? ["all"] : key.split(","));
    for (const box of this.boxes) box.checked = parties.has(box.value);
    this.syncBoxes();
  }

  async submit() {
    if (!this.text || this.send.disabled) return;
    const chosen = this.boxes.filter((b) => b.checked && !b.disabled).map((b) => b.value);
    const message = {
      to: chosen.includes("all") ? "all" : chosen,
      text: this.text.value,
      anonymous: !!this.anonymous?.checked,
    };
    if (!chosen.length) { this.error.textContent = "Choose whom to write to."; return; }
    if (!message.text.trim()) { this.error.textContent = "Write a message first."; return; }
    this.send.disabled = true;
    this.error.textContent = "";
    try {
      const sent = await api.sendPress(this.ctx.gameId, message, this.ctx.token);
      if (this.stopped) return;
      this.text.value = "";
      if (this.anonymous) this.anonymous.checked = false;
      this.open = sent.conversation;
      await this.poll();
      this.renderList();
      this.renderThread();
      this.error.textContent = "";
    } catch (e) {
      // The server's reason, in the form: "this game has no press during adjustments", ...
      this.error.textContent = e.message;
    } finally {
      this.send.disabled = false;
    }
  }
}
