package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// The lobby's refusals; test them with errors.Is.
var (
	// ErrSeekGone: the seek was paired, cancelled or has expired.
	ErrSeekGone = errors.New("store: the seek is gone")
	// ErrOwnSeek: a player may not accept its own seek.
	ErrOwnSeek = errors.New("store: a player's own seek")
	// ErrNotYourSeek: only its player may cancel a seek.
	ErrNotYourSeek = errors.New("store: another player's seek")
	// ErrNoLobby: the player has no lobby stream open, which a seek needs
	// to live.
	ErrNoLobby = errors.New("store: the player has no lobby stream open")
	// ErrTooManySeeks: the player has as many seeks open as it may.
	ErrTooManySeeks = errors.New("store: too many open seeks of the player")
	// ErrLobbyFull: the lobby holds as many open seeks as it may.
	ErrLobbyFull = errors.New("store: too many open seeks")
)

// LobbyChanged is what Listen reports, in place of a game id, when the
// lobby changed: a seek posted, paired, cancelled or expired.
const LobbyChanged = "lobby"

// Seek is an offer of a game in the lobby. Its player is an identity's
// public id; Name, Rating and Provisional are what the lobby shows of it,
// as they were when the seek was posted. Seat is the SHA-256 (hex) of the
// seat token the seeker will hold in the game. Once paired, Game is the
// game's id and Color the seeker's colour there.
type Seek struct {
	ID          string
	Player      string
	Name        string
	Rating      int
	Provisional bool
	Control     string // the time control's text ("5+3")
	Rated       bool
	Seat        string
	Created     time.Time

	Game   string // "" while open
	Color  string // the seeker's, once paired
	Paired time.Time
}

// Limits is how many open seeks one player, and the whole lobby, may hold.
type Limits struct{ Player, Total int }

// Pairing makes the game that pairs seek: the row to create (its seats,
// the seeker's from seek.Seat, and its clock) and the seeker's colour
// there. It is called inside the pairing's transaction: it must not touch
// the store.
type Pairing func(seek *Seek) (g *Game, seekerColor string, err error)

const seekColumns = `id, player_id, name, rating, provisional, control, rated, seat, created, game_id, color, paired_at`

func scanSeek(row interface{ Scan(...any) error }) (*Seek, error) {
	var (
		sk              Seek
		prov, rated     int
		created, paired int64
	)
	if err := row.Scan(&sk.ID, &sk.Player, &sk.Name, &sk.Rating, &prov, &sk.Control, &rated, &sk.Seat,
		&created, &sk.Game, &sk.Color, &paired); err != nil {
		return nil, err
	}
	sk.Provisional, sk.Rated = prov != 0, rated != 0
	sk.Created, sk.Paired = fromStamp(created), fromStamp(paired)
	return &sk, nil
}

// liveLobby is the condition, on a row of seeks, that its player has a
// lobby stream open on an instance seen at or after the parameter.
const liveLobby = `EXISTS (SELECT 1 FROM lobby WHERE lobby.player_id = seeks.player_id
	AND lobby.streams > 0 AND lobby.seen >= ?)`

// dropOrphans deletes the open seeks whose player has no live lobby
// stream (seen at or after stale).
const dropOrphans = `DELETE FROM seeks WHERE game_id = '' AND NOT ` + liveLobby

// lobbyTx runs fn in a transaction serialised with every other of the
// lobby's, so that of two pairings racing for one seek exactly one wins,
// on any instance. On PostgreSQL the ids fn announces (LobbyChanged, a
// game made) are announced to Listen when it commits.
func (s *sqlStore) lobbyTx(ctx context.Context, fn func(tx *sql.Tx, announce func(id string)) error) error {
	if !s.d.notify {
		s.writeMu.Lock() // SQLite: one writer at a time; _txlock=immediate does the rest
		defer s.writeMu.Unlock()
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var games []string
	if s.d.notify {
		if _, err := tx.ExecContext(ctx, "SELECT pg_advisory_xact_lock(7260516)"); err != nil {
			return err
		}
	}
	if err := fn(tx, func(id string) { games = append(games, id) }); err != nil {
		return err
	}
	if s.d.notify {
		for _, id := range games {
			if _, err := tx.ExecContext(ctx, "SELECT pg_notify('dsq_games', $1)", id); err != nil {
				return err
			}
		}
	}
	return tx.Commit()
}

// SetLobby writes instance's count of player's lobby streams, seen at
// now. At zero, when no instance has the player live (seen at or after
// stale), its open seeks are deleted: it reports how many.
func (s *sqlStore) SetLobby(ctx context.Context, player, instance string, streams int, now, stale time.Time) (int, error) {
	dropped := 0
	err := s.lobbyTx(ctx, func(tx *sql.Tx, announce func(string)) error {
		if streams > 0 {
			_, err := tx.ExecContext(ctx, s.q(`INSERT INTO lobby (player_id, instance, streams, seen) VALUES (?, ?, ?, ?)
				ON CONFLICT (player_id, instance) DO UPDATE SET streams = excluded.streams, seen = excluded.seen`),
				player, instance, streams, millis(now))
			return err
		}
		if _, err := tx.ExecContext(ctx, s.q(`DELETE FROM lobby WHERE player_id = ? AND instance = ?`), player, instance); err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, s.q(dropOrphans+` AND player_id = ?`), millis(stale), player)
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		if dropped = int(n); dropped > 0 {
			announce(LobbyChanged)
		}
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("store: lobby: %w", err)
	}
	return dropped, nil
}

// BeatLobby sets seen to now on instance's lobby rows: the instance is
// alive.
func (s *sqlStore) BeatLobby(ctx context.Context, instance string, now time.Time) error {
	if _, err := s.write(ctx, false, `UPDATE lobby SET seen = ? WHERE instance = ?`, millis(now), instance); err != nil {
		return fmt.Errorf("store: lobby beat: %w", err)
	}
	return nil
}

// SweepLobby deletes the lobby rows seen before stale (their instance
// stopped without saying so), then the open seeks of the players left
// with no live row, and the paired seeks paired before forget. It reports
// how many open seeks it deleted.
func (s *sqlStore) SweepLobby(ctx context.Context, stale, forget time.Time) (int, error) {
	dropped := 0
	err := s.lobbyTx(ctx, func(tx *sql.Tx, announce func(string)) error {
		if _, err := tx.ExecContext(ctx, s.q(`DELETE FROM lobby WHERE seen < ? OR streams <= 0`), millis(stale)); err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, s.q(dropOrphans), millis(stale))
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		if err != nil {
			return err
		}
		if dropped = int(n); dropped > 0 {
			announce(LobbyChanged)
		}
		_, err = tx.ExecContext(ctx, s.q(`DELETE FROM seeks WHERE game_id <> '' AND paired_at < ?`), millis(forget))
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("store: lobby sweep: %w", err)
	}
	return dropped, nil
}

// EndLobby deletes instance's lobby rows (it stops), then the open seeks
// of the players left with no live row (seen at or after stale).
func (s *sqlStore) EndLobby(ctx context.Context, instance string, stale time.Time) error {
	err := s.lobbyTx(ctx, func(tx *sql.Tx, announce func(string)) error {
		if _, err := tx.ExecContext(ctx, s.q(`DELETE FROM lobby WHERE instance = ?`), instance); err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, s.q(dropOrphans), millis(stale))
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n > 0 {
			announce(LobbyChanged)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("store: end lobby: %w", err)
	}
	return nil
}

// postSeek inserts sk, open, in tx: refused (nothing written) when its
// player has no live lobby stream or holds lim.Player open seeks, or the
// lobby lim.Total.
func (s *sqlStore) postSeek(ctx context.Context, tx *sql.Tx, sk *Seek, now, stale time.Time, lim Limits) error {
	var live, own, all int
	err := tx.QueryRowContext(ctx, s.q(`SELECT
		(SELECT COUNT(*) FROM lobby WHERE player_id = ? AND streams > 0 AND seen >= ?),
		(SELECT COUNT(*) FROM seeks WHERE player_id = ? AND game_id = ''),
		(SELECT COUNT(*) FROM seeks WHERE game_id = '')`), sk.Player, millis(stale), sk.Player).Scan(&live, &own, &all)
	switch {
	case err != nil:
		return err
	case live == 0:
		return ErrNoLobby
	case own >= lim.Player:
		return ErrTooManySeeks
	case all >= lim.Total:
		return ErrLobbyFull
	}
	sk.Created, sk.Game, sk.Color, sk.Paired = now, "", "", time.Time{}
	_, err = tx.ExecContext(ctx, s.q(`INSERT INTO seeks (`+seekColumns+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, '', '', 0)`),
		sk.ID, sk.Player, sk.Name, sk.Rating, b2i(sk.Provisional), sk.Control, b2i(sk.Rated), sk.Seat, millis(now))
	return err
}

// PostSeek stores sk as an open seek created at now (its Created set),
// unless its player has no lobby stream live (seen at or after stale:
// ErrNoLobby) or the limits are reached (ErrTooManySeeks, ErrLobbyFull);
// a seek id taken already is ErrExists.
func (s *sqlStore) PostSeek(ctx context.Context, sk *Seek, now, stale time.Time, lim Limits) error {
	err := s.lobbyTx(ctx, func(tx *sql.Tx, announce func(string)) error {
		var one int
		err := tx.QueryRowContext(ctx, s.q(`SELECT 1 FROM seeks WHERE id = ?`), sk.ID).Scan(&one)
		if err == nil {
			return ErrExists
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		announce(LobbyChanged)
		return s.postSeek(ctx, tx, sk, now, stale, lim)
	})
	return seekError("post seek", err)
}

// seekError wraps a lobby write's error, keeping the refusals as they are.
func seekError(what string, err error) error {
	for _, e := range []error{ErrSeekGone, ErrOwnSeek, ErrNotYourSeek, ErrNoLobby, ErrTooManySeeks, ErrLobbyFull, ErrExists} {
		if errors.Is(err, e) {
			return e
		}
	}
	if err != nil {
		return fmt.Errorf("store: %s: %w", what, err)
	}
	return nil
}

// pair pairs open seek sk with player by in tx: the game pair makes is
// created, the seek marked paired, and both players' other open seeks
// deleted.
func (s *sqlStore) pair(ctx context.Context, tx *sql.Tx, sk *Seek, by string, now time.Time, pair Pairing, announce func(string)) error {
	g, color, err := pair(sk)
	if err != nil {
		return err
	}
	t := now.Truncate(time.Millisecond)
	if err := s.insertGame(ctx, tx, g, t); err != nil {
		return err
	}
	res, err := tx.ExecContext(ctx, s.q(`UPDATE seeks SET game_id = ?, color = ?, paired_at = ? WHERE id = ? AND game_id = ''`),
		g.ID, color, millis(now), sk.ID)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return errors.Join(ErrSeekGone, err)
	}
	if _, err := tx.ExecContext(ctx, s.q(`DELETE FROM seeks WHERE game_id = '' AND player_id IN (?, ?)`), sk.Player, by); err != nil {
		return err
	}
	sk.Game, sk.Color, sk.Paired = g.ID, color, fromStamp(millis(now))
	announce(g.ID)
	announce(LobbyChanged)
	return nil
}

// AcceptSeek pairs open seek id with player by, at now: in one
// transaction, serialised with every other pairing on the database, it
// creates the game pair makes, marks the seek paired and deletes both
// players' other open seeks; it returns the seek paired. ErrSeekGone when
// the seek is not open or its player has no lobby stream live (seen at or
// after stale), ErrOwnSeek when by is its player: then nothing changes.
func (s *sqlStore) AcceptSeek(ctx context.Context, id, by string, now, stale time.Time, pair Pairing) (*Seek, error) {
	var out *Seek
	err := s.lobbyTx(ctx, func(tx *sql.Tx, announce func(string)) error {
		sk, err := scanSeek(tx.QueryRowContext(ctx, s.q(`SELECT `+seekColumns+` FROM seeks
			WHERE id = ? AND game_id = '' AND `+liveLobby), id, millis(stale)))
		if errors.Is(err, sql.ErrNoRows) {
			return ErrSeekGone
		}
		if err != nil {
			return err
		}
		if sk.Player == by {
			return ErrOwnSeek
		}
		out = sk
		return s.pair(ctx, tx, sk, by, now, pair, announce)
	})
	if err != nil {
		return nil, seekError("accept seek", err)
	}
	return out, nil
}

// QuickSeek is quick pairing: in one transaction serialised with every
// other pairing, it pairs sk's player with the oldest live open seek of
// another player for the same control and rated choice (as AcceptSeek),
// and returns it; if there is none it posts sk (as PostSeek) and returns
// nil. Two players asking at once, on any instances, are paired together.
func (s *sqlStore) QuickSeek(ctx context.Context, sk *Seek, now, stale time.Time, lim Limits, pair Pairing) (*Seek, error) {
	var out *Seek
	err := s.lobbyTx(ctx, func(tx *sql.Tx, announce func(string)) error {
		other, err := scanSeek(tx.QueryRowContext(ctx, s.q(`SELECT `+seekColumns+` FROM seeks
			WHERE game_id = '' AND control = ? AND rated = ? AND player_id <> ? AND `+liveLobby+`
			ORDER BY created, id LIMIT 1`), sk.Control, b2i(sk.Rated), sk.Player, millis(stale)))
		switch {
		case errors.Is(err, sql.ErrNoRows):
			announce(LobbyChanged)
			return s.postSeek(ctx, tx, sk, now, stale, lim)
		case err != nil:
			return err
		}
		out = other
		return s.pair(ctx, tx, other, sk.Player, now, pair, announce)
	})
	if err != nil {
		return nil, seekError("quick pairing", err)
	}
	return out, nil
}

// CancelSeek deletes player's open seek id: ErrSeekGone when there is no
// such open seek, ErrNotYourSeek when it is another player's.
func (s *sqlStore) CancelSeek(ctx context.Context, id, player string) error {
	err := s.lobbyTx(ctx, func(tx *sql.Tx, announce func(string)) error {
		var owner string
		err := tx.QueryRowContext(ctx, s.q(`SELECT player_id FROM seeks WHERE id = ? AND game_id = ''`), id).Scan(&owner)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			return ErrSeekGone
		case err != nil:
			return err
		case owner != player:
			return ErrNotYourSeek
		}
		announce(LobbyChanged)
		_, err = tx.ExecContext(ctx, s.q(`DELETE FROM seeks WHERE id = ?`), id)
		return err
	})
	return seekError("cancel seek", err)
}

// Seeks returns the open seeks whose player has a lobby stream live (seen
// at or after stale), the oldest first, at most limit, and every paired
// seek still kept.
func (s *sqlStore) Seeks(ctx context.Context, stale time.Time, limit int) (open, paired []Seek, err error) {
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT `+seekColumns+` FROM seeks
		WHERE game_id = '' AND `+liveLobby+` ORDER BY created, id LIMIT ?`), millis(stale), limit)
	if err != nil {
		return nil, nil, fmt.Errorf("store: seeks: %w", err)
	}
	if open, err = scanSeeks(rows); err != nil {
		return nil, nil, err
	}
	rows, err = s.db.QueryContext(ctx, `SELECT `+seekColumns+` FROM seeks WHERE game_id <> '' ORDER BY paired_at`)
	if err != nil {
		return nil, nil, fmt.Errorf("store: seeks: %w", err)
	}
	if paired, err = scanSeeks(rows); err != nil {
		return nil, nil, err
	}
	return open, paired, nil
}

func scanSeeks(rows *sql.Rows) ([]Seek, error) {
	defer rows.Close()
	var out []Seek
	for rows.Next() {
		sk, err := scanSeek(rows)
		if err != nil {
			return nil, fmt.Errorf("store: seeks: %w", err)
		}
		out = append(out, *sk)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: seeks: %w", err)
	}
	return out, nil
}
