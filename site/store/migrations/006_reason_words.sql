-- How a game ended is stored in the library's words (dsq.Reason's text, the
-- API's and the page's too) instead of the site's own: "no-capture move
-- limit", "resignation", "agreed", "threefold repetition". "den entered"
-- is the same in both. A game lost with no pieces left was stored as
-- "no legal move"; the Go step of migration 6 (migrate_reason.go) finds
-- those in their records.
UPDATE games SET reason = 'no-capture move limit' WHERE reason = 'move limit';
UPDATE games SET reason = 'resignation' WHERE reason = 'resigned';
UPDATE games SET reason = 'agreed' WHERE reason = 'draw agreed';
UPDATE games SET reason = 'threefold repetition' WHERE reason = 'repetition';
