// SPDX-License-Identifier: Apache-2.0
// HTTP benchmark: the Adjutant server against a minimal Beast server that returns a fixed
// body, measured in the same run by the same loopback client (keep-alive connections, the
// same number of server threads).
//
//   adjutant_http_bench [--connections 64] [--seconds 3] [--threads 1] [--only TEXT]
//
// Prints requests per second and p50/p99 latency for: the minimal server with a body as
// large as the game state (the fair peer of GET 200) and with an empty body (the peer of
// 304), GET of a game's state (200), the same with If-None-Match (304), and order
// submissions (PUT, each one an fsync'd transaction); each GET as a share of its peer. Also
// the CPU the client used: near 100% means the client, not the server, set the pace.
// Figures only; nothing is asserted. `--only TEXT` runs only the loads whose label contains
// TEXT, e.g. `--only 304` under `valgrind --tool=callgrind --separate-threads=yes` to count
// one load's instructions per request in the server's thread.
#include <sys/resource.h>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include <spdlog/spdlog.h>
#include <nlohmann/json.hpp>

#include "app/runtime.h"
#include "common/bench_support.h"
#include "http/beast.h"
#include "http/game_documents.h"
#include "http/router.h"
#include "http/server.h"
#include "service/crypto.h"
#include "service/game_service.h"

namespace beast = boost::beast;
namespace net = boost::asio;
using tcp = net::ip::tcp;
using Clock = std::chrono::steady_clock;

namespace {

// --- the minimal server: accept, read a request, answer a fixed body, repeat ---------------
class MinimalSession : public std::enable_shared_from_this<MinimalSession> {
  public:
    MinimalSession(tcp::socket socket, const std::string& body)
        : stream_(std::move(socket)), body_(body) {}
    void read() {
        request_ = {};
        beast::http::async_read(stream_, buffer_, request_,
                                [self = shared_from_this()](beast::error_code ec, std::size_t) {
                                    if (!ec) self->write();
                                });
    }

  private:
    void write() {
        response_ = {};
        response_.result(beast::http::status::ok);
        response_.version(11);
        response_.set(beast::http::field::content_type, "application/json");
        response_.body() = body_;
        response_.keep_alive(request_.keep_alive());
        response_.prepare_payload();
        beast::http::async_write(stream_, response_,
                                 [self = shared_from_this()](beast::error_code ec, std::size_t) {
                                     if (!ec) self->read();
                                 });
    }
    beast::tcp_stream stream_;
    const std::string& body_;
    beast::flat_buffer buffer_;
    beast::http::request<beast::http::string_body> request_;
    beast::http::response<beast::http::string_body> response_;
};

// `body`: what every response carries.
void minimal_accept(tcp::acceptor& acceptor, const std::string& body) {
    acceptor.async_accept([&acceptor, &body](beast::error_code ec, tcp::socket socket) {
        if (ec) return;
        std::make_shared<MinimalSession>(std::move(socket), body)->read();
        minimal_accept(acceptor, body);
    });
}

// --- the load generator ---------------------------------------------------------------------
struct Load {
    std::string method = "GET";
    std::string target;
    std::string body;
    std::vector<std::pair<std::string, std::string>> headers;
    int expect = 200;
    // Each request's body made distinct by a numbered comment line: a body the server
    // already stores is an upsert that writes nothing, and would measure no fsync at all.
    bool distinct = false;
};

std::atomic<std::uint64_t> next_body{0};

struct Result {
    std::uint64_t requests = 0;
    std::uint64_t unexpected = 0;
    std::vector<double> latencies;  // seconds
};

class ClientConnection : public std::enable_shared_from_this<ClientConnection> {
  public:
    ClientConnection(net::io_context& ioc, const Load& load, Clock::time_point end, Result& result)
        : stream_(ioc), load_(load), end_(end), result_(result) {
        request_.method_string(load.method);
        request_.target(load.target);
        request_.version(11);
        request_.set(beast::http::field::host, "127.0.0.1");
        for (const auto& [name, value] : load.headers) request_.set(name, value);
        request_.body() = load.body;
        request_.keep_alive(true);
        request_.prepare_payload();
    }
    void start(const tcp::endpoint& endpoint) {
        stream_.async_connect(endpoint, [self = shared_from_this()](beast::error_code ec) {
            if (!ec) self->send();
        });
    }

  private:
    void send() {
        if (Clock::now() >= end_) return;
        if (load_.distinct) {
            request_.body() = "# " + std::to_string(next_body++) + "\n" + load_.body;
            request_.prepare_payload();
        }
        started_ = Clock::now();
        beast::http::async_write(stream_, request_,
                                 [self = shared_from_this()](beast::error_code ec, std::size_t) {
                                     if (!ec) self->receive();
                                 });
    }
    void receive() {
        response_ = {};
        beast::http::async_read(
            stream_, buffer_, response_,
            [self = shared_from_this()](beast::error_code ec, std::size_t) {
                if (ec) return;
                self->result_.requests++;
                if (static_cast<int>(self->response_.result_int()) != self->load_.expect)
                    self->result_.unexpected++;
                self->result_.latencies.push_back(
                    std::chrono::duration<double>(Clock::now() - self->started_).count());
                self->send();
            });
    }
    beast::tcp_stream stream_;
    beast::flat_buffer buffer_;
    const Load& load_;
    Clock::time_point end_;
    Result& result_;
    Clock::time_point started_;
    beast::http::request<beast::http::string_body> request_;
    beast::http::response<beast::http::string_body> response_;
};

double thread_cpu_seconds() {
    rusage usage{};
    getrusage(RUSAGE_THREAD, &usage);
    return static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
           static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

// Runs one load and prints its line; returns requests per second. `peer`: the rate of the
// minimal server this load compares with (0 for none).
std::string only;  // --only

// One load of a run: what `connections` clients send.
struct Part {
    const Load& load;
    int connections;
};

// Runs the parts at once, on one client thread, for `seconds`; one result per part, and the
// share of the elapsed time the client's thread was on the CPU.
std::vector<Result> run_parts(std::uint16_t port, const std::vector<Part>& parts, double seconds,
                              double& elapsed, double& client_cpu) {
    net::io_context ioc;
    std::vector<Result> results(parts.size());
    const double cpu_begin = thread_cpu_seconds();
    const auto begin = Clock::now();
    const auto end =
        begin + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
    const tcp::endpoint endpoint(net::ip::make_address("127.0.0.1"), port);
    for (std::size_t p = 0; p < parts.size(); ++p)
        for (int i = 0; i < parts[p].connections; ++i)
            std::make_shared<ClientConnection>(ioc, parts[p].load, end, results[p])
                ->start(endpoint);
    ioc.run();
    elapsed = std::chrono::duration<double>(Clock::now() - begin).count();
    client_cpu = (thread_cpu_seconds() - cpu_begin) / elapsed;
    return results;
}

double print_result(const char* label, Result& result, double elapsed, double client_cpu,
                    double peer);

double run_load(const char* label, std::uint16_t port, const Load& load, int connections,
                double seconds, double peer = 0) {
    if (std::string_view(label).find(only) == std::string_view::npos) return 0;
    double elapsed = 0;
    double client_cpu = 0;
    auto results = run_parts(port, {{load, connections}}, seconds, elapsed, client_cpu);
    return print_result(label, results[0], elapsed, client_cpu, peer);
}

// The PUT storm: `put` clients submitting distinct orders while `get` clients read the
// cached state (304), each kind reported on its own line.
void run_storm(std::uint16_t port, const Load& put_load, int put, const Load& get_load, int get,
               double seconds) {
    const char* put_label = "PUT storm: PUT orders (distinct)";
    const char* get_label = "PUT storm: GET state (304)";
    if (std::string_view(put_label).find(only) == std::string_view::npos) return;
    double elapsed = 0;
    double client_cpu = 0;
    auto results =
        run_parts(port, {{put_load, put}, {get_load, get}}, seconds, elapsed, client_cpu);
    print_result(put_label, results[0], elapsed, client_cpu, 0);
    print_result(get_label, results[1], elapsed, client_cpu, 0);
}

double print_result(const char* label, Result& result, double elapsed, double client_cpu,
                    double peer) {
    auto& l = result.latencies;
    std::sort(l.begin(), l.end());
    auto pct = [&](double p) {
        return l.empty() ? 0.0 : l[std::min(l.size() - 1, static_cast<std::size_t>(p * l.size()))];
    };
    const double rate = static_cast<double>(result.requests) / elapsed;
    char share[32] = "";
    if (peer > 0) std::snprintf(share, sizeof share, "%5.0f%%", 100 * rate / peer);
    std::printf(
        "%-34s %9.0f req/s %6s   p50 %7.3f ms   p99 %7.3f ms   client CPU %3.0f%%   "
        "(%llu requests, %llu unexpected)\n",
        label, rate, share, pct(0.50) * 1000, pct(0.99) * 1000, client_cpu * 100,
        static_cast<unsigned long long>(result.requests),
        static_cast<unsigned long long>(result.unexpected));
    return rate;
}

}  // namespace

constexpr const char* kUsage =
    "usage: adjutant_http_bench [--connections 64] [--seconds 3] [--threads 1]\n"
    "                           [--put-clients 16] [--only TEXT]\n"
    "Runs the Adjutant server in process over a database in a temporary directory of the run's\n"
    "own, beside a minimal Beast server, and prints req/s and p50/p99 latency for GET 200, GET\n"
    "304, order PUTs with one body again and again (CONNECTIONS clients) and with a distinct\n"
    "body each (PUT-CLIENTS clients, each acknowledged after its fsync), and the PUT storm:\n"
    "PUT-CLIENTS clients submitting while CONNECTIONS clients read the cached state (304).\n"
    "--only TEXT: only the loads whose label contains TEXT.\n";

int main(int argc, char** argv) {
    int connections = 64;
    double seconds = 3;
    int threads = 1;
    int put_clients = 16;
    adjutant::bench::read_options(
        argc, argv, kUsage, {},
        {{"--connections", [&](const char* v) { connections = std::atoi(v); }},
         {"--seconds", [&](const char* v) { seconds = std::atof(v); }},
         {"--threads", [&](const char* v) { threads = std::atoi(v); }},
         {"--put-clients", [&](const char* v) { put_clients = std::atoi(v); }},
         {"--only", [](const char* v) { only = v; }}});
    adjutant::service::crypto_init();
    spdlog::set_level(spdlog::level::warn);  // per-request logs would measure the terminal

    // The Adjutant server over a temporary database with one game.
    // A directory of the run's own: two runs at once never delete each other's database.
    const adjutant::bench::TempDir temp("adjutant-http-bench");
    const auto& dir = temp.path();
    adjutant::config::ServerConfig config;
    config.port = 0;
    config.threads = threads;
    config.database = (dir / "bench.db").string();
    config.variants_dir = ADJUTANT_SOURCE_DIR "/config/variants";
    config.limits.max_connections = 4096;
    auto db = adjutant::app::open_database(config.database);
    adjutant::service::VariantRegistry variants;
    adjutant::app::load_variants(config, *db, variants);
    adjutant::service::GameService service(*db, variants, "");
    adjutant::service::CreateGameRequest new_game;
    new_game.name = "bench";
    new_game.resolve_when_ready = false;
    const auto id = service.create_game(new_game).id;
    const auto token = service.join(id, "France", {"bench", std::nullopt}).token;
    const auto view = service.game_view(id);
    const auto& etag = view->etag;
    const std::size_t state_size = adjutant::http::view_text(*view)->size();
    adjutant::http::Metrics metrics;
    adjutant::http::Router router(service, metrics);
    adjutant::http::Server server(config, router, metrics);
    const auto port = server.listen();
    std::thread server_thread([&] { server.run(); });

    const std::string game = "/api/v1/games/" + std::to_string(id);
    // The minimal server, on as many threads, listening twice: with a body as large as the
    // game state and with none.
    const std::string same_size_body(state_size, 'x');
    const std::string empty_body;
    net::io_context minimal_ioc;
    const tcp::endpoint loopback(net::ip::make_address("127.0.0.1"), 0);
    tcp::acceptor full_acceptor(minimal_ioc, loopback);
    tcp::acceptor empty_acceptor(minimal_ioc, loopback);
    minimal_accept(full_acceptor, same_size_body);
    minimal_accept(empty_acceptor, empty_body);
    std::vector<std::thread> minimal_threads;
    for (int i = 0; i < threads; ++i) minimal_threads.emplace_back([&] { minimal_ioc.run(); });

    std::printf("%d connections, %.1f s per run, %d server thread(s), game state %zu bytes\n",
                connections, seconds, threads, state_size);
    const double minimal_full =
        run_load("minimal Beast (same-size body)", full_acceptor.local_endpoint().port(),
                 Load{"GET", "/", "", {}, 200}, connections, seconds);
    const double minimal_empty =
        run_load("minimal Beast (empty body)", empty_acceptor.local_endpoint().port(),
                 Load{"GET", "/", "", {}, 200}, connections, seconds);
    run_load("GET game state (200)", port, Load{"GET", game, "", {}, 200}, connections, seconds,
             minimal_full);
    run_load("GET game state (304)", port, Load{"GET", game, "", {{"If-None-Match", etag}}, 304},
             connections, seconds, minimal_empty);
    Load put{"PUT",
             game + "/orders",
             "A PAR-BUR\nA MAR-SPA\nF BRE-MAO\n",
             {{"Authorization", "Bearer " + token}, {"Content-Type", "text/plain"}},
             200};
    run_load("PUT orders (same body)", port, put, connections, seconds);
    put.distinct = true;
    run_load("PUT orders (distinct bodies)", port, put, put_clients, seconds);
    // Orders are private until the phase resolves, so the state's ETag holds through the
    // storm and the reads stay 304 (any that do not are counted unexpected).
    const auto storm_view = service.game_view(id);
    run_storm(port, put, put_clients,
              Load{"GET", game, "", {{"If-None-Match", storm_view->etag}}, 304}, connections,
              seconds);

    server.stop();
    server_thread.join();
    minimal_ioc.stop();
    for (auto& t : minimal_threads) t.join();
    return 0;
}
