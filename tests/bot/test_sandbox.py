"""`shelfie-bot sandbox` as a person uses it: start the process, open the page, act through the preview's API."""

from __future__ import annotations

import asyncio
import json
import os
import re
import select
import signal
import subprocess
import sys
import threading
import time
import urllib.request
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.service import TableService

URL_LINE = re.compile(r"Sandbox ready: open (http://127\.0\.0\.1:\d+)/#(\S+)")
START_TIMEOUT = 60.0


class PreviewClient:
    """The calls the preview page's own JavaScript makes (simcord preview protocol 3)."""

    def __init__(self, base: str, capability: str) -> None:
        self.base = base
        self.capability = capability
        self.page: dict[str, Any] = {}
        self.sequence = 0
        self.revision = 0

    def _request(self, method: str, path: str, body: Any = None, *, context: bool = True) -> Any:
        headers = {"X-Simcord-Capability": self.capability, "Content-Type": "application/json"}
        if context:
            headers["X-Simcord-Context"] = self.page["context"]["id"]
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, headers=headers, method=method)
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.loads(response.read())

    def open_page(self, viewer_id: str | None = None) -> dict[str, Any]:
        self.page = self._request("POST", "/api/pages", {"viewer_id": viewer_id}, context=False)
        self.revision = self.page["publishedRevision"]
        return self.page

    def commands(self) -> dict[str, dict[str, Any]]:
        return {" ".join(entry["path"]): entry for entry in self._request("GET", "/api/commands")["entries"]}

    def state(self) -> dict[str, Any]:
        return self._request("GET", "/api/state")

    def act(self, kind: str, **fields: Any) -> dict[str, Any]:
        self.sequence += 1
        envelope = {
            "protocol_version": 3,
            "sequence": self.sequence,
            "request_id": uuid.uuid4().hex,
            "generation": self.page["context"]["generation"],
            "bot_generation": self.page["botGeneration"],
            "published_revision": self.revision,
            "kind": kind,
            **fields,
        }
        result = self._request("POST", "/api/action", envelope)
        self.sequence = result["expectedSequence"]  # a rejected action does not use up its number
        self.revision = result.get("revision", self.revision)
        return result

    def become(self, name: str) -> None:
        viewer = next(v for v in self.page["viewers"] if v["name"] == name)
        result = self.act("viewer", viewer_id=viewer["id"])
        assert not result["rejected"], result
        self.page = self.state()
        self.revision = self.page["publishedRevision"]

    def autocomplete(self, invocation: str, focused: str, typed: str, **options: str) -> list[dict[str, Any]]:
        entry = self.commands()[invocation]
        result = self.act(
            "autocomplete_command",
            command_id=entry["commandId"],
            path=entry["path"],
            schema_fingerprint=entry["schemaFingerprint"],
            focused=focused,
            value=typed,
            options=options,
        )
        assert not result["rejected"], result
        return result["result"]["choices"]

    def click(self, message: dict[str, Any], label: str) -> dict[str, Any]:
        button = next(
            component
            for row in message["components"]
            for component in row["components"]
            if component.get("label") == label
        )
        return self.act("click", target_id=message["id"], control_key=button["control_key"])

    def latest(self) -> dict[str, Any]:
        """The newest message this viewer sees in the channel."""
        page = self.state()
        return page["messages"][page["timeline"][-1]]

    def run_command(self, invocation: str, **options: str) -> dict[str, Any]:
        """Options are given as typed in the composer: strings, even for numbers and booleans."""
        entry = self.commands()[invocation]
        return self.act(
            "run_command",
            command_id=entry["commandId"],
            path=entry["path"],
            schema_fingerprint=entry["schemaFingerprint"],
            options=options,
        )


@pytest.fixture(params=[("sandbox",), ()], ids=["shelfie-bot sandbox", "shelfie-bot without a token"])
def sandbox(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[subprocess.Popen[str], PreviewClient]]:
    """A running sandbox (cwd: an empty folder, so no .env token is picked up: no subcommand means sandbox)."""
    environment = {key: value for key, value in os.environ.items() if not key.startswith(("DISCORD_", "SHELFIE_"))}
    environment["PYTHONUNBUFFERED"] = "1"
    process = subprocess.Popen(
        [str(Path(sys.executable).with_name("shelfie-bot")), *request.param],
        cwd=tmp_path,
        env=environment,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        yield process, PreviewClient(*_wait_for_url(process))
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def _wait_for_url(process: subprocess.Popen[str]) -> tuple[str, str]:
    assert process.stdout is not None
    deadline = time.monotonic() + START_TIMEOUT
    seen: list[str] = []
    while time.monotonic() < deadline:
        ready, _, _ = select.select([process.stdout], [], [], 1.0)
        if not ready:
            if process.poll() is not None:
                break
            continue
        line = process.stdout.readline()
        if not line:
            break
        seen.append(line)
        match = URL_LINE.search(line)
        if match:
            return match.group(1), match.group(2)
    raise AssertionError("the sandbox printed no URL:\n" + "".join(seen))


def test_the_sandbox_page_plays_a_command_for_the_chosen_member(sandbox: tuple[subprocess.Popen[str], PreviewClient]) -> None:
    process, client = sandbox
    with urllib.request.urlopen(client.base + "/", timeout=30) as response:
        assert response.status == 200
        assert "<html" in response.read().decode().lower()

    page = client.open_page()
    assert [viewer["name"] for viewer in page["viewers"]] == ["alice", "bob", "carol", "dave"]
    assert page["channel"]["name"] == "shelfie"
    assert "shelfie help" in client.commands()

    client.become("carol")
    result = client.run_command("shelfie help")
    assert not result["rejected"], result
    assert result["settlement"] == "settled"
    (outcome,) = result["outcomes"]
    message = client.state()["messages"][outcome["messageId"]]
    assert message["author"]["name"] == "Shelfie"
    assert message["embeds"][0]["title"] == "How to take a turn"
    assert "Take tiles" in message["embeds"][0]["description"]

    process.send_signal(signal.SIGTERM)
    assert process.wait(timeout=30) == 0


def _played(result: dict[str, Any]) -> None:
    assert not result["rejected"], result
    assert result["settlement"] == "settled", result


@pytest.mark.parametrize("sandbox", [("sandbox",)], indirect=True, ids=["shelfie-bot sandbox"])
def test_a_person_plays_a_move_in_the_sandbox_page(sandbox: tuple[subprocess.Popen[str], PreviewClient]) -> None:
    _process, client = sandbox
    page = client.open_page()
    ids = {viewer["name"]: viewer["id"] for viewer in page["viewers"]}
    names = {user_id: name for name, user_id in ids.items()}

    _played(client.run_command("shelfie new", players="2"))
    client.become("bob")
    _played(client.run_command("shelfie join"))
    client.become("alice")
    _played(client.run_command("shelfie start"))

    turn = client.latest()
    (first,) = turn["mention_user_ids"]
    assert [a["filename"] for a in turn["attachments"]] == ["board.png", "shelves.png"]
    client.become(names[first])
    tiles = client.autocomplete("shelfie take", "tiles", "")[0]["value"]
    column = client.autocomplete("shelfie take", "column", "", tiles=tiles)[0]["value"]
    _played(client.run_command("shelfie take", tiles=tiles, column=str(column)))

    after = client.latest()
    second = ids["alice"] if first == ids["bob"] else ids["bob"]
    assert after["mention_user_ids"] == [second], "the turn passes to the other player"
    assert [a["filename"] for a in after["attachments"]] == ["board.png", "shelves.png"]

    client.become(names[second])
    clicked = client.click(client.latest(), "My goal")
    _played(clicked)
    reply = client.state()["messages"][clicked["outcomes"][0]["messageId"]]
    assert reply["ephemeral"]


def _prepare_move(client: PreviewClient, names: dict[str, str]) -> dict[str, str]:
    """Become the player the latest turn message mentions and pick a legal move by autocomplete."""
    (player,) = client.latest()["mention_user_ids"]
    client.become(names[player])
    tiles = client.autocomplete("shelfie take", "tiles", "")[0]["value"]
    column = client.autocomplete("shelfie take", "column", "", tiles=tiles)[0]["value"]
    return {"tiles": tiles, "column": str(column)}


@pytest.mark.parametrize("sandbox", [("sandbox", "--db", "games.sqlite3")], indirect=True, ids=["--db"])
def test_sigterm_during_a_stream_of_moves_keeps_every_acknowledged_move(
    sandbox: tuple[subprocess.Popen[str], PreviewClient], tmp_path: Path
) -> None:
    process, client = sandbox
    page = client.open_page()
    names = {viewer["id"]: viewer["name"] for viewer in page["viewers"]}
    _played(client.run_command("shelfie new", players="2"))
    client.become("bob")
    _played(client.run_command("shelfie join"))
    client.become("alice")
    _played(client.run_command("shelfie start"))

    acknowledged = 0
    for _ in range(4):
        _played(client.run_command("shelfie take", **_prepare_move(client, names)))
        acknowledged += 1

    last_move = _prepare_move(client, names)
    answer: list[dict[str, Any]] = []
    sender = threading.Thread(target=lambda: answer.append(client.run_command("shelfie take", **last_move)))
    sender.start()
    time.sleep(0.02)  # a move takes about 70 ms here: SIGTERM lands while it is being played
    process.send_signal(signal.SIGTERM)
    sender.join(timeout=60)
    assert process.wait(timeout=60) == 0
    if answer and not answer[0]["rejected"]:
        acknowledged += 1

    db = tmp_path / "games.sqlite3"
    assert not Path(f"{db}-wal").exists() or Path(f"{db}-wal").stat().st_size == 0, "the database was closed cleanly"
    stored, audit = asyncio.run(_stored_game(db))
    assert acknowledged <= stored.turn <= acknowledged + 1, "an acknowledged move is never lost"
    assert audit.ok, audit.problem


async def _stored_game(db: Path) -> tuple[Any, Any]:
    service = await TableService.open(db)
    try:
        return await service.table(1), await service.audit(1)
    finally:
        await service.close()
