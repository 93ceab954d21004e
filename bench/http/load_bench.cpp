// SPDX-License-Identifier: Apache-2.0
// Load program: the real `adjutant serve`, started as a child on a loopback port over a fresh
// database in its own temporary directory, under a mixed load from many keep-alive clients:
// GETs of a game's state without and with If-None-Match, order submissions (PUT, each an
// fsync'd transaction) and GM resolves naming the phase they resolve (a stale one is answered
// 409). Prints requests per second, p50/p99 latency per kind and overall, the 5xx count, any
// other unexpected status, and the server's resident memory before and after the load.
// Figures only; nothing is asserted (docs/server.md, "Load program").
//
//   adjutant_load_bench [--seconds 60] [--clients 64] [--games 4] [--threads 2]
//                       [--binary PATH] [--keep]
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <random>
#include <string>
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
};

constexpr const char* kUsage =
    "usage: adjutant_load_bench [--seconds 60] [--clients 64] [--games 4] [--threads 2]\n"
    "                           [--binary PATH] [--keep]\n"
    "Starts `adjutant serve` (PATH, default the one built beside this program) on a loopback\n"
    "port over a new database in its own temporary directory, creates GAMES full standard\n"
    "games, and runs CLIENTS keep-alive clients for SECONDS: GET game state (200), GET with\n"
    "If-None-Match (304 unless the game changed), PUT orders, and GM resolves naming their\n"
    "phase. Prints req/s, p50/p99 per kind and overall, 5xx and other unexpected statuses, and\n"
    "the server's RSS before and after. --threads: the server's threads. --keep: leave the\n"
    "temporary directory (database, config, server log) in place.\n";

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
         {"--threads", as_int(options.threads)}},
        {{"--binary", &options.binary}},
        {{"--keep", &options.keep}}};
    return adjutant::bench::parse_flags(argc, argv, kUsage, flags) && options.clients > 0 &&
           options.games > 0 && options.threads > 0;
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
        child = adjutant::bench::start_server({options.binary, options.threads, {}}, dir);
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
            const std::size_t seat =
                static_cast<std::size_t>(i / options.games) % game.seats.size();
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
            for (std::size_t c = 0; c < all_classes.size(); ++c)
                all_classes[c] += tally.by_class[k][c];
        }
        print_line("all requests", all, elapsed, all_classes);
        std::printf("5xx: %llu   unexpected statuses: %llu   connection errors: %llu\n",
                    static_cast<unsigned long long>(all_classes[5]),
                    static_cast<unsigned long long>(tally.unexpected),
                    static_cast<unsigned long long>(tally.failed));
        std::printf("server RSS: start %s, end %s\n", rss_start.c_str(), rss_end.c_str());
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
