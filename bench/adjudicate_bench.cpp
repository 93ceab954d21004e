// SPDX-License-Identifier: Apache-2.0
// Adjudication benchmark: prints microseconds and heap allocations per movement phase,
// parsing included, for (a) the standard opening with a fixed full set of S1901 orders,
// (b) random legal phases over many generated games and (c) campaign weeks on the 1914 map,
// where every rule module runs (supply, sieges, rail engineering and the LOC max-flow).
// With --instructions, also the instructions per phase of (a) and (b), counted by callgrind
// (common/instructions.h). Run with --help for the options.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <utility>

#include <fstream>
#include <sstream>
#include "adjudicate.h"
#include "allocation_counter.h"
#include "common/bench_support.h"
#include "common/instructions.h"
#include "common/opening_orders.h"
#include "orders/parser.h"
#include "random_orders.h"
#include "starting_position.h"
#include "variant/variant_json.h"

using namespace adjutant;
using adjutant::bench::kOpening;
using Clock = std::chrono::steady_clock;

namespace {

// The first week of the 1914 campaign: marches, two rail rides, an army into a Belgian fortress;
// the rest hold.
const char* kCampaignWeek = R"(Germany: A TRI - RAIL - SAA
Germany: A THI - RAIL - MET
Germany: A AAC - LIE
Germany: A MAL - MAR
Germany: A KOL - AAC
France: A MEZ - GIV
France: A ARG - CHA
Belgium: A LOU - BRU
)";

Variant load_variant_file(const char* name) {
    std::ifstream in(std::string(ADJUTANT_SOURCE_DIR) + "/config/variants/" + name + ".json");
    std::stringstream text;
    text << in.rdbuf();
    VariantLoad load = load_variant(text.str());
    if (!load.ok()) {
        std::fprintf(stderr, "%s.json does not load\n", name);
        std::exit(1);
    }
    return *load.variant;
}

constexpr const char* kUsage =
    "usage: adjutant_bench [--iterations 20000] [--games 200] [--years 20] [--instructions]\n"
    "Prints microseconds and allocations per phase, parsing included: (a) the standard S1901\n"
    "opening, 22 orders, cold and steady, and the adjudication alone; (b) random legal games,\n"
    "GAMES games of up to YEARS years each; (c) the first western-front-1914 week and the weeks\n"
    "after it. --instructions: also the instructions per phase of (a), (b) and (c) under "
    "callgrind\n"
    "(valgrind must be installed; each figure is a run of its own, a few seconds each).\n";

double micros(Clock::duration d) {
    return std::chrono::duration<double, std::micro>(d).count();
}

}  // namespace

int main(int argc, char** argv) {
    long iterations = 20000;
    long games = 200;
    int years = 20;
    bool instructions = false;
    bench::read_options(argc, argv, kUsage, {{"--instructions", &instructions}},
                        {{"--iterations", [&](const char* v) { iterations = std::atol(v); }},
                         {"--games", [&](const char* v) { games = std::atol(v); }},
                         {"--years", [&](const char* v) { years = std::atoi(v); }},
                         {"--count", [](const char* v) { bench::counted_label() = v; }}});
    if (instructions) {
        // Few repetitions: callgrind runs some fifty times slower, and the count does not vary.
        const long reps = 200;
        const std::string args = "--iterations " + std::to_string(reps) + " --games 20";
        const auto steady = bench::callgrind_instructions(argv[0], args, "steady", reps);
        const auto alone = bench::callgrind_instructions(argv[0], args, "resolver", reps);
        const auto returned = bench::callgrind_instructions(argv[0], args, "returned", reps);
        const auto steady_returned =
            bench::callgrind_instructions(argv[0], args, "steady-returned", reps);
        std::string random_output;
        const auto random =
            bench::callgrind_instructions(argv[0], args, "random", 1, &random_output);
        const auto random_parse = bench::callgrind_instructions(argv[0], args, "random-parse", 1);
        const auto random_alone = bench::callgrind_instructions(argv[0], args, "random-alone", 1);
        const auto steady_explained =
            bench::callgrind_instructions(argv[0], args, "steady-explained", reps);
        const auto random_explained =
            bench::callgrind_instructions(argv[0], args, "random-explained", 1);
        const auto phases = random_output.find("movement phases:");
        // The campaign section runs max(1, iterations / 20) first weeks, then 26 more.
        const auto week = bench::callgrind_instructions(argv[0], args, "week", reps / 20);
        const auto later = bench::callgrind_instructions(argv[0], args, "later", 26);
        if (!steady || !steady_returned || !alone || !returned || !random || !random_parse ||
            !random_alone || !steady_explained || !random_explained || !week || !later ||
            phases == std::string::npos) {
            std::fprintf(stderr, "callgrind did not run (is valgrind installed?)\n");
            return 69;
        }
        const double movement_phases =
            std::strtod(random_output.c_str() + phases + std::strlen("movement phases:"), nullptr);
        std::printf("instructions (callgrind)\n");
        std::printf("  S1901 parse + adjudicate, steady: %9.0f per phase\n", *steady);
        std::printf("  ... returning a new result:       %9.0f per phase\n", *steady_returned);
        std::printf("  S1901 adjudication alone:         %9.0f per phase\n", *alone);
        std::printf("  ... returning a new result:       %9.0f per phase\n", *returned);
        std::printf("  random movement phases:           %9.0f per phase (20 games)\n",
                    *random / movement_phases);
        std::printf("  ... the parse alone:              %9.0f per phase\n",
                    *random_parse / movement_phases);
        std::printf("  ... the adjudication alone:       %9.0f per phase\n",
                    *random_alone / movement_phases);
        std::printf("explained, as the judge stores them (Explain::Yes)\n");
        std::printf("  S1901 parse + adjudicate, new result: %6.0f per phase\n", *steady_explained);
        std::printf("  random movement phases, adjudication: %6.0f per phase\n",
                    *random_explained / movement_phases);
        std::printf(
            "  western-front-1914 first week:    %9.0f per week (parse + adjudicate, explained)\n",
            *week);
        std::printf("  western-front-1914 next 26 weeks: %9.0f per week\n", *later);
        return 0;
    }
    const Variant variant = load_variant_file("standard");
    const Position start = starting_position(variant);

    // (a) the opening: the first run is cold (nothing cached), then the steady state.
    {
        std::size_t checksum = 0;
        // Cold: the first phase this process adjudicates, with the parser built beforehand
        // (a server builds it once per variant), and once more building it inside the timing.
        const auto cold_index_begin = Clock::now();
        const OrderParser cold_parser(variant);
        const double index_time = micros(Clock::now() - cold_index_begin);
        const auto cold_begin = Clock::now();
        {
            const ParsedOrders parsed = cold_parser.parse(start, kOpening);
            checksum += adjudicate(variant, start, parsed.orders).next.units.size();
        }
        const double cold = micros(Clock::now() - cold_begin);
        const OrderParser parser(variant);
        // The algorithm's own cost, as a search through candidate orders asks for it: no
        // explanations (Explain::No). The judge's way, explained, is measured after.
        Adjudicator adjudicator(Explain::No);
        Adjudicator explaining(Explain::Yes);
        // The result's storage is kept from phase to phase, as a thread resolving game after
        // game can keep it (Adjudicator::run into an Adjudication).
        Adjudication kept;
        const std::uint64_t alloc_before = bench::allocation_count();
        const auto begin = Clock::now();
        {
            const bench::Counted counted("steady");
            for (long i = 0; i < iterations; ++i) {
                const ParsedOrders parsed = parser.parse(start, kOpening);
                adjudicator.run(variant, start, parsed.orders, kept);
                checksum += kept.next.units.size();
            }
        }
        const double total = micros(Clock::now() - begin);
        const double allocs = static_cast<double>(bench::allocation_count() - alloc_before) /
                              static_cast<double>(iterations);
        // The same returning a new Adjudication each phase, as adjudicate() does.
        const std::uint64_t steady_returned_alloc_before = bench::allocation_count();
        {
            const bench::Counted counted("steady-returned");
            for (long i = 0; i < iterations; ++i) {
                const ParsedOrders parsed = parser.parse(start, kOpening);
                checksum += adjudicator.run(variant, start, parsed.orders).next.units.size();
            }
        }
        // The judge's way: explained, returning a new Adjudication each phase, as the server
        // does (the server's way, adjutant_service_bench, compares with this one).
        const std::uint64_t explained_alloc_before = bench::allocation_count();
        const auto explained_begin = Clock::now();
        {
            const bench::Counted counted("steady-explained");
            for (long i = 0; i < iterations; ++i) {
                const ParsedOrders parsed = parser.parse(start, kOpening);
                checksum += explaining.run(variant, start, parsed.orders).next.units.size();
            }
        }
        const double explained_total = micros(Clock::now() - explained_begin);
        const double explained_allocs =
            static_cast<double>(bench::allocation_count() - explained_alloc_before) /
            static_cast<double>(iterations);
        const double steady_returned_allocs =
            static_cast<double>(bench::allocation_count() - steady_returned_alloc_before) /
            static_cast<double>(iterations);
        // The resolver alone, on orders parsed once.
        const ParsedOrders opening = parser.parse(start, kOpening);
        const std::uint64_t resolver_alloc_before = bench::allocation_count();
        const auto resolver_begin = Clock::now();
        {
            const bench::Counted counted("resolver");
            for (long i = 0; i < iterations; ++i) {
                adjudicator.run(variant, start, opening.orders, kept);
                checksum += kept.next.units.size();
            }
        }
        const double resolver_total = micros(Clock::now() - resolver_begin);
        const double resolver_allocs =
            static_cast<double>(bench::allocation_count() - resolver_alloc_before) /
            static_cast<double>(iterations);
        // The same returning a new Adjudication each time (what adjudicate() does).
        const std::uint64_t returned_alloc_before = bench::allocation_count();
        {
            const bench::Counted counted("returned");
            for (long i = 0; i < iterations; ++i)
                checksum += adjudicator.run(variant, start, opening.orders).next.units.size();
        }
        const double returned_allocs =
            static_cast<double>(bench::allocation_count() - returned_alloc_before) /
            static_cast<double>(iterations);
        std::printf("standard S1901 opening (22 orders, parse + adjudicate)\n");
        std::printf(
            "  cold first phase:   %8.2f us (+ %.2f us to index the variant's names once)\n", cold,
            index_time);
        std::printf("  steady state:       %8.2f us/phase over %ld phases\n",
                    total / static_cast<double>(iterations), iterations);
        std::printf("  allocations:        %8.1f per phase (%.1f returning a new result)\n", allocs,
                    steady_returned_allocs);
        std::printf(
            "  adjudication alone: %8.2f us/phase, %.1f allocations (%.1f returning a new "
            "result)\n",
            resolver_total / static_cast<double>(iterations), resolver_allocs, returned_allocs);
        std::printf("  explained, new result: %5.2f us/phase, %.1f allocations (the judge's way)\n",
                    explained_total / static_cast<double>(iterations), explained_allocs);
        std::printf("  checksum %zu\n", checksum);
    }

    // (b) random legal games.
    {
        bench::Random random(20261129);
        const OrderParser parser(variant);
        Adjudicator adjudicator(Explain::No);
        // The same phases again, explained, into a result of its own: the judge's way.
        Adjudicator explaining(Explain::Yes);
        Adjudication explained;
        long movement_phases = 0;
        long orders_total = 0;
        double movement_time = 0;
        std::uint64_t movement_allocs = 0;
        // Kept from phase to phase, as in the steady figure of (a): the parsed list keeps its
        // room, and the next position is swapped out of the result, the old one in.
        ParsedOrders parsed;
        Adjudication result;
        for (long g = 0; g < games; ++g) {
            Position position = start;
            while (position.phase.year < start.phase.year + years) {
                const std::string text = bench::random_phase_orders(variant, position, random);
                const bool movement = position.phase.kind == PhaseKind::Movement;
                const std::uint64_t alloc_before = bench::allocation_count();
                const auto begin = Clock::now();
                std::size_t orders = 0;
                {
                    const bench::Counted counted(movement ? "random" : "");
                    {
                        const bench::Counted parse(movement ? "random-parse" : "");
                        parser.parse_into(parsed, position, text);
                    }
                    {
                        const bench::Counted alone(movement ? "random-alone" : "");
                        adjudicator.run(variant, position, parsed.orders, result);
                    }
                    orders = parsed.orders.size();
                }
                {
                    const bench::Counted counted(movement ? "random-explained" : "");
                    explaining.run(variant, position, parsed.orders, explained);
                }
                if (movement) {
                    movement_time += micros(Clock::now() - begin);
                    movement_allocs += bench::allocation_count() - alloc_before;
                    ++movement_phases;
                    orders_total += static_cast<long>(orders);
                }
                std::swap(position, result.next);
                if (winner(variant, position) != kNoPower) break;
            }
        }
        std::printf("random legal games: %ld games, up to %d years\n", games, years);
        // --games 0 (to profile the campaign weeks alone) has no phase to divide by.
        if (movement_phases == 0) {
            std::printf("  no movement phase played\n");
        } else {
            const auto phases = static_cast<double>(movement_phases);
            std::printf("  movement phases:    %8ld (%.1f orders each)\n", movement_phases,
                        static_cast<double>(orders_total) / phases);
            std::printf("  time:               %8.2f us/phase\n", movement_time / phases);
            std::printf("  allocations:        %8.1f per phase\n",
                        static_cast<double>(movement_allocs) / phases);
        }
    }

    // (c) campaign weeks: the same first week again and again (with a new seed each time, so
    // the dice differ), then the weeks that follow it with every army holding.
    {
        const Variant campaign = load_variant_file("western-front-1914");
        const Position week1 = starting_position(campaign);
        const OrderParser parser(campaign);
        Adjudicator adjudicator;
        const long weeks = std::max(1L, iterations / 20);
        std::size_t checksum = 0;
        std::size_t events = 0;
        const std::uint64_t alloc_before = bench::allocation_count();
        const auto begin = Clock::now();
        {
            const bench::Counted counted("week");
            for (long i = 0; i < weeks; ++i) {
                const ParsedOrders parsed = parser.parse(week1, kCampaignWeek);
                const Adjudication result =
                    adjudicator.run(campaign, week1, parsed.orders, static_cast<std::uint64_t>(i));
                checksum += result.next.units.size();
                events += result.events.size();
            }
        }
        const double first = micros(Clock::now() - begin) / static_cast<double>(weeks);
        const double allocs = static_cast<double>(bench::allocation_count() - alloc_before) /
                              static_cast<double>(weeks);
        Position position =
            adjudicator.run(campaign, week1, parser.parse(week1, kCampaignWeek).orders, 1).next;
        const int later_weeks = 26;
        const std::uint64_t later_alloc_before = bench::allocation_count();
        const auto later_begin = Clock::now();
        {
            const bench::Counted counted("later");
            for (int w = 0; w < later_weeks; ++w) {
                Adjudication result =
                    adjudicator.run(campaign, position, {}, static_cast<std::uint64_t>(w));
                position = std::move(result.next);
            }
        }
        const double later = micros(Clock::now() - later_begin) / later_weeks;
        const double later_allocs =
            static_cast<double>(bench::allocation_count() - later_alloc_before) / later_weeks;
        std::printf("western-front-1914 campaign weeks (supply, sieges, rail, LOC max-flow)\n");
        std::printf(
            "  first week:         %8.2f us/week over %ld weeks (parse + adjudicate, %.1f events, "
            "%.1f allocations)\n",
            first, weeks, static_cast<double>(events) / static_cast<double>(weeks), allocs);
        std::printf(
            "  next %d weeks:      %8.2f us/week (no orders: every army holds, %.1f allocations)\n",
            later_weeks, later, later_allocs);
        std::printf("  checksum %zu\n", checksum + position.units.size());
    }
    return 0;
}
