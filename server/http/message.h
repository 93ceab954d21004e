// SPDX-License-Identifier: Apache-2.0
// Plain request and response values passed between the Beast session and the router, so the
// router and every handler stay socket-free and Beast-free (easy to test, cheap to compile).
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace adjutant::http {

struct Request {
    std::string method;  // "GET"
    std::string target;  // "/api/v1/games/3?x=1"
    std::string body;
    std::string authorization;  // the Authorization header, as sent
    std::string if_none_match;
    std::string if_match;  // a GM's resolve may name its phase by the phase's ETag
    std::string content_type;
    // Sec-Fetch-Site as sent: browsers set it and pages cannot, so "same-origin" tells an
    // order from the web UI from one over the bare API (docs/server.md, "Order source").
    std::string fetch_site;
    // Accounts (docs/accounts.md): the Cookie header (the session and the sign-in binding),
    // X-CSRF-Token (what a state-changing request with the session cookie carries) and
    // X-Seat-Token (a seat's token beside an account's credentials, to claim that seat).
    std::string cookie;
    std::string csrf_token;
    std::string seat_token;
    // The peer's address as text ("127.0.0.1", "::1"), set by the session; the per-address
    // limits (game creation) count by it.
    std::string remote_address;
    std::string request_id;  // assigned by the session, echoed as X-Request-Id
};

struct Response {
    int status = 200;
    std::string content_type = "application/json";
    std::string body;
    // A body shared with a cache (a rendered game view): sent as is, never copied. When set,
    // `body` is unused.
    std::shared_ptr<const std::string> shared_body;
    std::string etag;  // quoted strong ETag, or empty
    std::vector<std::pair<std::string, std::string>> headers;
    // The route that answered, for logs and metrics: an index into route_labels() (router.h)
    // and that label.
    std::size_t route_id = 0;
    std::string_view route;
    // Set when the answer may go out only once a commit is on disk (an order submission, whose
    // fsync is shared with others: storage/group_sync.h). The session calls it with what to
    // do then, instead of writing at once: `durable` false means the commit may be lost, and
    // the client must get no acknowledgement. The continuation runs on another thread.
    std::function<void(std::function<void(bool durable)>)> await_durable;
};

}  // namespace adjutant::http
