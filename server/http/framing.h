// SPDX-License-Identifier: Apache-2.0
// What the session does with a parsed request before and after the router, as socket-free
// functions so the HTTP fuzzer (fuzz/http_fuzz.cpp) runs the very same code on raw bytes:
//
//   framing_refusal(header, parse error) -> the answer for a request whose framing is bad
//     (400 then close) or whose transfer coding is one the server does not implement (501);
//     nullopt when the request may go on to its body and the router.
//   to_request(beast request) -> the router's plain Request.
//
// Beast types appear here, so only the HTTP translation units include this header.
#pragma once

#include <optional>
#include <string>

#include "http/beast.h"
#include "http/message.h"

namespace adjutant::http {

using BeastRequest = boost::beast::http::request<boost::beast::http::string_body>;

struct Refusal {
    int status = 400;  // 400, 413, 431 or 501
    std::string code;  // "bad_request", "too_large", "not_implemented"
    std::string message;
};

// The refusal for a request whose headers failed to parse (`ec` is the parser's error), or
// nullopt when `ec` means the connection ended or timed out, when there is nothing to answer.
std::optional<Refusal> parse_refusal(const boost::beast::error_code& ec);

// Checks the framing of a request whose headers parsed: at most one Content-Length holding one
// number, Transfer-Encoding exactly "chunked" (any other coding is 501; a coding list that
// does not end in chunked is 400) and never with Content-Length, and a Content-Length within
// `body_limit`. nullopt when the request is fine.
std::optional<Refusal> framing_refusal(const BeastRequest& header,
                                       boost::optional<std::uint64_t> content_length,
                                       std::size_t body_limit);

// The router's view of a complete request. Moves the body out of `request`.
Request to_request(BeastRequest& request);

// {"error": {"code", "message"}} for a refusal; the message is the server's own text.
std::string refusal_body(const Refusal& refusal);

}  // namespace adjutant::http
