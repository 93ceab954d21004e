// SPDX-License-Identifier: Apache-2.0
// Seat mail keys: the secret part of a seat's orders address. A key is the first 80 bits of
// HMAC-SHA256(server mail secret, "game:power:seat token hash"), so it is never stored, it
// changes when the GM hands the seat to someone else (a new token hash), and it reveals nothing
// about the API token itself. The server secret is made once (libsodium) and kept in the
// database (schema/002_mail.sql).
#include <sodium.h>

#include "service/mail_service.h"

#include "core/text.h"
#include "service/crypto.h"
#include "service/game_internal.h"

namespace adjutant::service {

namespace {

constexpr std::size_t kKeyHexChars = 20;

}  // namespace

std::string MailService::secret(const Locked& locked) {
    auto& store = locked.store();
    if (auto secret = store.mail_secret()) return *secret;
    store.set_mail_secret(new_token(""));
    return store.mail_secret().value_or("");  // another process may have won the race
}

std::string MailService::seat_key(const Locked& locked, std::int64_t game_id,
                                  const std::string& power, const std::string& token_hash) {
    const std::string secret = this->secret(locked);
    const std::string message = std::to_string(game_id) + ":" + lowercase(power) + ":" + token_hash;
    unsigned char mac[crypto_auth_hmacsha256_BYTES];
    crypto_auth_hmacsha256_state state;
    crypto_auth_hmacsha256_init(&state, reinterpret_cast<const unsigned char*>(secret.data()),
                                secret.size());
    crypto_auth_hmacsha256_update(&state, reinterpret_cast<const unsigned char*>(message.data()),
                                  message.size());
    crypto_auth_hmacsha256_final(&state, mac);
    char hex[sizeof mac * 2 + 1];
    sodium_bin2hex(hex, sizeof hex, mac, sizeof mac);
    return std::string(hex, kKeyHexChars);
}

std::string MailService::seat_address(std::int64_t game_id, std::string_view power_name,
                                      const MailIdentity& identity) {
    return seat_address(context_.lock(), game_id, power_name, identity);
}

std::string MailService::seat_address(const Locked& locked, std::int64_t game_id,
                                      std::string_view power_name, const MailIdentity& identity) {
    auto& store = locked.store();
    const LoadedGame game = locked.load(game_id);
    const std::string power = canonical_power(game.variant->variant, power_name);
    auto seat = store.seat(game_id, power);
    if (!seat || !seat->token_hash) throw conflict(power + " has no player");
    storage::Transaction transaction(store.database());  // secret() may create the secret
    const std::string key = seat_key(locked, game_id, power, *seat->token_hash);
    transaction.commit();
    return identity.orders_local_part + "+g" + std::to_string(game_id) + "-" + lowercase(power) +
           "-" + key + "@" + identity.domain;
}

}  // namespace adjutant::service
