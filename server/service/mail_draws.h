// SPDX-License-Identifier: Apache-2.0
// Draws and concessions by mail (docs/mail.md, docs/draws.md), in the words njudge players know:
//
//   DRAW (SET DRAW, PROPOSE DRAW, ACCEPT DRAW)  proposes a draw of all survivors, or accepts the
//                                              open one
//   NO DRAW (NODRAW, SET NODRAW, REFUSE DRAW)   refuses the open draw or concession
//   CONCEDE TO France (CONCEDE France)          proposes a concession to France, or accepts the
//                                              open one
//   DRAWS                                      lists the open proposal and the closed ones
#pragma once

#include <string_view>

namespace adjutant::service {

// Whether an upper-case mail line is one of the commands above.
bool is_draw_command(std::string_view command);

}  // namespace adjutant::service
