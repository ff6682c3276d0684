-- Fair play online. red_seen and blue_seen are when each seat's holder
-- last showed itself in a change of the game (took the seat, moved,
-- offered; Unix milliseconds, 0: never): a claim of the win counts the
-- opponent away from no earlier. Games stored before count from their last
-- change. aborted: an online game ended before both sides had moved, with
-- no result (over stays 0: no statistics count it).
ALTER TABLE games ADD COLUMN red_seen BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN blue_seen BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN aborted INTEGER NOT NULL DEFAULT 0;
UPDATE games SET red_seen = updated, blue_seen = updated WHERE mode = 'online';
