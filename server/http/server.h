// SPDX-License-Identifier: Apache-2.0
// The HTTP server: Beast listener and sessions in the shape of Beast's own examples, handing
// each request to the socket-free Router. Timeouts before every read, a body limit, a
// connection cap, and a graceful stop: SIGTERM/SIGINT (or stop()) closes the listener, lets
// requests in flight finish, closes idle keep-alive connections, and run() returns.
//
// Beast stays out of this header (pimpl) so that including it costs nothing.
#pragma once

#include <cstdint>
#include <memory>

#include "config/server_config.h"
#include "http/metrics.h"
#include "http/router.h"

namespace adjutant::http {

class Server {
  public:
    Server(const config::ServerConfig& config, Router& router, Metrics& metrics);
    ~Server();

    // Binds and listens; throws std::system_error on failure. Returns the bound port (useful
    // when the configured port is 0).
    std::uint16_t listen();
    // Serves on config.threads threads until stopped; returns after draining.
    void run();
    // Thread-safe; what SIGTERM does.
    void stop();

  private:
    struct Impl;
    std::shared_ptr<Impl> impl_;
};

}  // namespace adjutant::http
