// SPDX-License-Identifier: Apache-2.0
// Where a general is (4g "Each active general's location must be specified"): the army or
// garrison whose `general` is his name, found by walking his power's commands.
#include "rules/generals/generals.h"
#include "variant/variant.h"

namespace adjutant::generals {

namespace {

template <typename C, typename P>
std::optional<C> find_command(P& position, PowerId power, const std::string& name) {
    std::optional<C> found;
    if (name.empty()) return found;
    for_each_command(position, power, [&](const C& c) {
        if (!found && *c.general == name) found = c;
    });
    return found;
}

}  // namespace

std::optional<Command> command_of(Position& position, PowerId power, const std::string& name) {
    return find_command<Command>(position, power, name);
}

std::optional<ConstCommand> command_of(const Position& position, PowerId power,
                                       const std::string& name) {
    return find_command<ConstCommand>(position, power, name);
}

// Built by appending: GCC 12 warns falsely (-Wrestrict) of a literal put before a temporary.
std::string command_text(const Variant& variant, bool garrison, ProvinceId province) {
    std::string text = garrison ? "G " : "A ";
    text += variant.provinces[province].abbr;
    return text;
}

std::string rank_text(int rank) {
    std::string text = "G";
    text += std::to_string(rank);
    return text;
}

std::string general_text(const Pool& pool, int rank) {
    return rank_text(rank) + " " + pool.ranks[static_cast<std::size_t>(rank - 1)].name;
}

}  // namespace adjutant::generals
