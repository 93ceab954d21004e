#!/usr/bin/env bash
# First command of the README: installs the Debian packages, builds Adjutant (Release), and
# starts the server on http://127.0.0.1:8080 with an SQLite database in ./data and, on an
# empty database, a demo game whose tokens it prints.
set -euo pipefail
cd "$(dirname "$0")/.."

deploy/install-deps.sh
cmake -S . -B build/release -G Ninja -DCMAKE_BUILD_TYPE=Release -DADJUTANT_TESTS=OFF >/dev/null
cmake --build build/release -j "${JOBS:-$(nproc)}" --target adjutant
exec build/release/server/adjutant serve --config config/adjutant.json "$@"
