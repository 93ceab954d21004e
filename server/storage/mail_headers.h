// SPDX-License-Identifier: Apache-2.0
// The headers of an outbox row (OutboxRow::headers, the column mail_outbox.headers): a JSON
// object of header names to values, with the sender's own "To-Name" (the recipient's display
// name) among them. The service queues them as a map; the mail gateway reads them back
// (mail/outbound.h). This is the one place that writes and reads that text.
#pragma once

#include <map>
#include <string>
#include <string_view>

namespace adjutant::storage {

// Header name -> value; one value per name, in the order of the names.
using MailHeaders = std::map<std::string, std::string>;

std::string encode_mail_headers(const MailHeaders& headers);
// The value of header `name`, or empty when there is none.
std::string header_value(const MailHeaders& headers, const std::string& name);
// The headers of a stored row; a value that is not a string, or a text that is no JSON object,
// reads as absent.
MailHeaders decode_mail_headers(std::string_view text);

}  // namespace adjutant::storage
