#!/usr/bin/env node
// SPDX-License-Identifier: Apache-2.0
// Draws a variant's provinces on real geography (Natural Earth, public domain, via the
// world-atlas package) and writes server/web/geo-<variant>.js, which the web UI loads when it
// exists. Usage: node tools/mapgen/generate.mjs <variant> [--out FILE] (--out: write elsewhere,
// as the test that checks the committed file is up to date does). Inputs: config/variants/<variant>.json
// (the provinces and their types) and tools/mapgen/<variant>-places.json (where each province is
// on the Earth, the projection and the extent). docs/web.md explains the choices.

import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";
import * as d3 from "d3-geo";
import { feature, merge } from "topojson-client";
import polygonClipping from "polygon-clipping";
import { simplifyTopology } from "./lib/simplify.mjs";
import { projectToPixels } from "./lib/project.mjs";
import { cutBySeeds } from "./lib/cut.mjs";
import { toPath, area } from "./lib/svgpath.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");
const require = createRequire(import.meta.url);


const [name, flag, outArg] = process.argv.slice(2);
if (!name || (flag && (flag !== "--out" || !outArg))) {
  console.error("usage: generate.mjs <variant> [--out FILE]");
  process.exit(2);
}
const variant = JSON.parse(readFileSync(join(root, "config", "variants", name + ".json"), "utf8"));
const places = JSON.parse(readFileSync(join(here, name + "-places.json"), "utf8"));
// Natural Earth's scale: 1:50m by default; a small area (western-front-1914) needs 1:10m for
// its coast and borders to show their real course at the map's size.
const atlas = places.atlas || "50m";
const topology = require(`world-atlas/countries-${atlas}.json`);
const TOLERANCE = places.simplify?.tolerance ?? 0.45;  // px: Douglas-Peucker tolerance on the arcs
const MIN_AREA = places.simplify?.minArea ?? 1.5;      // px²: smaller rings (specks, slivers) are dropped
const ISLAND = places.simplify?.island ?? 80;          // px²: smaller islands go whole to one province (lib/cut.mjs)

const missing = variant.provinces.filter((p) => !places.provinces[p.abbr]).map((p) => p.abbr);
if (missing.length) throw new Error(`${name}-places.json has no place for ${missing.join(", ")}`);

// The projection: fitted so the `fit` points span `width` px; the height follows.
const cfg = places.projection;
const projection = d3["geo" + cfg.type[0].toUpperCase() + cfg.type.slice(1)]().precision(0);
if (cfg.rotate) projection.rotate(cfg.rotate);
if (cfg.parallels) projection.parallels(cfg.parallels);
const fit = { type: "MultiPoint", coordinates: cfg.fit };
projection.fitWidth(cfg.width, fit);
const [[x0, y0], [x1, y1]] = d3.geoPath(projection).bounds(fit);
projection.translate([projection.translate()[0] - x0, projection.translate()[1] - y0]);
const width = Math.round(x1 - x0), height = Math.round(y1 - y0);
projection.clipExtent([[0, 0], [width, height]]);
const rect = [[[0, 0], [width, 0], [width, height], [0, height], [0, 0]]];

// Only countries near the clip box take part: the rest of the world is never drawn.
const [cx0, cy0, cx1, cy1] = places.clip;
const near = (g) => {
  const [[a, b], [c, d]] = d3.geoBounds(feature(topology, g));
  return c >= cx0 && a <= cx1 && d >= cy0 && b <= cy1 || a > c;  // a > c: crosses the antimeridian
};
const simple = simplifyTopology(topology, projection, TOLERANCE);
// A speck of a country (the atolls of the British Indian Ocean Territory) can come out of the
// simplification with its ring turned round, which d3 reads as the whole sphere but the speck:
// such a country, whose simplified shape is far larger than its real one, is left out.
const extent = (mp) => mp.reduce((a, polygon) => a + Math.abs(area(polygon[0])), 0);
const countries = simple.objects.countries.geometries.filter(near).filter((g) => {
  const real = extent(projectToPixels(feature(topology, g), projection));
  const simplified = extent(projectToPixels(merge(simple, [g]), projection));
  if (simplified <= 2 * real + 100) return true;
  console.warn(`left out ${g.properties.name}: its simplified shape turns inside out`);
  return false;
});
const byName = new Map(countries.map((g) => [g.properties.name, g]));
const pixels = (geometries) => projectToPixels(merge(simple, geometries), projection);

const land = pixels(countries);
const seaAll = polygonClipping.difference(rect, land);

// Provinces made of whole countries (Switzerland, Portugal, ...), then sea claimed as land.
const regions = new Map();
const add = (abbr, mp) => regions.set(abbr, regions.has(abbr) ? polygonClipping.union(regions.get(abbr), mp) : mp);
let taken = [];
for (const [abbr, place] of Object.entries(places.provinces)) {
  if (!place.countries) continue;
  const list = place.countries.map((n) => {
    if (!byName.has(n)) throw new Error(`${abbr}: no country named ${n} in Natural Earth`);
    return byName.get(n);
  });
  const mp = pixels(list);
  add(abbr, mp);
  taken = taken.length ? polygonClipping.union(taken, mp) : mp;
}
let claimed = [];
for (const [abbr, place] of Object.entries(places.provinces))
  for (const ring of place.claims || []) {
    const mp = polygonClipping.intersection(projectToPixels({ type: "Polygon", coordinates: [ring] }, projection), seaAll);
    add(abbr, mp);
    claimed = claimed.length ? polygonClipping.union(claimed, mp) : mp;
  }
const landRest = taken.length ? polygonClipping.difference(land, taken) : land;
const sea = claimed.length ? polygonClipping.difference(seaAll, claimed) : seaAll;

// The rest of the land and the sea, cut among the seeds of the provinces of each kind.
const type = new Map(variant.provinces.map((p) => [p.abbr, p.type]));
const pt = ([lon, lat]) => projection([lon, lat]);
const landSeeds = [], seaSeeds = [];
for (const [abbr, place] of Object.entries(places.provinces)) {
  if (place.countries) continue;
  const list = type.get(abbr) === "sea" ? seaSeeds : landSeeds;
  for (const s of [place.at, ...(place.seeds || [])]) {
    const [x, y] = pt(s);
    list.push({ owner: abbr, x, y });
  }
}
for (const s of places.land || []) { const [x, y] = pt(s); landSeeds.push({ owner: "_land", x, y }); }
for (const s of places.water || []) { const [x, y] = pt(s); seaSeeds.push({ owner: "_water", x, y }); }
// Corners: where the game has several provinces meet at one point, on a real border (Maubeuge,
// Mézières and Givet facing Charleroi and Dinant) or inside a country (Toul, Bar-le-Duc, Troyes
// and Épinal), seeds on a small circle round that point, one per province at the bearing given
// (degrees clockwise from north), make every border between them end at the point, so that no
// two of them share a border the game does not have. `on` snaps the point onto the outline of a
// country, for a corner on its border: a corner off the border by a pixel would leave a sliver
// of border between two provinces that should only meet at the point.
const nearestOn = (mp, x, y) => {
  let best = [x, y], d = Infinity;
  for (const polygon of mp) for (const ring of polygon)
    for (let i = 0; i + 1 < ring.length; i++) {
      const [ax, ay] = ring[i], [bx, by] = ring[i + 1], dx = bx - ax, dy = by - ay, len2 = dx * dx + dy * dy;
      const t = len2 ? Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / len2)) : 0;
      const e = (ax + t * dx - x) ** 2 + (ay + t * dy - y) ** 2;
      if (e < d) [best, d] = [[ax + t * dx, ay + t * dy], e];
    }
  return best;
};
for (const c of places.corners || []) {
  let [px, py] = pt(c.at);
  if (c.on) [px, py] = nearestOn(pixels([byName.get(c.on)]), px, py);
  const r = c.r ?? 4;
  for (const [abbr, bearing] of Object.entries(c.seeds)) {
    const rad = bearing * Math.PI / 180;
    (type.get(abbr) === "sea" ? seaSeeds : landSeeds).push({ owner: abbr, x: px + r * Math.sin(rad), y: py - r * Math.cos(rad) });
  }
}
// Borders: the land of each country listed is cut only among the seeds that stand in it, so a
// province border that follows a real one (Belgium's with France) is the real one. A listed
// country with no seed in it is out of play. The rest of the land is cut among the other seeds.
const inside = (mp, x, y) => {
  let odd = false;
  for (const polygon of mp) for (const ring of polygon)
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i], [xj, yj] = ring[j];
      if ((yi > y) !== (yj > y) && x < xi + (y - yi) * (xj - xi) / (yj - yi)) odd = !odd;
    }
  return odd;
};
let landLeft = landRest, seedsLeft = landSeeds;
for (const n of places.borders || []) {
  if (!byName.has(n)) throw new Error(`borders: no country named ${n} in Natural Earth`);
  const area = polygonClipping.intersection(pixels([byName.get(n)]), landLeft);
  if (!area.length) continue;
  landLeft = polygonClipping.difference(landLeft, area);
  const mine = seedsLeft.filter((s) => inside(area, s.x, s.y));
  seedsLeft = seedsLeft.filter((s) => !mine.includes(s));
  if (!mine.length) add("_land", area);
  else for (const [owner, mp] of cutBySeeds(area, mine, width, height, ISLAND)) add(owner, mp);
}
for (const [owner, mp] of cutBySeeds(landLeft, seedsLeft, width, height, ISLAND)) add(owner, mp);
for (const [owner, mp] of cutBySeeds(sea, seaSeeds, width, height)) add(owner, mp);

const r1 = (v) => Math.round(v * 10) / 10;
const provinces = {};
for (const p of variant.provinces) {
  const place = places.provinces[p.abbr];
  const [x, y] = pt(place.at);
  const entry = { d: toPath(regions.get(p.abbr) || [], MIN_AREA), x: r1(x), y: r1(y) };
  if (place.coasts) entry.coasts = Object.fromEntries(Object.entries(place.coasts).map(([c, q]) => [c, pt(q).map(r1)]));
  // MAPGEN_LAX=1 writes the map anyway, so that a developer tuning the seeds can preview it.
  if (!entry.d && !process.env.MAPGEN_LAX) throw new Error(`${p.abbr} has no shape: its seeds fall outside the land or sea it belongs to`);
  provinces[p.abbr] = entry;
}
const out = {
  variant: name,
  source: `Natural Earth 1:${atlas} admin-0 countries (public domain), via world-atlas 2`,
  projection: cfg.type,
  viewBox: [0, 0, width, height],
  provinces,
  land: toPath(regions.get("_land") || [], MIN_AREA),
  water: toPath(regions.get("_water") || [], MIN_AREA),
};
// A dense map's labels are drawn larger (map.js places them so they do not overlap).
if (places.labelSize) out.labelSize = places.labelSize;
const file = outArg || join(root, "server", "web", `geo-${name}.js`);
const text = "// SPDX-License-Identifier: Apache-2.0\n" +
  `// Generated by tools/mapgen/generate.mjs ${name} from Natural Earth (public domain); do not edit.\n` +
  "export default " + JSON.stringify(out) + ";\n";
writeFileSync(file, text);
console.log(`wrote ${outArg || `server/web/geo-${name}.js`}: ${text.length} bytes, ${width}x${height} px`);
