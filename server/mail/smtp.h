// SPDX-License-Identifier: Apache-2.0
// Sending one message over SMTP with libcurl to the configured relay (smtp:// or smtps://
// URL). Bounded by timeouts so a hanging relay cannot stall the sender.
#pragma once

#include <string>

namespace adjutant::mail {

struct SmtpResult {
    bool sent = false;
    bool permanent = false;    // the relay refused with a 5xx: retrying will not help
    bool unreachable = false;  // no connection at all: later rows need not try this round
    std::string error;
};

SmtpResult smtp_send(const std::string& relay_url, const std::string& mail_from,
                     const std::string& rcpt_to, const std::string& message);

}  // namespace adjutant::mail
