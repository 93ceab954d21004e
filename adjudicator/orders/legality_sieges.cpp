// Siege orders of campaign maps (seed 004, section 5; docs/sieges.md): an army with an engineer
// besieges the enemy garrison of the fortress it stands in, lifts the siege, assaults or breaches;
// the garrison sorties or goes on half rations.
#include "orders/legality.h"
#include "position/position.h"
#include "rules/sieges/sieges.h"
#include "variant/variant.h"

namespace adjutant {

namespace {

Checked fail(std::string message) {
    return Checked{std::nullopt, std::move(message), ""};
}

OrderType order_type(SyntaxKind kind) {
    switch (kind) {
        case SyntaxKind::LiftSiege:
            return OrderType::LiftSiege;
        case SyntaxKind::Assault:
            return OrderType::Assault;
        case SyntaxKind::Breach:
            return OrderType::Breach;
        default:
            return OrderType::Besiege;
    }
}

Checked besieger_order(const Variant& v, const Position& pos, PowerId power, const OrderSyntax& s) {
    const ProvinceId where = s.unit.place.province;
    const Unit* unit = pos.unit_at(where);
    if (std::string error = ownership_error(v, unit, where, power); !error.empty())
        return fail(error);
    const std::string name = describe_unit(v, unit->type, unit->location);
    if (unit->type != UnitType::Army) return fail(name + " is no army: only armies besiege (5a)");
    const int fortress = v.campaign->fortress_class[where];
    if (fortress == 0) return fail(province_abbr(v, where) + " is not a fortress (5c)");
    const Garrison* garrison = sieges::enemy_garrison(v, pos, where, power);
    if (garrison == nullptr)
        return fail("no enemy garrison in " + province_abbr(v, where) + " to besiege");
    const Siege* siege = pos.siege_of(where);
    const bool ours = siege != nullptr && siege->army == unit->stats.id;
    Order order;
    order.type = order_type(s.kind);
    order.power = power;
    order.unit_type = unit->type;
    order.unit = unit->location;
    switch (s.kind) {
        case SyntaxKind::Besiege:
            if (unit->stats.engineers < 1)
                return fail(name +
                            " has no engineer: only an army with an engineer may besiege (5a)");
            return Checked{order, "", ""};
        case SyntaxKind::LiftSiege:
            if (!ours) return fail(name + " is not besieging " + province_abbr(v, where));
            return Checked{order, "", ""};
        default:
            break;
    }
    const char* what = s.kind == SyntaxKind::Assault ? "an assault" : "a breach";
    const char* rule = s.kind == SyntaxKind::Assault ? "(5i)" : "(5j)";
    if (!ours || !siege->laid())
        return fail("the siege of " + province_abbr(v, where) + " is not laid yet: " + what +
                    " needs 2 weeks of BESIEGE first (5e)");
    const std::int64_t defenders = sieges::fighting_points(v, *garrison);
    if (!sieges::at_least_three_to_two(unit->stats.points, defenders))
        return fail(name + " has " + std::to_string(unit->stats.points) +
                    " points against the garrison's " + std::to_string(defenders) + ": " + what +
                    " needs 3:2 or better " + rule);
    if (s.kind == SyntaxKind::Breach) {
        if (!sieges::at_least_three_to_two(unit->stats.siege_guns, garrison->siege_guns))
            return fail(name + " has " + std::to_string(unit->stats.siege_guns) +
                        " siege guns against the garrison's " +
                        std::to_string(garrison->siege_guns) +
                        ": a breach needs 3:2 or better in siege guns (5j)");
        return fail("breaching is not adjudicated yet (docs/sieges.md, Not yet)");
    }
    return Checked{order, "", ""};
}

Checked garrison_order(const Variant& v, const Position& pos, PowerId power, const OrderSyntax& s) {
    const ProvinceId where = s.unit.place.province;
    bool found = false;
    for (const Garrison& g : pos.garrisons)
        found = found || (g.province == where && g.power == power);
    if (!found)
        return fail(power_name(v, power) + " has no garrison in " + province_abbr(v, where));
    if (pos.siege_of(where) == nullptr)
        return fail("the garrison of " + province_abbr(v, where) + " is not besieged");
    return fail(std::string(s.kind == SyntaxKind::Sortie ? "sorties" : "half rations") +
                " are not adjudicated yet (docs/sieges.md, Not yet)");
}

}  // namespace

Checked check_siege_order(const Variant& v, const Position& pos, PowerId power,
                          const OrderSyntax& s) {
    if (!v.campaign || !sieges::enabled(v))
        return fail("sieges are a campaign rule; this map has none");
    if (s.kind == SyntaxKind::Sortie || s.kind == SyntaxKind::HalfRations)
        return garrison_order(v, pos, power, s);
    return besieger_order(v, pos, power, s);
}

}  // namespace adjutant
