// SPDX-License-Identifier: Apache-2.0
// OrderParser::parse_seats, the server's resolution's parse of every seat with one reader set
// up once: it must give what parse_onto gives each seat in turn, line for line, whatever the
// seats hold, and say where each seat's lines landed.
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "orders/shared_texts.h"
#include "parser_test_support.h"

using namespace parser_test;

namespace {

// The seats parsed both ways, with the texts in one shared buffer (as the server has them) and
// without an owner (each seat's text copied by the parse); the lists parse_onto made.
ParsedOrders compare_both_ways(const Position& pos, const std::vector<Seat>& seats) {
    const OrderParser parser(standard());
    ParsedOrders onto;
    for (const Seat& seat : seats) parser.parse_onto(onto, pos, seat.text, seat.power);
    for (const bool shared : {true, false}) {
        CAPTURE(shared);
        SharedTexts texts(seats, [](const Seat& seat) -> const std::string& { return seat.text; });
        std::vector<SeatSubmission> submissions;
        for (const Seat& seat : seats) {
            SeatSubmission& submission = submissions.emplace_back();
            submission.text = shared ? texts.next(seat.text) : std::string_view(seat.text);
            submission.power = seat.power;
        }
        for (int round = 0; round < 2; ++round) {  // the second into lists with room kept
            ParsedOrders all;
            parser.parse_seats(all, pos, submissions, shared ? texts.owner() : nullptr);
            check_same_lists(all, onto);
            // Each seat's end is where parse_onto's lists stood after it.
            ParsedOrders partial;
            for (std::size_t s = 0; s < seats.size(); ++s) {
                parser.parse_onto(partial, pos, seats[s].text, seats[s].power);
                CHECK(submissions[s].verdicts_end == partial.verdicts.size());
                CHECK(submissions[s].orders_end == partial.orders.size());
                CHECK(submissions[s].error.empty());
            }
        }
    }
    return onto;
}

}  // namespace

// The seats of parse_onto's own test (mixed_seats), and one more ordering a unit twice.
TEST_CASE("parser: parse_seats equals parse_onto for each seat in turn, movement") {
    std::vector<Seat> seats = mixed_seats();
    seats.push_back({"A MUN - RUH\nA MUN - BUR\n", power("Germany")});  // a second replacement
    const ParsedOrders onto = compare_both_ways(start(), seats);
    // What the seats make, so the comparison compares something.
    CHECK(onto.orders.size() == 9);
    CHECK(onto.verdicts.size() == 17);
    CHECK(onto.verdicts[0].note == "replaced by line 3");
    CHECK(onto.verdicts[15].note == "replaced by line 2");  // Germany's seat, its own lines
    CHECK(onto.verdicts[7].error == "unknown power");
}

// Builds and removals are counted per submission: a seat's builds do not use up the next
// seat's, nor does a block of one seat reach into the next.
TEST_CASE("parser: parse_seats counts each seat's builds on its own, adjustments") {
    const Position pos = adjustment_position();
    const std::vector<Seat> seats = {
        {"Build A KIE\nBuild A MUN\n", power("Germany")},
        {"Build A MOS\nBuild F STP/NC\nBuild A WAR\n", power("Russia")},
        {"Russia:\nBuild A MOS\nGermany: Build A MUN\n", kNoPower},
        {"Remove A GAS\n", power("France")},
    };
    const ParsedOrders onto = compare_both_ways(pos, seats);
    // Germany builds one (its second refused); Russia two (a third refused); the GM's seat
    // builds again for both, counted afresh; France removes one.
    std::size_t accepted = 0;
    for (const OrderVerdict& verdict : onto.verdicts) accepted += verdict.accepted() ? 1 : 0;
    CHECK(onto.verdicts.size() == 8);
    CHECK(accepted == 6);
    CHECK_FALSE(onto.verdicts[1].accepted());
    CHECK_FALSE(onto.verdicts[4].accepted());
    CHECK(onto.verdicts[5].accepted());
    CHECK(onto.verdicts[6].accepted());
}
