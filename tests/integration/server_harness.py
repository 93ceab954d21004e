# SPDX-License-Identifier: Apache-2.0
"""Starts the real `adjutant serve` on a loopback port with a temporary SQLite file, and talks
to it over HTTP. Standard library only (Debian's python3).

When ADJUTANT_TEST_POSTGRES_CLUSTER names a private PostgreSQL cluster's state file
(tests/postgres/cluster.py), each server gets a fresh database of that cluster instead."""

import http.client
import json
import os
import shutil
import signal
import subprocess
import tempfile
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "postgres"))
import pg_database  # noqa: E402


class Server:
    def __init__(self, binary, variants_dir, workdir=None, extra=None, prefix=None):
        self.binary = binary
        self.variants_dir = variants_dir
        self.workdir = workdir or tempfile.mkdtemp(prefix="adjutant-it-")
        self.postgres = pg_database.cluster_state()
        self.database = (pg_database.create_database(self.postgres) if self.postgres
                         else os.path.join(self.workdir, "adjutant.db"))
        self.admin_token = "admin-secret-for-tests"
        self.port = 0
        self.proc = None
        self.extra = extra or {}
        self.prefix = prefix or []  # e.g. ["prlimit", "--nofile=40"]

    def config_path(self):
        config = {
            "listen": {"address": "127.0.0.1", "port": self.port},
            "database": self.database,
            "variants_dir": self.variants_dir,
            "admin_token": self.admin_token,
            "threads": 2,
            "scheduler_interval_seconds": 1,
            "demo": False,
            "log_level": "warn",
            "limits": {"body_bytes": 65536, "header_timeout_seconds": 5,
                       "read_timeout_seconds": 5, "max_connections": 256,
                       # Tests create many games from 127.0.0.1; the limit has its own test.
                       "games_per_hour_per_address": 100000},
        }
        limits = dict(config["limits"], **self.extra.get("limits", {}))
        config.update(self.extra)
        config["limits"] = limits
        path = os.path.join(self.workdir, "config.json")
        with open(path, "w") as f:
            json.dump(config, f)
        return path

    def start(self):
        self.proc = subprocess.Popen(
            [*self.prefix, self.binary, "serve", "--config", self.config_path()],
            stdout=subprocess.PIPE, stderr=open(os.path.join(self.workdir, "server.log"), "a"),
            text=True)
        deadline = time.time() + 30
        while time.time() < deadline:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("server exited before listening; see " + self.workdir)
            if line.startswith("listening on "):
                self.port = int(line.rsplit(":", 1)[1])
                return self
        raise RuntimeError("server did not start in time")

    def stop(self, sig=signal.SIGTERM):
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(sig)
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        code = self.proc.returncode if self.proc else None
        self.proc = None
        return code

    def close(self):
        """Stops the server and removes its temporary directory."""
        self.stop()
        if self.postgres:
            pg_database.drop_database(self.postgres, self.database)
        shutil.rmtree(self.workdir, ignore_errors=True)

    def kill9(self):
        return self.stop(signal.SIGKILL)

    def request(self, method, path, body=None, token=None, headers=None, raw=None, timeout=30):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        hdrs = dict(headers or {})
        if token:
            hdrs["Authorization"] = "Bearer " + token
        data = raw
        if body is not None:
            data = json.dumps(body).encode()
            hdrs.setdefault("Content-Type", "application/json")
        conn.request(method, path, body=data, headers=hdrs)
        resp = conn.getresponse()
        payload = resp.read()
        conn.close()
        parsed = None
        ctype = resp.getheader("Content-Type") or ""
        if payload and ctype.startswith("application/json"):
            parsed = json.loads(payload)
        return resp.status, parsed, resp, payload

    def rows(self, sql, params=()):
        """The rows of a query with ? parameters, on either backend (sqlite3, or psql on the
        private PostgreSQL cluster)."""
        if self.postgres:
            return pg_database.query(self.postgres, self.database, sql, params)
        import sqlite3
        conn = sqlite3.connect(self.database, timeout=10)
        try:
            return conn.execute(sql, params).fetchall()
        finally:
            conn.close()

    def run_cli(self, *args):
        return subprocess.run([self.binary, *args, "--config", self.config_path()],
                              capture_output=True, text=True, timeout=120)


def check(condition, message):
    if not condition:
        raise AssertionError(message)


def expect(result, status, what):
    """The parsed body of a `Server.request` result that must have `status`."""
    got, body, _, raw = result
    check(got == status, f"{what}: expected {status}, got {got}: {raw[:300]!r}")
    return body


class SkipTest(Exception):
    """Raised by a test that this machine cannot run; run_tests then exits 77, which CTest
    reports as skipped (SKIP_RETURN_CODE), never as passed."""


def run_tests(tests, only=None):
    """Runs `tests` ({name: function}), or only the one named; prints PASS/FAIL/SKIP per test
    and returns the exit code: 1 on any failure, else 77 when one was skipped, else 0."""
    import time
    import traceback
    failures = skipped = 0
    for name, fn in tests.items():
        if only and name != only:
            continue
        started = time.time()
        try:
            fn()
            print(f"PASS {name} ({time.time() - started:.1f}s)")
        except SkipTest as why:
            skipped += 1
            print(f"SKIP {name}: {why}")
        except Exception as error:  # report every test, then fail
            failures += 1
            print(f"FAIL {name}: {error}")
            traceback.print_exc()
    if failures:
        return 1
    return 77 if skipped else 0


def parse_server_test_args(tests):
    """The command line of a test file that starts the server: --binary PATH --variants DIR
    [--only NAME], the paths made absolute."""
    import argparse
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    parser.add_argument("--variants", required=True)
    parser.add_argument("--only", choices=sorted(tests))
    args = parser.parse_args()
    args.binary, args.variants = os.path.abspath(args.binary), os.path.abspath(args.variants)
    return args
