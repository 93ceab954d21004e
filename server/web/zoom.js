// SPDX-License-Identifier: Apache-2.0
// Zoom and pan of the map by its viewBox: the + / − / reset buttons, the mouse wheel at the
// cursor, a drag (mouse or one finger once zoomed in) and a two-finger pinch. The view lives in
// the page's memo, so a redraw (a click, a poll) keeps it. Zooming the viewBox rather than
// scaling the element keeps labels and strokes sharp and clicks on units where they are drawn.

import { h } from "./dom.js";

const MAX_SCALE = 8;
const DRAG_PX = 6;  // a pointer that moves less is a click, not a drag
const HIT_PX = 22;  // the radius of a unit's or target's tap area on screen
const MIN_PX = 900;  // on a narrower screen the map opens on the player's own units
const FOCUS_PPU = 1.25;  // screen pixels per map unit of that first view: units 22 px across

export class MapZoom {
  constructor(memo) {
    this.memo = memo;
    memo.zoom ||= { scale: 1, x: 0, y: 0 };
    this.pointers = new Map();
  }

  get view() {
    return this.memo.zoom;
  }

  // Called after every drawMap (which resets the viewBox to the whole canvas).
  apply() {
    if (!this.svg) return;
    const z = this.view;
    const w = this.width / z.scale, hgt = this.height / z.scale;
    z.x = Math.min(Math.max(z.x, 0), this.width - w);
    z.y = Math.min(Math.max(z.y, 0), this.height - hgt);
    this.svg.setAttribute("viewBox", `${z.x.toFixed(1)} ${z.y.toFixed(1)} ${w.toFixed(1)} ${hgt.toFixed(1)}`);
    // Zoomed in, one finger pans the map; at full size it scrolls the page as usual.
    this.svg.classList.toggle("zoomed", z.scale > 1);
    this.sizeHits();
  }

  // Every unit and target carries an invisible hit circle (map.js, `.hit`) whose radius is
  // HIT_PX screen pixels at the current zoom, so each is at least 44 by 44 CSS pixels to tap
  // however small the map is drawn.
  sizeHits() {
    if (!this.svg.clientWidth) return;
    const r = (HIT_PX * this.unitsPerPx()).toFixed(1);
    for (const hit of this.svg.querySelectorAll(".hit")) hit.setAttribute("r", r);
  }

  // The first view of the map on a screen narrower than MIN_PX (a phone, a tablet held
  // upright: the one-column layout of style.css), the
  // box {x0, y0, x1, y1} (the player's own units) with a margin, at FOCUS_PPU screen pixels
  // per map unit or less when the box needs it, so the map opens on the player's own units at
  // a size to read and tap. Once the reader has zoomed, or on a wide screen, the view is left
  // as it is.
  focusOn(box) {
    const px = this.svg.clientWidth;
    if (this.memo.zoomFocused || !box || !px) return;
    this.memo.zoomFocused = true;
    if (window.innerWidth >= MIN_PX) return;
    const margin = 60;
    const w = Math.max(box.x1 - box.x0 + 2 * margin, (box.y1 - box.y0 + 2 * margin) * this.width / this.height, px / FOCUS_PPU);
    const scale = Math.min(MAX_SCALE, Math.max(1, this.width / w));
    const cx = (box.x0 + box.x1) / 2, cy = (box.y0 + box.y1) / 2;
    Object.assign(this.view, { scale, x: cx - this.width / scale / 2, y: cy - this.height / scale / 2 });
    this.apply();
  }

  // Zooms by `factor` keeping the map point (mx, my) where it is on screen.
  zoomAt(factor, mx, my) {
    const z = this.view;
    const scale = Math.min(MAX_SCALE, Math.max(1, z.scale * factor));
    const k = z.scale / scale;
    z.x = mx - (mx - z.x) * k;
    z.y = my - (my - z.y) * k;
    z.scale = scale;
    this.apply();
  }

  zoomCentre(factor) {
    const z = this.view;
    this.zoomAt(factor, z.x + this.width / z.scale / 2, z.y + this.height / z.scale / 2);
  }

  toMap(clientX, clientY) {
    const m = this.svg.getScreenCTM();
    if (!m) return { x: 0, y: 0 };
    const p = new DOMPoint(clientX, clientY).matrixTransform(m.inverse());
    return { x: p.x, y: p.y };
  }

  // Map units per screen pixel at the current zoom.
  unitsPerPx() {
    return this.width / this.view.scale / (this.svg.clientWidth || this.width);
  }

  attach(svg, width, height) {
    this.svg = svg;
    this.width = width;
    this.height = height;
    svg.addEventListener("wheel", (e) => {
      // Zooming out at full size does nothing, so the page scrolls on instead.
      if (e.deltaY > 0 && this.view.scale <= 1) return;
      e.preventDefault();
      const p = this.toMap(e.clientX, e.clientY);
      this.zoomAt(e.deltaY < 0 ? 1.25 : 0.8, p.x, p.y);
    }, { passive: false });
    svg.addEventListener("pointerdown", (e) => {
      this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY, x0: e.clientX, y0: e.clientY });
      this.dragged = false;
    });
    svg.addEventListener("pointermove", (e) => this.move(e));
    const up = (e) => {
      this.pointers.delete(e.pointerId);
      this.pinch = null;
    };
    svg.addEventListener("pointerup", up);
    svg.addEventListener("pointercancel", up);
    // The click that ends a drag is not a click on whatever is under the pointer.
    svg.addEventListener("click", (e) => {
      if (this.dragged) { e.stopPropagation(); e.preventDefault(); this.dragged = false; }
    }, true);
    this.apply();
  }

  move(e) {
    const p = this.pointers.get(e.pointerId);
    if (!p) return;
    const prev = { x: p.x, y: p.y };
    p.x = e.clientX;
    p.y = e.clientY;
    if (this.pointers.size >= 2) {
      const [a, b] = [...this.pointers.values()];
      const dist = Math.hypot(a.x - b.x, a.y - b.y);
      if (this.pinch) {
        const mid = this.toMap((a.x + b.x) / 2, (a.y + b.y) / 2);
        this.zoomAt(dist / this.pinch, mid.x, mid.y);
      }
      this.pinch = dist || null;
      this.dragged = true;
      return;
    }
    if (!this.dragged && Math.hypot(p.x - p.x0, p.y - p.y0) < DRAG_PX) return;
    if (this.view.scale <= 1) return;
    this.dragged = true;
    const k = this.unitsPerPx();
    this.view.x -= (p.x - prev.x) * k;
    this.view.y -= (p.y - prev.y) * k;
    this.apply();
  }

  controls() {
    const button = (id, label, text, onclick) => h("button", { type: "button", id, "aria-label": label, onclick }, text);
    return h("div", { class: "map-zoom row", role: "group", "aria-label": "Zoom" },
      button("zoom-in", "Zoom in", "+", () => this.zoomCentre(1.5)),
      button("zoom-out", "Zoom out", "−", () => this.zoomCentre(1 / 1.5)),
      button("zoom-reset", "Show the whole map", "Whole map", () => { Object.assign(this.view, { scale: 1, x: 0, y: 0 }); this.apply(); }),
      h("span", { class: "hint zoom-hint" }, "Wheel or pinch to zoom, drag to pan."));
  }
}
