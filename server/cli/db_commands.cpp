// SPDX-License-Identifier: Apache-2.0
// Database maintenance: `adjutant migrate` (and `migrate --from FILE --to URI`, the copy of an
// SQLite site into PostgreSQL), `adjutant backup FILE`, `adjutant replay`.
// Each takes [--config FILE] [--database FILE] like `serve`. Only `migrate` creates a missing
// database; the others refuse one, so a typo in a path is never an empty database.
#include <cstdio>
#include <filesystem>
#include <string>

#include "app/runtime.h"
#include "cli/commands.h"
#include "cli/options.h"
#include "service/crypto.h"
#include "service/replay.h"
#include "storage/copy.h"
#include "storage/migrations.h"
#include "storage/open.h"
#include "storage/store.h"

namespace adjutant::cli {

namespace {

// `migrate --from FILE --to URI`: the copy, then the check that the copy replays.
int copy_site(const config::ServerConfig& config, const std::string& from, const std::string& to) {
    if (!std::filesystem::is_regular_file(from)) {
        std::fprintf(stderr, "adjutant: %s does not exist\n", from.c_str());
        return kExNoInput;
    }
    if (!storage::is_postgres_uri(to)) {
        std::fprintf(stderr, "adjutant: --to must be a postgresql:// URI\n");
        return kExUsage;
    }
    try {
        service::crypto_init();
        auto source = app::open_database(from);
        auto target = app::open_database(to);
        const auto counts =
            storage::copy_sqlite_to_postgres(static_cast<storage::SqliteDatabase&>(*source),
                                             static_cast<storage::PostgresDatabase&>(*target));
        for (const auto& [table, rows] : counts)
            std::printf("%s: %lld row(s)\n", table.c_str(), static_cast<long long>(rows));
        service::VariantRegistry variants;
        for (const auto& problem : app::load_variants(config, *target, variants))
            std::fprintf(stderr, "adjutant: warning: %s\n", problem.c_str());
        storage::Store store(*target);
        const auto report = service::replay(store, variants, std::nullopt);
        std::printf("copied %s to PostgreSQL; replayed %d game(s), %d phase(s): %s\n", from.c_str(),
                    report.games, report.phases,
                    report.problems.empty() ? "all match" : "PROBLEMS FOUND");
        for (const auto& problem : report.problems)
            std::printf(
                "%s game %lld phase %lld (%s): %s\n", problem.unchecked ? "UNCHECKED" : "MISMATCH",
                static_cast<long long>(problem.game_id), static_cast<long long>(problem.seq),
                problem.phase.c_str(), problem.what.c_str());
        return report.problems.empty() ? 0 : 1;
    } catch (const std::exception& error) {
        std::fprintf(stderr, "adjutant: %s\n", error.what());
        return kExSoftware;
    }
}

}  // namespace

int migrate_command(Args args) {
    ConfigOptions options;
    std::string from;
    std::string to;
    CLI::App parser{
        "Creates the database if needed and applies the schema migrations; with "
        "--from and --to, copies an SQLite site into an empty PostgreSQL database "
        "and replays it there.",
        "adjutant migrate"};
    add_config_options(parser, options);
    auto* from_option = parser.add_option("--from", from, "the SQLite file to copy");
    auto* to_option = parser.add_option("--to", to, "the postgresql:// database to copy into");
    from_option->needs(to_option);
    to_option->needs(from_option);
    config::ServerConfig config;
    if (auto code = parse_config_command(parser, args, options, MissingDatabase::Create, config))
        return *code;
    if (!from.empty()) return copy_site(config, from, to);
    try {
        int applied = 0;
        auto db = app::open_database(config.database, &applied);
        std::printf("%s: schema version %d (%d migration(s) applied)\n",
                    storage::printable_database(config.database).c_str(), db->user_version(),
                    applied);
        return 0;
    } catch (const std::exception& error) {
        std::fprintf(stderr, "adjutant: %s\n", error.what());
        return kExSoftware;
    }
}

int backup_command(Args args) {
    ConfigOptions options;
    std::string target;
    CLI::App parser{"Copies the database online (SQLite backup) to FILE, which must not exist.",
                    "adjutant backup"};
    parser.add_option("FILE", target, "the copy to write")->required();
    add_config_options(parser, options);
    config::ServerConfig config;
    if (auto code = parse_config_command(parser, args, options, MissingDatabase::Refuse, config))
        return *code;
    if (std::filesystem::exists(target)) {
        std::fprintf(stderr, "adjutant: %s exists; refusing to overwrite\n", target.c_str());
        return kExCantCreate;
    }
    try {
        auto db = app::open_database(config.database);
        db->backup_to(target);
        std::printf("backed up %s to %s\n", config.database.c_str(), target.c_str());
        return 0;
    } catch (const std::exception& error) {
        std::fprintf(stderr, "adjutant: %s\n", error.what());
        return kExIoErr;
    }
}

// Exit codes: 0 every phase matches, 1 a mismatch (the stored history disagrees with its
// recomputation), kExConfig when a game could not be checked because its variant is not
// loaded: a configuration problem, not evidence against the data.
int replay_command(Args args) {
    ConfigOptions options;
    std::optional<std::int64_t> game;
    CLI::App parser{
        "Recomputes every stored phase and checks results, positions and the hash chain.",
        "adjutant replay"};
    add_game_option(parser, game, "replay only this game");
    add_config_options(parser, options);
    config::ServerConfig config;
    if (auto code = parse_config_command(parser, args, options, MissingDatabase::Refuse, config))
        return *code;
    try {
        service::crypto_init();
        auto db = app::open_database(config.database);
        service::VariantRegistry variants;
        for (const auto& problem : app::load_variants(config, *db, variants))
            std::fprintf(stderr, "adjutant: warning: %s\n", problem.c_str());
        storage::Store store(*db);
        const auto report = service::replay(store, variants, game);
        int mismatches = 0;
        int unchecked = 0;
        for (const auto& problem : report.problems) {
            if (problem.unchecked) {
                ++unchecked;
                std::fprintf(stderr, "adjutant: cannot check game %lld: %s (variants_dir: %s)\n",
                             static_cast<long long>(problem.game_id), problem.what.c_str(),
                             config.variants_dir.c_str());
                continue;
            }
            ++mismatches;
            std::printf(
                "MISMATCH game %lld phase %lld (%s): %s\n", static_cast<long long>(problem.game_id),
                static_cast<long long>(problem.seq), problem.phase.c_str(), problem.what.c_str());
        }
        std::printf("replayed %d game(s), %d phase(s): %s", report.games, report.phases,
                    mismatches > 0 ? "MISMATCHES FOUND" : "all match");
        if (unchecked > 0) std::printf("; %d game(s) not checked", unchecked);
        std::printf("\n");
        if (mismatches > 0) return 1;
        return unchecked > 0 ? kExConfig : 0;
    } catch (const std::exception& error) {
        std::fprintf(stderr, "adjutant: %s\n", error.what());
        return kExSoftware;
    }
}

}  // namespace adjutant::cli
