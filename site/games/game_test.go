package games

import (
	"strings"
	"testing"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/site/store"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRowRoundTrip: a game's stored form holds its record and the columns
// SQL reads, each from the library's game, and loads back as the same
// game.
func TestRowRoundTrip(t *testing.T) {
	t.Parallel()
	play := dsq.NewGame()
	for _, m := range []string{"a3a4", "a7a6"} {
		_, err := play.PlayText(m)
		require.NoError(t, err)
	}
	require.NoError(t, play.OfferDraw(dsq.Red))
	g := &Game{ID: randomHex(), Mode: AI, play: play, AIColor: dsq.Blue, Level: 4, Version: 3}
	g.seats[dsq.Red] = hashToken("red token")
	r, err := g.Row()
	require.NoError(t, err)
	assert.Equal(t, []any{"ai", "blue", 4, g.seats[dsq.Red], "", "red", 2, "red", "red", false, "", ""},
		[]any{r.Mode, r.AIColor, r.Level, r.RedSeat, r.BlueSeat, r.First, r.Ply, r.ToMove, r.DrawOffer, r.Over, r.Reason, r.Winner})
	back, err := FromRow(r)
	require.NoError(t, err)
	assert.Equal(t, g.Moves(), back.Moves())
	assert.Equal(t, []any{g.ID, g.Mode, g.AIColor, g.Level, g.seats, g.Version}, []any{back.ID, back.Mode, back.AIColor, back.Level, back.seats, back.Version})
	offer, pending := back.DrawOffer()
	assert.True(t, pending)
	assert.Equal(t, dsq.Red, offer)

	require.NoError(t, play.AcceptDraw(dsq.Blue))
	r, err = g.Row()
	require.NoError(t, err)
	assert.Equal(t, []any{true, "agreed", "", ""}, []any{r.Over, r.Reason, r.Winner, r.DrawOffer}, "a draw: no winner")
}

// TestFromRowRefuses: a row that does not make a game is an error, never
// a game half read.
func TestFromRowRefuses(t *testing.T) {
	t.Parallel()
	g := &Game{ID: randomHex(), Mode: Local, play: dsq.NewGame()}
	good, err := g.Row()
	require.NoError(t, err)
	for name, damage := range map[string]func(r *store.Game){
		"mode":             func(r *store.Game) { r.Mode = "chess" },
		"AI colour":        func(r *store.Game) { r.Mode, r.AIColor = "ai", "green" },
		"record":           func(r *store.Game) { r.Record = []byte(`{"moves":["a3a5"]}`) },
		"takeback request": func(r *store.Game) { r.Mode, r.TakebackBy = "online", "green" },
	} {
		r := *good
		damage(&r)
		_, err := FromRow(&r)
		assert.Error(t, err, name)
	}
	_, err = FromRow(good)
	assert.NoError(t, err)
}

// TestSeatOf: a seat token gives its colour, compared by hash; no token, a
// wrong one or a free seat give none.
func TestSeatOf(t *testing.T) {
	t.Parallel()
	g := &Game{Mode: Online, play: dsq.NewGame()}
	g.seats[dsq.Blue] = hashToken("blue token")
	c, ok := g.SeatOf("blue token")
	assert.True(t, ok)
	assert.Equal(t, dsq.Blue, c)
	for _, token := range []string{"", "red token", hashToken("blue token")} {
		_, ok := g.SeatOf(token)
		assert.False(t, ok, "%q", token)
	}
	assert.True(t, g.waiting())
	assert.False(t, g.Seated(dsq.Red))
}

func TestValidID(t *testing.T) {
	t.Parallel()
	assert.True(t, ValidID(randomHex()))
	for _, id := range []string{"", strings.Repeat("a", 31), strings.Repeat("a", 33), strings.Repeat("A", 32), strings.Repeat("g", 32), "../" + strings.Repeat("a", 29)} {
		assert.False(t, ValidID(id), "%q", id)
	}
}
