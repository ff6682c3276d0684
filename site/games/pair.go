package games

import (
	"crypto/rand"
	"errors"
	"fmt"
	"time"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/site/store"
)

// Pairing is an online game that pairs a seek's player (the seeker) with
// the player who takes the seek, made before it is stored: the store
// creates its row in the same transaction that marks the seek paired
// (store.AcceptSeek, store.QuickSeek), then Paired takes it in.
type Pairing struct {
	Game *Game
	// SeekerColor is the seeker's colour, drawn at random; the taker
	// plays the other.
	SeekerColor dsq.Color
	// Token is the taker's seat token (the seeker has its own already:
	// the seek row holds its hash).
	Token string
	row   *store.Game
}

// randomColor draws a colour with crypto/rand: neither player can choose
// or predict it.
func randomColor() dsq.Color {
	var b [1]byte
	rand.Read(b[:]) // never fails (crypto/rand panics rather than return short)
	return dsq.Color(b[0] & 1)
}

// NewPairing makes the online game of a pairing with time control tc: the
// seeker (its identity as its seek shows it) holds the seat whose token
// hashes to seekerSeat (SHA-256, hex: the seek row's), the taker a new
// one; the colours are drawn at random, and both seats count as present
// from now (the first move's time runs). Both asked for a rated game or
// neither (a seek is taken as it is offered); it is rated as an
// invitation's game would be (bindSeat).
func (s *Service) NewPairing(tc TimeControl, seeker SeatPlayer, seekerSeat string, taker *Player, rated bool) (*Pairing, error) {
	if len(seekerSeat) != 64 {
		return nil, fmt.Errorf("pairing: seat hash %q", seekerSeat)
	}
	if taker == nil {
		return nil, errors.New("pairing: no taker")
	}
	p := &Pairing{SeekerColor: randomColor(), Token: randomHex()}
	g := &Game{ID: randomHex(), Mode: Online, play: dsq.NewGame(), Clock: newClock(tc)}
	now := ms(s.cfg.Now())
	takerSeat := seatPlayer(taker, tc.Class())
	sides := [2]*SeatPlayer{}
	sides[p.SeekerColor], sides[p.SeekerColor.Other()] = &seeker, &takerSeat
	var seats [2]string
	seats[p.SeekerColor], seats[p.SeekerColor.Other()] = seekerSeat, hashToken(p.Token)
	for _, c := range []dsq.Color{dsq.Red, dsq.Blue} { // bound in turn, as by a join
		g.seats[c] = seats[c]
		g.bindSeat(c, sides[c], rated)
	}
	g.seen = [2]time.Time{now, now}
	g.opening(now)
	row, err := g.row()
	if err != nil {
		return nil, err
	}
	p.Game, p.row = g, row
	return p, nil
}

// Row is the stored form of the pairing's game, for the store to create;
// the store sets its version and times.
func (p *Pairing) Row() *store.Game { return p.row }

// Paired takes in the pairing's game once the store has created it: it is
// cached with the version and times stored, and announced (Config.Stored).
func (s *Service) Paired(p *Pairing) *Game {
	g := p.Game
	g.Version, g.Created, g.Updated = p.row.Version, p.row.Created, p.row.Updated
	s.cache.put(g)
	s.cfg.Stored(g.ID)
	return g
}

// NewID returns a new random id of a game's shape (32 hex digits): a
// seek's.
func NewID() string { return randomHex() }

// ErrNameRequired refuses a rated seek of a player with no name: its game
// could not be rated.
var ErrNameRequired = errNameRequired
