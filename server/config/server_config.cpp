#include "config/server_config.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

namespace adjutant::config {

namespace {

// Reads `key` into `out` when present; a present value of the wrong type is an error.
template <typename T>
bool read(const nlohmann::json& object, const char* key, T& out, std::string& error,
          const std::string& where) {
    auto it = object.find(key);
    if (it == object.end()) return true;
    try {
        out = it->get<T>();
        return true;
    } catch (const nlohmann::json::exception&) {
        error = where + key + ": wrong type";
        return false;
    }
}

}  // namespace

std::optional<ServerConfig> load_config(const std::string& path, std::string& error) {
    std::ifstream in(path);
    if (!in) {
        error = "cannot read config file " + path;
        return std::nullopt;
    }
    std::stringstream text;
    text << in.rdbuf();
    const auto json = nlohmann::json::parse(text.str(), nullptr, false, true);
    if (json.is_discarded() || !json.is_object()) {
        error = path + ": not a JSON object";
        return std::nullopt;
    }
    ServerConfig config;
    const std::string where = path + ": ";
    bool ok = true;
    if (auto it = json.find("listen"); it != json.end() && it->is_object()) {
        ok = ok && read(*it, "address", config.address, error, where + "listen.");
        ok = ok && read(*it, "port", config.port, error, where + "listen.");
    }
    ok = ok && read(json, "database", config.database, error, where);
    ok = ok && read(json, "variants_dir", config.variants_dir, error, where);
    ok = ok && read(json, "admin_token", config.admin_token, error, where);
    ok = ok && read(json, "threads", config.threads, error, where);
    ok = ok &&
         read(json, "scheduler_interval_seconds", config.scheduler_interval_seconds, error, where);
    ok = ok && read(json, "demo", config.demo, error, where);
    ok = ok && read(json, "log_level", config.log_level, error, where);
    if (auto it = json.find("limits"); it != json.end() && it->is_object()) {
        const std::string w = where + "limits.";
        ok = ok && read(*it, "body_bytes", config.limits.body_bytes, error, w);
        ok = ok &&
             read(*it, "header_timeout_seconds", config.limits.header_timeout_seconds, error, w);
        ok = ok && read(*it, "read_timeout_seconds", config.limits.read_timeout_seconds, error, w);
        ok = ok && read(*it, "max_connections", config.limits.max_connections, error, w);
        ok = ok && read(*it, "drain_seconds", config.limits.drain_seconds, error, w);
        ok = ok && read(*it, "games_per_hour_per_address",
                        config.limits.games_per_hour_per_address, error, w);
        ok = ok && read(*it, "gm_variant_bytes", config.limits.gm_variant_bytes, error, w);
    }
    if (auto it = json.find("mail"); it != json.end() && it->is_object()) {
        const std::string w = where + "mail.";
        auto& m = config.mail;
        ok = ok && read(*it, "enabled", m.enabled, error, w);
        ok = ok && read(*it, "relay", m.relay, error, w);
        ok = ok && read(*it, "from", m.from, error, w);
        ok = ok && read(*it, "domain", m.domain, error, w);
        ok = ok && read(*it, "orders_local_part", m.orders_local_part, error, w);
        ok = ok && read(*it, "interval_seconds", m.interval_seconds, error, w);
        ok = ok && read(*it, "retry_base_seconds", m.retry_base_seconds, error, w);
        ok = ok && read(*it, "retry_max_seconds", m.retry_max_seconds, error, w);
        ok = ok && read(*it, "max_attempts", m.max_attempts, error, w);
        ok = ok && read(*it, "reminder_seconds", m.reminder_seconds, error, w);
        ok = ok && read(*it, "web_url", m.web_url, error, w);
    }
    if (!ok) return std::nullopt;
    while (!config.mail.web_url.empty() && config.mail.web_url.back() == '/')
        config.mail.web_url.pop_back();
    if (const char* token = std::getenv("ADJUTANT_ADMIN_TOKEN"); token && *token)
        config.admin_token = token;
    if (config.threads < 1) config.threads = 1;
    if (config.scheduler_interval_seconds < 1) config.scheduler_interval_seconds = 1;
    if (config.limits.drain_seconds < 0) config.limits.drain_seconds = 0;
    if (config.limits.games_per_hour_per_address < 0) config.limits.games_per_hour_per_address = 0;
    return config;
}

std::optional<ServerConfig> load_cli_config(std::string path, const std::string& database,
                                            std::string& error) {
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
