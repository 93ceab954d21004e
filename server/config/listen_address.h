// SPDX-License-Identifier: Apache-2.0
// The listen address of the configuration as the server binds it and as users type it back.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace adjutant::config {

// A numeric address ("127.0.0.1", "::1") as it is; a host name ("localhost") resolved to its
// first address for a listening socket. nullopt with `error` set when it does not resolve.
std::optional<std::string> resolve_listen_address(const std::string& address, std::string& error);

// "http://127.0.0.1:8080", "http://[::1]:8080": an IPv6 address in brackets, as URLs need.
std::string http_url(const std::string& address, std::uint16_t port);

}  // namespace adjutant::config
