// SPDX-License-Identifier: Apache-2.0
#include "served_server.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <stdexcept>

extern char** environ;

namespace adjutant::bench {

namespace beast = boost::beast;
namespace http = boost::beast::http;
namespace net = boost::asio;
using tcp = net::ip::tcp;

Child start_server(const ServerSpec& spec, const std::filesystem::path& dir) {
    const auto config = dir / "config.json";
    nlohmann::json settings{
        {"listen", {{"address", "127.0.0.1"}, {"port", 0}}},
        {"database", spec.database.empty() ? (dir / "load.db").string() : spec.database},
        {"variants_dir", ADJUTANT_SOURCE_DIR "/config/variants"},
        {"threads", spec.threads},
        {"scheduler_interval_seconds", 5},
        {"demo", false},
        {"log_level", "warn"},
        // The bench creates its games from one address: no per-address creation limit.
        {"limits", {{"max_connections", 1024}, {"games_per_hour_per_address", 0}}}};
    // Only when asked: a server built before the setting existed refuses the key.
    if (spec.view_cache_bytes > 0) settings["limits"]["view_cache_bytes"] = spec.view_cache_bytes;
    std::ofstream(config) << settings.dump();
    int out[2];
    if (pipe(out) != 0) throw std::runtime_error("pipe failed");
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
    posix_spawn_file_actions_addclose(&actions, out[0]);
    const std::string log = (dir / "server.log").string();
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, log.c_str(),
                                     O_WRONLY | O_CREAT | O_APPEND, 0644);
    const std::string config_path = config.string();
    std::array<char*, 5> argv{const_cast<char*>(spec.binary.c_str()), const_cast<char*>("serve"),
                              const_cast<char*>("--config"), const_cast<char*>(config_path.c_str()),
                              nullptr};
    Child child;
    const int spawned =
        posix_spawn(&child.pid, spec.binary.c_str(), &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    close(out[1]);
    if (spawned != 0) throw std::runtime_error("cannot start " + spec.binary);
    // The server prints "listening on http://127.0.0.1:PORT" once it accepts connections.
    std::string line;
    char c = 0;
    while (read(out[0], &c, 1) == 1) {
        if (c != '\n') {
            line += c;
            continue;
        }
        if (line.rfind("listening on ", 0) == 0) {
            child.port = static_cast<std::uint16_t>(std::stoi(line.substr(line.rfind(':') + 1)));
            break;
        }
        line.clear();
    }
    close(out[0]);
    if (child.port == 0) throw std::runtime_error("the server did not start; see " + log);
    return child;
}

// Resident and peak resident memory of the child, from /proc (kB).
std::string memory_of(pid_t pid) {
    std::ifstream status("/proc/" + std::to_string(pid) + "/status");
    std::string line, rss = "?", peak = "?";
    while (std::getline(status, line)) {
        if (line.rfind("VmRSS:", 0) == 0) rss = line.substr(6);
        if (line.rfind("VmHWM:", 0) == 0) peak = line.substr(6);
    }
    auto clean = [](std::string s) {
        s.erase(0, s.find_first_not_of(" \t"));
        return s;
    };
    return clean(rss) + " (peak " + clean(peak) + ")";
}

nlohmann::json call(std::uint16_t port, http::verb method, const std::string& target,
                    const nlohmann::json& body, int& status) {
    net::io_context ioc;
    beast::tcp_stream stream(ioc);
    stream.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
    http::request<http::string_body> request(method, target, 11);
    request.set(http::field::host, "127.0.0.1");
    request.set(http::field::content_type, "application/json");
    request.body() = body.dump();
    request.prepare_payload();
    http::write(stream, request);
    beast::flat_buffer buffer;
    http::response<http::string_body> response;
    http::read(stream, buffer, response);
    status = static_cast<int>(response.result_int());
    return nlohmann::json::parse(response.body(), nullptr, false);
}

std::string holds(const std::string& power) {
    static const std::vector<std::pair<std::string, std::string>> kHolds = {
        {"Austria", "A VIE H\nA BUD H\nF TRI H\n"}, {"England", "F LON H\nF EDI H\nA LVP H\n"},
        {"France", "A PAR H\nA MAR H\nF BRE H\n"},  {"Germany", "A BER H\nA MUN H\nF KIE H\n"},
        {"Italy", "A ROM H\nA VEN H\nF NAP H\n"},   {"Russia", "A MOS H\nA WAR H\nF SEV H\n"},
        {"Turkey", "A CON H\nA SMY H\nF ANK H\n"}};
    for (const auto& [name, text] : kHolds)
        if (name == power) return text;
    return "";
}

Game create_game(std::uint16_t port, int n) {
    int status = 0;
    const auto created =
        call(port, http::verb::post, "/api/v1/games",
             {{"name", "load " + std::to_string(n)}, {"resolve_when_ready", false}}, status);
    if (status != 201) throw std::runtime_error("create game: " + std::to_string(status));
    Game game{created["game"]["id"].get<std::int64_t>(), created["gm_token"], {}};
    for (const auto& seat : created["game"]["seats"]) {
        const std::string power = seat["power"];
        const auto joined =
            call(port, http::verb::post,
                 "/api/v1/games/" + std::to_string(game.id) + "/seats/" + power + "/join",
                 {{"player", "load " + power}}, status);
        if (status != 201) throw std::runtime_error("join: " + std::to_string(status));
        game.seats.emplace_back(power, joined["token"]);
    }
    return game;
}

int stop_server(Child& child) {
    if (child.pid <= 0) return 0;
    kill(child.pid, SIGTERM);
    int status = 0;
    waitpid(child.pid, &status, 0);
    child.pid = -1;
    return status;
}

std::string supports(const std::string& power) {
    static const std::vector<std::pair<std::string, std::string>> kSupports = {
        {"Austria", "A VIE H\nA BUD S A VIE\nF TRI H\n"},
        {"England", "F LON H\nF EDI H\nA LVP S F EDI\n"},
        {"France", "A PAR S F BRE\nA MAR H\nF BRE H\n"},
        {"Germany", "A BER H\nA MUN S A BER\nF KIE H\n"},
        {"Italy", "A ROM S A VEN\nA VEN H\nF NAP H\n"},
        {"Russia", "A MOS S A WAR\nA WAR H\nF SEV H\n"},
        {"Turkey", "A CON S A SMY\nA SMY H\nF ANK H\n"}};
    for (const auto& [name, text] : kSupports)
        if (name == power) return text;
    return "";
}

double percentile(const std::vector<double>& sorted, double p) {
    if (sorted.empty()) return 0;
    const auto at = static_cast<std::size_t>(p * static_cast<double>(sorted.size()));
    return sorted[std::min(sorted.size() - 1, at)];
}

std::filesystem::path new_directory(const std::string& prefix) {
    std::string pattern = (std::filesystem::temp_directory_path() / (prefix + "-XXXXXX")).string();
    if (!mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp " + pattern + " failed");
    return pattern;
}

bool parse_flags(int argc, char** argv, const char* usage, const Flags& flags) {
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--help" || arg == "-h") {
            std::fputs(usage, stdout);
            std::exit(0);
        }
        if (const auto on = flags.switches.find(arg); on != flags.switches.end()) {
            *on->second = true;
            continue;
        }
        if (i + 1 >= argc) return false;
        const std::string value = argv[++i];
        if (const auto text = flags.texts.find(arg); text != flags.texts.end()) {
            *text->second = value;
            continue;
        }
        const auto number = flags.numbers.find(arg);
        char* end = nullptr;
        const double parsed = std::strtod(value.c_str(), &end);
        if (number == flags.numbers.end() || !end || *end != '\0' || !(parsed > 0)) return false;
        number->second(parsed);
    }
    return true;
}

}  // namespace adjutant::bench
