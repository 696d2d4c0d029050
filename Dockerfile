# Shelfie bot: `docker run -e DISCORD_TOKEN=... -v shelfie:/data IMAGE` is the whole deployment.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    SHELFIE_DB=/data/shelfie.sqlite3

WORKDIR /app

# Dependencies first (pinned by constraints.txt) so code changes reuse this layer.
COPY pyproject.toml constraints.txt README.md ./
RUN mkdir -p bot engine render bench \
 && pip install -c constraints.txt . \
 && pip uninstall -y shelfie-bot

# The code runs from /app (game data, fonts and catalogs are read from /app/data).
COPY bot ./bot
COPY engine ./engine
COPY render ./render
COPY bench ./bench
COPY data ./data
RUN pip install --no-deps -e . \
 && useradd --system --uid 10001 --home-dir /app --shell /usr/sbin/nologin shelfie \
 && mkdir -p /data \
 && chown shelfie:shelfie /data

USER shelfie
VOLUME ["/data"]

# Healthy while the bot is connected to Discord, its database answers and no deadline is overdue (it writes its
# status every 30 s next to a SQLite database, else in /tmp; a shard process finds its own by SHELFIE_SHARD_IDS).
HEALTHCHECK --interval=60s --timeout=10s --start-period=90s --retries=3 CMD ["shelfie-bot", "health"]

# SIGTERM (docker stop) finishes in-flight interactions and closes the database cleanly.
STOPSIGNAL SIGTERM
CMD ["shelfie-bot", "run"]
