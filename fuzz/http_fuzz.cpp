// SPDX-License-Identifier: Apache-2.0
// libFuzzer target: arbitrary bytes as what a client sends on one connection, through the code
// the server runs on them: Beast's request parser with the session's limits, the session's
// framing checks (http/framing.h), then the router and every handler over a real GameService
// on an in-memory SQLite database with the server's variants and one game whose seats are
// taken. Several requests may follow each other in one input (pipelining).
//
// The input may say @GM@, @SEAT@ or @ADMIN@ where a token goes (the game's GM token, France's
// seat token, the admin token), and @ID@ for the game's id, so the fuzzer reaches the handlers
// behind authentication. Seeds: fuzz/seeds/http_fuzz/.
//
// What counts as a crash: an exception out of the parser, the framing checks or the router
// (the session has a last-resort catch, but anything reaching it is a bug), a 500 "internal"
// answer (the router's own last resort), or a JSON answer that is not valid UTF-8 JSON.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>

#include <spdlog/spdlog.h>
#include <nlohmann/json.hpp>

#include "app/runtime.h"
#include "http/framing.h"
#include "http/metrics.h"
#include "http/router.h"
#include "service/crypto.h"
#include "service/game_service.h"

namespace {

namespace bhttp = boost::beast::http;
using namespace adjutant;

constexpr std::size_t kBodyLimit = 64 * 1024;
constexpr const char* kAdminToken = "admin-token-for-the-fuzzer";

struct World {
    std::unique_ptr<storage::Database> db;
    service::VariantRegistry variants;
    std::unique_ptr<service::GameService> service;
    http::Metrics metrics;
    std::unique_ptr<http::Router> router;
    std::string gm_token;
    std::string seat_token;
    std::string game_id;
};

World& world() {
    static World* w = [] {
        auto* out = new World;
        spdlog::set_level(spdlog::level::off);
        service::crypto_init();
        out->db = app::open_database(":memory:");
        config::ServerConfig config;
        config.variants_dir = std::string(ADJUTANT_SOURCE_DIR) + "/config/variants";
        app::load_variants(config, *out->db, out->variants);
        out->service = std::make_unique<service::GameService>(*out->db, out->variants,
                                                              service::sha256_hex(kAdminToken));
        out->router = std::make_unique<http::Router>(*out->service, out->metrics);
        service::CreateGameRequest request;
        request.name = "fuzz";
        const auto created = out->service->create_game(request);
        out->gm_token = created.gm_token;
        const auto id = created.id;
        out->game_id = std::to_string(id);
        out->seat_token = out->service->join(id, "France", {"f", std::nullopt}).token;
        return out;
    }();
    return *w;
}

void replace_all(std::string& text, std::string_view from, const std::string& to) {
    for (std::size_t at = text.find(from); at != std::string::npos;
         at = text.find(from, at + to.size()))
        text.replace(at, from.size(), to);
}

void check_response(const http::Response& response) {
    if (response.status < 100 || response.status > 599) std::abort();
    const std::string& body = response.shared_body ? *response.shared_body : response.body;
    if (response.content_type != "application/json" || body.empty()) return;
    // nlohmann's parser rejects invalid UTF-8, so this checks both.
    const auto parsed = nlohmann::json::parse(body, nullptr, false);
    if (parsed.is_discarded()) std::abort();
    if (response.status == 500 && parsed.contains("error") &&
        parsed["error"].value("code", "") == "internal")
        std::abort();  // the router's last resort answered: some handler let an exception out
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    World& w = world();
    std::string input(reinterpret_cast<const char*>(data), size);
    replace_all(input, "@GM@", w.gm_token);
    replace_all(input, "@SEAT@", w.seat_token);
    replace_all(input, "@ADMIN@", kAdminToken);
    replace_all(input, "@ID@", w.game_id);

    std::string_view rest = input;
    for (int requests = 0; requests < 8 && !rest.empty(); ++requests) {
        bhttp::request_parser<bhttp::string_body> parser;
        parser.header_limit(16 * 1024);
        parser.body_limit(kBodyLimit);
        parser.eager(true);
        boost::beast::error_code ec;
        // The parser takes what it can of the rest of the input each call (a header only
        // once it is whole), as the session's reads hand it a socket's bytes.
        std::size_t offset = 0;
        bool framing_checked = false;
        while (!parser.is_done()) {
            const std::size_t used =
                parser.put(boost::asio::buffer(rest.data() + offset, rest.size() - offset), ec);
            offset += used;
            if (ec == bhttp::error::need_more) return 0;  // the connection would wait, time out
            if (ec) break;
            if (parser.is_header_done() && !framing_checked) {
                framing_checked = true;
                if (auto refusal =
                        http::framing_refusal(parser.get(), parser.content_length(), kBodyLimit)) {
                    if (http::refusal_body(*refusal).empty()) std::abort();
                    return 0;  // the session answers and closes the connection
                }
            }
            if (used == 0) return 0;
        }
        if (ec) {
            if (auto refusal = http::parse_refusal(ec))
                if (http::refusal_body(*refusal).empty()) std::abort();
            return 0;
        }
        auto& message = parser.get();
        const bool keep_alive = message.keep_alive();
        http::Request request = http::to_request(message);
        request.remote_address = "192.0.2.1";
        check_response(w.router->handle(request));
        if (!keep_alive) return 0;
        rest.remove_prefix(offset);
    }
    return 0;
}
