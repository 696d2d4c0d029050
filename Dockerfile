# The bot (README, Docker):  docker build -t shelfie-bot .
# The sandbox image, which plays in the browser when DISCORD_TOKEN is not set (and runs the bot when it is):
#   docker build --build-arg SANDBOX=1 -t shelfie-sandbox .  &&  docker run --rm -p 8000:8000 shelfie-sandbox
# The bot's image leaves the sandbox out (simcord and PyAV, a third of the image that no bot process loads); without
# a token it says how to give one, or how to build the sandbox image, and exits.
FROM python:3.11-slim

ARG SANDBOX=0

# Python runs from a venv: `python3 -m venv` works alike with the official image's /usr/local Python and with the
# Debian Python of the stand-in this file was verified with (deploy/standin/python.sh).
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PATH=/opt/venv/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    SHELFIE_DB=/data/shelfie.sqlite3 \
    SHELFIE_SANDBOX_ADDRESS=0.0.0.0:8000

WORKDIR /app

# Dependencies first, read from pyproject.toml's lists (no README, no code: editing those reuses this layer), pinned
# by constraints.txt, with the build backend it pins (used below in place of pip's isolated build environment).
COPY pyproject.toml constraints.txt ./
RUN python3 -m venv /opt/venv \
 && python3 -c "import tomllib; project = tomllib.load(open('pyproject.toml', 'rb'))['project']; \
print('\n'.join(project['dependencies'] + (project['optional-dependencies']['sandbox'] if '$SANDBOX' == '1' else [])))" \
    > /tmp/requirements.txt \
 && pip install -c constraints.txt setuptools -r /tmp/requirements.txt \
 && rm /tmp/requirements.txt

# The code runs from /app (game data, fonts and catalogs are read from /app/data).
COPY README.md ./
COPY bot ./bot
COPY engine ./engine
COPY render ./render
COPY bench ./bench
COPY data ./data
RUN pip install --no-deps --no-build-isolation -e . \
 && useradd --no-create-home --uid 10001 --home-dir /app --shell /usr/sbin/nologin shelfie \
 && mkdir -p /data \
 && chown shelfie:shelfie /data

# /data holds the SQLite database: mount a named volume there (docker run -v shelfie:/data), which starts as this
# folder, owned by the image's user (uid 10001). No VOLUME line: it would leave an anonymous volume behind every
# container run without one, and shard processes on PostgreSQL need none.
USER shelfie

# The sandbox's page (sandbox image, no token): SHELFIE_SANDBOX_ADDRESS above; publish it as the same port.
EXPOSE 8000

# Healthy while the bot is connected to Discord, its database answers and no deadline is overdue (it writes its
# status every 30 s next to a SQLite database, else in /tmp; a shard process finds its own by SHELFIE_SHARD_IDS).
HEALTHCHECK --interval=60s --timeout=10s --start-period=90s --retries=3 CMD ["shelfie-bot", "health"]

# SIGTERM (docker stop) finishes in-flight interactions and closes the database cleanly.
STOPSIGNAL SIGTERM
# `run` when DISCORD_TOKEN is set, else the sandbox (or, in the bot's image, what to do instead); arguments are
# shelfie-bot's: docker run --rm --env-file shelfie.env -v shelfie:/data shelfie-bot sync
ENTRYPOINT ["shelfie-bot"]
