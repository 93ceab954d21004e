// SPDX-License-Identifier: Apache-2.0
// Every route the router serves is documented in /openapi.json, with its method.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "http/router.h"

TEST_CASE("every routed path and method is in the OpenAPI document") {
    const auto spec = nlohmann::json::parse(adjutant::http::openapi_document());
    REQUIRE(spec.contains("paths"));
    for (const auto& route : adjutant::http::Router::routes()) {
        const std::string path(route.pattern);
        std::string method(route.method);
        for (auto& c : method) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        INFO(route.method << " " << path);
        REQUIRE(spec["paths"].contains(path));
        CHECK(spec["paths"][path].contains(method));
    }
}

TEST_CASE("the OpenAPI document lists no route the router does not serve") {
    const auto spec = nlohmann::json::parse(adjutant::http::openapi_document());
    // Named copies, not structured bindings: clang 14 cannot capture a binding (INFO).
    for (const auto& path_entry : spec["paths"].items()) {
        const std::string path = path_entry.key();
        for (const auto& method_entry : path_entry.value().items()) {
            const std::string method = method_entry.key();
            bool served = false;
            for (const auto& route : adjutant::http::Router::routes()) {
                std::string m(route.method);
                for (auto& c : m)
                    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
                served = served || (route.pattern == path && m == method);
            }
            INFO(method << " " << path);
            CHECK(served);
        }
    }
}

TEST_CASE("every operation has an operationId, a security list, typed answers and its 4xx") {
    const auto spec = nlohmann::json::parse(adjutant::http::openapi_document());
    REQUIRE(spec.contains("servers"));
    CHECK(!spec["servers"].empty());
    const auto& schemas = spec["components"]["schemas"];
    std::set<std::string> ids;
    for (const auto& path_entry : spec["paths"].items()) {
        const std::string path = path_entry.key();
        for (const auto& method_entry : path_entry.value().items()) {
            const std::string method = method_entry.key();
            const auto& operation = method_entry.value();
            INFO(method << " " << path);
            REQUIRE(operation.contains("operationId"));
            CHECK(ids.insert(operation["operationId"].get<std::string>()).second);
            // Public operations say so with an empty list; the others name the bearer scheme.
            REQUIRE(operation.contains("security"));
            bool any_4xx = false;
            for (const auto& code_entry : operation["responses"].items()) {
                const std::string code = code_entry.key();
                const auto& answer = code_entry.value();
                any_4xx = any_4xx || code[0] == '4';
                if (code[0] != '2' || !answer.contains("content")) continue;
                if (!answer["content"].contains("application/json")) continue;
                const auto& schema = answer["content"]["application/json"]["schema"];
                INFO(code);
                REQUIRE(schema.contains("$ref"));  // a named schema, not a bare object
                const std::string ref = schema["$ref"];
                const std::string name = ref.substr(ref.rfind('/') + 1);
                REQUIRE(schemas.contains(name));
                CHECK(schemas[name].contains("properties"));
            }
            CHECK(any_4xx);
            if (operation.contains("requestBody")) CHECK(operation["responses"].contains("413"));
        }
    }
}
