// SPDX-License-Identifier: Apache-2.0
// "A battle may take place and the defenders have full use of their fortifications" (Lone Warrior
// 5b). One redoubt per battery and one entrenchment per battalion put the whole army behind its
// works, so they add the variant's share of its points (100%: they count twice), as the
// besiegers' siegeworks count their share twice (5l, 5n; docs/sieges.md).
#include <algorithm>

#include "rules/army_strength/parameters.h"
#include "rules/field_works/field_works.h"
#include "rules/field_works/parameters.h"
#include "variant/variant.h"

namespace adjutant::field_works {

std::int64_t works_points(const Variant& v, const Position& pos, std::span<const Order> orders,
                          const Unit& unit) {
    if (!enabled(v) || state(pos).of(unit) == nullptr) return 0;
    // An army that moves, or lends its strength to another province's battle, is not fighting
    // from its works: the seam counts a unit's points once for both its own defence and its
    // support, so the works count only when it stands and fights where it is.
    for (const Order& o : orders)
        if (o.unit.province == unit.location.province && orders_a_unit(o) &&
            (o.type == OrderType::Move || o.type == OrderType::Support ||
             o.type == OrderType::Convoy || o.type == OrderType::RailMove))
            return 0;
    // The works shelter the men who fight: over the most an army brings to battle (4c,
    // docs/army-strength.md) the excess adds no works either.
    std::int64_t fighting = unit.stats.points;
    if (v.campaign->modules.enabled("army_strength"))
        fighting = std::min<std::int64_t>(fighting, army_strength::parameters(v).max_points);
    return fighting * field_works::parameters(v).defence_percent / 100;
}

}  // namespace adjutant::field_works
