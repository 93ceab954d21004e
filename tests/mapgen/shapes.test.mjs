// SPDX-License-Identifier: Apache-2.0
// mapgen.shapes: every generated map (server/web/geo-<variant>.js) parses, gives every province
// of its variant a shape, and its shapes follow the game: no two provinces touch that the
// variant does not make adjacent, and every adjacent pair touches, except the pairs the
// variant's places file lists under `exceptions` (with the reason). Needs no npm package.
// Usage: node shapes.test.mjs REPO_ROOT
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { mismatches } from "./shapes.mjs";
import { loadGeo } from "./load_geo.mjs";

const root = process.argv[2];
let failed = 0;
const fail = (text) => { console.log("FAIL: " + text); failed++; };

// The checker on a map made up for it: A and B share a 10 px border but are not adjacent, A and
// C are adjacent but 5 px apart, B and C meet at a corner only (which is no border).
{
  const square = (x, y) => `M${x} ${y}l10 0 0 10-10 0z`;
  const geo = { viewBox: [0, 0, 40, 40], provinces: { A: { d: square(0, 0) }, B: { d: square(10, 0) }, C: { d: square(20, 10) } } };
  const variant = { provinces: [{ abbr: "A", type: "land", army: ["C"] }, { abbr: "B", type: "land" }, { abbr: "C", type: "land", army: ["A"] }] };
  const m = mismatches(geo, variant);
  if (m.touchNotAdjacent.length !== 1 || !m.touchNotAdjacent[0].startsWith("A|B (10.0 px"))
    fail("the checker misses two shapes that touch: " + JSON.stringify(m.touchNotAdjacent));
  if (m.adjacentNotTouching.length !== 1 || !m.adjacentNotTouching[0].startsWith("A|C"))
    fail("the checker misses two adjacent shapes apart: " + JSON.stringify(m.adjacentNotTouching));
}

const web = join(root, "server", "web");
const maps = readdirSync(web).filter((f) => /^geo-.+\.js$/.test(f));
if (maps.length === 0) fail("no generated map in server/web");
for (const file of maps) {
  const name = file.slice(4, -3);
  const geo = await loadGeo(join(web, file));
  const variant = JSON.parse(readFileSync(join(root, "config", "variants", name + ".json"), "utf8"));
  const placesFile = join(root, "tools", "mapgen", name + "-places.json");
  const places = existsSync(placesFile) ? JSON.parse(readFileSync(placesFile, "utf8")) : {};
  const abbrs = variant.provinces.map((p) => p.abbr);
  const extra = Object.keys(geo.provinces).filter((a) => !abbrs.includes(a));
  if (extra.length) fail(`${name}: shapes for provinces the variant does not have: ${extra.join(", ")}`);
  const shapeless = abbrs.filter((a) => !geo.provinces[a]?.d);
  if (shapeless.length) fail(`${name}: no shape for ${shapeless.join(", ")}`);
  for (const p of variant.provinces)
    for (const c of p.coasts || [])
      if (!geo.provinces[p.abbr]?.coasts?.[c.coast]) fail(`${name}: no point for ${p.abbr}/${c.coast}`);
  const exceptions = (places.exceptions || []).map((e) => e.pair || e);
  const m = mismatches(geo, variant, { exceptions });
  if (m.empty.length) fail(`${name}: empty shapes: ${m.empty.join(", ")}`);
  if (m.touchNotAdjacent.length) fail(`${name}: shapes touch but the provinces are not adjacent: ${m.touchNotAdjacent.join(", ")}`);
  if (m.adjacentNotTouching.length) fail(`${name}: adjacent provinces whose shapes do not touch: ${m.adjacentNotTouching.join(", ")}`);
  // Units stand on their province's drawing point and arrows end there: a point at the map's
  // edge draws a unit cut in half and a move that runs off the map (the Mid-Atlantic once stood
  // 13 px from the left edge, the Barents Sea above the top).
  const [, , width, height] = geo.viewBox;
  const margin = 0.03 * Math.min(width, height);
  for (const [abbr, shape] of Object.entries(geo.provinces)) {
    const inside = Math.min(shape.x, shape.y, width - shape.x, height - shape.y);
    if (!(inside >= margin)) fail(`${name}: ${abbr}'s point is ${inside.toFixed(1)} px from the map's edge (at least ${margin.toFixed(0)})`);
  }
  // Rasterising at half a pixel counts a shared edge on both sides; more than a few px² of
  // overlap would be a real fault of the cut, not rounding.
  for (const [abbr, px] of m.overlaps) if (px > 8) fail(`${name}: ${abbr} overlaps its neighbours by ${px} px²`);
  console.log(`${name}: ${abbrs.length} provinces, ${exceptions.length} documented exceptions, ${readFileSync(join(web, file)).length} bytes`);
}
if (failed) process.exit(1);
console.log("PASS: generated maps follow their variants");
