// SPDX-License-Identifier: Apache-2.0
// The HTTP API as a socket-free function: Request -> Response over the service layer.
// Routes are a fixed table of (method, pattern) with {name} segments; the same table feeds
// the test that checks every route is documented in /openapi.json.
//
// Thread-safe (the service and metrics are); handle() never throws: every failure becomes a
// JSON error {"error": {"code", "message"}} with its status, and an exception no handler
// expected becomes 500 "internal", logged with the request id (the last resort).
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "http/message.h"
#include "http/metrics.h"

namespace adjutant::service {
class GameService;
}

namespace adjutant::http {

struct RouteInfo {
    std::string_view method;
    std::string_view pattern;  // "/api/v1/games/{id}"
};

class Router {
  public:
    Router(service::GameService& service, Metrics& metrics)
        : service_(service), metrics_(metrics) {}

    Response handle(const Request& request);

    static std::span<const RouteInfo> routes();

  private:
    Response dispatch(const Request& request);

    service::GameService& service_;
    Metrics& metrics_;
};

// The OpenAPI 3 document served at /openapi.json.
const std::string& openapi_document();

// Metrics and log labels: every route pattern once (GET and PUT of one path share a label),
// then "unmatched" (no route), "method_not_allowed" and "rejected" (refused by the session
// before routing). Fixed at start-up; Response::route_id indexes it.
std::span<const std::string_view> route_labels();
// The index of `label` in route_labels(); throws std::out_of_range for an unknown label.
// For start-up lookups, not for the request path.
std::size_t route_label_id(std::string_view label);

// Splits "/a/b/c?x" into {"a","b","c"} (the query is dropped).
std::vector<std::string_view> path_segments(std::string_view target);

}  // namespace adjutant::http
