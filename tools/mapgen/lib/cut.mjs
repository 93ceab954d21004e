// SPDX-License-Identifier: Apache-2.0
// Cuts an area (land or sea, pixel multipolygon) among provinces by their seed points: each
// seed owns its Voronoi cell, a province the union of its seeds' cells. Several seeds per
// province make a power-diagram-like partition whose borders can be steered to follow the
// game's adjacency without drawing any border by hand.

import { Delaunay } from "d3-delaunay";
import polygonClipping from "polygon-clipping";

function ringArea(ring) {
  let a = 0;
  for (let i = 0; i + 1 < ring.length; i++) a += ring[i][0] * ring[i + 1][1] - ring[i + 1][0] * ring[i][1];
  return Math.abs(a / 2);
}

// seeds: [{owner, x, y}]; returns Map owner -> multipolygon (cells intersected with `area`).
// Pieces of `area` smaller than `whole` px² (islands) go whole to the seed nearest their first
// point rather than being cut: a border through a speck of an island would make two provinces
// touch there that the game keeps apart.
export function cutBySeeds(area, seeds, width, height, whole = 0) {
  const out = new Map();
  if (seeds.length === 0 || area.length === 0) return out;
  const small = area.filter((polygon) => ringArea(polygon[0]) < whole);
  area = area.filter((polygon) => ringArea(polygon[0]) >= whole);
  for (const polygon of small) {
    const [x, y] = polygon[0][0];
    let best = null, d = Infinity;
    for (const s of seeds) {
      const e = (s.x - x) ** 2 + (s.y - y) ** 2;
      if (e < d) [best, d] = [s, e];
    }
    if (!out.has(best.owner)) out.set(best.owner, []);
    out.get(best.owner).push(polygon);
  }
  const voronoi = Delaunay.from(seeds, (s) => s.x, (s) => s.y).voronoi([-1, -1, width + 1, height + 1]);
  const cells = new Map();
  seeds.forEach((s, i) => {
    const cell = voronoi.cellPolygon(i);
    if (!cell) return;
    if (!cells.has(s.owner)) cells.set(s.owner, []);
    cells.get(s.owner).push([cell]);
  });
  for (const [owner, list] of cells) {
    const union = polygonClipping.union(...list);
    const part = area.length ? polygonClipping.intersection(union, area) : [];
    if (part.length) out.set(owner, [...(out.get(owner) || []), ...part]);
  }
  return out;
}
