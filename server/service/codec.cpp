// SPDX-License-Identifier: Apache-2.0
#include "service/codec.h"

#include "service/error.h"

namespace adjutant::service {

Position decode_position(const Variant& variant, std::string_view text) {
    storage::StoredPosition stored = storage::read_position(variant, text);
    if (!stored.position) throw ApiError(500, "corrupt_state", stored.problem);
    return std::move(*stored.position);
}

Verdict verdict_of(const Variant& variant, const OrderVerdict& verdict) {
    const bool accepted = verdict.accepted();
    return {verdict.line,
            verdict.input(),
            accepted,
            verdict.canonical(variant),
            accepted ? std::string() : verdict.error,
            verdict.note};
}

}  // namespace adjutant::service
