package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"
)

// dialect is what differs between the databases.
type dialect struct {
	name string
	// dollar: placeholders are $1, $2, ... instead of ?.
	dollar bool
	// notify: Update and Create announce the game id on channel "dsq_games".
	notify bool
	// lock serialises migrations between processes, inside their transaction.
	lock string
}

// sqlStore is the Store on database/sql, for both dialects.
type sqlStore struct {
	db *sql.DB
	d  dialect
	// writeMu queues this process's writes to SQLite, which takes one
	// writer at a time: waiting here is fair and prompt, where SQLite's own
	// busy handler sleeps and retries.
	writeMu sync.Mutex
	listen  func(ctx context.Context, changed func(id string)) error
}

// q rewrites a query written with ? placeholders for the dialect.
func (s *sqlStore) q(query string) string {
	if !s.d.dollar {
		return query
	}
	var b strings.Builder
	n := 0
	for _, r := range query {
		if r == '?' {
			n++
			b.WriteByte('$')
			b.WriteString(strconv.Itoa(n))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

const gameColumns = `id, mode, record, ai_color, level, red_seat, blue_seat,
	first, ply, to_move, draw_offer, over, reason, winner, version, created, updated,
	clock_base, clock_increment, clock_per_move, red_left, blue_left, turn_started, deadline,
	rematch_offer, rematch_id, red_seen, blue_seen, aborted,
	takeback_by, red_takebacks, blue_takebacks, red_takeback_declined, blue_takeback_declined,
	red_player, blue_player, red_name, blue_name, red_rating, blue_rating, red_provisional, blue_provisional,
	rated, rating_class, rated_done, red_change, blue_change`

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func millis(t time.Time) int64 { return t.UnixMilli() }

// stamp is t in Unix milliseconds, 0 for the zero time.
func stamp(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixMilli()
}

// fromStamp reads stamp's form back.
func fromStamp(ms int64) time.Time {
	if ms == 0 {
		return time.Time{}
	}
	return time.UnixMilli(ms).UTC()
}

// now is the time stored for a change, to the millisecond stored.
func now() time.Time { return time.UnixMilli(time.Now().UnixMilli()).UTC() }

// exec runs a write and returns the number of rows it changed. In a shared
// database it also announces the game id on channel dsq_games in the same
// statement, so that listeners hear of it exactly when it is committed, at
// no extra round trip.
func (s *sqlStore) exec(ctx context.Context, query string, args ...any) (int64, error) {
	return s.write(ctx, s.d.notify, query, args...)
}

// write is exec, announcing the game id only with notify.
func (s *sqlStore) write(ctx context.Context, notify bool, query string, args ...any) (int64, error) {
	if !notify {
		s.writeMu.Lock()
		defer s.writeMu.Unlock()
		res, err := s.db.ExecContext(ctx, s.q(query), args...)
		if err != nil {
			return 0, err
		}
		return res.RowsAffected()
	}
	var n int64
	err := s.db.QueryRowContext(ctx, s.q(`WITH changed AS (`+query+` RETURNING id)
		SELECT count(*) FROM (SELECT pg_notify('dsq_games', id) FROM changed) AS notified`), args...).Scan(&n)
	return n, err
}

const insertGame = `INSERT INTO games (` + gameColumns + `)
	VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,
		?, ?, ?, ?, ?,
		?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
	ON CONFLICT (id) DO NOTHING`

// gameValues are the values of insertGame for g, created at t.
func gameValues(g *Game, t time.Time) []any {
	return []any{g.ID, g.Mode, string(g.Record), g.AIColor, g.Level, g.RedSeat, g.BlueSeat,
		g.First, g.Ply, g.ToMove, g.DrawOffer, b2i(g.Over), g.Reason, g.Winner, 1, millis(t), millis(t),
		g.ClockBase.Milliseconds(), g.ClockIncrement.Milliseconds(), g.ClockPerMove.Milliseconds(),
		g.RedLeft.Milliseconds(), g.BlueLeft.Milliseconds(), stamp(g.TurnStarted), stamp(g.Deadline),
		g.RematchOffer, g.RematchID, stamp(g.RedSeen), stamp(g.BlueSeen), b2i(g.Aborted),
		g.TakebackBy, g.Takebacks[0], g.Takebacks[1], b2i(g.TakebackDeclined[0]), b2i(g.TakebackDeclined[1]),
		g.RedPlayer, g.BluePlayer, g.RedName, g.BlueName, g.RedRating, g.BlueRating,
		b2i(g.RedProvisional), b2i(g.BlueProvisional), b2i(g.Rated), g.RatingClass,
		b2i(g.RatedDone), g.RedChange, g.BlueChange}
}

func (s *sqlStore) Create(ctx context.Context, g *Game) error {
	t := now()
	n, err := s.exec(ctx, insertGame, gameValues(g, t)...)
	if err != nil {
		return fmt.Errorf("store: create game: %w", err)
	}
	if n == 0 {
		return ErrExists
	}
	g.Version, g.Created, g.Updated = 1, t, t
	return nil
}

// insertGame creates g at t in tx, as Create does; the caller announces it.
func (s *sqlStore) insertGame(ctx context.Context, tx *sql.Tx, g *Game, t time.Time) error {
	res, err := tx.ExecContext(ctx, s.q(insertGame), gameValues(g, t)...)
	if err != nil {
		return fmt.Errorf("create game: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return errors.Join(ErrExists, err)
	}
	g.Version, g.Created, g.Updated = 1, t, t
	return nil
}

func (s *sqlStore) Get(ctx context.Context, id string) (*Game, error) {
	return scanGame(s.db.QueryRowContext(ctx, s.q(`SELECT `+gameColumns+` FROM games WHERE id = ?`), id))
}

// scanGame reads a row of gameColumns.
func scanGame(row interface{ Scan(...any) error }) (*Game, error) {
	var (
		g                Game
		record           string
		over, aborted    int
		created, updated int64
		clock            [7]int64
		seen             [2]int64
		declined         [2]int
		flags            [4]int // provisional red and blue, rated, rated_done
	)
	err := row.Scan(&g.ID, &g.Mode, &record, &g.AIColor, &g.Level, &g.RedSeat, &g.BlueSeat,
		&g.First, &g.Ply, &g.ToMove, &g.DrawOffer, &over, &g.Reason, &g.Winner, &g.Version, &created, &updated,
		&clock[0], &clock[1], &clock[2], &clock[3], &clock[4], &clock[5], &clock[6], &g.RematchOffer, &g.RematchID,
		&seen[0], &seen[1], &aborted,
		&g.TakebackBy, &g.Takebacks[0], &g.Takebacks[1], &declined[0], &declined[1],
		&g.RedPlayer, &g.BluePlayer, &g.RedName, &g.BlueName, &g.RedRating, &g.BlueRating, &flags[0], &flags[1],
		&flags[2], &g.RatingClass, &flags[3], &g.RedChange, &g.BlueChange)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("store: get game: %w", err)
	}
	g.Record, g.Over = []byte(record), over != 0
	g.Created, g.Updated = time.UnixMilli(created).UTC(), time.UnixMilli(updated).UTC()
	g.ClockBase, g.ClockIncrement, g.ClockPerMove = time.Duration(clock[0])*time.Millisecond,
		time.Duration(clock[1])*time.Millisecond, time.Duration(clock[2])*time.Millisecond
	g.RedLeft, g.BlueLeft = time.Duration(clock[3])*time.Millisecond, time.Duration(clock[4])*time.Millisecond
	g.TurnStarted, g.Deadline = fromStamp(clock[5]), fromStamp(clock[6])
	g.RedSeen, g.BlueSeen, g.Aborted = fromStamp(seen[0]), fromStamp(seen[1]), aborted != 0
	g.TakebackDeclined = [2]bool{declined[0] != 0, declined[1] != 0}
	g.RedProvisional, g.BlueProvisional, g.Rated, g.RatedDone = flags[0] != 0, flags[1] != 0, flags[2] != 0, flags[3] != 0
	return &g, nil
}

func (s *sqlStore) Update(ctx context.Context, g *Game) error {
	t := now()
	n, err := s.exec(ctx, `UPDATE games SET record = ?, red_seat = ?, blue_seat = ?,
		ply = ?, to_move = ?, draw_offer = ?, over = ?, reason = ?, winner = ?,
		red_left = ?, blue_left = ?, turn_started = ?, deadline = ?, rematch_offer = ?, rematch_id = ?,
		red_seen = ?, blue_seen = ?, aborted = ?,
		takeback_by = ?, red_takebacks = ?, blue_takebacks = ?, red_takeback_declined = ?, blue_takeback_declined = ?,
		red_player = ?, blue_player = ?, red_name = ?, blue_name = ?, red_rating = ?, blue_rating = ?,
		red_provisional = ?, blue_provisional = ?, rated = ?, rating_class = ?,
		version = version + 1, updated = ?
		WHERE id = ? AND version = ?`,
		string(g.Record), g.RedSeat, g.BlueSeat, g.Ply, g.ToMove, g.DrawOffer,
		b2i(g.Over), g.Reason, g.Winner,
		g.RedLeft.Milliseconds(), g.BlueLeft.Milliseconds(), stamp(g.TurnStarted), stamp(g.Deadline),
		g.RematchOffer, g.RematchID, stamp(g.RedSeen), stamp(g.BlueSeen), b2i(g.Aborted),
		g.TakebackBy, g.Takebacks[0], g.Takebacks[1], b2i(g.TakebackDeclined[0]), b2i(g.TakebackDeclined[1]),
		g.RedPlayer, g.BluePlayer, g.RedName, g.BlueName, g.RedRating, g.BlueRating,
		b2i(g.RedProvisional), b2i(g.BlueProvisional), b2i(g.Rated), g.RatingClass,
		millis(t), g.ID, g.Version)
	if err != nil {
		return fmt.Errorf("store: update game: %w", err)
	}
	if n == 0 {
		var one int
		err := s.db.QueryRowContext(ctx, s.q(`SELECT 1 FROM games WHERE id = ?`), g.ID).Scan(&one)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil {
			return fmt.Errorf("store: update game: %w", err)
		}
		return ErrConflict
	}
	g.Version++
	g.Updated = t
	return nil
}

func (s *sqlStore) Review(ctx context.Context, id string, now time.Time) ([]byte, bool, error) {
	var (
		claimed int64
		review  string
	)
	err := s.db.QueryRowContext(ctx, s.q(`SELECT claimed, review FROM reviews WHERE id = ?`), id).Scan(&claimed, &review)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("store: review: %w", err)
	}
	if review != "" {
		return []byte(review), false, nil
	}
	return nil, claimed > millis(now), nil
}

func (s *sqlStore) ClaimReview(ctx context.Context, id string, now, until time.Time) (bool, error) {
	n, err := s.write(ctx, false, `INSERT INTO reviews (id, claimed, review) VALUES (?, ?, '')
		ON CONFLICT (id) DO UPDATE SET claimed = excluded.claimed
		WHERE reviews.review = '' AND reviews.claimed <= ?`, id, millis(until), millis(now))
	if err != nil {
		return false, fmt.Errorf("store: claim review: %w", err)
	}
	return n == 1, nil
}

func (s *sqlStore) SaveReview(ctx context.Context, id string, review []byte) error {
	if len(review) == 0 {
		return fmt.Errorf("store: save review of %s: empty", id)
	}
	_, err := s.write(ctx, false, `INSERT INTO reviews (id, claimed, review) VALUES (?, 0, ?)
		ON CONFLICT (id) DO UPDATE SET claimed = 0, review = excluded.review
		WHERE reviews.review = ''`, id, string(review))
	if err != nil {
		return fmt.Errorf("store: save review: %w", err)
	}
	return nil
}

func (s *sqlStore) ReleaseReview(ctx context.Context, id string) error {
	_, err := s.write(ctx, false, `UPDATE reviews SET claimed = 0 WHERE id = ? AND review = ''`, id)
	if err != nil {
		return fmt.Errorf("store: release review: %w", err)
	}
	return nil
}

func (s *sqlStore) Unreviewed(ctx context.Context, now time.Time, limit int) ([]string, error) {
	return s.ids(ctx, "games to review", `SELECT games.id FROM games
		LEFT JOIN reviews ON reviews.id = games.id
		WHERE games.over = 1 AND (reviews.id IS NULL OR (reviews.review = '' AND reviews.claimed <= ?))
		ORDER BY games.updated DESC LIMIT ?`, millis(now), limit)
}

func (s *sqlStore) AIToMove(ctx context.Context, limit int) ([]string, error) {
	return s.ids(ctx, "games with the AI to move", `SELECT id FROM games
		WHERE over = 0 AND mode = 'ai' AND (to_move = ai_color OR draw_offer <> '')
		ORDER BY updated LIMIT ?`, limit)
}

func (s *sqlStore) Expired(ctx context.Context, now time.Time, limit int) ([]string, error) {
	return s.ids(ctx, "games out of time", `SELECT id FROM games
		WHERE over = 0 AND deadline > 0 AND deadline <= ?
		ORDER BY deadline LIMIT ?`, millis(now), limit)
}

// ids runs a query whose rows are one game id each; what names the list in
// its errors.
func (s *sqlStore) ids(ctx context.Context, what, query string, args ...any) ([]string, error) {
	rows, err := s.db.QueryContext(ctx, s.q(query), args...)
	if err != nil {
		return nil, fmt.Errorf("store: %s: %w", what, err)
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("store: %s: %w", what, err)
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

// statsQuery computes, for finished games overall (mode ”) and for each
// mode: counts, wins, draws, lengths, and first- against second-player wins.
const statsQuery = `
SELECT '' AS m, COUNT(*),
	COALESCE(SUM(CASE WHEN winner = 'red' THEN 1 ELSE 0 END), 0),
	COALESCE(SUM(CASE WHEN winner = 'blue' THEN 1 ELSE 0 END), 0),
	COALESCE(SUM(CASE WHEN winner = '' THEN 1 ELSE 0 END), 0),
	CAST(AVG(ply) AS DOUBLE PRECISION), MAX(ply), MIN(ply),
	COALESCE(SUM(CASE WHEN winner <> '' AND winner = first THEN 1 ELSE 0 END), 0),
	COALESCE(SUM(CASE WHEN winner <> '' AND winner <> first THEN 1 ELSE 0 END), 0)
FROM games WHERE over = 1
UNION ALL
SELECT mode, COUNT(*),
	COALESCE(SUM(CASE WHEN winner = 'red' THEN 1 ELSE 0 END), 0),
	COALESCE(SUM(CASE WHEN winner = 'blue' THEN 1 ELSE 0 END), 0),
	COALESCE(SUM(CASE WHEN winner = '' THEN 1 ELSE 0 END), 0),
	CAST(AVG(ply) AS DOUBLE PRECISION), MAX(ply), MIN(ply),
	COALESCE(SUM(CASE WHEN winner <> '' AND winner = first THEN 1 ELSE 0 END), 0),
	COALESCE(SUM(CASE WHEN winner <> '' AND winner <> first THEN 1 ELSE 0 END), 0)
FROM games WHERE over = 1 GROUP BY mode`

const reasonsQuery = `SELECT mode, reason, COUNT(*) FROM games WHERE over = 1 GROUP BY mode, reason`

func (s *sqlStore) Stats(ctx context.Context) (*SiteStats, error) {
	out := &SiteStats{Overall: Stats{ByReason: map[string]int{}}, ByMode: map[string]Stats{}}
	for _, m := range Modes {
		out.ByMode[m] = Stats{ByReason: map[string]int{}}
	}
	rows, err := s.db.QueryContext(ctx, statsQuery)
	if err != nil {
		return nil, fmt.Errorf("store: statistics: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var (
			mode     string
			st       = Stats{ByReason: map[string]int{}}
			avg      sql.NullFloat64
			max, min sql.NullInt64
		)
		if err := rows.Scan(&mode, &st.Games, &st.RedWins, &st.BlueWins, &st.Draws, &avg, &max, &min,
			&st.FirstPlayerWins, &st.SecondPlayerWins); err != nil {
			return nil, fmt.Errorf("store: statistics: %w", err)
		}
		if avg.Valid {
			st.AverageMoves = &avg.Float64
		}
		if max.Valid && min.Valid {
			hi, lo := int(max.Int64), int(min.Int64)
			st.MaxMoves, st.MinMoves = &hi, &lo
		}
		if mode == "" {
			out.Overall = st
		} else {
			out.ByMode[mode] = st
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: statistics: %w", err)
	}
	rows.Close()
	rows, err = s.db.QueryContext(ctx, reasonsQuery)
	if err != nil {
		return nil, fmt.Errorf("store: statistics: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var mode, reason string
		var n int
		if err := rows.Scan(&mode, &reason, &n); err != nil {
			return nil, fmt.Errorf("store: statistics: %w", err)
		}
		out.Overall.ByReason[reason] += n
		if st, ok := out.ByMode[mode]; ok {
			st.ByReason[reason] += n
		}
	}
	return out, rows.Err()
}

func (s *sqlStore) Listen(ctx context.Context, changed func(id string)) error {
	if s.listen == nil {
		return nil
	}
	return s.listen(ctx, changed)
}

func (s *sqlStore) Shared() bool { return s.d.notify }

func (s *sqlStore) Ping(ctx context.Context) error {
	_, err := s.write(ctx, false, `INSERT INTO health (id, checked) VALUES (1, ?)
		ON CONFLICT (id) DO UPDATE SET checked = excluded.checked`, millis(time.Now()))
	if err != nil {
		return fmt.Errorf("store: write check: %w", err)
	}
	return nil
}

func (s *sqlStore) Close() error { return s.db.Close() }
