// SPDX-License-Identifier: Apache-2.0
// adjutant serve [--config FILE] [--port N] [--database FILE] [--demo]
// Runs the campaign server until SIGTERM/SIGINT. Prints "listening on http://ADDR:PORT" on
// standard output once it accepts connections (tests read the port from it when it is 0).
// It listens where it was asked or not at all: a bad port or an address that does not resolve
// stops it before any file is created.
#include <sys/resource.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>

#include <spdlog/spdlog.h>

#include "app/demo.h"
#include "app/logging.h"
#include "app/runtime.h"
#include "cli/commands.h"
#include "cli/options.h"
#include "config/listen_address.h"
#include "http/metrics.h"
#include "http/router.h"
#include "http/server.h"
#include "scheduler/scheduler.h"
#include "service/crypto.h"
#include "service/game_service.h"
#include "storage/open.h"

namespace adjutant::cli {

namespace {

// Every connection holds a descriptor, and the database, its WAL and the lock a few more. Asks for
// the hard limit when the soft one is short of max_connections plus a margin, and warns when even
// that is short: running out makes accept() fail, which the server survives by backing off, but a
// connection over the limit then waits in the backlog.
void check_descriptor_limit(int max_connections) {
    constexpr rlim_t kMargin = 64;
    rlimit limit{};
    if (getrlimit(RLIMIT_NOFILE, &limit) != 0) return;
    const rlim_t wanted = static_cast<rlim_t>(max_connections) + kMargin;
    if (limit.rlim_cur != RLIM_INFINITY && limit.rlim_cur < wanted) {
        rlimit raised = limit;
        raised.rlim_cur =
            limit.rlim_max == RLIM_INFINITY ? wanted : std::min(wanted, limit.rlim_max);
        if (setrlimit(RLIMIT_NOFILE, &raised) == 0) limit = raised;
    }
    if (limit.rlim_cur != RLIM_INFINITY && limit.rlim_cur < wanted)
        spdlog::warn(
            "the file descriptor limit is {} but limits.max_connections is {}: raise it "
            "(systemd: LimitNOFILE) to at least {}",
            static_cast<unsigned long long>(limit.rlim_cur), max_connections,
            static_cast<unsigned long long>(wanted));
}

// Everything `serve` does once its configuration is read: the database, the variants, the
// services and their threads, until the server is told to stop.
int run_server(config::ServerConfig& settings) {
    try {
        // Before the database is opened: a second server on the same file stops here.
        std::string lock_error;
        const auto lock = app::DatabaseLock::acquire(settings.database, lock_error);
        if (!lock) {
            std::fprintf(stderr, "adjutant: %s\n", lock_error.c_str());
            return kExTempFail;  // it may start once the other server has stopped
        }
        // Nor does a server start that could only read: it would serve GETs and answer every
        // write 500. The same status: it may start once the file is writable.
        if (const std::string problem = app::unwritable_database(settings.database);
            !problem.empty()) {
            std::fprintf(stderr, "adjutant: %s\n", problem.c_str());
            return kExTempFail;
        }
        check_descriptor_limit(settings.limits.max_connections);
        service::crypto_init();
        int applied = 0;
        auto db = app::open_database(settings.database, &applied);
        if (applied > 0)
            spdlog::info("database {}: applied {} migration(s)",
                         storage::printable_database(settings.database), applied);
        service::VariantRegistry variants;
        for (const auto& problem : app::load_variants(settings, *db, variants))
            spdlog::warn("variant: {}", problem);
        const std::string admin_hash =
            settings.admin_token.empty() ? "" : service::sha256_hex(settings.admin_token);
        service::GameService service(*db, variants, admin_hash);
        service.set_limits({settings.limits.games_per_hour_per_address,
                            settings.limits.gm_variant_bytes, settings.mail.reminder_seconds,
                            settings.limits.view_cache_bytes});
        http::Metrics metrics;
        http::Router router(service, metrics);
        http::Server server(settings, router, metrics);
        const auto bound = server.listen();
        const std::string base_url = config::http_url(settings.address, bound);
        // Printed after "listening on", so that the demo's tokens and links end the output.
        const std::string how_to_play =
            settings.demo ? app::create_demo_game(service, base_url, settings.database) : "";
        scheduler::Scheduler scheduler(service.resolution(),
                                       std::chrono::seconds(settings.scheduler_interval_seconds));
        scheduler.start();  // resolves deadlines that passed while the server was down first
        const auto listener = app::start_change_listener(settings, service);  // PostgreSQL only
        if (settings.mail.web_url.empty()) settings.mail.web_url = base_url;  // the bound port
        service.accounts().configure(app::account_settings(settings));
        auto mail_sender = app::start_mail_sender(settings, service.mail());  // null when disabled
        std::cout << "listening on " << base_url << std::endl;
        if (!how_to_play.empty()) std::cout << how_to_play << std::endl;
        server.run();
        scheduler.stop();
        spdlog::info("stopped");
        return 0;
    } catch (const std::exception& failure) {
        std::fprintf(stderr, "adjutant: %s\n", failure.what());
        return kExSoftware;
    }
}

}  // namespace

int serve_command(Args args) {
    const char* env_config = std::getenv("ADJUTANT_CONFIG");  // the container image sets it
    std::string config_path = env_config && *env_config ? env_config : "config/adjutant.json";
    int port = 0;
    std::string database;
    bool demo = false;
    CLI::App parser{"Runs the campaign server until SIGTERM or SIGINT.", "adjutant serve"};
    parser.add_option("--config", config_path, "configuration file")->capture_default_str();
    CLI::Option* port_option =
        parser
            .add_option("--port", port, "TCP port (0: the kernel picks one; overrides the config)")
            ->check(CLI::Range(0, 65535));
    parser.add_option("--database", database, "SQLite database file (overrides the config)");
    parser.add_flag("--demo", demo,
                    "on an empty database, create a demo game and print its tokens");
    if (auto code = parse_options(parser, args)) return *code;

    std::string error;
    auto config = config::load_config(config_path, error);
    if (!config) {
        std::fprintf(stderr, "adjutant: %s\n", error.c_str());
        return kExConfig;
    }
    if (port_option->count() > 0) config->port = static_cast<std::uint16_t>(port);
    if (!database.empty()) config->database = database;
    config->demo = config->demo || demo;
    // Resolved before the database (and its directory) is created: a typo in the address
    // leaves nothing behind.
    const auto address = config::resolve_listen_address(config->address, error);
    if (!address) {
        std::fprintf(stderr, "adjutant: %s: listen.address: %s\n", config_path.c_str(),
                     error.c_str());
        return kExConfig;
    }
    config->address = *address;
    app::setup_logging(config->log_level, config->log_format);

    return run_server(*config);
}

}  // namespace adjutant::cli
