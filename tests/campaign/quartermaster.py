# SPDX-License-Identifier: Apache-2.0
"""The quartermaster both campaign sides share (docs/campaign-driver.md): what the rules call a
supply base, read from the board, and the week's supply orders of a careful player. Every army
has a standing supply order (`T C SUPPLY A X EVERY WEEK`) from a city of its own: one train
leaves a city per week (Lone Warrior 4a), so no two armies share one, and a city that is not the
army's base must reach the base by the power's operational rail within its LOC capacity
(docs/campaign.md, "Supply by rail"). The standing order buys its train when none waits; an army
that has run down to nothing gets a second train bought the week before from the treasury's
margin. A mixin of CampaignSide: it uses the side's graph, game and reading of the board."""

from collections import deque

from board import Board

OPERATIONAL = ("capacity_1", "capacity_2", "capacity_3", "exceptional")
CAPACITY = {"capacity_1": 1, "capacity_2": 2, "capacity_3": 3, "exceptional": 3}


class Quartermaster:
    # --- what the rules call a supply base, read from the board --------------------------

    def rail_states(self, board):
        """Province -> the power's rail state name, for its operational rail."""
        states = board.position.get("rail", {}).get(self.power, {})
        return {p: state for state in OPERATIONAL for p in states.get(state, [])}

    def bases(self, board):
        """The power's supply bases (supply.cpp `supply_base`): its map-edge sources, friendly
        cities and operational railheads with no enemy army in them."""
        rail = self.rail_states(board)
        out = set()
        for p in self.graph.provinces:
            if self.power in self.graph.map_edge.get(p, []):
                out.add(p)
            elif self.enemy_army_at(board, p):
                continue
            elif p in self.graph.cities and self.friendly(board.owner.get(p)):
                out.add(p)
            elif p in self.graph.railheads and p in rail:
                out.add(p)
        return out

    def train_sources(self, board):
        """Where the power may place trains and send them from (supply.cpp `train_source`):
        friendly cities and its own map edges, with no enemy army in them."""
        return sorted(p for p in self.graph.provinces if not self.enemy_army_at(board, p) and (
            (p in self.graph.cities and self.friendly(board.owner.get(p)))
            or self.power in self.graph.map_edge.get(p, [])))

    def reach(self, board, bases):
        """Province -> roads to the nearest base, never through an enemy army (as supply lines
        are traced): a breadth-first search from every base at once."""
        # A map-edge source with an enemy army in it is a base no road reaches: road routes
        # never enter a province holding an enemy army (road_route.inl).
        start = sorted(b for b in bases if not self.enemy_army_at(board, b))
        dist = {b: 0 for b in start}
        queue = deque(start)
        while queue:
            here = queue.popleft()
            for there in self.graph.army.get(here, []):
                if there in dist or self.enemy_army_at(board, there):
                    continue
                dist[there] = dist[here] + 1
                queue.append(there)
        return dist

    def base_of(self, board, bases, province):
        """The base a supply line from `province` would run to: the nearest, ties to the
        province that comes first by abbreviation (road_route.inl's order, near enough)."""
        dist = self.graph.distances(province, lambda p: not self.enemy_army_at(board, p))
        dist = {p: d for p, d in dist.items() if not self.enemy_army_at(board, p)}
        found = sorted((d, b) for b, d in dist.items() if b in bases)
        return found[0][1] if found else None

    def trains_until_winter(self, board, armies):
        """The points a train a week for each of `armies` costs until the winter interphase,
        when the treasury's points come in: what a careful player keeps back before buying
        anything else (the 1914 treasuries are sized for it, docs/western-front-1914.md)."""
        return self.graph.train_cost * armies * weeks_left(board)

    # --- supply --------------------------------------------------------------------------

    def supply_orders(self, board, bases, units, moves):
        """A standing order for every army, each from its own friendly city, from which a
        train reaches the army's base (the city itself, or by operational rail within the LOC
        capacity left by the other armies' trains). An order that still fits is kept. The
        armies that will want a train this week choose first: an army that carries all it can
        keeps its order without holding its city, since a city's one train a week (4a) goes to
        whichever of its standing orders wants one (dispatch.cpp `needs_train`)."""
        rail = self.rail_states(board)
        room = {p: self.graph.rail_line_capacity.get(p, CAPACITY[s]) if s == "exceptional"
                else CAPACITY[s] for p, s in rail.items()}
        standing = {s["army"]: s["from"] for s in
                    board.position.get("standing_supply", {}).get(self.power, [])}
        idle = board.idle_trains(self.power)
        treasury = board.treasury.get(self.power, 0)
        cities = self.train_sources(board)
        used = set()
        lines = []
        armies = [u for u in units if Board.kind(u) == "A"]
        # Armies whose order can stay first, so that they keep their cities.
        plans = []
        for unit in armies:
            where = moves.get(unit["unit"], Board.where(unit))
            base = self.base_of(board, bases, where)
            plans.append((unit, where, base))
        fed_by_ally = {s["army"] for power, orders in board.position.get("standing_supply",
                                                                          {}).items()
                       if power != self.power and self.friendly(power) for s in orders}
        plans.sort(key=lambda p: (not self.wants_train(board, p[0]),
                                  standing.get(p[0].get("id")) is None, p[0]["unit"]))
        plans += self.allies_to_feed(board, bases, standing)
        for unit, where, base in plans:
            if base is None:
                continue  # cut off: no train can reach it
            current = standing.get(unit.get("id"))
            if current and not self.wants_train(board, unit):
                continue  # full: its order stands and its city serves the others
            if current is None and unit.get("id") in fed_by_ally and \
                    unit in armies and treasury < self.graph.train_cost:
                continue  # an ally sends its trains (docs/campaign.md, case AL.2)
            choice = None
            options = ([current] if current else []) + sorted(
                cities, key=lambda c: (c != base, -idle.get(c, 0), c))
            for city in options:
                if city in used or city not in cities:
                    continue
                if not idle.get(city, 0) and treasury < self.graph.train_cost:
                    continue  # a standing order with no train to send and none to buy
                route = [city] if city == base else self.rail_route(rail, board, city, base,
                                                                     room)
                if not route:
                    continue
                choice = (city, route)
                break
            if choice is None:
                continue
            city, route = choice
            used.add(city)
            if len(route) > 1:
                for p in route:
                    room[p] -= 1
            if city == current:
                continue  # the standing order stands
            line = f"T {city} SUPPLY {unit['unit']} EVERY WEEK"
            if self.game.accepted(self.power, line):
                lines.append(line)
            else:
                plain = f"T {city} SUPPLY {unit['unit']}"
                if idle.get(city, 0) and self.game.accepted(self.power, plain):
                    lines.append(plain)
        lines += self.top_ups(board, bases, plans, idle, used, rail, room)
        return lines

    def wants_train(self, board, unit):
        """Whether a standing order would send the army a train this week: what it carries and
        the trains on their way to it are below what it may carry (half on an Extended line)."""
        cap = self.graph.carry_weeks
        if unit.get("supply_extended"):
            cap = (cap + 1) // 2
        coming = sum(1 for trains in board.trains.values() for t in trains
                     if t.get("target") == unit.get("id") and not t.get("returning"))
        return unit.get("supply", 0) + coming < cap

    def allies_to_feed(self, board, bases, standing):
        """An ally's armies that its own trains no longer reach: its treasury is spent and no
        train waits where its standing order sends from (the BEF holds no city, so after its
        first points it has no income, docs/western-front-1914.md). A power may send its
        trains to an ally's army (4b "any friendly city"; case AL.2); its own armies come
        first."""
        out = []
        # Only from what the treasury holds beyond a train a week for each of its own armies
        # until the winter interphase (as the top-ups): the ally's army must not starve ours.
        own = sum(1 for u in board.units.get(self.power, []) if Board.kind(u) == "A")
        budget = board.treasury.get(self.power, 0) - self.graph.train_cost * own * weeks_left(board)
        helped = 0
        for power, units in sorted(board.units.items()):
            if power == self.power or not self.friendly(power):
                continue
            # One helper for each ally, the richest of the others (ties by name), so that two
            # helpers never replace each other's standing order week after week.
            helpers = sorted((-board.treasury.get(p, 0), p) for p in self.graph.powers
                             if p != power and self.friendly(p))
            if not helpers or helpers[0][1] != self.power:
                continue
            theirs = {s["army"]: s["from"] for s in
                      board.position.get("standing_supply", {}).get(power, [])}
            broke = board.treasury.get(power, 0) < self.graph.train_cost
            idle = board.idle_trains(power)
            for unit in sorted(units, key=lambda u: u["unit"]):
                if Board.kind(unit) != "A":
                    continue
                mine = unit.get("id") in standing
                city = theirs.get(unit.get("id"))
                if not mine and not (broke and not idle.get(city, 0)):
                    continue
                if not mine:
                    if budget < self.graph.train_cost * (helped + 1) * weeks_left(board):
                        continue
                    helped += 1
                where = Board.where(unit)
                out.append((unit, where, self.base_of(board, bases, where)))
        return out

    def top_ups(self, board, bases, plans, idle, used, rail, room):
        """A standing order sends one train a week, as much as the army eats: an army that has
        once run down to nothing lives hand to mouth (fed, but with no week in hand). A train
        waiting idle in a city no standing order uses this week gives it its week in hand
        again. The one-off order needs a train already waiting (legality.cpp), so the train is
        bought one week and sent the next, and only from what the treasury holds beyond a train
        an army a week until the winter interphase (docs/western-front-1914.md, "Treasuries")."""
        lines = []
        needy = 0
        for unit, where, base in plans:
            if base is None or unit.get("supply", 0) > 0 or unit.get("supply_extended") \
                    or where != Board.where(unit):
                continue  # an Extended line carries one week only; a moving army's base moves
            for city in sorted(c for c in idle if idle[c] > 0 and c not in used):
                route = [city] if city == base else self.rail_route(rail, board, city, base,
                                                                     room)
                if not route:
                    continue
                line = f"T {city} SUPPLY {unit['unit']}"
                if not self.game.accepted(self.power, line):
                    continue
                lines.append(line)
                used.add(city)
                idle[city] -= 1
                if len(route) > 1:
                    for p in route:
                        room[p] -= 1
                break
            else:
                needy += 1
        spare = board.treasury.get(self.power, 0) - \
            self.graph.train_cost * len(plans) * weeks_left(board)
        spare -= self.graph.train_cost * sum(idle.values())
        own = [c for c in self.train_sources(board)
               if (board.owner.get(c) == self.power or c not in self.graph.cities)
               and c not in used and c in rail]
        for city in own[:min(needy, max(spare, 0) // self.graph.train_cost)]:
            line = f"BUY 1 T {city}"
            if self.game.accepted(self.power, line):
                lines.append(line)
        return lines

    def rail_route(self, rail, board, start, goal, room):
        """The fewest operational rail links from `start` to `goal` with room for one more
        train in every province, never through an enemy army (dispatch.cpp `rail_route`)."""
        down = {frozenset(link) for link in board.position.get("demolished", [])}

        def usable(p):
            return p in rail and room.get(p, 0) > 0 and not self.enemy_army_at(board, p)
        if not usable(start) or not usable(goal):
            return None
        parent = {start: None}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            if here == goal:
                route = []
                while here is not None:
                    route.append(here)
                    here = parent[here]
                return route[::-1]
            for there in self.graph.rail_neighbours.get(here, []):
                if there not in parent and usable(there) and \
                        frozenset((here, there)) not in down:
                    parent[there] = here
                    queue.append(there)
        return None


def weeks_left(board):
    """Weeks to the winter interphase, this one included (the treasury's points come in when
    week 52 ends, Lone Warrior 4b)."""
    return 52 - int(board.phase[5:7]) + 1


def destination(order, here):
    """Where an army stands after its order succeeds: `A X - Y` and `A X - RAIL - Y` end in Y;
    an army that splits or sends equipment off stays (`A X SPLIT 300 - Y`)."""
    parts = order.split(" - ") if order else []
    if len(parts) < 2 or " SPLIT " in parts[0] or " SEND " in parts[0]:
        return here
    return parts[-1].strip()
