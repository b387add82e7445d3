"""The ``carcassonne`` command a ``pip install`` puts on PATH.

The command line is a Rust program (the engine's ``carcassonne-host``
crate), not part of this Python package, whose wheel holds only the engine
as a library. This command runs that program when it is installed
elsewhere (``$CARCASSONNE_BIN``, or the next ``carcassonne`` on PATH) and
otherwise says how to install it.
"""

from __future__ import annotations

import os
import shutil
import sys

HOW_TO_INSTALL = """\
carcassonne: the command line is a Rust program that this Python package does not include.
Install it from a checkout of the engine (it needs a Rust toolchain, https://rustup.rs):

    cargo install --path host

then run `carcassonne --help`. Everything the command line plays, the Python
package plays too: `import carcassonne` (see the package's README).
"""


def find_binary() -> str | None:
    """The Rust ``carcassonne`` program: ``$CARCASSONNE_BIN``, or the first
    ``carcassonne`` on PATH that is not this script."""
    named = os.environ.get("CARCASSONNE_BIN")
    if named:
        return named
    here = os.path.realpath(sys.argv[0]) if sys.argv and sys.argv[0] else ""
    for directory in os.environ.get("PATH", "").split(os.pathsep):
        found = shutil.which("carcassonne", path=directory) if directory else None
        if found and os.path.realpath(found) != here:
            return found
    return None


def main() -> int:
    binary = find_binary()
    if binary is None:
        sys.stderr.write(HOW_TO_INSTALL)
        return 2
    os.execv(binary, [binary, *sys.argv[1:]])
    return 0  # not reached: execv replaces the process


if __name__ == "__main__":
    sys.exit(main())
