# SPDX-License-Identifier: Apache-2.0
"""A fresh database in the private cluster that tests/postgres/cluster.py started: the
integration tests' server uses one of these instead of an SQLite file when
ADJUTANT_TEST_POSTGRES_CLUSTER names the cluster's state file."""

import itertools
import json
import os
import subprocess

_counter = itertools.count()


def cluster_state():
    path = os.environ.get("ADJUTANT_TEST_POSTGRES_CLUSTER")
    if not path:
        return None
    with open(path) as f:
        return json.load(f)


def _client(state, program, *args):
    return subprocess.run([os.path.join(state["bindir"], program), "-h", state["host"],
                           "-p", str(state["port"]), "-U", state["user"], *args],
                          capture_output=True, text=True, timeout=60, check=True)


def create_database(state):
    """Creates an empty database and returns its postgresql:// URI."""
    name = f"adjutant_test_{os.getpid()}_{next(_counter)}"
    _client(state, "createdb", name)
    return f"postgresql://{state['user']}@{state['host']}:{state['port']}/{name}"


def drop_database(state, uri):
    name = uri.rsplit("/", 1)[1]
    try:
        _client(state, "dropdb", "--force", "--if-exists", name)
    except (subprocess.SubprocessError, OSError):
        pass  # the cluster and its files go when the fixture stops it


def _literal(value):
    if value is None:
        return "NULL"
    if isinstance(value, (int, float)):
        return str(value)
    return "'" + str(value).replace("'", "''") + "'"


def _value(field):
    if field == "\x01":
        return None
    return int(field) if field.lstrip("-").isdigit() else field


def query(state, uri, sql, params=()):
    """The rows of `sql` with sqlite3's ? parameters, read with psql: integers as int, NULL as
    None, as sqlite3 returns them, so one test reads either backend."""
    parts = sql.split("?")
    if len(parts) - 1 != len(params):
        raise ValueError(f"{len(params)} parameter(s) for {sql}")
    text = parts[0] + "".join(_literal(p) + rest for p, rest in zip(params, parts[1:]))
    result = subprocess.run([os.path.join(state["bindir"], "psql"), "-X", "-q", "-A", "-t",
                             "-F", "\x1f", "-R", "\x1e", "-P", "null=\x01", "-d", uri,
                             "-c", text], capture_output=True, text=True, timeout=60,
                            check=True)
    # psql ends its output with one newline of its own, after the last record's text.
    out = result.stdout[:-1] if result.stdout.endswith("\n") else result.stdout
    return [tuple(_value(f) for f in row.split("\x1f")) for row in out.split("\x1e") if row]
