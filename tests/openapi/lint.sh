#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# openapi.lint: Redocly's linter with its recommended rules on server/http/openapi.json; any
# error or warning fails. Usage: lint.sh NODE OPENAPI_JSON
# Exits 77 (CTest: skipped) when the npm packages are missing (`npm ci --prefix tests/openapi`),
# except under deploy/test.sh (ADJUTANT_REQUIRE_BROWSER=1), which installs them.
set -u
node=$1
document=$2
cli="$(dirname "$0")/node_modules/@redocly/cli/bin/cli.js"
if [ ! -f "$cli" ]; then
  echo "SKIP: @redocly/cli is not installed; run npm ci --prefix tests/openapi"
  [ "${ADJUTANT_REQUIRE_BROWSER:-}" = 1 ] && exit 1
  exit 77
fi
output=$(REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true \
  "$node" "$cli" lint --extends recommended --format summary "$document" 2>&1)
status=$?
echo "$output"
[ $status -eq 0 ] || exit 1
if echo "$output" | grep -Eq "^(warning|error) |You have [0-9]+ (warning|error)"; then
  echo "FAIL: the OpenAPI document has lint problems"
  exit 1
fi
echo "PASS: redocly lint --extends recommended: no problems"
