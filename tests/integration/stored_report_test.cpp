// SPDX-License-Identifier: Apache-2.0
// A phase's stored report as values (storage/stored_report.h): storage's codec reads every
// report the adjudicator writes and writes it back byte for byte.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "../unit/rules_case.h"
#include "storage/codec.h"

using adjutant::storage::read_report;
using adjutant::storage::report_text;
using adjutant::storage::StoredReport;

// Every stage of every rules case (the DATC's and each rules suite's: retreats, adjustments,
// illegal lines, defaults, every campaign module's events with their dice and supply, a winner)
// is a report as the server stores it.
TEST_CASE("Stored report: every rules case's report reads back and writes the same bytes") {
    int reports = 0;
    bool events = false, rolls = false, supply = false, dislodged = false, illegal = false,
         winner = false;
    for (const char* suite : adjutant::testing::rules_case_suites()) {
        for (const std::string& file : adjutant::testing::rules_case_files(suite)) {
            std::vector<std::string> errors;
            const std::string name = std::filesystem::path(file).filename().string();
            for (const auto& c : adjutant::testing::parse_rules_cases(
                     adjutant::testing::read_text_file(file), name, errors)) {
                std::vector<std::string> texts;
                adjutant::testing::run_rules_case(adjutant::testing::variant_named(c.variant), c,
                                                  &texts);
                for (const std::string& text : texts) {
                    const auto report = read_report(text);
                    REQUIRE_MESSAGE(report, name << ":" << c.id);
                    CHECK_MESSAGE(report_text(*report) == text, name << ":" << c.id);
                    CHECK_MESSAGE(report->other.empty(), name << ":" << c.id);
                    ++reports;
                    winner = winner || report->winner.has_value();
                    for (const auto& e :
                         report->events.value_or(decltype(report->events)::value_type{})) {
                        events = true;
                        rolls = rolls || e.roll.has_value();
                        supply = supply || e.supply_change.has_value();
                        CHECK(e.other.empty());
                        if (e.roll) CHECK(e.roll->other.empty());
                    }
                    for (const auto& o :
                         report->orders.value_or(decltype(report->orders)::value_type{})) {
                        illegal = illegal || o.result == "illegal";
                        CHECK(o.other.empty());
                    }
                    for (const auto& d :
                         report->dislodged.value_or(decltype(report->dislodged)::value_type{})) {
                        dislodged = true;
                        CHECK(d.other.empty());
                    }
                }
            }
            CHECK_MESSAGE(errors.empty(), file);
        }
    }
    CHECK(reports > 500);
    CHECK(events);
    CHECK(rolls);
    CHECK(supply);
    CHECK(dislodged);
    CHECK(illegal);
    CHECK(winner);
}

// What another writer may have left (a key the report does not write, a field of another type)
// is kept as its text, and written back where it stood.
TEST_CASE("Stored report: keys and types the adjudicator does not write come back as they were") {
    const std::string text =
        R"({"dislodged":[{"from":7,"power":"Italy","retreats":["APU",1],"unit":"A VEN"}],)"
        R"("events":[{"kind":"x","note":{"a":[1,"b"]},"roll":{"d10":"4","extra":null},)"
        R"("supply_change":1.5,"text":"t"}],"extra":[1,2],"next":[],)"
        R"("orders":[{"default":1,"line":"4","order":"A ROM H","power":"Italy"}],)"
        R"("phase":1,"winner":null})";
    const auto report = read_report(text);
    REQUIRE(report);
    CHECK(report_text(*report) == text);
    CHECK(report->next == "[]");
    CHECK_FALSE(read_report("[]"));
    CHECK_FALSE(read_report("not json"));
    const auto events = adjutant::storage::read_events(
        R"([{"power":"France","reason":"x","type":"unreadable_orders"},)"
        R"({"deadline":5,"power":"Italy","remaining":1,"seconds":60,"type":"deadline_extended"}])");
    REQUIRE(events);
    REQUIRE(events->size() == 2);
    CHECK((*events)[0].type == "unreadable_orders");
    CHECK(
        adjutant::storage::stored_events_json(*events).dump() ==
        R"([{"power":"France","reason":"x","type":"unreadable_orders"},)"
        R"({"deadline":5,"power":"Italy","remaining":1,"seconds":60,"type":"deadline_extended"}])");
}
