"""What an install brings: the bot's own dependencies leave out the sandbox's (about a third of the Docker image),
and the build uses the build backend constraints.txt pins."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
SANDBOX_ONLY = {"simcord", "av"}


def _name(requirement: str) -> str:
    return re.split(r"[\s\[<>=!~;]", requirement, maxsplit=1)[0].lower()


def test_the_bot_needs_none_of_the_sandboxs_packages() -> None:
    runtime = {_name(requirement) for requirement in PYPROJECT["project"]["dependencies"]}
    assert not runtime & SANDBOX_ONLY
    assert "simcord[preview]>=3.2" in PYPROJECT["project"]["optional-dependencies"]["sandbox"]


def test_every_module_but_the_sandbox_imports_without_the_sandboxs_packages() -> None:
    """As in the bot's Docker image: importing simcord or PyAV fails, and every other module of bot/, engine/ and
    render/ still imports (the sandbox is imported only when it runs)."""
    probe = (
        "import importlib, pkgutil, sys\n"
        "sys.modules.update(simcord=None, av=None)\n"
        "for package in ('bot', 'engine', 'render'):\n"
        "    root = importlib.import_module(package)\n"
        "    for module in pkgutil.walk_packages(root.__path__, package + '.'):\n"
        "        if module.name != 'bot.sandbox' and not module.name.endswith('__main__'):\n"
        "            importlib.import_module(module.name)\n"
        "print('imported', len([name for name in sys.modules if name.startswith(('bot.', 'engine.', 'render.'))]))\n"
    )
    result = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    assert int(result.stdout.split()[1]) > 50


def test_the_build_backend_is_pinned_and_the_builds_use_the_pin() -> None:
    pins = dict(line.split("==") for line in (ROOT / "constraints.txt").read_text(encoding="utf-8").split()
                if "==" in line)
    (backend,) = PYPROJECT["build-system"]["requires"]
    assert _name(backend) == "setuptools" and "setuptools" in pins
    assert int(pins["setuptools"].split(".")[0]) >= int(backend.partition(">=")[2])
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert "pip install -q -c constraints.txt setuptools" in makefile and "--no-build-isolation" in makefile
    dockerfile = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    assert "-c constraints.txt setuptools" in dockerfile and "--no-build-isolation" in dockerfile
