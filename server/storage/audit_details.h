// SPDX-License-Identifier: Apache-2.0
// The details of an audit row (Store::audit, the column audit_log.detail): a JSON object of
// named values, which the GM's audit log shows as it is. The service says what happened as a
// map of typed values; this is where it becomes the stored text.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <variant>
#include <vector>

namespace adjutant::storage {

// One detail: none (JSON null), a flag, a number, a text or a list of texts.
using AuditValue =
    std::variant<std::nullptr_t, bool, std::int64_t, std::string, std::vector<std::string>>;
// Name -> value, written in the order of the names.
using AuditDetails = std::map<std::string, AuditValue>;

// The stored text; bytes of a text that are not UTF-8 are written as U+FFFD, so no detail can
// make the audit fail.
std::string encode_audit_details(const AuditDetails& details);

}  // namespace adjutant::storage
