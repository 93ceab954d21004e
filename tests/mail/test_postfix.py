#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Orders through a real MTA: a private Postfix instance (its own config, queue and data
directories in a temporary folder, listening on a free loopback port only, relaying nothing)
wired with deploy/postfix/'s pipe transport into `adjutant mail-in`; `swaks` sends orders to it
and the test polls (bounded) until they reached the game over the HTTP API.

Needs root (Postfix's master runs as root and the pipe switches to an unprivileged user) and the
Debian packages postfix and swaks; exits 77 (skipped) when not root. Run:
  test_postfix.py --binary PATH --variants DIR"""

import argparse
import os
import pwd
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from mail_harness import (Server, check, create_game, db_rows, free_port,  # noqa: E402
                          mail_config, message, orders_of, seat_address)

REPO = os.path.abspath(os.path.join(HERE, "..", ".."))
DOMAIN = "adjutant.test"
PIPE_USER = "nobody"
# Postfix's own services, none chrooted (the private queue has no chroot tree).
SERVICES = """\
pickup    unix  n       -       n       60      1       pickup
cleanup   unix  n       -       n       -       0       cleanup
qmgr      unix  n       -       n       300     1       qmgr
rewrite   unix  -       -       n       -       -       trivial-rewrite
bounce    unix  -       -       n       -       0       bounce
defer     unix  -       -       n       -       0       bounce
trace     unix  -       -       n       -       0       bounce
verify    unix  -       -       n       -       1       verify
flush     unix  n       -       n       1000?   0       flush
proxymap  unix  -       -       n       -       -       proxymap
proxywrite unix -       -       n       -       1       proxymap
smtp      unix  -       -       n       -       -       smtp
relay     unix  -       -       n       -       -       smtp
showq     unix  n       -       n       -       -       showq
error     unix  -       -       n       -       -       error
retry     unix  -       -       n       -       -       error
discard   unix  -       -       n       -       -       discard
local     unix  -       n       n       -       -       local
virtual   unix  -       n       n       -       -       virtual
lmtp      unix  -       -       n       -       -       lmtp
anvil     unix  -       -       n       -       1       anvil
scache    unix  -       -       n       -       1       scache
postlog   unix-dgram n  -       n       -       1       postlogd
"""


def run(args, timeout=60, **kw):
    return subprocess.run(args, capture_output=True, text=True, timeout=timeout, **kw)


def fill(template, values):
    text = open(template).read()
    for key, value in values.items():
        text = text.replace("@" + key + "@", value)
    return text


class Postfix:
    def __init__(self, root, port, adjutant, config):
        self.root = root
        self.port = port
        self.conf = os.path.join(root, "etc")
        self.spool = os.path.join(root, "spool")
        self.data = os.path.join(root, "data")
        self.log = os.path.join(root, "maillog")
        for d in (self.conf, self.spool, self.data):
            os.makedirs(d)
        owner = pwd.getpwnam("postfix")
        os.chown(self.data, owner.pw_uid, owner.pw_gid)  # master.lock and caches live there
        values = {"DOMAIN": DOMAIN, "CONFDIR": self.conf, "USER": PIPE_USER,
                  "ADJUTANT": adjutant, "CONFIG": config}
        deploy = os.path.join(REPO, "deploy", "postfix")
        main = f"""\
compatibility_level = 3.6
queue_directory = {self.spool}
data_directory = {self.data}
mail_owner = postfix
setgid_group = postdrop
myhostname = mx.{DOMAIN}
mydomain = {DOMAIN}
myorigin = {DOMAIN}
mydestination =
inet_interfaces = loopback-only
inet_protocols = ipv4
mynetworks = 127.0.0.0/8
smtpd_relay_restrictions = permit_mynetworks, reject_unauth_destination
# Nothing leaves this instance: every non-Adjutant destination is an error.
default_transport = error:this test instance delivers nothing outside
relayhost =
alias_maps =
alias_database =
maillog_file = {self.log}
maillog_file_prefixes = {root}
smtputf8_enable = no
biff = no
"""
        main += fill(os.path.join(deploy, "main.cf"), values)
        with open(os.path.join(self.conf, "main.cf"), "w") as f:
            f.write(main)
        master = f"127.0.0.1:{port} inet n - n - - smtpd\n" + SERVICES
        master += fill(os.path.join(deploy, "master.cf"), values)
        with open(os.path.join(self.conf, "master.cf"), "w") as f:
            f.write(master)
        for table in ("adjutant_transport", "adjutant_recipients"):
            path = os.path.join(self.conf, table)
            with open(path, "w") as f:
                f.write(fill(os.path.join(deploy, table), values))
            done = run(["postmap", "-c", self.conf, "hash:" + path])
            check(done.returncode == 0, f"postmap {table}: {done.stderr}")

    def postfix(self, *args, timeout=60):
        return run(["postfix", "-c", self.conf, *args], timeout=timeout)

    def start(self):
        done = self.postfix("check")
        check(done.returncode == 0, f"postfix check: {done.stdout}{done.stderr}")
        done = self.postfix("start")
        check(done.returncode == 0,
              f"postfix start: {done.stdout}{done.stderr}\n{self.maillog()}")
        deadline = time.time() + 30
        while time.time() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=2):
                    return
            except OSError:
                time.sleep(0.3)
        raise AssertionError("postfix did not listen within 30 s; log:\n" + self.maillog())

    def stop(self):
        try:
            self.postfix("stop", timeout=30)
        except subprocess.TimeoutExpired:
            pass
        # Make sure no master process of this instance survives the test.
        pid_file = os.path.join(self.spool, "pid", "master.pid")
        deadline = time.time() + 15
        while os.path.exists(pid_file) and time.time() < deadline:
            try:
                pid = int(open(pid_file).read().strip())
                os.kill(pid, 0)
            except (OSError, ValueError):
                break
            time.sleep(0.3)
        else:
            if os.path.exists(pid_file):
                try:
                    os.kill(int(open(pid_file).read().strip()), 9)
                except (OSError, ValueError):
                    pass

    def maillog(self):
        try:
            return open(self.log, errors="replace").read()[-4000:]
        except OSError:
            return "(no log)"


def swaks(port, sender, to, raw):
    return run(["swaks", "--server", f"127.0.0.1:{port}", "--from", sender, "--to", to,
                "--data", "-", "--timeout", "20"], input=raw.decode(), timeout=60)


def wait_until(predicate, what, postfix, timeout=60):
    deadline = time.time() + timeout
    while time.time() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.5)
    raise AssertionError(f"{what} within {timeout}s; postfix log:\n{postfix.maillog()}")


def deliver(postfix, server, sender, to, raw, seen, what):
    """Sends `raw` through Postfix and waits until mail-in has recorded `seen` messages."""
    done = swaks(postfix.port, sender, to, raw)
    check(done.returncode == 0, f"swaks: {done.stderr}")
    wait_until(lambda: db_rows(server, "SELECT count(*) FROM mail_inbox")[0][0] == seen, what,
               postfix)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    parser.add_argument("--variants", required=True)
    args = parser.parse_args()
    if os.geteuid() != 0:
        print("skipped: a private Postfix instance needs root")
        return 77
    for tool in ("postfix", "postmap", "swaks"):
        check(shutil.which(tool) or os.path.exists("/usr/sbin/" + tool),
              f"{tool} is not installed (deploy/install-deps.sh installs it)")
    os.environ["PATH"] += ":/usr/sbin"

    root = tempfile.mkdtemp(prefix="adjutant-postfix-")
    os.chmod(root, 0o755)
    # The pipe runs mail-in as an unprivileged user: it gets its own copy of the binary and
    # variants, and the database directory is that user's.
    work = os.path.join(root, "adjutant")
    os.makedirs(work)
    adjutant = os.path.join(work, "adjutant")
    shutil.copy2(args.binary, adjutant)
    os.chmod(adjutant, 0o755)
    variants = os.path.join(work, "variants")
    shutil.copytree(args.variants, variants)
    user = pwd.getpwnam(PIPE_USER)
    for dirpath, dirnames, filenames in os.walk(work):
        os.chown(dirpath, user.pw_uid, user.pw_gid)
        for name in filenames:
            os.chown(os.path.join(dirpath, name), user.pw_uid, user.pw_gid)

    server = Server(adjutant, variants, workdir=work, extra=mail_config(free_port(), False))
    server.extra["mail"]["domain"] = DOMAIN
    # The database is created by the pipe's user, so the root server's WAL files are its too.
    done = run([adjutant, "migrate", "--database", server.database], user=PIPE_USER,
               cwd=work)
    check(done.returncode == 0, f"migrate as {PIPE_USER}: {done.stderr}")
    postfix = None
    try:
        server.start()
        config = server.config_path()
        os.chmod(config, 0o644)
        game_id, _, tokens = create_game(server, {"France": "fred@player.test"})
        address = seat_address(server, game_id, "France")
        check(address.endswith("@" + DOMAIN), address)

        postfix = Postfix(os.path.join(root, "postfix"), free_port(), adjutant, config)
        postfix.start()

        raw = message("Fred <fred@player.test>", address, "A PAR-BUR\nF BRE-MAO\n\n-- \nFred\n",
                      message_id="<postfix-1@player.test>")
        done = swaks(postfix.port, "fred@player.test", address, raw)
        check(done.returncode == 0, f"swaks: {done.stdout[-2000:]}{done.stderr}")
        mine = wait_until(lambda: (lambda o: o if o.get("submitted") else None)(
            orders_of(server, game_id, tokens["France"])), "orders reached the game", postfix)
        check(mine["source"] == "email", mine)
        check(mine["text"].splitlines() == ["A PAR-BUR", "F BRE-MAO"], mine["text"])
        replies = db_rows(server, "SELECT recipient, body FROM mail_outbox")
        check(len(replies) == 1 and replies[0][0] == "fred@player.test" and
              "A PAR-BUR  ->  accepted" in replies[0][1], f"one confirmation queued: {replies}")

        # A forged sender through the same path: refused, nothing processed.
        forged = message("mallory@evil.test", address, "A PAR-PIC\n",
                         message_id="<postfix-2@evil.test>")
        deliver(postfix, server, "mallory@evil.test", address, forged, 2,
                "the forged mail was delivered to mail-in")
        mine = orders_of(server, game_id, tokens["France"])
        check(mine["text"].splitlines() == ["A PAR-BUR", "F BRE-MAO"], "forged mail ignored")

        # A friendly heading fails alone; a later message with no accepted line keeps the
        # orders in force and its READY says so (docs/mail.md, "Commands").
        friendly = message("Fred <fred@player.test>", address,
                           "Bonjour, voici mes ordres pour l'\u00e9t\u00e9 :\nA PAR-PIC\n",
                           message_id="<postfix-3@player.test>")
        deliver(postfix, server, "fred@player.test", address, friendly, 3,
                "the friendly message was delivered to mail-in")
        mine = orders_of(server, game_id, tokens["France"])
        in_force = [v["order"] for v in mine["verdicts"] if v["status"] == "accepted"]
        check(in_force == ["A PAR - PIC"], f"the order under the heading stands: {mine}")
        refused = message("Fred <fred@player.test>", address,
                          "Thanks, see you:\nA MUN-RUH\nREADY\n", message_id="<postfix-4@player.test>")
        deliver(postfix, server, "fred@player.test", address, refused, 4,
                "the refused message was delivered to mail-in")
        after = orders_of(server, game_id, tokens["France"])
        check(after["text"] == mine["text"] and after["ready"], f"kept, and ready: {after}")
        body = db_rows(server, "SELECT body FROM mail_outbox ORDER BY id DESC LIMIT 1")[0][0]
        check("your orders in force are unchanged" in body and "EARLIER orders" in body and
              "  A PAR - PIC\n" in body, body)

        # SET ABSENCE (docs/absence.md): njudge's words through the MTA; the answer says the
        # deadline it leaves, which moved to the end of the absence's last day.
        deadline = server.request("GET", f"/api/v1/games/{game_id}")[1]["deadline"]
        today = time.strftime("%Y-%m-%d", time.gmtime())
        last_day = time.strftime("%Y-%m-%d", time.gmtime(deadline))
        back = (deadline // 86400 + 1) * 86400
        away = message("Fred <fred@player.test>", address,
                       f"SET ABSENCE {today} TO {last_day}\n",
                       message_id="<postfix-5@player.test>")
        deliver(postfix, server, "fred@player.test", address, away, 5,
                "the absence was delivered to mail-in")
        body = db_rows(server, "SELECT body FROM mail_outbox ORDER BY id DESC LIMIT 1")[0][0]
        moved = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(back))
        check("Absence set for France" in body and
              f"Spring 1901 movement is now {moved}" in body, body)
        # Read from the database: mail-in is another process, and the scheduler reads there.
        check(db_rows(server, f"SELECT deadline FROM games WHERE id = {game_id}")[0][0] == back,
              "the game's deadline moved")
        # A second one while this one runs: answered with the reason.
        again = message("Fred <fred@player.test>", address, "SET ABSENCE 2030-01-01\n",
                        message_id="<postfix-6@player.test>")
        deliver(postfix, server, "fred@player.test", address, again, 6,
                "the second absence was delivered to mail-in")
        body = db_rows(server, "SELECT body FROM mail_outbox ORDER BY id DESC LIMIT 1")[0][0]
        check("SET ABSENCE failed: absence refused: this seat already has an absence" in body,
              body)

        # An address outside the judge is refused at SMTP time: nothing is relayed.
        done = swaks(postfix.port, "fred@player.test", "someone@elsewhere.test",
                     message("fred@player.test", "someone@elsewhere.test", "hi\n"))
        check(done.returncode != 0, "relaying must be refused")
        print("ok postfix")
        return 0
    finally:
        if postfix:
            postfix.stop()
        server.stop()
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
