// SPDX-License-Identifier: Apache-2.0
// Generals as the sieges use them (Lone Warrior 4g; docs/sieges.md "Generals"). A named general's
// type roll is made once and kept on his army or garrison (`general_roll`), with the career
// modifiers of 4g added as they are earned. Each time his generalship is needed a randomiser
// gives his form on the day; roll + randomiser, read on his nation's row, gives his type, and the
// type modifies the generalship rating roll. An army or garrison without a named general rolls
// the plain rating.
#include <algorithm>
#include <array>

#include "rules/sieges/internal.h"
#include "variant/variant.h"

namespace adjutant::sieges::detail {

namespace {

// The nation rows of 4g: the highest roll that is still Cautious, and the one roll that is Rash.
struct NationRow {
    const char* name;
    int cautious_up_to;
};

// The variant's powers have no Prussia or Austria: Germany reads the Prussian row, Britain the
// British one, Austria(-Hungary) the Austrian one, and every other power the "Others" row.
NationRow nation_row(const Variant& v, PowerId power) {
    const std::string name = power < v.powers.size() ? v.powers[power].name : std::string();
    if (name == "Germany" || name == "Prussia" || name == "Britain" || name == "England" ||
        name == "Russia")
        return {"British, Prussian or Russian", 2};
    if (name == "Austria" || name == "Austria-Hungary") return {"Austrian", 4};
    return {"Others", 3};
}

int randomiser(int value) {
    static constexpr std::array<int, 10> kRandomiser{-3, -2, -1, 0, 0, 0, 0, 1, 2, 3};
    return kRandomiser[static_cast<std::size_t>(value - 1)];
}

const char* randomiser_row(int value) {
    static constexpr std::array<const char*, 10> kRows{"1: -3",  "2: -2",  "3: -1",  "4-7: 0",
                                                       "4-7: 0", "4-7: 0", "4-7: 0", "8: +1",
                                                       "9: +2",  "0: +3"};
    return kRows[static_cast<std::size_t>(value - 1)];
}

void record_type_roll(TurnContext& ctx, const std::string& general, std::int32_t& general_roll,
                      PowerId power, ProvinceId where) {
    if (general_roll != 0) return;
    const Rolled r = roll(ctx, "general-type", general);
    general_roll = r.value;
    rolled_event(ctx, r, "siege.general", power, where,
                 "general " + general + "'s type roll is recorded: " + face(r.value),
                 "type roll " + face(r.value));
}

}  // namespace

Rating generalship(TurnContext& ctx, const std::string& subject, const std::string& general,
                   std::int32_t& general_roll, PowerId power, ProvinceId where,
                   const std::string& text_before) {
    int modifier = 0;
    std::string why;
    if (!general.empty()) {
        record_type_roll(ctx, general, general_roll, power, where);
        const NationRow row = nation_row(ctx.variant, power);
        const Rolled r = roll(ctx, "randomiser", general);
        const int form = randomiser(r.value);
        const int score = general_roll + form;
        const char* type = score <= row.cautious_up_to       ? "Cautious"
                           : score == row.cautious_up_to + 1 ? "Rash"
                                                             : "Bold";
        rolled_event(ctx, r, "siege.general", power, where,
                     "general " + general + " (type roll " + std::to_string(general_roll) +
                         ", randomiser " + face(r.value) + ": " + signed_number(form) + " = " +
                         std::to_string(score) + ") is " + type + " on the " + row.name + " row",
                     randomiser_row(r.value),
                     form != 0 ? signed_number(form) + " randomiser" : std::string());
        if (type[0] == 'B') modifier = 1;
        if (type[0] == 'C') modifier = -1;
        why = type[0] == 'B' ? "Bold" : "Cautious";
    }
    const Rolled die = roll(ctx, "generalship", subject);
    const int total = die.value + modifier;
    Rating rating{"Good", 4, die.value, read_die(die.value, modifier, why)};
    const char* row = "8-0 Good";
    if (total <= 2) {
        rating.name = "Poor";
        rating.halves = 1;
        row = "1-2 Poor";
    } else if (total <= 7) {
        rating.name = "Average";
        rating.halves = 2;
        row = "3-7 Average";
    }
    rolled_event(ctx, die, "siege.generalship", power, where,
                 text_before + rating.name + " (" + rating.read + ")", row,
                 modifier != 0 ? signed_number(modifier) + " " + why : std::string());
    return rating;
}

void career(TurnContext& ctx, const std::string& general, std::int32_t& general_roll, int modifier,
            const char* why, PowerId power, ProvinceId where) {
    if (general.empty()) return;
    // Every general has his type roll from the start (4g); one not yet needed is rolled now so
    // the modifier has something to add to.
    record_type_roll(ctx, general, general_roll, power, where);
    // 0 marks a roll not yet made, so a career cannot bring it below 1.
    general_roll = std::max(1, general_roll + modifier);
    ctx.event("siege.general", power, where,
              "general " + general + ": " + why + " " + signed_number(modifier) +
                  "; his type roll is now " + std::to_string(general_roll));
}

}  // namespace adjutant::sieges::detail
