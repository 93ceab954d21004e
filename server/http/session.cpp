// SPDX-License-Identifier: Apache-2.0
#include "http/session.h"

#include <charconv>
#include <chrono>
#include <cstdio>

#include <spdlog/spdlog.h>

#include "http/framing.h"

namespace adjutant::http {

namespace bhttp = beast::http;

namespace {

// The response head is written by hand, in the bytes Beast would write for the same fields:
// Beast's serializer walks its field list as nested buffer views and allocates a node per
// field, which was a third of a cached GET's instructions. Names and values come from the
// server's own code (never from a request), so they need no escaping.
void append_number(std::string& head, std::uint64_t value) {
    char digits[24];
    const auto end = std::to_chars(digits, digits + sizeof digits, value);
    head.append(digits, end.ptr);
}

void append_header(std::string& head, std::string_view name, std::string_view value) {
    head += name;
    head += ": ";
    head += value;
    head += "\r\n";
}

void begin_head(std::string& head, unsigned version, int status) {
    head.clear();
    head += version == 10 ? "HTTP/1.0 " : "HTTP/1.1 ";
    append_number(head, static_cast<std::uint64_t>(status));
    head += ' ';
    const auto reason = bhttp::obsolete_reason(static_cast<bhttp::status>(status));
    head.append(reason.data(), reason.size());
    head += "\r\n";
    append_header(head, "Server", "adjutant");
}

// Connection only where it differs from the version's default, and Content-Length except on
// the statuses that never have a body (as Beast's keep_alive() and prepare_payload() do).
void end_head(std::string& head, unsigned version, int status, bool keep_alive,
              std::size_t length) {
    if (version >= 11 && !keep_alive) append_header(head, "Connection", "close");
    if (version < 11 && keep_alive) append_header(head, "Connection", "keep-alive");
    if (status >= 200 && status != 204 && status != 304) {
        head += "Content-Length: ";
        append_number(head, length);
        head += "\r\n";
    }
    head += "\r\n";
}

// The peer as request logs name it: "203.0.113.7:51234", "[2001:db8::1]:51234".
std::string peer_text(const tcp::socket& socket) {
    beast::error_code ec;
    const tcp::endpoint peer = socket.remote_endpoint(ec);
    if (ec) return "-";
    const std::string address = peer.address().to_string();
    return (peer.address().is_v6() ? "[" + address + "]" : address) + ":" +
           std::to_string(peer.port());
}

}  // namespace

Session::Session(tcp::socket&& socket, SessionShared& shared)
    : client_(peer_text(socket)), stream_(std::move(socket)), shared_(shared) {
    shared_.metrics.connection_opened();
    beast::error_code ec;
    const auto peer = stream_.socket().remote_endpoint(ec);
    if (!ec) remote_ = peer.address().to_string();
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

void Session::close_now() {
    do_close();
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
    // A request whose headers cannot be parsed (bare LF, a bad or negative Content-Length,
    // Transfer-Encoding with Content-Length...) is answered 400 and the connection closed: the rest
    // of the stream cannot be framed. A closed or silent peer gets nothing.
    if (ec) {
        if (auto refusal = parse_refusal(ec)) return reply_error(*refusal);
        return do_close();
    }
    busy_ = true;
    if (auto refusal =
            framing_refusal(parser_->get(), parser_->content_length(), shared_.limits.body_bytes))
        return reply_error(*refusal);
    // A request without a body (most GETs) is complete with its headers: no second read.
    if (parser_->is_done()) return handle();
    stream_.expires_after(std::chrono::seconds(shared_.limits.read_timeout_seconds));
    bhttp::async_read(stream_, buffer_, *parser_,
                      beast::bind_front_handler(&Session::on_read, shared_from_this()));
}

void Session::on_read(beast::error_code ec, std::size_t) {
    if (ec) {
        // A bad chunk or a body over the limit is answered; a peer that went away is not.
        if (auto refusal = parse_refusal(ec)) return reply_error(*refusal);
        return do_close();
    }
    handle();
}

void Session::reply_error(const Refusal& refusal) {
    busy_ = true;
    body_ = std::make_shared<const std::string>(refusal_body(refusal));
    keep_alive_ = false;  // the rest of the request is unread: the connection is unusable
    begin_head(head_, 11, refusal.status);
    append_header(head_, "Content-Type", "application/json");
    end_head(head_, 11, refusal.status, keep_alive_, body_->size());
    refused_ = true;
    static const std::size_t rejected = route_label_id("rejected");
    shared_.metrics.request(rejected, refusal.status, 0);
    do_write();
}

void Session::handle() {
    const auto started = std::chrono::steady_clock::now();
    auto& req = parser_->get();
    Request request = to_request(req);
    request.remote_address = remote_;
    char id[24];
    const auto end = std::to_chars(id, id + sizeof id, shared_.next_request.fetch_add(1) + 1, 16);
    request.request_id.assign(id, end.ptr);

    Response out;
    try {
        out = shared_.router.handle(request);  // never throws (router.h); the net is below
    } catch (...) {
        spdlog::error("req={} an exception left the router", request.request_id);
        out = Response{};
        out.status = 500;
        out.body = R"({"error":{"code":"internal","message":"internal error"}})";
        out.route_id = route_label_id("unmatched");
        out.route = "unmatched";
    }

    keep_alive_ = req.keep_alive() && !shared_.stopping;
    begin_head(head_, req.version(), out.status);
    append_header(head_, "X-Request-Id", request.request_id);
    if (!out.content_type.empty()) append_header(head_, "Content-Type", out.content_type);
    if (!out.etag.empty()) {
        append_header(head_, "ETag", out.etag);
        append_header(head_, "Cache-Control", "no-cache");
    }
    for (const auto& [name, value] : out.headers) append_header(head_, name, value);
    // HEAD: the length the GET would have, and no body.
    const std::size_t length = out.shared_body ? out.shared_body->size() : out.body.size();
    end_head(head_, req.version(), out.status, keep_alive_, length);
    if (request.method == "HEAD" || out.status == 304 || out.status == 204)
        body_.reset();
    else if (out.shared_body)
        body_ = std::move(out.shared_body);
    else
        body_ = std::make_shared<const std::string>(std::move(out.body));

    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    shared_.metrics.request(out.route_id, out.status, seconds);
    log_request(request, out, seconds);
    if (out.await_durable) return write_when_durable(out.await_durable);
    do_write();
}

void Session::write_when_durable(const std::function<void(std::function<void(bool)>)>& await) {
    // While the flush runs, this thread serves other connections. The tracked executor keeps
    // the server's loop running until the answer is written, so a stop waits for it too.
    auto executor = net::prefer(stream_.get_executor(), net::execution::outstanding_work.tracked);
    await([self = shared_from_this(), executor](bool durable) {
        net::post(executor, [self, durable] {
            if (durable) return self->do_write();
            // No acknowledgement for a commit that may be lost: the client sees the connection
            // close and sends again.
            spdlog::error("a commit did not reach the disk; closing the connection unanswered");
            self->do_close();
        });
    });
}

void Session::log_request(const Request& request, const Response& out, double seconds) {
    // Checked first so that a server logging at warn (the usual production level under load)
    // spends nothing on the line.
    if (!spdlog::should_log(spdlog::level::info)) return;
    // The path only: query strings and headers (tokens) never reach the log.
    const std::string_view path =
        std::string_view(request.target).substr(0, request.target.find('?'));
    spdlog::info("req={} client={} {} {} route={} status={} {:.3f}ms", request.request_id, client_,
                 request.method, path, out.route, out.status, seconds * 1000);
}

void Session::do_write() {
    stream_.expires_after(std::chrono::seconds(shared_.limits.read_timeout_seconds));
    const std::array<net::const_buffer, 2> buffers{
        net::buffer(head_), body_ ? net::buffer(*body_) : net::const_buffer()};
    net::async_write(stream_, buffers,
                     beast::bind_front_handler(&Session::on_write, shared_from_this()));
}

void Session::on_write(beast::error_code ec, std::size_t) {
    busy_ = false;
    body_.reset();  // an idle connection should not keep an old view alive
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
