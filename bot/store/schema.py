"""Numbered schema migrations, applied in order at open and tracked by `PRAGMA user_version`.

A migration is never edited once released: a later change is a new entry, so any database file,
however old, reaches the current schema by running the entries it has not seen yet.
"""
from __future__ import annotations

MIGRATIONS: tuple[str, ...] = (
    # 1: games, seats, move log, deadlines, guild settings, results and per-guild player stats.
    """
    CREATE TABLE games (
        id              INTEGER PRIMARY KEY,
        kind            TEXT    NOT NULL DEFAULT 'shelfie',
        guild_id        INTEGER NOT NULL,
        channel_id      INTEGER NOT NULL,
        thread_id       INTEGER,
        place_id        INTEGER,
        status          TEXT    NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'cancelled')),
        end_reason      TEXT,
        options         TEXT    NOT NULL,
        host_id         INTEGER NOT NULL,
        seed            INTEGER NOT NULL,
        created_at      REAL    NOT NULL,
        updated_at      REAL    NOT NULL,
        state           TEXT,
        version         INTEGER NOT NULL DEFAULT 0,
        turn            INTEGER NOT NULL DEFAULT 0,
        lobby_message_id INTEGER,
        turn_message_id INTEGER
    );
    CREATE UNIQUE INDEX games_one_open_per_place ON games (place_id)
        WHERE status IN ('lobby', 'active') AND place_id IS NOT NULL;
    CREATE INDEX games_by_guild ON games (guild_id, status);

    CREATE TABLE seats (
        game_id       INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        position      INTEGER NOT NULL CHECK (position BETWEEN 0 AND 7),
        user_id       INTEGER,
        name          TEXT    NOT NULL,
        level         TEXT,
        expired_turns INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (game_id, position),
        CHECK (user_id IS NOT NULL OR level IS NOT NULL)
    ) WITHOUT ROWID;
    CREATE UNIQUE INDEX seats_one_per_user ON seats (game_id, user_id) WHERE user_id IS NOT NULL;
    CREATE INDEX seats_by_user ON seats (user_id) WHERE user_id IS NOT NULL;

    CREATE TABLE moves (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seq     INTEGER NOT NULL CHECK (seq >= 1),
        seat    INTEGER NOT NULL,
        move    TEXT,
        kind    TEXT    NOT NULL CHECK (kind IN ('move', 'resign', 'auto', 'timeout')),
        at      REAL    NOT NULL,
        PRIMARY KEY (game_id, seq)
    ) WITHOUT ROWID;

    CREATE TABLE deadlines (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        kind    TEXT    NOT NULL CHECK (kind IN ('reminder', 'final_reminder', 'expiry')),
        due_at  REAL    NOT NULL,
        turn    INTEGER NOT NULL,
        PRIMARY KEY (game_id, kind)
    ) WITHOUT ROWID;
    CREATE INDEX deadlines_by_due ON deadlines (due_at);

    CREATE TABLE guild_settings (
        guild_id     INTEGER PRIMARY KEY,
        turn_timeout INTEGER,
        locale       TEXT
    );

    CREATE TABLE results (
        game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seat     INTEGER NOT NULL,
        guild_id INTEGER NOT NULL,
        user_id  INTEGER NOT NULL,
        points   INTEGER NOT NULL,
        rank     INTEGER NOT NULL,
        won      INTEGER NOT NULL CHECK (won IN (0, 1)),
        at       REAL    NOT NULL,
        PRIMARY KEY (game_id, seat)
    ) WITHOUT ROWID;

    CREATE TABLE player_stats (
        guild_id INTEGER NOT NULL,
        user_id  INTEGER NOT NULL,
        name     TEXT    NOT NULL,
        games    INTEGER NOT NULL DEFAULT 0,
        wins     INTEGER NOT NULL DEFAULT 0,
        points   INTEGER NOT NULL DEFAULT 0,
        best     INTEGER NOT NULL DEFAULT 0,
        mu       REAL,
        sigma    REAL,
        PRIMARY KEY (guild_id, user_id)
    ) WITHOUT ROWID;
    """,
    # 2: the outbox: what each committed step must announce in its channel, written in the step's own
    # transaction and marked posted once the message is out, so a crash in between loses no announcement.
    """
    CREATE TABLE announcements (
        game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        version    INTEGER NOT NULL,
        event      TEXT    NOT NULL,
        first_seq  INTEGER NOT NULL,
        last_seq   INTEGER NOT NULL,
        created_at REAL    NOT NULL,
        posted_at  REAL,
        message_id INTEGER,
        summary    TEXT,
        PRIMARY KEY (game_id, version)
    ) WITHOUT ROWID;
    CREATE INDEX announcements_unposted ON announcements (created_at) WHERE posted_at IS NULL;
    CREATE INDEX announcements_live ON announcements (game_id) WHERE summary IS NOT NULL;
    """,
    # 3: when the current turn began (a typed move made before it is out of date), which finished game a
    #    lobby is the rematch of (at most one per game), and lobby expiry deadlines. Lobbies already open get
    #    theirs when the service opens the store (Store.add_lobby_expiries): the operator's lobby timeout counted
    #    from the upgrade, not from when they opened, so an upgrade never closes old lobbies at once.
    """
    ALTER TABLE games ADD COLUMN turn_started_at REAL;
    UPDATE games SET turn_started_at = updated_at WHERE status = 'active';
    ALTER TABLE games ADD COLUMN rematch_of INTEGER REFERENCES games (id);
    CREATE UNIQUE INDEX games_one_rematch ON games (rematch_of) WHERE rematch_of IS NOT NULL;

    CREATE TABLE deadlines_v2 (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        kind    TEXT    NOT NULL CHECK (kind IN ('reminder', 'final_reminder', 'expiry', 'lobby_expiry')),
        due_at  REAL    NOT NULL,
        turn    INTEGER NOT NULL,
        PRIMARY KEY (game_id, kind)
    ) WITHOUT ROWID;
    INSERT INTO deadlines_v2 (game_id, kind, due_at, turn) SELECT game_id, kind, due_at, turn FROM deadlines;
    DROP TABLE deadlines;
    ALTER TABLE deadlines_v2 RENAME TO deadlines;
    CREATE INDEX deadlines_by_due ON deadlines (due_at);
    """,
    # 4: results and player stats per game kind (every game so far was My Shelfie, the only kind there was):
    #    a result carries its game's kind, and a player's stats and rating are kept per guild and kind.
    """
    ALTER TABLE results ADD COLUMN kind TEXT NOT NULL DEFAULT 'shelfie';
    UPDATE results SET kind = (SELECT kind FROM games WHERE games.id = results.game_id);

    CREATE TABLE player_stats_v2 (
        guild_id INTEGER NOT NULL,
        kind     TEXT    NOT NULL,
        user_id  INTEGER NOT NULL,
        name     TEXT    NOT NULL,
        games    INTEGER NOT NULL DEFAULT 0,
        wins     INTEGER NOT NULL DEFAULT 0,
        points   INTEGER NOT NULL DEFAULT 0,
        best     INTEGER NOT NULL DEFAULT 0,
        mu       REAL,
        sigma    REAL,
        PRIMARY KEY (guild_id, kind, user_id)
    ) WITHOUT ROWID;
    INSERT INTO player_stats_v2 (guild_id, kind, user_id, name, games, wins, points, best, mu, sigma)
        SELECT guild_id, 'shelfie', user_id, name, games, wins, points, best, mu, sigma FROM player_stats;
    DROP TABLE player_stats;
    ALTER TABLE player_stats_v2 RENAME TO player_stats;
    """,
    # 5: whether a start announcement's secrets (goal DMs) went out, and to whom they could not (closed DMs:
    #    the user ids, comma-separated; NULL while unsent), so a start posted again never sends them twice;
    #    when an announcement was first handed to Discord and a digest of the text last sent, so an attempt
    #    after a crash or a failed write finds the message already posted instead of posting it twice.
    """
    ALTER TABLE announcements ADD COLUMN secrets_closed TEXT;
    ALTER TABLE announcements ADD COLUMN sending_at REAL;
    ALTER TABLE announcements ADD COLUMN sent_digest TEXT;
    """,
    # 6: a game's rematch counts only while it lives (a lobby still open, or a game that started): a rematch
    #    lobby that expired or was cancelled before it started no longer stops a new rematch.
    """
    DROP INDEX games_one_rematch;
    CREATE UNIQUE INDEX games_one_live_rematch ON games (rematch_of)
        WHERE rematch_of IS NOT NULL AND (status != 'cancelled' OR state IS NOT NULL);
    """,
    # 7: how many times firing a deadline has failed, so a failing one is retried later with a growing delay
    #    and dropped after a bounded number of attempts instead of on its first failure.
    """
    ALTER TABLE deadlines ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
    """,
    # 8: co-operative games' shared results (a table wins or loses together; the game's measure, such as cards left,
    #    says how well), kept per guild, kind, player count and setup (the game's own options as played, canonical
    #    JSON), so a server's best results are read per setup with one index.
    """
    CREATE TABLE coop_results (
        game_id  INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
        guild_id INTEGER NOT NULL,
        kind     TEXT    NOT NULL,
        players  INTEGER NOT NULL,
        setup    TEXT    NOT NULL,
        result   INTEGER NOT NULL,
        won      INTEGER NOT NULL CHECK (won IN (0, 1)),
        at       REAL    NOT NULL
    );
    CREATE INDEX coop_results_by_setup ON coop_results (guild_id, kind, players, setup, result);
    """,
    # 9: a deadline is claimed (who, and until when) before it fires, so that several shard processes on one
    #    database never fire it twice, and one claimed by a process that died is claimed again once its lease ends.
    """
    ALTER TABLE deadlines ADD COLUMN claimed_by TEXT;
    ALTER TABLE deadlines ADD COLUMN claimed_until REAL;
    """,
)


def current_version() -> int:
    """The schema version a fully migrated database reports."""
    return len(MIGRATIONS)
