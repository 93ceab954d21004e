// SPDX-License-Identifier: Apache-2.0
#include "http/server.h"

#include <cerrno>
#include <chrono>
#include <thread>
#include <vector>

#include <spdlog/spdlog.h>

#include "http/session.h"

namespace adjutant::http {

struct Server::Impl : std::enable_shared_from_this<Server::Impl> {
    Impl(const config::ServerConfig& config, Router& router, Metrics& metrics)
        : config(config),
          ioc(config.threads),
          acceptor(net::make_strand(ioc)),
          signals(ioc, SIGINT, SIGTERM),
          accept_retry(acceptor.get_executor()),
          drain_timer(acceptor.get_executor()),
          shared{router, metrics, config.limits, {}, {}, {}, {}} {}

    void do_accept() {
        acceptor.async_accept(connection_executor(),
                              beast::bind_front_handler(&Impl::on_accept, shared_from_this()));
    }

    // A strand per connection serialises its handlers across the I/O threads. With one
    // thread everything is serialised already, and the plain executor spares every handler
    // the strand's locking and reference counting (a sixth of a cached GET's instructions).
    net::any_io_executor connection_executor() {
        if (config.threads <= 1) return ioc.get_executor();
        return net::make_strand(ioc);
    }

    void on_accept(beast::error_code ec, tcp::socket socket) {
        if (ec) {
            if (ec == net::error::operation_aborted || !acceptor.is_open()) return;
            if (is_resource_shortage(ec)) return back_off(ec);
            spdlog::warn("accept: {}", ec.message());
            return do_accept();
        }
        accept_delay = std::chrono::milliseconds(0);
        if (shared.metrics.connections() >= config.limits.max_connections) {
            // Over the cap: refuse at once rather than queue work we cannot serve in time.
            shared.metrics.connection_refused();
            beast::error_code ignored;
            socket.close(ignored);
        } else {
            std::make_shared<Session>(std::move(socket), shared)->run();
        }
        do_accept();
    }

    // Out of file descriptors (or kernel memory): accepting again at once fails again at once, a
    // busy loop that logs as fast as it can. The pending connections stay in the listen backlog
    // while the acceptor waits, 10 ms doubling to 1 s, and the warning is written at most once a
    // second with the number of failures it stands for.
    static bool is_resource_shortage(const beast::error_code& ec) {
        return ec == net::error::no_descriptors || ec == net::error::no_buffer_space ||
               ec == net::error::no_memory ||
               (ec.category() == boost::system::system_category() && ec.value() == ENFILE);
    }

    void back_off(const beast::error_code& ec) {
        ++accept_failures;
        const auto now = std::chrono::steady_clock::now();
        if (now - last_accept_warning >= std::chrono::seconds(1)) {
            spdlog::warn(
                "accept: {} ({} failure(s) since the last warning); retrying in up to "
                "1 s; raise LimitNOFILE or lower limits.max_connections",
                ec.message(), accept_failures);
            accept_failures = 0;
            last_accept_warning = now;
        }
        accept_delay = std::min<std::chrono::milliseconds>(
            std::chrono::milliseconds(1000),
            std::max<std::chrono::milliseconds>(std::chrono::milliseconds(10), accept_delay * 2));
        accept_retry.expires_after(accept_delay);
        accept_retry.async_wait([self = shared_from_this()](beast::error_code wait_ec) {
            if (wait_ec || !self->acceptor.is_open()) return;
            self->do_accept();
        });
    }

    void stop() {
        if (shared.stopping.exchange(true)) return;
        spdlog::info("stopping: finishing requests in flight (at most {} s)",
                     config.limits.drain_seconds);
        net::post(acceptor.get_executor(), [self = shared_from_this()] {
            beast::error_code ignored;
            self->acceptor.close(ignored);
            self->accept_retry.cancel();
            self->signals.cancel(ignored);
        });
        for (auto& session : live_sessions())
            net::post(session->executor(), [session] { session->close_if_idle(); });
        // A connection still reading a body or writing an answer when the drain time is up is
        // closed, so a client dribbling a body cannot hold the stop for the whole read timeout. The
        // check runs every 50 ms and ends as soon as no connection is left, so a quiet server stops
        // at once.
        const auto deadline =
            std::chrono::steady_clock::now() + std::chrono::seconds(config.limits.drain_seconds);
        net::post(acceptor.get_executor(),
                  [self = shared_from_this(), deadline] { self->check_drain(deadline); });
    }

    void check_drain(std::chrono::steady_clock::time_point deadline) {
        auto sessions = live_sessions();
        if (sessions.empty()) return;
        if (std::chrono::steady_clock::now() >= deadline) {
            spdlog::warn("stopping: closing {} connection(s) still busy after {} s",
                         sessions.size(), config.limits.drain_seconds);
            for (auto& session : sessions)
                net::post(session->executor(), [session] { session->close_now(); });
            return;
        }
        drain_timer.expires_after(std::chrono::milliseconds(50));
        drain_timer.async_wait([self = shared_from_this(), deadline](beast::error_code ec) {
            if (!ec) self->check_drain(deadline);
        });
    }

    std::vector<std::shared_ptr<Session>> live_sessions() {
        std::vector<std::shared_ptr<Session>> sessions;
        std::lock_guard lock(shared.mutex);
        for (auto& [raw, weak] : shared.sessions)
            if (auto session = weak.lock()) sessions.push_back(std::move(session));
        return sessions;
    }

    // The I/O threads' loop. Handlers do not throw (the router answers every failure), but if
    // one ever does, the exception is logged and the thread goes back to serving instead of
    // taking the process down.
    void serve() {
        for (;;) {
            try {
                ioc.run();
                return;
            } catch (const std::exception& error) {
                spdlog::error("an exception escaped an I/O handler: {}; serving on", error.what());
            } catch (...) {
                spdlog::error("an exception escaped an I/O handler; serving on");
            }
        }
    }

    config::ServerConfig config;
    net::io_context ioc;
    tcp::acceptor acceptor;
    net::signal_set signals;
    net::steady_timer accept_retry;  // on the acceptor's strand
    net::steady_timer drain_timer;
    std::chrono::milliseconds accept_delay{0};
    std::uint64_t accept_failures = 0;
    std::chrono::steady_clock::time_point last_accept_warning{};
    SessionShared shared;
};

Server::Server(const config::ServerConfig& config, Router& router, Metrics& metrics)
    : impl_(std::make_shared<Impl>(config, router, metrics)) {}

Server::~Server() = default;

std::uint16_t Server::listen() {
    auto& acceptor = impl_->acceptor;
    const auto address = net::ip::make_address(impl_->config.address);
    const tcp::endpoint endpoint(address, impl_->config.port);
    acceptor.open(endpoint.protocol());
    acceptor.set_option(net::socket_base::reuse_address(true));
    acceptor.bind(endpoint);
    acceptor.listen(net::socket_base::max_listen_connections);
    return acceptor.local_endpoint().port();
}

void Server::run() {
    impl_->signals.async_wait([impl = impl_](beast::error_code ec, int) {
        if (!ec) impl->stop();
    });
    impl_->do_accept();
    std::vector<std::thread> threads;
    for (int i = 1; i < impl_->config.threads; ++i)
        threads.emplace_back([this] { impl_->serve(); });
    impl_->serve();
    for (auto& thread : threads) thread.join();
}

void Server::stop() {
    impl_->stop();
}

}  // namespace adjutant::http
