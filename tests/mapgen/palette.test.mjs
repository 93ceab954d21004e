// SPDX-License-Identifier: Apache-2.0
// mapgen.palette: on the map every power, the sea, neutral land and impassable land stay apart.
// Checked as drawn: a power's territory is its colour at the stylesheet's `.region.owned`
// fill-opacity over the land colour, its units and centres the colour itself. The limits are
// CIEDE2000 differences: 10 between any two territory tints, sea, land and impassable (a
// different colour at a glance), 15 between the full colours of two powers, and 8 between
// neutral land and the land of no province (Ireland, Africa), which only has to read as "not in
// play". Usage: node palette.test.mjs REPO_ROOT [VARIANT...] (default: standard).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { deltaE00, deltaE00Lab, hexToRgb, over } from "./colour.mjs";

const [root, ...names] = process.argv.slice(2);
const css = readFileSync(join(root, "server", "web", "style.css"), "utf8");
const variable = (name) => {
  const m = new RegExp(`--${name}:\\s*(#[0-9a-fA-F]{3,6})`).exec(css);
  if (!m) throw new Error(`style.css defines no --${name}`);
  return m[1];
};
const opacity = parseFloat(/\.region\.owned\s*\{\s*fill-opacity:\s*([\d.]+)/.exec(css)?.[1]);
let failed = 0;
const fail = (text) => { console.log("FAIL: " + text); failed++; };

// The formula itself, on the first pair of Sharma, Wu and Dalal's test data (ΔE00 = 2.0425).
const reference = deltaE00Lab([50, 2.6772, -79.7751], [50, 0, -82.7485]);
if (Math.abs(reference - 2.0425) > 1e-3) fail(`CIEDE2000 is wrong: ${reference} for the reference pair`);
if (!(opacity > 0 && opacity <= 1)) fail("style.css has no .region.owned fill-opacity");

const land = hexToRgb(variable("land"));
const base = [["the sea", hexToRgb(variable("sea"))], ["neutral land", land], ["impassable land", hexToRgb(variable("impassable"))]];
let worst = Infinity;
for (const name of names.length ? names : ["standard"]) {
  const variant = JSON.parse(readFileSync(join(root, "config", "variants", name + ".json"), "utf8"));
  const tints = [...base, ...variant.powers.map((p) => [`${p.name}'s land`, over(hexToRgb(p.color), land, opacity)])];
  const full = variant.powers.map((p) => [p.name, hexToRgb(p.color)]);
  const pairs = (list, limit) => {
    for (let i = 0; i < list.length; i++)
      for (let j = i + 1; j < list.length; j++) {
        const d = deltaE00(list[i][1], list[j][1]);
        worst = Math.min(worst, d / limit);
        if (d < limit) fail(`${name}: ${list[i][0]} and ${list[j][0]} differ by ΔE00 ${d.toFixed(1)} < ${limit}`);
      }
  };
  pairs(tints, 10);
  pairs(full, 15);
  const unplayable = deltaE00(hexToRgb(variable("unplayable")), land);
  if (unplayable < 8) fail(`land of no province is too close to neutral land: ΔE00 ${unplayable.toFixed(1)}`);
  console.log(`${name}: ${variant.powers.length} powers checked`);
}
if (failed) process.exit(1);
console.log(`PASS: the palette stays apart (closest pair at ${(worst * 100).toFixed(0)}% of its limit)`);
