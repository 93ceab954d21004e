// SPDX-License-Identifier: Apache-2.0
// adjutant serve [--config FILE] [--port N] [--database FILE] [--demo]
// Runs the campaign server until SIGTERM/SIGINT. Prints "listening on http://ADDR:PORT" on
// standard output once it accepts connections (tests read the port from it when it is 0).
// It listens where it was asked or not at all: a bad port or an address that does not resolve
// stops it before any file is created.
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

namespace adjutant::cli {

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

    try {
        service::crypto_init();
        int applied = 0;
        auto db = app::open_database(config->database, &applied);
        if (applied > 0)
            spdlog::info("database {}: applied {} migration(s)", config->database, applied);
        service::VariantRegistry variants;
        for (const auto& problem : app::load_variants(*config, *db, variants))
            spdlog::warn("variant: {}", problem);
        const std::string admin_hash =
            config->admin_token.empty() ? "" : service::sha256_hex(config->admin_token);
        service::GameService service(*db, variants, admin_hash);
        http::Metrics metrics;
        http::Router router(service, metrics);
        http::Server server(*config, router, metrics);
        const auto bound = server.listen();
        const std::string base_url = config::http_url(config->address, bound);
        if (config->demo) {
            const std::string how_to_play =
                app::create_demo_game(service, base_url, config->database);
            if (!how_to_play.empty()) std::cout << how_to_play << '\n';
        }
        scheduler::Scheduler scheduler(service,
                                       std::chrono::seconds(config->scheduler_interval_seconds));
        scheduler.start();  // resolves deadlines that passed while the server was down first
        if (config->mail.web_url.empty()) config->mail.web_url = base_url;  // the bound port
        auto mail_sender = app::start_mail_sender(*config, service);        // null when disabled
        std::cout << "listening on " << base_url << std::endl;
        server.run();
        scheduler.stop();
        spdlog::info("stopped");
        return 0;
    } catch (const std::exception& failure) {
        std::fprintf(stderr, "adjutant: %s\n", failure.what());
        return kExSoftware;
    }
}

}  // namespace adjutant::cli
