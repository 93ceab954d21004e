// SPDX-License-Identifier: Apache-2.0
// The map as SVG, drawn from the variant file (GET /api/v1/variants/{name}: provinces with
// their `draw` points, split coasts with their own points, powers with colours) and a position
// document (docs/positions.md).
//
// A variant with a generated map (geography.js) is drawn on its real shapes; any other on
// Voronoi cells of its points (regions.js).
//
// Layers, bottom to top, each a <g> with its own id so a later rule module only has to fill
// its own: regions, adjacency, rail, supply, provinces, centres, sieges, units, trains,
// dislodged, orders, standoffs (orders over the units, so no arrow hides under one; the layer
// takes no clicks). The campaign layers (rail, supply, sieges/garrisons, trains) read
// optional position fields and stay empty when the position has none (docs/web.md lists the
// shapes they accept).

import { provinceCells } from "./regions.js";

const SVG = "http://www.w3.org/2000/svg";

function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

function titled(node, text) {
  el("title", {}, node).textContent = text;
  return node;
}

// Parses "A PAR", "F STP/SC", "F STP(sc)" into {kind, loc, prov, coast}.
export function parseUnit(text) {
  const m = /^\s*([AF])\s+([A-Za-z0-9]+)(?:\s*[/(]\s*([A-Za-z]{2})\s*\)?)?\s*$/.exec(text || "");
  if (!m) return null;
  const prov = m[2].toUpperCase();
  const coast = m[3] ? m[3].toUpperCase() : null;
  return { kind: m[1], prov, coast, loc: coast ? prov + "/" + coast : prov };
}

// The variant in the shape the UI uses: provinces by abbreviation, powers by name.
export function indexVariant(variant) {
  const provinces = new Map();
  for (const p of variant.provinces) {
    const coasts = new Map();
    for (const c of p.coasts || []) coasts.set(c.coast, { x: c.draw.x, y: c.draw.y, fleet: c.fleet || [] });
    provinces.set(p.abbr, {
      abbr: p.abbr, name: p.name, type: p.type, sc: !!p.supply_center,
      x: p.draw.x, y: p.draw.y, army: p.army || [], fleet: p.fleet || [], coasts,
    });
  }
  const powers = new Map();
  for (const p of variant.powers) powers.set(p.name, { name: p.name, adjective: p.adjective || p.name, color: p.color, home: p.home_centers || [] });
  return { raw: variant, name: variant.name, width: variant.map.width, height: variant.map.height, provinces, powers };
}

export function point(vi, loc) {
  const [abbr, coast] = loc.split("/");
  const p = vi.provinces.get(abbr);
  if (!p) return null;
  if (coast && p.coasts.has(coast)) return p.coasts.get(coast);
  return p;
}

export function provinceName(vi, loc) {
  const [abbr, coast] = loc.split("/");
  const p = vi.provinces.get(abbr);
  return p ? p.name + (coast ? " (" + coast + ")" : "") : loc;
}

export function unitLabel(vi, power, unit) {
  const adjective = vi.powers.get(power)?.adjective || power;
  return `${adjective} ${unit.kind === "A" ? "army" : "fleet"} in ${provinceName(vi, unit.loc)}`;
}

// Units of a position as a list of {power, kind, loc, prov, text}, with a campaign unit's
// `points`, `general` and `general_roll` where its entry has them.
export function unitsOf(position) {
  const out = [];
  for (const [power, units] of Object.entries(position.units || {}))
    for (const entry of units) {
      const u = parseUnit(unitText(entry));
      if (!u) continue;
      const { points, general, general_roll: roll } = typeof entry === "object" && entry ? entry : {};
      out.push({ ...u, power, text: `${u.kind} ${u.loc}`, points, general, roll });
    }
  return out;
}

// What a campaign unit's title adds to its name: its points and its general, with his rank in
// his nation's pool (docs/generals.md) and his type roll with his career.
export function unitDetails(position, unit) {
  const parts = [];
  if (unit.points !== undefined) parts.push(`${unit.points} points`);
  if (unit.general) {
    const pool = position.generals?.[unit.power]?.pool || [];
    const rank = pool.findIndex((g) => g.name === unit.general) + 1;
    parts.push(`commanded by ${rank ? "G" + rank + " " : ""}${unit.general}` + (unit.roll ? ` (type roll ${unit.roll})` : ""));
  }
  return parts.length ? ", " + parts.join(", ") : "";
}

export function dislodgedOf(position) {
  const out = [];
  for (const [power, list] of Object.entries(position.dislodged || {}))
    for (const d of list) {
      const u = parseUnit(unitText(d.unit) || unitText(d));
      if (u) out.push({ ...u, power, text: `${u.kind} ${u.loc}`, from: d.from, retreats: d.retreats || [] });
    }
  return out;
}

function ownerOf(position) {
  const owner = new Map();
  for (const [power, centres] of Object.entries(position.supply_centers || {}))
    for (const c of centres) owner.set(c.split("/")[0], power);
  return owner;
}

function edges(vi) {
  // One line per pair of points; an edge both armies and fleets use is drawn once.
  const seen = new Map();
  const add = (a, b, kind) => {
    const key = a < b ? a + "|" + b : b + "|" + a;
    const prev = seen.get(key);
    seen.set(key, prev && prev !== kind ? "both" : kind);
  };
  for (const p of vi.provinces.values()) {
    for (const n of p.army) add(p.abbr, n, "army");
    for (const n of p.fleet) add(p.abbr, n, "fleet");
    for (const [coast, c] of p.coasts) for (const n of c.fleet) add(p.abbr + "/" + coast, n, "fleet");
  }
  return seen;
}

function colour(vi, power) {
  return vi.powers.get(power)?.color || "#888888";
}

function drawUnitShape(g, kind, x, y, size, fill) {
  if (kind === "F") {
    const s = size * 0.62;
    el("polygon", { points: `${x - s},${y - s * 0.45} ${x + s},${y - s * 0.45} ${x + s * 0.6},${y + s * 0.6} ${x - s * 0.6},${y + s * 0.6}`, fill, class: "unit-body" }, g);
  } else {
    el("rect", { x: x - size / 2, y: y - size / 2, width: size, height: size, rx: 3, fill, class: "unit-body" }, g);
  }
  el("text", { x, y: y + 4, class: "unit-letter" }, g).textContent = kind;
}

// Marks an element as activatable by mouse, touch and keyboard (Enter or Space).
function activatable(node, label, focusable, onActivate, detail) {
  node.setAttribute("aria-label", label);
  if (!onActivate) {
    node.setAttribute("role", "img");
    return;
  }
  node.setAttribute("role", "button");
  node.setAttribute("tabindex", focusable ? "0" : "-1");
  node.classList.add("activatable");
  node.addEventListener("click", (e) => { e.stopPropagation(); onActivate(detail); });
  node.addEventListener("keydown", (e) => {
    if (e.key === "Enter" || e.key === " ") { e.preventDefault(); onActivate(detail); }
  });
}

// A unit entry is "A PAR" in classic positions; campaign positions may write an object
// {"unit": "A PAR", "points": 600, "supply_line": ["PAR", ...], ...}.
function unitText(entry) {
  return typeof entry === "string" ? entry : entry?.unit;
}

// Entries of a field that is either {"Power": [...]} or [{"power": ..., ...}].
function byPower(field) {
  if (!field) return [];
  if (Array.isArray(field)) return field.map((e) => [e.power, e]);
  return Object.entries(field).flatMap(([power, list]) => (list || []).map((e) => [power, e]));
}

const TRACK_WIDTH = { double: 4.5, single: 3, narrow: 1.8 };

// The campaign layers: optional variant and position fields, drawn only when present (the
// campaign rules are still being written, so every shape here is read leniently). `view`: the
// reader's view in the fog of war ({power, seen}), or none.
function drawCampaign(vi, position, layers, view) {
  const pt = (loc) => point(vi, loc);
  const poly = (locs) => locs.map(pt).filter(Boolean).map((p) => `${p.x},${p.y}`).join(" ");
  // Rail: the variant's rules.rail_lines ({name, provinces}: the TSR) and rail_links ({between,
  // track, line}). A link is drawn in the colour of the power whose rail state is highest at
  // both ends (the position's `rail`: {"Germany": {"capacity_3": ["KOL", ...]}}, docs/rail.md),
  // wider for a higher LOC capacity; demolished links are dashed, interdicted provinces ringed.
  // On maps of several gauges (docs/gauge.md) a link's title names its gauge, as the variant
  // lays it or as the position's `converted` says, and links not of the first gauge carry a thin
  // white line down the middle.
  const stateRank = { controlled: 1, capacity_1: 2, capacity_2: 3, capacity_3: 4, exceptional: 5 };
  const railAt = new Map();  // "POWER|ABBR" -> rank
  for (const [power, states] of Object.entries(position.rail || {}))
    for (const [state, provinces] of Object.entries(states || {}))
      for (const abbr of Array.isArray(provinces) ? provinces : [])
        railAt.set(power + "|" + abbr, stateRank[state] || 0);
  const stateName = Object.fromEntries(Object.entries(stateRank).map(([k, v]) => [v, k.replace("_", " ")]));
  const demolished = new Set((position.demolished || []).map((pair) => [...pair].sort().join("|")));
  const gauges = vi.raw.rules?.rail_network?.gauge?.gauges || [];
  const converted = new Map();  // "A|B" (sorted) -> gauge
  for (const [gauge, pairs] of Object.entries(position.converted || {}))
    for (const pair of Array.isArray(pairs) ? pairs : []) converted.set([...pair].sort().join("|"), gauge);
  const lines = [
    ...(vi.raw.rules?.rail_lines || []).map((l) => ({ name: l.name, provinces: l.provinces || [], track: "single" })),
    ...(vi.raw.rail_links || []).map((l) => ({ name: l.line, key: (l.between || []).join("-"), provinces: l.between || [], track: l.track, gauge: l.gauge || gauges[0] })),
  ];
  for (const line of lines) {
    if (line.provinces.length < 2) continue;
    let best = null, rank = 0;
    for (const power of vi.powers.keys()) {
      const r = Math.min(...line.provinces.map((abbr) => railAt.get(power + "|" + abbr) || 0));
      if (r > rank) [best, rank] = [power, r];
    }
    const broken = line.key && demolished.has([...line.provinces].sort().join("|"));
    const gauge = line.key && gauges.length ? converted.get([...line.provinces].sort().join("|")) || line.gauge : null;
    const other = gauge && gauge !== gauges[0];
    const node = el("polyline", {
      points: poly(line.provinces), class: `rail track-${line.track || "single"}${broken ? " rail-demolished" : ""}${best ? " rail-held" : ""}${other ? " rail-gauge-other" : ""}`,
      "stroke-width": (TRACK_WIDTH[line.track] || 3) + (rank >= 2 ? rank - 1 : 0), stroke: best ? colour(vi, best) : null,
      "data-line": line.name || line.key || "", "data-state": best ? `${best}:${stateName[rank]}` : "",
      ...(gauge ? { "data-gauge": gauge } : {}),
    }, layers.rail);
    titled(node, `${line.name || line.key}: ${line.track || ""} track` + (gauge ? `, ${gauge} gauge` : "") + (best ? `, ${best} ${stateName[rank]}` : "") + (broken ? ", demolished" : ""));
    if (other) el("polyline", { points: poly(line.provinces), class: "rail-gauge-mark", "data-gauge-of": line.key }, layers.rail);
  }
  // Railheads: a power's operational rail (capacity 1 or more) that a rail link joins to a
  // province where that power's rail is not (yet) operational, i.e. where its rail ends.
  const railheads = new Set();
  for (const link of vi.raw.rail_links || []) {
    const [x, y] = link.between || [];
    for (const power of vi.powers.keys())
      for (const [here, there] of [[x, y], [y, x]])
        if ((railAt.get(power + "|" + here) || 0) >= 2 && (railAt.get(power + "|" + there) || 0) < 2) railheads.add(power + "|" + here);
  }
  for (const key of railheads) {
    const [power, abbr] = key.split("|");
    const p = pt(abbr);
    if (p) titled(el("path", { d: `M${p.x - 7},${p.y + 16} h14 l-7,-9 z`, class: "railhead", fill: colour(vi, power), "data-abbr": abbr, "data-power": power }, layers.rail),
      `${power} railhead at ${provinceName(vi, abbr)}`);
  }
  for (const abbr of position.interdicted || []) {
    const p = pt(abbr);
    if (p) titled(el("circle", { cx: p.x, cy: p.y, r: 23, class: "interdicted", "data-abbr": abbr }, layers.rail), `${provinceName(vi, abbr)} is interdicted`);
  }
  // Rivers (docs/rivers.md): the variant's rules.rivers ({name, course, bridges}) through the
  // course's points, a bar across each bridge, and the position's flotillas ({"Belgium":
  // ["LIE"]}) as barges in their power's colour, all in the rivers layer.
  for (const river of vi.raw.rules?.rivers?.rivers || []) {
    const course = river.course || [];
    if (course.length < 2) continue;
    const bridges = river.bridges || {};
    titled(el("polyline", { points: poly(course), class: "river", "data-river": river.name }, layers.rivers),
      `${river.name}, navigable ${course[0]} to ${course[course.length - 1]}` +
      (Object.keys(bridges).length ? `; bridges at ${Object.values(bridges).join(", ")}` : ""));
    for (const [abbr, town] of Object.entries(bridges)) {
      const p = pt(abbr);
      if (p) titled(el("path", { d: `M${p.x - 22},${p.y - 4} h7 M${p.x - 22},${p.y + 1} h7`, class: "bridge", "data-abbr": abbr, "data-river": river.name }, layers.rivers),
        `${river.name} bridge at ${town} (${abbr})`);
    }
  }
  for (const [power, city] of byPower(position.flotillas)) {
    const p = typeof city === "string" && pt(city);
    if (p) titled(el("path", { d: `M${p.x - 24},${p.y + 15} h14 l-3,5 h-8 z`, class: "flotilla", fill: colour(vi, power), "data-abbr": city, "data-power": power }, layers.rivers),
      `${power} barge flotilla at ${provinceName(vi, city)}`);
  }
  // Supply lines: a campaign unit's `supply_line` (its province first, the base last), or a
  // position-level {"France": [["PAR", "BUR"], ...]}. The part a unit's line goes along a river
  // (`supply_river`: {river, from}) is drawn again over it, dashed like the barges' wake.
  const supply = [];
  for (const [power, list] of Object.entries(position.units || {}))
    for (const entry of list) {
      if (!entry || !Array.isArray(entry.supply_line)) continue;
      supply.push([power, entry.supply_line]);
      const from = entry.supply_river ? entry.supply_line.indexOf(entry.supply_river.from) : -1;
      if (from >= 0) supply.push([power, entry.supply_line.slice(from), "river", entry.supply_river.river]);
    }
  for (const [power, path] of byPower(position.supply_lines)) supply.push([power, path]);
  // In the fog of war, the part of an enemy's line that one of the reader's armies stands on.
  for (const [power, path] of byPower(position.supply_lines_seen)) supply.push([power, path, "seen"]);
  // Each campaign army's supply state under it: weeks carried, Extended line of communication,
  // none left (docs/positions.md: `supply`, `supply_extended`).
  for (const [power, list] of Object.entries(position.units || {}))
    for (const entry of list) {
      const u = typeof entry === "object" && entry && entry.supply !== undefined ? parseUnit(entry.unit) : null;
      const p = u && pt(u.loc);
      if (!p) continue;
      const state = entry.supply <= 0 ? "out" : entry.supply_extended ? "extended" : "supplied";
      const node = el("rect", { x: p.x - 9, y: p.y + 10, width: 18, height: 4, rx: 1, class: "supply-state " + state, "data-abbr": u.prov, "data-state": state }, layers.supply);
      titled(node, `${power} ${u.kind} ${u.loc}: ${entry.supply} week${entry.supply === 1 ? "" : "s"} of supply` +
        (entry.supply_extended ? ", line of communication Extended" : "") + (state === "out" ? ", out of supply" : ""));
    }
  for (const [power, path, kind, river] of supply) {
    const points = poly(path);
    if (points.split(" ").length < 2) continue;
    const cls = kind === "seen" ? " supply-line-seen" : kind === "river" ? " supply-line-river" : "";
    titled(el("polyline", { points, class: "supply-line" + cls, stroke: colour(vi, power) }, layers.supply),
      kind === "seen" ? `${power} supply line seen at ${path.join("-")}`
        : kind === "river" ? `${power} supply line by barge along the ${river}: ${path.join("-")}`
          : `${power} supply line ${path.join("-")}`);
  }
  // Garrisons: {"Belgium": ["LIE" | {"province": "LIE", "points": 300}]}. A garrison whose
  // province holds another power's unit is under siege; explicit `sieges` are drawn too.
  const unitsAt = new Map(unitsOf(position).map((u) => [u.prov, u.power]));
  // The position's sieges are {"Germany": [{province, weeks, ...}]} (docs/positions.md); a list
  // of {province, by} is read too.
  const sieges = byPower(position.sieges).map(([power, s]) => ({ ...s, by: s.by || power }));
  for (const [power, g] of byPower(position.garrisons)) {
    const loc = typeof g === "string" ? g : g.province;
    const p = loc && pt(loc);
    if (!p) continue;
    const node = el("rect", { x: p.x - 17, y: p.y - 21, width: 9, height: 9, class: "garrison", fill: colour(vi, power), "data-abbr": loc }, layers.sieges);
    titled(node, `${power} garrison in ${provinceName(vi, loc)}${g.points ? ", " + g.points + " points" : ""}`);
    const besieger = unitsAt.get(loc.split("/")[0]);
    if (besieger && besieger !== power) sieges.push({ province: loc, by: besieger });
  }
  const drawn = new Set();
  for (const siege of sieges) {
    const p = pt(siege.province || "");
    if (!p || drawn.has(siege.province)) continue;
    drawn.add(siege.province);
    const state = siege.weeks === undefined ? "" : siege.weeks >= 2 ? ", siege laid" : `, laying siege: week ${siege.weeks} of 2`;
    titled(el("circle", { cx: p.x, cy: p.y, r: 17, class: "siege", stroke: colour(vi, siege.by), "data-abbr": siege.province }, layers.sieges),
      `${provinceName(vi, siege.province)} besieged by ${siege.by || "?"}${state}`);
  }
  // Field works (Lone Warrior 5b, docs/field-works.md):
  // {"France": [{"province": "ARG", "army": 4}]}, a zigzag of entrenchments left of the
  // province's point in the digging power's colour.
  for (const [power, works] of byPower(position.field_works)) {
    const p = pt(works.province || "");
    if (!p) continue;
    titled(el("path", { d: `M${p.x - 30},${p.y + 4} l4,-7 l4,7 l4,-7 l4,7`, class: "field-works", stroke: colour(vi, power), "data-abbr": works.province, "data-power": power }, layers.sieges),
      `${power} field works in ${provinceName(vi, works.province)}` + (works.army ? `, dug by army ${works.army}` : ""));
  }
  // Supply trains: {"France": [{"at": "PAR", "target": 3, "returning": false}]} or a list. In
  // the fog another power's train shows where it stands only (docs/fog-of-war.md): whether it
  // is idle or on its way is not told.
  for (const [power, train] of byPower(position.trains)) {
    const p = pt(train.at || "");
    if (!p) continue;
    const errand = view && view.power !== power ? ""
      : train.returning ? ", returning" : train.target ? ", on its way to unit " + train.target : ", idle";
    titled(el("rect", { x: p.x + 8, y: p.y - 19, width: 14, height: 7, rx: 2, class: "train" + (train.returning ? " returning" : ""), fill: colour(vi, power) }, layers.trains),
      `${power} supply train at ${provinceName(vi, train.at)}${errand}`);
  }
}

// Where each province's label goes on a generated map: above its point if that is free, else
// left, right or below, whichever overlaps no label placed before it and nothing drawn at a
// province's point (its dot, unit and centre, the 1914 map's garrisons and supply trains);
// the least crowded place when none is free. A dense map (Colonial's 119 provinces) asks for
// labels larger than the default (geo.labelSize, in map units) so they stay readable when the
// map is scaled to the page, and labels that large would overlap their neighbours if they all
// stood above their points.
function placeLabels(vi, position) {
  const size = vi.geo.labelSize || 11;
  const at = (loc) => vi.provinces.get((loc || "").split("/")[0]);
  // Boxes as [x0, y0, x1, y1], matching the offsets drawMap and drawCampaign draw at.
  const boxes = [];
  for (const p of vi.provinces.values()) boxes.push([p.x - 9, p.y - 9, p.x + 22, p.y + 20]);
  for (const [, g] of byPower(position.garrisons)) {
    const p = at(typeof g === "string" ? g : g.province);
    if (p) boxes.push([p.x - 17, p.y - 21, p.x - 8, p.y - 12]);
  }
  for (const [, train] of byPower(position.trains)) {
    const p = at(train.at);
    if (p) boxes.push([p.x + 8, p.y - 19, p.x + 22, p.y - 12]);
  }
  const overlap = (a, b) => Math.max(0, Math.min(a[2], b[2]) - Math.max(a[0], b[0])) * Math.max(0, Math.min(a[3], b[3]) - Math.max(a[1], b[1]));
  const out = new Map();
  for (const p of vi.provinces.values()) {
    const w = 0.62 * size * p.abbr.length, up = 0.75 * size, down = 0.2 * size;
    const candidates = [[p.x, p.y - 12], [p.x - 12 - w / 2, p.y + up / 2], [p.x + 25 + w / 2, p.y + up / 2], [p.x, p.y + 22 + up]];
    let best = null, least = Infinity;
    for (const [x, y] of candidates) {
      const box = [x - w / 2, y - up, x + w / 2, y + down];
      const outside = box[0] < 0 || box[2] > vi.width || box[1] < 0 || box[3] > vi.height;
      const crowd = boxes.reduce((sum, b) => sum + overlap(box, b), 0) + (outside ? w * size : 0);
      if (crowd < least - 0.5) [best, least] = [{ x, y, box }, crowd];
      if (crowd <= 0.5) break;
    }
    boxes.push(best.box);
    out.set(p.abbr, { x: Math.round(best.x * 10) / 10, y: Math.round(best.y * 10) / 10, size });
  }
  return out;
}

// What an order line draws, from its canonical text (the validator's `order`, or a result's):
//   move    "A PAR - BUR", "A PAR R BUR", "A LON - BRE VIA CONVOY": an arrow
//   ride    "A MOS - TSR - IRK", "A TRI - RAIL - SAA": an arrow along the named stops
//   hold    "A PAR H": a ring round the unit
//   support "A MAR S A PAR - BUR" (or "S A PAR", a hold): a dashed arrow to the middle of the
//           supported move's arrow (or to the ring round the unit held)
//   convoy  "F NTH C A LON - NWY": a dotted line to the middle of the army's way
//   train   "T REI SUPPLY A ARG": a dotted arrow from the city to the army supplied
//   build   "BUILD A PAR", "B F STP/NC": the unit's outline, dashed, with a plus
//   disband "A PAR D", "DISBAND F TRI", "REMOVE A VIE": a cross over the unit
// A leading "Power:" and anything the map cannot place are ignored.
export function orderShape(text) {
  const t = (text || "").replace(/^\s*[A-Za-z]+:\s*/, "").toUpperCase();
  let m = /^\s*[AF]\s+([A-Z0-9/]+)\s+(?:H|HOLD)\s*$/.exec(t);
  if (m) return { kind: "hold", from: m[1] };
  m = /^\s*(?:BUILD|B)\s+([AF])\s+([A-Z0-9/]+)\s*$/.exec(t);
  if (m) return { kind: "build", unit: m[1], from: m[2] };
  m = /^\s*([AF])\s+([A-Z0-9/]+)\s+(?:D|DISBAND|REMOVE)\s*$/.exec(t) || /^\s*(?:DISBAND|REMOVE|D)\s+([AF])\s+([A-Z0-9/]+)\s*$/.exec(t);
  if (m) return { kind: "disband", unit: m[1], from: m[2] };
  m = /^\s*[AF]\s+([A-Z0-9/]+)\s+S\s+[AF]\s+([A-Z0-9/]+)(?:\s*-\s*([A-Z0-9/]+))?/.exec(t);
  if (m) return { kind: "support", from: m[1], via: m[2], to: m[3] || m[2], hold: !m[3] };
  m = /^\s*F\s+([A-Z0-9/]+)\s+C\s+A\s+([A-Z0-9/]+)\s*-\s*([A-Z0-9/]+)/.exec(t);
  if (m) return { kind: "convoy", from: m[1], via: m[2], to: m[3] };
  m = /^\s*T\s+([A-Z0-9/]+)\s+SUPPLY\s+[AF]\s+([A-Z0-9/]+)/.exec(t);
  if (m) return { kind: "train", from: m[1], to: m[2] };
  m = /^\s*[AF]\s+([A-Z0-9/]+)\s*(?:-|\bR\b)\s*([A-Z0-9/ -]+?)\s*(?:VIA CONVOY)?\s*$/.exec(t);
  if (!m) return null;
  const path = m[2].split("-").map((s) => s.trim()).filter(Boolean);
  return { kind: path.length > 1 ? "ride" : "move", from: m[1], stops: path, to: path[path.length - 1] };
}

// A ride's stops with a named rail line (the TSR) replaced by the line's provinces between the
// stop before it and the one after, so the arrow follows the railway.
function rideStops(vi, from, stops) {
  const lines = new Map((vi.raw.rules?.rail_lines || []).map((l) => [String(l.name).toUpperCase(), l.provinces || []]));
  const out = [];
  let prev = from.split("/")[0];
  stops.forEach((stop, i) => {
    const line = lines.get(stop);
    if (!line) { out.push(stop); prev = stop.split("/")[0]; return; }
    const a = line.indexOf(prev), b = line.indexOf((stops[i + 1] || "").split("/")[0]);
    if (a >= 0 && b >= 0) out.push(...(a < b ? line.slice(a + 1, b) : line.slice(b + 1, a).reverse()));
  });
  return out;
}

// The arrowheads: one per power (in its colour) and one for lines of no power. A marker's path
// does not take the stroke of the line that uses it, so each colour has its own.
function arrowMarkers(defs, vi) {
  const heads = [["none", "#222222"], ...[...vi.powers.values()].map((p, i) => ["p" + i, p.color || "#888888"])];
  for (const [id, fill] of heads) {
    const marker = el("marker", { id: "arrow-" + id, viewBox: "0 0 10 10", refX: 9, refY: 5, markerWidth: 6, markerHeight: 6, orient: "auto-start-reverse" }, defs);
    el("path", { d: "M0,0 L10,5 L0,10 z", class: "arrow-head", fill }, marker);
  }
}

function markerOf(vi, power) {
  const i = [...vi.powers.keys()].indexOf(power);
  return `url(#arrow-${i >= 0 ? "p" + i : "none"})`;
}

// The orders layer alone, so that a line typed or clicked in redraws its arrows without
// redrawing (and refocusing) the rest of the map. `orders`: [{text, ok, power}], each drawn in
// its power's colour; ok false (a failed or refused order) drawn fainter with a red cross at
// its end, so a failed order shows on the map as in the list. An order with its explanation
// (`why`, a resolved phase's) shows the sentence as its title and, given `onOrder`, answers a
// tap (or Enter) on it, on a wider band than its stroke, so a finger finds it.
export function drawOrders(svg, vi, orders, onOrder = null) {
  const layer = svg.querySelector("#layer-orders");
  if (!layer) return;
  layer.replaceChildren();
  const cut = (a, b, start, end) => {
    const dx = b.x - a.x, dy = b.y - a.y, len = Math.hypot(dx, dy) || 1;
    return [a.x + dx * start / len, a.y + dy * start / len, b.x - dx * end / len, b.y - dy * end / len];
  };
  const shapes = (orders || []).map((order) => ({ order, shape: orderShape(order.text) }));
  // Where each move's arrow runs, by the province it leaves, so a support of that move points
  // at the middle of its arrow rather than at the destination.
  const moves = new Map();
  for (const { shape } of shapes)
    if (shape && (shape.kind === "move" || shape.kind === "ride")) moves.set(shape.from.split("/")[0] + ">" + shape.to.split("/")[0], shape);
  // A retreat or disband of a dislodged unit starts where that unit is drawn, beside its
  // province's point (drawMap's offset).
  const dislodged = (loc) => svg.querySelector(`#layer-dislodged .unit[data-loc="${CSS.escape(loc)}"]`);
  for (const { order, shape } of shapes) {
    let a = shape && point(vi, shape.from);
    if (!a) continue;
    if ((shape.kind === "disband" || / R /i.test(order.text)) && dislodged(shape.from)) a = { x: a.x + 15, y: a.y + 13 };
    const failed = order.ok === false;
    const stroke = order.power ? colour(vi, order.power) : null;
    const attrs = { class: `order-arrow ${shape.kind}${failed ? " failed" : ""}`, "data-order": order.text, "data-kind": shape.kind, "data-power": order.power || null, stroke };
    let node, end = a;
    if (shape.kind === "hold") {
      node = el("circle", { ...attrs, cx: a.x, cy: a.y, r: 15 }, layer);
    } else if (shape.kind === "build") {
      const s = 11;
      node = shape.unit === "F"
        ? el("polygon", { ...attrs, points: `${a.x - s},${a.y - s * 0.45} ${a.x + s},${a.y - s * 0.45} ${a.x + s * 0.6},${a.y + s * 0.6} ${a.x - s * 0.6},${a.y + s * 0.6}` }, layer)
        : el("rect", { ...attrs, x: a.x - s, y: a.y - s, width: 2 * s, height: 2 * s, rx: 3 }, layer);
      el("path", { d: `M${a.x - 5},${a.y} h10 M${a.x},${a.y - 5} v10`, class: "order-mark build-plus", stroke }, layer);
    } else if (shape.kind === "disband") {
      node = el("path", { ...attrs, d: `M${a.x - 11},${a.y - 11} L${a.x + 11},${a.y + 11} M${a.x + 11},${a.y - 11} L${a.x - 11},${a.y + 11}` }, layer);
    } else if (shape.kind === "convoy" || (shape.kind === "support" && !shape.hold)) {
      // A convoy to the middle of the army's way; a support to the middle of the supported
      // move's arrow when it is drawn (else of the way it would take).
      const from = point(vi, shape.via), dest = point(vi, shape.to);
      if (!from || !dest) continue;
      const mid = { x: (from.x + dest.x) / 2, y: (from.y + dest.y) / 2 };
      const [x1, y1, x2, y2] = cut(a, mid, 12, shape.kind === "support" ? 3 : 0);
      node = shape.kind === "support"
        ? el("polyline", { ...attrs, points: `${x1.toFixed(1)},${y1.toFixed(1)} ${x2.toFixed(1)},${y2.toFixed(1)}`, "marker-end": markerOf(vi, order.power), "data-to": moves.has(shape.via.split("/")[0] + ">" + shape.to.split("/")[0]) ? "arrow" : "way" }, layer)
        : el("line", { ...attrs, x1, y1, x2, y2 }, layer);
      end = { x: x2, y: y2 };
    } else if (shape.kind === "support") {
      // A support to hold: to the ring round the unit held.
      const held = point(vi, shape.via);
      if (!held) continue;
      const [x1, y1, x2, y2] = cut(a, held, 12, 16);
      node = el("polyline", { ...attrs, points: `${x1.toFixed(1)},${y1.toFixed(1)} ${x2.toFixed(1)},${y2.toFixed(1)}`, "marker-end": markerOf(vi, order.power), "data-to": "hold" }, layer);
      el("circle", { class: "order-mark support-ring", cx: held.x, cy: held.y, r: 15, stroke }, layer);
      end = { x: x2, y: y2 };
    } else {
      const names = shape.kind === "ride" ? rideStops(vi, shape.from, shape.stops) : [shape.to];
      const stops = [a, ...names.map((s) => point(vi, s)).filter(Boolean)];
      if (stops.length < 2) continue;
      const [x1, y1] = cut(stops[0], stops[1], 12, 0);
      const [, , x2, y2] = cut(stops[stops.length - 2], stops[stops.length - 1], 0, 12);
      const pts = [[x1, y1], ...stops.slice(1, -1).map((p) => [p.x, p.y]), [x2, y2]];
      node = el("polyline", { ...attrs, points: pts.map((p) => p.map((n) => n.toFixed(1)).join(",")).join(" "), "marker-end": markerOf(vi, order.power) }, layer);
      end = { x: x2, y: y2 };
    }
    titled(node, order.why || order.text + (failed ? " (fails)" : ""));
    // A white halo under the stroke keeps it readable over rail lines and any power's tint.
    const halo = node.cloneNode(false);
    halo.setAttribute("class", "order-halo");
    for (const name of ["marker-end", "data-kind", "data-order", "data-power", "data-to", "stroke"]) halo.removeAttribute(name);
    layer.insertBefore(halo, node);
    if (order.why && onOrder) {
      const hit = halo.cloneNode(false);
      hit.setAttribute("class", "order-hit");
      hit.setAttribute("data-order", order.text);
      layer.append(hit);
      activatable(hit, "Why: " + order.why, true, onOrder, order);
    }
    if (failed) titled(el("path", { d: `M${end.x - 8},${end.y - 8} L${end.x + 8},${end.y + 8} M${end.x + 8},${end.y - 8} L${end.x - 8},${end.y + 8}`, class: "order-failed-mark", "data-order": order.text }, layer),
      order.text + " fails");
  }
}

// Draws everything. `options`:
//   selected: loc of the selected unit; targets: Set of locs/abbrs offered as destinations;
//   orders: [{text, ok, why}] arrows to draw; onOrder(order): a resolved order tapped (null: none);
//   onUnit(unit), onProvince(abbr): activation callbacks
//   (null when the map is read-only); unitsFocusable: which units take Tab focus.
export function drawMap(svg, vi, position, options = {}) {
  svg.replaceChildren();
  svg.setAttribute("viewBox", `0 0 ${vi.width} ${vi.height}`);
  svg.setAttribute("role", "group");
  const defs = el("defs", {}, svg);
  arrowMarkers(defs, vi);
  el("rect", { x: 0, y: 0, width: vi.width, height: vi.height, class: "map-bg" }, svg);
  const layers = {};
  for (const name of ["regions", "fog", "adjacency", "rail", "rivers", "supply", "provinces", "centres", "sieges", "units", "trains", "dislodged", "orders", "standoffs"])
    layers[name] = el("g", { id: "layer-" + name, class: "layer" }, svg);

  const owners = ownerOf(position);
  const onRegion = (shape, abbr) => {
    // Pointer users may click anywhere in a province; keyboard users have the province dots.
    if (options.onProvince && (options.targets || new Set()).has(abbr))
      shape.addEventListener("click", () => options.onProvince(abbr));
  };
  const regionClass = (p, who) => `region region-${p.type}${who ? " owned" : ""}`;
  if (vi.geo) {
    // Generated geography (geography.js): land and water of no province first, then provinces.
    layers.regions.classList.add("geo");
    if (vi.geo.land) el("path", { d: vi.geo.land, class: "region region-unplayable" }, layers.regions);
    if (vi.geo.water) el("path", { d: vi.geo.water, class: "region region-sea region-lake" }, layers.regions);
    for (const p of vi.provinces.values()) {
      const shape = vi.geo.provinces[p.abbr];
      if (!shape) continue;
      const who = owners.get(p.abbr);
      onRegion(el("path", { d: shape.d, class: regionClass(p, who), fill: who ? colour(vi, who) : null, "data-abbr": p.abbr }, layers.regions), p.abbr);
    }
  } else {
    vi.cells ||= provinceCells(vi.provinces.values(), vi.width, vi.height);
    for (const cell of vi.cells) {
      const p = vi.provinces.get(cell.abbr);
      const who = owners.get(cell.abbr);
      onRegion(el("polygon", {
        points: cell.points.map((q) => `${q.x.toFixed(1)},${q.y.toFixed(1)}`).join(" "),
        class: regionClass(p, who), fill: who ? colour(vi, who) : null, "data-abbr": cell.abbr,
      }, layers.regions), cell.abbr);
    }
  }

  // Fog of war (options.view: {power, seen}): a veil over every province the reader's power
  // does not see, so an empty province there reads as unknown, not as empty.
  if (options.view) {
    const seen = new Set(options.view.seen || []);
    for (const shape of layers.regions.querySelectorAll("[data-abbr]")) {
      if (seen.has(shape.dataset.abbr)) continue;
      const veil = shape.cloneNode(false);
      veil.setAttribute("class", "fogged");
      veil.removeAttribute("fill");
      layers.fog.append(veil);
    }
  }

  // On real geography the shapes already show who borders whom; the lines would only clutter.
  for (const [key, kind] of vi.geo ? [] : edges(vi)) {
    const [a, b] = key.split("|").map((loc) => point(vi, loc));
    if (a && b) el("line", { x1: a.x, y1: a.y, x2: b.x, y2: b.y, class: "adj adj-" + kind }, layers.adjacency);
  }

  const targets = options.targets || new Set();
  // While targets are offered, the units' wider tap areas give way to the targets' (style.css).
  svg.classList.toggle("picking", targets.size > 0);
  const labels = vi.geo ? placeLabels(vi, position) : null;
  for (const p of vi.provinces.values()) {
    const g = el("g", { class: `province type-${p.type}${targets.has(p.abbr) ? " target" : ""}`, "data-abbr": p.abbr }, layers.provinces);
    // A target's tap area: 44 CSS px across at any zoom (zoom.js sizes every `.hit`).
    if (targets.has(p.abbr)) el("circle", { cx: p.x, cy: p.y, r: 12, class: "hit" }, g);
    el("circle", { cx: p.x, cy: p.y, r: targets.has(p.abbr) ? 9 : 3.5, class: "province-dot" }, g);
    const at = labels?.get(p.abbr);
    // A presentation attribute, not `style`: the page's CSP refuses inline styles (docs/web.md).
    el("text", at ? { x: at.x, y: at.y, class: "province-label", "font-size": at.size }
      : { x: p.x, y: p.y - 13, class: "province-label" }, g).textContent = p.abbr;
    titled(g, p.name);
    for (const [coast, c] of p.coasts) {
      const loc = p.abbr + "/" + coast;
      const cg = el("g", { class: "coast" + (targets.has(loc) ? " target" : ""), "data-abbr": loc }, layers.provinces);
      if (targets.has(loc)) el("circle", { cx: c.x, cy: c.y, r: 12, class: "hit" }, cg);
      el("circle", { cx: c.x, cy: c.y, r: targets.has(loc) ? 7 : 2.5, class: "coast-dot" }, cg);
      el("text", { x: c.x, y: c.y - 8, class: "coast-label" }, cg).textContent = coast;
      if (options.onProvince && targets.has(loc))
        activatable(cg, "Target " + provinceName(vi, loc), true, options.onProvince, loc);
    }
    if (options.onProvince)
      activatable(g, (targets.has(p.abbr) ? "Target " : "") + p.name, targets.has(p.abbr), options.onProvince, p.abbr);
  }

  for (const p of vi.provinces.values()) {
    if (!p.sc) continue;
    const who = owners.get(p.abbr);
    const node = el("circle", { cx: p.x + 13, cy: p.y + 10, r: 4.5, class: "centre" + (who ? "" : " neutral"), fill: who ? colour(vi, who) : null, "data-abbr": p.abbr, "data-owner": who || "" }, layers.centres);
    titled(node, `${p.name}: supply centre${who ? " of " + who : ", neutral"}`);
  }

  drawCampaign(vi, position, layers, options.view);

  const focusable = options.unitsFocusable || (() => false);
  for (const u of unitsOf(position)) {
    const p = point(vi, u.loc);
    if (!p) continue;
    const selected = options.selected === u.loc;
    const g = el("g", { class: "unit" + (selected ? " selected" : ""), "data-loc": u.loc, "data-power": u.power, "data-kind": u.kind }, layers.units);
    if (options.onUnit) el("circle", { cx: p.x, cy: p.y, r: 12, class: "hit" }, g);
    drawUnitShape(g, u.kind, p.x, p.y, 18, colour(vi, u.power));
    const label = unitLabel(vi, u.power, u) + unitDetails(position, u);
    titled(g, label);
    activatable(g, label + (selected ? " (selected)" : ""), focusable(u), options.onUnit, u);
  }

  for (const u of dislodgedOf(position)) {
    const p = point(vi, u.loc);
    if (!p) continue;
    const selected = options.selected === u.loc;
    const g = el("g", { class: "unit dislodged" + (selected ? " selected" : ""), "data-loc": u.loc, "data-power": u.power }, layers.dislodged);
    if (options.onUnit) el("circle", { cx: p.x + 15, cy: p.y + 13, r: 12, class: "hit" }, g);
    drawUnitShape(g, u.kind, p.x + 15, p.y + 13, 14, colour(vi, u.power));
    const label = `Dislodged ${unitLabel(vi, u.power, u)}` + (u.from ? `, attacked from ${u.from}` : "") +
      (u.retreats.length ? `, may retreat to ${u.retreats.join(", ")}` : ", no retreat");
    activatable(g, label, focusable({ ...u, dislodged: true }), options.onUnit ? (d) => options.onUnit(d) : null, { ...u, dislodged: true });
  }

  for (const abbr of position.standoffs || []) {
    const p = point(vi, abbr);
    if (!p) continue;
    titled(el("path", { d: `M${p.x - 6},${p.y - 6} L${p.x + 6},${p.y + 6} M${p.x + 6},${p.y - 6} L${p.x - 6},${p.y + 6}`, class: "standoff" }, layers.standoffs),
      `Standoff in ${provinceName(vi, abbr)}`);
  }
  drawOrders(svg, vi, options.orders, options.onOrder);
}
