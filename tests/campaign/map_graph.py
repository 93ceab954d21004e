# SPDX-License-Identifier: Apache-2.0
"""A variant's map as the scripted players read it from GET /api/v1/variants/{name}: army and
fleet neighbours, cities, fortresses, railheads, powers and their sides; and shortest paths."""

from collections import deque


def province_of(location):
    """'STP/SC' -> 'STP'."""
    return location.split("/")[0]


class MapGraph:
    def __init__(self, variant):
        self.name = variant["name"]
        self.provinces = {p["abbr"]: p for p in variant["provinces"]}
        self.army = {a: sorted(p.get("army", [])) for a, p in self.provinces.items()}
        self.fleet = {a: sorted(province_of(x) for x in p.get("fleet", []))
                      for a, p in self.provinces.items()}
        self.powers = [p["name"] for p in variant["powers"]]
        self.side = {p["name"]: p.get("side", p["name"]) for p in variant["powers"]}
        self.home = {p["name"]: list(p.get("home_centers", [])) for p in variant["powers"]}
        self.cities = sorted(a for a, p in self.provinces.items() if p.get("supply_center"))
        # Sorted lists, not sets: a set's order changes with the interpreter's hash seed, and the
        # players must make the same choices under the same seed in every run.
        self.fortresses = sorted(a for a, p in self.provinces.items() if p.get("fortress_class"))
        self.railheads = sorted(a for a, p in self.provinces.items() if p.get("railhead"))
        self.campaign = "rules" in variant and "supply" in variant.get("rules", {})
        self.rail = "rail_network" in variant.get("rules", {})
        self.field_works = "field_works" in variant.get("rules", {})
        # Lone Warrior 4c (docs/army-strength.md): the least and the most points of a detachment.
        strength = variant.get("rules", {}).get("army_strength")
        self.army_strength = None if strength is None else (strength.get("min_points", 250),
                                                            strength.get("max_points", 750))
        # Lone Warrior 4f (docs/detachments.md): detachments are raised for `cost` points.
        detachments = variant.get("rules", {}).get("detachments")
        self.detachments = detachments is not None
        self.detachment_cost = (detachments or {}).get("cost", 15)
        self.train_cost = variant.get("rules", {}).get("supply", {}).get("train_cost", 2)
        self.train_speed = variant.get("rules", {}).get("supply", {}).get("train_speed", 2)
        self.carry_weeks = variant.get("rules", {}).get("supply", {}).get("carry_weeks", 2)
        # Lone Warrior 4b and OCS rail movement (docs/reinforcements.md): where each power's troops
        # muster, its capital on the map and its map-edge sources; none where the module is off.
        self.reinforcements = "reinforcements" in variant.get("rules", {})
        self.muster = {p["name"]: sorted({a for a, q in self.provinces.items()
                                          if p["name"] in q.get("map_edge", [])} |
                                         ({p["capital"]} if p.get("capital") else set()))
                       for p in variant["powers"]}
        # Lone Warrior 4a (docs/rivers.md): the cities on a navigable river, where a barge flotilla
        # may operate, and what one costs; none where the map has no rivers.
        rivers = variant.get("rules", {}).get("rivers")
        self.flotilla_cost = None if rivers is None else rivers.get("flotilla_cost", 200)
        self.river_cities = sorted({p for r in (rivers or {}).get("rivers", []) for p in r["course"]
                                    if self.provinces[p].get("city_class")})
        # The powers whose map-edge sources each province is (a supply base for them).
        self.map_edge = {a: list(p.get("map_edge", [])) for a, p in self.provinces.items()}
        # Rail links as neighbours, with the named line's LOC capacity where it has one.
        self.rail_neighbours = {}
        self.rail_line_capacity = {}
        lines = variant.get("rules", {}).get("rail_network", {}).get("exceptional_lines", {})
        # The gauges of OCS rail movement (docs/gauge.md): each power's, and each link's as the
        # variant lays it.
        gauge = variant.get("rules", {}).get("rail_network", {}).get("gauge", {})
        self.gauges = list(gauge.get("gauges", []))
        default = self.gauges[0] if self.gauges else None
        self.power_gauge = {p: gauge.get("powers", {}).get(p, default) for p in self.powers}
        self.link_gauge = {}
        for link in variant.get("rail_links", []):
            a, b = link["between"]
            self.link_gauge[frozenset((a, b))] = link.get("gauge", default)
            self.rail_neighbours.setdefault(a, []).append(b)
            self.rail_neighbours.setdefault(b, []).append(a)
            if link.get("line") in lines:
                for p in (a, b):
                    self.rail_line_capacity[p] = max(self.rail_line_capacity.get(p, 0),
                                                     lines[link["line"]])
        for a in self.rail_neighbours:
            self.rail_neighbours[a].sort()

    def enemies(self, a, b):
        return a != b and self.side.get(a) != self.side.get(b)

    def distances(self, start, passable=None, neighbours=None):
        """Road distances by army moves from `start`; `passable(p)` may forbid provinces."""
        neighbours = neighbours or self.army
        dist = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for there in neighbours.get(here, []):
                if there in dist or (passable and not passable(there)):
                    continue
                dist[there] = dist[here] + 1
                queue.append(there)
        return dist

    def first_step(self, start, goal, passable=None):
        """The first province of a shortest army path from start to goal (ties: alphabetical),
        or None."""
        back = self.distances(goal, passable)
        if start not in back:
            # The start itself may be impassable for the filter; search from the neighbours.
            options = [n for n in self.army.get(start, []) if n in back]
        else:
            options = [n for n in self.army.get(start, []) if back.get(n, 1 << 30) < back[start]]
        options.sort(key=lambda n: (back.get(n, 1 << 30), n))
        return options[0] if options else None
