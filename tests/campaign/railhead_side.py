# SPDX-License-Identifier: Apache-2.0
"""The careful campaign side (`--style careful`): it plays as the bold side does (campaign_side.py)
but keeps to its railheads. An army advances only into a province from which its supply line
(docs/campaign.md: the shortest road to a friendly city, a map-edge source or an operational
railhead, never through an enemy army) is at most `train_speed` roads long, so a train sent this
week reaches it this week (Lone Warrior 4a; the standing order's rate in docs/campaign.md); it
besieges only a fortress within that reach, and an army that finds itself beyond it steps back.
Every army has a standing supply order (`T C SUPPLY A X EVERY WEEK`) from its own city: one
train leaves a city per week (4a), so no two armies share one, and a city that is not the army's
base must reach the base by the power's operational rail within its LOC capacity (docs/rail.md,
"Supply by rail"). The rail catches up one link a week (18.2.1 step 5), and the army waits for
it. The supply orders are the quartermaster's (quartermaster.py), which the bold side uses too."""

from board import Board
from campaign_side import RIDE_DISTANCE, CampaignSide
from quartermaster import destination


class RailheadSide(CampaignSide):
    def within_reach(self, reach, province):
        return reach.get(province, 1 << 30) <= self.graph.train_speed

    # --- movement ------------------------------------------------------------------------

    def movement_orders(self, board):
        bases = self.bases(board)
        reach = self.reach(board, bases)
        lines = []
        targets_taken = set()
        moves = {}  # army name -> where it will stand if its order succeeds
        units = sorted(board.units.get(self.power, []), key=lambda u: u["unit"])
        for unit in units:
            if Board.kind(unit) != "A":
                continue
            here = Board.where(unit)
            order = self.careful_order(board, unit, here, reach, targets_taken)
            lines.append(order)
            moves[unit["unit"]] = destination(order, here)
        lines += self.supply_orders(board, bases, units, moves)
        lines += self.garrison_orders(board)
        lines += self.general_transfers(board)
        return [line for line in lines if line]

    def careful_order(self, board, unit, here, reach, targets_taken):
        name = unit["unit"]
        garrison_power, _ = board.garrison_at(here)
        enemy_garrison = garrison_power is not None and self.graph.enemies(self.power,
                                                                           garrison_power)
        if enemy_garrison and unit.get("engineers", 0) > 0 and self.within_reach(reach, here):
            siege = board.siege_of(self.power, here)
            if siege and siege.get("weeks", 0) >= 2:
                order = self.try_first([f"{name} ASSAULT", f"{name} BREACH", f"{name} BESIEGE"])
            else:
                order = self.try_first([f"{name} BESIEGE"])
            if order:
                targets_taken.add(here)
                return order
        if not unit.get("supply_line") and unit.get("supply", 0) == 0:
            return self.fall_back(board, name, here, targets_taken)
        if not self.within_reach(reach, here):
            return self.step_back(board, name, here, reach, targets_taken)
        goals = [g for g in self.objectives(board) + self.fortresses_in_reach(board, unit, here)
                 if self.within_reach(reach, g) or g in self.graph.cities]
        distance, goal = self.nearest(here, goals)
        if goal is None or distance == 0:
            targets_taken.add(here)
            return f"{name} H"
        if self.graph.rail and distance >= RIDE_DISTANCE:
            # A ride ends on operational rail, a supply base: always within reach.
            ride = self.ride_on(board, name, here, goal, targets_taken)
            if ride:
                return ride
        to_goal = self.graph.distances(goal)
        steps = [n for n in self.graph.army.get(here, [])
                 if to_goal.get(n, 1 << 30) < to_goal.get(here, 1 << 30)
                 and self.within_reach(reach, n) and n not in targets_taken]
        steps.sort(key=lambda n: (to_goal[n], reach.get(n, 1 << 30), n))
        for step in steps:
            held = board.at.get(step)
            if held and not self.graph.enemies(self.power, held[0]):
                continue
            enemy = self.enemy_army_at(board, step)
            if enemy and enemy.get("points", 0) * 1.2 >= unit.get("points", 0):
                continue  # the odds do not allow an attack
            targets_taken.add(step)
            return f"{name} - {step}"
        targets_taken.add(here)
        return f"{name} H"  # wait for the railhead to come up

    def step_back(self, board, name, here, reach, targets_taken):
        """Beyond reach of every base: one road nearer the nearest, if it is free."""
        options = [n for n in self.graph.army.get(here, [])
                   if reach.get(n, 1 << 30) < reach.get(here, 1 << 30)
                   and n not in targets_taken and n not in board.at]
        options.sort(key=lambda n: (reach[n], n))
        if not options:
            targets_taken.add(here)
            return f"{name} H"
        targets_taken.add(options[0])
        return f"{name} - {options[0]}"
