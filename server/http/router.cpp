// SPDX-License-Identifier: Apache-2.0
#include "http/router.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <limits>
#include <optional>
#include <stdexcept>

#include <spdlog/spdlog.h>
#include <nlohmann/json.hpp>

#include "http/account_json.h"
#include "http/draw_json.h"
#include "http/game_documents.h"
#include "http/json_text.h"
#include "http/json_views.h"
#include "http/press_json.h"
#include "http/request_fields.h"
#include "http/request_json.h"
#include "http/static_files.h"
#include "service/crypto.h"
#include "service/error.h"
#include "service/game_service.h"
#include "service/phase_etag.h"
#include "storage/database.h"

namespace adjutant::http {

namespace {

using service::ApiError;
using Json = nlohmann::json;

// The {name} segments of the matched route, in order. A fixed array: matching a route
// allocates nothing (short values fit in the strings' inline buffers).
struct Params {
    static constexpr std::size_t kMax = 4;
    std::array<std::string, kMax> values;
    std::size_t count = 0;
    const std::string& operator[](std::size_t i) const { return values[i]; }
};

// A path split into segments without allocating; no route has more than kMaxSegments, so a
// longer path (count == kMaxSegments + 1) matches nothing.
constexpr std::size_t kMaxSegments = 8;
struct Segments {
    std::array<std::string_view, kMaxSegments> items;
    std::size_t count = 0;
};

Segments split_path(std::string_view target) {
    target = target.substr(0, target.find('?'));
    Segments out;
    std::size_t start = 0;
    while (start < target.size()) {
        std::size_t end = target.find('/', start);
        if (end == std::string_view::npos) end = target.size();
        if (end > start) {
            if (out.count == kMaxSegments) {
                out.count = kMaxSegments + 1;
                return out;
            }
            out.items[out.count++] = target.substr(start, end - start);
        }
        start = end + 1;
    }
    return out;
}

struct Context {
    service::GameService& service;
    Metrics& metrics;
    const Request& request;
    const Params& params;
    std::string_view pattern;  // the matched route's
};

using Handler = Response (*)(const Context&);

Response json_response(int status, const Json& body) {
    Response response;
    response.status = status;
    // Client text (a path segment, an order line) can reach any answer: never let a byte that is
    // not UTF-8 make serialisation throw.
    response.body = json_text(body);
    return response;
}

// An error's details as the answer's "details" (service/error.h); none: null, left out.
struct DetailsJson {
    Json operator()(std::monostate) const { return Json(); }
    Json operator()(const service::RetryLater& d) const {
        return {{"retry_after", d.retry_after}, {"limit", d.limit}};
    }
    Json operator()(const service::EncodingAt& d) const {
        return {{"line", d.line}, {"byte", d.byte}, {"offset", d.offset}};
    }
    Json operator()(const std::vector<service::DocumentProblem>& problems) const {
        Json out = Json::array();
        for (const auto& p : problems) out.push_back({{"path", p.path}, {"message", p.message}});
        return out;
    }
    Json operator()(const service::CurrentPhase& d) const {
        return {{"phase", d.phase},
                {"phase_name", d.phase_name},
                {"seq", d.seq},
                {"etag", d.etag},
                {"status", d.status}};
    }
};

Response error_response(int status, const std::string& code, const std::string& message,
                        const service::ErrorDetails& details = {}) {
    Json error = {{"code", code}, {"message", message}};
    if (!std::holds_alternative<std::monostate>(details))
        error["details"] = std::visit(DetailsJson{}, details);
    return json_response(status, {{"error", error}});
}

std::string bearer(const Request& request) {
    constexpr std::string_view kPrefix = "Bearer ";
    std::string_view header = request.authorization;
    if (header.size() <= kPrefix.size()) return {};
    for (std::size_t i = 0; i < kPrefix.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(header[i])) !=
            std::tolower(static_cast<unsigned char>(kPrefix[i])))
            return {};
    return std::string(header.substr(kPrefix.size()));
}

std::int64_t id_param(const std::string& text) {
    std::int64_t value = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size() || value < 0)
        throw service::not_found("no such resource '" + text + "'");
    return value;
}

// Accounts (docs/accounts.md). The cookies: the session, and the short-lived binding of a
// sign-in link to the browser that asked for it.
constexpr std::string_view kSessionCookie = "adjutant_session";
constexpr std::string_view kBindingCookie = "adjutant_signin";
constexpr std::string_view kAccountTokenPrefix = "acct_";

// The value of cookie `name` in a Cookie header ("a=1; b=2"), or empty.
std::string cookie_value(std::string_view header, std::string_view name) {
    while (!header.empty()) {
        const auto semicolon = header.find(';');
        std::string_view pair = header.substr(0, semicolon);
        while (!pair.empty() && pair.front() == ' ') pair.remove_prefix(1);
        const auto eq = pair.find('=');
        if (eq != std::string_view::npos && pair.substr(0, eq) == name)
            return std::string(pair.substr(eq + 1));
        if (semicolon == std::string_view::npos) break;
        header.remove_prefix(semicolon + 1);
    }
    return {};
}

std::string session_cookie(const Request& request) {
    return cookie_value(request.cookie, kSessionCookie);
}

// Whether the request carries an account's credentials: an account API token as its bearer, or
// (with no bearer at all) the session cookie. A seat's or the GM's bearer wins over a cookie.
bool account_credentials(const Request& request) {
    const std::string token = bearer(request);
    return token.empty() ? !session_cookie(request).empty()
                         : token.rfind(kAccountTokenPrefix, 0) == 0;
}

// The account the request comes from, if its credentials are valid.
std::optional<std::int64_t> account_of(const Context& c) {
    const std::string token = bearer(c.request);
    if (!token.empty())
        return token.rfind(kAccountTokenPrefix, 0) == 0 ? c.service.accounts().token_account(token)
                                                        : std::nullopt;
    return c.service.accounts().session_account(session_cookie(c.request));
}

std::int64_t require_account(const Context& c) {
    const auto account = account_of(c);
    if (!account)
        throw service::unauthorized(
            "an account's session cookie or API token is required (docs/accounts.md)");
    return *account;
}

// The game a route under /api/v1/games/{id} acts on; 0 for any other route.
std::int64_t game_of_route(const Context& c) {
    constexpr std::string_view kGameRoute = "/api/v1/games/{id}";
    if (c.pattern.rfind(kGameRoute, 0) != 0 || c.params.count == 0) return 0;
    return id_param(c.params[0]);
}

// Who is calling, for the service's checks (service/caller.h): a bearer token as it always was,
// or an account resolved to the seat it holds in the game of the path (AccountService::
// caller_for), so every check of the services applies to it unchanged.
service::Caller caller(const Context& c) {
    if (account_credentials(c.request)) {
        const auto account = account_of(c);
        if (!account) return {};
        return c.service.accounts().caller_for(*account, game_of_route(c));
    }
    return c.service.authenticate(bearer(c.request));
}

Json body_json(const Request& request) {
    if (request.body.empty()) return Json::object();
    Json body = Json::parse(request.body, nullptr, false);
    if (body.is_discarded()) throw ApiError(400, "bad_json", "the request body is not valid JSON");
    return body;
}

// Orders arrive as text/plain, or JSON: {"orders": "text" | ["line", ...]} or a bare list. A
// "source" field is ignored: the server says where orders came from (order_source()).
std::string orders_body(const Request& request) {
    if (request.content_type.rfind("text/plain", 0) == 0) return request.body;
    Json body = body_json(request);
    const Json* orders = &body;
    if (body.is_object()) {
        auto it = body.find("orders");
        if (it == body.end()) throw service::bad_request("field 'orders' is required");
        orders = &*it;
    }
    if (orders->is_string()) return orders->get<std::string>();
    if (!orders->is_array())
        throw service::bad_request("'orders' must be a string or a list of strings");
    std::string text;
    for (const auto& line : *orders) {
        if (!line.is_string()) throw service::bad_request("every order must be a string");
        const auto& s = line.get_ref<const std::string&>();
        if (s.find('\n') != std::string::npos)
            throw service::bad_request("a listed order must be a single line");
        text += s;
        text += '\n';
    }
    return text;
}

// Where orders sent over HTTP came from, decided by the server (docs/server.md, "Turn cycle"):
// "web" when a browser says the request comes from a page of this server (Sec-Fetch-Site:
// same-origin, a header browsers set and pages cannot), else "api". Only the mail gateway says
// "email".
std::string order_source(const Request& request) {
    return request.fetch_site == "same-origin" ? "web" : "api";
}

// Query parameters of the target: "a=1&b=2" -> value of `name`, or nullopt. Values are taken
// as they are (the parameters read here are numbers).
std::optional<std::string_view> query_param(std::string_view target, std::string_view name) {
    const auto question = target.find('?');
    if (question == std::string_view::npos) return std::nullopt;
    std::string_view query = target.substr(question + 1);
    while (!query.empty()) {
        const auto amp = query.find('&');
        const std::string_view pair = query.substr(0, amp);
        const auto eq = pair.find('=');
        if (pair.substr(0, eq) == name)
            return eq == std::string_view::npos ? std::string_view() : pair.substr(eq + 1);
        if (amp == std::string_view::npos) break;
        query.remove_prefix(amp + 1);
    }
    return std::nullopt;
}

std::int64_t number_param(const Request& request, std::string_view name, std::int64_t fallback,
                          std::int64_t min, std::int64_t max) {
    const auto text = query_param(request.target, name);
    if (!text) return fallback;
    std::int64_t value = 0;
    auto [end, ec] = std::from_chars(text->data(), text->data() + text->size(), value);
    if (ec != std::errc() || end != text->data() + text->size() || value < min || value > max)
        throw service::bad_request("query parameter '" + std::string(name) +
                                   "' must be a whole number from " + std::to_string(min) + " to " +
                                   std::to_string(max));
    return value;
}

// A cached view: 304 when If-None-Match names its ETag, else its text, rendered once per view
// and shared with it rather than copied (http/game_documents.h).
template <typename Document>
Response cached(const Context& c, const std::shared_ptr<const service::View<Document>>& view) {
    Response response;
    response.etag = view->etag;
    if (!c.request.if_none_match.empty() &&
        c.request.if_none_match.find(view->etag) != std::string::npos) {
        response.status = 304;
        response.content_type.clear();
        return response;
    }
    response.shared_body = view_text(*view);
    return response;
}

Response healthz(const Context&) {
    Response response;
    response.body = R"({"status":"ok"})";
    return response;
}

Response metrics(const Context& c) {
    Response response;
    response.content_type = "text/plain; version=0.0.4";
    response.body =
        c.metrics.render(c.service.resolution().resolutions(), c.service.view_cache_figures());
    return response;
}

Response openapi(const Context&) {
    Response response;
    response.body = openapi_document();
    return response;
}

Response list_variants(const Context& c) {
    return json_response(200, variant_list_json(c.service.list_variants()));
}
Response get_variant(const Context& c) {
    return json_response(200, Json::parse(c.service.get_variant(c.params[0])));
}
Response upload_variant(const Context& c) {
    return json_response(201,
                         variant_upload_json(c.service.upload_variant(caller(c), c.request.body)));
}
Response upload_game_variant(const Context& c) {
    const auto who = caller(c);
    return json_response(200, game_variant_upload_json(c.service.upload_game_variant(
                                  who, id_param(c.params[0]), c.request.body)));
}

// GET /games pages by id (docs/server.md, "Games"): ?limit=N (1-200, default 50) and ?after=ID. The
// answer links to itself and to the next page (null on the last), in the body and in a Link header
// (RFC 8288).
constexpr std::int64_t kDefaultPage = 50;
constexpr std::int64_t kMaxPage = 200;

Response list_games(const Context& c) {
    const std::int64_t limit = number_param(c.request, "limit", kDefaultPage, 1, kMaxPage);
    const std::int64_t after =
        number_param(c.request, "after", 0, 0, std::numeric_limits<std::int64_t>::max());
    // Lobby filters (docs/server.md, "HTTP API"): ?status=, ?variant=, ?open=true for games with
    // a free seat.
    service::GameFilter filter;
    if (const auto status = query_param(c.request.target, "status")) {
        filter.status = parse_game_status(*status);
        if (!filter.status)
            throw service::bad_request(
                "query parameter 'status' must be forming, active, paused or ended");
    }
    if (const auto variant = query_param(c.request.target, "variant")) {
        if (variant->size() > 100 || variant->find_first_of("%&=+") != std::string_view::npos)
            throw service::bad_request("query parameter 'variant' must be a variant's name");
        filter.variant = std::string(*variant);
    }
    if (const auto open = query_param(c.request.target, "open")) {
        if (*open != "true" && *open != "false")
            throw service::bad_request("query parameter 'open' must be true or false");
        filter.open_only = *open == "true";
    }
    const service::GamePage games =
        c.service.list_games(caller(c), after, static_cast<int>(limit), filter);
    Json page = game_page_json(games);
    std::string base = "/api/v1/games?limit=" + std::to_string(limit);
    if (filter.status) base += "&status=" + std::string(to_string(*filter.status));
    if (!filter.variant.empty()) base += "&variant=" + filter.variant;
    if (filter.open_only) base += "&open=true";
    Json links = {{"self", after > 0 ? base + "&after=" + std::to_string(after) : base},
                  {"first", base},
                  {"next", nullptr}};
    std::string next;
    if (games.next_after) {
        next = base + "&after=" + std::to_string(*games.next_after);
        links["next"] = next;
    }
    page["links"] = std::move(links);
    Response response = json_response(200, page);
    if (!next.empty()) response.headers.emplace_back("Link", "<" + next + ">; rel=\"next\"");
    return response;
}
Response create_game(const Context& c) {
    // Counted per client address (429 over the limit); the admin's requests are not.
    const auto who = caller(c);
    const std::string_view address =
        who.role == service::Role::Admin ? std::string_view() : c.request.remote_address;
    return json_response(201, created_game_json(c.service.create_game(
                                  create_game_request(body_json(c.request)), address)));
}
// The public's document is the cached one; only a game in the fog of war (service/fog.h) has a
// document of its own for a seat or the GM, so only there is a token read.
Response get_game(const Context& c) {
    const std::int64_t id = id_param(c.params[0]);
    auto view = c.service.views().game_view(service::Viewer{}, id);
    if (view->fogged && (!bearer(c.request).empty() || account_credentials(c.request)))
        view = c.service.views().game_view(service::viewer(caller(c), id), id);
    return cached(c, view);
}
Response get_phases(const Context& c) {
    return cached(c, c.service.views().history_view(id_param(c.params[0])));
}
Response get_phase(const Context& c) {
    const std::int64_t id = id_param(c.params[0]);
    const std::int64_t seq = id_param(c.params[1]);
    const service::PhaseDocument phase = c.service.views().phase_document(caller(c), id, seq);
    Response response = json_response(200, phase_document_json(phase));
    // The phase's ETag: what a GM's If-Match names to resolve this phase and no other.
    response.etag = service::phase_etag(id, seq, phase.record.has_value());
    return response;
}
Response get_phase_summary(const Context& c) {
    return json_response(200, phase_summary_json(c.service.views().phase_summary(
                                  caller(c), id_param(c.params[0]), id_param(c.params[1]))));
}
// One power's order history, paged by phase like /press by id: ?limit=N and ?after=SEQ.
Response power_history(const Context& c) {
    const auto who = caller(c);
    const std::int64_t id = id_param(c.params[0]);
    const std::int64_t limit = number_param(c.request, "limit", kDefaultPage, 1, kMaxPage);
    const std::int64_t after =
        number_param(c.request, "after", -1, -1, std::numeric_limits<std::int64_t>::max());
    const service::PowerHistory history =
        c.service.views().power_history(who, id, c.params[1], after, static_cast<int>(limit));
    const std::string base = "/api/v1/games/" + std::to_string(id) + "/powers/" + history.power +
                             "/orders?limit=" + std::to_string(limit);
    Json body = power_history_json(history);
    body["links"] = {
        {"self", after >= 0 ? base + "&after=" + std::to_string(after) : base},
        {"next", history.next_after ? Json(base + "&after=" + std::to_string(*history.next_after))
                                    : Json(nullptr)}};
    return json_response(200, body);
}
// A join made while signed in binds the new seat to the account (docs/accounts.md).
Response join(const Context& c) {
    const std::int64_t id = id_param(c.params[0]);
    std::optional<std::int64_t> account;
    if (account_credentials(c.request)) {
        account = require_account(c);
        const auto held = c.service.accounts().caller_for(*account, id);
        if (held.role == service::Role::Player)
            throw service::conflict("this account holds " + held.power + " in this game already");
    }
    c.service.accounts().require_reliability(account, id);
    const auto grant = c.service.seats().join(id, c.params[1], seat_request(body_json(c.request)));
    if (account) c.service.accounts().bind_joined(*account, id, grant.power);
    return json_response(201, seat_grant_json(grant));
}
Response invite(const Context& c) {
    return json_response(
        201, seat_grant_json(c.service.seats().invite(caller(c), id_param(c.params[0]), c.params[1],
                                                      seat_request(body_json(c.request)), false)));
}
Response replace(const Context& c) {
    return json_response(
        201, seat_grant_json(c.service.seats().invite(caller(c), id_param(c.params[0]), c.params[1],
                                                      seat_request(body_json(c.request)), true)));
}
// Assigning powers (docs/assignment.md): a place on the join list, one's own ranking (a join
// list's token), the join list (the GM's).
// A game with a minimum reliability admits to its list only a signed-in account that meets it.
Response join_list(const Context& c) {
    std::optional<std::int64_t> account;
    if (account_credentials(c.request)) account = require_account(c);
    c.service.accounts().require_reliability(account, id_param(c.params[0]));
    return json_response(201, join_grant_json(c.service.seats().join_list(
                                  id_param(c.params[0]), seat_request(body_json(c.request)))));
}
Response get_preferences(const Context& c) {
    return json_response(
        200, power_ranking_json(c.service.seats().ranking(caller(c), id_param(c.params[0]))));
}
Response put_preferences(const Context& c) {
    const auto who = caller(c);
    const std::int64_t id = id_param(c.params[0]);
    const auto ranking = ranking_request(body_json(c.request));
    return json_response(200, power_ranking_json(c.service.seats().set_ranking(who, id, ranking)));
}
Response get_join_list(const Context& c) {
    return json_response(
        200, join_list_json(c.service.seats().join_list_view(caller(c), id_param(c.params[0]))));
}
// ?power= on the order routes: the GM of a sandbox game ordering for that power
// (OrderService::acting); anyone else naming a power is refused.
service::Caller acting_caller(const Context& c, std::int64_t game_id) {
    const auto power = query_param(c.request.target, "power");
    if (power && power->empty()) throw service::bad_request("query parameter 'power' is empty");
    return c.service.orders().acting(caller(c), game_id, power.value_or(std::string_view()));
}

Response get_orders(const Context& c) {
    const std::int64_t id = id_param(c.params[0]);
    return json_response(200,
                         phase_orders_json(c.service.orders().orders(acting_caller(c, id), id)));
}
Response put_orders(const Context& c) {
    const std::int64_t id = id_param(c.params[0]);
    const auto who = acting_caller(c, id);  // authenticate before reading the body's shape
    const std::string text = orders_body(c.request);
    auto& orders = c.service.orders();
    const auto answer = orders.submit_deferred(who, id, text, order_source(c.request));
    Response out;
    out.body = order_submission_text(answer);
    // Acknowledged after the group commit's flush, which the session waits for.
    if (answer.replaced)
        out.await_durable = [&orders](std::function<void(bool)> then) {
            orders.when_durable(std::move(then));
        };
    return out;
}
Response validate_orders(const Context& c) {
    const std::int64_t id = id_param(c.params[0]);
    const auto who = acting_caller(c, id);
    const std::string text = orders_body(c.request);
    return json_response(200, order_check_json(c.service.orders().validate(who, id, text)));
}
Response ready(const Context& c) {
    const std::int64_t id = id_param(c.params[0]);
    const auto who = acting_caller(c, id);
    Json body = body_json(c.request);
    bool value = true;
    if (body.is_object() && body.contains("ready")) {
        if (!body["ready"].is_boolean())
            throw service::bad_request("field 'ready' must be true or false");
        value = body["ready"].get<bool>();
    } else if (!body.is_object()) {
        throw service::bad_request("the request body must be a JSON object");
    }
    return json_response(200, ready_json(c.service.orders().set_ready(who, id, value)));
}
Response gm_action(const Context& c) {
    const auto who = caller(c);
    const auto action = gm_action_request(c.params[1], body_json(c.request), c.request.if_match);
    return json_response(
        200, gm_action_result_json(c.service.gm_action(who, id_param(c.params[0]), action)));
}
// The path names the view by its action's word: the module that declares the "battles" action
// answers it (rules/module_api.h), the server names none.
Response battles(const Context& c) {
    return json_response(200, gm_action_view_json(c.service.gm_action_view(
                                  caller(c), id_param(c.params[0]), "battles")));
}
Response audit(const Context& c) {
    return json_response(200,
                         audit_log_json(c.service.audit_log(caller(c), id_param(c.params[0]))));
}

// Press (docs/press.md). GET pages by id like /games, and carries an ETag made from the page
// itself, so a client polling with If-None-Match gets 304 until something it may read changes.
Response send_press(const Context& c) {
    const auto who = caller(c);
    const std::int64_t id = id_param(c.params[0]);
    service::PressService::require_party(who, id);  // 401/403 before the body's shape
    const service::PressDraft draft = press_draft(body_json(c.request));
    return json_response(
        201, press_message_json(c.service.press().send(who, id, draft, order_source(c.request))));
}
Response read_press(const Context& c) {
    const auto who = caller(c);
    const std::int64_t id = id_param(c.params[0]);
    const std::int64_t limit = number_param(c.request, "limit", kDefaultPage, 1, kMaxPage);
    const std::int64_t after =
        number_param(c.request, "after", 0, 0, std::numeric_limits<std::int64_t>::max());
    const service::PressPage page = c.service.press().read(who, id, after, static_cast<int>(limit));
    Json body = press_page_json(page);
    const std::string base =
        "/api/v1/games/" + std::to_string(id) + "/press?limit=" + std::to_string(limit);
    if (!page.feed_key.empty())
        body["feed"] = "/api/v1/games/" + std::to_string(id) + "/feed?key=" + page.feed_key;
    body["links"] = {
        {"self", after > 0 ? base + "&after=" + std::to_string(after) : base},
        {"next", page.next_after ? Json(base + "&after=" + std::to_string(*page.next_after))
                                 : Json(nullptr)}};
    Response response = json_response(200, body);
    response.etag = "\"pr-" + service::sha256_hex(response.body).substr(0, 32) + "\"";
    if (!c.request.if_none_match.empty() &&
        c.request.if_none_match.find(response.etag) != std::string::npos) {
        response.status = 304;
        response.body.clear();
        response.content_type.clear();
    }
    return response;
}
Response mark_press_read(const Context& c) {
    const auto who = caller(c);
    const std::int64_t id = id_param(c.params[0]);
    const Json body = body_json(c.request);
    const auto up_to = integer_field(body, "up_to", 0, std::numeric_limits<std::int64_t>::max());
    if (!up_to) throw service::bad_request("field 'up_to' is required: the last message read");
    const auto conversation = string_field(body, "conversation").value_or("");
    c.service.press().mark_read(who, id, conversation, *up_to);
    return json_response(200, {{"marked", true}});
}

// The game's Atom feed (docs/press.md, "Feed"): ?key= names a seat's feed, none the public one.
// A query parameter, not a token: feed readers send no Authorization header.
Response game_feed(const Context& c) {
    const std::int64_t id = id_param(c.params[0]);
    const std::string key(query_param(c.request.target, "key").value_or(""));
    Response response;
    response.content_type = "application/atom+xml; charset=utf-8";
    response.body = c.service.feeds().atom(id, key);
    return response;
}

// Draws and concessions (docs/draws.md).
Response propose_draw(const Context& c) {
    const auto who = caller(c);
    const std::int64_t id = id_param(c.params[0]);
    const Json body = body_json(c.request);
    const auto kind = string_field(body, "kind").value_or("draw");
    const auto to = string_field(body, "to");
    return json_response(201, draw_proposal_json(c.service.draws().propose(who, id, kind, to)));
}
Response vote_draw(const Context& c) {
    const auto who = caller(c);
    const std::int64_t id = id_param(c.params[0]);
    const std::int64_t proposal = id_param(c.params[1]);
    const Json body = body_json(c.request);
    const auto accept = bool_field(body, "accept");
    if (!accept) throw service::bad_request("field 'accept' is required: true or false");
    return json_response(200,
                         draw_proposal_json(c.service.draws().vote(who, id, proposal, *accept)));
}
Response list_draws(const Context& c) {
    return json_response(200,
                         draw_list_json(c.service.draws().list(caller(c), id_param(c.params[0]))));
}

// Absences (docs/absence.md).
Response declare_absence(const Context& c) {
    const auto who = caller(c);
    const std::int64_t id = id_param(c.params[0]);
    const auto request = absence_request(body_json(c.request));
    return json_response(201,
                         declared_absence_json(c.service.absences().declare(who, id, request)));
}
// An account's absence on every seat it holds (docs/absence.md, "For an account").
Response declare_account_absence(const Context& c) {
    const std::int64_t account = require_account(c);
    const auto request = absence_request(body_json(c.request));
    return json_response(
        200, account_absences_json(c.service.declare_account_absence(account, request)));
}
Response list_absences(const Context& c) {
    return json_response(
        200, absence_list_json(c.service.absences().list(caller(c), id_param(c.params[0]))));
}
Response cancel_absence(const Context& c) {
    const auto who = caller(c);
    const std::int64_t id = id_param(c.params[0]);
    const std::int64_t absence = id_param(c.params[1]);
    return json_response(200, declared_absence_json(c.service.absences().cancel(who, id, absence)));
}
Response grant_absence_days(const Context& c) {
    const auto who = caller(c);
    const std::int64_t id = id_param(c.params[0]);
    const Json body = body_json(c.request);
    const auto power = string_field(body, "power", 64);
    const auto days = integer_field(body, "days", 1, service::absence::kMaxDays);
    if (!power || !days) throw service::bad_request("fields 'power' and 'days' are required");
    return json_response(200,
                         absence_list_json(c.service.absences().grant(who, id, *power, *days)));
}

// Accounts (docs/accounts.md).
// A cookie of this server: HttpOnly, SameSite=Lax, and Secure when the server is reached over
// TLS (its web address, mail.web_url, is https).
std::string cookie_header(service::GameService& service, std::string_view name,
                          std::string_view value, std::string_view path, std::int64_t max_age) {
    std::string out = std::string(name) + "=" + std::string(value) + "; Path=" + std::string(path) +
                      "; Max-Age=" + std::to_string(max_age) + "; HttpOnly; SameSite=Lax";
    if (service.accounts().settings().mail.web_url.rfind("https://", 0) == 0) out += "; Secure";
    return out;
}
std::string cookie_header(const Context& c, std::string_view name, std::string_view value,
                          std::string_view path, std::int64_t max_age) {
    return cookie_header(c.service, name, value, path, max_age);
}

constexpr std::string_view kSignInPath = "/api/v1/accounts/sign-in";

Response request_sign_in(const Context& c) {
    const Json body = body_json(c.request);
    const auto email = string_field(body, "email", 1000);
    if (!email) throw service::bad_request("field 'email' is required");
    const auto started = c.service.accounts().request_sign_in(*email, c.request.remote_address);
    // The same answer whether the address has an account or not.
    Response response =
        json_response(202, {{"status", "sent"},
                            {"message",
                             "If the address can receive mail, a sign-in link is on its way to "
                             "it. Open it in this browser."},
                            {"expires_in", started.expires_in}});
    response.headers.emplace_back("Set-Cookie", cookie_header(c, kBindingCookie, started.binding,
                                                              kSignInPath, started.expires_in));
    return response;
}

Response confirm_sign_in(const Context& c) {
    std::string token(query_param(c.request.target, "token").value_or(""));
    if (token.empty() && c.request.method == "POST")
        token = string_field(body_json(c.request), "token", 200).value_or("");
    const auto confirmed =
        c.service.accounts().confirm_link(token, cookie_value(c.request.cookie, kBindingCookie));
    if (confirmed.email_changed)
        return json_response(200, {{"account", account_json(confirmed.email_changed->account)},
                                   {"email_changed", true}});
    const auto& in = *confirmed.signed_in;
    Response response = json_response(200, signed_in_json(in));
    response.headers.emplace_back("Set-Cookie",
                                  cookie_header(c, kSessionCookie, in.session, "/", in.expires_in));
    response.headers.emplace_back("Set-Cookie",
                                  cookie_header(c, kBindingCookie, "", kSignInPath, 0));
    return response;
}

Response sign_out(const Context& c) {
    c.service.accounts().sign_out(session_cookie(c.request));
    Response response = json_response(200, {{"signed_out", true}});
    response.headers.emplace_back("Set-Cookie", cookie_header(c, kSessionCookie, "", "/", 0));
    return response;
}

Response get_me(const Context& c) {
    const std::int64_t account = require_account(c);
    Json body = account_json(c.service.accounts().me(account));
    body["reliability"] = reliability_json(c.service.accounts().reliability(account));
    // The CSRF token is the session's: only a request made with the cookie is given it.
    const std::string session = session_cookie(c.request);
    if (bearer(c.request).empty() && !session.empty())
        body["csrf_token"] = service::AccountService::csrf_token(session);
    return json_response(200, body);
}

Response patch_me(const Context& c) {
    const std::int64_t account = require_account(c);
    return json_response(200, profile_changed_json(c.service.accounts().update_me(
                                  account, profile_change(body_json(c.request)))));
}

Response create_account_token(const Context& c) {
    const std::int64_t account = require_account(c);
    const auto name = string_field(body_json(c.request), "name", 100).value_or("");
    return json_response(201, account_token_json(c.service.accounts().create_token(account, name)));
}

Response list_account_tokens(const Context& c) {
    const std::int64_t account = require_account(c);
    return json_response(200, account_tokens_json(c.service.accounts().list_tokens(account)));
}

Response revoke_account_token(const Context& c) {
    const std::int64_t account = require_account(c);
    c.service.accounts().revoke_token(account, id_param(c.params[0]));
    return json_response(200, {{"revoked", true}});
}

// Public: counts and a percentage, no game named.
Response account_reliability(const Context& c) {
    return json_response(200,
                         reliability_json(c.service.accounts().reliability(id_param(c.params[0]))));
}

Response my_games(const Context& c) {
    const std::int64_t account = require_account(c);
    return json_response(200, account_seats_json(c.service.accounts().my_games(account)));
}

// Proof of both: the account's credentials, and the seat's token in X-Seat-Token or the body's
// "seat_token" (the Authorization header may hold the account's token).
Response claim_seat(const Context& c) {
    const std::int64_t account = require_account(c);
    std::string seat_token = c.request.seat_token;
    if (seat_token.empty())
        seat_token = string_field(body_json(c.request), "seat_token", 200).value_or("");
    return json_response(200, account_seat_json(c.service.accounts().claim(
                                  account, id_param(c.params[0]), c.params[1], seat_token)));
}

// Observers (docs/observers.md): a signed-in account follows a game or stops; the GM reads
// who does. Observers' addresses are the GM's only.
Json following_json(std::int64_t game_id, bool following) {
    return Json{{"game_id", game_id}, {"following", following}};
}

Response follow_game(const Context& c) {
    const std::int64_t account = require_account(c);
    const std::int64_t id = id_param(c.params[0]);
    c.service.accounts().observe(account, id, true);
    return json_response(200, following_json(id, true));
}

Response unfollow_game(const Context& c) {
    const std::int64_t account = require_account(c);
    const std::int64_t id = id_param(c.params[0]);
    c.service.accounts().observe(account, id, false);
    return json_response(200, following_json(id, false));
}

Response list_observers(const Context& c) {
    const auto observers = c.service.accounts().observers(caller(c), id_param(c.params[0]));
    Json list = Json::array();
    for (const auto& o : observers)
        list.push_back(Json{{"email", o.email}, {"account", o.account}, {"since", o.since}});
    return json_response(200, Json{{"count", observers.size()}, {"observers", list}});
}

// The web UI (static_files.h): the page itself at /, its scripts and styles under /web/.
Response web_index(const Context& c) {
    return static_file("index.html", c.request.if_none_match);
}
Response web_file(const Context& c) {
    return static_file(c.params[0], c.request.if_none_match);
}

struct Route {
    RouteInfo info;
    Handler handler;
};

const std::array kRoutes{
    Route{{"GET", "/healthz"}, healthz},
    Route{{"GET", "/metrics"}, metrics},
    Route{{"GET", "/openapi.json"}, openapi},
    Route{{"GET", "/api/v1/variants"}, list_variants},
    Route{{"POST", "/api/v1/variants"}, upload_variant},
    Route{{"GET", "/api/v1/variants/{name}"}, get_variant},
    Route{{"GET", "/api/v1/games"}, list_games},
    Route{{"POST", "/api/v1/games"}, create_game},
    Route{{"GET", "/api/v1/games/{id}"}, get_game},
    Route{{"GET", "/api/v1/games/{id}/phases"}, get_phases},
    Route{{"GET", "/api/v1/games/{id}/phases/{seq}"}, get_phase},
    Route{{"GET", "/api/v1/games/{id}/phases/{seq}/summary"}, get_phase_summary},
    Route{{"GET", "/api/v1/games/{id}/powers/{power}/orders"}, power_history},
    Route{{"POST", "/api/v1/games/{id}/seats/{power}/join"}, join},
    Route{{"POST", "/api/v1/games/{id}/seats/{power}/invite"}, invite},
    Route{{"POST", "/api/v1/games/{id}/seats/{power}/replace"}, replace},
    Route{{"POST", "/api/v1/games/{id}/seats/{power}/claim"}, claim_seat},
    Route{{"GET", "/api/v1/games/{id}/observers"}, list_observers},
    Route{{"POST", "/api/v1/games/{id}/observers"}, follow_game},
    Route{{"DELETE", "/api/v1/games/{id}/observers"}, unfollow_game},
    Route{{"POST", "/api/v1/games/{id}/join"}, join_list},
    Route{{"GET", "/api/v1/games/{id}/join"}, get_join_list},
    Route{{"GET", "/api/v1/games/{id}/preferences"}, get_preferences},
    Route{{"PUT", "/api/v1/games/{id}/preferences"}, put_preferences},
    Route{{"GET", "/api/v1/games/{id}/orders"}, get_orders},
    Route{{"PUT", "/api/v1/games/{id}/orders"}, put_orders},
    Route{{"POST", "/api/v1/games/{id}/orders/validate"}, validate_orders},
    Route{{"POST", "/api/v1/games/{id}/ready"}, ready},
    Route{{"POST", "/api/v1/games/{id}/actions/{action}"}, gm_action},
    Route{{"GET", "/api/v1/games/{id}/audit"}, audit},
    Route{{"GET", "/api/v1/games/{id}/battles"}, battles},
    Route{{"POST", "/api/v1/games/{id}/press"}, send_press},
    Route{{"GET", "/api/v1/games/{id}/press"}, read_press},
    Route{{"POST", "/api/v1/games/{id}/press/read"}, mark_press_read},
    Route{{"GET", "/api/v1/games/{id}/feed"}, game_feed},
    Route{{"GET", "/api/v1/games/{id}/draws"}, list_draws},
    Route{{"POST", "/api/v1/games/{id}/draws"}, propose_draw},
    Route{{"POST", "/api/v1/games/{id}/draws/{proposal}/vote"}, vote_draw},
    Route{{"GET", "/api/v1/games/{id}/absences"}, list_absences},
    Route{{"POST", "/api/v1/games/{id}/absences"}, declare_absence},
    Route{{"POST", "/api/v1/games/{id}/absences/grants"}, grant_absence_days},
    Route{{"DELETE", "/api/v1/games/{id}/absences/{absence}"}, cancel_absence},
    Route{{"PUT", "/api/v1/games/{id}/variant"}, upload_game_variant},
    Route{{"POST", "/api/v1/accounts/sign-in"}, request_sign_in},
    Route{{"GET", "/api/v1/accounts/sign-in/confirm"}, confirm_sign_in},
    Route{{"POST", "/api/v1/accounts/sign-in/confirm"}, confirm_sign_in},
    Route{{"POST", "/api/v1/accounts/sign-out"}, sign_out},
    Route{{"GET", "/api/v1/accounts/me"}, get_me},
    Route{{"PATCH", "/api/v1/accounts/me"}, patch_me},
    Route{{"GET", "/api/v1/accounts/me/tokens"}, list_account_tokens},
    Route{{"POST", "/api/v1/accounts/me/tokens"}, create_account_token},
    Route{{"DELETE", "/api/v1/accounts/me/tokens/{token}"}, revoke_account_token},
    Route{{"GET", "/api/v1/accounts/me/games"}, my_games},
    Route{{"POST", "/api/v1/accounts/me/absences"}, declare_account_absence},
    Route{{"GET", "/api/v1/accounts/{id}/reliability"}, account_reliability},
    Route{{"GET", "/"}, web_index},
    Route{{"GET", "/web/{file}"}, web_file},
};

// Labels that are no route's pattern (router.h).
constexpr std::array<std::string_view, 3> kExtraLabels{"unmatched", "method_not_allowed",
                                                       "rejected"};

// A route with its pattern split once, at start-up, and its metrics label id.
struct CompiledRoute {
    const Route* route;
    Segments parts;
    std::size_t label;
};

struct RouteTable {
    std::array<CompiledRoute, kRoutes.size()> routes;
    std::vector<std::string_view> labels;
};

const RouteTable& route_table() {
    static const RouteTable table = [] {
        RouteTable t;
        for (std::size_t i = 0; i < kRoutes.size(); ++i) {
            const std::string_view pattern = kRoutes[i].info.pattern;
            auto label = std::find(t.labels.begin(), t.labels.end(), pattern);
            if (label == t.labels.end()) label = t.labels.insert(t.labels.end(), pattern);
            t.routes[i] = {&kRoutes[i], split_path(pattern),
                           static_cast<std::size_t>(label - t.labels.begin())};
        }
        t.labels.insert(t.labels.end(), kExtraLabels.begin(), kExtraLabels.end());
        return t;
    }();
    return table;
}

int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// A path segment as the name it stands for, its percent escapes decoded (RFC 3986, 2.1): the web
// page writes a GM's variant `tiny@g12` as `tiny%40g12`, as encodeURIComponent does. A malformed
// escape is kept as written, so it names nothing and the handler's lookup answers 404.
void decode_segment(std::string_view raw, std::string& out) {
    out.clear();
    for (std::size_t i = 0; i < raw.size(); ++i) {
        const int high = raw[i] == '%' && i + 2 < raw.size() ? hex_digit(raw[i + 1]) : -1;
        const int low = high >= 0 ? hex_digit(raw[i + 2]) : -1;
        if (low < 0) {
            out += raw[i];
            continue;
        }
        out += static_cast<char>(high * 16 + low);
        i += 2;
    }
}

bool match(const Segments& parts, const Segments& segments, Params& params) {
    if (parts.count != segments.count) return false;
    params.count = 0;
    for (std::size_t i = 0; i < parts.count; ++i) {
        const std::string_view part = parts.items[i];
        if (part.size() > 2 && part.front() == '{' && part.back() == '}')
            decode_segment(segments.items[i], params.values[params.count++]);
        else if (part != segments.items[i])
            return false;
    }
    return true;
}

// Runs a handler and turns whatever it throws into an answer: the service's ApiError as
// itself, database failures as 500 "database", and anything else as 500 "internal", logged
// with the request id. Building the error answer cannot throw (json_text replaces bad
// bytes), and a failure even there is caught by the last resort below, so no exception ever
// leaves Router::handle.
template <typename Handle>
Response guarded(Metrics& metrics, const Request& request, Handle&& handle) {
    try {
        try {
            return handle();
        } catch (const ApiError& error) {
            Response response =
                error_response(error.status(), error.code(), error.what(), error.details());
            if (const auto* later = std::get_if<service::RetryLater>(&error.details());
                later && error.status() == 429)
                response.headers.emplace_back("Retry-After", std::to_string(later->retry_after));
            return response;
        } catch (const storage::Error& error) {
            spdlog::error("req={} database error: {}", request.request_id, error.what());
            metrics.database_error();
            return error_response(500, "database", "database error");
        } catch (const nlohmann::json::exception& error) {
            return error_response(400, "bad_request", error.what());
        } catch (const std::exception& error) {
            spdlog::error("req={} internal error: {}", request.request_id, error.what());
            return error_response(500, "internal", "internal error");
        }
    } catch (...) {
        spdlog::error("req={} internal error: an exception while answering an error",
                      request.request_id);
        Response response;
        response.status = 500;
        response.body = R"({"error":{"code":"internal","message":"internal error"}})";
        return response;
    }
}

bool stale_session(service::GameService& service, const Request& request) {
    if (!bearer(request).empty()) return false;
    const std::string session = session_cookie(request);
    return !session.empty() && !service.accounts().session_account(session);
}

// The request with its Cookie header less the session cookie.
Request without_session(const Request& request) {
    Request out = request;
    out.cookie.clear();
    std::string_view header = request.cookie;
    while (!header.empty()) {
        const auto semicolon = header.find(';');
        std::string_view pair = header.substr(0, semicolon);
        while (!pair.empty() && pair.front() == ' ') pair.remove_prefix(1);
        if (!pair.empty() && pair.substr(0, pair.find('=')) != kSessionCookie) {
            if (!out.cookie.empty()) out.cookie += "; ";
            out.cookie += pair;
        }
        if (semicolon == std::string_view::npos) break;
        header.remove_prefix(semicolon + 1);
    }
    return out;
}

// A request that changes anything and is authenticated by the session cookie alone (no bearer
// token) must carry the session's X-CSRF-Token (docs/accounts.md, "CSRF"): a page of another
// site can make the browser send the cookie, not the header. Asking for a sign-in link and
// confirming one are not authenticated by the session, and stay open.
void require_csrf(const Request& request, std::string_view pattern) {
    if (request.method == "GET" || request.method == "HEAD" || request.method == "OPTIONS") return;
    if (!bearer(request).empty() || pattern.rfind(kSignInPath, 0) == 0) return;
    const std::string session = session_cookie(request);
    if (session.empty()) return;
    service::AccountService::require_csrf(session, request.csrf_token);
}

}  // namespace

std::vector<std::string_view> path_segments(std::string_view target) {
    target = target.substr(0, target.find('?'));
    std::vector<std::string_view> segments;
    std::size_t start = 0;
    while (start < target.size()) {
        std::size_t end = target.find('/', start);
        if (end == std::string_view::npos) end = target.size();
        if (end > start) segments.push_back(target.substr(start, end - start));
        start = end + 1;
    }
    return segments;
}

std::span<const RouteInfo> Router::routes() {
    static const auto infos = [] {
        std::array<RouteInfo, kRoutes.size()> out{};
        for (std::size_t i = 0; i < kRoutes.size(); ++i) out[i] = kRoutes[i].info;
        return out;
    }();
    return infos;
}

std::span<const std::string_view> route_labels() {
    return route_table().labels;
}

std::size_t route_label_id(std::string_view label) {
    const auto labels = route_labels();
    for (std::size_t i = 0; i < labels.size(); ++i)
        if (labels[i] == label) return i;
    throw std::out_of_range("no route label '" + std::string(label) + "'");
}

Response Router::handle(const Request& request) {
    // The outer guard covers the routing itself and the 404/405 answers, which quote the path.
    Response response = guarded(metrics_, request, [&] { return dispatch(request); });
    if (response.route.empty()) {
        response.route = kExtraLabels[0];
        response.route_id = route_label_id(response.route);
    }
    return response;
}

Response Router::dispatch(const Request& request) {
    const Segments segments = split_path(request.target);
    Params params;
    std::string allowed;
    for (const auto& compiled : route_table().routes) {
        const Route& route = *compiled.route;
        if (!match(compiled.parts, segments, params)) continue;
        if (route.info.method != request.method &&
            !(request.method == "HEAD" && route.info.method == "GET")) {
            if (!allowed.empty()) allowed += ", ";
            allowed += route.info.method;
            continue;
        }
        Response response = guarded(metrics_, request, [&] {
            // A session cookie that names no session (ended, expired) is dropped and cleared:
            // it neither authenticates nor asks for a CSRF token, so a browser that kept one
            // is not locked out of what it may do without it.
            Request fresh;
            const bool stale = stale_session(service_, request);
            if (stale) fresh = without_session(request);
            const Request& effective = stale ? fresh : request;
            require_csrf(effective, route.info.pattern);
            Response answer =
                route.handler(Context{service_, metrics_, effective, params, route.info.pattern});
            if (stale)
                answer.headers.emplace_back("Set-Cookie",
                                            cookie_header(service_, kSessionCookie, "", "/", 0));
            return answer;
        });
        response.route_id = compiled.label;
        response.route = route.info.pattern;
        return response;
    }
    Response response =
        allowed.empty()
            ? error_response(
                  404, "not_found",
                  "no route for " + std::string(request.target.substr(0, request.target.find('?'))))
            : error_response(405, "method_not_allowed", "allowed: " + allowed);
    if (!allowed.empty()) response.headers.emplace_back("Allow", allowed);
    response.route = allowed.empty() ? kExtraLabels[0] : kExtraLabels[1];
    response.route_id = route_label_id(response.route);
    return response;
}

}  // namespace adjutant::http
