// SPDX-License-Identifier: Apache-2.0
// The command text of a mail body: pure string work, no MIME (tested alone).
#pragma once

#include <string>
#include <string_view>

namespace adjutant::mail {

// Cuts a plain-text body down to what the sender wrote: stops at the signature separator
// ("-- "), at a reply attribution ("On ... wrote:") or a forwarded/original-message marker,
// and drops quoted lines ("> ..."). Line ends become "\n"; no-break spaces become spaces.
std::string command_text(std::string_view body);

// A readable plain text of an HTML body: tags dropped, block ends and <br> as line breaks,
// <style>/<script>/<head> content removed, character references decoded as the HTML Standard
// decodes them (mail/html_entities.h; a no-break space as a space). UTF-8.
std::string html_to_text(std::string_view html);

}  // namespace adjutant::mail
