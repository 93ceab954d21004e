// SPDX-License-Identifier: Apache-2.0
// Observers' mail (docs/observers.md): the public results of each phase, as the public feed shows
// them, to every confirmed observer of the game. An observer is no seat: it reads what the public
// reads (service/visibility.h, Viewer{} ), so no orders before resolution, no refused lines, no
// press but what is published, and in the fog of war nothing the public view does not show.
#include "core/phase.h"
#include "service/game_internal.h"
#include "service/mail_service.h"
#include "service/mail_text.h"
#include "service/results_decode.h"

namespace adjutant::service {

int MailService::queue_observer_results(const Locked& locked, const LoadedGame& game,
                                        const storage::PhaseRow& phase,
                                        const MailIdentity& identity) {
    if (game.row.sandbox) return 0;
    const auto observers = locked.store().observers().confirmed(game.row.id);
    if (observers.empty()) return 0;
    const Viewer public_viewer{};
    const auto results = stored_results(game, phase, public_viewer);
    if (!results) return 0;
    const std::string name = phase_name(phase.phase);
    const std::string number = std::to_string(game.row.id);
    const std::string body =
        "Results of " + name + ":\n" + mail_text::results(*results, game.variant->variant) +
        "\nNow:\n" + mail_text::status(game_standing(views_, locked, game, public_viewer)) +
        "\nYou follow game " + number + " as an observer. To stop, mail UNOBSERVE " + number +
        " to " + identity.orders_local_part + "@" + identity.domain + ".\n";
    int queued = 0;
    for (const auto& observer : observers) {
        queue(locked, observer.email, "",
              "Game " + number + " (" + game.row.name + "): " + name + " results", body,
              {{"Auto-Submitted", "auto-generated"},
               {"References", game_thread_id(game.row.id, identity)}},
              identity);
        ++queued;
    }
    return queued;
}

}  // namespace adjutant::service
