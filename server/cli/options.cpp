// SPDX-License-Identifier: Apache-2.0
#include "cli/options.h"

#include <cstdio>
#include <filesystem>
#include <iostream>
#include <limits>
#include <vector>

#include "storage/open.h"

namespace adjutant::cli {

namespace {

std::optional<config::ServerConfig> load_config(const ConfigOptions& options) {
    std::string error;
    auto config = config::load_cli_config(options.config_path, options.database, error);
    if (!config) std::fprintf(stderr, "adjutant: %s\n", error.c_str());
    return config;
}

bool database_exists(const config::ServerConfig& config) {
    std::error_code ec;
    // A PostgreSQL database is not a file here: connecting tells whether it is there.
    if (config.database == ":memory:" || storage::is_postgres_uri(config.database) ||
        std::filesystem::is_regular_file(config.database, ec))
        return true;
    std::fprintf(stderr,
                 "adjutant: database %s does not exist (check --database or the config's "
                 "\"database\"; `adjutant migrate` creates one)\n",
                 config.database.c_str());
    return false;
}

// The words of `words` that look like a long option ("--ordrs", "--ordrs=x") and name none of
// the parser's options.
std::vector<std::string> unknown_options(CLI::App& parser, const std::vector<std::string>& words) {
    std::vector<std::string> out;
    for (const auto& word : words) {
        if (word.size() < 3 || word.rfind("--", 0) != 0) continue;
        const std::string name = word.substr(0, word.find('='));
        if (parser.get_option_no_throw(name) == nullptr) out.push_back(name);
    }
    return out;
}

}  // namespace

std::optional<int> parse_options(CLI::App& parser, Args args) {
    // CLI11 takes the words in reverse order, without the program name.
    std::vector<std::string> words(args.rbegin(), args.rend());
    try {
        parser.parse(words);
        return std::nullopt;
    } catch (const CLI::RequiredError& error) {
        // CLI11 checks the required options before the unexpected ones, so `--ordrs o.txt`
        // would be reported as "--orders is required": name the mistyped option instead.
        const auto unknown =
            unknown_options(parser, std::vector<std::string>(args.begin(), args.end()));
        if (!unknown.empty()) {
            parser.exit(CLI::ExtrasError(unknown), std::cout, std::cerr);
            return kExUsage;
        }
        parser.exit(error, std::cout, std::cerr);
        return kExUsage;
    } catch (const CLI::ParseError& error) {
        const int code = parser.exit(error, std::cout, std::cerr);
        return code == 0 ? 0 : kExUsage;
    }
}

void add_config_options(CLI::App& parser, ConfigOptions& out) {
    parser.add_option("--config", out.config_path,
                      "configuration file (default: config/adjutant.json when it exists)");
    parser.add_option("--database", out.database,
                      "SQLite database file or postgresql:// URI (overrides the config)");
}

std::optional<int> parse_config_command(CLI::App& parser, Args args, const ConfigOptions& options,
                                        MissingDatabase missing, config::ServerConfig& config) {
    if (auto code = parse_options(parser, args)) return code;
    auto loaded = load_config(options);
    if (!loaded) return kExConfig;
    config = std::move(*loaded);
    if (missing == MissingDatabase::Create || database_exists(config)) return std::nullopt;
    return missing == MissingDatabase::Refuse ? kExNoInput : kExTempFail;
}

CLI::Option* add_game_option(CLI::App& parser, std::optional<std::int64_t>& game,
                             const std::string& help) {
    return parser
        .add_option_function<std::int64_t>(
            "--game", [&game](const std::int64_t& id) { game = id; }, help)
        ->check(CLI::Range(std::int64_t{1}, std::numeric_limits<std::int64_t>::max()));
}

}  // namespace adjutant::cli
