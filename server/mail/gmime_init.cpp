// SPDX-License-Identifier: Apache-2.0
#include "mail/gmime_init.h"

#include <mutex>

#include <gmime/gmime.h>

namespace adjutant::mail {

void ensure_gmime() {
    static std::once_flag once;
    std::call_once(once, [] { g_mime_init(); });
}

}  // namespace adjutant::mail
