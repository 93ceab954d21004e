// SPDX-License-Identifier: Apache-2.0
#include "mail/outbox_sender.h"

#include <algorithm>

#include <spdlog/spdlog.h>

#include "mail/outbound.h"
#include "mail/smtp.h"
#include "service/mail_service.h"

namespace adjutant::mail {

namespace {

constexpr int kBatch = 50;

std::int64_t backoff(const config::MailConfig& config, std::int64_t attempts) {
    std::int64_t delay = std::max(1, config.retry_base_seconds);
    for (std::int64_t i = 1; i < attempts && delay < config.retry_max_seconds; ++i) delay *= 2;
    return std::min<std::int64_t>(delay, std::max(1, config.retry_max_seconds));
}

}  // namespace

OutboxSender::OutboxSender(service::MailService& service, config::MailConfig config)
    : service_(service),
      config_(std::move(config)),
      thread_("mail", std::chrono::seconds(std::max(1, config_.interval_seconds)),
              [this] { run_once(); }) {}

int OutboxSender::run_once() {
    const service::MailIdentity identity{config_.domain, config_.orders_local_part,
                                         config_.web_url};
    if (int queued = service_.queue_notifications(identity, config_.reminder_seconds))
        spdlog::info("mail: queued {} notification(s)", queued);
    int sent = 0;
    for (const auto& row : service_.due(kBatch)) {
        if (thread_.stopping()) break;
        SmtpResult result;
        Envelope envelope;
        std::string message;
        try {
            message = build_message(row, config_.from, &envelope);
        } catch (const std::exception& error) {
            result.error = error.what();
            result.permanent = true;  // a malformed row will not build better later
        }
        if (!message.empty())
            result = smtp_send(config_.relay, envelope.from, envelope.to, message);
        if (result.sent) {
            service_.sent(row.id);
            ++sent;
            continue;
        }
        const std::int64_t attempts = row.attempts + 1;
        const bool give_up = result.permanent || attempts >= config_.max_attempts;
        service_.failed(row.id, result.error, service_.now() + backoff(config_, attempts), give_up);
        // Recipients are logged by row id only; addresses and keys stay out of the log.
        spdlog::warn("mail: outbox row {} attempt {} failed{}: {}", row.id, attempts,
                     give_up ? " (giving up)" : "", result.error);
        if (result.unreachable) break;  // the relay is down: the other rows wait their turn
    }
    if (sent > 0) spdlog::info("mail: sent {} message(s)", sent);
    return sent;
}

}  // namespace adjutant::mail
