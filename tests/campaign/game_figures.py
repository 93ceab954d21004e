# SPDX-License-Identifier: Apache-2.0
"""What a whole campaign game exercised, week by week (docs/campaign-driver.md, "What a game
exercises"): armies supplied, unsupplied and starving, sieges standing, laid and ended, rides by
rail, trains bought and sent, battles. Read from each movement phase's report and next position,
so that a run shows whether its games were real campaigns or armies starving in place; and the
bound a run must meet (`fed_enough`)."""

import re

from invariants import all_units
from map_graph import province_of

# A march: `A X - Y`, or a ride `A X - RAIL - Y` / `A X - Z - RAIL - Y` (the army ends in Y).
MARCH = re.compile(r"^A (\S+) - (?:.* - )?(\S+)$")
# The week from which the fed-armies bound holds: the armies start with two weeks of supply
# (Lone Warrior 4a), so starving before week 3 says nothing about the sides' supply.
FROM_WEEK = 3
# The least share of army-weeks from FROM_WEEK on that must not starve. The sides of
# quartermaster.py feed 79% to 97% of them (the long runs and the CTest runs,
# docs/campaign-driver.md, "What a game exercises"); the sides before it, which sent a train
# only to an army down to its last week, fed 38% to 58%, and none if every army starved from
# week 3.
LEAST_FED = 0.65


def army_marches(results):
    """The week's accepted army marches as {province: (power, destination)}."""
    out = {}
    for o in results.get("orders", []):
        if o.get("result") == "illegal":
            continue
        m = MARCH.match(o.get("order", ""))
        if m:
            out[province_of(m.group(1))] = (o.get("power"), province_of(m.group(2)))
    return out


def battles(graph, before, results):
    """The provinces where armies of enemies met this week, as the tabletop module counts them
    (docs/tabletop-battles.md, "When armies meet"): a march into a province where an enemy army
    stays or marches head-on against it (one battle), or enemies marching into one province."""
    armies = {}
    for power, units in before.get("units", {}).items():
        for u in units:
            name = u["unit"] if isinstance(u, dict) else u
            if name.startswith("A "):
                armies[province_of(name.split()[1])] = power
    marches = army_marches(results)
    met = set()
    for here, (power, to) in marches.items():
        if armies.get(here) != power:
            continue
        defender = armies.get(to)
        if defender and graph.enemies(power, defender):
            its = marches.get(to)
            if its is None:
                met.add(to)
            elif its[1] == here:
                met.add(frozenset((here, to)))
        for there, (rival, to2) in marches.items():
            if there != here and to2 == to and armies.get(there) == rival and \
                    graph.enemies(power, rival):
                met.add(to)
    return len(met)


class Figures:
    """One game's figures, one entry a movement phase."""

    def __init__(self):
        self.weeks = []  # per week: dict of the counts below

    def add_week(self, graph, before, results, starving):
        nxt = results.get("next", {})
        events = results.get("events", [])

        def count(kind):
            return sum(1 for e in events if e.get("kind") == kind)
        # Dislodged armies too, as the week's summary counts them.
        armies = [u for _, u in all_units(nxt) if u["unit"].startswith("A ")]
        self.weeks.append({
            "armies": len(armies),
            "supplied": sum(1 for u in armies if u.get("supply", 0) > 0),
            "starving": starving,
            "sieges": sum(len(s) for s in nxt.get("sieges", {}).values()),
            "laid": count("siege.laid"),
            "fell": count("siege.fell"),
            "rides": count("rail.ride"),
            "bought": sum(e.get("supply_change", 0) for e in events
                          if e.get("kind") == "supply.bought"),
            "sent": count("supply.dispatched"),
            "by_rail": sum(1 for e in events if e.get("kind") == "supply.dispatched"
                           and " by rail " in e.get("text", "")),
            "battles": battles(graph, before, results),
        })


def totals(figures, key, week=None):
    """The sum of `key` over the games, for one week (1-based) or all of them."""
    out = 0
    for f in figures:
        weeks = f.weeks if week is None else f.weeks[week - 1:week]
        out += sum(w[key] for w in weeks)
    return out


def summary_lines(figures):
    """The short summary a run ends with: per week, summed over the games, then the totals."""
    longest = max((len(f.weeks) for f in figures), default=0)
    if longest == 0:
        return []
    columns = [("armies", "armies"), ("supplied", "supplied"), ("unsupplied", None),
               ("starving", "starving"), ("sieges", "sieges"), ("battles", "battles"),
               ("rides", "rides"), ("bought", "bought"), ("sent", "sent"),
               ("by-rail", "by_rail")]
    widths = [max(len(title), 6) for title, _ in columns]
    lines = ["week " + " ".join(f"{t:>{n}}" for (t, _), n in zip(columns, widths))]
    for w in range(1, longest + 1):
        cells = []
        for _, key in columns:
            cells.append(totals(figures, key, w) if key else
                         totals(figures, "armies", w) - totals(figures, "supplied", w))
        lines.append(f"{w:4d} " + " ".join(f"{c:{n}d}" for c, n in zip(cells, widths)))
    lines.append(f"in all: {totals(figures, 'battles')} battles, {totals(figures, 'laid')} "
                 f"sieges laid, {totals(figures, 'fell')} fortresses fell, "
                 f"{totals(figures, 'rides')} rides by rail, {totals(figures, 'bought')} trains "
                 f"bought, {totals(figures, 'sent')} sent ({totals(figures, 'by_rail')} by rail); "
                 f"{fed_share(figures):.0%} of army-weeks from week {FROM_WEEK} not starving")
    return lines


def fed_share(figures):
    """The share of army-weeks from FROM_WEEK on whose army did not starve; 1 with none."""
    armies = starving = 0
    for f in figures:
        for w in f.weeks[FROM_WEEK - 1:]:
            armies += w["armies"]
            starving += w["starving"]
    return 1.0 if armies == 0 else 1 - starving / armies


def fed_enough(figures, least):
    """The run's bound: at least `least` of the army-weeks from FROM_WEEK on did not starve,
    summed over the games. None when it holds, else why not."""
    share = fed_share(figures)
    if share >= least:
        return None
    return (f"only {share:.0%} of army-weeks from week {FROM_WEEK} on were fed (at least "
            f"{least:.0%} expected): the sides no longer keep their armies supplied")
