# SPDX-License-Identifier: Apache-2.0
"""A scripted side for classic maps (standard, Colonial): armies and fleets head for the nearest
centre they do not own, some units support a neighbour's attack, dislodged units retreat to the
first free option, and winter builds fill empty home centres. Russia in Colonial tries the TSR
when its target is far. Orders are plain Diplomacy; the driver's seed breaks ties."""

from map_graph import province_of
from side import Side


class ClassicSide(Side):
    def neighbours(self, kind):
        return self.graph.army if kind == "A" else self.graph.fleet

    def movement_orders(self, board):
        lines = []
        taken = set()
        mine = {c for c, p in board.owner.items() if p == self.power}
        goals = [c for c in self.graph.cities if c not in mine]
        for unit in sorted(board.units.get(self.power, []), key=lambda u: u["unit"]):
            kind, location = unit["unit"].split()
            here = province_of(location)
            dist = self.graph.distances(here, neighbours=self.neighbours(kind))
            reachable = sorted((dist[g], self.rng.random(), g) for g in goals if g in dist)
            order = f"{unit['unit']} H"
            if reachable and self.rng.random() < 0.8:
                goal = reachable[0][2]
                back = self.graph.distances(goal, neighbours=self.neighbours(kind))
                steps = sorted((back.get(n, 1 << 30), n) for n in self.neighbours(kind)[here]
                               if n not in taken and back.get(n, 1 << 30) < back.get(here, 0))
                if self.power == "Russia" and self.graph.name == "colonial" and kind == "A" \
                        and reachable[0][0] >= 4:
                    ride = f"A {here}-TSR-{goal}"
                    if goal not in taken and self.game.accepted(self.power, ride):
                        steps = []
                        order = ride
                        taken.add(goal)
                for _, step in steps[:1]:
                    # A fleet's move to a split-coast province needs its coast: let the
                    # validator pick the one that is legal.
                    order = self.fleet_move(unit["unit"], step) if kind == "F" \
                        else f"{unit['unit']} - {step}"
                    if order is None:
                        order = f"{unit['unit']} H"
                    else:
                        taken.add(step)
            if order.endswith(" H"):
                taken.add(here)
            lines.append(order)
        return self.add_supports(lines)

    def add_supports(self, lines):
        """A unit left holding supports a neighbour's attack, so that battles are won and
        units dislodged (the retreat phases need playing too)."""
        moves = [line for line in lines if " - " in line and "TSR" not in line]
        out = []
        for line in lines:
            kind, location, verb = (line.split() + ["", "", ""])[:3]
            here = province_of(location)
            if verb == "H":
                for move in moves:
                    target = province_of(move.split(" - ")[1])
                    if target in self.neighbours(kind).get(here, []) and \
                            province_of(move.split()[1]) != here:
                        line = f"{kind} {location} S {move}"
                        break
            out.append(line)
        return out

    def fleet_move(self, unit, step):
        coasts = [c for c in self.graph.provinces[step].get("coasts", [])]
        for target in [step] + [f"{step}/{c}" for c in coasts]:
            line = f"{unit} - {target}"
            if not coasts or self.game.accepted(self.power, line):
                return line
        return None

    def retreat_orders(self, board):
        lines, taken = [], set()
        for entry in board.dislodged.get(self.power, []):
            options = [o for o in entry.get("retreats", []) if province_of(o) not in taken]
            if options:
                taken.add(province_of(options[0]))
                lines.append(f"{entry['unit']} R {options[0]}")
        return lines

    def adjustment_orders(self, board):
        units = len(board.units.get(self.power, []))
        centres = sum(1 for p in board.owner.values() if p == self.power)
        lines = []
        if centres > units:
            for home in self.graph.home.get(self.power, []):
                if len(lines) >= centres - units:
                    break
                if board.owner.get(home) == self.power and home not in board.at:
                    line = f"BUILD A {home}"
                    if not self.game.accepted(self.power, line):
                        line = f"BUILD F {home}"
                    lines.append(line)
        return lines  # disbands, if any, follow the civil-disorder rules
