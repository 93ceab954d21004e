# SPDX-License-Identifier: Apache-2.0
"""A scripted side for a campaign map (western-front-1914), playing as a player would: each army
advances on the nearest enemy city (or enemy fortress two roads away), besieges the fortress it
stands in and assaults or breaches when the odds allow (the server's live validation says whether
they do), rides the rail when the objective is far, waits for its trains when far ahead of them,
keeps every army supplied as a careful player would (quartermaster.py: a standing order for each
army from a city of its own, trains bought ahead) and retreats towards its own cities when
dislodged. The driver's seed breaks ties, so every seed plays a different
but reproducible game."""

from board import Board
from quartermaster import Quartermaster, destination
from side import Side

# How far an army may stand from its supply base before it waits for its trains.
MAX_LINE_ROADS = 4
# An army with an engineer also marches on enemy fortresses this near (the driver's
# --fortress-reach).
FORTRESS_REACH = 2
# An army rides when its objective is at least this many roads away.
RIDE_DISTANCE = 3
# An army in its field works retires from them when an enemy army next to it has this many
# times its points (Lone Warrior 5b: the works double its own, so beyond that they would not hold).
RETIRE_ODDS = 2
# Detachments (Lone Warrior 4f, docs/detachments.md): a side keeps at most this many, raises one a
# week with this chance while it can pay and keep the trains' money, and sends each one out
# with this chance a week (else it stays where it is).
MOST_DETACHMENTS = 3
RAISE_CHANCE = 0.3
# ... and raises one only while the treasury also holds a train a week for each army for this
# many weeks: a small raiding budget, where the new armies and the flotillas wait for what
# is left beyond the trains until the winter (quartermaster.py).
DETACHMENT_RESERVE_WEEKS = 4
RIDE_OUT_CHANCE = 0.7
# How often an army far from its goal with no station in its province marches to the railhead next
# door and rides on from there (OCS rail movement step 1, docs/rail-movement.md), and how often a
# new army comes on by rail from the map edge to a railhead nearer the enemy
# (docs/reinforcements.md, "By rail").
MARCH_RIDE_CHANCE = 0.7
RAISE_BY_RAIL_CHANCE = 0.5


class CampaignSide(Quartermaster, Side):
    def __init__(self, graph, power, game, rng, fortress_reach=FORTRESS_REACH):
        super().__init__(graph, power, game, rng)
        self.fortress_reach = fortress_reach
        self.field_works = graph.field_works

    # --- reading the board ---------------------------------------------------------------

    def friendly(self, power):
        return power is not None and not self.graph.enemies(self.power, power)

    def objectives(self, board):
        """Cities held by an enemy side or by nobody."""
        return [c for c in self.graph.cities
                if not self.friendly(board.owner.get(c))]

    def fortresses_in_reach(self, board, unit, here):
        """Enemy-held fortresses within `fortress_reach` roads, for an army that can besiege."""
        if unit.get("engineers", 0) <= 0 or self.fortress_reach <= 0:
            return []
        dist = self.graph.distances(here)
        out = []
        for fortress in self.graph.fortresses:
            holder, _ = board.garrison_at(fortress)
            if holder and self.graph.enemies(self.power, holder) and \
                    dist.get(fortress, 1 << 30) <= self.fortress_reach:
                out.append(fortress)
        return out

    def nearest(self, start, goals, passable=None):
        dist = self.graph.distances(start, passable)
        reachable = [(dist[g], g) for g in goals if g in dist]
        return min(reachable) if reachable else (None, None)

    def enemy_army_at(self, board, province):
        held = board.at.get(province)
        if held and self.graph.enemies(self.power, held[0]) and Board.kind(held[1]) == "A":
            return held[1]
        return None

    def try_first(self, candidates):
        for line in candidates:
            if self.game.accepted(self.power, line):
                return line
        return None

    # --- movement ------------------------------------------------------------------------

    def movement_orders(self, board):
        lines = []
        targets_taken = set()
        moves = {}  # army name -> where it will stand if its order succeeds
        treasury = board.treasury.get(self.power, 0)
        units = sorted(board.units.get(self.power, []), key=lambda u: u["unit"])
        for unit in units:
            if Board.kind(unit) != "A":
                continue
            here = Board.where(unit)
            order = self.army_order(board, unit, here, targets_taken)
            lines.append(order)
            moves[unit["unit"]] = destination(order, here)
        # Supply as a careful player sees to it (quartermaster.py): a standing order for every
        # army from a city of its own, trains bought ahead for the armies that ran down.
        lines += self.supply_orders(board, self.bases(board), units, moves)
        lines += self.garrison_orders(board)
        lines += self.general_transfers(board)
        raised, treasury = self.raise_army(board, treasury)
        lines += raised
        flotilla = self.flotilla_purchase(board, treasury)
        lines += flotilla
        if flotilla:
            treasury -= self.graph.flotilla_cost
        lines += self.detachment_orders(board, treasury)
        return [line for line in lines if line]

    def raise_army(self, board, treasury):
        """A new army (docs/reinforcements.md) at a free muster place of ours nearest the enemy,
        when the treasury holds it, its supply and a train a week for each army, the new one
        too, until the winter interphase (the quartermaster's reserve): 300 points when it can,
        else the least an army may have."""
        if not self.graph.reinforcements:
            return [], treasury
        least = (self.graph.army_strength or (250, 750))[0]
        armies = [u for u in board.units.get(self.power, []) if Board.kind(u) == "A"]
        reserve = self.trains_until_winter(board, len(armies) + 1)
        carry = 2 * self.graph.train_cost
        points = 300 if treasury >= 300 + carry + reserve else least
        if treasury < points + carry + reserve:
            return [], treasury
        enemies = [Board.where(u) for p, us in board.units.items()
                   if self.graph.enemies(self.power, p) for u in us]
        free = [p for p in self.graph.muster.get(self.power, []) if p not in board.at]
        def distance(place):
            near = self.graph.distances(place)
            return min((near[e] for e in enemies if e in near), default=99)
        lines = [f"RAISE {points} A {place}"
                 for place in sorted(free, key=lambda p: (distance(p), p))]
        if self.graph.rail and self.rng.random() < RAISE_BY_RAIL_CHANCE:
            # By rail from the map edge to one of our railheads nearer the enemy than any
            # muster place (OCS rail movement; docs/reinforcements.md, "By rail").
            states = board.position.get("rail", {}).get(self.power, {})
            operational = {p for state in ("capacity_1", "capacity_2", "capacity_3", "exceptional")
                           for p in states.get(state, [])}
            nearest = min((distance(p) for p in free), default=99)
            muster = self.graph.muster.get(self.power, [])
            stations = [r for r in self.graph.railheads if r in operational and r not in board.at
                        and r not in muster and distance(r) < nearest]
            lines = [f"RAISE {points} A {r} BY RAIL"
                     for r in sorted(stations, key=lambda r: (distance(r), r))[:3]] + lines
        for line in lines:
            if self.game.accepted(self.power, line):
                return [line], treasury - points - carry
        return [], treasury

    def flotilla_purchase(self, board, treasury):
        """A barge flotilla (docs/rivers.md) in our river city nearest our armies, when the
        treasury holds its cost beside a train a week for each army until the winter interphase,
        up to two a power: the barges carry the armies' lines past a besieged fortress on the
        river. A flotilla costs a hundred trains on the 1914 map: bought in the first week, it
        left Germany no points for trains by the eighth."""
        if self.graph.flotilla_cost is None:
            return []
        mine = board.position.get("flotillas", {}).get(self.power, [])
        armies = [Board.where(u) for u in board.units.get(self.power, []) if Board.kind(u) == "A"]
        reserve = self.trains_until_winter(board, len(armies))
        if len(mine) >= 2 or not armies or treasury < self.graph.flotilla_cost + reserve:
            return []
        near = {}
        for here in armies:
            for place, steps in self.graph.distances(here).items():
                near[place] = min(steps, near.get(place, steps))
        cities = sorted((near[c], c) for c in self.graph.river_cities
                        if c in near and c not in mine and board.owner.get(c) == self.power)
        for _, city in cities:
            line = f"BUY FLOTILLA {city}"
            if self.game.accepted(self.power, line):
                return [line]
        return []

    def detachment_orders(self, board, treasury):
        """Detachments (docs/detachments.md) where the map has them: each rides one province
        towards the nearest enemy army or enemy-held city it knows of, to scout, fight the
        enemy's detachments and take trains; and a new one is raised in one of our cities now
        and then, when the treasury can spare its price beside DETACHMENT_RESERVE_WEEKS weeks
        of trains for each army."""
        if not self.graph.detachments:
            return []
        lines = []
        mine = sorted(board.detachments.get(self.power, []))
        enemy_armies = [p for p, (power, unit) in board.at.items()
                        if self.graph.enemies(self.power, power)]
        goals = sorted(set(enemy_armies) | set(self.objectives(board)))
        entering = set()
        for here in mine:
            if self.rng.random() >= RIDE_OUT_CHANCE:
                continue
            _, goal = self.nearest(here, goals)
            step = self.graph.first_step(here, goal) if goal and goal != here else None
            if step is None or step in entering or step in mine:
                continue
            line = f"D {here} - {step}"
            if self.game.accepted(self.power, line):
                lines.append(line)
                entering.add(step)
        armies = sum(1 for u in board.units.get(self.power, []) if Board.kind(u) == "A")
        reserve = self.graph.train_cost * DETACHMENT_RESERVE_WEEKS * armies
        if len(mine) < MOST_DETACHMENTS and treasury >= self.graph.detachment_cost + reserve \
                and self.rng.random() < RAISE_CHANCE:
            own = [c for c in self.graph.cities
                   if board.owner.get(c) == self.power and c not in mine]
            for city in sorted(own, key=lambda c: (self.rng.random(), c))[:3]:
                line = f"BUY D {city}"
                if self.game.accepted(self.power, line):
                    lines.append(line)
                    break
        return lines

    def army_order(self, board, unit, here, targets_taken):
        name = unit["unit"]
        garrison_power, _ = board.garrison_at(here)
        enemy_garrison = garrison_power is not None and self.graph.enemies(self.power,
                                                                           garrison_power)
        if enemy_garrison and unit.get("engineers", 0) > 0:
            siege = board.siege_of(self.power, here)
            if siege and siege.get("weeks", 0) >= 2:
                order = self.try_first([f"{name} ASSAULT", f"{name} BREACH", f"{name} BESIEGE"])
            else:
                order = self.try_first([f"{name} BESIEGE"])
            if order:
                targets_taken.add(here)
                return order
        join = self.join(board, unit, here)
        if join:
            targets_taken.add(here)
            return join
        send = self.send_equipment(board, unit, here, targets_taken)
        if send:
            return send
        supply = unit.get("supply", 0)
        line = unit.get("supply_line") or []
        if not line and supply == 0:
            return self.fall_back(board, name, here, targets_taken)
        if supply <= 1 and len(line) - 1 >= MAX_LINE_ROADS and not enemy_garrison:
            targets_taken.add(here)
            # Wait for the trains rather than outrun them, converting the rail meanwhile.
            return self.convert(board, unit, here, self.graph.rail_neighbours.get(here, [])) \
                or f"{name} H"
        distance, goal = self.nearest(here, self.objectives(board) +
                                      self.fortresses_in_reach(board, unit, here))
        if goal is None or distance == 0:
            targets_taken.add(here)
            return f"{name} H"
        if self.graph.rail and distance >= RIDE_DISTANCE:
            ride = self.ride_on(board, name, here, goal, targets_taken)
            if ride:
                return ride
        step = self.graph.first_step(here, goal)
        if step is None or step in targets_taken:
            targets_taken.add(here)
            return f"{name} H"
        # Where the way on is rail of the enemy's gauge, the engineers lay it in ours first, one
        # week in two, so the railheads and the trains can follow the advance.
        if self.graph.gauges and self.rng.random() < 0.5:
            convert = self.convert(board, unit, here, [step])
            if convert:
                targets_taken.add(here)
                return convert
        held = board.at.get(step)
        if held and not self.graph.enemies(self.power, held[0]):
            targets_taken.add(here)
            return f"{name} H"
        # An army with points to spare sends a detachment ahead one week in five (Lone Warrior 4c)
        # and holds where it is; the detachment marches on from there the next week.
        split = self.split(unit, here, step, held)
        if split:
            targets_taken.update((here, step))
            return split
        enemy = self.enemy_army_at(board, step)
        if enemy and enemy.get("points", 0) * 1.2 >= unit.get("points", 0):
            targets_taken.add(here)
            return self.hold(board, unit, here)  # the odds do not allow an attack
        if not self.may_leave(board, unit, here, step):
            targets_taken.add(here)
            return self.hold(board, unit, here)
        targets_taken.add(step)
        return f"{name} - {step}"

    def may_leave(self, board, unit, here, step):
        """Whether the server accepts the army's move to `step`, asked only where it may not
        (docs/army-strength.md): an army with too few or too many points to be sent out on
        campaign from a city of our side into the field."""
        if not self.graph.army_strength:
            return True
        least, most = self.graph.army_strength
        if least <= unit.get("points", 0) <= most:
            return True
        def city_of_ours(p):
            return p in self.graph.cities and self.friendly(board.owner.get(p))
        if not city_of_ours(here) or city_of_ours(step):
            return True
        return self.game.accepted(self.power, f"{unit['unit']} - {step}")

    def hold(self, board, unit, here):
        """An army that stays where it is facing an enemy army digs in (Lone Warrior 5b) where the
        map has field works and it has an engineer; in its works, it retires from an enemy army
        of RETIRE_ODDS times its points to a free province of its side's, and else holds in
        them (the RETIRE holds too when nobody attacks)."""
        name = unit["unit"]
        if not self.field_works:
            return f"{name} H"
        neighbours = self.graph.army.get(here, [])
        threats = [e for e in (self.enemy_army_at(board, p) for p in neighbours) if e]
        if not threats:
            return f"{name} H"
        own = board.works_of(self.power, here)
        if own:
            strongest = max(e.get("points", 0) for e in threats)
            if strongest >= RETIRE_ODDS * unit.get("points", 0):
                away = [p for p in neighbours if p not in board.at and
                        not any(self.enemy_army_at(board, q) for q in self.graph.army.get(p, []))]
                for p in sorted(away, key=lambda p: (self.rng.random(), p)):
                    line = f"{name} RETIRE - {p}"
                    if self.game.accepted(self.power, line):
                        return line
            return f"{name} H"
        if unit.get("engineers", 0) > 0:
            line = f"{name} ENTRENCH"
            if self.game.accepted(self.power, line):
                return line
        return f"{name} H"

    def join(self, board, unit, here):
        """A JOIN order (docs/army-strength.md) for an army worn below the least points of a
        detachment, into an army of ours next to it; else None."""
        if not self.graph.army_strength or unit.get("points", 0) >= self.graph.army_strength[0]:
            return None
        for there in self.graph.army.get(here, []):
            held = board.at.get(there)
            if not held or held[0] != self.power or not held[1]["unit"].startswith("A "):
                continue
            line = f"{unit['unit']} JOIN {there}"
            if self.game.accepted(self.power, line):
                return line
        return None

    def split(self, unit, here, step, held):
        """A SPLIT order (docs/army-strength.md) of half the army's points, within the
        detachment's limits, into the empty province `step`, one week in five; else None."""
        if not self.graph.army_strength or held:
            return None
        least, most = self.graph.army_strength
        points = unit.get("points", 0)
        if points < 2 * least or self.rng.random() >= 0.2:
            return None
        # Half the time the detachment takes a siege gun along, where the army has two or more.
        kit = " WITH 1 SIEGE GUN" if unit.get("siege_guns", 0) >= 2 and \
            self.rng.random() < 0.5 else ""
        line = f"{unit['unit']} SPLIT {min(most, points // 2)}{kit} - {step}"
        return line if self.game.accepted(self.power, line) else None

    def send_equipment(self, board, unit, here, targets_taken):
        """Equipment alone (Lone Warrior 4c: "Equipment moving alone ... considered an army for
        order purposes"; docs/army-strength.md): one week in eight an army with two or more
        siege guns sends one into an empty province next to it. The next week the gun, an army
        of no points, joins the army beside it (`join`) or, alone, marches on, and an enemy
        that meets it takes it; else None."""
        if not self.graph.army_strength or unit.get("siege_guns", 0) < 2 or \
                self.rng.random() >= 0.125:
            return None
        free = [p for p in self.graph.army.get(here, [])
                if p not in board.at and p not in targets_taken]
        for there in sorted(free, key=lambda p: (self.rng.random(), p)):
            line = f"{unit['unit']} SEND 1 SIEGE GUN - {there}"
            if self.game.accepted(self.power, line):
                targets_taken.update((here, there))
                return line
        return None

    def convert(self, board, unit, here, towards):
        """A CONVERT order (OCS rail movement, docs/gauge.md) for the first rail link from `here` to
        one of `towards` laid in another gauge than ours, when the army has an engineer and the
        server accepts it; else None."""
        if not self.graph.gauges or unit.get("engineers", 0) <= 0:
            return None
        own = self.graph.power_gauge.get(self.power)
        for there in towards:
            if there not in self.graph.rail_neighbours.get(here, []):
                continue
            if board.gauge_of(self.graph, here, there) == own:
                continue
            line = f"{unit['unit']} CONVERT {there}"
            if self.game.accepted(self.power, line):
                return line
        return None

    def ride_on(self, board, name, here, goal, targets_taken):
        """A ride from a station in the army's province; where there is none, most weeks
        (MARCH_RIDE_CHANCE), a march to a railhead next door and a ride on from there:
        `A MOR - MET - RAIL - LUX`."""
        if here in self.graph.railheads:
            return self.ride(board, name, here, goal, targets_taken)
        if self.rng.random() >= MARCH_RIDE_CHANCE:
            return None
        for station in self.graph.army.get(here, []):
            if station in self.graph.railheads and station not in targets_taken:
                ride = self.ride(board, f"{name} - {station}", station, goal, targets_taken)
                if ride:
                    return ride
        return None

    def ride(self, board, name, here, goal, targets_taken):
        to_goal = self.graph.distances(goal)
        # Only where the power's rail runs (docs/rail.md): a ride disembarks on operational rail.
        states = board.position.get("rail", {}).get(self.power, {})
        operational = {p for state in ("capacity_1", "capacity_2", "capacity_3", "exceptional")
                       for p in states.get(state, [])}
        stops = [r for r in self.graph.railheads
                 if r != here and r in operational and r not in board.at
                 and r not in targets_taken and to_goal.get(r, 1 << 30) < to_goal.get(here, 0) - 1]
        stops.sort(key=lambda r: (to_goal[r], self.rng.random()))
        for stop in stops[:3]:
            line = f"{name} - RAIL - {stop}"
            if self.game.accepted(self.power, line):
                targets_taken.add(stop)
                return line
        return None

    def fall_back(self, board, name, here, targets_taken):
        """Cut off and empty: march towards the nearest city of our side."""
        own = [c for c in self.graph.cities if self.friendly(board.owner.get(c))]
        _, goal = self.nearest(here, own, lambda p: not self.enemy_army_at(board, p))
        step = self.graph.first_step(here, goal) if goal and goal != here else None
        if step is None or step in targets_taken or step in board.at or \
                not self.may_leave(board, board.at[here][1], here, step):
            targets_taken.add(here)
            return f"{name} H"
        targets_taken.add(step)
        return f"{name} - {step}"

    def garrison_orders(self, board):
        lines = []
        for g in board.garrisons.get(self.power, []):
            if board.besieged(g["province"]) and g.get("stores", 0) <= 4 \
                    and not g.get("half_rations"):
                line = f"G {g['province']} HALF RATIONS"
                if self.game.accepted(self.power, line):
                    lines.append(line)
        return lines

    def general_transfers(self, board):
        """Generals' transfers (docs/generals.md) where the map keeps pools: an army standing in a
        city with our garrison takes the better general of the two (the higher type roll with his
        career), since the army marches and fights; the two change places in the city, which
        needs no escort."""
        pool = board.position.get("generals", {}).get(self.power, {}).get("pool", [])
        rank = {g["name"]: i + 1 for i, g in enumerate(pool)}
        lines = []
        for g in board.garrisons.get(self.power, []):
            held = board.at.get(g["province"])
            if not held or held[0] != self.power or Board.kind(held[1]) != "A":
                continue
            army = held[1]
            ours, theirs = army.get("general"), g.get("general")
            if ours not in rank or theirs not in rank or \
                    g.get("general_roll", 0) <= army.get("general_roll", 0):
                continue
            swap = [f"G{rank[theirs]} - {army['unit']}", f"G{rank[ours]} - G {g['province']}"]
            if all(self.game.accepted(self.power, line) for line in swap):
                lines += swap
        return lines

    # --- retreats ------------------------------------------------------------------------

    def retreat_orders(self, board):
        lines = []
        own = [c for c in self.graph.cities if self.friendly(board.owner.get(c))]
        taken = set()
        for entry in board.dislodged.get(self.power, []):
            options = [o for o in entry.get("retreats", []) if o not in taken]
            if not options:
                continue  # nowhere to go: it is destroyed
            options.sort(key=lambda o: (self.nearest(o, own)[0] or 1 << 30, o))
            taken.add(options[0])
            lines.append(f"{entry['unit']} R {options[0]}")
        return lines
