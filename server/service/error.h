// SPDX-License-Identifier: Apache-2.0
// The one error type of the service layer: a stable machine code, a human message and the HTTP
// status an adapter should answer with. Service calls throw it; the HTTP router, the CLI and the
// mail gateway catch it at their boundary and report it. (A departure from errors-as-values:
// every service call has many failure points and one way to report them, so linear code with
// one catch per adapter reads better than threading a result type through each step.)
#pragma once

#include <stdexcept>
#include <string>

namespace adjutant::service {

class ApiError : public std::runtime_error {
  public:
    ApiError(int status, std::string code, const std::string& message,
             std::string details_json = {})
        : std::runtime_error(message),
          status_(status),
          code_(std::move(code)),
          details_(std::move(details_json)) {}
    int status() const { return status_; }
    const std::string& code() const { return code_; }
    // Optional JSON value with specifics (e.g. every problem of an uploaded variant); empty
    // when there are none.
    const std::string& details() const { return details_; }

  private:
    int status_;
    std::string code_;
    std::string details_;
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
