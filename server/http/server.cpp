// SPDX-License-Identifier: Apache-2.0
#include "http/server.h"

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
            spdlog::warn("accept: {}", ec.message());
            return do_accept();
        }
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

    void stop() {
        if (shared.stopping.exchange(true)) return;
        spdlog::info("stopping: finishing requests in flight");
        net::post(acceptor.get_executor(), [self = shared_from_this()] {
            beast::error_code ignored;
            self->acceptor.close(ignored);
            self->signals.cancel(ignored);
        });
        std::vector<std::shared_ptr<Session>> sessions;
        {
            std::lock_guard lock(shared.mutex);
            for (auto& [raw, weak] : shared.sessions)
                if (auto session = weak.lock()) sessions.push_back(std::move(session));
        }
        for (auto& session : sessions)
            net::post(session->executor(), [session] { session->close_if_idle(); });
    }

    config::ServerConfig config;
    net::io_context ioc;
    tcp::acceptor acceptor;
    net::signal_set signals;
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
        threads.emplace_back([this] { impl_->ioc.run(); });
    impl_->ioc.run();
    for (auto& thread : threads) thread.join();
}

void Server::stop() {
    impl_->stop();
}

}  // namespace adjutant::http
