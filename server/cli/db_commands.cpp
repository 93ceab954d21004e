// Database maintenance: `adjutant migrate`, `adjutant backup FILE`, `adjutant replay`.
// Each takes [--config FILE] [--database FILE] like `serve`.
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "app/runtime.h"
#include "cli/commands.h"
#include "service/crypto.h"
#include "service/replay.h"
#include "storage/migrations.h"
#include "storage/store.h"

namespace adjutant::cli {

namespace {

struct DbOptions {
    config::ServerConfig config;
    std::vector<std::string> rest;  // positional arguments
    std::optional<std::int64_t> game;
};

// Parses the shared options; a missing default config file is not an error (defaults apply).
bool parse(Args args, DbOptions& out, const char* usage) {
    std::string config_path;
    std::string database;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string arg = args[i];
        const bool has_value = i + 1 < args.size();
        if (arg == "--config" && has_value)
            config_path = args[++i];
        else if (arg == "--database" && has_value)
            database = args[++i];
        else if (arg == "--game" && has_value)
            out.game = std::atoll(args[++i]);
        else if (!arg.empty() && arg[0] == '-') {
            std::fprintf(stderr, "usage: %s\n", usage);
            return false;
        } else
            out.rest.push_back(arg);
    }
    std::string error;
    auto config = config::load_cli_config(config_path, database, error);
    if (!config) {
        std::fprintf(stderr, "adjutant: %s\n", error.c_str());
        return false;
    }
    out.config = *config;
    return true;
}

}  // namespace

int migrate_command(Args args) {
    DbOptions options;
    if (!parse(args, options, "adjutant migrate [--config FILE] [--database FILE]")) return 64;
    try {
        int applied = 0;
        auto db = app::open_database(options.config.database, &applied);
        std::printf("%s: schema version %d (%d migration(s) applied)\n",
                    options.config.database.c_str(), db->user_version(), applied);
        return 0;
    } catch (const std::exception& error) {
        std::fprintf(stderr, "adjutant: %s\n", error.what());
        return 70;
    }
}

int backup_command(Args args) {
    DbOptions options;
    const char* usage = "adjutant backup FILE [--config FILE] [--database FILE]";
    if (!parse(args, options, usage)) return 64;
    if (options.rest.size() != 1) {
        std::fprintf(stderr, "usage: %s\n", usage);
        return 64;
    }
    if (std::filesystem::exists(options.rest[0])) {
        std::fprintf(stderr, "adjutant: %s exists; refusing to overwrite\n",
                     options.rest[0].c_str());
        return 73;
    }
    try {
        auto db = app::open_database(options.config.database);
        db->backup_to(options.rest[0]);
        std::printf("backed up %s to %s\n", options.config.database.c_str(),
                    options.rest[0].c_str());
        return 0;
    } catch (const std::exception& error) {
        std::fprintf(stderr, "adjutant: %s\n", error.what());
        return 74;
    }
}

int replay_command(Args args) {
    DbOptions options;
    if (!parse(args, options, "adjutant replay [--game ID] [--config FILE] [--database FILE]"))
        return 64;
    try {
        service::crypto_init();
        auto db = app::open_database(options.config.database);
        service::VariantRegistry variants;
        for (const auto& problem : app::load_variants(options.config, *db, variants))
            std::fprintf(stderr, "adjutant: warning: %s\n", problem.c_str());
        storage::Store store(*db);
        const auto report = service::replay(store, variants, options.game);
        for (const auto& problem : report.problems)
            std::printf(
                "MISMATCH game %lld phase %lld (%s): %s\n", static_cast<long long>(problem.game_id),
                static_cast<long long>(problem.seq), problem.phase.c_str(), problem.what.c_str());
        std::printf("replayed %d game(s), %d phase(s): %s\n", report.games, report.phases,
                    report.problems.empty() ? "all match" : "MISMATCHES FOUND");
        return report.problems.empty() ? 0 : 1;
    } catch (const std::exception& error) {
        std::fprintf(stderr, "adjutant: %s\n", error.what());
        return 70;
    }
}

}  // namespace adjutant::cli
