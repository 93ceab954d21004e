// adjutant serve [--config FILE] [--port N] [--database FILE] [--demo]
// Runs the campaign server until SIGTERM/SIGINT. Prints "listening on http://ADDR:PORT" on
// standard output once it accepts connections (tests read the port from it when it is 0).
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>

#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include "app/demo.h"
#include "app/runtime.h"
#include "cli/commands.h"
#include "http/metrics.h"
#include "http/router.h"
#include "http/server.h"
#include "scheduler/scheduler.h"
#include "service/crypto.h"
#include "service/game_service.h"

namespace adjutant::cli {

int serve_command(Args args) {
    std::string config_path = "config/adjutant.json";
    std::optional<int> port;
    std::string database;
    bool demo = false;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string arg = args[i];
        const bool has_value = i + 1 < args.size();
        if (arg == "--config" && has_value)
            config_path = args[++i];
        else if (arg == "--port" && has_value)
            port = std::atoi(args[++i]);
        else if (arg == "--database" && has_value)
            database = args[++i];
        else if (arg == "--demo")
            demo = true;
        else {
            std::fputs(
                "usage: adjutant serve [--config FILE] [--port N] [--database FILE] [--demo]\n",
                stderr);
            return 64;
        }
    }
    std::string error;
    auto config = config::load_config(config_path, error);
    if (!config) {
        std::fprintf(stderr, "adjutant: %s\n", error.c_str());
        return 66;
    }
    if (port) config->port = static_cast<std::uint16_t>(*port);
    if (!database.empty()) config->database = database;
    config->demo = config->demo || demo;
    // Logs go to standard error; standard output carries only what a user should read.
    spdlog::set_default_logger(spdlog::stderr_color_mt("adjutant"));
    spdlog::set_level(spdlog::level::from_str(config->log_level));

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
        const std::string base_url = "http://" + config->address + ":" + std::to_string(bound);
        if (config->demo) {
            const std::string how_to_play = app::create_demo_game(service, base_url);
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
        return 70;
    }
}

}  // namespace adjutant::cli
