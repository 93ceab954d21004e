-- Press: the messages players and the GM send each other (docs/press.md).

-- The GM's press rules for a game, set at creation or before the game starts. A game without a
-- row (one created before press existed) has the defaults: full press, no grey press, press in
-- every phase, the GM reads all, everything published when the game ends.
CREATE TABLE press_rules (
    game_id         INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    rule            TEXT NOT NULL CHECK (rule IN ('none', 'public', 'full')),
    grey            INTEGER NOT NULL,   -- a sender may hide their name from the recipients
    in_retreats     INTEGER NOT NULL,   -- players may send press during retreat phases
    in_adjustments  INTEGER NOT NULL,   -- ... and during adjustment (build) phases
    gm_reads_all    INTEGER NOT NULL,   -- the GM reads press between powers
    publish_at_end  INTEGER NOT NULL    -- everyone may read all press once the game has ended
);

-- One row per message, never edited. `sender` is a power or 'GM'; `recipients` lists the
-- addressees as a JSON array for display, and press_recipients holds them one per row for the
-- visibility query.
CREATE TABLE press (
    id          INTEGER PRIMARY KEY,
    game_id     INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq         INTEGER NOT NULL,       -- the phase during which it was sent
    phase       TEXT NOT NULL,          -- that phase's code, "S1901M"
    sender      TEXT NOT NULL,
    recipients  TEXT NOT NULL,
    broadcast   INTEGER NOT NULL,       -- to every power
    grey        INTEGER NOT NULL,       -- the recipients see "anonymous" as the sender
    body        TEXT NOT NULL,
    source      TEXT NOT NULL CHECK (source IN ('web', 'email', 'api')),
    sent_at     INTEGER NOT NULL
);
CREATE INDEX press_by_game ON press (game_id, id);

CREATE TABLE press_recipients (
    press_id    INTEGER NOT NULL REFERENCES press(id) ON DELETE CASCADE,
    recipient   TEXT NOT NULL,          -- a power or 'GM'
    PRIMARY KEY (press_id, recipient)
);
CREATE INDEX press_recipients_by_recipient ON press_recipients (recipient, press_id);

-- How far a reader has read each conversation (a power or 'GM'; the conversation's key as
-- docs/press.md defines it), for the unread counts.
CREATE TABLE press_reads (
    game_id       INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    reader        TEXT NOT NULL,
    conversation  TEXT NOT NULL,
    last_read     INTEGER NOT NULL,
    PRIMARY KEY (game_id, reader, conversation)
);
