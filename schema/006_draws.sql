-- Draws and concessions (docs/draws.md): a proposal, the surviving powers' votes, and how it ended.
-- A passed proposal is the game's result.
CREATE TABLE draw_proposals (
    id           INTEGER PRIMARY KEY,
    game_id      INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq          INTEGER NOT NULL,      -- the phase during which it was proposed
    phase        TEXT NOT NULL,
    kind         TEXT NOT NULL CHECK (kind IN ('draw', 'concession')),
    proposer     TEXT NOT NULL,
    beneficiary  TEXT,                  -- a concession: the power conceded to
    powers       TEXT NOT NULL,         -- JSON array: the surviving powers when it was proposed
    status       TEXT NOT NULL CHECK (status IN ('open', 'passed', 'failed', 'expired')),
    created_at   INTEGER NOT NULL,
    closed_at    INTEGER
);
CREATE INDEX draw_proposals_by_game ON draw_proposals (game_id, id);

-- One vote per power and proposal, never changed. Secret while the proposal is open.
CREATE TABLE draw_votes (
    proposal_id  INTEGER NOT NULL REFERENCES draw_proposals(id) ON DELETE CASCADE,
    power        TEXT NOT NULL,
    accept       INTEGER NOT NULL,
    at           INTEGER NOT NULL,
    PRIMARY KEY (proposal_id, power)
);
