#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""A private PostgreSQL cluster for the tests, the way the mail tests run a private Postfix:
initdb into a temporary directory, a server on a free loopback port with its socket in that
directory, stopped and removed at the end. Nothing of the system's own PostgreSQL is used but
its binaries.

  cluster.py start STATE   initdb and start; writes STATE (JSON: host, port, user, bindir, dir)
  cluster.py stop STATE    stops the server and removes its directory and STATE

CTest runs `start` as a fixture's setup and `stop` as its cleanup, which runs even when a test
of the fixture failed. initdb refuses to run as root, so as root the cluster runs as `nobody`.
Every wait is bounded."""

import glob
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile

USER = "adjutant"  # the cluster's superuser; trust authentication on loopback only
START_SECONDS = 60


def find_bindir():
    override = os.environ.get("ADJUTANT_POSTGRES_BINDIR")
    candidates = [override] if override else sorted(
        glob.glob("/usr/lib/postgresql/*/bin"), key=lambda d: int(d.split("/")[-2]), reverse=True)
    for bindir in candidates:
        if bindir and os.access(os.path.join(bindir, "initdb"), os.X_OK):
            return bindir
    return None


def as_cluster_owner():
    """The prefix that runs a command as the cluster's owner: nobody when we are root."""
    if os.getuid() != 0:
        return []
    return ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups"]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def run(command, **kwargs):
    return subprocess.run(command, capture_output=True, text=True, timeout=START_SECONDS,
                          **kwargs)


def stop_cluster(state):
    data = os.path.join(state["dir"], "data")
    if os.path.exists(os.path.join(data, "postmaster.pid")):
        run([*as_cluster_owner(), os.path.join(state["bindir"], "pg_ctl"), "-D", data,
             "-m", "fast", "-w", "-t", "30", "stop"])
    shutil.rmtree(state["dir"], ignore_errors=True)


def start(state_path):
    bindir = find_bindir()
    if not bindir:
        print("PostgreSQL's server binaries (initdb, pg_ctl) are not installed: "
              "apt-get install postgresql", file=sys.stderr)
        return 1
    # A cluster left by an interrupted run is stopped first, so its port and files go.
    if os.path.exists(state_path):
        with open(state_path) as f:
            stop_cluster(json.load(f))
        os.remove(state_path)
    directory = tempfile.mkdtemp(prefix="adjutant-pg-")
    os.chmod(directory, 0o755)
    if os.getuid() == 0:
        shutil.chown(directory, "nobody", "nogroup")
    state = {"host": "127.0.0.1", "port": free_port(), "user": USER, "bindir": bindir,
             "dir": directory}
    data = os.path.join(directory, "data")
    owner = as_cluster_owner()
    result = run([*owner, os.path.join(bindir, "initdb"), "-D", data, "-U", USER, "-A", "trust",
                  "--locale=C", "-E", "UTF8"])
    if result.returncode != 0:
        print(result.stdout + result.stderr, file=sys.stderr)
        shutil.rmtree(directory, ignore_errors=True)
        return 1
    # fsync stays on: the durability tests (kill -9 during a burst) mean what they say.
    options = (f"-c listen_addresses=127.0.0.1 -p {state['port']} -k {directory} "
               "-c max_connections=200 -c shared_buffers=32MB")
    result = run([*owner, os.path.join(bindir, "pg_ctl"), "-D", data, "-l",
                  os.path.join(directory, "server.log"), "-w", "-t", str(START_SECONDS),
                  "-o", options, "start"])
    if result.returncode != 0:
        print(result.stdout + result.stderr, file=sys.stderr)
        try:
            with open(os.path.join(directory, "server.log")) as f:
                print(f.read()[-4000:], file=sys.stderr)
        except OSError:
            pass
        stop_cluster(state)
        return 1
    os.makedirs(os.path.dirname(os.path.abspath(state_path)), exist_ok=True)
    with open(state_path, "w") as f:
        json.dump(state, f)
    print(f"PostgreSQL {bindir} on {state['host']}:{state['port']} in {directory}")
    return 0


def stop(state_path):
    if not os.path.exists(state_path):
        return 0
    with open(state_path) as f:
        stop_cluster(json.load(f))
    os.remove(state_path)
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in ("start", "stop"):
        print("usage: cluster.py start|stop STATE", file=sys.stderr)
        sys.exit(64)
    sys.exit(start(sys.argv[2]) if sys.argv[1] == "start" else stop(sys.argv[2]))
