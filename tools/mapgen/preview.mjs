// SPDX-License-Identifier: Apache-2.0
// Writes an SVG of a generated map (province shapes in arbitrary colours, names, coast points) so
// that a developer tuning a places file can look at the result without a server: node tools/mapgen/preview.mjs standard out.svg
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadGeo } from "../../tests/mapgen/load_geo.mjs";
const here = dirname(fileURLToPath(import.meta.url));
// Optional x y w h after the file name: draw only that part of the map, larger.
const [name, outFile, ...crop] = process.argv.slice(2);
const geo = await loadGeo(join(here, "..", "..", "server", "web", `geo-${name}.js`));
const variant = JSON.parse(readFileSync(join(here, "..", "..", "config", "variants", name + ".json"), "utf8"));
const type = new Map(variant.provinces.map((p) => [p.abbr, p.type]));
const hue = (s) => [...s].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 360, 7);
let svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${(crop.length ? crop : geo.viewBox).join(" ")}" width="1300" height="${Math.round(1300 * (crop.length ? crop[3] / crop[2] : geo.viewBox[3] / geo.viewBox[2]))}"><rect width="100%" height="100%" fill="#fff"/>`;
svg += `<path d="${geo.land}" fill="#999"/><path d="${geo.water}" fill="#9cf"/>`;
for (const [abbr, p] of Object.entries(geo.provinces)) {
  const t = type.get(abbr);
  const fill = t === "sea" ? `hsl(${hue(abbr)},50%,75%)` : t === "impassable" ? "#555" : `hsl(${hue(abbr)},55%,60%)`;
  svg += `<path d="${p.d}" fill="${fill}" stroke="#000" stroke-width="0.4"/>`;
}
for (const [abbr, p] of Object.entries(geo.provinces)) {
  svg += `<circle cx="${p.x}" cy="${p.y}" r="2"/><text x="${p.x}" y="${p.y - 4}" font-size="${crop.length ? 4 : 9}" text-anchor="middle" font-family="sans-serif">${abbr}</text>`;
  for (const [c, [x, y]] of Object.entries(p.coasts || {})) svg += `<circle cx="${x}" cy="${y}" r="2" fill="red"/><text x="${x}" y="${y - 3}" font-size="6" fill="red">${c}</text>`;
}
writeFileSync(outFile, svg + "</svg>");
