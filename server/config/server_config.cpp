// SPDX-License-Identifier: Apache-2.0
#include "config/server_config.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "config/json_reader.h"

namespace adjutant::config {

namespace {

constexpr std::int64_t kDay = 24 * 3600;

void read_listen(JsonReader& top, ServerConfig& config, std::vector<std::string>& errors) {
    const nlohmann::json* listen = top.object("listen");
    if (listen == nullptr) return;
    JsonReader reader(*listen, "listen.", errors);
    reader.text("address", config.address);
    reader.integer("port", 0, 65535, config.port);
    reader.finish();
}

void read_limits(JsonReader& top, Limits& limits, std::vector<std::string>& errors) {
    const nlohmann::json* object = top.object("limits");
    if (object == nullptr) return;
    JsonReader reader(*object, "limits.", errors);
    reader.integer("body_bytes", 1, std::int64_t{1} << 30, limits.body_bytes);
    reader.integer("header_timeout_seconds", 1, 3600, limits.header_timeout_seconds);
    reader.integer("read_timeout_seconds", 1, 3600, limits.read_timeout_seconds);
    reader.integer("max_connections", 1, 1'000'000, limits.max_connections);
    reader.integer("drain_seconds", 0, 3600, limits.drain_seconds);
    reader.integer("games_per_hour_per_address", 0, 1'000'000, limits.games_per_hour_per_address);
    reader.integer("gm_variant_bytes", 1, std::int64_t{1} << 30, limits.gm_variant_bytes);
    reader.integer("view_cache_bytes", 0, std::int64_t{1} << 40, limits.view_cache_bytes);
    reader.finish();
}

void read_mail(JsonReader& top, MailConfig& mail, std::vector<std::string>& errors) {
    const nlohmann::json* object = top.object("mail");
    if (object == nullptr) return;
    JsonReader reader(*object, "mail.", errors);
    reader.flag("enabled", mail.enabled);
    reader.text("relay", mail.relay);
    reader.text("from", mail.from);
    reader.text("domain", mail.domain);
    reader.text("orders_local_part", mail.orders_local_part);
    reader.integer("interval_seconds", 1, kDay, mail.interval_seconds);
    reader.integer("retry_base_seconds", 1, kDay, mail.retry_base_seconds);
    reader.integer("retry_max_seconds", 1, 7 * kDay, mail.retry_max_seconds);
    reader.integer("max_attempts", 1, 1000, mail.max_attempts);
    reader.integer("reminder_seconds", 0, 30 * kDay, mail.reminder_seconds);
    reader.text("web_url", mail.web_url);
    reader.finish();
    while (!mail.web_url.empty() && mail.web_url.back() == '/') mail.web_url.pop_back();
}

void read_accounts(JsonReader& top, AccountsConfig& accounts, std::vector<std::string>& errors) {
    const nlohmann::json* object = top.object("accounts");
    if (object == nullptr) return;
    JsonReader reader(*object, "accounts.", errors);
    reader.integer("link_seconds", 1, kDay, accounts.link_seconds);
    reader.integer("session_seconds", 60, 365 * kDay, accounts.session_seconds);
    reader.integer("sign_ins_per_hour_per_email", 0, 1'000'000,
                   accounts.sign_ins_per_hour_per_email);
    reader.integer("sign_ins_per_hour_per_address", 0, 1'000'000,
                   accounts.sign_ins_per_hour_per_address);
    reader.finish();
}

}  // namespace

std::optional<ServerConfig> parse_config(const nlohmann::json& json, const std::string& where,
                                         std::string& error) {
    if (!json.is_object()) {
        error = where + "not a JSON object";
        return std::nullopt;
    }
    ServerConfig config;
    std::vector<std::string> errors;
    JsonReader top(json, "", errors);
    read_listen(top, config, errors);
    top.text("database", config.database);
    top.text("variants_dir", config.variants_dir);
    top.text("admin_token", config.admin_token);
    top.integer("threads", 1, 256, config.threads);
    top.integer("scheduler_interval_seconds", 1, 3600, config.scheduler_interval_seconds);
    top.flag("demo", config.demo);
    top.choice("log_level", {"trace", "debug", "info", "warn", "error", "critical", "off"},
               config.log_level);
    top.choice("log_format", {"text", "json"}, config.log_format);
    read_limits(top, config.limits, errors);
    read_mail(top, config.mail, errors);
    read_accounts(top, config.accounts, errors);
    top.finish();
    if (!errors.empty()) {
        error.clear();
        for (const auto& e : errors) error += (error.empty() ? "" : "; ") + where + e;
        return std::nullopt;
    }
    if (const char* token = std::getenv("ADJUTANT_ADMIN_TOKEN"); token && *token)
        config.admin_token = token;
    return config;
}

std::optional<ServerConfig> load_config(const std::string& path, std::string& error) {
    std::ifstream in(path);
    if (!in) {
        error = "cannot read config file " + path;
        return std::nullopt;
    }
    std::stringstream text;
    text << in.rdbuf();
    const auto json = nlohmann::json::parse(text.str(), nullptr, false, true);
    if (json.is_discarded()) {
        error = path + ": not valid JSON";
        return std::nullopt;
    }
    return parse_config(json, path + ": ", error);
}

std::optional<ServerConfig> load_cli_config(std::string path, const std::string& database,
                                            std::string& error) {
    if (const char* env = std::getenv("ADJUTANT_CONFIG"); path.empty() && env && *env) path = env;
    if (path.empty() && std::filesystem::exists("config/adjutant.json"))
        path = "config/adjutant.json";
    ServerConfig config;
    if (!path.empty()) {
        auto loaded = load_config(path, error);
        if (!loaded) return std::nullopt;
        config = *loaded;
    }
    if (!database.empty()) config.database = database;
    return config;
}

}  // namespace adjutant::config
