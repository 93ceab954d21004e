// SPDX-License-Identifier: Apache-2.0
// The standard opening with a fixed full set of S1901 orders (22 orders, every power), the
// phase the adjudication and service benches measure.
#pragma once

namespace adjutant::bench {

inline constexpr const char* kOpening = R"(Austria: A VIE - GAL
Austria: A BUD - SER
Austria: F TRI - ALB
England: F LON - NTH
England: F EDI - NWG
England: A LVP - YOR
France: F BRE - MAO
France: A PAR - BUR
France: A MAR S A PAR - BUR
Germany: F KIE - DEN
Germany: A BER - KIE
Germany: A MUN - RUH
Italy: F NAP - ION
Italy: A ROM - APU
Italy: A VEN H
Russia: A WAR - UKR
Russia: A MOS - STP
Russia: F SEV - BLA
Russia: F STP/SC - BOT
Turkey: F ANK - BLA
Turkey: A CON - BUL
Turkey: A SMY - CON
)";

}  // namespace adjutant::bench
