// SPDX-License-Identifier: Apache-2.0
// The one option parser of every subcommand (CLI11, as Debian ships it): each subcommand
// declares its options on a CLI::App and calls parse_options, so -h/--help, unknown options,
// missing values and out-of-range numbers behave the same everywhere.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/commands.h"
#include "config/server_config.h"

namespace adjutant::cli {

// The candidate at most two edits from `word` (the nearest, the first of equals), or empty: the
// "did you mean" of a mistyped option or command.
std::string nearest_word(std::string_view word, const std::vector<std::string>& candidates);

// sysexits(3) codes, shared by every subcommand.
constexpr int kExUsage = 64, kExDataErr = 65, kExNoInput = 66, kExSoftware = 70, kExCantCreate = 73,
              kExIoErr = 74, kExTempFail = 75, kExConfig = 78;

// Parses `args` (the words after the subcommand's name) into `parser`. nullopt: go on. Otherwise
// the exit code to return: 0 after printing the help on standard output, kExUsage after
// printing the problem and a pointer to --help on standard error.
std::optional<int> parse_options(CLI::App& parser, Args args);

// --config FILE and --database FILE, as every database command takes them.
struct ConfigOptions {
    std::string config_path;
    std::string database;
};
void add_config_options(CLI::App& parser, ConfigOptions& out);

// What a command does when the database file it names does not exist: create it (`migrate`),
// refuse it (kExNoInput: a typo in a path must not become an empty database and a report on
// nothing), or ask to be run again (kExTempFail: an MTA keeps the mail and retries while the
// server is being set up).
enum class MissingDatabase { Create, Refuse, RetryLater };

// The opening of every database command: parses `args` into `parser` (which holds
// add_config_options(options)), loads the configuration the options name into `config`
// (load_cli_config) and applies `missing`. nullopt: go on. Otherwise the exit code, the problem
// said on standard error: parse_options's, kExConfig, or `missing`'s.
std::optional<int> parse_config_command(CLI::App& parser, Args args, const ConfigOptions& options,
                                        MissingDatabase missing, config::ServerConfig& config);

// A game id: a positive integer (CLI11 refuses "abc" and "0" with a message naming --game).
CLI::Option* add_game_option(CLI::App& parser, std::optional<std::int64_t>& game,
                             const std::string& help);

}  // namespace adjutant::cli
