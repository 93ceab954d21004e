-- Initial schema: variants, games, seats, phases (hash-chained), orders, GM audit log, and the
-- mail gateway's inbox and outbox. Times are Unix seconds (UTC). Tokens are stored only as
-- SHA-256 hashes (hex); the plain token is shown once, when it is issued.

CREATE TABLE variants (
    name        TEXT PRIMARY KEY,
    json        TEXT NOT NULL,          -- the variant file as uploaded
    uploaded_at INTEGER NOT NULL
);

CREATE TABLE games (
    id               INTEGER PRIMARY KEY,
    name             TEXT NOT NULL,
    variant          TEXT NOT NULL,
    status           TEXT NOT NULL CHECK (status IN ('forming', 'active', 'paused', 'ended')),
    gm_token_hash    TEXT NOT NULL UNIQUE,
    seed             INTEGER NOT NULL,  -- secret until the game ends
    seed_commitment  TEXT NOT NULL,     -- hex SHA-256 of the seed's 8 little-endian bytes
    movement_seconds INTEGER NOT NULL,
    retreat_seconds  INTEGER NOT NULL,
    adjustment_seconds INTEGER NOT NULL,
    grace_seconds    INTEGER NOT NULL,
    missing_policy   TEXT NOT NULL CHECK (missing_policy IN ('hold', 'civil_disorder', 'wait')),
    resolve_when_ready INTEGER NOT NULL,
    deadline         INTEGER,           -- of the current phase; NULL when paused or ended
    paused_remaining INTEGER,           -- seconds left when paused
    winner           TEXT,
    created_at       INTEGER NOT NULL,
    ended_at         INTEGER,
    revision         INTEGER NOT NULL DEFAULT 0  -- bumped on every change; feeds the ETag
);

CREATE TABLE seats (
    game_id     INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    power       TEXT NOT NULL,
    player      TEXT,
    email       TEXT,
    token_hash  TEXT UNIQUE,            -- NULL while the seat is open
    ready       INTEGER NOT NULL DEFAULT 0,
    joined_at   INTEGER,
    PRIMARY KEY (game_id, power)
);

-- One row per phase. The current phase has resolved_at NULL and no results yet.
-- hash = SHA-256(prev_hash || phase || position || orders || results), see storage/store.cpp.
CREATE TABLE phases (
    game_id     INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq         INTEGER NOT NULL,       -- 0 for the first phase
    phase       TEXT NOT NULL,          -- "S1901M"
    position    TEXT NOT NULL,          -- JSON
    orders      TEXT,                   -- JSON: every order in force at resolution
    results     TEXT,                   -- JSON: the adjudication
    events      TEXT,                   -- JSON event log
    prev_hash   TEXT NOT NULL,
    hash        TEXT,
    deadline    INTEGER,
    resolved_at INTEGER,
    PRIMARY KEY (game_id, seq)
);

-- Orders as submitted, per seat and phase. A resubmission replaces the earlier text.
CREATE TABLE orders (
    game_id      INTEGER NOT NULL,
    seq          INTEGER NOT NULL,
    power        TEXT NOT NULL,
    text         TEXT NOT NULL,
    verdicts     TEXT NOT NULL,         -- JSON
    source       TEXT NOT NULL CHECK (source IN ('web', 'email', 'api')),
    submitted_at INTEGER NOT NULL,
    PRIMARY KEY (game_id, seq, power),
    FOREIGN KEY (game_id, seq) REFERENCES phases(game_id, seq) ON DELETE CASCADE,
    FOREIGN KEY (game_id, power) REFERENCES seats(game_id, power) ON DELETE CASCADE
);

CREATE TABLE audit (
    id       INTEGER PRIMARY KEY,
    game_id  INTEGER REFERENCES games(id) ON DELETE CASCADE,
    actor    TEXT NOT NULL,             -- "gm", "admin", "scheduler", "player:France"
    action   TEXT NOT NULL,
    detail   TEXT NOT NULL,             -- JSON
    at       INTEGER NOT NULL
);
CREATE INDEX audit_game ON audit(game_id, id);

CREATE TABLE mail_inbox (
    id          INTEGER PRIMARY KEY,
    message_id  TEXT NOT NULL UNIQUE,   -- duplicate deliveries are recognised by this
    sender      TEXT NOT NULL,
    game_id     INTEGER REFERENCES games(id) ON DELETE SET NULL,
    power       TEXT,
    body        TEXT NOT NULL,
    status      TEXT NOT NULL,          -- 'applied', 'rejected', 'ignored'
    received_at INTEGER NOT NULL
);

CREATE TABLE mail_outbox (
    id           INTEGER PRIMARY KEY,
    recipient    TEXT NOT NULL,
    subject      TEXT NOT NULL,
    body         TEXT NOT NULL,
    headers      TEXT NOT NULL DEFAULT '{}',  -- JSON object of extra headers
    status       TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
    attempts     INTEGER NOT NULL DEFAULT 0,
    next_attempt INTEGER NOT NULL,
    last_error   TEXT,
    created_at   INTEGER NOT NULL,
    sent_at      INTEGER
);
CREATE INDEX mail_outbox_due ON mail_outbox(status, next_attempt);

CREATE INDEX games_deadline ON games(status, deadline);
