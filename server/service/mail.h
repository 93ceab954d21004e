// SPDX-License-Identifier: Apache-2.0
// What the mail gateway hands the service and gets back. The gateway (server/mail/) turns an
// RFC 5322 message into a MailRequest (MIME, charsets and signatures are its business); the
// service authenticates the seat, runs the commands, and queues every answer in the durable
// outbox. Nothing here knows MIME or SMTP.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace adjutant::service {

// Where seats write to: orders+KEY@domain (docs/mail.md).
struct MailIdentity {
    std::string domain = "localhost";
    std::string orders_local_part = "orders";
    std::string web_url;  // the web UI's base URL, for the links in mail (mail.web_url)
};

struct MailRequest {
    std::string raw;         // the message as delivered, for recognising a redelivery (below)
    std::string sender;      // the From: address, lower-case
    std::string recipient;   // the address it was delivered to (envelope recipient or To:)
    std::string message_id;  // "<...>" as received, or empty
    std::string references;  // the inbound References header, for threading the answer
    std::string subject;
    std::string body;         // the command text: UTF-8, signature and quoted reply removed
    std::string parse_error;  // set when the message's text could not be read
};

// What recognises a redelivery of `request`: "mid:" + SHA-256 of sender, recipient and
// Message-ID, or "sha256:" + SHA-256 of the raw message when it has no Message-ID. Per sender
// and recipient, hashed: a forger who guesses a player's next Message-ID cannot make the real
// message look like a duplicate without the seat key, and no seat address is stored in clear.
// Stored in mail_inbox: a change of this rule would let every stored message be processed twice.
std::string mail_dedup_key(const MailRequest& request);

enum class MailOutcome {
    Applied,    // authenticated and processed; a confirmation is queued
    Rejected,   // not authenticated (or unreadable); at most a short notice is queued
    Duplicate,  // seen before: the stored answer is queued again, nothing is re-processed
};

struct MailAnswer {
    MailOutcome outcome = MailOutcome::Rejected;
    std::string detail;                 // for the log: why
    std::optional<std::int64_t> reply;  // the outbox row queued, if any
};

}  // namespace adjutant::service
