// SPDX-License-Identifier: Apache-2.0
// mapgen.fresh: the committed server/web/geo-<variant>.js is what tools/mapgen/generate.mjs
// makes from the committed inputs, so nobody edits the output by hand or forgets to regenerate.
// Points are compared within a tenth of a pixel (the rounding step), which allows for a last-bit
// difference in a Node version's trigonometry. Needs `npm ci --prefix tools/mapgen`: exits 77
// (skipped) without it, except under deploy/test.sh (ADJUTANT_REQUIRE_BROWSER=1), which runs it.
// Usage: node fresh.test.mjs NODE REPO_ROOT TMPDIR
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { parsePath } from "./shapes.mjs";
import { loadGeo } from "./load_geo.mjs";

const [node, root, tmp] = process.argv.slice(2);
if (!existsSync(join(root, "tools", "mapgen", "node_modules", "world-atlas"))) {
  console.log("SKIP: the generator's packages are not installed; run npm ci --prefix tools/mapgen");
  process.exit(process.env.ADJUTANT_REQUIRE_BROWSER === "1" ? 1 : 77);
}
mkdirSync(tmp, { recursive: true });
const web = join(root, "server", "web");
let failed = 0;
const same = (a, b) => {
  const ra = parsePath(a), rb = parsePath(b);
  return ra.length === rb.length && ra.every((r, i) => r.length === rb[i].length &&
    r.every(([x, y], j) => Math.abs(x - rb[i][j][0]) < 0.15 && Math.abs(y - rb[i][j][1]) < 0.15));
};
for (const file of readdirSync(web).filter((f) => /^geo-.+\.js$/.test(f))) {
  const name = file.slice(4, -3);
  const out = join(tmp, file);
  execFileSync(node, [join(root, "tools", "mapgen", "generate.mjs"), name, "--out", out], { stdio: "inherit" });
  const committed = await loadGeo(join(web, file));
  const fresh = await loadGeo(out);
  const diff = [];
  if (committed.viewBox.join() !== fresh.viewBox.join()) diff.push("viewBox");
  for (const key of ["land", "water"]) if (!same(committed[key], fresh[key])) diff.push(key);
  const names = new Set([...Object.keys(committed.provinces), ...Object.keys(fresh.provinces)]);
  for (const abbr of names) {
    const a = committed.provinces[abbr], b = fresh.provinces[abbr];
    if (!a || !b || !same(a.d, b.d) || Math.abs(a.x - b.x) > 0.15 || Math.abs(a.y - b.y) > 0.15 ||
        JSON.stringify(a.coasts || {}) !== JSON.stringify(b.coasts || {})) diff.push(abbr);
  }
  if (diff.length) {
    console.log(`FAIL: server/web/${file} is not what the generator makes (${diff.join(", ")}); run node tools/mapgen/generate.mjs ${name}`);
    failed++;
  } else console.log(`${file}: up to date`);
}
if (failed) process.exit(1);
console.log("PASS: generated maps are up to date");
