// SPDX-License-Identifier: Apache-2.0
// What each network rail move spent, in words a player can check by hand (docs/rail-movement.md):
// the provinces ridden, the cost in the power's rail capacity, what was left, and why a ride
// held, stopped short or never left.
#include "result/adjudication.h"
#include "rules/rail/rail.h"
#include "variant/variant.h"

namespace adjutant::rail {

namespace {

Event ride_event(const Variant& v, const RideOutcome& ride, const RideSpending& spent) {
    const Order& o = *ride.order;
    Event e;
    e.power = o.power;
    e.province = o.unit.province;
    const std::string who =
        std::string(1, unit_letter(o.unit_type)) + " " + v.provinces[o.unit.province].abbr;
    const std::string& power = v.powers[o.power].name;
    const std::string& destination = v.provinces[o.destination.province].abbr;
    if (spent.over_capacity) {
        e.kind = "rail.over_capacity";
        e.text = who + " cannot ride to " + destination + ": it costs " +
                 std::to_string(spent.cost) + " of " + power + "'s rail capacity and only " +
                 std::to_string(spent.left) + " is left; it holds";
        return e;
    }
    e.kind = "rail.ride";
    // The provinces actually ridden: a blocked ride stops short, or never leaves. A march to
    // the station comes first and is told apart from the rail.
    const ProvinceId end = ride.end;
    const ProvinceId station = embarks_at(o);
    const bool marches = station != o.unit.province;
    const std::string march = marches ? " marches to " + v.provinces[station].abbr : "";
    std::string route = v.provinces[station].abbr;
    for (ProvinceId p : spent.route.path) {
        if (end == o.unit.province || end == station) break;
        route += '-';
        route += v.provinces[p].abbr;
        if (p == end) break;
    }
    const std::string paid = " " + std::to_string(spent.cost) + " of " + power +
                             "'s rail capacity (" + std::to_string(spent.left) + " available, " +
                             std::to_string(spent.left - spent.cost) + " left)";
    if (end == o.unit.province)
        e.text = who + " could not" +
                 (marches ? " march to " + v.provinces[station].abbr + " and" : "") + " ride to " +
                 destination + ": blocked, it stays in " + v.provinces[end].abbr +
                 "; it still used" + paid;
    else if (end == station)
        e.text = who + march + ", its ride to " + destination + " blocked: it stays in " +
                 v.provinces[end].abbr + "; it still used" + paid;
    else if (end != o.destination.province)
        e.text = who + march + (marches ? " and" : "") + " rides " + route + ", stopped short of " +
                 destination + ", for" + paid;
    else
        e.text = who + march + (marches ? " and" : "") + " rides " + route + " for" + paid;
    if (spent.route.all_double) e.text += "; all double track: half cost";
    if (spent.route.interdicted) e.text += "; enters an interdicted province: double cost";
    return e;
}

}  // namespace

void ride_events(const Variant& v, const Position& position, std::span<const RideOutcome> rides,
                 std::vector<Event>& events) {
    // The plan again, as the resolver had it: it is a function of the position and the rides.
    std::vector<RideRequest> requests;
    requests.reserve(rides.size());
    for (const RideOutcome& ride : rides) requests.push_back(RideRequest{ride.order, ride.unit});
    const std::vector<RideSpending> spent = spend_rail_capacity(v, position, requests);
    for (std::size_t k = 0; k < rides.size(); ++k)
        if (spent[k].routed) events.push_back(ride_event(v, rides[k], spent[k]));
}

}  // namespace adjutant::rail
