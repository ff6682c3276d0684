-- Takeback requests of online games: the colour whose request to take back
-- its last move waits for the opponent's answer ('' : none), how many each
-- side has asked in the game, and whether each side's last request was
-- declined since it last moved (0/1: it may not ask again until it moves).
ALTER TABLE games ADD COLUMN takeback_by TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN red_takebacks INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN blue_takebacks INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN red_takeback_declined INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN blue_takeback_declined INTEGER NOT NULL DEFAULT 0;
