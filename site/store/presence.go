package store

import (
	"context"
	"fmt"
	"time"
)

// Presence is one server instance's record of a seat of a game: how many
// live streams the seat's holder has open there, when the instance last
// said it is alive while some were open, and when the last one closed there.
// Every instance on a database writes its own records and reads the
// others', so that a player connected to any instance counts as connected
// on all of them (package live, Hub.Share, says what the records mean).
type Presence struct {
	Game     string // the game's id
	Color    string // the seat: "red" or "blue"
	Instance string // the instance that wrote the record
	Streams  int    // open on the instance at Seen
	Seen     time.Time
	Left     time.Time // zero if none closed there yet
}

// writePresence runs a write of presence records. In a shared database it
// announces the game of every record it changed on channel dsq_games, in
// the same statement as exec does for games: the other instances' live
// streams hear that a player came or left.
func (s *sqlStore) writePresence(ctx context.Context, query string, args ...any) error {
	if !s.d.notify {
		_, err := s.write(ctx, false, query, args...)
		return err
	}
	var n int64
	return s.db.QueryRowContext(ctx, s.q(announced(query)), args...).Scan(&n)
}

// announced is query, a write of presence records, announcing the game of
// each record it changes (PostgreSQL).
func announced(query string) string {
	return `WITH changed AS (` + query + ` RETURNING game_id)
		SELECT count(*) FROM (SELECT pg_notify('dsq_games', game_id) FROM changed) AS notified`
}

const setPresence = `INSERT INTO presence (game_id, color, instance, streams, seen, left_at)
	VALUES (?, ?, ?, ?, ?, ?)
	ON CONFLICT (game_id, color, instance) DO UPDATE
	SET streams = excluded.streams, seen = excluded.seen, left_at = excluded.left_at`

func (s *sqlStore) SetPresence(ctx context.Context, records ...Presence) error {
	if len(records) == 0 {
		return nil
	}
	query := setPresence
	if s.d.notify {
		query = announced(query)
	} else {
		s.writeMu.Lock() // SQLite: one writer at a time, as write queues them
		defer s.writeMu.Unlock()
	}
	err := func() error {
		// One transaction: a burst of arrivals (streams reopened after a
		// restart) costs one commit, not one each.
		tx, err := s.db.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		defer tx.Rollback()
		stmt, err := tx.PrepareContext(ctx, s.q(query))
		if err != nil {
			return err
		}
		defer stmt.Close()
		for _, p := range records {
			args := []any{p.Game, p.Color, p.Instance, p.Streams, stamp(p.Seen), stamp(p.Left)}
			if s.d.notify {
				var n int64
				err = stmt.QueryRowContext(ctx, args...).Scan(&n)
			} else {
				_, err = stmt.ExecContext(ctx, args...)
			}
			if err != nil {
				return err
			}
		}
		return tx.Commit()
	}()
	if err != nil {
		return fmt.Errorf("store: set presence: %w", err)
	}
	return nil
}

func (s *sqlStore) BeatPresence(ctx context.Context, instance string, now time.Time) (int, error) {
	n, err := s.write(ctx, false, `UPDATE presence SET seen = ? WHERE instance = ? AND streams > 0`,
		millis(now), instance)
	if err != nil {
		return 0, fmt.Errorf("store: presence beat: %w", err)
	}
	return int(n), nil
}

func (s *sqlStore) SweepPresence(ctx context.Context, stale, forget time.Time) error {
	err := s.writePresence(ctx, `UPDATE presence SET streams = 0, left_at = seen
		WHERE streams > 0 AND seen < ?`, millis(stale))
	if err == nil {
		_, err = s.write(ctx, false, `DELETE FROM presence WHERE streams = 0 AND left_at < ?`, millis(forget))
	}
	if err != nil {
		return fmt.Errorf("store: presence sweep: %w", err)
	}
	return nil
}

func (s *sqlStore) EndPresence(ctx context.Context, instance string, now time.Time) error {
	err := s.writePresence(ctx, `UPDATE presence SET streams = 0, left_at = ?
		WHERE instance = ? AND streams > 0`, millis(now), instance)
	if err != nil {
		return fmt.Errorf("store: end presence: %w", err)
	}
	return nil
}

func (s *sqlStore) GamePresence(ctx context.Context, id string) ([]Presence, error) {
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT color, instance, streams, seen, left_at
		FROM presence WHERE game_id = ?`), id)
	if err != nil {
		return nil, fmt.Errorf("store: presence: %w", err)
	}
	defer rows.Close()
	var out []Presence
	for rows.Next() {
		p := Presence{Game: id}
		var seen, left int64
		if err := rows.Scan(&p.Color, &p.Instance, &p.Streams, &seen, &left); err != nil {
			return nil, fmt.Errorf("store: presence: %w", err)
		}
		p.Seen, p.Left = fromStamp(seen), fromStamp(left)
		out = append(out, p)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: presence: %w", err)
	}
	return out, nil
}
