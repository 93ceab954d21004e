// SPDX-License-Identifier: Apache-2.0
// The web UI's files: served from the embedded table with their types and ETags, and nothing
// else — no name outside the table, whatever dots, slashes or escapes it holds.
#include <doctest/doctest.h>

#include <string>

#include "http/router.h"
#include "http/static_files.h"

using adjutant::http::static_file;

TEST_CASE("the web UI's files are embedded and served with their types") {
    const auto index = static_file("index.html", "");
    CHECK(index.status == 200);
    CHECK(index.content_type == "text/html; charset=utf-8");
    CHECK(index.body.find("/web/app.js") != std::string::npos);
    CHECK(static_file("app.js", "").content_type == "text/javascript; charset=utf-8");
    CHECK(static_file("style.css", "").content_type == "text/css; charset=utf-8");
}

TEST_CASE("a matching If-None-Match gives 304 without a body") {
    const auto first = static_file("app.js", "");
    REQUIRE(!first.etag.empty());
    const auto again = static_file("app.js", first.etag);
    CHECK(again.status == 304);
    CHECK(again.body.empty());
    CHECK(static_file("app.js", "\"other\"").status == 200);
    CHECK(static_file("style.css", "").etag != first.etag);
}

TEST_CASE("no path outside the embedded table is served") {
    for (const char* name : {"", ".", "..", "../CMakeLists.txt", "..%2FCMakeLists.txt",
                             "%2e%2e%2fserver.cpp", "/etc/passwd", "app.js/..", "./app.js",
                             "APP.JS", "app.js%00.css", "..\\..\\CMakeLists.txt", "web/app.js"}) {
        INFO(name);
        const auto response = static_file(name, "");
        CHECK(response.status == 404);
        CHECK(response.body.find("not_found") != std::string::npos);
    }
}

TEST_CASE("the router serves the UI at / and /web/{file}, and no deeper path") {
    // Route matching splits on '/', so "/web/../x" has three segments and matches no route.
    bool index = false, files = false;
    for (const auto& route : adjutant::http::Router::routes()) {
        index = index || (route.method == "GET" && route.pattern == "/");
        files = files || (route.method == "GET" && route.pattern == "/web/{file}");
    }
    CHECK(index);
    CHECK(files);
    CHECK(adjutant::http::path_segments("/web/../../etc/passwd").size() == 5);
}
