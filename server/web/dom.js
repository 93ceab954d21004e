// SPDX-License-Identifier: Apache-2.0
// A tiny DOM builder and the status line, shared by the other modules.

// h("button", {onclick, "aria-label": "..."}, "text", child...): attributes starting with "on"
// become listeners; false/null attributes and children are skipped.
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === false || v === null || v === undefined) continue;
    if (k.startsWith("on") && typeof v === "function") node.addEventListener(k.slice(2), v);
    else if (k === "class") node.className = v;
    else if (k === "value") node.value = v;
    else if (k === "checked") node.checked = !!v;
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

let statusTimer = null;

// Shows a short message in the live region (read out by screen readers).
export function say(message, kind = "info") {
  const status = document.getElementById("status");
  if (!status) return;
  status.textContent = message;
  status.className = "status " + kind;
  clearTimeout(statusTimer);
  statusTimer = setTimeout(() => { status.textContent = ""; status.className = "status"; }, 6000);
}

export function formatTime(seconds) {
  if (seconds === null || seconds === undefined) return "none";
  return new Date(seconds * 1000).toLocaleString();
}

export function formatRemaining(deadline) {
  if (!deadline) return "";
  let s = Math.round(deadline - Date.now() / 1000);
  if (s <= 0) return "overdue";
  const d = Math.floor(s / 86400); s -= d * 86400;
  const hh = Math.floor(s / 3600); s -= hh * 3600;
  const m = Math.floor(s / 60);
  return (d ? d + "d " : "") + (d || hh ? hh + "h " : "") + m + "m left";
}


// One result of a resolved phase (an entry of results.orders) as the results list and the order
// history show it: the order and its outcome; with its explanation (docs/adjudication.md,
// "Explanations") a tap on the line opens the sentence under it.
export function resultLine(r) {
  const line = [h("code", {}, r.order || r.input),
    ` — ${r.result}${r.reason ? " (" + r.reason + ")" : ""}${r.default ? " (default)" : ""}`];
  const why = r.explanation?.text;
  if (!why) return line;
  return [h("details", { class: "why", "data-order": r.order },
    h("summary", {}, ...line), h("p", { class: "why-text" }, why))];
}
