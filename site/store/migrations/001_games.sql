-- Games: one row each, replayable from start, moves and the events outside
-- the rules; the result in columns for statistics. Times are Unix
-- milliseconds, booleans 0/1, so that one file serves SQLite and PostgreSQL.
CREATE TABLE games (
    id          TEXT PRIMARY KEY,
    mode        TEXT NOT NULL,
    rules       TEXT NOT NULL,
    start       TEXT NOT NULL,
    first       TEXT NOT NULL,
    moves       TEXT NOT NULL,
    ply         INTEGER NOT NULL,
    to_move     TEXT NOT NULL,
    ai_color    TEXT NOT NULL,
    level       INTEGER NOT NULL,
    red_seat    TEXT NOT NULL,
    blue_seat   TEXT NOT NULL,
    draw_offer  TEXT NOT NULL,
    resigned    TEXT NOT NULL,
    draw_agreed INTEGER NOT NULL,
    over        INTEGER NOT NULL,
    reason      TEXT NOT NULL,
    winner      TEXT NOT NULL,
    version     BIGINT NOT NULL,
    created     BIGINT NOT NULL,
    updated     BIGINT NOT NULL
);

CREATE INDEX games_over_mode ON games (over, mode);
