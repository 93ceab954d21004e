// SPDX-License-Identifier: Apache-2.0
// Real geography for variants that have a generated map (tools/mapgen writes geo-<variant>.js:
// an SVG path per province, the points for units and split coasts, the viewBox, and the land
// and water that belong to no province). With one, the map draws those shapes and puts units
// where the generator placed them; without one, map.js falls back to Voronoi cells of the
// variant's own `draw` points (regions.js). docs/web.md says how to generate one.

// Variants with a generated map. Listed rather than probed so that a variant without one costs
// no failed request; add a name here when its geo-<variant>.js is committed.
const GENERATED = new Set(["standard", "colonial", "western-front-1914"]);

// Resolves to `vi` (from map.js's indexVariant), with the generated map applied when there is one.
export async function withGeography(vi) {
  if (!GENERATED.has(vi.name)) return vi;
  try {
    const geo = (await import(`./geo-${vi.name}.js`)).default;
    return applyGeography(vi, geo);
  } catch (e) {
    // A missing or broken map file leaves the Voronoi map, which still plays.
    console.warn(`no generated map for ${vi.name}:`, e);
    return vi;
  }
}

// The generated map replaces the canvas and every drawing point; adjacency is still the variant's.
export function applyGeography(vi, geo) {
  for (const [abbr, shape] of Object.entries(geo.provinces)) {
    const p = vi.provinces.get(abbr);
    if (!p) continue;
    p.x = shape.x;
    p.y = shape.y;
    for (const [coast, [x, y]] of Object.entries(shape.coasts || {})) {
      const c = p.coasts.get(coast);
      if (c) Object.assign(c, { x, y });
    }
  }
  vi.width = geo.viewBox[2];
  vi.height = geo.viewBox[3];
  vi.geo = geo;
  return vi;
}
