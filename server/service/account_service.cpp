// SPDX-License-Identifier: Apache-2.0
#include "service/account_service.h"

#include <algorithm>
#include <fstream>

#include "core/text.h"
#include "service/crypto.h"
// The documents the context's view caches hold: complete types where the caches' templates are
// instantiated (clang insists; GCC does not).
#include "service/game_document.h"
#include "service/game_internal.h"
#include "service/mail_text.h"
#include "service/mailbox.h"
#include "service/text.h"
#include "storage/audit_details.h"
#include "storage/mail_headers.h"

namespace adjutant::service {

namespace {

constexpr std::int64_t kSignInWindowSeconds = 3600;
constexpr std::size_t kMaxSignInKeys = 100000;
constexpr std::size_t kMaxDisplayName = 100;
constexpr std::size_t kMaxTokenName = 100;
constexpr std::size_t kMaxTokensPerAccount = 50;
constexpr std::string_view kZoneDirectory = "/usr/share/zoneinfo/";

// The requests under `key` in the last hour, or 429 when `limit` were made. A refused request
// is not counted: it sent nothing.
std::vector<std::int64_t>* window(
    std::unordered_map<std::string, std::vector<std::int64_t>>& counts, const std::string& key,
    int limit, std::int64_t now, const std::string& what) {
    if (limit <= 0) return nullptr;
    if (counts.size() >= kMaxSignInKeys)
        std::erase_if(counts, [&](const auto& entry) {
            return entry.second.empty() || entry.second.back() <= now - kSignInWindowSeconds;
        });
    auto& times = counts[key];
    std::erase_if(times, [&](std::int64_t at) { return at <= now - kSignInWindowSeconds; });
    if (static_cast<int>(times.size()) >= limit) {
        const std::int64_t retry_after =
            std::max<std::int64_t>(1, times.front() + kSignInWindowSeconds - now);
        throw ApiError(429, "rate_limited",
                       what + " has asked for " + std::to_string(times.size()) +
                           " sign-in links in the last hour, the limit; try again in " +
                           std::to_string(retry_after) + " s",
                       RetryLater{retry_after, limit});
    }
    return &times;
}

Account account_of(const storage::AccountRow& row) {
    return {row.id, row.email, row.display_name, row.time_zone, row.created_at};
}

std::string actor(std::int64_t account_id) {
    return "account:" + std::to_string(account_id);
}

std::string normal_email(std::string_view email, std::string_view what) {
    require_mailbox(email, what);
    return lowercase(email);
}

}  // namespace

void AccountService::configure(const AccountSettings& settings) {
    settings_ = settings;
}

void AccountService::require_time_zone(std::string_view zone) {
    if (zone == "UTC") return;
    const bool shaped = !zone.empty() && zone.size() <= 64 && zone.front() != '/' &&
                        zone.back() != '/' && zone.find("..") == std::string_view::npos &&
                        std::all_of(zone.begin(), zone.end(), [](char c) {
                            return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
                                   (c >= '0' && c <= '9') || c == '/' || c == '_' || c == '-' ||
                                   c == '+';
                        });
    // The machine's time zone database (tzdata) names the zones it knows, one file each, which
    // opens with the magic "TZif" (RFC 8536, 3.1).
    if (shaped) {
        std::ifstream file(std::string(kZoneDirectory) + std::string(zone), std::ios::binary);
        char magic[4] = {};
        if (file.read(magic, 4) && std::string_view(magic, 4) == "TZif") return;
    }
    throw bad_request("field 'time_zone' must be an IANA time zone name, such as Europe/Paris");
}

void AccountService::count_sign_in(std::string_view email, std::string_view client_address) {
    const std::int64_t now = context_.now();
    std::lock_guard lock(rate_mutex_);
    // Both limits are checked before either counts the request.
    auto* by_client = client_address.empty()
                          ? nullptr
                          : window(by_address_, client_rate_key(client_address),
                                   settings_.sign_ins_per_hour_per_address, now, "this client");
    auto* by_email = window(by_email_, std::string(email), settings_.sign_ins_per_hour_per_email,
                            now, "this address");
    if (by_client) by_client->push_back(now);
    if (by_email) by_email->push_back(now);
}

std::string AccountService::mail_link(const Locked& locked, const std::string& email,
                                      const std::string& purpose,
                                      std::optional<std::int64_t> account_id,
                                      std::optional<std::string> binding_hash) {
    auto& store = locked.store();
    const std::int64_t now = context_.now();
    store.accounts().delete_expired_links(now - kSignInWindowSeconds);
    const std::string token = new_token("link_");
    storage::AccountLinkRow link;
    link.token_hash = sha256_hex(token);
    link.purpose = purpose;
    link.email = email;
    link.account_id = account_id;
    link.binding_hash = std::move(binding_hash);
    link.created_at = now;
    link.expires_at = now + settings_.link_seconds;
    store.accounts().insert_link(link);

    // The web's landing page confirms the link (POST /api/v1/accounts/sign-in/confirm). The token
    // travels in the fragment, which browsers never send: it reaches no access log nor Referer.
    const std::string url = settings_.mail.web_url + "/#/sign-in?token=" + token;
    const std::string minutes = std::to_string((settings_.link_seconds + 59) / 60);
    std::string body;
    std::string subject;
    if (purpose == "change_email") {
        subject = "Adjutant: confirm your new address";
        body = "Someone asked to make " + email +
               " the address of an Adjutant account. If it was you, open this link within " +
               minutes + " minute(s) to confirm it:\n\n  " + url +
               "\n\nIf it was not you, ignore this message: nothing changes.\n";
    } else {
        subject = "Adjutant: your sign-in link";
        body = "To sign in to Adjutant as " + email + ", open this link within " + minutes +
               " minute(s)" + (link.binding_hash ? ", in the browser where you asked for it" : "") +
               ":\n\n  " + url +
               "\n\nThe link works once. If you did not ask for it, ignore this message: no "
               "account is created and nothing changes.\n";
    }
    storage::MailHeaders headers;
    headers["Message-ID"] = std::string("<")
                                .append(new_token("").substr(0, 32))
                                .append(".adjutant@")
                                .append(settings_.mail.domain)
                                .append(">");
    headers["Date"] = mail_text::rfc5322_date(now);
    headers["Auto-Submitted"] = "auto-generated";
    storage::OutboxRow row;
    row.recipient = email;
    row.subject = subject;
    row.body = body;
    row.headers = storage::encode_mail_headers(headers);
    store.enqueue_mail(row, now);
    return url;
}

SignInStarted AccountService::request_sign_in(std::string_view email_text,
                                              std::string_view client_address) {
    const std::string email = normal_email(email_text, "field 'email'");
    count_sign_in(email, client_address);  // 429 over a limit, before anything is written
    SignInStarted started;
    started.binding = new_token("bind_");
    started.expires_in = settings_.link_seconds;
    const auto locked = context_.lock();
    storage::Transaction transaction(locked.store().database());
    // Known or not, the same link and the same answer: the account is made when it confirms.
    mail_link(locked, email, "sign_in", std::nullopt, sha256_hex(started.binding));
    transaction.commit();
    return started;
}

LinkConfirmed AccountService::confirm_link(std::string_view token, std::string_view binding) {
    if (token.empty()) throw ApiError(404, "invalid_link", "this link is not valid");
    const std::string hash = sha256_hex(token);
    const std::int64_t now = context_.now();
    const auto locked = context_.lock();
    auto& store = locked.store();
    auto accounts = store.accounts();
    storage::Transaction transaction(store.database());
    const auto link = accounts.link(hash);
    if (!link || !constant_time_equal(link->token_hash, hash))
        throw ApiError(404, "invalid_link", "this link is not valid");
    if (link->used_at) throw ApiError(410, "link_used", "this link was used already");
    if (now >= link->expires_at)
        throw ApiError(410, "link_expired", "this link has expired: ask for a new one");
    // A sign-in link works only in the browser that asked for it: a link read by someone else
    // (a forwarded mail, a mail scanner) signs no one in, and stays usable by its owner.
    if (link->binding_hash &&
        (binding.empty() || !constant_time_equal(*link->binding_hash, sha256_hex(binding))))
        throw ApiError(403, "wrong_browser",
                       "this link must be opened in the browser where the sign-in was asked for");
    if (!accounts.use_link(hash, now))
        throw ApiError(410, "link_used", "this link was used already");

    LinkConfirmed confirmed;
    if (link->purpose == "change_email") {
        if (!link->account_id || !accounts.account(*link->account_id))
            throw ApiError(404, "invalid_link", "this link is not valid");
        if (auto other = accounts.account_by_email(link->email);
            other && other->id != *link->account_id)
            throw conflict("another account has this address");
        accounts.update_email(*link->account_id, link->email);
        store.audit(std::nullopt, actor(*link->account_id), "account_email_changed", "{}", now);
        confirmed.email_changed = EmailConfirmed{load_account(locked, *link->account_id)};
        transaction.commit();
        return confirmed;
    }
    SignedIn in;
    auto row = accounts.account_by_email(link->email);
    if (!row) {
        const std::int64_t id = accounts.insert_account(link->email, now);
        store.audit(std::nullopt, actor(id), "account_created", "{}", now);
        row = accounts.account(id);
        in.created = true;
    }
    in.account = account_of(*row);
    in.session = new_token("sess_");
    in.expires_in = settings_.session_seconds;
    in.csrf_token = csrf_token(in.session);
    accounts.delete_expired_sessions(now);
    accounts.insert_session(sha256_hex(in.session), row->id, now, now + settings_.session_seconds);
    transaction.commit();
    confirmed.signed_in = std::move(in);
    return confirmed;
}

void AccountService::sign_out(std::string_view session) {
    if (session.empty()) return;
    const auto locked = context_.lock();
    locked.store().accounts().delete_session(sha256_hex(session));
}

std::optional<std::int64_t> AccountService::session_account(std::string_view session) {
    if (session.empty()) return std::nullopt;
    const auto locked = context_.lock();
    return locked.store().accounts().session_account(sha256_hex(session), context_.now());
}

std::optional<std::int64_t> AccountService::token_account(std::string_view token) {
    if (token.empty()) return std::nullopt;
    const auto locked = context_.lock();
    return locked.store().accounts().token_account(sha256_hex(token));
}

std::string AccountService::csrf_token(std::string_view session) {
    return "csrf_" + sha256_hex("adjutant csrf\n" + std::string(session));
}

void AccountService::require_csrf(std::string_view session, std::string_view header) {
    const std::string expected = csrf_token(session);
    if (header.size() != expected.size() || !constant_time_equal(header, expected))
        throw ApiError(403, "csrf",
                       "a request with the session cookie that changes anything must carry "
                       "the session's X-CSRF-Token header (GET /api/v1/accounts/me)");
}

Caller AccountService::caller_for(std::int64_t account_id, std::int64_t game_id) {
    Caller caller;
    caller.role = Role::Account;
    if (game_id <= 0) return caller;
    const auto locked = context_.lock();
    if (auto power = locked.store().accounts().seat_of(account_id, game_id)) {
        // The binding is dropped when the seat changes hands; a seat without a player (none
        // can have a binding) is not acted for either way.
        const auto seat = locked.store().seat(game_id, *power);
        if (seat && seat->token_hash) {
            caller.role = Role::Player;
            caller.game_id = game_id;
            caller.power = *power;
        }
    }
    return caller;
}

Account AccountService::load_account(const Locked& locked, std::int64_t account_id) {
    const auto row = locked.store().accounts().account(account_id);
    if (!row) throw unauthorized("the account no longer exists");
    return account_of(*row);
}

Account AccountService::me(std::int64_t account_id) {
    const auto locked = context_.lock();
    return load_account(locked, account_id);
}

Reliability AccountService::reliability(const Locked& locked, std::int64_t account_id) {
    const auto row = locked.store().accounts().reliability(account_id);
    Reliability out{row.on_time,   row.missed,   row.civil_disorders, row.finished,
                    row.abandoned, std::nullopt, std::nullopt};
    if (const std::int64_t counted = row.on_time + row.missed; counted > 0)
        out.percent = row.on_time * 100 / counted;  // rounded down
    if (row.timed > 0) out.average_submit_seconds = row.timed_seconds / row.timed;
    return out;
}

Reliability AccountService::reliability(std::int64_t account_id) {
    const auto locked = context_.lock();
    if (!locked.store().accounts().account(account_id)) throw not_found("no such account");
    return reliability(locked, account_id);
}

void AccountService::require_reliability(std::optional<std::int64_t> account_id,
                                         std::int64_t game_id) {
    const auto locked = context_.lock();
    const auto minimum = locked.store().accounts().min_reliability(game_id);
    if (!minimum) return;
    if (!account_id) throw forbidden("sign in to join this game");
    const auto mine = reliability(locked, *account_id);
    if (mine.percent && *mine.percent < *minimum)
        throw forbidden("this game asks a reliability of at least " + std::to_string(*minimum) +
                        "%; this account's is " + std::to_string(*mine.percent) + "%");
}

ProfileChanged AccountService::update_me(std::int64_t account_id, const ProfileChange& change) {
    if (change.display_name) {
        require_text(*change.display_name, "field 'display_name'", TextLines::One);
        if (change.display_name->size() > kMaxDisplayName)
            throw bad_request("field 'display_name' may be at most " +
                              std::to_string(kMaxDisplayName) + " bytes");
    }
    if (change.time_zone) require_time_zone(*change.time_zone);
    std::optional<std::string> new_email;
    if (change.email) new_email = normal_email(*change.email, "field 'email'");
    if (new_email) count_sign_in(*new_email, {});
    const auto locked = context_.lock();
    auto accounts = locked.store().accounts();
    storage::Transaction transaction(locked.store().database());
    Account account = load_account(locked, account_id);
    if (change.display_name) account.display_name = *change.display_name;
    if (change.time_zone) account.time_zone = *change.time_zone;
    accounts.update_profile(account_id, account.display_name, account.time_zone);
    ProfileChanged changed;
    if (new_email && *new_email != account.email) {
        // The address changes once the link mailed to it is followed: until then the account
        // keeps its old one. An address another account has is refused then, not now, so the
        // answer does not tell whether it has an account.
        mail_link(locked, *new_email, "change_email", account_id, std::nullopt);
        changed.pending_email = new_email;
    }
    changed.account = account;
    transaction.commit();
    return changed;
}

AccountToken AccountService::create_token(std::int64_t account_id, std::string_view name) {
    const std::string label = name.empty() ? std::string("token") : std::string(name);
    require_text(label, "field 'name'", TextLines::One);
    if (label.size() > kMaxTokenName)
        throw bad_request("field 'name' may be at most " + std::to_string(kMaxTokenName) +
                          " bytes");
    const auto locked = context_.lock();
    auto& store = locked.store();
    auto accounts = store.accounts();
    storage::Transaction transaction(store.database());
    load_account(locked, account_id);
    const auto existing = accounts.tokens(account_id);
    if (std::count_if(existing.begin(), existing.end(), [](const auto& t) {
            return !t.revoked_at;
        }) >= static_cast<std::ptrdiff_t>(kMaxTokensPerAccount))
        throw conflict("an account may hold at most " + std::to_string(kMaxTokensPerAccount) +
                       " tokens: revoke one first");
    AccountToken token;
    token.token = new_token("acct_");
    token.name = label;
    token.created_at = context_.now();
    token.id = accounts.insert_token(account_id, label, sha256_hex(token.token), token.created_at);
    store.audit(std::nullopt, actor(account_id), "account_token_created",
                storage::encode_audit_details({{"token_id", token.id}, {"name", label}}),
                token.created_at);
    transaction.commit();
    return token;
}

std::vector<AccountToken> AccountService::list_tokens(std::int64_t account_id) {
    const auto locked = context_.lock();
    std::vector<AccountToken> out;
    for (const auto& row : locked.store().accounts().tokens(account_id))
        out.push_back({row.id, row.name, row.created_at, row.revoked_at, {}});
    return out;
}

void AccountService::revoke_token(std::int64_t account_id, std::int64_t token_id) {
    const auto locked = context_.lock();
    auto& store = locked.store();
    storage::Transaction transaction(store.database());
    if (!store.accounts().revoke_token(account_id, token_id, context_.now()))
        throw not_found("no token " + std::to_string(token_id));
    store.audit(std::nullopt, actor(account_id), "account_token_revoked",
                storage::encode_audit_details({{"token_id", token_id}}), context_.now());
    transaction.commit();
}

std::vector<AccountSeat> AccountService::my_games(std::int64_t account_id) {
    std::vector<AccountSeat> seats;
    {
        const auto locked = context_.lock();
        auto& store = locked.store();
        load_account(locked, account_id);
        for (const auto& binding : store.accounts().seats(account_id)) {
            const auto game = store.game(binding.game_id);
            const auto phase = store.current_phase(binding.game_id);
            if (!game || !phase) continue;
            AccountSeat seat;
            seat.game_id = game->id;
            seat.game_name = game->name;
            seat.variant = game->variant;
            seat.status = std::string(to_string(game->status));
            seat.power = binding.power;
            seat.phase = phase->phase;
            seat.deadline = game->deadline;
            seat.orders_in = store.order(game->id, phase->seq, binding.power).has_value();
            seats.push_back(std::move(seat));
        }
    }
    // The unread count is the press service's, as the seat itself reads it.
    for (auto& seat : seats) {
        const PressPage page =
            press_.read(Caller{Role::Player, seat.game_id, seat.power}, seat.game_id, 0, 1);
        for (const auto& [conversation, unread] : page.unread) seat.unread_press += unread;
    }
    return seats;
}

AccountSeat AccountService::claim(std::int64_t account_id, std::int64_t game_id,
                                  std::string_view power_name, std::string_view seat_token) {
    if (seat_token.empty())
        throw unauthorized("the seat's token is required (X-Seat-Token or field 'seat_token')");
    {
        const auto locked = context_.lock();
        auto& store = locked.store();
        const LoadedGame game = locked.load(game_id);
        const std::string power = canonical_power(game.variant->variant, power_name);
        const std::string hash = sha256_hex(seat_token);
        const auto key = store.seat_by_token_hash(hash);
        if (!key || !constant_time_equal(key->token_hash, hash) || key->game_id != game_id ||
            key->power != power)
            throw forbidden("the seat token is not " + power + "'s of this game");
        storage::Transaction transaction(store.database());
        load_account(locked, account_id);
        auto accounts = store.accounts();
        if (auto held = accounts.seat_of(account_id, game_id); held && *held != power)
            throw conflict("this account holds " + *held + " in this game already");
        if (auto bound = accounts.seat_binding(game_id, power);
            bound && bound->account_id != account_id)
            throw conflict(power + " is held by another account");
        accounts.bind_seat(game_id, power, account_id, context_.now());
        store.audit(game_id, actor(account_id), "claim",
                    storage::encode_audit_details({{"power", power}}), context_.now());
        transaction.commit();
    }
    for (auto& seat : my_games(account_id))
        if (seat.game_id == game_id) return seat;
    throw not_found("no such seat");
}

void AccountService::bind_joined(std::int64_t account_id, std::int64_t game_id,
                                 const std::string& power) {
    const auto locked = context_.lock();
    auto& store = locked.store();
    storage::Transaction transaction(store.database());
    if (store.accounts().seat_of(account_id, game_id)) return;
    store.accounts().bind_seat(game_id, power, account_id, context_.now());
    store.audit(game_id, actor(account_id), "claim",
                storage::encode_audit_details({{"power", power}, {"joined", true}}),
                context_.now());
    transaction.commit();
}

std::optional<std::string> AccountService::mail_register(const Locked& locked,
                                                         const std::string& sender) {
    if (!mailbox_problem(sender).empty()) return std::nullopt;
    const std::string email = lowercase(sender);
    try {
        count_sign_in(email, {});
    } catch (const ApiError&) {
        return std::nullopt;  // the sender may be forged: no answer past the limit
    }
    // Bound to no browser: the mail asked for it, and only the address's owner reads the link.
    mail_link(locked, email, "sign_in", std::nullopt, std::nullopt);
    return "REGISTER: a link to confirm your account was mailed to " + email +
           " in a separate message. It works once, within " +
           std::to_string((settings_.link_seconds + 59) / 60) + " minute(s).\n";
}

std::optional<std::string> AccountService::mail_signon(const Locked& locked,
                                                       const std::string& sender,
                                                       std::int64_t game_id) {
    if (!mailbox_problem(sender).empty()) return std::nullopt;
    auto& store = locked.store();
    const std::string email = lowercase(sender);
    try {
        count_sign_in(email, {});
    } catch (const ApiError&) {
        return std::nullopt;
    }
    const auto account = store.accounts().account_by_email(email);
    if (!account)
        return "SIGNON: " + email +
               " has no account. Send REGISTER first, and follow the link it mails you.\n";
    const auto game = store.game(game_id);
    if (!game) return "SIGNON: there is no game " + std::to_string(game_id) + ".\n";
    std::string text;
    const auto held = store.accounts().seat_of(account->id, game_id);
    bool any = false;
    for (const auto& seat : store.seats(game_id)) {
        if (!seat.token_hash || !seat.email || lowercase(*seat.email) != email) continue;
        any = true;
        const auto bound = store.accounts().seat_binding(game_id, seat.power);
        if (bound && bound->account_id == account->id) {
            text += "SIGNON: " + seat.power + " in game " + std::to_string(game_id) +
                    " is held by your account.\n";
        } else if (bound) {
            text += "SIGNON: " + seat.power + " is held by another account; not changed.\n";
        } else if (held) {
            text += "SIGNON: your account holds " + *held + " in this game; " + seat.power +
                    " was not added (one seat per game).\n";
        } else {
            store.accounts().bind_seat(game_id, seat.power, account->id, context_.now());
            store.audit(game_id, actor(account->id), "claim",
                        storage::encode_audit_details({{"power", seat.power}, {"by_mail", true}}),
                        context_.now());
            text += "SIGNON: " + seat.power + " in game " + std::to_string(game_id) +
                    " is now held by your account.\n";
        }
    }
    if (!any)
        text = "SIGNON: no seat of game " + std::to_string(game_id) + " is registered to " + email +
               ".\n";
    return text;
}

}  // namespace adjutant::service
