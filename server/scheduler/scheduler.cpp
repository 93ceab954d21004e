// SPDX-License-Identifier: Apache-2.0
#include "scheduler/scheduler.h"

#include <spdlog/spdlog.h>

#include "service/resolution_service.h"

namespace adjutant::scheduler {

Scheduler::Scheduler(service::ResolutionService& service, std::chrono::seconds interval)
    : service_(service), thread_("scheduler", interval, [this] { tick(); }) {}

void Scheduler::tick() {
    if (int resolved = service_.resolve_due(); resolved > 0)
        spdlog::info("scheduler: resolved {} phase(s) at their deadline", resolved);
}

}  // namespace adjutant::scheduler
