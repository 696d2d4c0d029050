"""The project's Discord replica as a service of deploy/compose.yaml (with deploy/standin/compose.replica.yaml): how
the compose file's two shard processes were checked where Discord cannot be reached (README, Scaling out).

One guild per shard; the bot's token is the one deploy/.env gives the shards. Once the commands are synced and a
shard process is connected, two people open, join and start a game in that shard's guild; each time that shard's
process connects again (after `docker kill` and a restart), `/shelfie board` there must show the game. Each
finding is one printed line (docker-compose logs replica).
"""

from __future__ import annotations

import asyncio
import os

from bench.discord_replica import Replica

PORT = 18080
SHARDS = 2
ANSWER_SECONDS = 60.0


async def watch(replica: Replica, shard: int) -> None:
    guild = replica.guild_ids[shard]
    channel = next(channel for channel, of in replica.guild_of.items() if of == guild)
    ann, ben = list(replica.people)[:2]
    connections = 0
    while True:
        await replica.shard_connected(shard).wait()
        connections += 1
        try:
            if connections == 1:
                for person, command, options in ((ann, "shelfie new", {"players": 2}), (ben, "shelfie join", {}),
                                                 (ann, "shelfie start", {})):
                    sent = await replica.slash(person, channel, command, **options)
                    await asyncio.wait_for(sent.answered.wait(), ANSWER_SECONDS)
                print(f"shard {shard}: connected; a game opened, joined and started in guild {guild}", flush=True)
            else:
                sent = await replica.slash(ann, channel, "shelfie board")
                await asyncio.wait_for(sent.answered.wait(), ANSWER_SECONDS)
                shown = sent.replies[0].get("content", "")[:60].replace("\n", " ")
                print(f"shard {shard}: connected again (connection {connections}); /shelfie board: {shown}",
                      flush=True)
        except (TimeoutError, ConnectionError) as exc:
            print(f"shard {shard}: no answer ({exc!r})", flush=True)
        while replica.shard_connected(shard).is_set():
            await asyncio.sleep(0.5)
        print(f"shard {shard}: disconnected", flush=True)


async def main() -> None:
    replica = Replica(shards=SHARDS)
    replica.token = os.environ["DISCORD_TOKEN"]
    await replica.start(port=PORT)
    print(f"replica: listening at {replica.api_base}; waiting for `sync`", flush=True)
    while not replica.commands:
        await asyncio.sleep(0.5)
    print(f"replica: commands synced: {', '.join(sorted(replica.commands))}", flush=True)
    await asyncio.gather(*(watch(replica, shard) for shard in range(SHARDS)))


if __name__ == "__main__":
    asyncio.run(main())
