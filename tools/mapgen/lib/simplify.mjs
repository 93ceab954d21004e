// SPDX-License-Identifier: Apache-2.0
// Douglas-Peucker on the arcs of a TopoJSON topology. Simplifying arcs rather than polygons
// keeps a border that two countries share identical on both sides (no slivers, no gaps), and
// measuring in projected pixels makes the tolerance mean the same everywhere on the map.

import { feature } from "topojson-client";

// Indices of the points of `points` ([x, y] pixels) that Douglas-Peucker keeps.
function keep(points, tolerance) {
  const n = points.length;
  const kept = new Uint8Array(n);
  kept[0] = kept[n - 1] = 1;
  const stack = [[0, n - 1]];
  const t2 = tolerance * tolerance;
  while (stack.length) {
    const [a, b] = stack.pop();
    const [ax, ay] = points[a], [bx, by] = points[b];
    const dx = bx - ax, dy = by - ay, len2 = dx * dx + dy * dy;
    let worst = -1, far = t2;
    for (let i = a + 1; i < b; i++) {
      const [px, py] = points[i];
      let d2;
      if (len2 === 0) d2 = (px - ax) ** 2 + (py - ay) ** 2;
      else {
        const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len2));
        d2 = (px - ax - t * dx) ** 2 + (py - ay - t * dy) ** 2;
      }
      if (d2 > far) [worst, far] = [i, d2];
    }
    if (worst >= 0) {
      kept[worst] = 1;
      stack.push([a, worst], [worst, b]);
    }
  }
  return kept;
}

// A copy of `topology` with absolute lon/lat arcs, each simplified to `tolerance` pixels under
// `projection`. A closed arc (an island) keeps at least four points so it stays a ring.
export function simplifyTopology(topology, projection, tolerance) {
  // Decoding through topojson-client's feature() of a LineString per arc undoes the quantisation.
  const arcs = topology.arcs.map((_, i) =>
    feature(topology, { type: "LineString", arcs: [i] }).geometry.coordinates);
  const simplified = arcs.map((arc) => {
    const px = arc.map((p) => projection(p) || [0, 0]);
    const kept = keep(px, tolerance);
    let out = arc.filter((_, i) => kept[i]);
    if (out.length < 4 && arc.length >= 4) out = [arc[0], arc[Math.floor(arc.length / 3)], arc[Math.floor(2 * arc.length / 3)], arc[arc.length - 1]];
    return out;
  });
  return { type: "Topology", objects: topology.objects, arcs: simplified };
}
