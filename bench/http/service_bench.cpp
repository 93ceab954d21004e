// SPDX-License-Identifier: Apache-2.0
// The server's own path, in process and without sockets: (a) the S1901 opening resolved the
// way service/resolution.cpp does it (every seat's stored text read as that power, one seat
// after another by the variant's parser the server keeps, then one adjudication of all the
// orders) and, for comparison, with a parser built for each seat (parse_orders(), what the
// server did before it kept one); (b) one order submission as PUT /orders makes it (parse,
// validate, store in a transaction), each with a body of its own so every one writes; (c) the
// same submission as the HTTP server answers it, without the socket: the router's PUT /orders
// (the token's check, the body, the submission, the JSON answer) acknowledged after the
// group commit's flush, as the session does.
// Prints microseconds and allocations per operation; with --instructions, the instructions
// per operation counted by callgrind (common/instructions.h). Run with --help for the options.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <future>
#include <iterator>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include <spdlog/spdlog.h>
#include <nlohmann/json.hpp>

#include "adjudicate.h"
#include "allocation_counter.h"
#include "app/runtime.h"
#include "common/bench_support.h"
#include "common/instructions.h"
#include "common/opening_orders.h"
#include "http/metrics.h"
#include "http/router.h"
#include "orders/parser.h"
#include "orders/shared_texts.h"
#include "service/crypto.h"
#include "service/game_service.h"
#include "starting_position.h"

using namespace adjutant;
using Clock = std::chrono::steady_clock;

namespace {

constexpr const char* kUsage =
    "usage: adjutant_service_bench [--iterations 2000] [--instructions]\n"
    "Prints microseconds and allocations per operation for the S1901 opening resolved the\n"
    "server's way (every seat read in turn by the variant's kept parser, then adjudicate), the\n"
    "same with a parser built per seat, and one order submission (parse, validate, store;\n"
    "each body distinct, so each one writes), and the same through the HTTP router (token,\n"
    "body, submission, JSON answer; no socket). The database is in a temporary directory of the\n"
    "run's own. --instructions: the instructions per operation under callgrind instead\n"
    "(valgrind must be installed; excludes the kernel's time in fsync).\n";

// Each power's S1901 orders as its player would send them: the "Power:" prefixes dropped.
std::map<std::string, std::string> seat_texts() {
    std::map<std::string, std::string> seats;
    const std::string all = bench::kOpening;
    for (std::size_t at = 0; at < all.size();) {
        const std::size_t end = all.find('\n', at);
        const std::string line = all.substr(at, end - at);
        const std::size_t colon = line.find(':');
        seats[line.substr(0, colon)] += line.substr(colon + 2) + "\n";
        at = end + 1;
    }
    return seats;
}

// The seats as the store hands them to the resolution: a list of rows, power and text.
using SeatRows = std::vector<std::pair<std::string, std::string>>;

// What the resolution service keeps from resolution to resolution (ResolutionService's
// scratch): the seats, their parsed lists, the result and the Adjudicator.
struct ServerWayScratch {
    std::vector<SeatSubmission> seats;
    ParsedOrders orders;
    Adjudication result;
    Adjudicator adjudicator;
};

// resolution.cpp's gather_orders and resolve_one, less the JSON: every seat's text in one
// buffer, the seats parsed onto the kept lists (`parse_seats`), one adjudication by the kept
// Adjudicator into the kept result.
template <typename ParseSeats>
std::size_t resolve_server_way(const Variant& variant, const Position& position,
                               const SeatRows& rows, ServerWayScratch& scratch,
                               ParseSeats&& parse_seats) {
    ParsedOrders& all = scratch.orders;
    all.verdicts.clear();
    all.orders.clear();
    all.orders.reserve(position.units.size());
    all.verdicts.reserve(position.units.size());
    // As gather_orders: every seat's text in one buffer the verdicts share, and the kept list
    // of the seats.
    SharedTexts texts(rows, [](const auto& row) -> const std::string& { return row.second; });
    std::vector<SeatSubmission>& kept_seats = scratch.seats;
    kept_seats.clear();
    for (const auto& [power, text] : rows) {
        SeatSubmission& seat = kept_seats.emplace_back();
        seat.text = texts.next(text);
        seat.power = variant.find_power(power);
    }
    parse_seats(all, position, std::span<SeatSubmission>(kept_seats), texts.owner());
    // As resolve_one: into the kept result.
    scratch.adjudicator.run(variant, position, all.orders, scratch.result);
    return scratch.result.next.units.size();
}

struct Figure {
    double micros = 0;
    double allocations = 0;
};

template <typename Body>
Figure measure(const char* label, long iterations, Body&& body) {
    const std::uint64_t allocations = bench::allocation_count();
    const auto begin = Clock::now();
    {
        const bench::Counted counted(label);
        for (long i = 0; i < iterations; ++i) body(i);
    }
    const double elapsed = std::chrono::duration<double, std::micro>(Clock::now() - begin).count();
    const auto n = static_cast<double>(iterations);
    return {elapsed / n, static_cast<double>(bench::allocation_count() - allocations) / n};
}

// The instructions per operation of each measure, each counted under callgrind in a run of
// this program of its own; 69 when callgrind does not run.
int print_instructions(const char* self) {
    const long reps = 100;
    const std::string args = "--iterations " + std::to_string(reps);
    std::printf("instructions (callgrind)\n");
    for (const char* label : {"server-way", "per-call-parser", "put", "http-put"}) {
        const auto count = bench::callgrind_instructions(self, args, label, reps);
        if (!count) {
            std::fprintf(stderr, "callgrind did not run (is valgrind installed?)\n");
            return 69;
        }
        std::printf("  %-16s %9.0f per operation\n", label, *count);
    }
    return 0;
}

struct Resolutions {
    Figure kept;      // with the variant's kept parser, as the server does it
    Figure per_seat;  // with a parser built for each seat
    std::size_t checksum = 0;
};

// (a) the S1901 opening resolved the server's way, both ways.
Resolutions measure_resolutions(const service::LoadedVariant& loaded, long iterations) {
    const Variant& variant = loaded.variant;
    const Position start = starting_position(variant);
    const auto by_power = seat_texts();
    const SeatRows seat_rows(by_power.begin(), by_power.end());
    Resolutions out;
    std::size_t& checksum = out.checksum;
    ServerWayScratch scratch;
    const auto resolve_kept = [&](long) {
        checksum += resolve_server_way(
            variant, start, seat_rows, scratch,
            [&](ParsedOrders& all, const Position& position, std::span<SeatSubmission> seats,
                const std::shared_ptr<const char[]>& owner) {
                loaded.parser().parse_seats(all, position, seats, owner);
            });
    };
    // One resolution first, as a running server has made: what a process pays once (the rule
    // modules' hook tables, the kept scratch and result, the dynamic linker's first
    // calls) is not a resolution's cost, and adjutant_bench's steady figure leaves it out too.
    resolve_kept(0);
    out.kept = measure("server-way", iterations, resolve_kept);
    out.per_seat = measure("per-call-parser", iterations, [&](long) {
        checksum += resolve_server_way(
            variant, start, seat_rows, scratch,
            [&](ParsedOrders& all, const Position& position, std::span<SeatSubmission> seats,
                const std::shared_ptr<const char[]>&) {
                // A parser built for each seat, its lists joined as the server joined them.
                for (const SeatSubmission& seat : seats) {
                    ParsedOrders alone = parse_orders(variant, position, seat.text, seat.power);
                    all.orders.insert(all.orders.end(), alone.orders.begin(), alone.orders.end());
                    all.verdicts.insert(all.verdicts.end(),
                                        std::make_move_iterator(alone.verdicts.begin()),
                                        std::make_move_iterator(alone.verdicts.end()));
                }
            });
    });
    return out;
}

int run(int argc, char** argv) {
    long iterations = 2000;
    bool instructions = false;
    bench::read_options(argc, argv, kUsage, {{"--instructions", &instructions}},
                        {{"--iterations", [&](const char* v) { iterations = std::atol(v); }},
                         {"--count", [](const char* v) { bench::counted_label() = v; }}});
    if (instructions) return print_instructions(argv[0]);
    service::crypto_init();
    spdlog::set_level(spdlog::level::warn);
    const bench::TempDir dir("adjutant-service-bench");

    config::ServerConfig config;
    config.database = (dir.path() / "bench.db").string();
    config.variants_dir = ADJUTANT_SOURCE_DIR "/config/variants";
    auto db = app::open_database(config.database);
    service::VariantRegistry variants;
    app::load_variants(config, *db, variants);
    const auto loaded = variants.find("standard");
    const auto seats = seat_texts();

    // (a) the resolution's parse and adjudication.
    const Resolutions resolutions = measure_resolutions(*loaded, iterations);
    const Figure& kept = resolutions.kept;
    const Figure& per_call = resolutions.per_seat;
    std::size_t checksum = resolutions.checksum;

    // (b) order submissions by France, each body distinct (an identical body writes nothing).
    service::GameService service(*db, variants, "");
    adjutant::service::CreateGameRequest new_game;
    new_game.name = "bench";
    new_game.resolve_when_ready = false;
    const auto id = service.create_game(new_game).id;
    const auto token = service.join(id, "France", {"bench", std::nullopt}).token;
    const service::Caller caller = service.authenticate(token);
    std::vector<std::string> bodies;
    for (long i = 0; i < iterations; ++i)
        bodies.push_back("# submission " + std::to_string(i) + "\n" + seats.at("France"));
    const Figure put = measure("put", iterations, [&](long i) {
        const auto answer =
            service.orders().submit(caller, id, bodies[static_cast<std::size_t>(i)], "api");
        checksum += answer.check.orders.size();
    });

    // (c) the same through the router, acknowledged after the flush as the session does.
    http::Metrics metrics;
    http::Router router(service, metrics);
    http::Request request;
    request.method = "PUT";
    request.target = "/api/v1/games/" + std::to_string(id) + "/orders";
    request.authorization = "Bearer " + token;
    request.content_type = "text/plain";
    for (long i = 0; i < iterations; ++i)
        bodies[static_cast<std::size_t>(i)] =
            "# over http " + std::to_string(i) + "\n" + seats.at("France");
    const Figure http_put = measure("http-put", iterations, [&](long i) {
        request.body = bodies[static_cast<std::size_t>(i)];
        const http::Response response = router.handle(request);
        if (response.status != 200 || !response.await_durable) std::abort();
        std::promise<bool> durable;
        response.await_durable([&durable](bool ok) { durable.set_value(ok); });
        if (!durable.get_future().get()) std::abort();
        checksum += response.body.size();
    });

    std::printf("S1901 opening, 22 orders, resolved the server's way (each seat as its power)\n");
    std::printf("  the variant's kept parser: %8.2f us, %7.1f allocations per phase\n", kept.micros,
                kept.allocations);
    std::printf("  a parser built per seat:   %8.2f us, %7.1f allocations per phase\n",
                per_call.micros, per_call.allocations);
    std::printf("order submission (parse, validate, store; fsync included in the time)\n");
    std::printf("  PUT orders, distinct body: %8.2f us, %7.1f allocations per submission\n",
                put.micros, put.allocations);
    std::printf("  the same through the router:%7.2f us, %7.1f allocations per submission\n",
                http_put.micros, http_put.allocations);
    std::printf("  checksum %zu\n", checksum);
    return 0;
}

}  // namespace

// A bench that fails (no database, a variant that does not load) says why and exits 1.
int main(int argc, char** argv) {
    try {
        return run(argc, argv);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "adjutant_service_bench: %s\n", e.what());
        return 1;
    }
}
