// SPDX-License-Identifier: Apache-2.0
// The service's side of the stored documents (storage/codec.h writes and reads them): a stored
// position that does not read back becomes an ApiError 500 "corrupt_state", and a parser's
// verdict the stored Verdict. The storage codec's functions are named here too, so the service
// files call them as before.
#pragma once

#include <string_view>

#include "orders/parser.h"
#include "service/order_results.h"
#include "storage/codec.h"
#include "variant/variant.h"

namespace adjutant::service {

using storage::adjudication_json;
using storage::adjudication_text;
using storage::append_json_string;
using storage::decode_verdicts;
using storage::decode_week;
using storage::position_json;
using storage::position_text;
using storage::verdicts_json;
using storage::verdicts_text;

// Throws ApiError 500 "corrupt_state" when `text` is not a position of `variant`.
Position decode_position(const Variant& variant, std::string_view text);

Verdict verdict_of(const Variant& variant, const OrderVerdict& verdict);

}  // namespace adjutant::service
