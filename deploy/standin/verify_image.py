"""The bot's image against the project's Discord replica, as README's Docker section says it was verified: publish
the commands (`sync`), run the bot detached with a named volume and a restart policy, open and start a game, wait
until Docker calls the container healthy, `docker kill` it and start it again (the game is still there and the bot
answers), then `docker stop` it (exit status 0).

    python deploy/standin/verify_image.py [IMAGE]       (from the repository, with its venv; docker on this machine)

The replica listens on this machine's loopback; the container shares the machine's network (--network host), so
nothing leaves the machine.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.discord_replica import Replica, Sent

NAME = "shelfie-verify"
VOLUME = "shelfie-verify"
ANSWER_SECONDS = 60.0
HEALTHY_SECONDS = 240.0


async def docker(*args: str, check: bool = True) -> str:
    """Run one docker command, without stopping the replica that serves the bot in this process; its output, both
    streams (a failure stops the check, printing what docker said)."""
    process = await asyncio.create_subprocess_exec("docker", *args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    output = (await process.communicate())[0].decode()
    if check and process.returncode != 0:
        raise SystemExit(f"docker {' '.join(args)}: exit {process.returncode}\n{output}")
    return output.strip()


async def answered(replica: Replica, person: int, channel: int, command: str, **options: object) -> Sent:
    sent = await replica.slash(person, channel, command, **options)
    await asyncio.wait_for(sent.answered.wait(), ANSWER_SECONDS)
    return sent


async def until_healthy() -> float:
    started = time.monotonic()
    while time.monotonic() - started < HEALTHY_SECONDS:
        if await docker("inspect", "--format", "{{.State.Health.Status}}", NAME) == "healthy":
            return time.monotonic() - started
        await asyncio.sleep(5)
    raise SystemExit("the container did not become healthy:\n" + await docker("logs", "--tail", "20", NAME))


async def verify(image: str) -> None:
    replica = Replica()
    await replica.start()
    ann, ben = list(replica.people)[:2]
    channel = replica.channel_ids[0]
    await docker("rm", "-f", NAME, check=False)
    await docker("volume", "rm", VOLUME, check=False)
    with tempfile.TemporaryDirectory() as scratch:
        env_file = Path(scratch) / "shelfie.env"
        env_file.write_text(f"DISCORD_TOKEN={replica.token}\nSHELFIE_DISCORD_API={replica.api_base}\n"
                            "SHELFIE_REQUESTS_PER_SECOND=1000\nSHELFIE_WORKERS=1\n", encoding="utf-8")
        common = ["--network", "host", "--env-file", str(env_file), "-v", f"{VOLUME}:/data"]
        sync = await docker("run", "--rm", *common, image, "sync", "--guild", str(replica.guild_id))
        print("sync:", sync.splitlines()[-1], "| commands:", ", ".join(sorted(replica.commands)))
        await docker("run", "-d", "--name", NAME, "--restart", "unless-stopped", *common, image)
        await asyncio.wait_for(replica.connected.wait(), ANSWER_SECONDS)
        print("connected as", await docker("exec", NAME, "id"))
        await answered(replica, ann, channel, "shelfie new", players=2)
        await answered(replica, ben, channel, "shelfie join")
        start = await answered(replica, ann, channel, "shelfie start")
        print("started:", (start.replies[0].get("content") or "")[:80].replace("\n", " "))
        print(f"healthy after {await until_healthy():.0f} s")

        await docker("kill", NAME)
        while replica.connected.is_set():  # until the replica notices the closed gateway
            await asyncio.sleep(0.1)
        await docker("start", NAME)
        await asyncio.wait_for(replica.connected.wait(), ANSWER_SECONDS)
        board = await answered(replica, ann, channel, "shelfie board")
        print("after docker kill + start, /shelfie board answered:", bool(board.replies))
        print("audit:", (await docker("exec", NAME, "shelfie-bot", "audit")).splitlines()[-1])
        print("database:", await docker("exec", NAME, "ls", "-l", "/data"))

        await docker("stop", NAME)
        state = json.loads(await docker("inspect", "--format", "{{json .State}}", NAME))
        print("docker stop: exit code", state["ExitCode"], "| last log lines:")
        print(await docker("logs", "--tail", "4", NAME))
    await replica.close()


if __name__ == "__main__":
    asyncio.run(verify(sys.argv[1] if len(sys.argv) > 1 else "shelfie-bot"))
