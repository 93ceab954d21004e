// SPDX-License-Identifier: Apache-2.0
// Sending supply trains (Lone Warrior 4a and 4b; docs/campaign.md, "Supply by rail"): a train
// leaves the city it waits in for an army. When the city is the army's supply base it goes by road
// along the supply line; otherwise it first rides the rail of its power from its city to that base,
// within the LOC capacity of every rail province it passes ("Supply trains may be placed in any
// friendly city"), and within its power's rail capacity when the variant gives one (OCS rail
// movement's supply points). Standing orders (`T KOL SUPPLY A LIE EVERY WEEK`) send one each week
// the army needs it, buying the train in the city when none waits there.
#include <algorithm>

#include "rules/rail/parameters.h"
#include "rules/rail/rail.h"
#include "rules/supply/parameters.h"
#include "rules/supply/supply.h"
#include "variant/variant.h"

namespace adjutant::supply {

namespace {

std::string route_text(const Variant& v, const std::vector<ProvinceId>& route) {
    std::string out;
    for (ProvinceId p : route) {
        if (!out.empty()) out += '-';
        out += abbr(v, p);
    }
    return out;
}

// The LOC capacity left this week in each rail province, for `power`'s trains; and each power's
// rail capacity left this turn (OCS rail movement), when the variant gives one.
struct RailRoom {
    std::vector<std::vector<int>> left;  // per power, per province; filled on first use
    std::vector<std::int64_t> capacity;  // per power, after the rides; filled on first use
};

std::int64_t& capacity_of(const TurnContext& ctx, RailRoom& room, PowerId power) {
    if (room.capacity.empty())
        room.capacity = rail::capacity_left(ctx);  // after the rides and troops raised by rail
    return room.capacity[power];
}

std::vector<int>& room_of(const Variant& v, const Position& pos, RailRoom& room, PowerId power) {
    if (room.left.size() < v.powers.size()) room.left.resize(v.powers.size());
    std::vector<int>& left = room.left[power];
    if (left.empty()) {
        left.resize(v.provinces.size());
        for (std::size_t p = 0; p < left.size(); ++p) {
            const auto id = static_cast<ProvinceId>(p);
            left[p] = rail::loc_capacity(v, id, rail::state(pos).of(power, id));
        }
    }
    return left;
}

// The first province of `route` whose room is used up.
ProvinceId first_full(const std::vector<ProvinceId>& route, const std::vector<int>& left) {
    for (ProvinceId p : route)
        if (left[p] <= 0) return p;
    return kNoProvince;
}

struct Sent {
    bool ok = false;
    std::string_view why;  // the verdict's words when not sent: empty for the general ones
};

constexpr std::string_view kOverLocCapacity =
    "over the rail's LOC capacity this week: the train waits";
constexpr std::string_view kOverRailCapacity =
    "over the power's rail capacity this turn: the train waits";

// Sends the idle train at `index` to the army numbered `army`; `why` ends its events, which
// name the army as `ordered` (where the order found it) when given, else where it stands now.
Sent send_train(TurnContext& ctx, RailRoom& room, std::size_t index, std::uint32_t army,
                const std::string& why, const Unit* ordered = nullptr) {
    const Variant& v = ctx.variant;
    Position& next = ctx.result.next;
    SupplyTrain& t = state(next).trains[index];
    const std::string city = abbr(v, t.at);
    Unit* target = army_numbered(next, army);
    if (target == nullptr) {
        ctx.event("supply.not_sent", t.power, t.at,
                  "the supply train in " + city + " stays: its army is gone" + why);
        return {};
    }
    const std::string name = unit_name(v, ordered != nullptr ? *ordered : *target);
    const std::vector<ProvinceId> line = trace_line(v, next, *target);
    if (line.empty()) {
        ctx.event("supply.not_sent", t.power, t.at,
                  "the supply train in " + city + " cannot leave for " + name +
                      ": it has no supply line" + why);
        return {};
    }
    const ProvinceId base = line.back();
    if (base == t.at) {
        t.target = army;
        ctx.event("supply.dispatched", t.power, t.at,
                  "a supply train left " + city + " for " + name + why);
        return {true, {}};
    }
    const auto route = rail_route(v, next, t.power, t.at, base, nullptr);
    if (route.empty()) {
        ctx.event("supply.not_sent", t.power, t.at,
                  "the supply train in " + city + " cannot leave for " + name + ": it draws its " +
                      "supply from " + abbr(v, base) + ", and no operational rail of " +
                      v.powers[t.power].name + " joins " + city + " to it" + why);
        return {};
    }
    std::vector<int>& left = room_of(v, next, room, t.power);
    const auto within = rail_route(v, next, t.power, t.at, base, &left);
    if (within.empty()) {
        const ProvinceId full = first_full(route, left);
        const int capacity = rail::loc_capacity(v, full, rail::state(next).of(t.power, full));
        ctx.event("supply.not_sent", t.power, t.at,
                  "the supply train in " + city + " cannot leave for " + name +
                      ": the rail through " + abbr(v, full) + " carries " +
                      std::to_string(capacity) + " train" + (capacity == 1 ? "" : "s") +
                      " a week and is full" + why);
        return {false, kOverLocCapacity};
    }
    // OCS rail movement: the train is a supply point riding its power's rail capacity, what the
    // turn's rides left of it (they are paid for at the start of the turn).
    std::string spent;
    if (rail::parameters(v).rail_capacity_given) {
        std::int64_t& capacity = capacity_of(ctx, room, t.power);
        const std::int64_t cost = rail::supply_point_cost(v, ctx.before, within);
        const std::string whose = v.powers[t.power].name + "'s rail capacity";
        if (cost > capacity) {
            ctx.event("supply.not_sent", t.power, t.at,
                      "the supply train in " + city + " cannot leave for " + name + ": " + whose +
                          " this turn is spent (" + std::to_string(capacity) +
                          " left, the ride costs " + std::to_string(cost) + ")" + why);
            return {false, kOverRailCapacity};
        }
        spent = "; " + std::to_string(cost) + " of " + whose + " (" + std::to_string(capacity) +
                " available, " + std::to_string(capacity - cost) + " left)";
        capacity -= cost;
    }
    for (ProvinceId p : within) --left[p];
    const ProvinceId start = t.at;
    t.at = base;
    t.base = base;  // unloaded at the base: it returns there if the road is cut
    t.target = army;
    ctx.event("supply.dispatched", t.power, start,
              "a supply train left " + city + " for " + name + " by rail " + route_text(v, within) +
                  spent + why);
    return {true, {}};
}

void buy_trains(TurnContext& ctx, const Order& o) {
    const Variant& v = ctx.variant;
    const CampaignMap& map = *v.campaign;
    Position& next = ctx.result.next;
    const ProvinceId city = o.unit.province;
    // Bought while the treasury allows, in the order written.
    int bought = 0;
    while (bought < o.count &&
           state(next).treasury[o.power] >= supply::parameters(map).train_cost) {
        state(next).treasury[o.power] -= supply::parameters(map).train_cost;
        state(next).trains.push_back(SupplyTrain{o.power, city, city, 0, false});
        ++bought;
    }
    ctx.event("supply.bought", o.power, city,
              v.powers[o.power].name + " bought " + std::to_string(bought) + " supply train" +
                  (bought == 1 ? "" : "s") + " in " + abbr(v, city) + " for " +
                  std::to_string(bought * supply::parameters(map).train_cost) + " points" +
                  (bought < o.count ? " (the treasury allowed no more)" : ""),
              bought);
    ctx.verdict(o, bought > 0, Reason::NotCarriedOut);
}

void set_standing(TurnContext& ctx, const Order& o) {
    const Variant& v = ctx.variant;
    Position& next = ctx.result.next;
    const Unit* army = ctx.before.unit_at(o.target);
    if (army == nullptr) return ctx.verdict(o, false, Reason::NotCarriedOut);
    const std::uint32_t id = army->stats.id;
    const std::string line = "T " + abbr(v, o.unit.province) + " SUPPLY " + unit_name(v, *army);
    auto& standing = state(next).standing_supply;
    if (o.count < 0) {
        const auto gone = std::erase_if(standing, [&](const StandingSupply& s) {
            return s.power == o.power && s.army == id && s.from == o.unit.province;
        });
        if (gone != 0)
            ctx.event("supply.standing", o.power, o.unit.province,
                      v.powers[o.power].name + " no longer sends " + unit_name(v, *army) +
                          " a supply train from " + abbr(v, o.unit.province) + " every week");
        return ctx.verdict(o, gone != 0, Reason::NotCarriedOut);
    }
    // One standing order per army: a new one replaces the old.
    std::erase_if(standing, [&](const StandingSupply& s) { return s.army == id; });
    standing.push_back(StandingSupply{o.power, o.unit.province, id});
    ctx.event("supply.standing", o.power, o.unit.province,
              v.powers[o.power].name + ": " + line + " every week, until ordered to STOP");
    ctx.verdict(o, true);
}

// Whether the army needs a train this week: what it carries and what is on its way to it is
// below what it can carry (half as much on an Extended line, as trains.cpp delivers).
bool needs_train(const Variant& v, const Position& pos, const Unit& army) {
    const int carry = supply::parameters(v).carry_weeks;
    const int cap = rail::attributes(army.stats).supply_extended ? (carry + 1) / 2 : carry;
    const auto coming = std::count_if(
        state(pos).trains.begin(), state(pos).trains.end(),
        [&](const SupplyTrain& t) { return t.target == army.stats.id && !t.returning; });
    return army.stats.supply + coming < cap;
}

void run_standing(TurnContext& ctx, RailRoom& room, std::vector<std::uint8_t>& sent) {
    const Variant& v = ctx.variant;
    const CampaignMap& map = *v.campaign;
    Position& next = ctx.result.next;
    const std::vector<StandingSupply> standing = state(next).standing_supply;  // copy: may shrink
    for (const StandingSupply& s : standing) {
        const Unit* army = army_numbered(next, s.army);
        if (army == nullptr) {
            // An army waiting to retreat keeps its order; one that is gone ends it.
            const bool retreating =
                std::any_of(next.dislodged.begin(), next.dislodged.end(),
                            [&](const DislodgedUnit& d) { return d.unit.stats.id == s.army; });
            if (retreating) continue;
            std::erase(state(next).standing_supply, s);
            ctx.event("supply.standing", s.power, s.from,
                      v.powers[s.power].name + "'s standing supply order from " + abbr(v, s.from) +
                          " ends: its army is gone");
            continue;
        }
        if (sent[s.from] != 0 || !needs_train(v, next, *army)) continue;
        const std::string why = " (standing order)";
        std::size_t index = idle_train(next, s.power, s.from);
        if (index == state(next).trains.size()) {
            const bool can_buy =
                train_source(v, next, s.from, s.power) &&
                state(next).treasury[s.power] >= supply::parameters(map).train_cost;
            if (!can_buy) {
                ctx.event("supply.not_sent", s.power, s.from,
                          "no supply train waits in " + abbr(v, s.from) + " for " +
                              unit_name(v, *army) + ", and " + v.powers[s.power].name +
                              " cannot buy one there" + why);
                continue;
            }
            state(next).treasury[s.power] -= supply::parameters(map).train_cost;
            state(next).trains.push_back(SupplyTrain{s.power, s.from, s.from, 0, false});
            index = state(next).trains.size() - 1;
            ctx.event("supply.bought", s.power, s.from,
                      v.powers[s.power].name + " bought 1 supply train in " + abbr(v, s.from) +
                          " for " + std::to_string(supply::parameters(map).train_cost) +
                          " points (standing order for " + unit_name(v, *army) + ")",
                      1);
        }
        sent[s.from] = 1;
        send_train(ctx, room, index, s.army, why);
    }
}

}  // namespace

std::size_t idle_train(const Position& pos, PowerId power, ProvinceId city) {
    for (std::size_t i = 0; i < state(pos).trains.size(); ++i) {
        const SupplyTrain& t = state(pos).trains[i];
        if (t.power == power && t.at == city && t.target == 0 && !t.returning) return i;
    }
    return state(pos).trains.size();
}

Unit* army_numbered(Position& pos, std::uint32_t id) {
    for (Unit& u : pos.units)
        if (u.stats.id == id && id != 0) return &u;
    return nullptr;
}

std::vector<ProvinceId> rail_route(const Variant& v, const Position& pos, PowerId power,
                                   ProvinceId from, ProvinceId to, const std::vector<int>* room) {
    const CampaignMap& map = *v.campaign;
    const auto usable = [&](ProvinceId p) {
        return rail::state(pos).of(power, p) >= rail::RailState::Capacity1 &&
               !enemy_army_in(v, pos, p, power) && (room == nullptr || (*room)[p] > 0);
    };
    if (!usable(from) || !usable(to)) return {};
    std::vector<ProvinceId> parent(v.provinces.size(), kNoProvince);
    std::vector<std::uint8_t> seen(v.provinces.size(), 0);
    std::vector<ProvinceId> queue{from};
    seen[from] = 1;
    // Breadth first, neighbours in id order (rail_links_at): the fewest links, ties by id.
    for (std::size_t head = 0; head < queue.size(); ++head) {
        const ProvinceId p = queue[head];
        if (p == to) {
            std::vector<ProvinceId> route;
            for (ProvinceId at = p; at != kNoProvince; at = parent[at]) route.push_back(at);
            std::reverse(route.begin(), route.end());
            return route;
        }
        for (std::uint16_t link : map.rail_links_at[p]) {
            const ProvinceId q = map.rail_neighbour(link, p);
            // OCS rail movement: trains run only on their power's gauge.
            if (seen[q] || rail::demolished(pos, link) || !rail::gauge_fits(v, pos, power, link) ||
                !usable(q))
                continue;
            seen[q] = 1;
            parent[q] = p;
            queue.push_back(q);
        }
    }
    return {};
}

void dispatch_trains(TurnContext& ctx) {
    const Variant& v = ctx.variant;
    Position& next = ctx.result.next;
    RailRoom room;
    std::vector<std::uint8_t> sent(v.provinces.size(), 0);
    for (const Order& o : ctx.orders) {
        if (is(o, kPurchase)) {
            buy_trains(ctx, o);
        } else if (is(o, kDispatch) && o.count != 0) {
            set_standing(ctx, o);
        } else if (is(o, kDispatch)) {
            // The army may have moved this turn: the train follows it by its number.
            const Unit* army = ctx.before.unit_at(o.target);
            const std::size_t index = idle_train(next, o.power, o.unit.province);
            if (army == nullptr || index == state(next).trains.size()) {
                ctx.verdict(o, false, Reason::NotCarriedOut);
                continue;
            }
            sent[o.unit.province] = 1;
            const Sent result = send_train(ctx, room, index, army->stats.id, "", army);
            ctx.verdict(o, result.ok, Reason::NotCarriedOut, result.why);
        }
    }
    run_standing(ctx, room, sent);
}

}  // namespace adjutant::supply
