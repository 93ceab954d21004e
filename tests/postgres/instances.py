# SPDX-License-Identifier: Apache-2.0
"""Several `adjutant serve` instances on one fresh database of the private PostgreSQL cluster
(tests/postgres/cluster.py), for the tests of this directory: the first instance's harness
creates the database, the others share it. Without the cluster (ADJUTANT_TEST_POSTGRES_CLUSTER)
starting them fails, never skips."""

import os
import shutil
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "integration"))
from server_harness import Server, check  # noqa: E402


def require_cluster():
    check(os.environ.get("ADJUTANT_TEST_POSTGRES_CLUSTER"),
          "ADJUTANT_TEST_POSTGRES_CLUSTER is not set: run through CTest's postgres fixture")


def start_instances(binary, variants, count):
    """`count` instances on one fresh database: the first creates it, the others share it."""
    require_cluster()
    servers = [Server(binary, variants).start()]
    try:
        for _ in range(count - 1):
            server = Server(binary, variants)
            server.database = servers[0].database
            servers.append(server)
            server.start()
    except BaseException:
        stop_instances(servers, failed=True)
        raise
    return servers


def stop_instances(servers, failed=False):
    """Stops every instance (a killed one is already stopped) and drops the shared database;
    after a failure each instance's log tail is printed first, since the directories go."""
    for i, server in enumerate(servers):
        if failed:
            try:
                with open(os.path.join(server.workdir, "server.log"), errors="replace") as f:
                    print(f"--- instance {i} server.log (tail) ---\n" + f.read()[-3000:])
            except OSError:
                pass
    for server in servers[1:]:
        server.stop()
        shutil.rmtree(server.workdir, ignore_errors=True)
    servers[0].close()
