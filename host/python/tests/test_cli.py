"""The `carcassonne` command the wheel installs: it runs the Rust command
line when one is installed, and otherwise says how to install it."""

import os
import pathlib
import subprocess
import sys

import pytest

SCRIPT = pathlib.Path(sys.executable).parent / "carcassonne"


def test_without_the_rust_program_it_says_how_to_install_it():
    if not SCRIPT.exists():
        pytest.skip("the package is not installed with its scripts")
    env = {k: v for k, v in os.environ.items() if k != "CARCASSONNE_BIN"}
    env["PATH"] = str(SCRIPT.parent)  # only the venv: no Rust program there
    run = subprocess.run([str(SCRIPT), "--help"], capture_output=True, text=True, env=env)
    assert run.returncode == 2
    assert "cargo install --path host" in run.stderr


def test_with_the_rust_program_it_runs_it():
    binary = os.environ.get("CARCASSONNE_BIN")
    if not SCRIPT.exists() or not binary:
        pytest.skip("needs the installed script and CARCASSONNE_BIN")
    run = subprocess.run([str(SCRIPT), "expansions"], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert "river" in run.stdout
