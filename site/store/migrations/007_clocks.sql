-- Clocks of online games, and rematches. A game's time control is its base
-- time, its increment per move and, for correspondence, the time allowed for
-- each move (milliseconds; all 0: no clock). red_left and blue_left are each
-- side's time left when the side to move began its turn (turn_started, Unix
-- milliseconds, 0 while the clock is stopped); deadline repeats when the
-- side to move runs out (0: never), for the sweep to find flag falls. A
-- finished game's rematch: the colour that offered it and the new game's id
-- once accepted.
ALTER TABLE games ADD COLUMN clock_base BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN clock_increment BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN clock_per_move BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN red_left BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN blue_left BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN turn_started BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN deadline BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN rematch_offer TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN rematch_id TEXT NOT NULL DEFAULT '';
CREATE INDEX games_deadline ON games (over, deadline);
