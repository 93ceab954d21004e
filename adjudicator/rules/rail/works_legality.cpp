// SPDX-License-Identifier: Apache-2.0
// The legality of engineers' rail works on rail network maps (18.4 as docs/rail.md designs it): an
// army with an engineer, standing at one end of a rail link that has a bridge or tunnel, demolishes
// it or repairs it. The army holds while it works.
#include "orders/legality.h"
#include "position/position.h"
#include "rules/rail/rail.h"
#include "variant/variant.h"

namespace adjutant::rail {

namespace {

Checked fail(std::string message) {
    return Checked{std::nullopt, std::move(message), ""};
}

}  // namespace

Checked check_rail_works_order(const Variant& v, const Position& pos, PowerId power,
                               const OrderSyntax& s) {
    if (!v.campaign || !enabled(v))
        return fail(
            "demolishing and repairing rail structures is a rail network rule; this map "
            "has none");
    const ProvinceId where = s.unit.place.province;
    const ProvinceId other = s.destination.province;
    const Unit* unit = pos.unit_at(where);
    if (std::string error = ownership_error(v, unit, where, power); !error.empty())
        return fail(error);
    const std::string name = describe_unit(v, unit->type, unit->location);
    const bool demolish = is(s, kDemolish);
    if (unit->type != UnitType::Army)
        return fail(name + " is no army: only an army's engineers work on the rail");
    if (unit->stats.engineers < 1)
        return fail(name + " has no engineer: only an army with an engineer may " +
                    (demolish ? "demolish" : "repair") + " rail structures");
    const auto link = v.campaign->rail_link(where, other);
    if (!link)
        return fail("no rail link between " + province_abbr(v, where) + " and " +
                    province_abbr(v, other));
    const std::string between = province_abbr(v, where) + "-" + province_abbr(v, other);
    if (v.campaign->rail_links[*link].structures.empty())
        return fail("the line " + between + " has no bridge or tunnel to " +
                    (demolish ? "demolish" : "repair"));
    const bool down = demolished(pos, *link);
    if (demolish && down) return fail("the structures on " + between + " are already demolished");
    if (!demolish && !down) return fail("the structures on " + between + " are not demolished");
    Order order = module_order(*s.module_kind, power);
    order.unit_type = unit->type;
    order.unit = unit->location;
    order.target = other;
    return Checked{order, "", ""};
}

}  // namespace adjutant::rail
