-- The engine's review of each finished game (package review's JSON), '' until
-- it is computed; claimed is the Unix millisecond until which one process
-- holds the job of computing it (0: none), so that of several instances on
-- one database one computes it, and another takes it up if that one stops.
CREATE TABLE reviews (
    id      TEXT PRIMARY KEY REFERENCES games (id),
    claimed BIGINT NOT NULL,
    review  TEXT NOT NULL
);
