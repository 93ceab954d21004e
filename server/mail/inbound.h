// SPDX-License-Identifier: Apache-2.0
// Reading one inbound RFC 5322 message with GMime: the sender, the threading and loop headers,
// and the text the sender wrote (text/plain preferred, HTML-only converted to text, transfer
// encodings undone, charsets converted to UTF-8, signature and quoted reply removed).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace adjutant::mail {

struct InboundMessage {
    std::string from;          // From: address, lower-case; empty when there is none
    std::string subject;       // decoded, UTF-8
    std::string message_id;    // "<...>" or empty
    std::string references;    // as received
    std::string delivered_to;  // the first Delivered-To:, else the first To:/Cc: with a '+'
    std::string return_path;   // as received ("<>" for bounces); empty when absent
    std::string text;          // the command text (body_text.h), UTF-8
    std::string text_error;    // set when no readable text part was found
    std::string automated;     // why this must never be answered; empty for a person's mail
};

inline constexpr std::size_t kMaxTextBytes = 256 * 1024;

// Parses `raw`. Never throws on malformed input: a message without a usable From: comes back
// with `from` empty, one without readable text with `text_error` set. `own_address` is our
// From address (mail from it, or carrying it in X-Loop, is our own).
InboundMessage parse_inbound(std::string_view raw, std::string_view own_address);

}  // namespace adjutant::mail
