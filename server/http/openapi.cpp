// SPDX-License-Identifier: Apache-2.0
// /openapi.json: the document in server/http/openapi.json, embedded at build time (see
// server/CMakeLists.txt) so it is edited as JSON and still ships inside the binary.
#include "http/router.h"

namespace adjutant::http {

extern const char* const kOpenApiJson;

const std::string& openapi_document() {
    static const std::string document(kOpenApiJson);
    return document;
}

}  // namespace adjutant::http
