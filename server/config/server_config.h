// SPDX-License-Identifier: Apache-2.0
// The server's configuration file (config/adjutant.json; docs/server.md lists every key).
// Strict: an unknown key, a value of the wrong type, a number out of its range or an unknown
// log level is an error naming the key, so a typo never falls back to a default silently.
// Relative paths are resolved against the current directory, as a command line would.
// The admin token may also come from the ADJUTANT_ADMIN_TOKEN environment variable, which
// wins over the file so that the file can be committed without a secret.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include <nlohmann/json_fwd.hpp>

namespace adjutant::config {

struct Limits {
    std::size_t body_bytes = 64 * 1024;
    int header_timeout_seconds = 10;  // to receive a request's headers (also the keep-alive idle)
    int read_timeout_seconds = 30;    // to receive the body once the headers are in
    int max_connections = 1024;
    // On SIGTERM, connections still busy after this long are closed (well below the unit's
    // TimeoutStopSec=30 and the read timeout).
    int drain_seconds = 5;
    // Games one client address may create per hour (an IPv6 address counts by its /64);
    // 0 = no limit. Requests with the admin token are not counted.
    int games_per_hour_per_address = 20;
    // Largest variant file a GM may upload for their game (admin uploads: body_bytes).
    std::size_t gm_variant_bytes = 64 * 1024;
    // What the cached game documents and histories may hold together, with their rendered
    // texts (service/view_cache.h); past it the least recently read are evicted. 0: none kept.
    std::size_t view_cache_bytes = 128 * 1024 * 1024;
};

// The mail gateway (docs/mail.md). Disabled by default so the demo needs no relay; mail-in
// works either way (its answers wait in the outbox until a sender runs).
struct MailConfig {
    bool enabled = false;                       // run the outbox sender inside `serve`
    std::string relay = "smtp://127.0.0.1:25";  // libcurl URL of the SMTP relay
    std::string from = "Adjutant <adjutant@localhost>";
    std::string domain = "localhost";  // orders+KEY@domain; Message-ID right-hand side
    std::string orders_local_part = "orders";
    int interval_seconds = 5;     // how often the outbox is looked at
    int retry_base_seconds = 60;  // first retry; doubles per attempt
    int retry_max_seconds = 3600;
    int max_attempts = 30;            // then the row is marked failed
    int reminder_seconds = 6 * 3600;  // remind seats without orders this long before
    // The web UI's address as players reach it, for the links in mail. Empty: the server's own
    // listen address and port (right unless a proxy stands in front).
    std::string web_url;
};

// Accounts (docs/accounts.md): how long a sign-in link and a session last, and how many sign-in
// links one address and one client may ask for per hour (0: no limit).
struct AccountsConfig {
    int link_seconds = 15 * 60;
    int session_seconds = 30 * 24 * 3600;
    int sign_ins_per_hour_per_email = 5;
    int sign_ins_per_hour_per_address = 20;
};

struct ServerConfig {
    std::string address = "127.0.0.1";
    std::uint16_t port = 8080;
    std::string database = "data/adjutant.db";
    std::string variants_dir = "config/variants";
    std::string admin_token;  // empty: no admin
    int threads = 2;
    Limits limits;
    int scheduler_interval_seconds = 5;
    bool demo = false;                // create a demo game when the database has none
    std::string log_level = "info";   // trace, debug, info, warn, error, critical, off
    std::string log_format = "text";  // or "json": one JSON object a line, for log shippers
    MailConfig mail;
    AccountsConfig accounts;
};

// Checks and reads a configuration document; `where` prefixes messages ("FILE: ").
std::optional<ServerConfig> parse_config(const nlohmann::json& json, const std::string& where,
                                         std::string& error);

// Reads `path`; on failure returns nullopt and sets `error` to a readable message.
std::optional<ServerConfig> load_config(const std::string& path, std::string& error);

// What the command-line tools use: `path` when given, else $ADJUTANT_CONFIG when set (the
// container image sets it), else config/adjutant.json when it exists, else the defaults; a
// non-empty `database` overrides the file's. nullopt with `error` set when the file cannot be
// loaded.
std::optional<ServerConfig> load_cli_config(std::string path, const std::string& database,
                                            std::string& error);

}  // namespace adjutant::config
