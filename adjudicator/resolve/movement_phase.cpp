// SPDX-License-Identifier: Apache-2.0
// A movement phase: run the resolver, then move units, list the dislodged with their retreats.
#include <algorithm>
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
// (RuleModule::defence_points) or to its move's attack only (RuleModule::attack_points). Each
// module's share is kept in `parts`, by unit, for the explanations.
void unit_points(const Variant& variant, const Position& position, std::span<const Order> orders,
                 std::vector<Strength>& points, std::vector<Strength>& attack_bonus,
                 std::vector<std::vector<StrengthPart>>& parts) {
    std::vector<const RuleModule*> modules;
    for (const RuleModule* module : rule_modules())
        if (module->enabled(variant)) modules.push_back(module);
    for (const Unit& u : position.units) {
        Strength own = u.stats.points;
        Strength attack = 0;
        std::vector<StrengthPart>& shares = parts.emplace_back();
        for (const RuleModule* module : modules) {
            if (module->defence_points != nullptr) {
                const Strength added = module->defence_points(variant, position, orders, u);
                own += added;
                if (added != 0) shares.push_back(StrengthPart{module->name, added, false});
            }
            if (module->attack_points != nullptr) {
                const Strength added = module->attack_points(variant, position, orders, u);
                attack += added;
                if (added != 0) shares.push_back(StrengthPart{module->name, added, true});
            }
        }
        points.push_back(std::max<Strength>(own, 0));
        attack_bonus.push_back(std::max<Strength>(attack, 0));
    }
}

// Each unit's result. The vector keeps its room from phase to phase: its elements are assigned
// rather than destroyed and built again.
// Each strength an explanation counts gets the rule modules' shares of its unit's points.
void add_parts(const Position& position, const std::vector<std::vector<StrengthPart>>& parts,
               std::vector<StrengthTally>& tallies) {
    for (StrengthTally& tally : tallies) {
        const Unit* unit = position.unit_at(tally.unit.at.province);
        if (unit == nullptr) continue;
        const auto i = static_cast<std::size_t>(unit - position.units.data());
        for (const StrengthPart& part : parts[i])
            if (!part.attack_only || tally.kind == StrengthType::Attack)
                tally.parts.push_back(part);
    }
}

void write_results(MovementResolver& resolver, std::size_t n, Explain explain,
                   std::vector<OrderResult>& out) {
    out.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
        OrderResult& result = out[i];
        result.order = resolver.order(i);
        result.reason = resolver.failure_reason(i);
        result.succeeded = result.reason == Reason::None;
        result.why = resolver.failure_words(i);
        result.defaulted = !resolver.ordered(i);
        if (explain == Explain::Yes)
            resolver.explain(i, result.explanation);
        else
            result.explanation.clear();
    }
}

// The units that stay on the board, at their final locations, already in the order
// normalise() gives them. Assigned over the units `next` holds, keeping their room.
void write_staying_units(const Position& position, MovementResolver& resolver,
                         std::vector<Unit>& next) {
    const std::span<const MovementResolver::Staying> staying = resolver.staying_in_final_order();
    next.resize(staying.size());
    for (std::size_t k = 0; k < staying.size(); ++k) {
        next[k] = position.units[staying[k].unit];
        next[k].location = staying[k].final;
    }
}

}  // namespace

void adjudicate_movement(const Variant& variant, const Position& position,
                         std::span<const Order> orders, MovementResolver& resolver, Explain explain,
                         Adjudication& out) {
    std::vector<Strength> points;
    std::vector<Strength> attack_bonus;
    std::vector<std::vector<StrengthPart>> parts;
    if (variant.strength == StrengthKind::Points)
        unit_points(variant, position, orders, points, attack_bonus, parts);
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

    write_results(resolver, position.units.size(), explain, out.results);
    if (explain == Explain::Yes && !parts.empty())
        for (OrderResult& result : out.results) {
            add_parts(position, parts, result.explanation.strengths);
            add_parts(position, parts, result.explanation.held);
        }
    write_staying_units(position, resolver, next.units);
    ride_events(variant, position, resolver, out.events);
    // The units that do not stay are the dislodged, each with the places it may retreat to.
    for (std::size_t i = 0; i < position.units.size(); ++i) {
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
