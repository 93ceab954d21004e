# SPDX-License-Identifier: Apache-2.0
"""The parts of a Dockerfile the image tests read: its stages' instructions, the packages
their apt-get lines install, and the final stage's ENV, USER, WORKDIR, COPY, ENTRYPOINT, CMD
and HEALTHCHECK. Enough for this project's Dockerfile, not a general parser."""

import json
import re
import shlex


class Stage:
    def __init__(self, base):
        self.base = base
        self.instructions = []  # (INSTRUCTION, rest of the line), continuations joined

    def all(self, name):
        return [rest for word, rest in self.instructions if word == name]

    def last(self, name):
        found = self.all(name)
        return found[-1] if found else None

    def apt_packages(self):
        """The packages its RUN lines' `apt-get install` name, options left out."""
        packages = []
        for run in self.all("RUN"):
            for command in run.split("&&"):
                words = command.split()
                if words[:2] == ["apt-get", "install"]:
                    packages += [w for w in words[2:] if not w.startswith("-")]
        return packages

    def run_commands(self):
        """Every command of its RUN lines, one per `&&`-separated part."""
        return [part.strip() for run in self.all("RUN") for part in run.split("&&")]

    def env(self):
        pairs = {}
        for line in self.all("ENV"):
            pairs.update(word.split("=", 1) for word in shlex.split(line))
        return pairs

    def copies(self):
        """(--from stage or None, source, destination) of each COPY."""
        found = []
        for line in self.all("COPY"):
            words = line.split()
            source_stage = None
            if words[0].startswith("--from="):
                source_stage = words.pop(0).split("=", 1)[1]
            found.append((source_stage, words[0], words[1]))
        return found

    def exec_form(self, name):
        """ENTRYPOINT or CMD in its JSON (exec) form, as a list."""
        line = self.last(name)
        return json.loads(line) if line else []

    def healthcheck(self):
        """The HEALTHCHECK's command, in the shell form Docker runs with /bin/sh -c."""
        line = self.last("HEALTHCHECK")
        return re.split(r"\bCMD\s+", line, maxsplit=1)[1] if line else None


def parse(path):
    with open(path) as f:
        text = re.sub(r"\\\n", " ", f.read())
    stages = []
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        word, _, rest = line.partition(" ")
        word = word.upper()
        if word == "FROM":
            stages.append(Stage(rest.split()[0]))
        else:
            stages[-1].instructions.append((word, rest.strip()))
    return stages
