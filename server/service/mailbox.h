// SPDX-License-Identifier: Apache-2.0
// E-mail addresses: the one check of every address the server stores and mails (a seat's
// `email` at join, invite and replace; the GM's `gm_email` at creation and in the settings;
// the outbox before it sends; docs/security.md).
#pragma once

#include <string>
#include <string_view>

namespace adjutant::service {

// Why `address` is not exactly one mailbox of RFC 5321 (4.1.2 "Mailbox": a Local-part, "@",
// a Domain or an address literal; 4.5.3.1 sizes: a local part of at most 64 octets, a domain
// of at most 255, the whole at most 254), or empty when it is one. No display name, no angle
// brackets, no list, no control character, nothing but ASCII (an internationalised address,
// RFC 6531, needs SMTPUTF8, which the server does not ask its relay for).
std::string mailbox_problem(std::string_view address);

// 400 "bad_request": "<what> is not one e-mail address: <why>".
void require_mailbox(std::string_view address, std::string_view what);

}  // namespace adjutant::service
