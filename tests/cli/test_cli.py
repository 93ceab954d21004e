#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The command line as a user meets it: help and version, refused options and numbers, strict
configuration, missing databases, the listen address, the log format, and what the demo prints.
Run: test_cli.py --binary PATH --variants DIR [--only NAME]. Exit 77 means the machine cannot
run the test (no IPv6 loopback); CTest reports it as skipped, not passed.

Standard library only; every wait is bounded."""

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "integration"))
from server_harness import Server, SkipTest, parse_server_test_args, run_tests  # noqa: E402

ARGS = None
SCRATCH = None
COMMANDS = {
    "adjudicate": ["--variant", "--position", "--orders", "--seed"],
    "variant": ["check", "import"],
    "serve": ["--config", "--port", "--database", "--demo"],
    "migrate": ["--config", "--database", "--from", "--to"],
    "backup": ["FILE", "--config", "--database"],
    "replay": ["--game", "--config", "--database"],
    "mail-in": ["--recipient", "--sender", "--config", "--database"],
    "mail-send": ["--config", "--database"],
    "mail-address": ["--game", "--power", "--config", "--database"],
    "version": [],
}


def check(condition, message):
    if not condition:
        raise AssertionError(message)


def run(*args, cwd=None, env=None, timeout=60):
    """The CLI in `cwd`, by default a scratch directory: a command that wrongly creates files
    (a database in ./data) leaves them there, not in the caller's directory."""
    return subprocess.run([ARGS.binary, *args], capture_output=True, text=True,
                          cwd=cwd or SCRATCH, env=env, timeout=timeout)


def workdir():
    return tempfile.mkdtemp(prefix="adjutant-cli-")


def write_config(directory, config):
    path = os.path.join(directory, "config.json")
    with open(path, "w") as f:
        json.dump(config, f)
    return path


def base_config(directory, **extra):
    config = {"listen": {"address": "127.0.0.1", "port": 0},
              "database": os.path.join(directory, "data", "adjutant.db"),
              "variants_dir": ARGS.variants, "log_level": "warn"}
    config.update(extra)
    return config


class Serve:
    """`adjutant serve` with its standard output read up to "listening on"."""

    def __init__(self, config_path, env=None, log=None):
        self.log = log or os.path.join(os.path.dirname(config_path), "server.log")
        self.proc = subprocess.Popen([ARGS.binary, "serve", "--config", config_path],
                                     stdout=subprocess.PIPE, stderr=open(self.log, "a"),
                                     text=True, env=env)
        self.printed = []
        deadline = time.time() + 30
        while time.time() < deadline:
            line = self.proc.stdout.readline()
            if not line:
                raise AssertionError("server exited before listening: " + self.log_text())
            self.printed.append(line)
            if line.startswith("listening on "):
                self.url = line.split(" ", 2)[2].strip()
                return
        raise AssertionError("server did not start in time")

    def text(self):
        return "".join(self.printed)

    def read_until(self, done, limit=200):
        """Reads more of standard output (what is printed after "listening on") up to the
        line for which done(line) is true; returns all printed so far."""
        for _ in range(limit):
            line = self.proc.stdout.readline()
            if not line:
                break
            self.printed.append(line)
            if done(line):
                break
        return self.text()

    def log_text(self):
        with open(self.log) as f:
            return f.read()

    def get(self, path):
        with urllib.request.urlopen(self.url + path, timeout=10) as answer:
            return answer.status, json.loads(answer.read())

    def stop(self):
        self.proc.terminate()
        code = self.proc.wait(timeout=30)
        check(code == 0, f"serve exited {code} on SIGTERM")


def refused(result, code, *words):
    check(result.returncode == code,
          f"expected exit {code}, got {result.returncode}: {result.stdout!r} {result.stderr!r}")
    for word in words:
        check(word in result.stderr, f"{word!r} not named in {result.stderr!r}")


# --- the option parser --------------------------------------------------------------------------

def test_help():
    for flag in ("--help", "-h"):
        for command, options in COMMANDS.items():
            done = run(command, flag)
            check(done.returncode == 0, f"{command} {flag}: exit {done.returncode} {done.stderr}")
            check(done.stderr == "", f"{command} {flag} wrote to stderr: {done.stderr!r}")
            for option in options + ["--help"]:
                check(option in done.stdout, f"{command} {flag} does not list {option}")
    for words in (["--help"], ["-h"], ["help"]):
        done = run(*words)
        check(done.returncode == 0 and "commands:" in done.stdout and "replay" in done.stdout,
              f"adjutant {words}: {done.returncode} {done.stdout!r}")
    refused(run(), 64, "usage: adjutant")
    refused(run("frobnicate"), 64, "unknown command 'frobnicate'")
    typo = run("serv")
    refused(typo, 64, "unknown command 'serv' (did you mean 'serve'?")
    check("did you mean" not in run("frobnicate").stderr, "no suggestion for a word far from all")


def test_version():
    for words in (["--version"], ["version"]):
        done = run(*words)
        check(done.returncode == 0, f"{words}: {done.returncode}")
        check(re.fullmatch(r"adjutant \d+\.\d+\.\d+\n", done.stdout), f"{words}: {done.stdout!r}")


def test_bad_numbers():
    """A port typed wrong never listens somewhere else: the server refuses to start."""
    for port in ("abc", "87955", "-1", "80x", ""):
        refused(run("serve", "--port", port, timeout=10), 64, "--port")
    refused(run("replay", "--game", "abc"), 64, "--game")
    refused(run("replay", "--game", "0"), 64, "--game")
    refused(run("mail-address", "--game", "1x", "--power", "France"), 64, "--game")
    refused(run("adjudicate", "--variant", "standard", "--orders", "o.txt", "--seed", "-"), 64,
            "--seed")
    refused(run("serve", "--bogus"), 64, "--bogus")
    refused(run("serve", "--port"), 64, "--port")
    refused(run("adjudicate", "--orders", "o.txt"), 64, "--variant")
    # A mistyped option is named as unknown, with the option it was likely meant to be, not
    # reported as the required one missing, nor its value as an unexpected argument.
    typo = run("adjudicate", "--variant", "standard", "--ordrs", "o.txt")
    refused(typo, 64, "unknown option --ordrs (did you mean --orders?)")
    check("--orders is required" not in typo.stderr, typo.stderr)
    refused(run("adjudicate", "--ordrs", "o.txt"), 64, "unknown option --ordrs")
    typo = run("serve", "--prot", "5", timeout=10)
    refused(typo, 64, "adjutant serve: unknown option --prot (did you mean --port?)")
    check("not expected: 5" not in typo.stderr, typo.stderr)
    refused(run("serve", "--verbose", timeout=10), 64, "unknown option --verbose")
    # A short option too: "-x" was reported as the missing --variant.
    typo = run("adjudicate", "-x")
    refused(typo, 64, "adjutant adjudicate: unknown option -x")
    check("--variant is required" not in typo.stderr, typo.stderr)
    refused(run("variant", "check"), 64, "FILE")
    refused(run("variant", "chekc", "x.json"), 64)


def test_missing_database():
    """Commands that read a database refuse a missing one instead of creating it empty."""
    work = workdir()
    try:
        missing = os.path.join(work, "typo", "x.db")
        for words, code in ((["replay"], 66), (["backup", os.path.join(work, "b.db")], 66),
                            (["mail-send"], 75), (["mail-address", "--game", "1", "--power",
                                                   "France"], 75)):
            done = run(*words, "--database", missing, cwd=work)
            refused(done, code, missing, "does not exist")
            check("all match" not in done.stdout, f"{words}: {done.stdout!r}")
            check(not os.path.exists(os.path.dirname(missing)), f"{words} created a directory")
        done = run("migrate", "--database", missing, cwd=work)
        check(done.returncode == 0 and os.path.exists(missing), f"migrate: {done.stderr}")
        done = run("replay", "--database", missing, cwd=work)
        check(done.returncode == 0 and "replayed 0 game(s)" in done.stdout, done.stdout)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def test_replay_config_problem():
    """A game whose variant is not loaded is a configuration problem, not a mismatch."""
    server = Server(ARGS.binary, ARGS.variants).start()
    try:
        status, _, _, raw = server.request("POST", "/api/v1/games",
                                           {"name": "g", "variant": "standard"})
        check(status == 201, f"create: {status} {raw!r}")
        server.stop()
        empty = os.path.join(server.workdir, "no-variants")
        os.mkdir(empty)
        config = write_config(server.workdir, base_config(server.workdir, variants_dir=empty,
                                                          database=server.database))
        done = run("replay", "--config", config)
        refused(done, 78, "cannot check game 1", "variant 'standard' not loaded", empty)
        check("MISMATCH" not in done.stdout, f"reported as a mismatch: {done.stdout!r}")
        done = run("replay", "--database", server.database, "--config", server.config_path())
        check(done.returncode == 0 and "all match" in done.stdout, f"{done.stdout!r}")
    finally:
        server.close()


# --- the configuration --------------------------------------------------------------------------

def test_config_strict():
    work = workdir()
    try:
        database = os.path.join(work, "data", "adjutant.db")
        cases = [({"listen": {"address": "127.0.0.1", "port": 87954}}, "listen.port: 87954"),
                 ({"listen": {"address": "127.0.0.1", "prot": 9000}}, "listen.prot: unknown key"),
                 ({"log_level": "verbose"}, "log_level: \"verbose\""),
                 ({"threads": 0}, "threads: 0 is out of range"),
                 ({"limits": {"body_bytes": -5}}, "limits.body_bytes"),
                 ({"listen": {"address": "no-such-host.invalid", "port": 0}}, "listen.address")]
        for extra, words in cases:
            config = write_config(work, base_config(work, **extra))
            done = run("serve", "--config", config, timeout=20)
            refused(done, 78, words)
            check("listening" not in done.stdout, f"{extra}: it listened: {done.stdout!r}")
            check(not os.path.exists(os.path.dirname(database)), f"{extra}: files were created")
        # The other commands read the same file the same way.
        config = write_config(work, base_config(work, databse="x.db"))
        refused(run("migrate", "--config", config), 78, "databse: unknown key")
        refused(run("replay", "--config", config), 78, "databse: unknown key")
    finally:
        shutil.rmtree(work, ignore_errors=True)


def serve_at(address, url_pattern):
    """Serves on `address`: the printed URL matches `url_pattern` and /healthz answers there."""
    work = workdir()
    try:
        config = write_config(work, base_config(work, listen={"address": address, "port": 0}))
        server = Serve(config)
        try:
            check(re.fullmatch(url_pattern, server.url), server.url)
            check(server.get("/healthz") == (200, {"status": "ok"}), f"healthz at {server.url}")
        finally:
            server.stop()
    finally:
        shutil.rmtree(work, ignore_errors=True)


def test_address_localhost():
    serve_at("localhost", r"http://(127\.0\.0\.1|\[::1\]):\d+")


def test_ipv6_url():
    try:
        probe = socket.socket(socket.AF_INET6)
        probe.bind(("::1", 0))
        probe.close()
    except OSError as error:
        raise SkipTest(f"no IPv6 loopback here: {error}")
    serve_at("::1", r"http://\[::1\]:\d+")


# --- logs ---------------------------------------------------------------------------------------

STAMP = re.compile(r"(\d{4}-\d\d-\d\dT\d\d:\d\d):\d\d\.\d{3}Z")


def utc_now_minutes():
    """This minute and the one before, in UTC, as the log prints them."""
    now = time.time()
    return {time.strftime("%Y-%m-%dT%H:%M", time.gmtime(now - d)) for d in (0, 60)}


def logged_run(log_format):
    work = workdir()
    try:
        config = write_config(work, base_config(work, log_level="info", log_format=log_format))
        # A zone far from UTC: the stamps must not follow it.
        server = Serve(config, env=dict(os.environ, TZ="UTC-9"))
        server.get("/healthz")
        server.stop()
        return server.log_text().splitlines()
    finally:
        shutil.rmtree(work, ignore_errors=True)


def test_log_text():
    lines = logged_run("text")
    check(lines, "nothing logged")
    minutes = utc_now_minutes()
    for line in lines:
        stamp = STAMP.match(line)
        check(stamp and stamp.group(1) in minutes, f"not a UTC stamp of now: {line!r}")
    requests = [line for line in lines if "route=healthz" in line or "/healthz" in line]
    check(requests and "client=127.0.0.1:" in requests[0], f"no client address: {requests}")


def test_log_json():
    lines = logged_run("json")
    check(lines, "nothing logged")
    minutes = utc_now_minutes()
    records = [json.loads(line) for line in lines]  # every line is one JSON object
    for record in records:
        check(set(record) == {"time", "level", "message"}, f"fields: {record}")
        stamp = STAMP.fullmatch(record["time"])
        check(stamp and stamp.group(1) in minutes, f"not a UTC stamp of now: {record}")
    requests = [r for r in records if "/healthz" in r["message"]]
    check(requests and "client=127.0.0.1:" in requests[0]["message"], f"{requests}")


# --- what the demo prints -----------------------------------------------------------------------

def curl_line(text, *words):
    for line in text.splitlines():
        if line.strip().startswith("curl") and all(w in line for w in words):
            return line.strip()
    raise AssertionError(f"no curl line with {words} in:\n{text}")


def run_printed(line):
    """Runs a printed curl line as a user pastes it into a plain POSIX sh (dash on Debian, no
    bash quoting); returns the HTTP status."""
    done = subprocess.run(["sh", "-c", line + " -sS -o /dev/null -w '%{http_code}'"],
                          capture_output=True, text=True, timeout=30)
    check(done.returncode == 0, f"{line}: {done.stderr}")
    return int(done.stdout)


def test_demo():
    work = workdir()
    try:
        database = os.path.join(work, "data", "adjutant.db")
        config = write_config(work, base_config(work, demo=True))
        server = Serve(config)
        try:
            # The demo's tokens and links end the output, after "listening on", between two
            # rules of "=" that make them stand out of the log.
            rules = []
            text = server.read_until(lambda line: line.startswith("=" * 20) and
                                     rules.append(line) is None and len(rules) == 2)
            after = text.split("listening on ", 1)[1]
            check(len(rules) == 2 and after.rstrip().endswith("=" * 20) and "GM token:" in after,
                  f"the tokens are not in a box at the end:\n{text}")
            check("$'" not in text, f"bash-only quoting in:\n{text}")
            gm = re.search(r"GM token:\s+(gm_[0-9a-f]+)", text)
            check(gm, f"no GM token in:\n{text}")
            game = f"{server.url}/#/game/1"
            check(f"{game}?token={gm.group(1)}" in text, f"no GM link in:\n{text}")
            for power in ("Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"):
                seat = re.search(rf"^  {power}\s+(seat_[0-9a-f]+)\s+(\S+)$", text, re.M)
                check(seat and seat.group(2) == f"{game}?token={seat.group(1)}",
                      f"no web link for {power} in:\n{text}")
            check(run_printed(curl_line(text, "PUT", "/orders")) == 200, "printed PUT orders")
            check(run_printed(curl_line(text, "/ready")) == 200, "printed ready")
            resolve = curl_line(text, "/actions/resolve")
            check(gm.group(1) in resolve, f"the resolve line lacks the GM token: {resolve}")
            check("--data '{\"phase\":\"S1901M\"}'" in resolve and
                  "Content-Type: application/json" in resolve, resolve)
            check(run_printed(resolve) == 200, f"printed resolve: {resolve}")
            check(server.get("/api/v1/games/1")[1]["phase"] == "F1901M", "the phase resolved")
            # A day per phase: a newcomer who steps away does not come back to a resolved game.
            game = server.get("/api/v1/games/1")[1]
            check(game["deadline"] - time.time() > 23 * 3600, f"the demo's deadline: {game}")
        finally:
            server.stop()
        again = Serve(config)
        try:
            text = again.read_until(lambda line: "start it again" in line)
            check("The demo already exists" in text and "game 1" in text, text)
            check(f"rm {database}" in text, f"how to start afresh is not said:\n{text}")
            check("seat_" not in text and "gm_" not in text, text)
        finally:
            again.stop()
    finally:
        shutil.rmtree(work, ignore_errors=True)


# --- variant import ------------------------------------------------------------------------------

def test_variant_import():
    """DPjudge's standard map becomes a variant `variant check` accepts; a bad map is refused
    with its file and line, and nothing is written."""
    source = os.path.join(os.path.dirname(os.path.abspath(ARGS.variants)), "..", "tests",
                          "variants", "dpjudge", "standard.map")
    work = workdir()
    out = os.path.join(work, "standard.json")
    done = run("variant", "import", source, "--out", out, "--title", "Standard Diplomacy")
    check(done.returncode == 0 and done.stdout == f"ok: standard written to {out}\n",
          f"import: {done.returncode} {done.stdout!r} {done.stderr!r}")
    checked = run("variant", "check", out)
    check(checked.returncode == 0 and checked.stdout == "ok: standard: 76 provinces, 7 powers\n",
          f"check: {checked.returncode} {checked.stdout!r} {checked.stderr!r}")
    printed = run("variant", "import", source, "--title", "Standard Diplomacy")
    with open(out) as f:
        check(printed.returncode == 0 and printed.stdout == f.read(), "stdout differs from --out")
    check(json.loads(printed.stdout)["title"] == "Standard Diplomacy", "title not taken")

    drawing = os.path.join(work, "standard.ps")
    with open(drawing, "w") as f:
        f.write("%!PS\n%  100  500 LON    London\n%  500  100 CON    Constantinople\n")
    drawn = run("variant", "import", source, "--drawing", drawing)
    check(drawn.returncode == 0, f"--drawing: {drawn.returncode} {drawn.stderr!r}")
    places = {p["abbr"]: p["draw"] for p in json.loads(drawn.stdout)["provinces"]}
    # PostScript counts y upwards: London, west and higher, is drawn left of and above Constantinople.
    check(places["LON"]["x"] < places["CON"]["x"] and places["LON"]["y"] < places["CON"]["y"],
          f"drawing points not taken: {places['LON']} {places['CON']}")
    laid_out = {p["abbr"]: p["draw"] for p in json.loads(printed.stdout)["provinces"]}
    check(places != laid_out, "the drawing changed no point")
    refused(run("variant", "import", source, "--drawing", os.path.join(work, "none.ps")), 66,
            "cannot read", "none.ps")

    bad = os.path.join(work, "bad.map")
    with open(bad, "w") as f:
        f.write("USE standard.geography\nRULE REMOTE_BUILDS\n")
    shutil.copy(os.path.join(os.path.dirname(source), "standard.geography"), work)
    written = os.path.join(work, "bad.json")
    refused(run("variant", "import", bad, "--out", written), 65,
            "bad.map:2: unsupported rule flag \"REMOTE_BUILDS\"")
    check(not os.path.exists(written), "a refused import wrote its output")
    with open(bad, "w") as f:
        f.write("USE nowhere\n")
    refused(run("variant", "import", bad), 65, "bad.map:1: included file \"nowhere.map\" not found")
    with open(bad, "wb") as f:
        f.write(b"#" * (10 * 1024 * 1024) + b"\n")
    refused(run("variant", "import", bad), 65,
            "bad.map: the file is larger than 1048576 bytes")
    with open(bad, "wb") as f:
        f.write(b"Caf\xe9 = caf\n")
    refused(run("variant", "import", bad), 65, "bad.map:1: the file is not UTF-8 text")
    refused(run("variant", "import", os.path.join(work, "missing.map")), 66, "cannot read")
    refused(run("variant", "import", source, "--out", os.path.join(work, "no", "dir.json")), 73,
            "cannot write")
    refused(run("variant", "import"), 64, "FILE")


TESTS = {name[5:]: fn for name, fn in globals().items() if name.startswith("test_")}


def main():
    global ARGS, SCRATCH
    ARGS = parse_server_test_args(TESTS)
    SCRATCH = workdir()
    try:
        return run_tests(TESTS, ARGS.only)
    finally:
        shutil.rmtree(SCRATCH, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
