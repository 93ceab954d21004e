// SPDX-License-Identifier: Apache-2.0
// Writes a pixel multipolygon as a compact SVG path: absolute first point, then relative
// steps, every coordinate rounded to 0.1 px. Rounding is done on absolute positions (each step
// is the difference of two rounded points) so errors do not add up along a ring.

const round = (v) => Math.round(v * 10);
const num = (tenths) => {
  const s = (tenths / 10).toString();
  return s.startsWith("0.") ? s.slice(1) : s.startsWith("-0.") ? "-" + s.slice(2) : s;
};
// Joins numbers the way SVG allows: a minus sign or a leading dot separates on its own.
function join(values) {
  let out = "";
  for (const v of values) {
    if (out && !v.startsWith("-") && !(v.startsWith(".") && /\.\d*$/.test(out))) out += " ";
    out += v;
  }
  return out;
}

// Drops rings smaller than `minArea` square px (specks of land that would only add bytes).
export function toPath(multipolygon, minArea = 0) {
  let d = "";
  for (const polygon of multipolygon)
    for (const ring of polygon) {
      if (Math.abs(area(ring)) < minArea) continue;
      const pts = [];
      for (const [x, y] of ring) {
        const p = [round(x), round(y)];
        const last = pts[pts.length - 1];
        if (!last || last[0] !== p[0] || last[1] !== p[1]) pts.push(p);
      }
      if (pts.length > 1 && pts[0][0] === pts[pts.length - 1][0] && pts[0][1] === pts[pts.length - 1][1]) pts.pop();
      if (pts.length < 3) continue;
      const steps = [];
      for (let i = 1; i < pts.length; i++) steps.push(num(pts[i][0] - pts[i - 1][0]), num(pts[i][1] - pts[i - 1][1]));
      d += "M" + join([num(pts[0][0]), num(pts[0][1])]) + "l" + join(steps) + "z";
    }
  return d;
}

export function area(ring) {
  let a = 0;
  for (let i = 0, n = ring.length; i < n; i++) {
    const [x0, y0] = ring[i], [x1, y1] = ring[(i + 1) % n];
    a += x0 * y1 - x1 * y0;
  }
  return a / 2;
}
