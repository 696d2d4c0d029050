"""Where the sandbox's page listens, the commands its hints name there (`make run` on a person's machine,
`docker run` in a container), and whether the page answers there (the container's health without a token).

The Docker image sets SHELFIE_SANDBOX_ADDRESS=0.0.0.0:8000: a sandbox listening on every interface is one in a
container, reached through the port Docker publishes, so its hints speak of docker commands. This module imports no
simcord: the bot's image has no sandbox, and its answer to a missing token comes from here (bot.cli).
"""

from __future__ import annotations

import ipaddress
import urllib.request
from dataclasses import dataclass

LOOPBACK = "127.0.0.1"
SANDBOX_IMAGE = "shelfie-sandbox"
"""The tag README gives the sandbox image (`docker build --build-arg SANDBOX=1 -t shelfie-sandbox .`)."""
KEEP_EXAMPLE = "games.sqlite3"


@dataclass(frozen=True, slots=True)
class SandboxAddress:
    """The address the sandbox's page listens on: an IPv4 address and a port (0: any free port)."""

    host: str = LOOPBACK
    port: int = 0

    @property
    def in_container(self) -> bool:
        """Reached from outside the machine it runs on: the image's setting, so the hints name docker commands."""
        return not ipaddress.IPv4Address(self.host).is_loopback


def parse_sandbox_address(text: str) -> SandboxAddress:
    """`HOST:PORT` with an IPv4 address and a port 1 .. 65535, as the image sets it: `0.0.0.0:8000`."""
    host, colon, port = text.strip().rpartition(":")
    try:
        ipaddress.IPv4Address(host)
    except ValueError:
        host = ""
    if not (colon and host and port.isascii() and port.isdigit() and len(port) <= 5 and 1 <= int(port) <= 65535):
        raise ValueError(f"{text[:30]!r} is not an IPv4 address and port like 0.0.0.0:8000")
    return SandboxAddress(host, int(port))


def _publish(address: SandboxAddress) -> str:
    return f"-p {address.port}:{address.port}"


def start_command(address: SandboxAddress) -> str:
    """The command that starts the sandbox where it runs."""
    return f"docker run {_publish(address)} {SANDBOX_IMAGE}" if address.in_container else "make run"


def keep_commands(address: SandboxAddress) -> tuple[str, ...]:
    """Commands that start the sandbox keeping its games in a database, so the next start resumes them."""
    if address.in_container:
        return (f"docker run {_publish(address)} -v shelfie-sandbox:/data {SANDBOX_IMAGE} "
                f"sandbox --db /data/{KEEP_EXAMPLE}",)
    return (f'make run ARGS="--db {KEEP_EXAMPLE}"', f"shelfie-bot sandbox --db {KEEP_EXAMPLE}")


def where_to_open(address: SandboxAddress) -> str | None:
    """Where the printed address opens, when that is not plainly this machine (in a container, through Docker)."""
    if not address.in_container:
        return None
    return (f"  (in a browser on the machine running the container, which publishes its port {address.port} as the "
            f"same port: docker run {_publish(address)} ...; the page answers to no other address)")


def no_sandbox(address: SandboxAddress) -> str:
    """The answer when the sandbox is asked for (or DISCORD_TOKEN is missing) where it is not installed."""
    if address.in_container:
        return ("this image has no sandbox, which runs when DISCORD_TOKEN is not set (only an image built with "
                "--build-arg SANDBOX=1 has one): to run the bot, give it its token (docker run --env-file FILE, "
                "with DISCORD_TOKEN=... in FILE); to play in the sandbox, build and run the sandbox image: "
                f"docker build --build-arg SANDBOX=1 -t {SANDBOX_IMAGE} . && {start_command(address)} (README, Docker)")
    return ("the sandbox is not installed here (it needs the sandbox extra: make run installs it, or "
            "pip install -e \".[sandbox]\"); set DISCORD_TOKEN to run the bot instead")


def page_health(address: SandboxAddress, timeout: float) -> tuple[bool, str]:
    """Whether the sandbox's page answers at the address's port, and the finding in words: the Docker health check
    of a container that runs the sandbox (no DISCORD_TOKEN, so no bot to check) at the image's fixed port."""
    try:
        with urllib.request.urlopen(f"http://{LOOPBACK}:{address.port}/", timeout=timeout) as response:
            answered = response.status == 200
    except OSError as exc:
        return False, f"the sandbox's page does not answer at port {address.port} ({exc})"
    if not answered:
        return False, f"the sandbox's page answers at port {address.port} with status {response.status}"
    return True, f"the sandbox (no DISCORD_TOKEN) answers at port {address.port}"
