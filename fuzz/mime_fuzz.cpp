// SPDX-License-Identifier: Apache-2.0
// libFuzzer target: arbitrary bytes as an inbound mail, read as `adjutant mail-in` reads it
// (GMime, charset conversion, HTML to text, quote and signature stripping). Mail arrives from
// anyone, so the reader must never crash, hang or return text beyond its limit, and what it
// returns must be valid for the answer it is quoted in.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "mail/inbound.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view raw(reinterpret_cast<const char*>(data), size);
    const adjutant::mail::InboundMessage m =
        adjutant::mail::parse_inbound(raw, "judge@adjutant.test");
    if (m.text.size() > adjutant::mail::kMaxTextBytes) std::abort();
    // A message with readable text has no text error, and the reverse.
    if (!m.text_error.empty() && !m.text.empty()) std::abort();
    return 0;
}
