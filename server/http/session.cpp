#include "http/session.h"

#include <chrono>
#include <cstdio>

#include <spdlog/spdlog.h>

namespace adjutant::http {

namespace bhttp = beast::http;

Session::Session(tcp::socket&& socket, SessionShared& shared)
    : stream_(std::move(socket)), shared_(shared) {
    shared_.metrics.connection_opened();
}

Session::~Session() {
    shared_.metrics.connection_closed();
    std::lock_guard lock(shared_.mutex);
    shared_.sessions.erase(this);
}

void Session::run() {
    {
        std::lock_guard lock(shared_.mutex);
        shared_.sessions.emplace(this, weak_from_this());
    }
    net::dispatch(stream_.get_executor(), [self = shared_from_this()] { self->do_read(); });
}

void Session::close_if_idle() {
    if (!busy_) do_close();
}

void Session::do_read() {
    if (shared_.stopping) return do_close();
    parser_.emplace();
    parser_->body_limit(shared_.limits.body_bytes);
    parser_->header_limit(16 * 1024);
    // Headers must arrive within the header timeout (this also bounds keep-alive idling).
    stream_.expires_after(std::chrono::seconds(shared_.limits.header_timeout_seconds));
    bhttp::async_read_header(stream_, buffer_, *parser_,
                             beast::bind_front_handler(&Session::on_header, shared_from_this()));
}

void Session::on_header(beast::error_code ec, std::size_t) {
    if (ec) {
        // Beast checks a declared Content-Length against the body limit with the headers.
        if (ec == bhttp::error::body_limit)
            return reply_error(bhttp::status::payload_too_large, "too_large",
                               "the request body is too large");
        if (ec == bhttp::error::header_limit)
            return reply_error(bhttp::status::request_header_fields_too_large, "too_large",
                               "request headers are too large");
        return do_close();
    }
    busy_ = true;
    if (auto length = parser_->content_length(); length && *length > shared_.limits.body_bytes)
        return reply_error(bhttp::status::payload_too_large, "too_large",
                           "the request body is too large");
    stream_.expires_after(std::chrono::seconds(shared_.limits.read_timeout_seconds));
    bhttp::async_read(stream_, buffer_, *parser_,
                      beast::bind_front_handler(&Session::on_read, shared_from_this()));
}

void Session::on_read(beast::error_code ec, std::size_t) {
    if (ec == bhttp::error::body_limit)
        return reply_error(bhttp::status::payload_too_large, "too_large",
                           "the request body is too large");
    if (ec) return do_close();
    handle();
}

void Session::reply_error(bhttp::status status, const char* code, const char* message) {
    busy_ = true;
    response_ = {};
    response_.result(status);
    response_.version(11);
    response_.set(bhttp::field::server, "adjutant");
    response_.set(bhttp::field::content_type, "application/json");
    char body[256];
    std::snprintf(body, sizeof body, R"({"error":{"code":"%s","message":"%s"}})", code, message);
    response_.body() = body;
    response_.prepare_payload();
    keep_alive_ = false;  // the rest of the request is unread: the connection is unusable
    refused_ = true;
    shared_.metrics.request("rejected", static_cast<int>(status), 0);
    do_write();
}

void Session::handle() {
    const auto started = std::chrono::steady_clock::now();
    auto& req = parser_->get();
    Request request;
    request.method = std::string(req.method_string());
    request.target = std::string(req.target());
    request.body = std::move(req.body());
    request.authorization = std::string(req[bhttp::field::authorization]);
    request.if_none_match = std::string(req[bhttp::field::if_none_match]);
    request.content_type = std::string(req[bhttp::field::content_type]);
    char id[24];
    std::snprintf(id, sizeof id, "%llx",
                  static_cast<unsigned long long>(shared_.next_request.fetch_add(1) + 1));
    request.request_id = id;

    Response out = shared_.router.handle(request);

    response_ = {};
    response_.version(req.version());
    response_.result(static_cast<unsigned>(out.status));
    response_.set(bhttp::field::server, "adjutant");
    response_.set("X-Request-Id", request.request_id);
    if (!out.content_type.empty()) response_.set(bhttp::field::content_type, out.content_type);
    if (!out.etag.empty()) {
        response_.set(bhttp::field::etag, out.etag);
        response_.set(bhttp::field::cache_control, "no-cache");
    }
    for (const auto& [name, value] : out.headers) response_.set(name, value);
    keep_alive_ = req.keep_alive() && !shared_.stopping;
    response_.keep_alive(keep_alive_);
    if (request.method != "HEAD") response_.body() = std::move(out.body);
    response_.prepare_payload();
    if (request.method == "HEAD") response_.content_length(out.body.size());

    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    shared_.metrics.request(out.route, out.status, seconds);
    // The path only: query strings and headers (tokens) never reach the log.
    const std::string_view path =
        std::string_view(request.target).substr(0, request.target.find('?'));
    spdlog::info("req={} {} {} route={} status={} {:.3f}ms", request.request_id, request.method,
                 path, out.route, out.status, seconds * 1000);
    do_write();
}

void Session::do_write() {
    stream_.expires_after(std::chrono::seconds(shared_.limits.read_timeout_seconds));
    bhttp::async_write(stream_, response_,
                       beast::bind_front_handler(&Session::on_write, shared_from_this()));
}

void Session::on_write(beast::error_code ec, std::size_t) {
    busy_ = false;
    if (ec) return do_close();
    if (refused_) return drain_then_close();
    if (!keep_alive_ || shared_.stopping) return do_close();
    do_read();
}

void Session::drain_then_close() {
    beast::error_code ec;
    stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
    stream_.expires_after(std::chrono::seconds(shared_.limits.header_timeout_seconds));
    stream_.async_read_some(
        net::buffer(discard_),
        [self = shared_from_this()](beast::error_code read_ec, std::size_t bytes) {
            self->drained_ += bytes;
            constexpr std::size_t kMaxDrain = 4 * 1024 * 1024;
            if (read_ec || self->drained_ > kMaxDrain) return self->do_close();
            self->drain_then_close();
        });
}

void Session::do_close() {
    beast::error_code ec;
    stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
    stream_.socket().close(ec);
}

}  // namespace adjutant::http
