// SPDX-License-Identifier: Apache-2.0
// The inbound parsing module (server/mail/inbound.h, body_text.h) against MIME fixtures in
// tests/mail/fixtures/: each gives the right command text or a clean error.
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "mail/body_text.h"
#include "mail/inbound.h"
#include "mail/outbound.h"

namespace {

using adjutant::mail::InboundMessage;

std::string fixture(const std::string& name) {
    std::ifstream in(std::string(ADJUTANT_MAIL_FIXTURES) + "/" + name, std::ios::binary);
    REQUIRE_MESSAGE(in.good(), "missing fixture " << name);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

InboundMessage parse(const std::string& name) {
    return adjutant::mail::parse_inbound(fixture(name), "judge@adjutant.test");
}

}  // namespace

TEST_CASE("multipart/alternative: the text/plain part, quoted-printable, headers decoded") {
    const auto in = parse("multipart_alternative.eml");
    CHECK(in.from == "fred@player.test");  // lower-cased for comparison with the seat's
    CHECK(in.subject == "Frühjahr");
    CHECK(in.message_id == "<alt-1@player.test>");
    CHECK(in.references == "<a@x> <b@x>");
    CHECK(in.delivered_to == "orders+g1-france-0123456789abcdef0123@adjutant.test");
    CHECK(in.automated.empty());
    CHECK(in.text_error.empty());
    CHECK(in.text == "A PAR-BUR\nA MAR-SPA\nF BRE-MAO — café\n");
}

TEST_CASE("quoted-printable soft line breaks are joined") {
    const auto in = parse("quoted_printable.eml");
    CHECK(in.text ==
          "A PAR-BUR\nF BRE-MAO this line is long enough that the sender's client wrapped it "
          "with a soft line break\nA MAR-SPA café\n");
}

TEST_CASE("base64 text is decoded") {
    CHECK(parse("base64.eml").text == "A PAR-BUR\nF BRE-MAO\nGrüße\n");
}

TEST_CASE("ISO-8859-1 is converted to UTF-8") {
    CHECK(parse("iso_8859_1.eml").text == "A PAR-BUR\nGrüße aus München\n");
}

TEST_CASE("HTML-only mail is converted to text") {
    const auto in = parse("html_only.eml");
    CHECK(in.text_error.empty());
    CHECK(in.text == "A PAR-BUR\nA MAR-SPA\nF BRE-MAO\n\nTom & Jerry é\n");
}

TEST_CASE("reading stops at a reply attribution and skips quoted lines") {
    CHECK(parse("reply_quoted.eml").text == "STATUS\nA PAR-BUR\n");
}

TEST_CASE("reading stops at the signature separator") {
    CHECK(parse("signature.eml").text == "READY\n");
}

TEST_CASE("auto-replies, bounces and our own loop are recognised") {
    CHECK(parse("auto_reply.eml").automated == "Auto-Submitted: auto-replied");
    CHECK(!parse("bounce.eml").automated.empty());
    const std::string own = "From: judge@adjutant.test\r\nSubject: x\r\n\r\nhello\r\n";
    CHECK(adjutant::mail::parse_inbound(own, "judge@adjutant.test").automated == "our own address");
    const std::string loop =
        "From: fred@player.test\r\nX-Loop: Judge@Adjutant.test\r\n\r\nhello\r\n";
    CHECK(adjutant::mail::parse_inbound(loop, "judge@adjutant.test").automated == "our own X-Loop");
}

TEST_CASE("broken messages give a clean error, not a crash") {
    const auto multipart = parse("broken_multipart.eml");
    CHECK(multipart.from == "fred@player.test");
    CHECK(multipart.text_error == "the message has no text part");

    CHECK(parse("no_from.eml").from.empty());  // mail-in answers nobody: EX_DATAERR

    const auto base64 = parse("broken_base64.eml");  // the decodable start survives
    CHECK(base64.text_error.empty());
    CHECK(base64.text.rfind("A PAR-BUR\n", 0) == 0);

    const auto charset = parse("unknown_charset.eml");
    CHECK(charset.text_error.empty());
    CHECK(charset.text == "A PAR-BUR\n");

    for (const std::string& garbage : {std::string(), std::string("\0\0\0", 3),
                                       std::string(5000, '\n'), std::string("::::\r\n\r\n")}) {
        const auto in = adjutant::mail::parse_inbound(garbage, "judge@adjutant.test");
        CHECK(in.from.empty());
    }
}

TEST_CASE("very large messages: an attachment is skipped, an oversized text is refused") {
    std::string attachment;
    for (int i = 0; i < 60000; ++i)
        attachment += "QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo0NTY3ODkw\r\n";
    const std::string big =
        "From: fred@player.test\r\nSubject: big\r\nMIME-Version: 1.0\r\n"
        "Content-Type: multipart/mixed; boundary=\"m\"\r\n\r\n--m\r\n"
        "Content-Type: text/plain\r\n\r\nA PAR-BUR\r\n--m\r\n"
        "Content-Type: text/plain; name=\"log.txt\"\r\nContent-Disposition: attachment\r\n"
        "Content-Transfer-Encoding: base64\r\n\r\n" +
        attachment + "--m--\r\n";
    REQUIRE(big.size() > 2'000'000);
    const auto in = adjutant::mail::parse_inbound(big, "judge@adjutant.test");
    CHECK(in.text == "A PAR-BUR\n");

    std::string long_text = "From: fred@player.test\r\nSubject: long\r\n\r\n";
    for (int i = 0; i < 40000; ++i) long_text += "A PAR-BUR\r\n";
    const auto refused = adjutant::mail::parse_inbound(long_text, "judge@adjutant.test");
    CHECK(refused.text_error == "the message text is longer than 256 KiB");
    CHECK(refused.text.empty());
}

TEST_CASE("command text: no-break spaces, trailing blank lines, forwarded markers") {
    using adjutant::mail::command_text;
    CHECK(command_text("A\xC2\xA0PAR-BUR\r\n\r\n\r\n") == "A PAR-BUR\n");
    CHECK(command_text("READY\n-----Original Message-----\nA PAR-BUR\n") == "READY\n");
    CHECK(command_text("") == "");
}

TEST_CASE("outbound: the same row builds the same bytes, a non-ASCII subject is encoded") {
    adjutant::storage::OutboxRow row;
    row.recipient = "fred@player.test";
    row.subject = "Résultats";
    row.body = "A PAR - BUR  ->  succeeds\n";
    row.headers = R"({"Message-ID":"<x1@adjutant.test>","Date":"Mon, 01 Jan 2024 10:00:00 +0000"})";
    adjutant::mail::Envelope envelope;
    const auto bytes = adjutant::mail::build_message(row, "Judge <judge@adjutant.test>", &envelope);
    CHECK(bytes == adjutant::mail::build_message(row, "Judge <judge@adjutant.test>"));
    CHECK(envelope.from == "judge@adjutant.test");
    CHECK(envelope.to == "fred@player.test");
    CHECK(bytes.find("Subject: =?UTF-8?B?UsOpc3VsdGF0cw==?=\r\n") != std::string::npos);
    CHECK(bytes.find("Message-Id: <x1@adjutant.test>\r\n") != std::string::npos);
    CHECK(bytes.find("\r\n\r\nA PAR - BUR  ->  succeeds\r\n") != std::string::npos);
    row.recipient = "not an address";
    CHECK_THROWS(adjutant::mail::build_message(row, "Judge <judge@adjutant.test>"));
    // A row stored before every address was checked as one mailbox (service/mailbox.h) is not
    // sent: not to the part before a NUL, nor to a list, nor with a tab.
    for (const std::string& bad :
         {std::string("victim@evil.test\0@x.test", 24), std::string("r@x.test,victim@evil.test"),
          std::string("a\tb@x.test")}) {
        row.recipient = bad;
        CHECK_THROWS(adjutant::mail::build_message(row, "Judge <judge@adjutant.test>"));
    }
}
