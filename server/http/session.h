// SPDX-License-Identifier: Apache-2.0
// One HTTP connection (internal to the HTTP layer): do_read -> on_read -> handle -> do_write ->
// on_write, on the connection's strand; each on_x begins by handling its error. Sessions
// register themselves in SessionShared so a graceful stop can close the idle ones.
#pragma once

#include <array>
#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "config/server_config.h"
#include "http/beast.h"
#include "http/framing.h"
#include "http/metrics.h"
#include "http/router.h"

namespace adjutant::http {

namespace beast = boost::beast;
namespace net = boost::asio;
using tcp = net::ip::tcp;

class Session;

// What every session of one server shares.
struct SessionShared {
    Router& router;
    Metrics& metrics;
    config::Limits limits;
    std::atomic<bool> stopping{false};
    std::atomic<std::uint64_t> next_request{0};
    std::mutex mutex;
    std::map<Session*, std::weak_ptr<Session>> sessions;
};

class Session : public std::enable_shared_from_this<Session> {
  public:
    Session(tcp::socket&& socket, SessionShared& shared);
    ~Session();
    void run();
    // Posted on stop: closes the connection unless a request is being handled.
    void close_if_idle();
    // Posted when the stop's drain time is up: closes the connection whatever it is doing.
    void close_now();
    net::any_io_executor executor() { return stream_.get_executor(); }

  private:
    void do_read();
    void on_header(beast::error_code ec, std::size_t bytes);
    void on_read(beast::error_code ec, std::size_t bytes);
    void handle();
    void log_request(const Request& request, const Response& out, double seconds);
    void reply_error(const Refusal& refusal);
    // Sends head_ and then body_ (if any).
    void do_write();
    // The same once `await` reports the response's commit on disk (Response::await_durable).
    void write_when_durable(const std::function<void(std::function<void(bool)>)>& await);
    void on_write(beast::error_code ec, std::size_t bytes);
    void do_close();
    // After refusing a request whose body is still arriving: stop sending, then read and
    // discard for a while, so the client receives the error instead of a connection reset.
    void drain_then_close();

    std::string client_;  // the peer's address and port, for request logs
    beast::tcp_stream stream_;
    beast::flat_buffer buffer_;
    SessionShared& shared_;
    std::optional<beast::http::request_parser<beast::http::string_body>> parser_;
    // The response being written: its status line and headers, written by hand into a buffer
    // whose capacity every response reuses, and its body, shared with the cache it came from.
    std::string head_;
    std::shared_ptr<const std::string> body_;
    bool busy_ = false;  // between a complete request and its written response
    bool keep_alive_ = false;
    bool refused_ = false;  // the response refuses an unread request
    std::size_t drained_ = 0;
    std::array<char, 8192> discard_{};
    std::string remote_;  // the peer's address, for per-address limits
};

}  // namespace adjutant::http
