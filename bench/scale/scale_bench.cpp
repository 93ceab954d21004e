// SPDX-License-Identifier: Apache-2.0
// Scale benchmark: whether the cost of a phase per unit and per province stays flat as the map
// grows. (a) The standard map and synthetic classic maps 2, 5 and 10 times its size
// (synthetic_standard.h): random legal movement phases, parsed and adjudicated, and the same
// adjudicated alone. (b) The western-front-1914 campaign and synthetic fronts 2 and 4 times
// longer with 2 and 4 times the armies (synthetic_front.h), every rule module on: the first
// week's orders in every copy, the weeks after it with every army holding, and weeks of random
// legal orders. Prints one table per workload: size, provinces, units, allocations and
// microseconds per phase, and with --instructions the instructions per phase, per unit and per
// province, counted by callgrind (common/instructions.h). Run with --help for the options.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "adjudicate.h"
#include "allocation_counter.h"
#include "common/bench_support.h"
#include "common/instructions.h"
#include "orders/parser.h"
#include "synthetic_front.h"
#include "synthetic_standard.h"
#include "tiling.h"
#include "workloads.h"

using namespace adjutant;
using namespace adjutant::bench;
using Clock = std::chrono::steady_clock;

namespace {

constexpr const char* kUsage =
    "usage: adjutant_scale_bench [--instructions] [--map standard|front|all] [--size K]\n"
    "                            [--phases 48] [--years 6] [--weeks 8] [--reps 10]\n"
    "Prints, per map size, the provinces, units, allocations and microseconds per phase of:\n"
    "  standard map tiled K = 1, 2, 5, 10 times: PHASES random legal movement phases (games of\n"
    "    up to YEARS years) with supports drawn from the whole map, and PHASES with supports\n"
    "    among neighbours, parsed and adjudicated; the latter adjudicated alone;\n"
    "  western-front-1914 tiled K = 1, 2, 4 times along the front, K times the armies: the\n"
    "    first week's orders in every copy, then WEEKS weeks holding and WEEKS weeks of random\n"
    "    legal orders.\n"
    "Each set of phases is played REPS times for the timings, after one warm-up pass.\n"
    "--instructions: also the instructions per phase, per unit and per province under callgrind\n"
    "(valgrind must be installed; one run of a few seconds per table row).\n"
    "--map, --size: only that map, only that size.\n"
    "--numbered-names: the copies' provinces named \"PAR3\" rather than by other three-letter\n"
    "names as every real map's are (what the longer names cost).\n";

struct Options {
    bool instructions = false;
    bool numbered_names = false;
    std::string map = "all";
    int size = 0;  // 0: every size
    long phases = 48;
    int years = 6;
    long weeks = 8;
    long reps = 10;
};

struct Row {
    int size = 0;
    std::size_t provinces = 0;
    double units = 0;     // per phase
    double supports = 0;  // share of the orders that are supports, in percent
    double rejected = 0;  // orders the parser rejected, per phase
    double allocations = 0;
    double micros = 0;
    double instructions = -1;  // per phase; < 0 when not counted
};

struct Table {
    std::string label;  // "standard-random": the workload without its size
    std::string what;
    std::vector<Row> rows;
};

std::string label_of(const std::string& map, int size, const std::string& kind) {
    return map + "-" + std::to_string(size) + "-" + kind;
}

std::vector<Workload> standard_workloads(const Variant& v, int size, const Options& o) {
    Workload random{label_of("standard", size, "random"),
                    "standard map: random legal movement phases (adjutant_bench's generator: "
                    "supports drawn from the whole map), parse + adjudicate",
                    true,
                    random_game_phases(v, o.phases, o.years, 20261202, false),
                    {}};
    Workload local{label_of("standard", size, "local"),
                   "standard map: random legal movement phases (supports among neighbours), "
                   "parse + adjudicate",
                   true,
                   random_game_phases(v, o.phases, o.years, 20261202, true),
                   {}};
    Workload alone{label_of("standard", size, "alone"),
                   "standard map: the phases with supports among neighbours, adjudication alone",
                   false,
                   local.samples,
                   {}};
    parse_samples(v, alone);
    return {std::move(random), std::move(local), std::move(alone)};
}

std::vector<Workload> front_workloads(const Variant& v, int size, const Options& o) {
    const std::string week = synthetic_front_first_week(size);
    Workload first{label_of("front", size, "week1"),
                   "1914 front: the first week's orders in every copy, parse + adjudicate",
                   true,
                   repeated_week(v, week, o.weeks),
                   {}};
    Workload holds{label_of("front", size, "holds"),
                   "1914 front: the weeks after the first, every army holding",
                   true,
                   holding_weeks(v, week, o.weeks),
                   {}};
    Workload random{label_of("front", size, "random"),
                    "1914 front: weeks of random legal orders (supports among neighbours), parse + "
                    "adjudicate",
                    true,
                    random_weeks(v, week, o.weeks, 20261202),
                    {}};
    return {std::move(first), std::move(holds), std::move(random)};
}

double units_per_phase(const Workload& w) {
    double units = 0;
    for (const Sample& s : w.samples) units += static_cast<double>(s.position.units.size());
    return units / static_cast<double>(w.samples.size());
}

double support_share(const Workload& w) {
    long lines = 0;
    long supports = 0;
    for (const Sample& s : w.samples)
        for (std::size_t at = 0; at < s.orders.size();) {
            const std::size_t end = s.orders.find('\n', at);
            const std::string line = s.orders.substr(at, end - at);
            ++lines;
            if (line.find(" S ") != std::string::npos) ++supports;
            at = end == std::string::npos ? s.orders.size() : end + 1;
        }
    return lines == 0 ? 0 : 100.0 * static_cast<double>(supports) / static_cast<double>(lines);
}

// Under callgrind (--count): the workload once to warm up, then once counted.
void count_one(const Variant& v, const Workload& w) {
    const OrderParser parser(v);
    Adjudicator adjudicator;
    std::size_t checksum = play(v, parser, adjudicator, w);
    {
        const Counted counted(w.label);
        checksum += play(v, parser, adjudicator, w);
    }
    std::printf("measured phases=%zu checksum=%zu\n", w.samples.size(), checksum);
}

// Timings and allocations in this process; instructions from a run of its own under callgrind.
Row measure(const Variant& v, int size, const Workload& w, const Options& o, const char* self) {
    Row row{size, v.provinces.size(), units_per_phase(w), support_share(w), 0, 0, 0, -1};
    const OrderParser parser(v);
    for (const Sample& s : w.samples)
        for (const OrderVerdict& verdict : parser.parse(s.position, s.orders).verdicts)
            if (!verdict.accepted()) row.rejected += 1;
    row.rejected /= static_cast<double>(w.samples.size());
    Adjudicator adjudicator;
    std::size_t checksum = play(v, parser, adjudicator, w);
    const std::uint64_t alloc_before = allocation_count();
    const auto begin = Clock::now();
    for (long r = 0; r < o.reps; ++r) checksum += play(v, parser, adjudicator, w);
    const double phases = static_cast<double>(o.reps) * static_cast<double>(w.samples.size());
    row.micros = std::chrono::duration<double, std::micro>(Clock::now() - begin).count() / phases;
    row.allocations = static_cast<double>(allocation_count() - alloc_before) / phases;
    if (checksum == 0) std::fprintf(stderr, "%s: no unit left\n", w.label.c_str());
    if (!o.instructions) return row;
    const std::string map = w.label.substr(0, w.label.find('-'));
    const std::string args = "--map " + map + " --size " + std::to_string(size) + " --phases " +
                             std::to_string(o.phases) + " --years " + std::to_string(o.years) +
                             " --weeks " + std::to_string(o.weeks) +
                             (o.numbered_names ? " --numbered-names" : "");
    std::string printed;
    const auto total = callgrind_instructions(self, args, w.label, 1, &printed);
    const auto at = printed.find("measured phases=");
    if (!total || at == std::string::npos) {
        std::fprintf(stderr, "callgrind did not run (is valgrind installed?)\n");
        std::exit(69);
    }
    row.instructions = *total / std::strtod(printed.c_str() + at + 16, nullptr);
    return row;
}

void add_row(std::vector<Table>& tables, const Workload& w, Row row) {
    const std::string label = w.label.substr(0, w.label.find('-')) +
                              w.label.substr(w.label.rfind('-'));  // "standard-random"
    for (Table& t : tables)
        if (t.label == label) {
            t.rows.push_back(row);
            return;
        }
    tables.push_back(Table{label, w.what, {row}});
}

void print(const std::vector<Table>& tables, bool instructions) {
    for (const Table& t : tables) {
        std::printf("%s\n", t.what.c_str());
        std::printf("  size  provinces  units  supports  rejected");
        if (instructions) std::printf("  instructions/phase  per unit  per province");
        std::printf("  allocations/phase  us/phase\n");
        for (const Row& r : t.rows) {
            std::printf("  %4dx %10zu %6.1f %8.1f%% %9.1f", r.size, r.provinces, r.units,
                        r.supports, r.rejected);
            if (instructions)
                std::printf(" %19.0f %9.0f %13.0f", r.instructions, r.instructions / r.units,
                            r.instructions / static_cast<double>(r.provinces));
            std::printf(" %18.1f %9.1f\n", r.allocations, r.micros);
        }
        std::printf("\n");
    }
}

// One map at one size: its workloads measured, or under --count the one named counted.
void run_size(const std::string& map, int size, const Options& o, const char* self,
              std::vector<Table>& tables) {
    const Variant v = map == "standard" ? synthetic_standard(size) : synthetic_front(size);
    const std::vector<Workload> workloads =
        map == "standard" ? standard_workloads(v, size, o) : front_workloads(v, size, o);
    for (const Workload& w : workloads) {
        if (!counted_label().empty()) {
            if (w.label == counted_label()) count_one(v, w);
            continue;
        }
        add_row(tables, w, measure(v, size, w, o, self));
    }
}

}  // namespace

int main(int argc, char** argv) {
    Options o;
    read_options(argc, argv, kUsage,
                 {{"--instructions", &o.instructions}, {"--numbered-names", &o.numbered_names}},
                 {{"--map", [&](const char* v) { o.map = v; }},
                  {"--size", [&](const char* v) { o.size = std::atoi(v); }},
                  {"--phases", [&](const char* v) { o.phases = std::atol(v); }},
                  {"--years", [&](const char* v) { o.years = std::atoi(v); }},
                  {"--weeks", [&](const char* v) { o.weeks = std::atol(v); }},
                  {"--reps", [&](const char* v) { o.reps = std::atol(v); }},
                  {"--count", [](const char* v) { counted_label() = v; }}});
    if ((o.map != "all" && o.map != "standard" && o.map != "front") || o.phases < 1 ||
        o.years < 1 || o.weeks < 1 || o.reps < 1 || o.size < 0) {
        std::fputs(kUsage, stderr);
        return 64;
    }
    if (o.numbered_names) use_numbered_names();
    std::vector<Table> tables;
    const struct {
        const char* map;
        std::vector<int> sizes;
    } maps[] = {{"standard", {1, 2, 5, 10}}, {"front", {1, 2, 4}}};
    for (const auto& m : maps) {
        if (o.map != "all" && o.map != m.map) continue;
        // --size runs that size alone, one of the list or not (--size 3: the map tiled 3 times).
        for (int size : o.size == 0 ? m.sizes : std::vector<int>{o.size})
            run_size(m.map, size, o, argv[0], tables);
    }
    if (counted_label().empty()) print(tables, o.instructions);
    return 0;
}
