// SPDX-License-Identifier: Apache-2.0
// The key that recognises a redelivered mail (service/mail.h). The keys are stored in
// mail_inbox, so their exact text is pinned: a different key for the same message would let a
// redelivery after an upgrade be processed a second time.
#include <doctest/doctest.h>

#include "service/crypto.h"
#include "service/mail.h"

namespace {

using adjutant::service::mail_dedup_key;
using adjutant::service::MailRequest;

MailRequest fred_to(const std::string& recipient, const std::string& message_id) {
    MailRequest request;
    request.raw = "From: fred@player.test\n\nA PAR-BUR\n";
    request.sender = "fred@player.test";
    request.recipient = recipient;
    request.message_id = message_id;
    return request;
}

constexpr const char* kFrance = "orders+g1-france-0123456789abcdef0123@adjutant.test";
constexpr const char* kGermany = "orders+g1-germany-0123456789abcdef0123@adjutant.test";

}  // namespace

TEST_CASE("a redelivery is known by sender, recipient and Message-ID, else by its bytes") {
    adjutant::service::crypto_init();
    CHECK(mail_dedup_key(fred_to(kFrance, "<m1@player.test>")) ==
          "mid:e0611d79710dada3c5fb5188c621b9a75da12ea9b5676d90fb7c3e6656cb1790");
    // One Message-ID sent to two seats is two messages.
    CHECK(mail_dedup_key(fred_to(kGermany, "<m1@player.test>")) ==
          "mid:4248d06b4eccdb2cf263d6dbcfa426bce8b607d5509a75cc6cc5e88fcc09584e");
    CHECK(mail_dedup_key(fred_to(kFrance, "")) ==
          "sha256:b61743a48e88b2f66a03bbadd59f42565f700c4f965c16954b7617440c3391b6");
}
