// Package games is the play site's one model of a game: it loads, changes
// and saves games, and runs the AI's part in them.
//
// In memory a game is a *Game: the library's dsq.Game (the only game state
// there is: position, moves, result, draw offer) with what the site adds
// (mode, seats, the AI's colour and level) and the version stored. A Game
// is never changed once made: a change works on a copy (dsq.Game.Clone) and
// swaps it in, in the cache and the database at once, so readers never see
// half of a change and need no lock. The database keeps the library's
// record (JSON) and columns that repeat what SQL needs, written in one
// place (row).
//
// Changes to one game are serialised in this process by a lock, and between
// processes by the stored version (store.ErrConflict). No search ever runs
// under the lock: the AI's moves and its answers to draw offers are jobs of
// the AI pool, which read a Game, search, then make their change like any
// request, if the game is still at the version they searched.
package games

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"fmt"
	"time"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/site/store"
)

// Mode is how a game is played.
type Mode string

// The modes.
const (
	AI     Mode = "ai"     // a player against the server's AI
	Local  Mode = "local"  // two players on one device: one client holds both seats
	Online Mode = "online" // two players, each on their own device
)

// Game is one game at one version: the library's game (position, moves,
// result, draw offer; kept unexported, read through Position, Moves,
// Outcome and the like, stored as the library's record) with what the
// site adds. Nothing in it changes once it is made: it is shared by every
// reader, and only Change, on a copy, makes the next version.
type Game struct {
	play    *dsq.Game // the library's game: read through the methods below, changed only on a copy
	ID      string
	Mode    Mode
	AIColor dsq.Color // the AI's colour, in an AI game
	Level   int       // the AI's level, in an AI game (Levels)

	// seats are the SHA-256 (hex) of each colour's seat token, by
	// dsq.Color; "" for a free seat or the AI's.
	seats [2]string

	// Clock is an online game's clock (its Control zero: none).
	Clock Clock
	// Rematch is a finished online game's rematch: the colour that offered
	// it (or RematchDeclined) and, once accepted, the new game's id.
	RematchOffer string
	RematchID    string

	// seen is, by dsq.Color, when each seat's holder last showed itself in
	// a change of the game: took the seat (creation, join, rematch) or
	// made a change with its token (a move, an offer). A claim of the win
	// counts the opponent away from no earlier than this (ClaimableAt),
	// on every instance alike: it is stored with the game, in the same
	// write as the change.
	seen [2]time.Time
	// Aborted: the online game ended before both sides had moved, with no
	// result (Abort, or the first move not made by FirstMoveBy); the
	// library's game stays undecided.
	Aborted bool
	// FirstMoveBy is, in an online game with both seats taken and fewer
	// than two moves, when the side to move must have made its first move
	// or the game aborts (FirstMoveTime after its turn began); zero
	// otherwise.
	FirstMoveBy time.Time

	// Players are, by dsq.Color, the identities holding the seats of an
	// online game (zero: none), with the name and rating each had when it
	// took its seat. Rated: the game counts for their ratings in
	// RatingClass (before the second seat is taken: its creator asked for
	// a rated game, bind). RatedDone: the ratings were updated for it, by
	// Change points (by dsq.Color), once (store.Store.RateGame).
	Players     [2]SeatPlayer
	Rated       bool
	RatingClass string
	RatedDone   bool
	Change      [2]int

	Version int64 // the stored version this is
	Created time.Time
	Updated time.Time
}

// copy returns a copy of g whose library game may be changed.
func (g *Game) copy() *Game {
	c := *g
	c.play = g.play.Clone()
	return &c
}

// Ply returns the number of moves played.
func (g *Game) Ply() int { return len(g.Moves()) }

// Seated reports whether colour c has a player or is the AI's.
func (g *Game) Seated(c dsq.Color) bool {
	return g.seats[c] != "" || g.Mode == AI && g.AIColor == c
}

// waiting reports whether the game is an online one whose second player has
// not come yet: then nothing may be played, offered or resigned.
func (g *Game) waiting() bool {
	return g.Mode == Online && (g.seats[dsq.Red] == "" || g.seats[dsq.Blue] == "")
}

// aiToMove reports whether the AI is to move in an unfinished AI game.
func (g *Game) aiToMove() bool {
	return g.Mode == AI && !g.IsOver() && g.Position().SideToMove() == g.AIColor
}

// aiToAnswer reports whether the player's draw offer waits for the AI's
// answer in an unfinished AI game.
func (g *Game) aiToAnswer() bool {
	offer, pending := g.DrawOffer()
	return g.Mode == AI && pending && offer != g.AIColor
}

// AIThinking reports whether the AI has something to do in the game: a move,
// or an answer to the player's draw offer. A job of the AI pool does it.
func (g *Game) AIThinking() bool { return g.aiToMove() || g.aiToAnswer() }

// RematchDeclined is Game.RematchOffer once the offer was declined.
const RematchDeclined = "declined"

// Ended reports whether the game is over (the library's outcome) or
// aborted: nothing more may be played in it.
func (g *Game) Ended() bool { return g.IsOver() || g.Aborted }

// SeenAt returns when colour c's seat holder last showed itself in a
// change of the game (took the seat, or changed the game with its token);
// zero if never.
func (g *Game) SeenAt(c dsq.Color) time.Time { return g.seen[c] }

// flagged reports whether the game has run out of time at now: its side
// to move's clock, or, before both first moves, the first move's time
// (FirstMoveBy: the game aborts).
func (g *Game) flagged(now time.Time) bool {
	if g.Ended() {
		return false
	}
	if !g.FirstMoveBy.IsZero() {
		return !now.Before(g.FirstMoveBy)
	}
	return g.Clock.Flagged(g.Position().SideToMove(), now)
}

// flag ends the game that flagged reports out of time: aborted if the
// first move did not come in time, else lost on time by the side to move
// (RULES.md, Time controls: a flag fall always loses).
func (g *Game) flag() error {
	if !g.FirstMoveBy.IsZero() {
		g.Aborted, g.FirstMoveBy = true, time.Time{}
		return nil
	}
	toMove := g.Position().SideToMove()
	g.Clock.Left[toMove], g.Clock.Started = 0, time.Time{}
	return g.play.Forfeit(toMove, dsq.TimeForfeit)
}

// SeatOf returns the colour whose seat token is token.
func (g *Game) SeatOf(token string) (dsq.Color, bool) {
	if token == "" {
		return 0, false
	}
	h := []byte(hashToken(token))
	for _, c := range []dsq.Color{dsq.Red, dsq.Blue} {
		if g.seats[c] != "" && subtle.ConstantTimeCompare(h, []byte(g.seats[c])) == 1 {
			return c, true
		}
	}
	return 0, false
}

// ValidID reports whether id has the shape of a game id, so that nothing
// else reaches the database.
func ValidID(id string) bool {
	if len(id) != 32 {
		return false
	}
	for _, c := range id {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// randomHex returns 128 random bits in hex: game ids and seat tokens.
func randomHex() string {
	b := make([]byte, 16)
	rand.Read(b) // never fails (crypto/rand panics rather than return short)
	return hex.EncodeToString(b)
}

// hashToken is what the database keeps of a seat token.
func hashToken(token string) string {
	h := sha256.Sum256([]byte(token))
	return hex.EncodeToString(h[:])
}

// invitation is the secret that gives the free seat of an online game whose
// other seat's token hashes to seatHash. It is derived, not stored: the
// creator's token gives it again (Service.Invite), and it stops working the
// moment the seat is taken. Only a holder of the seat token, or of the
// database, can make it; it is never in the game's state or the log.
func invitation(seatHash string) string {
	h := sha256.Sum256([]byte("dsq invitation\x00" + seatHash))
	return hex.EncodeToString(h[:16])
}

// rematchID is the id of game id's rematch: derived, so that a change
// tried again (or made by two instances at once) makes one game, not two.
// Game ids are no secret: the rematch's is in its game's state anyway.
func rematchID(id string) string {
	h := sha256.Sum256([]byte("dsq rematch\x00" + id))
	return hex.EncodeToString(h[:16])
}

// row is the stored form of g: its record, and the columns SQL reads, all
// written here from the library's game.
func (g *Game) row() (*store.Game, error) {
	record, err := g.play.MarshalJSON()
	if err != nil {
		return nil, fmt.Errorf("game %s: record: %w", g.ID, err)
	}
	pos, out := g.Position(), g.Outcome()
	r := &store.Game{ID: g.ID, Mode: string(g.Mode), Record: record,
		RedSeat: g.seats[dsq.Red], BlueSeat: g.seats[dsq.Blue],
		First: g.Start().SideToMove().String(), Ply: g.Ply(), ToMove: pos.SideToMove().String(),
		Over: out.IsDecided(), Version: g.Version, Created: g.Created, Updated: g.Updated,
		RedSeen: g.seen[dsq.Red], BlueSeen: g.seen[dsq.Blue], Aborted: g.Aborted,
		RedPlayer: g.Players[dsq.Red].ID, BluePlayer: g.Players[dsq.Blue].ID,
		RedName: g.Players[dsq.Red].Name, BlueName: g.Players[dsq.Blue].Name,
		RedRating: g.Players[dsq.Red].Rating, BlueRating: g.Players[dsq.Blue].Rating,
		RedProvisional: g.Players[dsq.Red].Provisional, BlueProvisional: g.Players[dsq.Blue].Provisional,
		Rated: g.Rated, RatingClass: g.RatingClass, RatedDone: g.RatedDone,
		RedChange: g.Change[dsq.Red], BlueChange: g.Change[dsq.Blue]}
	if g.Mode == AI {
		r.AIColor, r.Level = g.AIColor.String(), g.Level
	}
	if c, ok := g.DrawOffer(); ok {
		r.DrawOffer = c.String()
	}
	tc := g.Clock.Control
	r.ClockBase, r.ClockIncrement, r.ClockPerMove = tc.Base, tc.Increment, tc.PerMove
	r.RedLeft, r.BlueLeft, r.TurnStarted = g.Clock.Left[dsq.Red], g.Clock.Left[dsq.Blue], g.Clock.Started
	switch {
	case g.Aborted || out.IsDecided():
	case !g.FirstMoveBy.IsZero():
		r.Deadline = g.FirstMoveBy // the clock runs from the second move on
	default:
		r.Deadline = g.Clock.Deadline(pos.SideToMove())
	}
	r.RematchOffer, r.RematchID = g.RematchOffer, g.RematchID
	if r.Over {
		r.Reason = out.Reason.String() // the library's word: "den entered", "resignation", ...
		if !out.IsDraw() {
			r.Winner = out.Winner.String()
		}
	}
	return r, nil
}

// Row returns the stored form of g (a new one each call).
func (g *Game) Row() (*store.Game, error) { return g.row() }

// FromRow loads a stored game: its record replayed, every move checked.
func FromRow(r *store.Game) (*Game, error) {
	play, err := dsq.ParseRecordJSON(r.Record)
	if err != nil {
		return nil, fmt.Errorf("game %s: %w", r.ID, err)
	}
	return WithGame(r, play)
}

// WithGame is the Game of stored row r whose record has been loaded as
// play already.
func WithGame(r *store.Game, play *dsq.Game) (*Game, error) {
	g := &Game{ID: r.ID, Mode: Mode(r.Mode), play: play, seats: [2]string{r.RedSeat, r.BlueSeat},
		Version: r.Version, Created: r.Created, Updated: r.Updated,
		Clock: Clock{Control: TimeControl{Base: r.ClockBase, Increment: r.ClockIncrement, PerMove: r.ClockPerMove},
			Left: [2]time.Duration{r.RedLeft, r.BlueLeft}, Started: r.TurnStarted},
		RematchOffer: r.RematchOffer, RematchID: r.RematchID,
		seen: [2]time.Time{r.RedSeen, r.BlueSeen}, Aborted: r.Aborted,
		Players: [2]SeatPlayer{
			{ID: r.RedPlayer, Name: r.RedName, Rating: r.RedRating, Provisional: r.RedProvisional},
			{ID: r.BluePlayer, Name: r.BlueName, Rating: r.BlueRating, Provisional: r.BlueProvisional}},
		Rated: r.Rated, RatingClass: r.RatingClass, RatedDone: r.RatedDone, Change: [2]int{r.RedChange, r.BlueChange}}
	if g.Mode == Online && !r.Over && !r.Aborted && len(play.Moves()) < 2 && r.TurnStarted.IsZero() {
		// Before the second move the deadline is the first move's (row):
		// the clock has not started.
		g.FirstMoveBy = r.Deadline
	}
	switch g.Mode {
	case AI:
		if err := g.AIColor.UnmarshalText([]byte(r.AIColor)); err != nil {
			return nil, fmt.Errorf("game %s: AI colour: %w", r.ID, err)
		}
		g.Level = r.Level
	case Local, Online:
	default:
		return nil, fmt.Errorf("game %s: mode %q", r.ID, r.Mode)
	}
	return g, nil
}

// The reads of the library's game (dsq.Game's methods of the same names).
// A Game is changed only through Service.Change, on a copy; nothing here
// plays on it.

// Position returns the current position.
func (g *Game) Position() dsq.Position { return g.play.Position() }

// Start returns the position the game started from.
func (g *Game) Start() dsq.Position { return g.play.Start() }

// Rules returns the rules the game is played under.
func (g *Game) Rules() dsq.Rules { return g.play.Rules() }

// Moves returns the moves played, in order (a new slice each call).
func (g *Game) Moves() []dsq.Move { return g.play.Moves() }

// PositionAfter returns the position after the first n moves, and false
// when there are not that many.
func (g *Game) PositionAfter(n int) (dsq.Position, bool) { return g.play.PositionAfter(n) }

// Outcome returns how the game ended, or the zero Outcome while it goes on.
func (g *Game) Outcome() dsq.Outcome { return g.play.Outcome() }

// IsOver reports whether the game has ended.
func (g *Game) IsOver() bool { return g.play.IsOver() }

// DrawOffer returns the colour whose draw offer is pending, if one is.
func (g *Game) DrawOffer() (dsq.Color, bool) { return g.play.DrawOffer() }

// LegalTargets returns the squares the piece on from may move to now: none
// once the game is over.
func (g *Game) LegalTargets(from dsq.Square) dsq.Bitboard { return g.play.LegalTargets(from) }
