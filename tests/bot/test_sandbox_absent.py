"""The bot's Docker image leaves the sandbox out (pyproject's `sandbox` extra): what a person sees there."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from bot.cli import main


@pytest.fixture
def without_the_sandbox(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> pytest.MonkeyPatch:
    """No token, and simcord not importable, as in the bot's image (built without --build-arg SANDBOX=1)."""
    monkeypatch.chdir(tmp_path)
    for name in os.environ:
        if name.startswith(("DISCORD_", "SHELFIE_")):
            monkeypatch.delenv(name)
    monkeypatch.setitem(sys.modules, "simcord", None)
    monkeypatch.delitem(sys.modules, "bot.sandbox", raising=False)
    return monkeypatch


def test_in_the_bot_image_a_missing_token_says_how_to_run_the_bot_or_get_the_sandbox(
        without_the_sandbox: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    without_the_sandbox.setenv("SHELFIE_SANDBOX_ADDRESS", "0.0.0.0:8000")  # as the Dockerfile sets it
    assert main([]) == 2
    err = capsys.readouterr().err
    assert err.startswith("shelfie-bot: configuration error: this image has no sandbox, which runs when "
                          "DISCORD_TOKEN is not set")
    assert "give it its token (docker run --env-file FILE, with DISCORD_TOKEN=... in FILE)" in err
    assert ("docker build --build-arg SANDBOX=1 -t shelfie-sandbox . && docker run -p 8000:8000 shelfie-sandbox"
            in err)
    assert err.count("\n") == 1


def test_on_a_machine_without_the_sandbox_extra_the_sandbox_says_how_to_install_it(
        without_the_sandbox: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sandbox"]) == 2
    assert capsys.readouterr().err == (
        "shelfie-bot: configuration error: the sandbox is not installed here (it needs the sandbox extra: make run "
        "installs it, or pip install -e \".[sandbox]\"); set DISCORD_TOKEN to run the bot instead\n")
