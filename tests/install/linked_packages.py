# SPDX-License-Identifier: Apache-2.0
"""The Debian packages that own the shared libraries a binary links directly (its NEEDED
entries), as the package's Depends and the image's runtime apt-get line must name them."""

import os
import re
import subprocess

from commands import run


def _output(*args):
    return run(*args).stdout


def library_packages(binary):
    """{soname: owning package} for each library `binary` links directly ("" if none owns it)."""
    needed = re.findall(r"\(NEEDED\)\s+Shared library: \[(\S+)\]", _output("readelf", "-d", binary))
    if not needed:
        raise AssertionError(f"no NEEDED entries read from {binary}")
    paths = dict(re.findall(r"^\s*(\S+) => (\S+)", _output("ldd", binary), re.M))
    owners = {}
    for soname in needed:
        owner = ""
        for path in (paths[soname], os.path.realpath(paths[soname])):  # merged /usr
            found = subprocess.run(["dpkg-query", "-S", path], capture_output=True, text=True)
            owner = owner or (found.stdout.split(":")[0] if found.returncode == 0 else "")
        owners[soname] = owner
    return owners


def is_sanitizer(package):
    """A sanitizer's runtime, which a sanitizer build links: a test build's, never packaged."""
    return package.startswith(("libasan", "libubsan", "liblsan", "libtsan"))


def sanitized(binary):
    """Whether `binary` carries AddressSanitizer's runtime: linked as a shared library (gcc) or
    linked in (clang), where the runtime's entry point is in the dynamic symbol table."""
    if any(is_sanitizer(owner) for owner in library_packages(binary).values()):
        return True
    symbols = _output("readelf", "--dyn-syms", "-W", binary)
    return re.search(r"\s__asan_init$", symbols, re.M) is not None
