// SPDX-License-Identifier: Apache-2.0
// The configuration is strict: unknown keys, wrong types, numbers out of range and unknown log
// levels are errors naming the key; listen addresses resolve or are refused; URLs bracket IPv6.
#include <doctest/doctest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "config/listen_address.h"
#include "config/server_config.h"

namespace {

using adjutant::config::parse_config;

// The error for `text`, or "" when it is accepted.
std::string problem(const char* text) {
    std::string error;
    const auto config = parse_config(nlohmann::json::parse(text), "f.json: ", error);
    return config ? "" : error;
}

}  // namespace

TEST_CASE("config: the shipped defaults parse and an empty object is the defaults") {
    std::string error;
    const auto config = parse_config(nlohmann::json::object(), "", error);
    REQUIRE(config);
    CHECK(config->port == 8080);
    CHECK(config->log_format == "text");
    CHECK(config->limits.view_cache_bytes == 128 * 1024 * 1024);
}

TEST_CASE("config: an unknown key is an error naming it, at every level") {
    CHECK(problem(R"({"listen": {"prot": 9000}})") ==
          "f.json: listen.prot: unknown key (see docs/server.md for the keys)");
    CHECK(problem(R"({"databse": "x.db"})").find("f.json: databse: unknown key") == 0);
    CHECK(problem(R"({"limits": {"body": 1}})").find("limits.body: unknown key") !=
          std::string::npos);
    CHECK(problem(R"({"mail": {"enable": true}})").find("mail.enable: unknown key") !=
          std::string::npos);
}

TEST_CASE("config: every problem is listed, not only the first") {
    const std::string error = problem(R"({"prot": 1, "threads": 0, "log_level": "verbose"})");
    CHECK(error.find("prot: unknown key") != std::string::npos);
    CHECK(error.find("threads: 0 is out of range (from 1 to 256)") != std::string::npos);
    CHECK(error.find("log_level: \"verbose\" is not one of trace, debug, info") !=
          std::string::npos);
}

TEST_CASE("config: ports, thread counts and sizes are range-checked") {
    CHECK(problem(R"({"listen": {"port": 87954}})") ==
          "f.json: listen.port: 87954 is out of range (from 0 to 65535)");
    CHECK(problem(R"({"listen": {"port": -1}})").find("listen.port: -1 is out of range") !=
          std::string::npos);
    CHECK(problem(R"({"listen": {"port": "8080"}})").find("listen.port: must be an integer") !=
          std::string::npos);
    CHECK(problem(R"({"listen": {"port": 8080.5}})").find("must be an integer") !=
          std::string::npos);
    CHECK(problem(R"({"listen": {"port": 18446744073709551615}})").find("out of range") !=
          std::string::npos);
    CHECK(problem(R"({"threads": 1000})").find("threads: 1000 is out of range") !=
          std::string::npos);
    CHECK(problem(R"({"limits": {"body_bytes": 0}})").find("limits.body_bytes") !=
          std::string::npos);
    CHECK(problem(R"({"limits": {"max_connections": 0}})").find("limits.max_connections") !=
          std::string::npos);
    CHECK(problem(R"({"scheduler_interval_seconds": 0})").find("scheduler_interval_seconds") !=
          std::string::npos);
    CHECK(problem(R"({"listen": {"port": 0}, "threads": 256})").empty());
    CHECK(problem(R"({"limits": {"view_cache_bytes": -1}})").find("limits.view_cache_bytes") !=
          std::string::npos);
    std::string error;
    const auto small =
        parse_config(nlohmann::json::parse(R"({"limits": {"view_cache_bytes": 0}})"), "", error);
    REQUIRE(small);
    CHECK(small->limits.view_cache_bytes == 0);  // nothing is kept
}

TEST_CASE("config: types and choices") {
    CHECK(problem(R"({"demo": "yes"})") == "f.json: demo: must be true or false");
    CHECK(problem(R"({"database": 3})") == "f.json: database: must be a string");
    CHECK(problem(R"({"listen": "127.0.0.1:8080"})") == "f.json: listen: must be an object");
    CHECK(problem(R"({"log_format": "xml"})") ==
          "f.json: log_format: \"xml\" is not one of text, json");
    CHECK(problem(R"({"log_level": "warn", "log_format": "json"})").empty());
    CHECK(problem(R"([1, 2])") == "f.json: not a JSON object");
}

TEST_CASE("listen address: numeric addresses stay, names resolve, junk is refused") {
    std::string error;
    CHECK(adjutant::config::resolve_listen_address("127.0.0.1", error) == "127.0.0.1");
    CHECK(adjutant::config::resolve_listen_address("0.0.0.0", error) == "0.0.0.0");
    CHECK(adjutant::config::resolve_listen_address("::1", error) == "::1");
    const auto local = adjutant::config::resolve_listen_address("localhost", error);
    REQUIRE(local);
    CHECK((*local == "127.0.0.1" || *local == "::1"));
    CHECK_FALSE(adjutant::config::resolve_listen_address("no-such-host.invalid", error));
    CHECK(error.find("'no-such-host.invalid' does not resolve") == 0);
    CHECK_FALSE(adjutant::config::resolve_listen_address("", error));
}

TEST_CASE("listen address: URLs bracket IPv6 addresses") {
    CHECK(adjutant::config::http_url("127.0.0.1", 8080) == "http://127.0.0.1:8080");
    CHECK(adjutant::config::http_url("::1", 8080) == "http://[::1]:8080");
    CHECK(adjutant::config::http_url("::", 80) == "http://[::]:80");
}
