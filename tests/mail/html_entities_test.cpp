// SPDX-License-Identifier: Apache-2.0
// Character references in HTML mail (server/mail/html_entities.h), read as a browser reads them
// in text (the HTML Standard, 13.2.5.72 to 13.2.5.80): every named reference of the standard's
// table, the legacy names written without their semicolon, and numeric references with the
// standard's replacements for invalid ones. Tested through html_to_text, the reader's entry.
#include <doctest/doctest.h>

#include <string>

#include "mail/body_text.h"

namespace {

// The text of one HTML line, without the line end html_to_text gives it.
std::string text_of(const std::string& html) {
    std::string text = adjutant::mail::html_to_text(html);
    if (!text.empty() && text.back() == '\n') text.pop_back();
    return text;
}

}  // namespace

TEST_CASE("html entities: named references of the whole HTML5 set are decoded") {
    CHECK(text_of("<div>&Agrave; bient&ocirc;t</div>") == "\u00C0 bient\u00F4t");
    CHECK(text_of("Gr&uuml;&szlig;e aus M&uuml;nchen") == "Gr\u00FC\u00DFe aus M\u00FCnchen");
    CHECK(text_of("&hellip; &mdash; &euro;&rsquo;s &frac12; &ncaron; &Zopf; &bne;") ==
          "\u2026 \u2014 \u20AC\u2019s \u00BD \u0148 \u2124 =\u20E5");
    // The five of XML and the no-break space (a space here, as before: lines are trimmed).
    CHECK(text_of("&lt;&gt;&quot;&apos;&amp;&nbsp;x") == "<>\"'& x");
    // Case matters, as in the table: &AMP; is a name, &Amp; is not.
    CHECK(text_of("&AMP; &Amp;") == "& &Amp;");
}

TEST_CASE("html entities: references that stand for two code points") {
    CHECK(text_of("&NotEqualTilde;") == "\u2242\u0338");
    CHECK(text_of("&acE;") == "\u223E\u0333");
    CHECK(text_of("&fjlig;") == "fj");
    CHECK(text_of("&ThickSpace;|") == "\u205F\u200A|");
}

TEST_CASE("html entities: legacy names are decoded without their semicolon") {
    CHECK(text_of("&copy 2024") == "\u00A9 2024");
    CHECK(text_of("caf&eacute au lait") == "caf\u00E9 au lait");
    CHECK(text_of("&eacutex") == "\u00E9x");
    // The longest name wins: &notin; is a name, and in "&notit;" only the legacy "&not" is.
    CHECK(text_of("&notin; &notit;") == "\u2209 \u00ACit;");
    CHECK(text_of("&ampfoo") == "&foo");
    // A name that needs its semicolon is not decoded without it.
    CHECK(text_of("&hellip and") == "&hellip and");
}

TEST_CASE("html entities: what is no reference is kept as written") {
    CHECK(text_of("Tom & Jerry") == "Tom & Jerry");
    CHECK(text_of("AT&T; &bogus; &zz &") == "AT&T; &bogus; &zz &");
    CHECK(text_of("&#; &#x; &#xZ; &#a") == "&#; &#x; &#xZ; &#a");
}

TEST_CASE("html entities: numeric references, with the replacements for invalid ones") {
    CHECK(text_of("&#233;&#xE9;&#XE9;&#233 x") == "\u00E9\u00E9\u00E9\u00E9 x");
    CHECK(text_of("&#65bc &#x41g") == "Abc Ag");
    CHECK(text_of("&#x1F600;") == "\U0001F600");
    // Zero, surrogates and values past U+10FFFF (however long) are U+FFFD.
    CHECK(text_of("&#0;") == "\uFFFD");
    CHECK(text_of("&#xD800;") == "\uFFFD");
    CHECK(text_of("&#x110000;") == "\uFFFD");
    CHECK(text_of("&#99999999999999999999;") == "\uFFFD");
    // The C1 range is read as windows-1252, as the standard's table says.
    CHECK(text_of("&#128;&#x9F;&#x92;") == "\u20AC\u0178\u2019");
}
