-- A sandbox game (docs/server.md, "Sandbox games"): one person, the GM, orders for every power; no
-- deadlines, no seats to join, resolved when the GM says.
ALTER TABLE games ADD COLUMN sandbox INTEGER NOT NULL DEFAULT 0 CHECK (sandbox IN (0, 1));
