-- Who has a game open, for every server instance on the database: one row
-- per game, seat colour and instance, with the live streams the seat's
-- holder has open on that instance (streams), when the instance last said
-- it is alive while they were open (seen), and when the last of them closed
-- there (left_at); Unix milliseconds. A row with streams open whose seen
-- has grown old belongs to an instance that stopped without saying so: its
-- seat counts as away since seen. The model is package live's (Hub.Share).
CREATE TABLE presence (
	game_id TEXT NOT NULL,
	color TEXT NOT NULL,
	instance TEXT NOT NULL,
	streams INTEGER NOT NULL,
	seen BIGINT NOT NULL,
	left_at BIGINT NOT NULL,
	PRIMARY KEY (game_id, color, instance)
);
CREATE INDEX presence_instance ON presence (instance, streams);
