-- The lobby (issue 46): seeks, the open offers of a game that others see
-- and accept, and the lobby streams that keep them alive.
--
-- A seek: its player (the public id of a per-browser identity) and what
-- the lobby shows of it (name, rating, provisional, as they were when it was
-- posted), its time control and whether it is rated, and the SHA-256 of the
-- seat token its poster will hold in the game (so that whichever instance
-- pairs it makes the game with that seat, and nobody carries the token).
-- Open while game_id is ''; once paired, game_id and color (the seeker's)
-- say where its player went, until paired_at is old. Times are Unix
-- milliseconds.
CREATE TABLE seeks (
	id TEXT PRIMARY KEY,
	player_id TEXT NOT NULL,
	name TEXT NOT NULL,
	rating INTEGER NOT NULL,
	provisional INTEGER NOT NULL,
	control TEXT NOT NULL,
	rated INTEGER NOT NULL,
	seat TEXT NOT NULL,
	created BIGINT NOT NULL,
	game_id TEXT NOT NULL,
	color TEXT NOT NULL,
	paired_at BIGINT NOT NULL
);
CREATE INDEX seeks_player ON seeks (player_id, game_id);
CREATE INDEX seeks_open ON seeks (game_id, created);

-- Who has the lobby open, for every server instance on the database: one
-- row per player and instance with the lobby streams open there (streams)
-- and when the instance last said it is alive (seen). A player's open seeks
-- live while it has a row with streams open seen lately on some instance:
-- a row whose seen has grown old belongs to an instance that stopped
-- without saying so.
CREATE TABLE lobby (
	player_id TEXT NOT NULL,
	instance TEXT NOT NULL,
	streams INTEGER NOT NULL,
	seen BIGINT NOT NULL,
	PRIMARY KEY (player_id, instance)
);
CREATE INDEX lobby_instance ON lobby (instance);
