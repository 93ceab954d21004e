// SPDX-License-Identifier: Apache-2.0
#include "result/adjudication.h"

namespace adjutant {

std::string_view reason_text(Reason reason) {
    switch (reason) {
        case Reason::None:
            return "";
        case Reason::Bounced:
            return "bounced";
        case Reason::Dislodged:
            return "dislodged";
        case Reason::Cut:
            return "support cut";
        case Reason::Void:
            return "void: the ordered unit does not do what this order expects";
        case Reason::NoConvoy:
            return "no convoy route";
        case Reason::Paradox:
            return "convoy paradox: the fleet holds (Szykman rule)";
        case Reason::Disbanded:
            return "retreat bounced: disbanded";
        case Reason::Illegal:
            return "illegal";
        case Reason::StoppedShort:
            return "stopped short of its destination";
        case Reason::CanalClosed:
            return "no passage through the canal";
        case Reason::NotCarriedOut:
            return "not carried out: the week's events say why";
    }
    return "";
}

}  // namespace adjutant
