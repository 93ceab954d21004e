// SPDX-License-Identifier: Apache-2.0
// Subcommands of the `adjutant` executable. Each takes the arguments after its own name and
// returns a process exit code (sysexits-style: 0 ok, 64 usage, 65 bad data, 66 no input...).
#pragma once

#include <span>
#include <string_view>

namespace adjutant::cli {

using Args = std::span<char* const>;

int adjudicate_command(Args args);
int variant_command(Args args);
int variant_import_command(Args args);  // `variant import`, reached through variant_command
int serve_command(Args args);
int migrate_command(Args args);
int backup_command(Args args);
int replay_command(Args args);
int mail_in_command(Args args);
int mail_send_command(Args args);
int mail_address_command(Args args);
int version_command(Args args);

struct Command {
    std::string_view name;
    std::string_view summary;
    int (*run)(Args args);
};

// Every subcommand, in the order `adjutant help` lists them.
std::span<const Command> commands();

// "adjutant 0.1.0", as `adjutant --version` and `adjutant version` print it.
std::string_view version_line();

}  // namespace adjutant::cli
