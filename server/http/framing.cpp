// SPDX-License-Identifier: Apache-2.0
#include "http/framing.h"

#include <cstdio>

namespace adjutant::http {

namespace bhttp = boost::beast::http;

namespace {

std::string lower_trimmed(std::string_view text) {
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
    std::string out(text);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return out;
}

}  // namespace

std::optional<Refusal> parse_refusal(const boost::beast::error_code& ec) {
    if (ec == bhttp::error::body_limit)
        return Refusal{413, "too_large", "the request body is too large"};
    if (ec == bhttp::error::header_limit)
        return Refusal{431, "too_large", "request headers are too large"};
    // The peer went away or stopped sending (end of stream, a message cut short, a timeout, a
    // reset): there is nobody to answer.
    if (ec.category() != bhttp::make_error_code(bhttp::error::bad_method).category() ||
        ec == bhttp::error::end_of_stream || ec == bhttp::error::partial_message ||
        ec == bhttp::error::short_read || ec == bhttp::error::need_more ||
        ec == bhttp::error::stale_parser)
        return std::nullopt;
    // Beast's own text names what is wrong ("bad line ending", "bad Content-Length", ...).
    return Refusal{400, "bad_request", "malformed request: " + ec.message()};
}

std::optional<Refusal> framing_refusal(const BeastRequest& header,
                                       boost::optional<std::uint64_t> content_length,
                                       std::size_t body_limit) {
    // Every field is looked at (the fields keep their arrival order, so two fields of one name
    // need not be neighbours).
    std::size_t lengths = 0;
    std::string codings;
    std::size_t encodings = 0;
    for (const auto& field : header) {
        if (field.name() == bhttp::field::content_length) {
            ++lengths;
            if (field.value().find(',') != boost::beast::string_view::npos)
                return Refusal{400, "bad_request", "malformed request: a list in Content-Length"};
        } else if (field.name() == bhttp::field::transfer_encoding) {
            if (encodings++) codings += ',';
            codings.append(field.value().data(), field.value().size());
        }
    }
    if (lengths > 1)
        return Refusal{400, "bad_request", "malformed request: more than one Content-Length"};
    if (encodings > 0) {
        if (lengths > 0)
            return Refusal{400, "bad_request",
                           "malformed request: both Transfer-Encoding and Content-Length"};
        std::vector<std::string> tokens;
        std::size_t start = 0;
        while (start <= codings.size()) {
            std::size_t end = codings.find(',', start);
            if (end == std::string::npos) end = codings.size();
            tokens.push_back(lower_trimmed(std::string_view(codings).substr(start, end - start)));
            start = end + 1;
        }
        for (const auto& token : tokens)
            if (token.empty())
                return Refusal{400, "bad_request",
                               "malformed request: an empty Transfer-Encoding coding"};
        if (tokens.back() != "chunked")
            return Refusal{400, "bad_request",
                           "malformed request: Transfer-Encoding must end with chunked"};
        if (tokens.size() > 1) {
            // The first coding the server would have to undo; its name is the client's text,
            // so it is kept to safe characters and a short length.
            std::string coding;
            for (char c : tokens.front())
                if (coding.size() < 32 &&
                    ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_'))
                    coding += c;
            return Refusal{501, "not_implemented",
                           "transfer coding '" + coding +
                               "' is not implemented: send the body plain or chunked"};
        }
    }
    if (content_length && *content_length > body_limit)
        return Refusal{413, "too_large", "the request body is too large"};
    return std::nullopt;
}

Request to_request(BeastRequest& req) {
    Request request;
    request.method = std::string(req.method_string());
    request.target = std::string(req.target());
    request.body = std::move(req.body());
    request.authorization = std::string(req[bhttp::field::authorization]);
    request.if_none_match = std::string(req[bhttp::field::if_none_match]);
    request.if_match = std::string(req[bhttp::field::if_match]);
    request.content_type = std::string(req[bhttp::field::content_type]);
    request.fetch_site = std::string(req["Sec-Fetch-Site"]);
    request.cookie = std::string(req[bhttp::field::cookie]);
    request.csrf_token = std::string(req["X-CSRF-Token"]);
    request.seat_token = std::string(req["X-Seat-Token"]);
    return request;
}

std::string refusal_body(const Refusal& refusal) {
    // Both strings are the server's own text (framing_refusal keeps client bytes out of them),
    // but a quote or backslash would still break the JSON: escape the two.
    std::string body = R"({"error":{"code":")" + refusal.code + R"(","message":")";
    for (char c : refusal.message) {
        if (c == '"' || c == '\\') body += '\\';
        if (static_cast<unsigned char>(c) >= 0x20 && static_cast<unsigned char>(c) < 0x7f)
            body += c;
    }
    body += "\"}}";
    return body;
}

}  // namespace adjutant::http
