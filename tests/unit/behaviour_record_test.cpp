// SPDX-License-Identifier: Apache-2.0
// The behaviour record (tests/record/README.md): every rules case's whole report, and random
// standard, Colonial and 1914-campaign games played phase by phase, each reduced to a line
// "name hash". A refactoring or an optimisation must leave every line as it is; a deliberate
// change of behaviour rewrites the file (ADJUTANT_RECORD_WRITE=1) and its diff names exactly
// which cases and games changed, for the commit to explain.
#include <doctest/doctest.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "adjudicate.h"
#include "bench/random_orders.h"
#include "orders/parser.h"
#include "position/position_check.h"
#include "report/adjudication_json.h"
#include "rules_case.h"
#include "starting_position.h"

using namespace adjutant;
using namespace adjutant::testing;

namespace {

// FNV-1a, 64 bits: defined by its constants alone, so the record reads the same on every
// machine and standard library (std::hash does not promise that).
class Fnv64 {
  public:
    void add(std::string_view text) {
        for (const unsigned char c : text) {
            hash_ ^= c;
            hash_ *= 0x100000001b3ULL;
        }
        hash_ ^= 0xff;  // a separator, so "ab"+"c" and "a"+"bc" differ
        hash_ *= 0x100000001b3ULL;
    }
    std::string hex() const {
        char out[17];
        std::snprintf(out, sizeof out, "%016llx", static_cast<unsigned long long>(hash_));
        return out;
    }

  private:
    std::uint64_t hash_ = 0xcbf29ce484222325ULL;
};

void record_rules_cases(std::map<std::string, std::string>& record) {
    for (const char* suite : rules_case_suites()) {
        for (const std::string& file : rules_case_files(suite)) {
            std::vector<std::string> errors;
            const std::string name = std::filesystem::path(file).filename().string();
            std::map<std::string, int> blocks;  // a number may head several blocks (DATC 6.J.9)
            for (const RulesCase& c : parse_rules_cases(read_text_file(file), name, errors)) {
                std::vector<std::string> reports;
                const auto problems = run_rules_case(variant_named(c.variant), c, &reports);
                Fnv64 hash;
                for (const std::string& report : reports) hash.add(report);
                for (const std::string& problem : problems) hash.add(problem);
                record[std::string(suite) + "/" + name + ":" + c.id + "#" +
                       std::to_string(++blocks[c.id])] = hash.hex();
            }
            CHECK_MESSAGE(errors.empty(), file);
        }
    }
}

// One random game: each phase's orders drawn from `seed`, parsed, adjudicated with the dice
// keyed by the same seed, and the report of every phase hashed in turn.
std::string random_game(const Variant& variant, std::uint64_t seed, int phases) {
    bench::Random random(seed);
    const OrderParser parser(variant);
    Adjudicator adjudicator;
    Position position = starting_position(variant);
    Fnv64 hash;
    for (int i = 0; i < phases; ++i) {
        const std::string text = bench::random_phase_orders(variant, position, random);
        const ParsedOrders parsed = parser.parse(position, text);
        Adjudication result = adjudicator.run(variant, position, parsed.orders, seed);
        CHECK_MESSAGE(position_is_ok(variant, result.next).empty(), variant.name, " seed ", seed,
                      " ", result.next.phase.code(), ": ", position_is_ok(variant, result.next));
        hash.add(text);
        hash.add(adjudication_to_json(variant, parsed, result).dump());
        position = std::move(result.next);
    }
    return hash.hex();
}

void record_random_games(std::map<std::string, std::string>& record) {
    struct Games {
        const char* variant;
        int games;
        int phases;
    };
    for (const Games& g : {Games{"standard", 12, 40}, Games{"colonial", 6, 40},
                           Games{"western-front-1914", 6, 12}}) {
        const Variant& variant = variant_named(g.variant);
        for (int seed = 1; seed <= g.games; ++seed) {
            char name[96];
            std::snprintf(name, sizeof name, "random/%s/seed-%02d", g.variant, seed);
            record[name] = random_game(variant, static_cast<std::uint64_t>(seed), g.phases);
        }
    }
}

std::string record_text(const std::map<std::string, std::string>& record) {
    std::string text;
    for (const auto& [name, hash] : record) text += name + " " + hash + "\n";
    return text;
}

std::map<std::string, std::string> read_record(const std::string& text) {
    std::map<std::string, std::string> record;
    std::istringstream in(text);
    std::string name, hash;
    while (in >> name >> hash) record[name] = hash;
    return record;
}

}  // namespace

TEST_CASE("Behaviour record: rules cases and random games are unchanged") {
    std::map<std::string, std::string> now;
    record_rules_cases(now);
    record_random_games(now);
    const std::string path = std::string(ADJUTANT_SOURCE_DIR) + "/tests/record/behaviour.txt";

    const char* write = std::getenv("ADJUTANT_RECORD_WRITE");
    if (write != nullptr && std::string(write) == "1") {
        std::ofstream(path, std::ios::binary) << record_text(now);
        MESSAGE("behaviour record written: " << now.size() << " lines");
        return;
    }
    const std::map<std::string, std::string> recorded = read_record(read_text_file(path));
    REQUIRE_MESSAGE(!recorded.empty(), "the behaviour record is empty");
    int differences = 0;
    for (const auto& [name, hash] : now) {
        const auto it = recorded.find(name);
        if (it == recorded.end())
            FAIL_CHECK("not in the record: " << name);
        else if (it->second != hash)
            FAIL_CHECK("behaviour changed: " << name);
        else
            continue;
        ++differences;
    }
    for (const auto& [name, hash] : recorded)
        if (now.find(name) == now.end()) {
            FAIL_CHECK("recorded but no longer produced: " << name);
            ++differences;
        }
    if (differences > 0)
        MESSAGE(differences << " difference(s); if the change of behaviour is intended, rewrite "
                               "the record with ADJUTANT_RECORD_WRITE=1 and explain it in the "
                               "commit");
}
