// SPDX-License-Identifier: Apache-2.0
// GMime is initialised once per process, on first use, by every file of the gateway that
// calls it. Thread-safe.
#pragma once

namespace adjutant::mail {

void ensure_gmime();

}  // namespace adjutant::mail
