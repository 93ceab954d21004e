// SPDX-License-Identifier: Apache-2.0
// Prints where a generated map's shapes disagree with its variant's adjacency:
// node tests/mapgen/check.mjs standard (used while tuning tools/mapgen/<variant>-places.json).
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { mismatches } from "./shapes.mjs";
import { loadGeo } from "./load_geo.mjs";
const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const name = process.argv[2];
const geo = await loadGeo(join(root, "server", "web", `geo-${name}.js`));
const variant = JSON.parse(readFileSync(join(root, "config", "variants", name + ".json"), "utf8"));
const places = JSON.parse(readFileSync(join(root, "tools", "mapgen", name + "-places.json"), "utf8"));
const m = mismatches(geo, variant, { exceptions: (places.exceptions || []).map((e) => e.pair || e) });
console.log("touch, not adjacent:", m.touchNotAdjacent.join(", ") || "none");
console.log("adjacent, not touching:", m.adjacentNotTouching.join(", ") || "none");
console.log("overlaps:", [...m.overlaps].map(([k, v]) => `${k} ${v}`).join(", ") || "none", "empty:", m.empty.join(", ") || "none");
process.exitCode = m.touchNotAdjacent.length + m.adjacentNotTouching.length + m.empty.length ? 1 : 0;
