// SPDX-License-Identifier: Apache-2.0
// The real `adjutant serve` as a child process of a bench, on a loopback port, and the set-up
// requests the benches make of it: shared by the load program and the instances program.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "http/beast.h"

namespace adjutant::bench {

struct ServerSpec {
    std::string binary;
    int threads = 2;
    std::string database;               // empty: an SQLite file in the server's directory
    std::int64_t view_cache_bytes = 0;  // limits.view_cache_bytes; 0: not set (the default)
};

struct Child {
    pid_t pid = -1;
    std::uint16_t port = 0;
};

// Writes DIR/config.json, starts the server with its log in DIR/server.log and returns once it
// prints the port it listens on. Throws when it does not start.
Child start_server(const ServerSpec& spec, const std::filesystem::path& dir);
// SIGTERM, then waits: the wait status (a clean exit is 0).
int stop_server(Child& child);
// Resident and peak resident memory of the child, from /proc.
std::string memory_of(pid_t pid);

// One synchronous request with a JSON body; sets `status`.
nlohmann::json call(std::uint16_t port, boost::beast::http::verb method, const std::string& target,
                    const nlohmann::json& body, int& status);

struct Game {
    std::int64_t id = 0;
    std::string gm_token;
    std::vector<std::pair<std::string, std::string>> seats;  // power, token
};

// A standard game that resolves only when told, every seat joined.
Game create_game(std::uint16_t port, int n);
// Each power's opening units, held: orders that stay legal in every movement phase, since
// nobody moves.
std::string holds(const std::string& power);
// The same units with one supporting another: legal in the same phases, and a different text,
// so alternating the two makes every submission a write.
std::string supports(const std::string& power);

// The value at fraction `p` (0.5: the median) of ascending `sorted`; 0 when it is empty.
double percentile(const std::vector<double>& sorted, double p);

// A new directory under the temporary one, "<prefix>-XXXXXX": each run its own, so two runs
// (or a run and a test) never share a database. Throws when it cannot be made.
std::filesystem::path new_directory(const std::string& prefix);

// The benches' command lines: --name VALUE, where VALUE is a number above zero for `numbers`
// and any text for `texts`; a bare --name for `switches`; --help prints `usage` and exits.
// False on anything else.
struct Flags {
    std::map<std::string, std::function<void(double)>> numbers;
    std::map<std::string, std::string*> texts;
    std::map<std::string, bool*> switches;
};
bool parse_flags(int argc, char** argv, const char* usage, const Flags& flags);

}  // namespace adjutant::bench
