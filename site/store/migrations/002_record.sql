-- The library's record of each game (dsq.Game.MarshalJSON: start, moves,
-- result, draw offer) becomes the stored game; the Go step of migration 2
-- (migrate_record.go) writes it for the rows made before, from the columns
-- that migration 3 then drops. The other columns stay, for SQL.
ALTER TABLE games ADD COLUMN record TEXT NOT NULL DEFAULT '';
