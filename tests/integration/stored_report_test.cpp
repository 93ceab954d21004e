// SPDX-License-Identifier: Apache-2.0
// A phase's stored report as values (storage/stored_report.h): storage's codec
// reads every report the adjudicator writes and writes it back byte for byte,
// and the service's cut of the values (service/visibility.h, service/fog.h)
// keeps a player's privacy whatever form an entry was stored in.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "../unit/rules_case.h"
#include "position/position_json.h"
#include "service/fog.h"
#include "service/variants.h"
#include "service/visibility.h"
#include "storage/codec.h"
#include "variant_files.h"

using adjutant::service::Viewer;
using adjutant::storage::read_report;
using adjutant::storage::report_text;
using adjutant::storage::StoredReport;
using adjutant::storage::StoredSeat;

namespace {

const adjutant::service::LoadedVariant& western_front_for_cut() {
    static const std::shared_ptr<const adjutant::service::LoadedVariant> loaded = [] {
        return adjutant::service::VariantRegistry().add(variant_file_text("western-front-1914"));
    }();
    return *loaded;
}

StoredReport report_of(const std::string& text) {
    auto report = read_report(text);
    REQUIRE(report);
    return *report;
}

// The order texts of a report's entries, in order.
std::vector<std::string> orders_in(const StoredReport& report) {
    std::vector<std::string> out;
    for (const auto& entry : report.orders.value_or(std::vector<adjutant::storage::ReportOrder>{}))
        out.push_back(entry.order.value_or(entry.input.value_or("?")));
    return out;
}

}  // namespace

// Every stage of every rules case (the DATC's and each rules suite's: retreats,
// adjustments, illegal lines, defaults, every campaign module's events with
// their dice and supply, a winner) is a report as the server stores it.
TEST_CASE(
    "Stored report: every rules case's report reads back and writes the "
    "same bytes") {
    int reports = 0;
    bool events = false, rolls = false, supply = false, dislodged = false, illegal = false,
         winner = false, explained = false, parts = false;
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
                        // An explanation is read as a value, never kept as its text.
                        CHECK(o.other.empty());
                        explained = explained || o.explanation.has_value();
                        if (o.explanation)
                            for (const auto& s : o.explanation->strengths)
                                parts = parts || !s.parts.empty();
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
    CHECK(explained);
    CHECK(parts);
}

// What another writer may have left (a key the report does not write, a field
// of another type) is kept as its text, and written back where it stood.
TEST_CASE(
    "Stored report: keys and types the adjudicator does not write come "
    "back as they were") {
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

// A refused line is its seat's: the typed redaction keeps it for that seat
// only, a headingless line found by its place in the seat's text.
TEST_CASE("Stored report: refused lines stay with their seat") {
    const std::string text =
        R"({"orders":[{"input":"hello all","line":1,"power":"","reason":"not an order",)"
        R"("result":"illegal"},{"input":"A PAR-XXX","line":3,"power":"France",)"
        R"("reason":"unknown province","result":"illegal"},)"
        R"({"order":"A PAR H","power":"France","result":"succeeds"},)"
        R"({"order":"A BER H","power":"Germany","result":"succeeds"}]})";
    std::vector<StoredSeat> seats(2);
    seats[0].power = "France";
    seats[0].text = "hello all\nFrance:\nA PAR-XXX\nA PAR H";
    seats[1].power = "Germany";
    seats[1].text = "A BER H";
    {
        StoredReport report = report_of(text);
        adjutant::service::redact_results(report, seats, Viewer{false, "Germany"});
        CHECK(orders_in(report) == std::vector<std::string>{"A PAR H", "A BER H"});
    }
    {
        StoredReport report = report_of(text);
        adjutant::service::redact_results(report, seats, Viewer{false, "France"});
        CHECK(orders_in(report) ==
              std::vector<std::string>{"hello all", "A PAR-XXX", "A PAR H", "A BER H"});
        CHECK((*report.orders)[0].power == "France");  // the seat's, whatever the line said
        const auto france = adjutant::service::results_of(report, seats, "France");
        CHECK(france.size() == 3);
        CHECK(adjutant::service::results_of(report, seats, "Germany").size() == 1);
    }
    {
        StoredReport report = report_of(text);
        adjutant::service::redact_results(report, seats, Viewer{true, ""});
        CHECK(report_text(report) == text);
    }
    {
        StoredReport report = report_of(text);
        adjutant::service::redact_results(report, seats, Viewer{});
        CHECK(orders_in(report) == std::vector<std::string>{"A PAR H", "A BER H"});
    }
}

// The fog's cut reads every string of an entry, typed or kept as text: a field
// of a form the adjudicator does not write cannot carry a province out of sight
// past it.
TEST_CASE(
    "Stored report: the fog cuts the typed report, and what is kept as "
    "text with it") {
    const auto& loaded = western_front_for_cut();
    const auto& v = loaded.variant;
    // Germany at LIE sees LIE, AAC, HAS, LOU, MAL, MAR and NAM; not BRU nor VER.
    const std::string position =
        R"({"variant": "western-front-1914", "phase": "1914W36M",
        "units": {"Germany": [{"unit": "A LIE", "id": 1, "points": 600, "supply": 3}],
                  "Belgium": [{"unit": "A NAM", "id": 2, "points": 300, "supply": 4},
                              {"unit": "A BRU", "id": 3, "points": 250, "supply": 2}],
                  "France": [{"unit": "A VER", "id": 4, "points": 420, "supply": 2}]}})";
    const auto before = adjutant::position_from_json(v, nlohmann::json::parse(position));
    REQUIRE(before.ok());
    StoredReport report = report_of(std::string(R"({"dislodged": [
          {"power": "Belgium", "unit": "A NAM", "from": "CHR", "retreats": ["BRU", "LOU"]},
          {"power": "Belgium", "unit": "A NAM", "from": ["VER"]}],
        "events": [
          {"kind": "siege.laying", "power": "Belgium", "province": "NAM", "text": "seen"},
          {"kind": "siege.laying", "power": "Belgium", "province": "NAM", "text": "note",
           "note": {"where": ["VER"], "power": "BRU"}},
          {"kind": "siege.nerves", "power": "Belgium", "province": "NAM", "text": "rolled",
           "roll": {"purpose": "nerves", "subject": "BRU", "d10": 4, "table": "3-0"}}],
        "orders": [
          {"power": "Belgium", "order": "A NAM H", "result": "fails", "reason": 3},
          {"power": "Belgium", "order": "A NAM H", "result": "fails",
           "reason": "over the power's rail capacity this turn: the unit holds"},
          {"power": "Belgium", "order": "A NAM H", "result": "succeeds", "via": "VER"},
          {"power": "Belgium", "order": "BUY 1 T LOU", "result": "succeeds"}],
        "next": )") + position + "}");
    std::vector<StoredSeat> seats(1);
    seats[0].power = "Belgium";
    seats[0].orders = std::vector<std::string>{"A NAM H", "BUY 1 T LOU"};
    seats[0].other = {{"odd", "1"}};
    StoredSeat odd;
    odd.power = "France";
    odd.other = {{"orders", R"(["A VER H", 1])"}};
    seats.push_back(odd);
    std::vector<adjutant::storage::StoredEvent> phase_events = *report.events;
    adjutant::service::fog_record(loaded, *before.position, Viewer{false, "Germany"}, seats, report,
                                  &phase_events);
    REQUIRE(report.dislodged);
    REQUIRE(report.dislodged->size() == 2);
    CHECK_FALSE((*report.dislodged)[0].from);
    CHECK((*report.dislodged)[0].retreats == std::vector<std::string>{"LOU"});
    CHECK((*report.dislodged)[1].other.empty());  // its attacker's "from" named VER
    REQUIRE(report.events);
    REQUIRE(report.events->size() == 1);
    CHECK((*report.events)[0].text == "seen");
    CHECK(phase_events.size() == 1);
    REQUIRE(report.orders);
    REQUIRE(report.orders->size() == 2);
    CHECK((*report.orders)[0].reason == "not carried out");  // of another form: nothing told
    CHECK((*report.orders)[0].other.empty());
    CHECK((*report.orders)[1].reason == "not carried out");
    CHECK(seats[0].orders == std::vector<std::string>{"A NAM H"});
    CHECK(seats[0].other.size() == 1);
    CHECK(seats[1].other.empty());  // a list that cannot be cut goes
    // The next position is the reader's view of it: the Belgian army at BRU is
    // not in it.
    REQUIRE(report.next);
    CHECK(report.next->find("A BRU") == std::string::npos);
    CHECK(report.next->find("A NAM") != std::string::npos);
}
