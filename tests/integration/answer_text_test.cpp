// SPDX-License-Identifier: Apache-2.0
// The order submission's JSON written as text (service/codec.h verdicts_text, http/json_views.h
// order_submission_text): byte for byte what serialising the document gave, for any text a
// player can send (quotes, backslashes, control bytes, UTF-8, bytes that are not UTF-8).
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "http/json_text.h"
#include "http/json_views.h"
#include "service/codec.h"

namespace {

using adjutant::service::Verdict;

std::vector<Verdict> awkward_verdicts() {
    std::string every_ascii;
    for (int c = 1; c < 128; ++c) every_ascii += static_cast<char>(c);
    std::vector<Verdict> verdicts;
    verdicts.push_back({1, "A PAR-BUR", true, "A PAR-BUR", "", ""});
    verdicts.push_back({2, "A \"MUN\" \\ hold", false, "", "no unit at \"MUN\"\t\r\n", ""});
    verdicts.push_back({3, every_ascii, true, every_ascii, "", every_ascii});
    verdicts.push_back({4, "F Brest \xC3\xA0 la Manche \xE2\x80\x94 ok", false, "", "unknown", ""});
    verdicts.push_back({5, "bad \xFF\xC3 bytes", false, "", "bad \xC3", "note \x80"});
    verdicts.push_back({6, "", true, "A MAR-SPA", "", "replaced by line 7"});
    return verdicts;
}

}  // namespace

TEST_CASE("verdicts as text: the bytes the JSON document serialises to") {
    const auto verdicts = awkward_verdicts();
    using adjutant::http::json_text;
    CHECK(adjutant::service::verdicts_text(verdicts) ==
          json_text(adjutant::service::verdicts_json(verdicts)));
    CHECK(adjutant::service::verdicts_text({}) == "[]");
}

TEST_CASE("an order submission's answer: the bytes of the whole document") {
    adjutant::service::OrderSubmission submission;
    submission.check.phase = "S1901M";
    submission.check.seq = 3;
    submission.check.verdicts = awkward_verdicts();
    for (const bool replaced : {true, false}) {
        submission.check.orders.clear();
        if (replaced)
            submission.check.orders = {"A PAR-BUR", "A MAR \"SPA\"\x01", "F \xC3\xA0 \xFF"};
        submission.replaced = replaced;
        submission.submitted_at.reset();
        if (replaced) submission.submitted_at = 1700000000;
        auto document = adjutant::http::order_check_json(submission.check);
        document["replaced"] = submission.replaced;
        if (submission.submitted_at) document["submitted_at"] = *submission.submitted_at;
        const std::string expected = adjutant::http::json_text(document);
        submission.verdicts_text.clear();
        CHECK(adjutant::http::order_submission_text(submission) == expected);
        submission.verdicts_text = adjutant::service::verdicts_text(submission.check.verdicts);
        CHECK(adjutant::http::order_submission_text(submission) == expected);
    }
}
