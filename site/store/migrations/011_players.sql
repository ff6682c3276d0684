-- Players: a per-browser identity the server issues (no account, no
-- password). id is public (16 hex digits, shown in game states); token is
-- the SHA-256 (hex) of the secret the browser keeps, as for seats. name is
-- the display name ('' until chosen), skeleton its identity.Skeleton: the
-- unique index keeps two players, on any instance, from holding names that
-- look alike. created and renamed: Unix milliseconds.
CREATE TABLE players (
	id TEXT PRIMARY KEY,
	token TEXT NOT NULL UNIQUE,
	name TEXT NOT NULL DEFAULT '',
	skeleton TEXT NOT NULL DEFAULT '',
	created BIGINT NOT NULL,
	renamed BIGINT NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX players_skeleton ON players (skeleton) WHERE skeleton <> '';
-- A player's Glicko-2 rating in one time class (bullet, blitz, rapid,
-- classical, correspondence); no row: a new player's rating.
CREATE TABLE ratings (
	player_id TEXT NOT NULL REFERENCES players (id),
	class TEXT NOT NULL,
	rating DOUBLE PRECISION NOT NULL,
	deviation DOUBLE PRECISION NOT NULL,
	volatility DOUBLE PRECISION NOT NULL,
	games INTEGER NOT NULL,
	updated BIGINT NOT NULL,
	PRIMARY KEY (player_id, class)
);
-- A game's players: each seat's identity ('' : none), the name it was
-- played under and the rating it had when its seat was taken (rounded;
-- provisional: shown with a ?). rated: the game counts for the ratings of
-- its class (rating_class); before the second seat is taken, whether its
-- creator asked for a rated game. rated_done is set, with each side's
-- rating change, in the transaction that rates the game: a game is rated
-- once, by whichever instance gets there.
ALTER TABLE games ADD COLUMN red_player TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN blue_player TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN red_name TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN blue_name TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN red_rating INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN blue_rating INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN red_provisional INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN blue_provisional INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN rating_class TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN rated_done INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN red_change INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN blue_change INTEGER NOT NULL DEFAULT 0;
CREATE INDEX games_unrated ON games (rated, rated_done, over);
CREATE INDEX games_red_player ON games (red_player);
CREATE INDEX games_blue_player ON games (blue_player);
