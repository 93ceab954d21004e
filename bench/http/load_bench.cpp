// SPDX-License-Identifier: Apache-2.0
// Load program: the real `adjutant serve`, started as a child on a loopback port over a fresh
// database in its own temporary directory, under a mixed load from many keep-alive clients:
// GETs of a game's state without and with If-None-Match, order submissions (PUT, each an
// fsync'd transaction) and GM resolves naming the phase they resolve (a stale one is answered
// 409). Prints requests per second, p50/p99 latency per kind and overall, the 5xx count, any
// other unexpected status, and the server's resident memory before and after the load.
// Figures only; nothing is asserted (docs/server.md, "Load program").
//
// With --crawl N it reproduces a crawler instead: N games are created, then each is read once,
// in order, by one keep-alive client, and it prints the latency of reading a never-read game
// early in the crawl and after many others were read, and the server's resident memory as the
// crawl goes on: what the view cache costs as it fills (service/view_cache.h).
//
//   adjutant_load_bench [--seconds 60] [--clients 64] [--games 4] [--threads 2]
//                       [--binary PATH] [--keep]
//   adjutant_load_bench --crawl N [--cache-bytes BYTES] [--threads 2] [--binary PATH] [--keep]
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <random>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "http/beast.h"
#include "served_server.h"

namespace beast = boost::beast;
namespace http = boost::beast::http;
namespace net = boost::asio;
using tcp = net::ip::tcp;
using Clock = std::chrono::steady_clock;

namespace {

struct Options {
    double seconds = 60;
    int clients = 64;
    int games = 4;
    int threads = 2;
    std::string binary = ADJUTANT_BINARY;
    bool keep = false;
    int crawl = 0;           // games to create and read once each; 0: the mixed load
    double cache_bytes = 0;  // limits.view_cache_bytes; 0: the server's default
};

constexpr const char* kUsage =
    "usage: adjutant_load_bench [--seconds 60] [--clients 64] [--games 4] [--threads 2]\n"
    "                           [--binary PATH] [--keep]\n"
    "       adjutant_load_bench --crawl N [--cache-bytes BYTES] [--threads 2] [--binary PATH]\n"
    "                           [--keep]\n"
    "Starts `adjutant serve` (PATH, default the one built beside this program) on a loopback\n"
    "port over a new database in its own temporary directory, creates GAMES full standard\n"
    "games, and runs CLIENTS keep-alive clients for SECONDS: GET game state (200), GET with\n"
    "If-None-Match (304 unless the game changed), PUT orders, and GM resolves naming their\n"
    "phase. Prints req/s, p50/p99 per kind and overall, 5xx and other unexpected statuses, and\n"
    "the server's RSS before and after. --threads: the server's threads. --keep: leave the\n"
    "temporary directory (database, config, server log) in place.\n"
    "--crawl: creates N games instead, reads each once in order (GET /api/v1/games/ID) on one\n"
    "keep-alive client and prints p50/p99 of the first 1000 reads and of the 1000 after 50,000\n"
    "others (the last 1000 when fewer), every one of a game never read before, the RSS every\n"
    "10,000 reads, and its view cache lines of /metrics.\n"
    "--cache-bytes: the server's limits.view_cache_bytes (default: the server's own).\n";

using adjutant::bench::Child;
using adjutant::bench::create_game;
using adjutant::bench::Game;
using adjutant::bench::holds;
using adjutant::bench::memory_of;
using adjutant::bench::percentile;

// --- the load ---------------------------------------------------------------------------------
constexpr std::chrono::seconds kTimeout{30};

enum Kind { kGet, kGetConditional, kPut, kResolve, kKinds };
constexpr std::array<const char*, kKinds> kKindNames = {"GET game state", "GET with If-None-Match",
                                                        "PUT orders", "POST resolve {phase}"};

struct Tally {
    std::array<std::vector<double>, kKinds> latencies;            // seconds
    std::array<std::array<std::uint64_t, 6>, kKinds> by_class{};  // [kind][status / 100]
    std::uint64_t unexpected = 0;                                 // a status no request expects
    std::uint64_t failed = 0;                                     // connection errors
};

bool expected(Kind kind, int status) {
    switch (kind) {
        case kGet:
            return status == 200;
        case kGetConditional:
            return status == 200 || status == 304;
        case kPut:
            return status == 200;
        case kResolve:  // 409: another resolve got there first, as it should
            return status == 200 || status == 409;
        default:
            return false;
    }
}

class Client : public std::enable_shared_from_this<Client> {
  public:
    Client(net::io_context& ioc, const Game& game, std::size_t seat, unsigned seed,
           Clock::time_point end, Tally& tally)
        : stream_(ioc), game_(game), seat_(seat), random_(seed), end_(end), tally_(tally) {}

    void start(const tcp::endpoint& endpoint) {
        stream_.async_connect(endpoint, [self = shared_from_this()](beast::error_code ec) {
            if (ec) return void(self->tally_.failed++);
            self->send();
        });
    }

  private:
    // The mix: mostly reads, as players and browsers poll; a resolve now and then.
    Kind pick() {
        const unsigned roll = random_() % 100;
        if (etag_.empty() || roll < 40) return kGet;
        if (roll < 75) return kGetConditional;
        if (roll < 95) return kPut;
        return kResolve;
    }

    void send() {
        if (Clock::now() >= end_) return;
        kind_ = pick();
        const std::string base = "/api/v1/games/" + std::to_string(game_.id);
        request_ = {};
        request_.version(11);
        request_.set(http::field::host, "127.0.0.1");
        request_.keep_alive(true);
        switch (kind_) {
            case kGet:
            case kGetConditional:
                request_.method(http::verb::get);
                request_.target(base);
                if (kind_ == kGetConditional) request_.set(http::field::if_none_match, etag_);
                break;
            case kPut:
                request_.method(http::verb::put);
                request_.target(base + "/orders");
                request_.set(http::field::authorization, "Bearer " + game_.seats[seat_].second);
                request_.set(http::field::content_type, "text/plain");
                request_.body() = holds(game_.seats[seat_].first);
                break;
            default:
                request_.method(http::verb::post);
                request_.target(base + "/actions/resolve");
                request_.set(http::field::authorization, "Bearer " + game_.gm_token);
                request_.set(http::field::content_type, "application/json");
                request_.body() = nlohmann::json{{"phase", phase_}}.dump();
                break;
        }
        request_.prepare_payload();
        started_ = Clock::now();
        stream_.expires_after(kTimeout);  // a server that stops answering fails the request
        http::async_write(stream_, request_,
                          [self = shared_from_this()](beast::error_code ec, std::size_t) {
                              if (ec) return void(self->tally_.failed++);
                              self->receive();
                          });
    }

    void receive() {
        response_ = {};
        stream_.expires_after(kTimeout);
        http::async_read(stream_, buffer_, response_,
                         [self = shared_from_this()](beast::error_code ec, std::size_t) {
                             if (ec) return void(self->tally_.failed++);
                             self->record();
                             self->send();
                         });
    }

    void record() {
        const double seconds = std::chrono::duration<double>(Clock::now() - started_).count();
        const int status = static_cast<int>(response_.result_int());
        tally_.latencies[kind_].push_back(seconds);
        tally_.by_class[kind_][std::min(status / 100, 5)]++;
        if (!expected(kind_, status)) tally_.unexpected++;
        if (auto etag = response_.find(http::field::etag); etag != response_.end())
            etag_ = std::string(etag->value());
        // The phase the next resolve names: the latest this client saw ("phase":"..." is the
        // game's own field; its position repeats the same code).
        const std::string& body = response_.body();
        if (const auto at = body.find("\"phase\":\""); at != std::string::npos) {
            const auto from = at + 9;
            phase_ = body.substr(from, body.find('"', from) - from);
        }
    }

    beast::tcp_stream stream_;
    beast::flat_buffer buffer_;
    const Game& game_;
    std::size_t seat_;
    std::minstd_rand random_;
    Clock::time_point end_;
    Tally& tally_;
    Kind kind_ = kGet;
    std::string etag_;
    std::string phase_ = "S1901M";
    Clock::time_point started_;
    http::request<http::string_body> request_;
    http::response<http::string_body> response_;
};

// --- the crawl --------------------------------------------------------------------------------

// One keep-alive connection making one request at a time; the latency of each in seconds.
class Connection {
  public:
    explicit Connection(std::uint16_t port) : stream_(ioc_) {
        stream_.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
    }

    // The status; `seconds` is set to the time from sending to the whole answer read.
    int request(http::verb method, const std::string& target, const std::string& body,
                double& seconds) {
        http::request<http::string_body> request(method, target, 11);
        request.set(http::field::host, "127.0.0.1");
        request.keep_alive(true);
        if (!body.empty()) {
            request.set(http::field::content_type, "application/json");
            request.body() = body;
        }
        request.prepare_payload();
        const auto started = Clock::now();
        http::write(stream_, request);
        http::response<http::string_body> response;
        http::read(stream_, buffer_, response);
        seconds = std::chrono::duration<double>(Clock::now() - started).count();
        last_body_ = std::move(response.body());
        return static_cast<int>(response.result_int());
    }

    const std::string& last_body() const { return last_body_; }

  private:
    net::io_context ioc_;
    beast::tcp_stream stream_;
    beast::flat_buffer buffer_;
    std::string last_body_;
};

// Creates `count` games (no seats joined: a crawler reads what a lobby lists) on `connections`
// connections at once; their ids, in the order made.
std::vector<std::int64_t> create_games(std::uint16_t port, int count, int connections) {
    std::vector<std::int64_t> ids(static_cast<std::size_t>(count));
    std::atomic<int> next{0};
    std::atomic<bool> failed{false};
    std::vector<std::thread> threads;
    for (int t = 0; t < connections; ++t)
        threads.emplace_back([&] {
            try {
                Connection connection(port);
                for (int n = next++; n < count && !failed; n = next++) {
                    double seconds = 0;
                    const std::string body = nlohmann::json{
                        {"name", "crawl " + std::to_string(n)},
                        {"resolve_when_ready",
                         false}}.dump();
                    if (connection.request(http::verb::post, "/api/v1/games", body, seconds) != 201)
                        throw std::runtime_error("create game: " + connection.last_body());
                    const auto created = nlohmann::json::parse(connection.last_body());
                    ids[static_cast<std::size_t>(n)] = created["game"]["id"].get<std::int64_t>();
                }
            } catch (const std::exception& error) {
                std::fprintf(stderr, "adjutant_load_bench: %s\n", error.what());
                failed = true;
            }
        });
    for (auto& thread : threads) thread.join();
    if (failed) throw std::runtime_error("creating the games failed");
    std::sort(ids.begin(), ids.end());
    return ids;
}

// p50 and p99 of `latencies` (seconds) in ms.
std::string p50_p99(std::vector<double> latencies) {
    std::sort(latencies.begin(), latencies.end());
    char text[64];
    std::snprintf(text, sizeof text, "p50 %7.3f ms   p99 %7.3f ms",
                  percentile(latencies, 0.50) * 1000, percentile(latencies, 0.99) * 1000);
    return text;
}

// The server's view cache lines of /metrics, when it has them.
std::string view_cache_metrics(std::uint16_t port) {
    double seconds = 0;
    Connection connection(port);
    connection.request(http::verb::get, "/metrics", "", seconds);
    std::string lines, line;
    for (const char c : connection.last_body()) {
        if (c != '\n') {
            line += c;
            continue;
        }
        if (line.rfind("adjutant_view_cache", 0) == 0) lines += "  " + line + "\n";
        line.clear();
    }
    return lines.empty() ? "  (no view cache metrics)\n" : lines;
}

// Creates the games, then reads each once, in order; prints the latency of the first reads and
// of the reads after 50,000 others (the last ones of a shorter crawl), and the RSS every 10,000
// reads.
void crawl(const Options& options, const Child& child) {
    const auto creating = Clock::now();
    const auto ids = create_games(child.port, options.crawl, 8);
    const double create_seconds = std::chrono::duration<double>(Clock::now() - creating).count();
    std::printf("created %d games in %.1f s (%.0f/s); server RSS %s\n", options.crawl,
                create_seconds, options.crawl / create_seconds, memory_of(child.pid).c_str());

    const std::size_t window = std::min<std::size_t>(1000, ids.size() / 4 + 1);
    // After 50,000 reads, or the last reads of a shorter crawl.
    const std::size_t late = std::min<std::size_t>(50'000, ids.size() - window);
    std::vector<double> all;
    Connection connection(child.port);
    const auto reading = Clock::now();
    for (std::size_t n = 0; n < ids.size(); ++n) {
        double seconds = 0;
        const int status = connection.request(
            http::verb::get, "/api/v1/games/" + std::to_string(ids[n]), "", seconds);
        if (status != 200) throw std::runtime_error("read game: " + std::to_string(status));
        all.push_back(seconds);
        if ((n + 1) % 10'000 != 0 && n + 1 != ids.size()) continue;
        const std::vector<double> recent(all.end() - std::min<std::ptrdiff_t>(1000, all.size()),
                                         all.end());
        std::printf("read %6zu games: the last 1000 reads %s; server RSS %s\n", n + 1,
                    p50_p99(recent).c_str(), memory_of(child.pid).c_str());
        std::fflush(stdout);  // progress, when the output goes to a file
    }
    const double read_seconds = std::chrono::duration<double>(Clock::now() - reading).count();
    std::printf(
        "adjutant serve, %d thread(s); %d games crawled in %.1f s; view cache: %s\n",
        options.threads, options.crawl, read_seconds,
        options.cache_bytes > 0
            ? (std::to_string(static_cast<long long>(options.cache_bytes)) + " bytes").c_str()
            : "the server's default");
    std::printf("the very first read:                     %7.3f ms\n", all.front() * 1000);
    std::printf("reads 1-%zu (never-read games):         %s\n", window,
                p50_p99({all.begin(), all.begin() + static_cast<std::ptrdiff_t>(window)}).c_str());
    std::printf(
        "reads %zu-%zu (never-read, after %zu others): %s\n", late + 1, late + window, late,
        p50_p99({all.begin() + static_cast<std::ptrdiff_t>(late),
                 all.begin() + static_cast<std::ptrdiff_t>(std::min(late + window, all.size()))})
            .c_str());
    std::printf("server RSS after the crawl: %s\n", memory_of(child.pid).c_str());
    std::printf("%s", view_cache_metrics(child.port).c_str());
}

void print_line(const char* label, std::vector<double> latencies, double elapsed,
                const std::array<std::uint64_t, 6>& classes) {
    std::sort(latencies.begin(), latencies.end());
    std::printf(
        "%-24s %8.0f req/s   p50 %7.2f ms   p99 %7.2f ms   2xx %llu 3xx %llu 4xx %llu "
        "5xx %llu\n",
        label, static_cast<double>(latencies.size()) / elapsed, percentile(latencies, 0.50) * 1000,
        percentile(latencies, 0.99) * 1000, static_cast<unsigned long long>(classes[2]),
        static_cast<unsigned long long>(classes[3]), static_cast<unsigned long long>(classes[4]),
        static_cast<unsigned long long>(classes[5]));
}

bool parse_options(int argc, char** argv, Options& options) {
    auto as_int = [](int& field) {
        return [&field](double value) { field = static_cast<int>(value); };
    };
    const adjutant::bench::Flags flags{
        {{"--seconds", [&options](double value) { options.seconds = value; }},
         {"--clients", as_int(options.clients)},
         {"--games", as_int(options.games)},
         {"--threads", as_int(options.threads)},
         {"--crawl", as_int(options.crawl)},
         {"--cache-bytes", [&options](double value) { options.cache_bytes = value; }}},
        {{"--binary", &options.binary}},
        {{"--keep", &options.keep}}};
    return adjutant::bench::parse_flags(argc, argv, kUsage, flags) && options.clients > 0 &&
           options.games > 0 && options.threads > 0;
}

// The mixed load: GETs, conditional GETs, order submissions and resolves on a few games.
void mixed_load(const Options& options, const Child& child, const std::filesystem::path& dir) {
    std::vector<Game> games;
    for (int n = 0; n < options.games; ++n) games.push_back(create_game(child.port, n));
    const std::string rss_start = memory_of(child.pid);

    net::io_context ioc;
    Tally tally;
    const auto begin = Clock::now();
    const auto end = begin + std::chrono::duration_cast<Clock::duration>(
                                 std::chrono::duration<double>(options.seconds));
    const tcp::endpoint endpoint(net::ip::make_address("127.0.0.1"), child.port);
    for (int i = 0; i < options.clients; ++i) {
        const Game& game = games[static_cast<std::size_t>(i) % games.size()];
        const std::size_t seat = static_cast<std::size_t>(i / options.games) % game.seats.size();
        std::make_shared<Client>(ioc, game, seat, 1234u + static_cast<unsigned>(i), end, tally)
            ->start(endpoint);
    }
    ioc.run();
    const double elapsed = std::chrono::duration<double>(Clock::now() - begin).count();
    const std::string rss_end = memory_of(child.pid);

    std::printf("adjutant serve, %d thread(s); %d clients, %d games, %.1f s; directory %s%s\n",
                options.threads, options.clients, options.games, elapsed, dir.c_str(),
                options.keep ? "" : " (removed at the end)");
    std::vector<double> all;
    std::array<std::uint64_t, 6> all_classes{};
    for (int k = 0; k < kKinds; ++k) {
        print_line(kKindNames[k], tally.latencies[k], elapsed, tally.by_class[k]);
        all.insert(all.end(), tally.latencies[k].begin(), tally.latencies[k].end());
        for (std::size_t c = 0; c < all_classes.size(); ++c) all_classes[c] += tally.by_class[k][c];
    }
    print_line("all requests", all, elapsed, all_classes);
    std::printf("5xx: %llu   unexpected statuses: %llu   connection errors: %llu\n",
                static_cast<unsigned long long>(all_classes[5]),
                static_cast<unsigned long long>(tally.unexpected),
                static_cast<unsigned long long>(tally.failed));
    std::printf("server RSS: start %s, end %s\n", rss_start.c_str(), rss_end.c_str());
}

}  // namespace

int main(int argc, char** argv) {
    Options options;
    if (!parse_options(argc, argv, options)) {
        std::fputs(kUsage, stderr);
        return 64;
    }
    const std::filesystem::path dir = adjutant::bench::new_directory("adjutant-load");
    Child child;
    int code = 0;
    try {
        child = adjutant::bench::start_server(
            {options.binary, options.threads, {}, static_cast<std::int64_t>(options.cache_bytes)},
            dir);
        if (options.crawl > 0)
            crawl(options, child);
        else
            mixed_load(options, child, dir);
    } catch (const std::exception& error) {
        std::fprintf(stderr, "adjutant_load_bench: %s\n", error.what());
        code = 70;
    }
    if (child.pid > 0) {
        // A clean exit on SIGTERM is part of the result: a crash under load shows here.
        const int status = adjutant::bench::stop_server(child);
        if (WIFEXITED(status))
            std::printf("server stopped on SIGTERM: exit %d\n", WEXITSTATUS(status));
        else
            std::printf("server died: signal %d\n", WIFSIGNALED(status) ? WTERMSIG(status) : 0);
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) code = 1;
    }
    if (!options.keep) std::filesystem::remove_all(dir);
    return code;
}
