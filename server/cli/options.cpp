// SPDX-License-Identifier: Apache-2.0
#include "cli/options.h"

#include <algorithm>
#include <cctype>
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

// The words of `words` that look like an option ("--ordrs", "--ordrs=x", "-x") and name none
// of the parser's options. A negative number ("--port -1") is a value, not an option.
std::vector<std::string> unknown_options(CLI::App& parser, const std::vector<std::string>& words) {
    std::vector<std::string> out;
    for (const auto& word : words) {
        std::string name;
        if (word.size() >= 3 && word.rfind("--", 0) == 0)
            name = word.substr(0, word.find('='));
        else if (word.size() >= 2 && word[0] == '-' &&
                 std::isalpha(static_cast<unsigned char>(word[1])))
            name = word.substr(0, 2);
        else
            continue;
        if (parser.get_option_no_throw(name) == nullptr) out.push_back(name);
    }
    return out;
}

// Levenshtein's distance between two words.
std::size_t edit_distance(std::string_view a, std::string_view b) {
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t above = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] != b[j - 1])});
            diagonal = above;
        }
    }
    return row[b.size()];
}

}  // namespace

std::string nearest_word(std::string_view word, const std::vector<std::string>& candidates) {
    std::string best;
    std::size_t best_distance = 3;
    for (const std::string& candidate : candidates) {
        const std::size_t d = edit_distance(word, candidate);
        if (d < best_distance) {
            best = candidate;
            best_distance = d;
        }
    }
    return best;
}

namespace {

// The parser's long option nearest to `name`, two edits at most ("--ordrs": "--orders"), or
// empty.
std::string nearest_option(const CLI::App& parser, const std::string& name) {
    std::vector<std::string> names;
    for (const CLI::Option* option : parser.get_options())
        for (const std::string& long_name : option->get_lnames()) names.push_back("--" + long_name);
    return nearest_word(name, names);
}

// "adjutant serve: unknown option --prot (did you mean --port?)", one line per option.
void report_unknown(const CLI::App& parser, const std::vector<std::string>& unknown) {
    for (const std::string& name : unknown) {
        std::string line = parser.get_name() + ": unknown option " + name;
        if (const std::string near = nearest_option(parser, name); !near.empty())
            line += " (did you mean " + near + "?)";
        std::cerr << line << "\n";
    }
    std::cerr << "Run with --help for more information.\n";
}

}  // namespace

std::optional<int> parse_options(CLI::App& parser, Args args) {
    // CLI11 takes the words in reverse order, without the program name.
    std::vector<std::string> words(args.rbegin(), args.rend());
    try {
        parser.parse(words);
        return std::nullopt;
    } catch (const CLI::ParseError& error) {
        // A mistyped option is named as unknown, with the option it was likely meant to be.
        // CLI11 checks the required options before the unexpected ones, so `--ordrs o.txt`
        // would be reported as "--orders is required", and `--prot 5` as the unexpected
        // arguments "5 --prot".
        if (dynamic_cast<const CLI::RequiredError*>(&error) != nullptr ||
            dynamic_cast<const CLI::ExtrasError*>(&error) != nullptr) {
            const auto unknown =
                unknown_options(parser, std::vector<std::string>(args.begin(), args.end()));
            if (!unknown.empty()) {
                report_unknown(parser, unknown);
                return kExUsage;
            }
        }
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
