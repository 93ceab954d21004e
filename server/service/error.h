// SPDX-License-Identifier: Apache-2.0
// The one error type of the service layer: a stable machine code, a human message and the HTTP
// status an adapter should answer with. Service calls throw it; the HTTP router, the CLI and the
// mail gateway catch it at their boundary and report it. (A departure from errors-as-values:
// every service call has many failure points and one way to report them, so linear code with
// one catch per adapter reads better than threading a result type through each step.)
#pragma once

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

namespace adjutant::service {

// The specifics an error may carry, which the HTTP adapter writes as the answer's "details"
// (http/router.cpp) and the mail gateway leaves out.
//
// 429: when to try again (the adapter's Retry-After) and the limit that was reached.
struct RetryLater {
    std::int64_t retry_after = 0;  // seconds
    std::int64_t limit = 0;
};
// 400 "bad_encoding": where the text stops being UTF-8 (service/text.h's Utf8Problem).
struct EncodingAt {
    std::size_t line = 1;
    std::size_t byte = 1;
    std::size_t offset = 0;
};
// One problem of a document the client sent (an uploaded variant), by its JSON pointer.
struct DocumentProblem {
    std::string path;
    std::string message;
};
// 409 "stale_phase", 428 "phase_required": the game's current phase, to name in a retry.
struct CurrentPhase {
    std::string phase;       // "S1901M"
    std::string phase_name;  // "Spring 1901 Movement"
    std::int64_t seq = 0;
    std::string etag;    // the phase's ETag, as If-Match takes it
    std::string status;  // the game's status
};
// None (std::monostate), or one of the above.
using ErrorDetails = std::variant<std::monostate, RetryLater, EncodingAt,
                                  std::vector<DocumentProblem>, CurrentPhase>;

class ApiError : public std::runtime_error {
  public:
    ApiError(int status, std::string code, const std::string& message, ErrorDetails details = {})
        : std::runtime_error(message),
          status_(status),
          code_(std::move(code)),
          details_(std::move(details)) {}
    int status() const { return status_; }
    const std::string& code() const { return code_; }
    const ErrorDetails& details() const { return details_; }

  private:
    int status_;
    std::string code_;
    ErrorDetails details_;
};

// Shorthands for the common cases.
inline ApiError bad_request(const std::string& message) {
    return ApiError(400, "bad_request", message);
}
inline ApiError unauthorized(const std::string& message = "a valid bearer token is required") {
    return ApiError(401, "unauthorized", message);
}
inline ApiError forbidden(const std::string& message) {
    return ApiError(403, "forbidden", message);
}
inline ApiError not_found(const std::string& message) {
    return ApiError(404, "not_found", message);
}
inline ApiError conflict(const std::string& message) {
    return ApiError(409, "conflict", message);
}

}  // namespace adjutant::service
