// SPDX-License-Identifier: Apache-2.0
// A classic variant `copies` times the size of the standard map, for the scale bench: the
// standard map tiled side by side, joined into one map by a few land and sea links between
// neighbouring copies. Written as variant JSON and loaded with load_variant(), so it passes the
// checks every real variant passes.
#pragma once

#include <string>

#include "variant/variant.h"

namespace adjutant::bench {

// The variant file's text. Copy 0 is the standard map as it is; copy i > 0 has every
// abbreviation, name and alias suffixed with i ("PAR3", "Paris 3", "gulf of lyons 3").
std::string synthetic_standard_json(int copies);

// The same, loaded; exits with a message if the loader rejects it.
Variant synthetic_standard(int copies);

}  // namespace adjutant::bench
