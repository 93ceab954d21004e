# SPDX-License-Identifier: Apache-2.0
"""A position document (docs/positions.md) read into what players and checks ask about: units
with their attributes, who stands where, garrisons, sieges, idle trains, city owners."""

from map_graph import province_of


def as_unit(entry):
    """A unit entry as a dict: classic positions write "A PAR", campaigns objects."""
    return entry if isinstance(entry, dict) else {"unit": entry}


class Board:
    def __init__(self, position):
        self.position = position
        self.phase = position["phase"]
        self.units = {power: [as_unit(u) for u in units]
                      for power, units in position.get("units", {}).items()}
        self.garrisons = position.get("garrisons", {})
        self.sieges = position.get("sieges", {})
        self.trains = position.get("trains", {})
        self.owner = {c: power for power, cities in position.get("supply_centers", {}).items()
                      for c in cities}
        self.treasury = position.get("treasury", {})
        self.dislodged = position.get("dislodged", {})
        self.field_works = position.get("field_works", {})
        self.detachments = position.get("detachments", {})  # power -> provinces (Lone Warrior 4f)
        self.at = {}  # province -> (power, unit)
        for power, units in self.units.items():
            for unit in units:
                self.at[province_of(unit["unit"].split()[1])] = (power, unit)

    @staticmethod
    def where(unit):
        return province_of(unit["unit"].split()[1])

    @staticmethod
    def kind(unit):
        return unit["unit"].split()[0]

    def garrison_at(self, province):
        for power, garrisons in self.garrisons.items():
            for g in garrisons:
                if g["province"] == province:
                    return power, g
        return None, None

    def siege_of(self, power, province):
        for siege in self.sieges.get(power, []):
            if siege["province"] == province:
                return siege
        return None

    def works_of(self, power, province):
        """The field works of `power` in `province` (Lone Warrior 5b), or None."""
        for works in self.field_works.get(power, []):
            if works["province"] == province:
                return works
        return None

    def gauge_of(self, graph, a, b):
        """The gauge the rail link a-b is laid in now: as converted, else as the variant lays it
        (docs/gauge.md)."""
        for gauge, links in self.position.get("converted", {}).items():
            if [a, b] in links or [b, a] in links:
                return gauge
        return graph.link_gauge.get(frozenset((a, b)))

    def besieged(self, province):
        return any(s["province"] == province for sieges in self.sieges.values() for s in sieges)

    def idle_trains(self, power):
        """Idle trains of `power` by city: entries with no target and not returning."""
        idle = {}
        for train in self.trains.get(power, []):
            if train.get("target") or train.get("returning") or train.get("base"):
                continue
            idle[train["at"]] = idle.get(train["at"], 0) + train.get("count", 1)
        return idle

    def phase_kind(self):
        return self.phase[-1]  # M movement, R retreats, A adjustments
