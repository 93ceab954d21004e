// SPDX-License-Identifier: Apache-2.0
// 4g "When a general is killed a replacement is rolled for and placed in the lowest rank": as the
// week ends, every active general whose command no longer holds him leaves the pool. He was
// killed (an assault's roll of 1) when his command still stands without him; otherwise he was
// lost with it (an army destroyed, a garrison taken or disbanded). Those below him move up a
// rank, and a replacement, named by the variant (start_pool.cpp's next_name), joins at the
// lowest rank with his type roll. A power with no army and no garrison left (its country lost
// with its capital, 4b) has nothing to command and raises no one: its pool stays as it was.
#include <algorithm>
#include <string>
#include <vector>

#include "rules/generals/generals.h"
#include "variant/variant.h"

namespace adjutant::generals {

namespace {

// Whether the command `was` (as the week began) still stands in `next`.
bool has_commands(const Position& next, PowerId power) {
    bool any = false;
    for_each_command(next, power, [&](const ConstCommand&) { any = true; });
    return any;
}

bool still_stands(const Position& next, PowerId power, const ConstCommand& was) {
    bool found = false;
    for_each_command(next, power, [&](const ConstCommand& c) {
        if (c.garrison != was.garrison) return;
        if (was.garrison ? c.province == was.province : (was.army != 0 && c.army == was.army))
            found = true;
    });
    return found;
}

std::string how_lost(const Variant& v, const TurnContext& ctx, PowerId power,
                     const std::string& name, const std::string& who) {
    const auto was = command_of(ctx.before, power, name);
    if (!was) return who + " was lost with his command";
    const std::string command = command_text(v, *was);
    if (still_stands(ctx.result.next, power, *was)) return who + " of " + command + " was killed";
    return who + " was lost with " + command;
}

}  // namespace

void replace_the_lost(TurnContext& ctx) {
    const Variant& v = ctx.variant;
    Position& next = ctx.result.next;
    // The generals the power's commands name, gathered once per pool: whether an active general
    // still has a command is asked of every one of them every week, and command_of() walked all
    // the units and garrisons for each. Nothing below changes a command, so the list holds.
    std::vector<const std::string*> commanders;
    const auto commands = [&](const std::string& name) {
        return !name.empty() && std::any_of(commanders.begin(), commanders.end(),
                                            [&](const std::string* c) { return *c == name; });
    };
    for (Pool& pool : state(next).pools) {
        if (!has_commands(next, pool.power)) continue;
        commanders.clear();
        for_each_command(next, pool.power,
                         [&](const Command& c) { commanders.push_back(c.general); });
        for (std::size_t i = 0; i < pool.ranks.size();) {
            // Copied only once he is known lost: a name past 15 letters is an allocation, and
            // every active general of every pool is looked at every week.
            if (!pool.ranks[i].active || commands(pool.ranks[i].name)) {
                ++i;
                continue;
            }
            const PoolGeneral lost = pool.ranks[i];
            const int rank = static_cast<int>(i) + 1;
            std::string text = how_lost(v, ctx, pool.power, lost.name, general_text(pool, rank));
            const auto last = static_cast<int>(pool.ranks.size());
            if (rank < last) {
                text += "; " + rank_text(rank + 1);
                text +=
                    rank + 1 < last ? " to " + rank_text(last) + " move" : std::string(" moves");
                text += " up a rank";
            }
            record(ctx, "general.lost", pool.power, text);
            pool.fallen.push_back(lost.name);
            pool.ranks.erase(pool.ranks.begin() + static_cast<std::ptrdiff_t>(i));
            PoolGeneral replacement{next_name(v, pool), 0, false};
            const std::string name = replacement.name;
            pool.ranks.push_back(std::move(replacement));
            pool.ranks.back().roll =
                roll_type(ctx, name, pool.power, "general.replacement",
                          "a replacement for " + lost.name + ", " + name + ", joins " +
                              v.powers[pool.power].name + "'s pool as " +
                              rank_text(static_cast<int>(pool.ranks.size())) + ": type roll ");
        }
    }
}

}  // namespace adjutant::generals
