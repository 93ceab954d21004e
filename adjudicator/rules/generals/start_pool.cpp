// SPDX-License-Identifier: Apache-2.0
// The starting pools (4g "Each nation has a pool of twenty generals ranked from 1 to 20 ... Each
// must be named"): every power's pool begins with the generals its starting armies and
// garrisons are given, active, in the order of the variant's names (those it does not name
// after them), and is filled to the pool's size from the variant's other names. The type rolls are
// made as the first week ends (type_rolls.cpp), since a starting position is dealt without dice.
#include <algorithm>

#include "rules/generals/generals.h"
#include "rules/generals/parameters.h"
#include "variant/variant.h"

namespace adjutant::generals {

std::string next_name(const Variant& variant, const Pool& pool) {
    const auto taken = [&](const std::string& name) {
        return pool.rank_of(name) != 0 ||
               std::find(pool.fallen.begin(), pool.fallen.end(), name) != pool.fallen.end();
    };
    const auto& names = generals::parameters(variant).names;
    if (pool.power < names.size())
        for (const std::string& name : names[pool.power])
            if (!taken(name)) return name;
    // Numbered by how many generals the power has raised, so a name is never borne twice.
    std::size_t n = pool.ranks.size() + pool.fallen.size() + 1;
    std::string name;
    do name = variant.powers[pool.power].name + " general " + std::to_string(n++);
    while (taken(name));
    return name;
}

void start_position(const Variant& variant, Position& position) {
    if (!enabled(variant)) return;
    const GeneralsRules& rules = generals::parameters(variant);
    const auto size = static_cast<std::size_t>(rules.pool);
    for (std::size_t p = 0; p < variant.powers.size(); ++p) {
        Pool pool;
        pool.power = static_cast<PowerId>(p);
        std::vector<std::string> commanders;
        for_each_command(position, pool.power, [&](const Command& c) {
            if (!c.general->empty() &&
                std::find(commanders.begin(), commanders.end(), *c.general) == commanders.end())
                commanders.push_back(*c.general);
        });
        const std::vector<std::string> none;
        const auto& listed = p < rules.names.size() ? rules.names[p] : none;
        const auto commands = [&](const std::string& name) {
            return std::find(commanders.begin(), commanders.end(), name) != commanders.end();
        };
        // The commanders first, in the variant's order of names: the generals in the field are
        // the senior ones, and the variant's list says who ranks above whom.
        for (const std::string& name : listed)
            if (commands(name)) pool.ranks.push_back(PoolGeneral{name, 0, true});
        for (const std::string& name : commanders)
            if (pool.rank_of(name) == 0) pool.ranks.push_back(PoolGeneral{name, 0, true});
        while (pool.ranks.size() < size)
            pool.ranks.push_back(PoolGeneral{next_name(variant, pool), 0, false});
        state(position).pools.push_back(std::move(pool));
    }
}

}  // namespace adjutant::generals
