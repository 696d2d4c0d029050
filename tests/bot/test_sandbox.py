"""`shelfie-bot sandbox` as a person uses it: start the process, open the page, act through the preview's API."""

from __future__ import annotations

import asyncio
import base64
import hashlib
import ipaddress
import json
import os
import queue
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.service import TableService
from tests.patience import PATIENCE

URL_LINE = re.compile(r"Sandbox ready: open (http://127\.0\.0\.1:\d+)/#(\S+)")
BANNER_END = re.compile(r"^Ctrl\+C stops the sandbox\.$")


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
        with urllib.request.urlopen(request, timeout=PATIENCE) as response:
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


class Sandbox:
    """A running `shelfie-bot` process (cwd: an empty folder, so no .env token is picked up) and its page."""

    def __init__(self, args: tuple[str, ...], cwd: Path, settings: dict[str, str] | None = None) -> None:
        environment = {key: value for key, value in os.environ.items() if not key.startswith(("DISCORD_", "SHELFIE_"))}
        environment.update(settings or {}, PYTHONUNBUFFERED="1")
        self.process = subprocess.Popen(
            [str(Path(sys.executable).with_name("shelfie-bot")), *args],
            cwd=cwd,
            env=environment,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        self.output: list[str] = []
        self._lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        try:
            self.wait_for_line(BANNER_END)
        except AssertionError:
            self.stop()
            raise
        match = next(URL_LINE.search(line) for line in self.output if URL_LINE.search(line))
        self.client = PreviewClient(match.group(1), match.group(2))

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self._lines.put(line)

    def wait_for_line(self, pattern: re.Pattern[str]) -> str:
        """The next printed line matching `pattern` (lines read on the way are kept in `output`)."""
        deadline = time.monotonic() + PATIENCE
        while (left := deadline - time.monotonic()) > 0:
            try:
                line = self._lines.get(timeout=min(left, 1.0))
            except queue.Empty:
                if self.process.poll() is not None and self._lines.empty():
                    break
                continue
            self.output.append(line)
            if pattern.search(line):
                return line
        raise AssertionError(f"the sandbox printed no line matching {pattern.pattern!r}:\n" + "".join(self.output))

    def stop(self) -> int:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=PATIENCE)
            except subprocess.TimeoutExpired:
                self.process.kill()
        return self.process.wait()


@pytest.fixture(params=[("sandbox",), ()], ids=["shelfie-bot sandbox", "shelfie-bot without a token"])
def sandbox(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Sandbox]:
    """A running sandbox; no subcommand means sandbox when there is no token."""
    running = Sandbox(request.param, tmp_path)
    try:
        yield running
    finally:
        running.stop()


def test_the_sandbox_page_plays_a_command_for_the_chosen_member(sandbox: Sandbox) -> None:
    client = sandbox.client
    page = client.open_page()
    assert [viewer["name"] for viewer in page["viewers"]] == ["alice", "bob", "carol", "dave"]
    assert page["channel"]["name"] == "shelfie"
    assert "games help" in client.commands()

    client.become("carol")
    result = client.run_command("games help")
    assert not result["rejected"], result
    assert result["settlement"] == "settled"
    (outcome,) = result["outcomes"]
    message = client.state()["messages"][outcome["messageId"]]
    assert message["author"]["name"] == "Shelfie"
    assert message["embeds"][0]["title"] == "How to take a turn"
    assert "**Join**" in message["embeds"][0]["description"]
    assert "**Take tiles**" in message["embeds"][0]["fields"][0]["value"], "My Shelfie's own steps"

    assert sandbox.stop() == 0


def _every_game() -> tuple[list[str], list[tuple[str, str]]]:
    """Every registered game's `new` command, and for each game with secrets the label of the button and the
    command that show them privately, as the bot names them."""
    from bot.games.registry import FACES
    from bot.i18n import t
    from bot.presenters.words import command_text

    news = [command_text(kind, "new", "en") for kind in FACES]
    secrets = [(t(face.secrets.button, "en"), command_text(kind, face.secrets.command, "en"))
               for kind, face in FACES.items() if face.secrets is not None]
    return news, secrets


def test_a_newcomer_is_told_how_to_play_see_the_goal_card_and_keep_games(sandbox: Sandbox) -> None:
    """Every registered game is named where the sandbox teaches a first game: the welcome, the banner and the
    page's topic named three games in words written out, so the fourth was missing."""
    news, secrets = _every_game()
    assert len(news) == 4 and ("My projects", "/books projects") in secrets, "A Place for All My Books included"
    banner = "".join(sandbox.output)
    assert '"Viewing as"' in banner
    told = next(line for line in banner.splitlines() if line.startswith("Secret cards go by DM, which the page "
                                                                         "does not show: click My goal (My Shelfie)"))
    assert all(label in told and command in told for label, command in secrets), told
    assert 'Games vanish when the sandbox stops. To keep them, start it with make run ARGS="--db games.sqlite3"' in banner

    page = sandbox.client.open_page()
    topic = page["channel"]["topic"]
    assert all(command in topic for _, command in secrets), "the page header says where every game's secrets are"
    (first,) = [page["messages"][message_id] for message_id in page["timeline"]]
    assert first["author"]["name"] == "Sandbox guide"
    for needed in ("**Viewing as**", *(f"`{new}`" for new in news), "`hints:true`",
                   *(f"**{label}**" for label, _ in secrets), *(f"`{command}`" for _, command in secrets),
                   'make run ARGS="--db games.sqlite3"', "pick the command in the list",
                   "`/shelfie new players:2 turn_timeout:5m`, and press Enter"):
        assert needed in first["content"], needed


def test_the_page_opened_without_its_key_explains_what_to_open(sandbox: Sandbox) -> None:
    with urllib.request.urlopen(sandbox.client.base + "/", timeout=PATIENCE) as response:
        assert response.status == 200
        html = response.read().decode()
        policy = response.headers["Content-Security-Policy"]
    assert '<main id="preview-app" class="preview-app" aria-busy="true"' in html, "simcord's own page"
    help_text = re.search(r'<p class="shelfie-key-help" role="alert">(.*?)</p>', html)
    assert help_text and "its whole address" in help_text.group(1) and "the part after <code>#</code>" in help_text.group(1)
    (style,) = re.findall(r"<style>(.*?)</style>", html, re.S)
    assert "body:has(#channel-layout:not([hidden])) .shelfie-key-help," in style, "hidden once the channel shows"
    digest = base64.b64encode(hashlib.sha256(style.encode()).digest()).decode()
    assert f"style-src 'self' 'sha256-{digest}'" in policy, "the browser applies the help's style"
    assert "script-src 'self';" in policy, "nothing else is loosened"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _listening_addresses(port: int) -> set[str]:
    """The IPv4 addresses a socket listens on at `port`, from the kernel's table (/proc/net/tcp)."""
    addresses = set()
    for line in Path("/proc/net/tcp").read_text(encoding="ascii").splitlines()[1:]:
        fields = line.split()
        address, _, hex_port = fields[1].partition(":")
        if fields[3] == "0A" and int(hex_port, 16) == port:  # 0A: LISTEN
            addresses.add(str(ipaddress.IPv4Address(bytes.fromhex(address)[::-1])))
    return addresses


def test_in_the_docker_image_the_page_listens_on_every_interface_and_the_hints_name_docker(tmp_path: Path) -> None:
    port = _free_port()
    sandbox = Sandbox((), tmp_path, {"SHELFIE_SANDBOX_ADDRESS": f"0.0.0.0:{port}"})  # as the Dockerfile sets it
    try:
        assert _listening_addresses(port) == {"0.0.0.0"}, "where Docker forwards a published port"
        banner = "".join(sandbox.output)
        assert f"Sandbox ready: open http://127.0.0.1:{port}/#" in banner
        assert f"publishes its port {port} as the same port: docker run -p {port}:{port} ..." in banner
        keep = (f"start it with docker run -p {port}:{port} -v shelfie-sandbox:/data shelfie-sandbox "
                "sandbox --db /data/games.sqlite3")
        assert keep in banner
        assert "make run" not in banner
        with urllib.request.urlopen(sandbox.client.base + "/", timeout=PATIENCE) as response:
            assert f"Start it with <code>docker run -p {port}:{port} shelfie-sandbox</code>" in response.read().decode()
        page = sandbox.client.open_page()
        (welcome,) = [page["messages"][message_id]["content"] for message_id in page["timeline"]]
        assert f"`docker run -p {port}:{port} -v shelfie-sandbox:/data" in welcome and "make run" not in welcome
        assert health(port) == (0, f"healthy: the sandbox (no DISCORD_TOKEN) answers at port {port}\n")
    finally:
        assert sandbox.stop() == 0
    code, finding = health(port)
    assert code == 1 and finding.startswith(f"unhealthy: the sandbox's page does not answer at port {port} (")


def health(port: int) -> tuple[int, str]:
    """`shelfie-bot health` as the image's HEALTHCHECK runs it in a container without a token."""
    environment = {key: value for key, value in os.environ.items() if not key.startswith(("DISCORD_", "SHELFIE_"))}
    environment["SHELFIE_SANDBOX_ADDRESS"] = f"0.0.0.0:{port}"
    result = subprocess.run([str(Path(sys.executable).with_name("shelfie-bot")), "health"], env=environment,
                            capture_output=True, text=True, timeout=PATIENCE, cwd=Path(__file__).parent)
    return result.returncode, result.stdout


def _played(result: dict[str, Any]) -> None:
    assert not result["rejected"], result
    assert result["settlement"] == "settled", result


@pytest.mark.parametrize("sandbox", [("sandbox",)], indirect=True, ids=["shelfie-bot sandbox"])
def test_a_person_plays_a_move_in_the_sandbox_page(sandbox: Sandbox) -> None:
    client = sandbox.client
    page = client.open_page()
    ids = {viewer["name"]: viewer["id"] for viewer in page["viewers"]}
    names = {user_id: name for name, user_id in ids.items()}

    _played(client.run_command("shelfie new", players="2"))
    client.become("bob")
    _played(client.run_command("shelfie join"))
    client.become("alice")
    _played(client.run_command("shelfie start"))
    dm_note = re.compile(r"^Shelfie sent (\w+) a DM \(the page shows only #shelfie\): to see it, "
                         r"view as \1 and click My goal on a turn message, or type /shelfie goal\.$")
    told = set()
    for _ in range(2):
        match = dm_note.match(sandbox.wait_for_line(dm_note))
        assert match is not None
        told.add(match.group(1))
    assert told == {"alice", "bob"}, "the terminal tells each player's DM, since the page cannot show it"

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
    sandbox: Sandbox, tmp_path: Path
) -> None:
    process, client = sandbox.process, sandbox.client
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

    def send() -> None:
        try:
            answer.append(client.run_command("shelfie take", **last_move))
        except urllib.error.HTTPError as refused:  # the page refuses an action that reaches a stopping bot
            refused.close()
        except (urllib.error.URLError, ConnectionError):  # or the page stops before it answers: not acknowledged
            pass

    sender = threading.Thread(target=send)
    sender.start()
    time.sleep(0.02)  # a move takes about 70 ms here: SIGTERM lands while it is being played
    process.send_signal(signal.SIGTERM)
    sender.join(timeout=PATIENCE)
    assert process.wait(timeout=PATIENCE) == 0
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


def test_games_kept_with_db_go_on_after_a_restart(tmp_path: Path) -> None:
    first = Sandbox(("--db", "games.sqlite3"), tmp_path)  # options without a subcommand go to the sandbox
    try:
        client = first.client
        names = {viewer["id"]: viewer["name"] for viewer in client.open_page()["viewers"]}
        assert f"Games are kept in {tmp_path / 'games.sqlite3'}: stop and start again with the same --db" in "".join(first.output)
        _played(client.run_command("shelfie new", players="2"))
        client.become("bob")
        _played(client.run_command("shelfie join"))
        client.become("alice")
        _played(client.run_command("shelfie start"))
        _played(client.run_command("shelfie take", **_prepare_move(client, names)))
        earlier_ids = {int(message_id) for message_id in client.state()["timeline"]}
    finally:
        assert first.stop() == 0

    second = Sandbox(("sandbox", "--db", "games.sqlite3"), tmp_path)
    try:
        client = second.client
        page = client.open_page()
        assert {viewer["id"]: viewer["name"] for viewer in page["viewers"]} == names, "the same members"
        kept = next(line for line in "".join(second.output).splitlines() if line.startswith("Kept from earlier"))
        assert kept.startswith("Kept from earlier: 1 game in play, 0 open lobbies. /shelfie board, ")
        assert all(new.replace(" new", " board") in kept for new in _every_game()[0]), "every game's board command"
        (welcome,) = [page["messages"][message_id] for message_id in page["timeline"]]
        assert "Kept from earlier: 1 game in play" in welcome["content"]

        _played(client.run_command("shelfie board"))
        table = client.latest()
        assert [a["filename"] for a in table["attachments"]] == ["board.png", "shelves.png"]
        _played(client.run_command("shelfie take", **_prepare_move(client, names)))
        assert "turn 3" in client.latest()["content"], "the kept game goes on from where it stopped"
        assert min(int(message_id) for message_id in client.state()["timeline"]) > max(earlier_ids), \
            "a new message never reuses the id of one a kept game may remember"
    finally:
        assert second.stop() == 0
    stored, audit = asyncio.run(_stored_game(tmp_path / "games.sqlite3"))
    assert stored.turn == 2 and audit.ok
