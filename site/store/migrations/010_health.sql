-- The health check's write (Store.Ping): one row rewritten, so that a
-- database that answers reads but takes no write (a lock held, a disk
-- full, a file gone read-only) is reported down.
CREATE TABLE health (
	id INTEGER PRIMARY KEY,
	checked BIGINT NOT NULL
);
