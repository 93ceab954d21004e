// Every route the router serves is documented in /openapi.json, with its method.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
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
    for (const auto& [path, operations] : spec["paths"].items()) {
        for (const auto& [method, operation] : operations.items()) {
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
