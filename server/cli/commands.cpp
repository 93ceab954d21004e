#include "cli/commands.h"

#include <array>

namespace adjutant::cli {

std::span<const Command> commands() {
    static const std::array kCommands{
        Command{"adjudicate", "adjudicate one phase: --variant V [--position P.json] --orders O.txt",
                adjudicate_command},
        Command{"variant", "variant check FILE: validate a variant file", variant_command},
    };
    return kCommands;
}

}  // namespace adjutant::cli
