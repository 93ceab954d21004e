// SPDX-License-Identifier: Apache-2.0
#include "workloads.h"

#include "random_orders.h"
#include "starting_position.h"

namespace adjutant::bench {

namespace {

std::string phase_orders(const Variant& v, const Position& position, Random& random, bool local) {
    if (local && position.phase.kind == PhaseKind::Movement)
        return random_local_movement_orders(v, position, random);
    return random_phase_orders(v, position, random);
}

}  // namespace

std::vector<Sample> random_game_phases(const Variant& variant, long phases, int years,
                                       std::uint64_t seed, bool local) {
    Random random(seed);
    const OrderParser parser(variant);
    Adjudicator adjudicator;
    const Position start = starting_position(variant);
    std::vector<Sample> samples;
    while (static_cast<long>(samples.size()) < phases) {
        Position position = start;
        while (position.phase.year < start.phase.year + years &&
               static_cast<long>(samples.size()) < phases) {
            std::string text = phase_orders(variant, position, random, local);
            Adjudication result =
                adjudicator.run(variant, position, parser.parse(position, text).orders);
            if (position.phase.kind == PhaseKind::Movement)
                samples.push_back(Sample{position, std::move(text), 0});
            position = std::move(result.next);
            if (winner(variant, position) != kNoPower) break;
        }
    }
    return samples;
}

std::vector<Sample> repeated_week(const Variant& variant, const std::string& first_week,
                                  long weeks) {
    const Position week1 = starting_position(variant);
    std::vector<Sample> samples;
    for (long i = 0; i < weeks; ++i)
        samples.push_back(Sample{week1, first_week, static_cast<std::uint64_t>(i)});
    return samples;
}

namespace {

Position after_first_week(const Variant& variant, const std::string& first_week) {
    const Position week1 = starting_position(variant);
    Adjudicator adjudicator;
    const ParsedOrders parsed = OrderParser(variant).parse(week1, first_week);
    return adjudicator.run(variant, week1, parsed.orders, 1).next;
}

}  // namespace

std::vector<Sample> holding_weeks(const Variant& variant, const std::string& first_week,
                                  long weeks) {
    Position position = after_first_week(variant, first_week);
    Adjudicator adjudicator;
    std::vector<Sample> samples;
    for (long w = 0; w < weeks; ++w) {
        const auto seed = static_cast<std::uint64_t>(w);
        samples.push_back(Sample{position, "", seed});
        position = adjudicator.run(variant, position, {}, seed).next;
    }
    return samples;
}

std::vector<Sample> random_weeks(const Variant& variant, const std::string& first_week, long weeks,
                                 std::uint64_t seed) {
    Random random(seed);
    const OrderParser parser(variant);
    Position position = after_first_week(variant, first_week);
    Adjudicator adjudicator;
    std::vector<Sample> samples;
    for (std::uint64_t w = 0; static_cast<long>(samples.size()) < weeks; ++w) {
        std::string text = phase_orders(variant, position, random, true);
        Adjudication result =
            adjudicator.run(variant, position, parser.parse(position, text).orders, w);
        if (position.phase.kind == PhaseKind::Movement)
            samples.push_back(Sample{position, std::move(text), w});
        position = std::move(result.next);
    }
    return samples;
}

void parse_samples(const Variant& variant, Workload& workload) {
    const OrderParser parser(variant);
    workload.parsed.clear();
    for (const Sample& s : workload.samples)
        workload.parsed.push_back(parser.parse(s.position, s.orders));
}

std::size_t play(const Variant& variant, const OrderParser& parser, Adjudicator& adjudicator,
                 const Workload& workload) {
    std::size_t checksum = 0;
    for (std::size_t i = 0; i < workload.samples.size(); ++i) {
        const Sample& s = workload.samples[i];
        if (workload.parse) {
            const ParsedOrders parsed = parser.parse(s.position, s.orders);
            checksum +=
                adjudicator.run(variant, s.position, parsed.orders, s.seed).next.units.size();
        } else {
            checksum += adjudicator.run(variant, s.position, workload.parsed[i].orders, s.seed)
                            .next.units.size();
        }
    }
    return checksum;
}

}  // namespace adjutant::bench
