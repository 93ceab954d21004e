// SPDX-License-Identifier: Apache-2.0
// Several servers on one database (docs/storage.md): durable order submissions per second and
// cached GETs per second with 1, 2 and 3 `adjutant serve` instances on one PostgreSQL database,
// and the same with the one instance SQLite allows, in one run, each on a new database.
//
// PostgreSQL is a private cluster this program starts with tests/postgres/cluster.py (initdb
// into a temporary directory, a loopback port, fsync on) and removes at the end; without
// Debian's postgresql package only the SQLite row is printed. Clients are spread evenly over
// the instances, as a balancer would. Figures only; nothing is asserted.
//
//   adjutant_instances_bench [--seconds 10] [--clients 16] [--games 4] [--threads 2]
//                            [--instances 3] [--binary PATH]
#include <unistd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "http/beast.h"
#include "served_server.h"
#include "storage/postgres.h"

namespace beast = boost::beast;
namespace http = boost::beast::http;
namespace net = boost::asio;
using tcp = net::ip::tcp;
using Clock = std::chrono::steady_clock;
using adjutant::bench::Child;
using adjutant::bench::Game;

namespace {

struct Options {
    double seconds = 10;
    int clients = 16;
    int games = 4;
    int threads = 2;
    int instances = 3;
    std::string binary = ADJUTANT_BINARY;
};

constexpr const char* kUsage =
    "usage: adjutant_instances_bench [--seconds 10] [--clients 16] [--games 4] [--threads 2]\n"
    "                                [--instances 3] [--binary PATH]\n"
    "For SQLite with one instance, then PostgreSQL with 1..INSTANCES instances on one database\n"
    "(a private cluster started and removed by this program), creates GAMES standard games and\n"
    "runs CLIENTS keep-alive clients spread over the instances: SECONDS of order submissions\n"
    "(each a different text, so each is a committed write), then SECONDS of GETs of the game\n"
    "state (cached views). Prints requests/s and p50/p99 of each, and any failure.\n";

constexpr std::chrono::seconds kTimeout{30};

enum class Mode { Orders, Reads };

struct Tally {
    std::vector<double> latencies;  // seconds, of the answers expected
    std::uint64_t unexpected = 0;   // any other status
    std::uint64_t failed = 0;       // connection errors
};

class Client : public std::enable_shared_from_this<Client> {
  public:
    Client(net::io_context& ioc, Mode mode, const Game& game, std::size_t seat,
           Clock::time_point end, Tally& tally)
        : stream_(ioc), mode_(mode), game_(game), seat_(seat), end_(end), tally_(tally) {}

    void start(const tcp::endpoint& endpoint) {
        stream_.async_connect(endpoint, [self = shared_from_this()](beast::error_code ec) {
            if (ec) return void(self->tally_.failed++);
            self->send();
        });
    }

  private:
    void send() {
        if (Clock::now() >= end_) return;
        const std::string base = "/api/v1/games/" + std::to_string(game_.id);
        request_ = {};
        request_.version(11);
        request_.set(http::field::host, "127.0.0.1");
        request_.keep_alive(true);
        if (mode_ == Mode::Orders) {
            const auto& [power, token] = game_.seats[seat_];
            request_.method(http::verb::put);
            request_.target(base + "/orders");
            request_.set(http::field::authorization, "Bearer " + token);
            request_.set(http::field::content_type, "text/plain");
            // Alternating texts: an identical upsert would write nothing.
            request_.body() =
                (sent_++ % 2) ? adjutant::bench::supports(power) : adjutant::bench::holds(power);
        } else {
            request_.method(http::verb::get);
            request_.target(base);
        }
        request_.prepare_payload();
        started_ = Clock::now();
        stream_.expires_after(kTimeout);
        http::async_write(stream_, request_,
                          [self = shared_from_this()](beast::error_code ec, std::size_t) {
                              if (ec) return void(self->tally_.failed++);
                              self->receive();
                          });
    }

    void receive() {
        response_ = {};
        stream_.expires_after(kTimeout);
        http::async_read(
            stream_, buffer_, response_,
            [self = shared_from_this()](beast::error_code ec, std::size_t) {
                if (ec) return void(self->tally_.failed++);
                if (self->response_.result_int() == 200)
                    self->tally_.latencies.push_back(
                        std::chrono::duration<double>(Clock::now() - self->started_).count());
                else
                    self->tally_.unexpected++;
                self->send();
            });
    }

    beast::tcp_stream stream_;
    beast::flat_buffer buffer_;
    Mode mode_;
    const Game& game_;
    std::size_t seat_;
    Clock::time_point end_;
    Tally& tally_;
    std::uint64_t sent_ = 0;
    Clock::time_point started_;
    http::request<http::string_body> request_;
    http::response<http::string_body> response_;
};

struct Figure {
    double per_second = 0;
    double p50_ms = 0;
    double p99_ms = 0;
    std::uint64_t unexpected = 0;
    std::uint64_t failed = 0;
};

Figure run_load(const Options& options, Mode mode, const std::vector<Child>& servers,
                const std::vector<Game>& games) {
    net::io_context ioc;
    Tally tally;
    const auto begin = Clock::now();
    const auto end = begin + std::chrono::duration_cast<Clock::duration>(
                                 std::chrono::duration<double>(options.seconds));
    for (int i = 0; i < options.clients; ++i) {
        const auto index = static_cast<std::size_t>(i);
        const Game& game = games[index % games.size()];
        const std::size_t seat = (index / games.size()) % game.seats.size();
        const tcp::endpoint endpoint(net::ip::make_address("127.0.0.1"),
                                     servers[index % servers.size()].port);
        std::make_shared<Client>(ioc, mode, game, seat, end, tally)->start(endpoint);
    }
    ioc.run();
    const double elapsed = std::chrono::duration<double>(Clock::now() - begin).count();
    auto& sorted = tally.latencies;
    std::sort(sorted.begin(), sorted.end());
    return {static_cast<double>(sorted.size()) / elapsed,
            adjutant::bench::percentile(sorted, 0.50) * 1000,
            adjutant::bench::percentile(sorted, 0.99) * 1000, tally.unexpected, tally.failed};
}

// The private cluster, by its state file: started here, stopped by the destructor.
class Cluster {
  public:
    explicit Cluster(const std::filesystem::path& dir) : state_(dir / "cluster.json") {
        const std::string start = "python3 '" ADJUTANT_SOURCE_DIR
                                  "/tests/postgres/cluster.py' start '" +
                                  state_.string() + "' >/dev/null";
        if (std::system(start.c_str()) != 0)
            throw std::runtime_error("the private PostgreSQL cluster did not start");
        std::ifstream in(state_);
        const auto state = nlohmann::json::parse(in);
        server_ = "postgresql://" + state.at("user").get<std::string>() + "@" +
                  state.at("host").get<std::string>() + ":" +
                  std::to_string(state.at("port").get<int>()) + "/";
    }
    Cluster(const Cluster&) = delete;
    Cluster& operator=(const Cluster&) = delete;
    ~Cluster() {
        const std::string stop = "python3 '" ADJUTANT_SOURCE_DIR
                                 "/tests/postgres/cluster.py' stop '" +
                                 state_.string() + "' >/dev/null";
        if (std::system(stop.c_str()) != 0) std::fprintf(stderr, "cluster stop failed\n");
    }

    std::string new_database(const std::string& name) {
        adjutant::storage::PostgresDatabase admin(server_ + "postgres");
        admin.exec("CREATE DATABASE " + name);
        return server_ + name;
    }

  private:
    std::filesystem::path state_;
    std::string server_;
};

bool postgres_installed() {
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator("/usr/lib/postgresql", ec))
        if (std::filesystem::exists(entry.path() / "bin" / "initdb")) return true;
    return false;
}

// One row of the table: `instances` servers on `database` (empty: one SQLite file).
bool measure(const Options& options, const std::string& backend, int instances,
             const std::string& database, const std::filesystem::path& dir) {
    std::vector<Child> servers;
    bool clean = true;
    try {
        for (int i = 0; i < instances; ++i) {
            const auto own =
                dir / (backend + "-" + std::to_string(instances) + "-" + std::to_string(i));
            std::filesystem::create_directories(own);
            servers.push_back(
                adjutant::bench::start_server({options.binary, options.threads, database}, own));
        }
        std::vector<Game> games;
        for (int n = 0; n < options.games; ++n)
            games.push_back(adjutant::bench::create_game(
                servers[static_cast<std::size_t>(n) % servers.size()].port, n));
        const Figure orders = run_load(options, Mode::Orders, servers, games);
        const Figure reads = run_load(options, Mode::Reads, servers, games);
        const unsigned long long bad = orders.unexpected + reads.unexpected;
        const unsigned long long failed = orders.failed + reads.failed;
        std::printf("%-10s %9d %10.0f %8.2f %8.2f %10.0f %8.2f %8.2f   %llu/%llu\n",
                    backend.c_str(), instances, orders.per_second, orders.p50_ms, orders.p99_ms,
                    reads.per_second, reads.p50_ms, reads.p99_ms, bad, failed);
        std::fflush(stdout);
        clean = bad + failed == 0;
    } catch (const std::exception& error) {
        std::fprintf(stderr, "adjutant_instances_bench: %s, %d instance(s): %s\n", backend.c_str(),
                     instances, error.what());
        clean = false;
    }
    for (auto& server : servers)
        if (adjutant::bench::stop_server(server) != 0) clean = false;
    return clean;
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
         {"--instances", as_int(options.instances)}},
        {{"--binary", &options.binary}},
        {}};
    return adjutant::bench::parse_flags(argc, argv, kUsage, flags) && options.clients > 0 &&
           options.games > 0 && options.threads > 0 && options.instances > 0;
}

}  // namespace

int main(int argc, char** argv) {
    Options options;
    if (!parse_options(argc, argv, options)) {
        std::fputs(kUsage, stderr);
        return 64;
    }
    const std::filesystem::path dir = adjutant::bench::new_directory("adjutant-instances");
    // The cluster runs as nobody when this runs as root (cluster.py): it must reach its
    // directory.
    std::filesystem::permissions(dir, std::filesystem::perms::all);
    std::printf(
        "%d clients over the instances, %d games, %.0f s each; server threads %d\n"
        "orders: PUT of a seat's orders, a different text each time (each a durable commit)\n"
        "GETs: the game state, served from each instance's cached view\n\n",
        options.clients, options.games, options.seconds, options.threads);
    std::printf("%-10s %9s %10s %8s %8s %10s %8s %8s   %s\n", "database", "instances", "orders/s",
                "p50 ms", "p99 ms", "GETs/s", "p50 ms", "p99 ms", "bad/failed");
    bool clean = measure(options, "sqlite", 1, {}, dir);
    if (!postgres_installed()) {
        std::printf(
            "postgresql: not installed (Debian's postgresql package): no PostgreSQL rows\n");
    } else {
        try {
            Cluster cluster(dir);
            for (int n = 1; n <= options.instances; ++n)
                clean = measure(options, "postgresql", n,
                                cluster.new_database("bench_" + std::to_string(n)), dir) &&
                        clean;
        } catch (const std::exception& error) {
            std::fprintf(stderr, "adjutant_instances_bench: %s\n", error.what());
            clean = false;
        }
    }
    std::filesystem::remove_all(dir);
    return clean ? 0 : 1;
}
