// SPDX-License-Identifier: Apache-2.0
// The checks every stored text a person wrote and every e-mail address go through
// (docs/security.md, "What the server accepts"): the one text check of service/text.h and the one
// mailbox check of service/mailbox.h. The HTTP tests (test_server.py, `stored_text` and
// `email_addresses`) send the same through every entry point.
#include <doctest/doctest.h>

#include <string>

#include "service/error.h"
#include "service/mailbox.h"
#include "service/text.h"

using namespace adjutant;
using service::TextLines;

namespace {

// The status and code require_text throws for `text`, or 0 and "" when it accepts it.
std::pair<int, std::string> refusal(std::string_view text, TextLines lines) {
    try {
        service::require_text(text, "field 'name'", lines);
        return {0, ""};
    } catch (const service::ApiError& e) {
        return {e.status(), e.code() + ": " + e.what()};
    }
}

}  // namespace

TEST_CASE("Stored text: no C0 but tab and line breaks where lines are allowed, no C1, no DEL") {
    // Accepted: letters of any script, tabs and line breaks in a text of lines.
    CHECK(
        refusal("Entente cordiale, été 1914 \xe2\x80\x94 \xf0\x9d\x84\x9e", TextLines::One).first ==
        0);
    CHECK(refusal("A PAR-BUR\r\n\tA MAR S A PAR-BUR\n", TextLines::Many).first == 0);
    // U+00A0 (no-break space) and U+00FF follow the C1 block and are letters, not controls.
    CHECK(refusal("a\xc2\xa0"
                  "b\xc3\xbf",
                  TextLines::One)
              .first == 0);
    // Refused: every C0 control but tab, LF and CR; those too in a one-line text.
    for (int c = 0; c < 0x20; ++c) {
        const std::string text = "ab" + std::string(1, static_cast<char>(c)) + "cd";
        const bool line_break = c == '\t' || c == '\n' || c == '\r';
        CAPTURE(c);
        CHECK(refusal(text, TextLines::Many).first == (line_break ? 0 : 400));
        CHECK(refusal(text, TextLines::One).first == 400);
    }
    // DEL, and the whole C1 block U+0080-U+009F (U+009B is the 8-bit CSI, a terminal escape).
    CHECK(refusal("ab\x7f", TextLines::Many).first == 400);
    for (int c = 0x80; c <= 0x9f; ++c) {
        const std::string text = std::string("ab") + static_cast<char>(0xc2) + static_cast<char>(c);
        CAPTURE(c);
        CHECK(refusal(text, TextLines::Many).first == 400);
    }
    // The refusal names the character and where it is, by line and character.
    const auto csi = refusal(
        "Hello\nmy \xc3\xa9\xc3\xa9\xc2\x9b"
        "2J",
        TextLines::Many);
    CHECK(csi.first == 400);
    CHECK(csi.second ==
          "bad_request: field 'name' holds a control character, U+009B, at line 2, character 6: "
          "it may hold no control character but tabs and line breaks");
    const auto nul = refusal(std::string("Italy\0evil", 10), TextLines::One);
    CHECK(nul.second ==
          "bad_request: field 'name' holds a control character, U+0000, at line "
          "1, character 6: it is one line of text with no control character");
    // Text that is not UTF-8 is refused as require_utf8 refuses it, with its code.
    CHECK(refusal("caf\xe9", TextLines::One)
              .second.starts_with("bad_encoding: field 'name' must "
                                  "be UTF-8"));
    // find_control_character says where, for callers that report it otherwise.
    const auto found = service::find_control_character("ok\n\x1b[31m", TextLines::Many);
    REQUIRE(found);
    CHECK(found->code == 0x1b);
    CHECK(found->line == 2);
    CHECK(found->character == 1);
    CHECK(found->offset == 3);
    CHECK_FALSE(service::find_control_character("ok\nfine", TextLines::Many));
}

TEST_CASE("E-mail addresses: exactly one RFC 5321 mailbox") {
    for (const char* good :
         {"france@player.test", "first.last+diplomacy@mail.example.org", "o'brien@x.test",
          "a!#$%&'*+-/=?^_`{|}~b@x-y.test", "r@x.test", "\"john doe\"@x.test", "\"a\\\"b\"@x.test",
          "user@[192.0.2.1]", "user@[IPv6:2001:db8::1]", "UPPER@CASE.TEST", "x@localhost"}) {
        CAPTURE(good);
        CHECK(service::mailbox_problem(good).empty());
    }
    for (const char* bad : {
             "",                           // nothing
             "victim",                     // no domain
             "@x.test",                    // no local part
             "a@",                         // no domain
             "a@@x.test",                  // two at signs
             "a@b@x.test",                 // two mailboxes run together
             "r@x.test,victim@evil.test",  // a list
             "r@x.test victim@evil.test",  // two, by a space
             "a b@x.test",                 // a space outside quotes
             "a\tb@x.test",                // a tab
             "a\rb@x.test",
             "a@x.test\r\nBcc: victim@evil.test",  // header injection
             "<a@x.test>",                         // a path, not a mailbox
             "Name <a@x.test>",                    // a name-addr
             ".a@x.test",
             "a.@x.test",
             "a..b@x.test",  // dots out of place
             "a@x..test",
             "a@.x.test",
             "a@x.test.",
             "a@-x.test",
             "a@x-.test",
             "a@x_y.test",
             "a@[192.0.2.256]",
             "a@[192.0.2]",
             "a@[]",
             "a@[IPv6:]",
             "\"unclosed@x.test",
             "\"a\"b@x.test",
             "\"a\nb\"@x.test",
             "caf\xc3\xa9@x.test",  // not ASCII (RFC 6531 is not RFC 5321)
             "a@x\xc2\x9b.test",
             "a\x7f@x.test",
         }) {
        CAPTURE(bad);
        CHECK_FALSE(service::mailbox_problem(bad).empty());
    }
    // A NUL cuts nothing short: the whole address is checked.
    CHECK_FALSE(service::mailbox_problem(std::string("victim@evil.test\0@x.test", 24)).empty());
    // RFC 5321 4.5.3.1: a local part of at most 64 octets, a domain of at most 255, a path of at
    // most 256 (so a mailbox of at most 254).
    CHECK(service::mailbox_problem(std::string(64, 'a') + "@x.test").empty());
    CHECK_FALSE(service::mailbox_problem(std::string(65, 'a') + "@x.test").empty());
    std::string domain;
    while (domain.size() < 240) domain += std::string(50, 'd') + ".";
    domain += "test";
    CHECK_FALSE(service::mailbox_problem("a@" + domain).empty());
    // One label is at most 63 octets (RFC 1035 2.3.4, which RFC 5321's Domain follows).
    CHECK_FALSE(service::mailbox_problem("a@" + std::string(64, 'd') + ".test").empty());
    // require_mailbox: 400 naming the field and why.
    try {
        service::require_mailbox("r@x.test,victim@evil.test", "field 'email'");
        FAIL("a list is accepted");
    } catch (const service::ApiError& e) {
        CHECK(e.status() == 400);
        CHECK(std::string(e.what()).starts_with("field 'email' is not one e-mail address: "));
    }
}
