// SPDX-License-Identifier: Apache-2.0
// The phase animation (docs/web.md, "Phase animation"): on the map of a resolved phase, as the
// history draws it, the units slide from where they stood to where their orders took them; a
// unit dislodged is pushed aside to where the map draws dislodged units, with their dashed red
// outline; in a retreat phase a retreating unit slides on to its new province; a disbanded one
// fades.
//
// It reads nothing of its own: only the phase document the history has already drawn (the
// reader's view of it in the fog of war, fetched with the tab's token), so it moves only the
// units that document shows, by the orders it lists.

import { orderShape, point } from "./map.js";

export const SLIDE_MS = 1200;

// The centre of a unit's drawn body, in the map's coordinates.
function centre(unit) {
  const body = unit.querySelector(".unit-body");
  const box = (body || unit).getBBox();
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

// What moves in `phase` on `svg`: [{node, dx, dy, fade, dislodge}]. An order's unit is found
// where it is drawn, its coast written or not ("F STP/SC" or "F STP").
export function movesOf(svg, vi, phase) {
  const results = phase?.results || {};
  const retreat = Object.keys(phase?.position?.dislodged || {}).length > 0;
  const layer = retreat ? "#layer-dislodged" : "#layer-units";
  const unitAt = (loc) => svg.querySelector(`${layer} .unit[data-loc="${CSS.escape(loc)}"]`) ||
    svg.querySelector(`${layer} .unit[data-loc="${CSS.escape(loc.split("/")[0])}"]`) ||
    svg.querySelector(`${layer} .unit[data-loc^="${CSS.escape(loc.split("/")[0] + "/")}"]`);
  const moves = [];
  for (const o of results.orders || []) {
    if (o.result !== "succeeds" || !o.order) continue;
    const shape = orderShape(o.order);
    if (!shape) continue;
    const node = unitAt(shape.from);
    if (!node || node.dataset.power !== o.power) continue;
    if (shape.kind === "move" || shape.kind === "ride") {
      const to = point(vi, shape.to);
      if (!to) continue;
      const at = centre(node);
      moves.push({ node, dx: to.x - at.x, dy: to.y - at.y });
    } else if (shape.kind === "disband") {
      moves.push({ node, dx: 0, dy: 0, fade: true });
    }
  }
  // Units dislodged by this phase's moves are pushed aside, as the next phase draws them.
  for (const d of results.dislodged || []) {
    const loc = String(d.unit || "").split(" ")[1];
    const node = loc && svg.querySelector(`#layer-units .unit[data-loc="${CSS.escape(loc)}"]`);
    if (node && node.dataset.power === d.power) moves.push({ node, dx: 15, dy: 13, dislodge: true });
  }
  return moves;
}

// Plays the moves of `phase` over `ms`; resolves when done, or at once when `signal` aborts.
export function animatePhase(svg, vi, phase, { ms = SLIDE_MS, signal } = {}) {
  const moves = movesOf(svg, vi, phase);
  // The orders' arrows show what was ordered; while the units move they fade a little.
  svg.querySelector("#layer-orders")?.classList.add("animating");
  for (const m of moves) {
    m.node.classList.add("moving");
    if (m.dislodge) m.node.classList.add("dislodged");
  }
  const reduced = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
  const duration = reduced ? 1 : ms;
  return new Promise((resolve) => {
    const start = performance.now();
    const frame = (now) => {
      const t = Math.min(1, (now - start) / duration);
      const e = t < 0.5 ? 2 * t * t : 1 - Math.pow(-2 * t + 2, 2) / 2;  // ease in and out
      for (const m of moves) {
        if (m.fade) m.node.setAttribute("opacity", String(1 - e));
        else m.node.setAttribute("transform", `translate(${(m.dx * e).toFixed(2)} ${(m.dy * e).toFixed(2)})`);
      }
      if (signal?.aborted || t >= 1) {
        svg.querySelector("#layer-orders")?.classList.remove("animating");
        svg.dataset.animated = String(phase.seq);
        resolve(moves.length);
        return;
      }
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}
