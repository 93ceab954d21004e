// SPDX-License-Identifier: Apache-2.0
// A movement phase: run the resolver, then move units, list the dislodged with their retreats.
#include <algorithm>
#include <cassert>
#include <cstring>
#include <utility>

#include "module/rule_module.h"
#include "resolve/movement.h"
#include "resolve/phase_flow.h"
#include "resolve/phases.h"
#include "resolve/retreat_options.h"
#include "variant/variant.h"

namespace adjutant {

namespace {

// The events of the module rides (RideRules::events), each kind's in the order of the units;
// kinds in the order their first ride comes.
void ride_events(const Variant& variant, const Position& position, const MovementResolver& resolver,
                 std::vector<Event>& events) {
    if (!resolver.any_rail()) return;  // no ride, no ride's events
    std::vector<const ModuleOrderKind*> written;
    std::vector<RideOutcome> rides;
    for (std::size_t first = 0; first < position.units.size(); ++first) {
        const Order& o = resolver.order(first);
        if (o.type != OrderType::RailMove || o.kind == nullptr || o.kind->ride == nullptr ||
            o.kind->ride->events == nullptr ||
            std::find(written.begin(), written.end(), o.kind) != written.end())
            continue;
        written.push_back(o.kind);
        rides.clear();
        for (std::size_t i = first; i < position.units.size(); ++i)
            if (resolver.order(i).type == OrderType::RailMove && resolver.order(i).kind == o.kind)
                rides.push_back(RideOutcome{&resolver.order(i), &position.units[i],
                                            resolver.final_location(i).province});
        o.kind->ride->events(variant, position, rides, events);
    }
}

// `points` strength: each unit brings its strength points (docs/design.md, "The adjudicator
// contract") and what the rule modules add to them: to every strength of the unit
// (RuleModule::defence_points) or to its move's attack only (RuleModule::attack_points).
void unit_points(const Variant& variant, const Position& position, std::span<const Order> orders,
                 std::vector<Strength>& points, std::vector<Strength>& attack_bonus) {
    std::vector<const RuleModule*> modules;
    for (const RuleModule* module : rule_modules())
        if (module->enabled(variant)) modules.push_back(module);
    for (const Unit& u : position.units) {
        Strength own = u.stats.points;
        Strength attack = 0;
        for (const RuleModule* module : modules) {
            if (module->defence_points != nullptr)
                own += module->defence_points(variant, position, orders, u);
            if (module->attack_points != nullptr)
                attack += module->attack_points(variant, position, orders, u);
        }
        points.push_back(std::max<Strength>(own, 0));
        attack_bonus.push_back(std::max<Strength>(attack, 0));
    }
}

// Each unit's result, written over the elements `results` holds. A result is plain data, made
// by resize(). Each result's fields are worked out before its order is copied in, through a
// pointer held here: the copy may alias anything, so the resolver's tables are loaded again
// after it. Out of line, as is write_staying_units(): inlined, both loops made
// adjudicate_movement() one large frame whose spills and reloads cost more than two calls.
[[gnu::noinline]] void write_results(const MovementResolver& resolver, std::size_t n,
                                     std::vector<OrderResult>& out) {
    out.resize(n);
    OrderResult* const results = out.data();
    for (std::size_t i = 0; i < n; ++i) {
        const Order& order = resolver.order(i);
        const Reason reason = resolver.failure_reason(i);
        // failure_reason() gives none exactly when the order succeeded.
        const bool succeeded = reason == Reason::None;
        const std::string_view why = resolver.failure_words(i);
        const bool defaulted = !resolver.ordered(i);
        OrderResult& result = results[i];
        result.succeeded = succeeded;
        result.reason = reason;
        result.why = why;
        result.defaulted = defaulted;
        result.order = order;
    }
}

// The units that stay on the board, each copied once and already in the order normalise()
// gives them, so it has nothing to move. Written over the units `next` holds; one past those
// is copied in whole (its string and vector). Read through pointers held here, and each field
// written once: through the vectors, each access after a store loaded their data again, and
// the location was written twice.
// Returns how many stay.
[[gnu::noinline]] std::size_t write_staying_units(const Position& position,
                                                  MovementResolver& resolver,
                                                  std::vector<Unit>& next) {
    const std::span<const std::size_t> staying = resolver.staying_in_final_order();
    const std::size_t kept_units = std::min(next.size(), staying.size());
    next.resize(kept_units);
    const Unit* const units = position.units.data();
    const Location* const finals = resolver.final_locations().data();
    Unit* const kept = next.data();
    for (std::size_t k = 0; k < kept_units; ++k) {
        const std::size_t i = staying[k];
        Unit& unit = kept[k];
        // Every field of Unit, the location the final one (a field added to Unit is added
        // here; debug builds check the copy).
        unit.type = units[i].type;
        unit.power = units[i].power;
        // Its four bytes at once: field by field, a load and a store each for the province
        // and the coast.
        std::memcpy(&unit.location, &finals[i], sizeof unit.location);
        unit.stats = units[i].stats;
#ifndef NDEBUG
        Unit copied = units[i];
        copied.location = finals[i];
        assert(unit == copied);
#endif
    }
    next.reserve(staying.size());
    for (std::size_t k = kept_units; k < staying.size(); ++k)
        next.emplace_back(position.units[staying[k]]).location =
            resolver.final_location(staying[k]);
    return staying.size();
}

}  // namespace

void adjudicate_movement(const Variant& variant, const Position& position,
                         std::span<const Order> orders, MovementResolver& resolver,
                         Adjudication& out) {
    std::vector<Strength> points;
    std::vector<Strength> attack_bonus;
    if (variant.strength == StrengthKind::Points)
        unit_points(variant, position, orders, points, attack_bonus);
    resolver.load(variant, position, orders, points, attack_bonus);
    resolver.run();

    // `out` may hold an earlier phase (a caller keeping its storage): each part is emptied or
    // assigned, keeping the vectors' room.
    out.phase = position.phase;
    out.dislodged.clear();
    out.events.clear();
    Position& next = out.next;
    // Its index is of the units it held: dropped, so unit_at (the retreats below) scans the
    // units built here until advance_phase() normalises and indexes them.
    next.suspend_index();
    next.resume_index();
    next.dislodged.clear();
    carry_over(position, next);
    resolver.standoffs(next.standoffs);

    // The results and the next units are written over the elements the kept vectors hold
    // (every field assigned), so none is destroyed and built again.
    write_results(resolver, position.units.size(), out.results);
    const std::size_t staying = write_staying_units(position, resolver, next.units);
    ride_events(variant, position, resolver, out.events);
    // The units that do not stay are the dislodged: most phases have none, and no pass.
    const std::size_t n = staying == position.units.size() ? 0 : position.units.size();
    for (std::size_t i = 0; i < n; ++i) {
        const int dislodger = resolver.dislodged_by(i);
        if (dislodger < 0) continue;
        const auto by = static_cast<std::size_t>(dislodger);
        DislodgedUnit d;
        d.unit = position.units[i];
        d.attacker_from = resolver.order(by).unit.province;
        d.retreats =
            retreat_options(variant, next, d.unit, d.attacker_from, resolver.moved_by_convoy(by));
        if (!d.retreats.empty()) next.dislodged.push_back(d);
        out.dislodged.push_back(std::move(d));
    }
    advance_phase(variant, position.phase, next, /*units_in_order=*/true);
}

}  // namespace adjutant
