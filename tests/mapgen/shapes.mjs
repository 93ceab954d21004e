// SPDX-License-Identifier: Apache-2.0
// Reads a generated map (server/web/geo-<variant>.js) without any npm package: parses its SVG
// paths, rasterises every province into one label image and counts, for every pair of provinces,
// the pixels where they meet. Rasterising sidesteps floating-point questions about whether two
// clipped borders "really" coincide: two shapes touch when they share a border at least a few
// pixels long, and a corner or a rounding speck does not count.

// "M x y l dx dy ... z" (absolute start, relative steps) -> [[x, y], ...] per ring.
export function parsePath(d) {
  const rings = [];
  const re = /([MLZmlz])|(-?(?:\d+\.?\d*|\.\d+))/g;
  let cmd = null, nums = [], ring = null, x = 0, y = 0;
  const flush = () => {
    for (let i = 0; i + 1 < nums.length; i += 2) {
      if (cmd === "M" || cmd === "L" || (cmd === "m" && i === 0 && !ring)) { x = nums[i]; y = nums[i + 1]; }
      else { x += nums[i]; y += nums[i + 1]; }
      if ((cmd === "M" || cmd === "m") && i === 0) { ring = []; rings.push(ring); }
      ring.push([x, y]);
    }
    nums = [];
  };
  for (const m of d.matchAll(re)) {
    if (m[1]) {
      flush();
      cmd = m[1];
      if (cmd === "z" || cmd === "Z") { if (ring) { x = ring[0][0]; y = ring[0][1]; } ring = null; }
    } else nums.push(parseFloat(m[2]));
  }
  flush();
  return rings;
}

// Even-odd scanline fill of `rings` into `labels` (Int16Array, width*height at `scale` px per
// map px) with `id`; returns how many pixels already belonged to another label (an overlap).
function fill(labels, width, height, scale, rings, id) {
  let overlaps = 0;
  const edges = [];
  for (const r of rings)
    for (let i = 0; i < r.length; i++) {
      const a = r[i], b = r[(i + 1) % r.length];
      if (a[1] !== b[1]) edges.push([a[0] * scale, a[1] * scale, b[0] * scale, b[1] * scale]);
    }
  for (let row = 0; row < height; row++) {
    const sy = row + 0.5;
    const xs = [];
    for (const [x0, y0, x1, y1] of edges)
      if ((y0 <= sy) !== (y1 <= sy)) xs.push(x0 + (sy - y0) * (x1 - x0) / (y1 - y0));
    xs.sort((p, q) => p - q);
    for (let k = 0; k + 1 < xs.length; k += 2) {
      const from = Math.max(0, Math.ceil(xs[k] - 0.5)), to = Math.min(width - 1, Math.floor(xs[k + 1] - 0.5));
      for (let col = from; col <= to; col++) {
        const at = row * width + col;
        if (labels[at] >= 0 && labels[at] !== id) overlaps++;
        labels[at] = id;
      }
    }
  }
  return overlaps;
}

// {names, contacts: Map "A|B" -> shared border in map px, overlaps: Map name -> px, empty: [names]}
export function contacts(geo, scale = 2) {
  const [, , w, h] = geo.viewBox;
  const width = Math.ceil(w * scale), height = Math.ceil(h * scale);
  const labels = new Int16Array(width * height).fill(-1);
  const names = Object.keys(geo.provinces);
  const overlaps = new Map(), empty = [];
  names.forEach((abbr, id) => {
    const rings = parsePath(geo.provinces[abbr].d);
    if (rings.length === 0) empty.push(abbr);
    const o = fill(labels, width, height, scale, rings, id);
    if (o) overlaps.set(abbr, o / (scale * scale));
  });
  const count = new Map(), where = new Map();
  const meet = (a, b, col, row) => {
    if (a < 0 || b < 0 || a === b) return;
    // Keyed by name, as adjacency() is: the ids follow the map file's order, not the alphabet.
    const key = names[a] < names[b] ? names[a] + "|" + names[b] : names[b] + "|" + names[a];
    count.set(key, (count.get(key) || 0) + 1);
    if (!where.has(key)) where.set(key, [Math.round(col / scale), Math.round(row / scale)]);
  };
  for (let row = 0; row < height; row++)
    for (let col = 0; col < width; col++) {
      const here = labels[row * width + col];
      if (col + 1 < width) meet(here, labels[row * width + col + 1], col, row);
      if (row + 1 < height) meet(here, labels[(row + 1) * width + col], col, row);
    }
  const result = new Map();
  for (const [key, n] of count) result.set(key, n / scale);
  return { names, contacts: result, where, overlaps, empty };
}

// The variant's adjacency as "A|B" keys (armies, fleets and split coasts alike).
export function adjacency(variant) {
  const out = new Set();
  const add = (a, b) => { a = a.split("/")[0]; b = b.split("/")[0]; if (a !== b) out.add(a < b ? a + "|" + b : b + "|" + a); };
  for (const p of variant.provinces) {
    for (const n of p.army || []) add(p.abbr, n);
    for (const n of p.fleet || []) add(p.abbr, n);
    for (const c of p.coasts || []) for (const n of c.fleet || []) add(p.abbr, n);
  }
  return out;
}

// Pairs that touch (border >= minBorder px) but are not adjacent, and adjacent pairs that do not
// touch, leaving out impassable provinces (they border anything) and the documented exceptions.
export function mismatches(geo, variant, { minBorder = 2, exceptions = [] } = {}) {
  const { contacts: touching, where, overlaps, empty } = contacts(geo);
  const adjacent = adjacency(variant);
  const impassable = new Set(variant.provinces.filter((p) => p.type === "impassable").map((p) => p.abbr));
  const skip = new Set(exceptions.map((pair) => [...pair].sort().join("|")));
  const free = (key) => key.split("|").some((a) => impassable.has(a)) || skip.has(key);
  const touchNotAdjacent = [...touching].filter(([k, len]) => len >= minBorder && !adjacent.has(k) && !free(k))
    .map(([k, len]) => `${k} (${len.toFixed(1)} px at ${where.get(k)})`);
  const adjacentNotTouching = [...adjacent].filter((k) => !((touching.get(k) || 0) >= minBorder) && !free(k))
    .map((k) => `${k} (${(touching.get(k) || 0).toFixed(1)} px)`);
  return { touchNotAdjacent, adjacentNotTouching, overlaps, empty };
}
