// SPDX-License-Identifier: Apache-2.0
// The week's end for the classes (Lone Warrior 4d and 4e; docs/experience.md, "Choices"). The
// module runs after every other step of the week, so it sees each army's points as the week
// left them, and carries each army's classes over to them:
//
// - a split's detachment takes each class in the share of the army's points it took, rounded
//   down; the army keeps the rest;
// - a join adds the joiner's classes to the army joined;
// - an army with fewer points than it started the week with (losses, hunger, disease) keeps of
//   each class but trained its share of the points left, rounded down: losses fall on every
//   class alike, and the rounding on the trained;
// - points gained (reinforcements, replacements) arrive trained;
// - an army that left the board takes its classes with it.
//
// Then the GM's changes of class after each tabletop battle fought (4e: "Commanders should note
// any change in class for experience"), never more points than the army has in the class they
// leave, and never more guards than the power started with (4d: "The percentage of guards may
// never be increased during the campaign but the original number may be maintained").
#include <algorithm>
#include <map>
#include <utility>

#include "rules/army_strength/army_strength.h"
#include "rules/experience/experience.h"
#include "rules/experience/parameters.h"
#include "variant/unit_text.h"
#include "variant/variant.h"

namespace adjutant::experience {

namespace {

using Key = std::pair<PowerId, std::uint32_t>;

// An army's classes as the week carries them, with the points they are a share of.
struct Carried {
    ArmyClasses classes;
    std::int64_t base = 0;
};

bool had_id(const Position& position, std::uint32_t id) {
    return std::any_of(position.units.begin(), position.units.end(),
                       [&](const Unit& u) { return u.stats.id == id; }) ||
           std::any_of(position.dislodged.begin(), position.dislodged.end(),
                       [&](const DislodgedUnit& d) { return d.unit.stats.id == id; });
}

constexpr Class kRecordedClasses[] = {Class::Elite, Class::Veteran, Class::Raw};

// "250 elite, 100 veteran, 300 trained": every class the army has, best first.
std::string classes_text(const ArmyClasses& a, std::int64_t points) {
    std::string out;
    auto add = [&](std::int64_t n, std::string_view name) {
        if (n == 0) return;
        if (!out.empty()) out += ", ";
        out += std::to_string(n) + " " + std::string(name);
    };
    add(a.elite, "elite");
    add(a.veteran, "veteran");
    add(points - a.recorded(), "trained");
    add(a.raw, "raw");
    return out.empty() ? "no points" : out;
}

void event(TurnContext& ctx, const char* kind, const Unit& army, const std::string& why,
           const ArmyClasses& now) {
    ctx.event(kind, army.power, army.location.province,
              unit_text(ctx.variant, army) + " (army " + std::to_string(army.stats.id) + ") " +
                  why + ": now " + classes_text(now, army.stats.points));
}

void split(TurnContext& ctx, std::map<Key, Carried>& carried) {
    for (const Order& o : ctx.orders) {
        if (!is(o, army_strength::kSplit)) continue;
        const Unit* was = ctx.before.unit_at(o.unit.province);
        const Unit* detachment = ctx.result.next.unit_at(o.destination.province);
        if (was == nullptr || detachment == nullptr || detachment->power != o.power ||
            had_id(ctx.before, detachment->stats.id))
            continue;  // not carried out
        const auto it = carried.find({was->power, was->stats.id});
        if (it == carried.end() || it->second.base <= 0) continue;
        Carried& army = it->second;
        Carried part{{.power = o.power, .army = detachment->stats.id}, o.count};
        for (Class c : kRecordedClasses) {
            const std::int64_t share = army.classes.of(c) * o.count / army.base;
            *part.classes.slot(c) = share;
            *army.classes.slot(c) -= share;
        }
        army.base -= o.count;
        if (part.classes.empty()) continue;
        event(ctx, "experience.split", *detachment,
              "took its share of the classes of army " + std::to_string(was->stats.id),
              part.classes);
        carried[{o.power, detachment->stats.id}] = part;
    }
}

void join(TurnContext& ctx, std::map<Key, Carried>& carried) {
    for (const Order& o : ctx.orders) {
        if (!is(o, army_strength::kJoin)) continue;
        const Unit* joiner = ctx.before.unit_at(o.unit.province);
        const Unit* joined_was = ctx.before.unit_at(o.destination.province);
        if (joiner == nullptr || joined_was == nullptr) continue;
        const Unit* joined = find_army(ctx.result.next, joined_was->power, joined_was->stats.id);
        if (joined == nullptr || find_army(ctx.result.next, joiner->power, joiner->stats.id))
            continue;  // not carried out
        const auto it = carried.find({joiner->power, joiner->stats.id});
        if (it == carried.end()) continue;
        Carried& into = carried[{joined->power, joined->stats.id}];
        if (into.classes.army == 0) {
            into.classes = ArmyClasses{.power = joined->power, .army = joined->stats.id};
            into.base = joined_was->stats.points;
        }
        for (Class c : kRecordedClasses) *into.classes.slot(c) += it->second.classes.of(c);
        into.base += it->second.base;
        event(ctx, "experience.joined", *joined,
              "took the classes of army " + std::to_string(joiner->stats.id) + ", which joined it",
              into.classes);
        carried.erase(it);
    }
}

// The classes of every army follow its points (the file's comment); armies gone drop theirs.
void follow_points(TurnContext& ctx, std::map<Key, Carried>& carried) {
    for (auto it = carried.begin(); it != carried.end();) {
        const Unit* army = find_army(ctx.result.next, it->first.first, it->first.second);
        if (army == nullptr) {
            it = carried.erase(it);
            continue;
        }
        Carried& c = it->second;
        const std::int64_t points = std::max<std::int64_t>(army->stats.points, 0);
        const std::int64_t of = std::max(c.base, c.classes.recorded());
        if (points < of && of > 0) {
            const ArmyClasses was = c.classes;
            for (Class k : kRecordedClasses) *c.classes.slot(k) = c.classes.of(k) * points / of;
            if (!(was == c.classes))
                event(ctx, "experience.losses", *army,
                      "lost " + std::to_string(was.recorded() - c.classes.recorded()) +
                          " points of its elite, veteran and raw troops with its points",
                      c.classes);
        }
        ++it;
    }
}

// 4e: the GM's changes of class after each battle fought on the tabletop.
void change_classes(TurnContext& ctx, std::map<Key, Carried>& carried) {
    const Variant& v = ctx.variant;
    for (const NotedChanges& noted : noted_changes(v, ctx.before, ctx.orders)) {
        for (const ClassChange& change : noted.changes) {
            const Unit* was = ctx.before.unit_at(change.army);
            if (was == nullptr) continue;
            const Unit* army = find_army(ctx.result.next, was->power, was->stats.id);
            if (army == nullptr) continue;  // destroyed in the battle: nothing to change
            Carried& c = carried[{army->power, army->stats.id}];
            if (c.classes.army == 0) {
                c.classes = ArmyClasses{.power = army->power, .army = army->stats.id};
                c.base = army->stats.points;
            }
            const std::int64_t trained = army->stats.points - c.classes.recorded();
            const std::int64_t has =
                change.from == Class::Trained ? trained : c.classes.of(change.from);
            std::int64_t moved = std::clamp<std::int64_t>(change.points, 0, has);
            std::string short_of;
            if (moved < change.points)
                short_of = "; the GM gave " + std::to_string(change.points) + ", it had " +
                           std::to_string(has) + " " + std::string(class_name(change.from));
            if (change.to == Class::Elite) {
                std::int64_t elite = 0;
                for (const auto& [key, other] : carried)
                    if (key.first == army->power) elite += other.classes.elite;
                const std::int64_t room = std::max<std::int64_t>(
                    experience::parameters(v).starting_elite(army->power) - elite, 0);
                if (moved > room) {
                    short_of +=
                        "; no more guards than the " +
                        std::to_string(experience::parameters(v).starting_elite(army->power)) +
                        " points the nation started with";
                    moved = room;
                }
            }
            if (std::int64_t* from = c.classes.slot(change.from)) *from -= moved;
            if (std::int64_t* to = c.classes.slot(change.to)) *to += moved;
            event(ctx, "experience.change", *army,
                  "had " + std::to_string(moved) + " points go from " +
                      std::string(class_name(change.from)) + " to " +
                      std::string(class_name(change.to)) + " after the battle at " +
                      v.provinces[noted.battle].abbr + " (the GM's result" + short_of + ")",
                  c.classes);
        }
    }
}

}  // namespace

void end_of_week(TurnContext& ctx) {
    std::map<Key, Carried> carried;
    for (const ArmyClasses& a : state(ctx.before).armies) {
        const Unit* army = find_army(ctx.before, a.power, a.army);
        carried[{a.power, a.army}] = Carried{a, army ? army->stats.points : a.recorded()};
    }
    split(ctx, carried);
    join(ctx, carried);
    follow_points(ctx, carried);
    change_classes(ctx, carried);
    ExperienceState& now = state(ctx.result.next);
    now.armies.clear();
    for (const auto& [key, c] : carried) now.armies.push_back(c.classes);
    now.normalise();
}

}  // namespace adjutant::experience
