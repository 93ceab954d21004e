// SPDX-License-Identifier: Apache-2.0
// Province shapes for maps that have only points. Each province gets the part of the canvas
// nearer to its draw point than to any other (a Voronoi cell, built by clipping the canvas
// rectangle with the perpendicular bisector towards every other point). The cells are only a
// reading aid, not geography: adjacency still comes from the variant, and the dots, labels and
// units stay where the variant puts them.

// Keeps the part of `polygon` on a's side of the bisector between a and b.
function clip(polygon, a, b) {
  const nx = b.x - a.x, ny = b.y - a.y;
  const c = (b.x * b.x + b.y * b.y - a.x * a.x - a.y * a.y) / 2;
  const inside = (p) => p.x * nx + p.y * ny <= c;
  const out = [];
  for (let i = 0; i < polygon.length; i++) {
    const p = polygon[i], q = polygon[(i + 1) % polygon.length];
    const pin = inside(p), qin = inside(q);
    if (pin) out.push(p);
    if (pin !== qin) {
      const t = (c - (p.x * nx + p.y * ny)) / ((q.x - p.x) * nx + (q.y - p.y) * ny);
      out.push({ x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t });
    }
  }
  return out;
}

// [{abbr, points: [{x, y}]}] for every province, clipped to the width x height canvas.
export function provinceCells(provinces, width, height) {
  const list = [...provinces];
  return list.map((p) => {
    let cell = [{ x: 0, y: 0 }, { x: width, y: 0 }, { x: width, y: height }, { x: 0, y: height }];
    for (const other of list) {
      if (other === p || (other.x === p.x && other.y === p.y)) continue;
      cell = clip(cell, p, other);
      if (cell.length === 0) break;
    }
    return { abbr: p.abbr, points: cell };
  });
}
