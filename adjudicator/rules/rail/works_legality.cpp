// SPDX-License-Identifier: Apache-2.0
// The legality of engineers' rail works on rail network maps (18.4 as docs/rail.md designs it): an
// army with an engineer, standing at one end of a rail link that has a bridge or tunnel, demolishes
// it or repairs it. The army holds while it works.
#include "orders/legality.h"
#include "position/position.h"
#include "rules/rail/rail.h"
#include "variant/variant.h"

namespace adjutant::rail {

EngineerWork engineer_work(const Variant& v, const Position& pos, PowerId power,
                           const OrderSyntax& s, const std::string& work) {
    EngineerWork out;
    const ProvinceId where = s.unit.place.province;
    const ProvinceId other = s.destination.province;
    const Unit* unit = pos.unit_at(where);
    if (out.error = ownership_error(v, unit, where, power); !out.error.empty()) return out;
    const std::string name = describe_unit(v, unit->type, unit->location);
    if (unit->type != UnitType::Army) {
        out.error = name + " is no army: only an army's engineers work on the rail";
        return out;
    }
    if (unit->stats.engineers < 1) {
        out.error = name + " has no engineer: only an army with an engineer may " + work;
        return out;
    }
    const auto link = v.campaign->rail_link(where, other);
    if (!link) {
        out.error =
            "no rail link between " + province_abbr(v, where) + " and " + province_abbr(v, other);
        return out;
    }
    out.unit = unit;
    out.link = *link;
    out.between = province_abbr(v, where) + "-" + province_abbr(v, other);
    out.order = module_order(*s.module_kind, power);
    out.order.unit_type = unit->type;
    out.order.unit = unit->location;
    out.order.target = other;
    return out;
}

Checked check_rail_works_order(const Variant& v, const Position& pos, PowerId power,
                               const OrderSyntax& s) {
    if (!v.campaign || !enabled(v))
        return Checked::refused(
            "demolishing and repairing rail structures is a rail network rule; this map "
            "has none");
    const bool demolish = is(s, kDemolish);
    const EngineerWork work = engineer_work(
        v, pos, power, s, demolish ? "demolish rail structures" : "repair rail structures");
    if (!work.error.empty()) return Checked::refused(work.error);
    const std::string& between = work.between;
    if (v.campaign->rail_links[work.link].structures.empty())
        return Checked::refused("the line " + between + " has no bridge or tunnel to " +
                                (demolish ? "demolish" : "repair"));
    const bool down = demolished(pos, work.link);
    if (demolish && down)
        return Checked::refused("the structures on " + between + " are already demolished");
    if (!demolish && !down)
        return Checked::refused("the structures on " + between + " are not demolished");
    return Checked{work.order, "", ""};
}

}  // namespace adjutant::rail
