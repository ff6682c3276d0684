-- What the record now holds: the rules, the start, the moves, and the
-- resignation or agreed draw (the result and its reason stay in columns for
-- the statistics, the pending draw offer for the AI games to resume).
ALTER TABLE games DROP COLUMN rules;
ALTER TABLE games DROP COLUMN start;
ALTER TABLE games DROP COLUMN moves;
ALTER TABLE games DROP COLUMN resigned;
ALTER TABLE games DROP COLUMN draw_agreed;
UPDATE games SET draw_offer = '' WHERE over = 1;
