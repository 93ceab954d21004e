// SPDX-License-Identifier: Apache-2.0
// The mail gateway's subcommands:
//   adjutant mail-in [--config F] [--database F] [--recipient ADDR] [--sender ADDR]
//       one RFC 5322 message on standard input, as an MTA pipe transport delivers it. Exit
//       codes follow sysexits: 0 delivered (or deliberately ignored), 65 unusable message,
//       75 database busy or unavailable (the MTA keeps the mail and retries), 70 other faults.
//   adjutant mail-send [--config F] [--database F]     one round of the outbox sender
//   adjutant mail-address --game ID --power P [...]    a seat's private orders address
//   adjutant mail-address --game ID --place N [...]    a join list place's (docs/assignment.md)
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <string>

#include <spdlog/spdlog.h>

#include "app/logging.h"
#include "app/runtime.h"
#include "cli/commands.h"
#include "cli/options.h"
#include "mail/inbound.h"
#include "mail/outbound.h"
#include "mail/outbox_sender.h"
#include "service/crypto.h"
#include "service/error.h"
#include "service/game_service.h"

namespace adjutant::cli {

namespace {

constexpr std::size_t kMaxMessageBytes = 16 * 1024 * 1024;

struct MailOptions {
    ConfigOptions files;
    config::ServerConfig config;
    std::optional<std::string> recipient;
    std::optional<std::string> sender;
    std::optional<std::int64_t> game;
    std::string power;
    std::optional<std::int64_t> place;  // mail-address: a place on a join list
};

// Parses `args` into `parser` and loads the configuration; nullopt to go on, else the exit code.
// Every mail command reads an existing database: a missing one is refused (75: an MTA keeps
// the mail and retries while the server is being set up), never created empty.
std::optional<int> parse(CLI::App& parser, Args args, MailOptions& out) {
    if (auto code =
            parse_config_command(parser, args, out.files, MissingDatabase::RetryLater, out.config))
        return code;
    // Logs to standard error: an MTA puts a failing command's output into its bounce.
    app::setup_logging("warn", out.config.log_format);
    return std::nullopt;
}

struct Runtime {
    std::unique_ptr<storage::Database> db;
    service::VariantRegistry variants;
    std::unique_ptr<service::GameService> service;
};

std::string web_url(const config::ServerConfig& config);

void open(const config::ServerConfig& config, Runtime& runtime) {
    service::crypto_init();
    runtime.db = app::open_database(config.database);
    app::load_variants(config, *runtime.db, runtime.variants);
    const std::string admin_hash =
        config.admin_token.empty() ? "" : service::sha256_hex(config.admin_token);
    runtime.service =
        std::make_unique<service::GameService>(*runtime.db, runtime.variants, admin_hash);
    // REGISTER mails a sign-in link: the web's address as the mails name it.
    auto settings = config;
    settings.mail.web_url = web_url(config);
    runtime.service->accounts().configure(app::account_settings(settings));
}

// The links in mail: mail.web_url, else the server's listen address and port.
std::string web_url(const config::ServerConfig& config) {
    if (!config.mail.web_url.empty()) return config.mail.web_url;
    return "http://" + config.address + ":" + std::to_string(config.port);
}

service::MailIdentity identity(const config::ServerConfig& config) {
    return {config.mail.domain, config.mail.orders_local_part, web_url(config)};
}

const char* outcome_name(service::MailOutcome outcome) {
    switch (outcome) {
        case service::MailOutcome::Applied:
            return "applied";
        case service::MailOutcome::Rejected:
            return "rejected";
        case service::MailOutcome::Duplicate:
            return "duplicate";
    }
    return "?";
}

}  // namespace

int mail_in_command(Args args) {
    MailOptions options;
    CLI::App parser{"Delivers one mail from standard input, as an MTA pipe transport runs it.",
                    "adjutant mail-in"};
    parser.add_option("--recipient", options.recipient,
                      "the envelope recipient (default: the Delivered-To header)");
    parser.add_option("--sender", options.sender, "the envelope sender (empty: a bounce)");
    add_config_options(parser, options.files);
    if (auto code = parse(parser, args, options)) return *code;

    std::string raw;
    bool too_large = false;
    char buffer[65536];
    while (std::size_t n = std::fread(buffer, 1, sizeof buffer, stdin)) {
        if (raw.size() + n > kMaxMessageBytes) too_large = true;  // keep reading: drain the pipe
        if (!too_large) raw.append(buffer, n);
    }

    const std::string own = mail::bare_address(options.config.mail.from);
    const mail::InboundMessage in = mail::parse_inbound(raw, own);
    if (options.sender && options.sender->empty()) {
        std::fputs("adjutant: mail-in: ignored: null envelope sender (a bounce)\n", stderr);
        return 0;
    }
    if (!in.automated.empty()) {
        std::fprintf(stderr, "adjutant: mail-in: ignored: %s\n", in.automated.c_str());
        return 0;
    }
    if (in.from.empty()) {
        std::fputs("adjutant: mail-in: no usable From: address; nobody to answer\n", stderr);
        return kExDataErr;
    }

    service::MailRequest request;
    request.sender = in.from;
    request.recipient = options.recipient ? *options.recipient : in.delivered_to;
    request.message_id = in.message_id;
    request.references = in.references;
    request.subject = in.subject;
    request.body = in.text;
    request.parse_error = too_large ? "the message is larger than 16 MiB" : in.text_error;
    request.raw = std::move(raw);
    try {
        Runtime runtime;
        open(options.config, runtime);
        const auto answer = runtime.service->mail().handle_mail(request, identity(options.config));
        // Neither addresses nor keys are logged: the recipient address is a seat's secret.
        std::fprintf(stderr, "adjutant: mail-in: %s: %s\n", outcome_name(answer.outcome),
                     answer.detail.c_str());
        return 0;
    } catch (const storage::Error& error) {
        std::fprintf(stderr, "adjutant: mail-in: database unavailable, try again later: %s\n",
                     error.what());
        return kExTempFail;
    } catch (const std::exception& error) {
        std::fprintf(stderr, "adjutant: mail-in: %s\n", error.what());
        return kExSoftware;
    }
}

int mail_send_command(Args args) {
    MailOptions options;
    CLI::App parser{"Sends the due outbox once over the configured relay.", "adjutant mail-send"};
    add_config_options(parser, options.files);
    if (auto code = parse(parser, args, options)) return *code;
    try {
        Runtime runtime;
        open(options.config, runtime);
        auto mail = options.config.mail;
        mail.web_url = web_url(options.config);
        mail::OutboxSender sender(runtime.service->mail(), mail);
        std::printf("sent %d message(s)\n", sender.run_once());
        return 0;
    } catch (const storage::Error& error) {
        std::fprintf(stderr, "adjutant: %s\n", error.what());
        return kExTempFail;
    } catch (const std::exception& error) {
        std::fprintf(stderr, "adjutant: %s\n", error.what());
        return kExSoftware;
    }
}

int mail_address_command(Args args) {
    MailOptions options;
    CLI::App parser{"Prints a seat's private orders address, or a join list place's.",
                    "adjutant mail-address"};
    add_game_option(parser, options.game, "the game")->required();
    auto* power = parser.add_option("--power", options.power, "the seat's power");
    auto* place = parser.add_option("--place", options.place,
                                    "a place on the game's join list, from 0 (docs/assignment.md)");
    power->excludes(place);
    add_config_options(parser, options.files);
    if (auto code = parse(parser, args, options)) return *code;
    if (options.power.empty() && !options.place) {
        std::fprintf(stderr, "adjutant: mail-address needs --power or --place\n");
        return kExUsage;
    }
    try {
        Runtime runtime;
        open(options.config, runtime);
        auto& mail = runtime.service->mail();
        const auto who = identity(options.config);
        std::printf("%s\n", (options.place ? mail.joiner_address(*options.game, *options.place, who)
                                           : mail.seat_address(*options.game, options.power, who))
                                .c_str());
        return 0;
    } catch (const service::ApiError& error) {
        std::fprintf(stderr, "adjutant: %s\n", error.what());
        return kExDataErr;
    } catch (const std::exception& error) {
        std::fprintf(stderr, "adjutant: %s\n", error.what());
        return kExTempFail;
    }
}

}  // namespace adjutant::cli
