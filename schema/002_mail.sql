-- Mail gateway, second part: the per-server secret that derives each seat's mail key, the stored
-- answer of every inbound mail (so a duplicate delivery is answered again without being
-- processed twice), and which notifications went out (results per phase, reminders per seat).

CREATE TABLE mail_secret (
    id     INTEGER PRIMARY KEY CHECK (id = 1),
    secret TEXT NOT NULL                -- hex; HMAC key for the orders+KEY@ addresses
);

ALTER TABLE mail_inbox ADD COLUMN reply_outbox_id INTEGER REFERENCES mail_outbox(id);

-- kind: 'results' (power = ''), 'reminder'. One row per notification ever queued.
CREATE TABLE mail_notices (
    game_id  INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq      INTEGER NOT NULL,
    kind     TEXT NOT NULL,
    power    TEXT NOT NULL DEFAULT '',
    at       INTEGER NOT NULL,
    PRIMARY KEY (game_id, seq, kind, power)
);
