// SPDX-License-Identifier: Apache-2.0
// Building one outbound message with GMime from an outbox row: From (configured), To (with the
// player's name, RFC 2047-encoded when not ASCII), Subject (likewise), Date, Message-ID,
// In-Reply-To/References, Reply-To, Auto-Submitted and our X-Loop, and a text/plain UTF-8 body
// in quoted-printable when it is not 7-bit. CRLF line ends, ready for SMTP. The same row
// always builds the same bytes (Date and Message-ID were fixed when it was queued).
#pragma once

#include <string>

#include "storage/records.h"

namespace adjutant::mail {

struct Envelope {
    std::string from;  // bare address for MAIL FROM
    std::string to;    // bare address for RCPT TO
};

// `from_header`: the configured "Name <address>". Throws std::runtime_error when the From or
// the recipient is not a usable address.
std::string build_message(const storage::OutboxRow& row, const std::string& from_header,
                          Envelope* envelope = nullptr);

// The bare address of "Name <address>" (or of a bare address), lower-case as written.
std::string bare_address(const std::string& mailbox);

}  // namespace adjutant::mail
