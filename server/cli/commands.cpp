// SPDX-License-Identifier: Apache-2.0
#include "cli/commands.h"

#include <array>
#include <cstdio>

#include "cli/options.h"

namespace adjutant::cli {

std::span<const Command> commands() {
    static const std::array kCommands{
        Command{"adjudicate",
                "adjudicate one phase: --variant V [--position P.json] --orders O.txt",
                adjudicate_command},
        Command{
            "variant",
            "variant check FILE: validate a variant file; variant import FILE: read a DPjudge map",
            variant_command},
        Command{"serve", "run the campaign server: [--config FILE] [--demo]", serve_command},
        Command{"migrate", "apply database migrations: [--config FILE] [--from FILE --to URI]",
                migrate_command},
        Command{"backup", "backup FILE: online copy of the database", backup_command},
        Command{"replay", "recompute every stored phase: [--game ID]", replay_command},
        Command{"mail-in", "deliver one mail from standard input (MTA pipe): [--recipient A]",
                mail_in_command},
        Command{"mail-send", "send the due outbox once over the configured relay",
                mail_send_command},
        Command{"mail-address",
                "a seat's private orders address: --game ID --power P (or --place N)",
                mail_address_command},
        Command{"version", "print the version", version_command},
    };
    return kCommands;
}

std::string_view version_line() {
    return "adjutant " ADJUTANT_VERSION;
}

int version_command(Args args) {
    CLI::App parser{"Prints the version.", "adjutant version"};
    if (auto code = parse_options(parser, args)) return *code;
    std::printf("%.*s\n", static_cast<int>(version_line().size()), version_line().data());
    return 0;
}

}  // namespace adjutant::cli
