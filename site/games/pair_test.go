package games

import (
	"testing"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestNewPairingSeatsTheSeekerByItsHash(t *testing.T) {
	t.Parallel()
	s := newService(t)
	seeker := randomHex()
	tc := TimeControl{Base: 5 * 60e9, Increment: 3e9}
	p, err := s.NewPairing(tc, SeatPlayer{}, hashToken(seeker), &Player{}, false)
	require.NoError(t, err)
	g := p.Game
	c, ok := g.SeatOf(seeker)
	require.True(t, ok, "the seeker's token holds a seat")
	assert.Equal(t, p.SeekerColor, c)
	c, ok = g.SeatOf(p.Token)
	require.True(t, ok, "the taker's token holds the other")
	assert.Equal(t, p.SeekerColor.Other(), c)
	assert.Equal(t, Online, g.Mode)
	assert.Equal(t, tc, g.Clock.Control)
	assert.False(t, g.FirstMoveBy.IsZero(), "the first move's time runs")
	assert.Equal(t, hashToken(seeker), map[dsq.Color]string{dsq.Red: p.Row().RedSeat, dsq.Blue: p.Row().BlueSeat}[p.SeekerColor])

	// Stored and taken in, it is the service's game.
	require.NoError(t, s.cfg.Store.Create(t.Context(), p.Row()))
	s.Paired(p)
	got := stored(t, s, g.ID)
	_, ok = got.SeatOf(p.Token)
	assert.True(t, ok)
}

func TestNewPairingRefusesABadSeatOrNoTaker(t *testing.T) {
	t.Parallel()
	_, err := newService(t).NewPairing(TimeControl{}, SeatPlayer{}, "abc", &Player{}, false)
	assert.Error(t, err)
	_, err = newService(t).NewPairing(TimeControl{}, SeatPlayer{}, hashToken("x"), nil, false)
	assert.Error(t, err, "no taker")
}

// The colours are drawn fairly: over 400 pairings each colour goes to the
// seeker between 140 and 260 times (a fair draw falls outside with a
// chance under one in a billion; a fixed colour always does).
func TestNewPairingDrawsTheColours(t *testing.T) {
	t.Parallel()
	s := newService(t)
	red := 0
	for range 400 {
		p, err := s.NewPairing(TimeControl{}, SeatPlayer{}, hashToken(randomHex()), &Player{}, false)
		require.NoError(t, err)
		if p.SeekerColor == dsq.Red {
			red++
		}
	}
	assert.InDelta(t, 200, red, 60)
}

// A pairing binds both identities to their seats, the seeker's as its seek
// showed it, and is rated when both are named and asked for it.
func TestNewPairingBindsThePlayers(t *testing.T) {
	t.Parallel()
	s := newService(t)
	tc := TimeControl{Base: 5 * 60e9, Increment: 3e9}
	seeker := SeatPlayer{ID: "00000000000000aa", Name: "Seeker", Rating: 1612, Provisional: false}
	taker := &Player{ID: "00000000000000bb", Name: "Taker"}
	p, err := s.NewPairing(tc, seeker, hashToken(randomHex()), taker, true)
	require.NoError(t, err)
	g := p.Game
	assert.Equal(t, seeker, g.Players[p.SeekerColor])
	got := g.Players[p.SeekerColor.Other()]
	assert.Equal(t, "00000000000000bb", got.ID)
	assert.Equal(t, "Taker", got.Name)
	assert.True(t, got.Provisional, "a new player's rating")
	assert.True(t, g.Rated)
	assert.Equal(t, Blitz, g.RatingClass)

	p, err = s.NewPairing(tc, seeker, hashToken(randomHex()), &Player{ID: "00000000000000cc"}, true)
	require.NoError(t, err)
	assert.False(t, p.Game.Rated, "a taker with no name plays unrated")
	p, err = s.NewPairing(tc, seeker, hashToken(randomHex()), taker, false)
	require.NoError(t, err)
	assert.False(t, p.Game.Rated, "an unrated seek")
}
