package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
)

// Errors of the players' methods.
var (
	ErrNoPlayer  = errors.New("store: no such player")
	ErrNameTaken = errors.New("store: another player holds that name")
)

// Player is a per-browser identity: no account, no password, a secret the
// browser keeps (of which the store keeps the SHA-256, as for seats) and a
// public id shown in game states. Name is "" until chosen; Skeleton is its
// identity.Skeleton, unique among players (a unique index: two instances
// cannot both give one name).
type Player struct {
	ID       string // 16 hex digits, public
	Token    string // SHA-256 (hex) of the player's secret
	Name     string
	Skeleton string
	Created  time.Time
	Renamed  time.Time // zero: never named
}

// Rating is a player's Glicko-2 rating in one time class, as stored.
type Rating struct {
	Class                         string
	Rating, Deviation, Volatility float64
	Games                         int // rated games played in the class
	Updated                       time.Time
}

// RatingUpdate is what RateGame's rate function decides for a game: both
// players' new ratings, and each side's change as shown (rounded points).
type RatingUpdate struct {
	Red, Blue             Rating
	RedChange, BlueChange int
}

// isUnique reports whether err is a unique constraint's refusal (SQLite or
// PostgreSQL).
func isUnique(err error) bool {
	var pg *pgconn.PgError
	if errors.As(err, &pg) {
		return pg.Code == "23505"
	}
	return err != nil && strings.Contains(err.Error(), "UNIQUE constraint failed")
}

// CreatePlayer stores a new player (Created set here); ErrExists if its id
// or token is taken.
func (s *sqlStore) CreatePlayer(ctx context.Context, p *Player) error {
	t := now()
	n, err := s.write(ctx, false, `INSERT INTO players (id, token, name, skeleton, created, renamed)
		VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
		p.ID, p.Token, p.Name, p.Skeleton, millis(t), stamp(p.Renamed))
	switch {
	case isUnique(err):
		return ErrExists
	case err != nil:
		return fmt.Errorf("store: create player: %w", err)
	case n == 0:
		return ErrExists
	}
	p.Created = t
	return nil
}

const playerColumns = `id, token, name, skeleton, created, renamed`

func scanPlayer(row *sql.Row) (*Player, error) {
	var (
		p                Player
		created, renamed int64
	)
	err := row.Scan(&p.ID, &p.Token, &p.Name, &p.Skeleton, &created, &renamed)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNoPlayer
	}
	if err != nil {
		return nil, fmt.Errorf("store: get player: %w", err)
	}
	p.Created, p.Renamed = time.UnixMilli(created).UTC(), fromStamp(renamed)
	return &p, nil
}

// Player returns the player with public id, or ErrNoPlayer.
func (s *sqlStore) Player(ctx context.Context, id string) (*Player, error) {
	return scanPlayer(s.db.QueryRowContext(ctx, s.q(`SELECT `+playerColumns+` FROM players WHERE id = ?`), id))
}

// PlayerByToken returns the player whose secret hashes to token, or
// ErrNoPlayer.
func (s *sqlStore) PlayerByToken(ctx context.Context, token string) (*Player, error) {
	return scanPlayer(s.db.QueryRowContext(ctx, s.q(`SELECT `+playerColumns+` FROM players WHERE token = ?`), token))
}

// RenamePlayer gives player id the name whose skeleton is skeleton, at now;
// ErrNameTaken if another player holds a name of that skeleton (the name is
// then unchanged), ErrNoPlayer if there is no such player.
func (s *sqlStore) RenamePlayer(ctx context.Context, id, name, skeleton string, at time.Time) error {
	n, err := s.write(ctx, false, `UPDATE players SET name = ?, skeleton = ?, renamed = ? WHERE id = ?`,
		name, skeleton, millis(at), id)
	switch {
	case isUnique(err):
		return ErrNameTaken
	case err != nil:
		return fmt.Errorf("store: rename player: %w", err)
	case n == 0:
		return ErrNoPlayer
	}
	return nil
}

// Ratings returns the stored ratings of player id, one per class it has
// played rated games in.
func (s *sqlStore) Ratings(ctx context.Context, id string) ([]Rating, error) {
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT class, rating, deviation, volatility, games, updated
		FROM ratings WHERE player_id = ? ORDER BY class`), id)
	if err != nil {
		return nil, fmt.Errorf("store: ratings: %w", err)
	}
	defer rows.Close()
	var out []Rating
	for rows.Next() {
		var (
			r       Rating
			updated int64
		)
		if err := rows.Scan(&r.Class, &r.Rating, &r.Deviation, &r.Volatility, &r.Games, &updated); err != nil {
			return nil, fmt.Errorf("store: ratings: %w", err)
		}
		r.Updated = fromStamp(updated)
		out = append(out, r)
	}
	return out, rows.Err()
}

// rateable is the condition under which a stored game changes ratings:
// finished (not aborted) after both first moves (a game resigned or drawn
// before them would be a rating for nothing played), rated, both seats
// held by two different players, and not rated yet.
const rateable = `over = 1 AND aborted = 0 AND ply >= 2 AND rated = 1 AND rated_done = 0 AND rating_class <> ''
	AND red_player <> '' AND blue_player <> '' AND red_player <> blue_player`

// RateGame updates the ratings of finished game id's players once: in one
// transaction it reads the game and both players' ratings in its class
// (nil: none stored yet), has rate decide the new ones, stores them, and
// marks the game rated with each side's change (its version bumped, and
// the change announced as Update's are). It reports false, changing
// nothing, for a game that is not to be rated or was rated already (by
// this process or another). A rate error leaves everything unchanged.
func (s *sqlStore) RateGame(ctx context.Context, id string, at time.Time,
	rate func(g *Game, red, blue *Rating) (*RatingUpdate, error)) (bool, error) {
	if !s.d.notify { // SQLite: one writer at a time, this process's queued here
		s.writeMu.Lock()
		defer s.writeMu.Unlock()
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return false, fmt.Errorf("store: rate game: %w", err)
	}
	defer tx.Rollback()
	lock := ""
	if s.d.notify {
		lock = " FOR UPDATE" // PostgreSQL: the game's row is this transaction's until it ends
	}
	g, err := scanGame(tx.QueryRowContext(ctx, s.q(`SELECT `+gameColumns+` FROM games WHERE id = ? AND `+rateable+lock), id))
	if errors.Is(err, ErrNotFound) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("store: rate game: %w", err)
	}
	if s.d.notify {
		// Two games of one player ending at once rate one after the other:
		// both players' rows are locked, in the order of their ids (so that
		// two such transactions never wait for each other in a circle),
		// before their ratings are read.
		if _, err := tx.ExecContext(ctx, `SELECT id FROM players WHERE id IN ($1, $2) ORDER BY id FOR UPDATE`,
			g.RedPlayer, g.BluePlayer); err != nil {
			return false, fmt.Errorf("store: rate game: %w", err)
		}
	}
	get := func(player string) (*Rating, error) {
		r := Rating{Class: g.RatingClass}
		var updated int64
		err := tx.QueryRowContext(ctx, s.q(`SELECT rating, deviation, volatility, games, updated FROM ratings
			WHERE player_id = ? AND class = ?`), player, g.RatingClass).
			Scan(&r.Rating, &r.Deviation, &r.Volatility, &r.Games, &updated)
		if errors.Is(err, sql.ErrNoRows) {
			return nil, nil
		}
		r.Updated = fromStamp(updated)
		return &r, err
	}
	red, err := get(g.RedPlayer)
	if err != nil {
		return false, fmt.Errorf("store: rate game: %w", err)
	}
	blue, err := get(g.BluePlayer)
	if err != nil {
		return false, fmt.Errorf("store: rate game: %w", err)
	}
	u, err := rate(g, red, blue)
	if err != nil {
		return false, err
	}
	for _, r := range []struct {
		player string
		r      Rating
	}{{g.RedPlayer, u.Red}, {g.BluePlayer, u.Blue}} {
		if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO ratings
			(player_id, class, rating, deviation, volatility, games, updated) VALUES (?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (player_id, class) DO UPDATE SET rating = excluded.rating, deviation = excluded.deviation,
			volatility = excluded.volatility, games = excluded.games, updated = excluded.updated`),
			r.player, g.RatingClass, r.r.Rating, r.r.Deviation, r.r.Volatility, r.r.Games, millis(at)); err != nil {
			return false, fmt.Errorf("store: rate game: %w", err)
		}
	}
	res, err := tx.ExecContext(ctx, s.q(`UPDATE games SET rated_done = 1, red_change = ?, blue_change = ?,
		version = version + 1, updated = ? WHERE id = ? AND rated_done = 0`),
		u.RedChange, u.BlueChange, millis(now()), id)
	if err != nil {
		return false, fmt.Errorf("store: rate game: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return false, fmt.Errorf("store: rate game: %d rows marked (%v)", n, err)
	}
	if s.d.notify {
		if _, err := tx.ExecContext(ctx, `SELECT pg_notify('dsq_games', $1)`, id); err != nil {
			return false, fmt.Errorf("store: rate game: %w", err)
		}
	}
	if err := tx.Commit(); err != nil {
		return false, fmt.Errorf("store: rate game: %w", err)
	}
	return true, nil
}

// Unrated returns up to limit ids of finished games that are to change
// their players' ratings and have not yet (a process stopped between a
// game's end and its rating), the earliest changed first.
func (s *sqlStore) Unrated(ctx context.Context, limit int) ([]string, error) {
	return s.ids(ctx, "games to rate", `SELECT id FROM games WHERE `+rateable+` ORDER BY updated LIMIT ?`, limit)
}

// Watchable returns up to limit online games in progress with both seats
// taken, the best rated first (the sum of the two ratings they began with),
// then the latest changed: games with a clock running, and those without
// one changed since active.
func (s *sqlStore) Watchable(ctx context.Context, active time.Time, limit int) ([]*Game, error) {
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT `+gameColumns+` FROM games
		WHERE over = 0 AND aborted = 0 AND mode = 'online' AND red_seat <> '' AND blue_seat <> ''
		AND (deadline > 0 OR updated >= ?)
		ORDER BY red_rating + blue_rating DESC, updated DESC LIMIT ?`), millis(active), limit)
	if err != nil {
		return nil, fmt.Errorf("store: games to watch: %w", err)
	}
	defer rows.Close()
	var out []*Game
	for rows.Next() {
		g, err := scanGame(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, g)
	}
	return out, rows.Err()
}
