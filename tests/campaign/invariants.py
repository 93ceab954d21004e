# SPDX-License-Identifier: Apache-2.0
"""The checks made after every resolved phase of a whole game. Each returns a list of failures
in words ("what, where"); an empty list is a pass. `before` is the position the phase was
adjudicated from, `results` the stored adjudication report (its `next` is the new position)."""

from board import Board, as_unit
from map_graph import province_of

# --- every order line has a verdict -------------------------------------------------------


def unit_of(order_text):
    """'A PAR - BUR' -> 'A PAR'; 'BUY 1 T PAR' -> 'BUY 1 T PAR' (not a unit order)."""
    words = order_text.split()
    if len(words) >= 2 and words[0] in ("A", "F", "T", "G"):
        return f"{words[0]} {province_of(words[1])}"
    return order_text


def verdicts_for_every_line(power, submitted_lines, answer, results):
    failures = []
    verdicts = answer.get("verdicts", [])
    numbered = {v.get("line"): v for v in verdicts}
    for number, line in enumerate(submitted_lines, start=1):
        text = line.strip()
        if text and not text.startswith("#") and number not in numbered:
            failures.append(f"{power} line {number} {text!r} got no verdict when submitted")
    if answer.get("replaced") is False:
        # Nothing was accepted, so the orders in force were kept (docs/mail.md): the refused
        # lines had their verdict in the answer and are not part of the phase's orders.
        return failures
    reported = results.get("orders", [])
    # A refused line is reported with its line number and text; a line that names another
    # power ("Belgium: A LOU H" from France's seat) is filed under the power it names.
    illegal = {(o.get("line"), o.get("input")) for o in reported if o.get("result") == "illegal"}
    adjudicated = {(o.get("power"), o.get("order")) for o in reported if "order" in o}
    # Under fog of war a line is judged against the seat's view when submitted and again against
    # the whole position when resolved (docs/fog-of-war.md, "Verdicts"): one accepted against the
    # view may be refused then, and its verdict is that refusal, with the stored text as input.
    refused_late = {(o.get("power"), o.get("input", "").split(": ", 1)[-1]) for o in reported
                    if o.get("result") == "illegal"}
    for v in verdicts:
        line, text = v.get("line"), v.get("input", "")
        if v.get("status") != "accepted":
            if (line, text) not in illegal:
                failures.append(f"{power} line {line} {text!r}: refused when submitted "
                                f"({v.get('error')}) but not reported in the results")
            continue
        note = v.get("note", "")
        if "replaced by line" in note:
            other = numbered.get(int(note.split("replaced by line")[1].split(";")[0].strip()))
            if other is None or unit_of(other.get("order", "")) != unit_of(v.get("order", "")):
                failures.append(f"{power} line {line} {v.get('order')!r} was replaced by "
                                f"{other and other.get('order')!r}, an order for another unit: "
                                f"it has no verdict of its own")
            continue
        if (power, v.get("order")) not in adjudicated and \
                (power, v.get("order")) not in refused_late:
            failures.append(f"{power} line {line} {v.get('order')!r}: accepted, but the results "
                            f"give it no verdict")
    return failures


# --- supply, points and stores change only as events say ----------------------------------

# --- every result explains itself ---------------------------------------------------------


def results_explained(phase, results):
    """Every unit's result in a movement phase carries its explanation (docs/adjudication.md,
    "Explanations"), its sentence opens with the order, and its strengths agree with the result:
    a move that succeeded beat every strength against it (unless the circular movement rule
    moved it); one that failed met a strength at least its own, had attack 0, or lost its way;
    a unit dislodged met an attack above its hold."""
    failures = []
    if not phase.endswith("M"):
        return failures
    for entry in results.get("orders", []):
        order, result = entry.get("order"), entry.get("result")
        if order is None or result == "illegal":
            continue
        explained = entry.get("explanation")
        if explained is None:
            # An army's or a fleet's order; a train's, a garrison's or a purchase is no unit's
            # of the resolver and has its reason and events instead.
            if order.split()[0] in ("A", "F"):
                failures.append(f"{entry.get('power')} {order!r}: no explanation")
            continue
        text = explained.get("text", "")
        if not text.startswith(order):
            failures.append(f"{order!r}: the sentence does not open with it: {text!r}")
        strengths = explained.get("strengths", [])
        if explained.get("kind") == "move" and strengths:
            attack = strengths[0]["value"]
            against = [s["value"] for s in strengths[1:]]
            if result == "succeeds" and "circular movement" not in explained.get("rules", []) \
                    and any(v >= attack for v in against):
                failures.append(f"{order!r} succeeded with attack {attack} against {against}")
            if result == "fails" and attack > 0 and strengths[0].get("zero") is None \
                    and all(v < attack for v in against) and "route" not in explained:
                failures.append(f"{order!r} failed though attack {attack} beat {against}: {text!r}")
        held = explained.get("held", [])
        if held and explained.get("dislodged_by") is not None:
            if not any(a["value"] > held[0]["value"] for a in held[1:]):
                failures.append(f"{order!r} dislodged by no attack above its hold: {text!r}")
    return failures


def all_units(position):
    """Units on the board and dislodged ones, as (power, dict)."""
    out = []
    for power, units in position.get("units", {}).items():
        out += [(power, as_unit(u)) for u in units]
    for power, entries in position.get("dislodged", {}).items():
        out += [(power, as_unit(u)) for u in entries]
    return out


def supply_parts(position):
    """Supply on the board by where it is: trains, units (with dislodged ones), garrison
    stores."""
    return {"trains": sum(t.get("count", 1) for trains in position.get("trains", {}).values()
                          for t in trains),
            "units": sum(u.get("supply", 0) for _, u in all_units(position)),
            "stores": sum(g.get("stores", 0) for gs in position.get("garrisons", {}).values()
                          for g in gs)}


def supply_on_board(position):
    return sum(supply_parts(position).values())


def supply_conserved(before, results):
    after = results["next"]
    events = results.get("events", [])
    by_events = sum(e.get("supply_change", 0) for e in events)
    ids_after = {u.get("id") for _, u in all_units(after)}
    # A lost country's event already counts the supply of the armies disbanded with it (Lone
    # Warrior 4b; case S.16), as tests/unit/supply_property_test.cpp has it: only other units that
    # left the board (destroyed in battle, disbanded in a retreat) took supply no event counts.
    lost = {e.get("power") for e in events if e.get("kind") == "country.lost"}
    vanished = sum(u.get("supply", 0) for power, u in all_units(before)
                   if u.get("id") not in ids_after and power not in lost)
    change = supply_on_board(after) - supply_on_board(before)
    if change != by_events - vanished:
        was, now = supply_parts(before), supply_parts(after)
        parts = ", ".join(f"{k} {was[k]} -> {now[k]}" for k in was)
        return [f"supply on the board changed by {change}, the events say {by_events} and "
                f"units that left the board carried {vanished} (unexplained: "
                f"{change - (by_events - vanished)}; {parts})"]
    return []


def mentions(events, power, provinces, unit_names):
    for e in events:
        if e.get("province") in provinces and e.get("power") in (power, None):
            return True
        if any(name in e.get("text", "") for name in unit_names):
            return True
    return False


# Event kinds (before the first dot) that may change a treasury: purchases, the winter's
# replacements, a country's loss, a city changing hands.
TREASURY_EVENTS = {"supply", "replacements", "country", "control", "rivers", "reinforcements"}
# Whole event kinds that may: a detachment raised is paid from the treasury (docs/detachments.md).
TREASURY_KINDS = {"detachment.raised"}


def classes_of(position):
    """{(power, army id): {class: points}} of the position's experience classes
    (docs/experience.md); an army without a record is trained throughout."""
    return {(power, e.get("army")): {k: v for k, v in e.items() if k != "army"}
            for power, entries in position.get("experience", {}).items() for e in entries}


def classes_explained(before, results):
    """An army still on the board whose classes changed has an experience event naming it."""
    failures = []
    after, events = results["next"], results.get("events", [])
    was, now = classes_of(before), classes_of(after)
    for power, unit in all_units(after):
        key = (power, unit.get("id"))
        if was.get(key, {}) == now.get(key, {}):
            continue
        if not any(e.get("kind", "").startswith("experience.") and e.get("power") == power and
                   f"(army {unit.get('id')})" in e.get("text", "") for e in events):
            failures.append(f"{unit['unit']} (id {unit.get('id')}): classes {was.get(key, {})} "
                            f"-> {now.get(key, {})} with no event")
    return failures


def points_and_stores_explained(before, results):
    failures = []
    after, events = results["next"], results.get("events", [])
    old = {u.get("id"): (p, u) for p, u in all_units(before) if u.get("id")}
    for power, unit in all_units(after):
        was = old.get(unit.get("id"))
        if not was or was[1].get("points", 0) == unit.get("points", 0):
            continue
        places = {Board.where(was[1]), Board.where(unit)}
        if not mentions(events, power, places, [was[1]["unit"], unit["unit"]]):
            failures.append(f"{unit['unit']} (id {unit.get('id')}) went from "
                            f"{was[1].get('points')} to {unit.get('points')} points with no event")
    old_g = {(p, g["province"]): g for p, gs in before.get("garrisons", {}).items() for g in gs}
    new_g = {(p, g["province"]): g for p, gs in after.get("garrisons", {}).items() for g in gs}
    # A lost country's garrisons leave with it: the event is in its capital.
    lost = {e.get("power") for e in events if e.get("kind") == "country.lost"}
    for key in sorted(set(old_g) | set(new_g)):
        a, b = old_g.get(key), new_g.get(key)
        for field in ("stores", "points"):
            if (a or {}).get(field, 0) != (b or {}).get(field, 0) and key[0] not in lost and \
                    not any(e.get("province") == key[1] for e in events):
                failures.append(f"the {key[0]} garrison of {key[1]}: {field} "
                                f"{(a or {}).get(field, 0)} -> {(b or {}).get(field, 0)} "
                                f"with no event in {key[1]}")
    for power in sorted(set(before.get("treasury", {})) | set(after.get("treasury", {}))):
        was, now = before.get("treasury", {}).get(power, 0), after.get("treasury", {}).get(power, 0)
        if was != now and not any(e.get("power") == power and
                                  (e.get("kind", "").split(".")[0] in TREASURY_EVENTS or
                                   e.get("kind") in TREASURY_KINDS)
                                  for e in events):
            failures.append(f"{power}'s treasury went from {was} to {now} with no event")
    return failures + classes_explained(before, results)


def dislodged_keep_their_strength(before, results):
    """A dislodged campaign army keeps its points, supply and equipment (docs/campaign.md): the
    retreat phase's entry must carry what the unit had."""
    failures = []
    events = results.get("events", [])
    was = {(p, Board.where(u)): u for p, u in all_units(before)}
    for power, entries in results["next"].get("dislodged", {}).items():
        for entry in entries:
            unit = as_unit(entry)
            old = was.get((power, Board.where(unit)))
            if not old:
                continue
            # Points and supply may change in the same week only with an event saying so
            # (consumption, a siege's losses); the rest never.
            explained = mentions(events, power, {Board.where(unit)}, [unit["unit"]])
            # The report leaves out a zero: supply eaten down to nothing is absent, not lost.
            counted = ("points", "supply")
            # A general leaves his army only killed, with an event that names him (a battle
            # fought on the tabletop, docs/tabletop-battles.md).
            fell = bool(old.get("general")) and any(
                old["general"] in e.get("text", "") and "killed" in e.get("text", "")
                for e in events)
            lost = [f"{k} {old[k]}" for k in ("id", "points", "supply", "siege_guns",
                                               "engineers", "general")
                    if k in old and unit.get(k, 0 if k in counted else None) != old[k]
                    and not (k in counted and explained) and not (k == "general" and fell)]
            if lost:
                failures.append(f"dislodged {power} {unit['unit']} lost {', '.join(lost)} "
                                f"(the retreat entry is {unit})")
    return failures


# --- dice, signs and places ---------------------------------------------------------------

def dice_logged(check):
    failures = []
    for roll in check.get("unlogged_rolls", []):
        failures.append(f"a die was rolled with no event: {roll}")
    for roll in check.get("logged_without_die", []):
        failures.append(f"an event shows a roll no die produced: {roll}")
    return failures


def nothing_negative(document, path=""):
    failures = []
    if isinstance(document, dict):
        for key, value in document.items():
            failures += nothing_negative(value, f"{path}/{key}")
    elif isinstance(document, list):
        for i, value in enumerate(document):
            failures += nothing_negative(value, f"{path}/{i}")
    elif isinstance(document, (int, float)) and not isinstance(document, bool) and document < 0:
        failures.append(f"{path} is negative: {document}")
    return failures


def one_place_each(position):
    failures = []
    where, ids = {}, {}
    for power, units in position.get("units", {}).items():
        for entry in units:
            unit = as_unit(entry)
            province = Board.where(unit)
            if province in where:
                failures.append(f"{power} {unit['unit']} and {where[province]} share {province}")
            where[province] = f"{power} {unit['unit']}"
            if "id" in unit:
                if unit["id"] in ids:
                    failures.append(f"unit id {unit['id']} is both {ids[unit['id']]} and "
                                    f"{power} {unit['unit']}")
                ids[unit["id"]] = f"{power} {unit['unit']}"
    for power, entries in position.get("dislodged", {}).items():
        for entry in entries:
            unit = as_unit(entry)
            if unit.get("id") in ids:
                failures.append(f"dislodged {power} {unit['unit']} is also on the board as "
                                f"{ids[unit['id']]}")
    garrisoned = {}
    for power, gs in position.get("garrisons", {}).items():
        for g in gs:
            if g["province"] in garrisoned:
                failures.append(f"two garrisons in {g['province']}: {garrisoned[g['province']]} "
                                f"and {power}")
            garrisoned[g["province"]] = power
    return failures


def detachments_of(position):
    """{(power, province)} of the position's detachments (docs/detachments.md)."""
    return {(power, p) for power, provinces in position.get("detachments", {}).items()
            for p in provinces}


def detachments_hold(graph, before, results, week_ran=True):
    """Lone Warrior 4f (docs/detachments.md): one detachment a province; none stands with an enemy
    army or garrison once a week's steps have run (`week_ran`: a movement phase; it gave way or
    was lost; an army retreating onto one is met as the next week ends); and every detachment that
    came, went or moved has a detachment event in the province it left or entered or next to
    it (a move's, a combat's and a scouting's events are in the province ridden into)."""
    failures = []
    nxt = results.get("next", {})
    events = results.get("events", [])
    where = {}
    for power, p in sorted(detachments_of(nxt)):
        if p in where:
            failures.append(f"detachments of {where[p]} and {power} share {p}")
        where[p] = power
    armies = {Board.where(u): power for power, u in all_units({"units": nxt.get("units", {})})}
    garrisons = {g["province"]: power for power, gs in nxt.get("garrisons", {}).items()
                 for g in gs}
    for p, power in sorted(where.items() if week_ran else []):
        for holder in (armies.get(p), garrisons.get(p)):
            if holder and graph.enemies(power, holder):
                failures.append(f"{power}'s detachment in {p} stands with {holder}'s troops")
    told = {(e.get("power"), e.get("province")) for e in events
            if e.get("kind", "").startswith("detachment.")}
    told_anyone = {p for _, p in told}
    was, now = detachments_of(before), detachments_of(nxt)
    def near(p):
        return p in told_anyone or any(q in told_anyone for q in graph.army.get(p, []))

    for power, p in sorted(was - now):
        if not near(p):
            failures.append(f"{power}'s detachment left {p} with no event there or next to it")
    for power, p in sorted(now - was):
        if not near(p):
            failures.append(f"{power}'s detachment came to {p} with no event there or next to it")
    return failures


def roll_values(results):
    return [f"roll out of range: {e['roll']}" for e in results.get("events", [])
            if "roll" in e and not 1 <= e["roll"].get("d10", 0) <= 10]


# --- the week's summary -------------------------------------------------------------------

def summary_agrees(gm_summary, player_summaries, position):
    """The GM's summary has every power; a player's only its own; the armies supplied agree
    with the position."""
    failures = []
    groups = {g["power"]: g for g in gm_summary.get("powers", [])}
    for power, summary in player_summaries.items():
        names = [g["power"] for g in summary.get("powers", [])]
        if names != [power]:
            failures.append(f"{power}'s summary shows {names}")
    for power, units in position.get("units", {}).items():
        armies = [as_unit(u) for u in units if as_unit(u)["unit"].startswith("A ")]
        supplied = sum(1 for u in armies if u.get("supply", 0) > 0)
        group = groups.get(power, {})
        if (group.get("armies"), group.get("supplied")) != (len(armies), supplied):
            failures.append(f"the GM's summary says {power} has {group.get('supplied')} of "
                            f"{group.get('armies')} armies supplied; the position "
                            f"{supplied} of {len(armies)}")
    return failures


# --- fog of war (docs/fog-of-war.md) ---------------------------------------------------------


def fog_holds(truth, views, public):
    """Each power's document shows its own units exactly, the others' units only where its view
    sees and all of them there; the public's shows no units, garrisons or trains. `truth` is
    the GM's position, `views` {power: the game document as that seat reads it}."""
    failures = []
    real = {(p, u["unit"]) for p, u in all_units(truth)}
    for power, document in views.items():
        view = document.get("view")
        if view is None:
            failures.append(f"{power}'s document has no view in a game in the fog")
            continue
        seen = set(view.get("seen", []))
        shown = {(p, u["unit"]) for p, u in all_units(document["position"])}
        mine = {(p, u) for p, u in real if p == power}
        if {(p, u) for p, u in shown if p == power} != mine:
            failures.append(f"{power} does not see its own units as they stand")
        for p, u in sorted(shown - mine):
            if (p, u) not in real:
                failures.append(f"{power} sees {p}'s {u}, which is not on the board")
            elif province_of(u.split()[1]) not in seen:
                failures.append(f"{power} sees {p}'s {u} outside its view")
        for p, u in sorted(real - mine):
            if province_of(u.split()[1]) in seen and (p, u) not in shown:
                failures.append(f"{power} does not see {p}'s {u} in its view")
        mine_d = {(p, q) for p, q in detachments_of(truth) if p == power}
        shown_d = detachments_of(document["position"])
        if {(p, q) for p, q in shown_d if p == power} != mine_d:
            failures.append(f"{power} does not see its own detachments as they stand")
        for p, q in sorted(shown_d - mine_d):
            if q not in seen:
                failures.append(f"{power} sees {p}'s detachment in {q} outside its view")
        for p, q in sorted(detachments_of(truth) - mine_d):
            if q in seen and (p, q) not in shown_d:
                failures.append(f"{power} does not see {p}'s detachment in {q} in its view")
        for p in document["position"].get("scouted", {}):
            if p != power:
                failures.append(f"{power} reads {p}'s scouting reports")
    for key in ("units", "garrisons", "trains", "treasury", "detachments", "scouted"):
        if public.get(key):
            failures.append(f"the public reads {key} of a game in the fog")
    return failures
