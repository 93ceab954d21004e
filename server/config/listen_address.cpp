// SPDX-License-Identifier: Apache-2.0
#include "config/listen_address.h"

#include <netdb.h>
#include <sys/socket.h>

namespace adjutant::config {

std::optional<std::string> resolve_listen_address(const std::string& address, std::string& error) {
    if (address.empty()) {
        error = "empty (use 127.0.0.1, ::1, 0.0.0.0 or a host name)";
        return std::nullopt;
    }
    addrinfo hints{};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_PASSIVE;
    addrinfo* found = nullptr;
    if (const int rc = getaddrinfo(address.c_str(), nullptr, &hints, &found); rc != 0) {
        error = "'" + address + "' does not resolve: " + gai_strerror(rc);
        return std::nullopt;
    }
    char host[NI_MAXHOST];
    const int rc = getnameinfo(found->ai_addr, found->ai_addrlen, host, sizeof host, nullptr, 0,
                               NI_NUMERICHOST);
    freeaddrinfo(found);
    if (rc != 0) {
        error = "'" + address + "': " + gai_strerror(rc);
        return std::nullopt;
    }
    return std::string(host);
}

std::string http_url(const std::string& address, std::uint16_t port) {
    const bool ipv6 = address.find(':') != std::string::npos;
    return "http://" + (ipv6 ? "[" + address + "]" : address) + ":" + std::to_string(port);
}

}  // namespace adjutant::config
