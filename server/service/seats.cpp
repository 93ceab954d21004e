// Seats: joining an open power, GM invitations and replacements.
#include "service/codec.h"
#include "service/crypto.h"
#include "service/game_internal.h"
#include "service/request.h"

namespace adjutant::service {

namespace {

void check_email(const std::optional<std::string>& email) {
    if (email && (email->find('@') == std::string::npos ||
                  email->find_first_of(" \r\n<>") != std::string::npos))
        throw bad_request("field 'email' is not an email address");
}

}  // namespace

nlohmann::json GameService::join(std::int64_t game_id, std::string_view power_name,
                                 const nlohmann::json& who) {
    auto player = string_field(who, "player");
    auto email = string_field(who, "email", 254);
    check_email(email);
    std::lock_guard lock(mutex_);
    Loaded game = load(game_id);
    if (game.row.status == "ended") throw conflict("the game has ended");
    const std::string power = canonical_power(game.variant->variant, power_name);
    storage::Transaction transaction(store_.database());
    auto seat = store_.seat(game_id, power);
    if (!seat) throw not_found("no seat " + power);
    if (seat->token_hash) throw conflict(power + " is already taken");
    const std::string token = new_token("seat_");
    seat->player = player.value_or(power + " player");
    seat->email = email;
    seat->token_hash = sha256_hex(token);
    seat->joined_at = now();
    store_.update_seat(*seat);
    store_.audit(game_id, "player:" + power, "join", nlohmann::json{{"power", power}}.dump(),
                 now());
    changed(game_id);
    if (game.row.status == "forming") activate(game);
    transaction.commit();
    return {{"game", game_id}, {"power", power}, {"token", token}};
}

nlohmann::json GameService::invite(const Caller& caller, std::int64_t game_id,
                                   std::string_view power_name, const nlohmann::json& who,
                                   bool replace) {
    require_gm(caller, game_id);
    auto player = string_field(who, "player");
    auto email = string_field(who, "email", 254);
    check_email(email);
    std::lock_guard lock(mutex_);
    Loaded game = load(game_id);
    if (game.row.status == "ended") throw conflict("the game has ended");
    const std::string power = canonical_power(game.variant->variant, power_name);
    storage::Transaction transaction(store_.database());
    auto seat = store_.seat(game_id, power);
    if (!seat) throw not_found("no seat " + power);
    if (seat->token_hash && !replace)
        throw conflict(power + " is already taken; use replace to hand it to someone else");
    const std::string token = new_token("seat_");
    const bool had_player = seat->token_hash.has_value();
    seat->player = player.value_or(power + " player");
    seat->email = email;
    seat->token_hash = sha256_hex(token);  // the previous token stops working here
    seat->ready = false;
    seat->joined_at = now();
    store_.update_seat(*seat);
    store_.audit(
        game_id, "gm", replace ? "replace" : "invite",
        nlohmann::json{{"power", power}, {"player", *seat->player}, {"replaced", had_player}}
            .dump(),
        now());
    changed(game_id);
    if (game.row.status == "forming") activate(game);
    transaction.commit();
    return {{"game", game_id}, {"power", power}, {"token", token}};
}

void GameService::activate(Loaded& game) {
    // A forming game starts by itself once every seat is taken; the GM may start it earlier.
    for (const auto& seat : store_.seats(game.row.id))
        if (!seat.token_hash) return;
    game.row.status = "active";
    game.row.deadline = now() + phase_seconds(game.row, game.phase.phase);
    store_.update_game(game.row);
    store_.set_phase_deadline(game.row.id, game.phase.seq, game.row.deadline);
    store_.audit(game.row.id, "server", "start", "{}", now());
}

}  // namespace adjutant::service
