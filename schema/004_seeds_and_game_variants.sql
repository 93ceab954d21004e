-- 256-bit dice seeds: `seed_hex` holds a new game's 32 random bytes as 64 hex digits and its
-- commitment is the SHA-256 of those bytes; games created before keep their 64-bit `seed` (and
-- commitment) and `seed_hex` stays NULL (docs/campaign.md, "Dice").
ALTER TABLE games ADD COLUMN seed_hex TEXT;

-- A variant a GM uploaded for one game (docs/variants.md, "Uploading"): `game_id` names the
-- game; server-wide variants (the admin's uploads) have NULL. Deleted with the game.
ALTER TABLE variants ADD COLUMN game_id INTEGER REFERENCES games(id) ON DELETE CASCADE;
