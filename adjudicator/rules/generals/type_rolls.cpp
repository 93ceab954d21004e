// SPDX-License-Identifier: Apache-2.0
// 4g "Each must be named and the initial die roll for type recorded": every general of a pool
// whose type roll is not yet recorded has it rolled as the week ends, so a starting pool (dealt
// without dice) is rolled as the first week ends, and a replacement as he joins. The die is the
// one the sieges roll for a general whose roll they need (d10 `general-type`, subject his name),
// so a roll the sieges made earlier in the same week reads the same.
#include "rules/generals/generals.h"
#include "variant/variant.h"

namespace adjutant::generals {

std::int32_t roll_type(TurnContext& ctx, const std::string& name, PowerId power, std::string kind,
                       std::string text) {
    const int value = ctx.dice.d10("general-type", name, 0);
    const char face = static_cast<char>('0' + value % 10);
    text += face;
    Event& e = record(ctx, std::move(kind), power, std::move(text));
    std::string table = "type roll ";
    table += face;
    e.roll = Roll{"general-type", name, value, std::move(table), ""};
    return value;
}

void record_type_rolls(TurnContext& ctx) {
    Position& next = ctx.result.next;
    for (Pool& pool : state(next).pools) {
        for (std::size_t i = 0; i < pool.ranks.size(); ++i) {
            PoolGeneral& g = pool.ranks[i];
            if (g.roll != 0) continue;
            const auto command = command_of(next, pool.power, g.name);
            g.roll = roll_type(
                ctx, g.name, pool.power, "general.type_roll",
                general_text(pool, static_cast<int>(i) + 1) + "'s type roll is recorded: ");
            // His command's roll carries his career from now on; one the sieges already
            // recorded (and may have added to) stays.
            if (command && *command->roll == 0) *command->roll = g.roll;
        }
    }
}

}  // namespace adjutant::generals
