// SPDX-License-Identifier: Apache-2.0
// The mail gateway's service (docs/mail.md): a seat plays by mail at a private orders address,
// orders+g<game>-<power>-<key>@domain, whose key is derived from the seat's token
// (mail_keys.cpp). handle_mail authenticates the seat by that key AND the registered sender,
// runs the commands of the body and queues the answer, all in one transaction, so a mail is
// either processed and answered or not at all (the MTA then delivers it again). Outbound mail
// (answers, welcomes, results, reminders) waits in a durable outbox for the sender.
//
// A mail whose commands write nothing but the seat's orders commits like an HTTP submission
// (Durability::Deferred: no fsync of its own, and none while the database's write lock is
// held); it is acknowledged to the MTA, and its answer sent, only after a group commit's flush
// (storage/group_sync.h). A mail that also sends press, says READY (which may resolve the
// phase) or votes on a draw keeps its own synced commit: those are read by the other powers
// the moment they commit.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "service/account_service.h"
#include "service/caller.h"
#include "service/context.h"
#include "service/draw_service.h"
#include "service/game_views.h"
#include "service/mail.h"
#include "service/order_service.h"
#include "service/press_service.h"
#include "storage/durability.h"
#include "storage/mail_headers.h"

namespace adjutant::service {

class MailService {
  public:
    MailService(ServiceContext& context, GameViews& views, OrderService& orders,
                PressService& press, DrawService& draws, AccountService& accounts)
        : context_(context),
          views_(views),
          orders_(orders),
          press_(press),
          draws_(draws),
          accounts_(accounts) {}

    // Returns once what the mail did is on disk. Throws storage::Error when the database is
    // unavailable or the flush failed (mail-in then asks the MTA to retry).
    MailAnswer handle_mail(const MailRequest& request, const MailIdentity& identity);
    // The address of a place on a game's join list (docs/assignment.md); 404 for none.
    std::string joiner_address(std::int64_t game_id, std::int64_t place,
                               const MailIdentity& identity);
    // The address a seat sends its orders to; 409 for a seat without a player.
    std::string seat_address(std::int64_t game_id, std::string_view power,
                             const MailIdentity& identity);
    // Queues, once each: a welcome with the seat's address to every seat with an email, the
    // game's start (with the first deadline) to the seats welcomed before it, the results of
    // every phase resolved in the last day, the press sent in the last day to each recipient,
    // and reminders to seats without orders whose deadline is less than `reminder_seconds`
    // away. Returns how many mails it queued.
    int queue_notifications(const MailIdentity& identity, std::int64_t reminder_seconds);

    // The durable outbox, for the sender: rows due now, returned once they are on disk (an
    // answer to a mail may have been committed deferred), none if the flush failed.
    std::vector<storage::OutboxRow> due(int limit);
    void sent(std::int64_t id);
    void failed(std::int64_t id, const std::string& error, std::int64_t retry_at, bool give_up);

    std::int64_t now() const { return context_.now(); }

  private:
    std::string seat_address(const Locked& locked, std::int64_t game_id, std::string_view power,
                             const MailIdentity& identity);
    std::string secret(const Locked& locked);
    std::string seat_key(const Locked& locked, std::int64_t game_id, const std::string& power,
                         const std::string& token_hash);
    std::int64_t queue(const Locked& locked, const std::string& to, const std::string& to_name,
                       const std::string& subject, const std::string& body,
                       storage::MailHeaders headers, const MailIdentity& identity);
    // Notifications (mail_outbox.cpp), each returning how many mails it queued.
    int queue_welcomes(const Locked& locked, const MailIdentity& identity);
    int queue_starts(const Locked& locked, const MailIdentity& identity);
    int queue_results(const Locked& locked, const MailIdentity& identity);
    int queue_reminders(const Locked& locked, const MailIdentity& identity,
                        std::int64_t reminder_seconds);
    // Deadline extensions to their seat and the GM, civil disorder to the GM
    // (mail_attendance.cpp).
    int queue_attendance(const Locked& locked, const MailIdentity& identity);
    // Press to the recipients who have an email address (mail_press.cpp).
    int queue_press(const Locked& locked, const MailIdentity& identity);
    // The public results of one resolved phase to the game's confirmed observers
    // (mail_observers.cpp).
    int queue_observer_results(const Locked& locked, const LoadedGame& game,
                               const storage::PhaseRow& phase, const MailIdentity& identity);
    // The Message-ID of press message `press_id` as mailed to `power`, and the press message a
    // reply's References name (the last one), if any.
    static std::string press_message_id(std::int64_t press_id, const std::string& power,
                                        const MailIdentity& identity);
    static std::optional<std::int64_t> replied_press(std::string_view references);
    storage::MailHeaders notice_headers(const Locked& locked, std::int64_t game_id,
                                        const storage::SeatRow& seat, const MailIdentity& identity);

    // Inbound mail (mail_inbound.cpp): what one message came to, before it is recorded.
    struct Handling {
        MailAnswer answer;                // answer.reply: the outbox row queued, if any
        std::string status = "rejected";  // as mail_inbox records it: "applied" or "rejected"
    };
    // handle_mail under the lock, in the mail's one transaction.
    MailAnswer process_mail(const MailRequest& request, const MailIdentity& identity);
    // Deferred for a body whose commands write only the seat's orders (mail_body_commands.cpp).
    static storage::Durability durability_of(const MailRequest& request);
    MailAnswer answer_again(const Locked& locked, const storage::Store::InboundRecord& seen,
                            const MailRequest& request, const MailIdentity& identity);
    std::optional<storage::SeatRow> seat_of(const Locked& locked, std::string_view recipient);
    static bool from_registered_sender(const storage::SeatRow& seat, const MailRequest& request);
    // REGISTER or SIGNON <game> in a mail to no seat's address (docs/accounts.md): the account
    // commands, answered to the sender; none when the body is not one of them.
    std::optional<Handling> account_command(const Locked& locked, const MailRequest& request,
                                            const MailIdentity& identity);
    // OBSERVE <game> [code] or UNOBSERVE <game> in a mail to no seat's address
    // (docs/observers.md); none when the body is not one of them.
    std::optional<Handling> observer_command(const Locked& locked, const MailRequest& request,
                                             const MailIdentity& identity);
    Handling refuse_unknown_address(const Locked& locked, const MailRequest& request,
                                    const MailIdentity& identity);
    Handling refuse_forged(const Locked& locked, const storage::SeatRow& seat,
                           const MailRequest& request, const MailIdentity& identity);
    Handling run_for_joiner(const Locked& locked, const storage::JoinerRow& row,
                            const MailRequest& request, const MailIdentity& identity);
    Handling run_for_seat(const Locked& locked, const storage::SeatRow& seat,
                          const MailRequest& request, const MailIdentity& identity);
    // The commands of a seat's mail body (mail_body_commands.cpp): the answer's text.
    std::string answer_commands(const Locked& locked, const Caller& caller,
                                const MailRequest& request);
    std::string standing_text(const Locked& locked, const Caller& caller, bool status,
                              bool history);
    std::string answer_press_reply(const Locked& locked, const Caller& caller,
                                   std::int64_t press_id, const std::string& body);
    // A draw command of a mail body (mail_draws.cpp; `command` upper case): the answer's text.
    std::string answer_draw(const Locked& locked, const Caller& caller, const std::string& command);
    // SET ABSENCE (docs/absence.md): the answer says the deadline it leaves.
    std::string answer_absence(const Locked& locked, const Caller& caller, const std::string& line);

    // Assigning powers by mail (mail_preferences.cpp): a join list's address, welcome and
    // mail, and SET PREFERENCE from a joiner or a seat.
    std::optional<storage::JoinerRow> joiner_of(const Locked& locked, std::int64_t game_id,
                                                std::string_view tag, std::string_view key);
    std::string joiner_address(const Locked& locked, const storage::JoinerRow& row,
                               const MailIdentity& identity);
    std::string answer_joiner(const Locked& locked, const storage::JoinerRow& row,
                              const MailRequest& request, const MailIdentity& identity);
    std::string answer_preference(const Locked& locked, const Caller& caller,
                                  const std::string& text);
    static std::string ranking_of_joiner(const Locked& locked, const Caller& caller);
    static std::string joiner_help(const std::string& address);
    static std::optional<std::string> preference_command(const std::string& line);
    int queue_join_welcomes(const Locked& locked, const MailIdentity& identity);

    ServiceContext& context_;
    GameViews& views_;
    OrderService& orders_;
    PressService& press_;
    DrawService& draws_;
    AccountService& accounts_;
};

}  // namespace adjutant::service
