// SPDX-License-Identifier: Apache-2.0
// The pools' events. A nation's generals are its own records (4g "Each must be named and the
// initial die roll for type recorded"), so their events name no province: the results show
// them to their power and the GM, and under fog of war to nobody else, even where another power
// sees the command (docs/fog-of-war.md). The command stays named in the text.
#include "rules/generals/generals.h"

namespace adjutant::generals {

Event& record(TurnContext& ctx, std::string kind, PowerId power, std::string text) {
    return ctx.event(std::move(kind), power, kNoProvince, std::move(text));
}

}  // namespace adjutant::generals
