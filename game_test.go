package doushouqi_test

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
)

func playAll(t *testing.T, g *dsq.Game, moves ...string) {
	t.Helper()
	for _, s := range moves {
		require.NoError(t, g.Play(mustMove(t, s)), "Play(%s)", s)
	}
}

func TestGamePlayUndo(t *testing.T) {
	g := dsq.NewGame()
	playAll(t, g, "a3a4", "a7a6", "g3g4")
	assert.Equal(t, []string{"a3a4", "a7a6", "g3g4"}, moveTexts(g.Moves()))
	after1, ok := g.PositionAfter(1)
	require.True(t, ok)
	want := dsq.StartPosition()
	require.NoError(t, want.Play(mustMove(t, "a3a4")))
	assert.Equal(t, want, after1)
	_, ok = g.PositionAfter(4)
	assert.False(t, ok)

	before := g.Position()
	err := g.Play(mustMove(t, "c7c6")) // Blue's leopard into the river
	assert.ErrorIs(t, err, dsq.ErrWater)
	assert.Equal(t, before, g.Position(), "a refused move changes nothing")
	assert.Len(t, g.Moves(), 3)

	require.NoError(t, g.Undo())
	require.NoError(t, g.Undo())
	after1again, _ := g.PositionAfter(1)
	assert.Equal(t, after1, g.Position())
	assert.Equal(t, after1, after1again)
	require.NoError(t, g.Undo())
	assert.Equal(t, dsq.StartPosition(), g.Position())
	assert.ErrorIs(t, g.Undo(), dsq.ErrNothingToUndo)
}

// moveTexts writes moves in their notation, in order.
func moveTexts(moves []dsq.Move) []string {
	out := []string{}
	for _, m := range moves {
		out = append(out, m.String())
	}
	return out
}

func TestGameEnds(t *testing.T) {
	t.Run("den", func(t *testing.T) {
		pos, err := dsq.ParsePosition("7/3D3/7/7/7/7/7/7/l6 r 0 1")
		require.NoError(t, err)
		g, err := dsq.NewGameFrom(pos)
		require.NoError(t, err)
		playAll(t, g, "d8d9")
		assert.Equal(t, dsq.Outcome{Reason: dsq.DenEntered, Winner: dsq.Red}, g.Outcome())
		requireFrozen(t, g)
	})
	t.Run("resignation", func(t *testing.T) {
		g := dsq.NewGame()
		playAll(t, g, "a3a4")
		require.NoError(t, g.Resign(dsq.Red)) // not Red's turn: resigning needs none
		assert.Equal(t, "blue wins: resignation", g.Outcome().String())
		requireFrozen(t, g)
	})
	t.Run("agreed draw", func(t *testing.T) {
		g := dsq.NewGame()
		require.NoError(t, g.OfferDraw(dsq.Red))
		assert.ErrorIs(t, g.OfferDraw(dsq.Blue), dsq.ErrDrawOffered)
		assert.ErrorIs(t, g.AcceptDraw(dsq.Red), dsq.ErrNoDrawOffer, "one does not accept one's own offer")
		c, ok := g.DrawOffer()
		assert.True(t, ok)
		assert.Equal(t, dsq.Red, c)
		require.NoError(t, g.AcceptDraw(dsq.Blue))
		assert.True(t, g.Outcome().IsDraw())
		assert.Equal(t, "draw: agreed", g.Outcome().String())
		requireFrozen(t, g)
	})
	t.Run("move limit", func(t *testing.T) {
		pos, err := dsq.ParsePosition("l6/7/7/7/3D3/7/7/7/7 r 59 40")
		require.NoError(t, err)
		g, err := dsq.NewGameFrom(pos)
		require.NoError(t, err)
		playAll(t, g, "d5d4")
		assert.Equal(t, "draw: no-capture move limit", g.Outcome().String())
		requireFrozen(t, g)
	})
}

// requireFrozen checks that every call that would change a finished game,
// but Undo (which takes back the last step), is refused with a clear error
// and changes nothing.
func requireFrozen(t *testing.T, g *dsq.Game) {
	t.Helper()
	before, moves, outcome := g.Position(), g.Moves(), g.Outcome()
	m := dsq.NoMove
	if legal := before.LegalMoves(); len(legal) > 0 {
		m = legal[0]
	}
	assert.ErrorIs(t, g.Play(m), dsq.ErrGameOver)
	assert.ErrorIs(t, g.Resign(dsq.Red), dsq.ErrGameOver)
	assert.ErrorIs(t, g.OfferDraw(dsq.Blue), dsq.ErrGameOver)
	assert.ErrorIs(t, g.AcceptDraw(dsq.Blue), dsq.ErrGameOver)
	assert.ErrorIs(t, g.DeclineDraw(dsq.Blue), dsq.ErrGameOver)
	assert.Equal(t, before, g.Position())
	assert.Equal(t, moves, g.Moves())
	assert.Equal(t, outcome, g.Outcome())
}

func TestDrawOfferLapses(t *testing.T) {
	g := dsq.NewGame()
	require.NoError(t, g.OfferDraw(dsq.Red))
	playAll(t, g, "a3a4") // the offerer moves: the offer stands
	_, ok := g.DrawOffer()
	assert.True(t, ok)
	playAll(t, g, "a7a6") // the other side moves instead of answering
	_, ok = g.DrawOffer()
	assert.False(t, ok, "the offer lapses when the other side moves")
	assert.ErrorIs(t, g.AcceptDraw(dsq.Blue), dsq.ErrNoDrawOffer)

	require.NoError(t, g.OfferDraw(dsq.Blue))
	require.NoError(t, g.DeclineDraw(dsq.Red))
	_, ok = g.DrawOffer()
	assert.False(t, ok)
	assert.ErrorIs(t, g.DeclineDraw(dsq.Red), dsq.ErrNoDrawOffer)
	assert.ErrorIs(t, g.OfferDraw(dsq.Color(7)), dsq.ErrBadColor)
	assert.False(t, g.IsOver())
}

func TestNewGameFromInvalid(t *testing.T) {
	_, err := dsq.NewGameFrom(dsq.Position{})
	assert.ErrorIs(t, err, dsq.ErrNotAPosition)
}

// randomGame plays a seeded random game to its end or maxPlies.
func randomGame(t *testing.T, seed uint64, maxPlies int) *dsq.Game {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 5))
	g := dsq.NewGame()
	require.NoError(t, g.SetTag("Red", "random red"))
	require.NoError(t, g.SetTag("Blue", `random "blue"`))
	require.NoError(t, g.SetTag("Date", "2026.11.29"))
	for ply := 0; ply < maxPlies && !g.IsOver(); ply++ {
		pos := g.Position()
		moves := pos.LegalMoves()
		require.NoError(t, g.Play(moves[rng.IntN(len(moves))]))
	}
	return g
}

func requireSameGame(t *testing.T, want, got *dsq.Game) {
	t.Helper()
	require.Equal(t, want.Start(), got.Start())
	require.Equal(t, want.Moves(), got.Moves())
	require.Equal(t, want.Position(), got.Position())
	require.Equal(t, want.Outcome(), got.Outcome())
	require.Equal(t, want.Tags(), got.Tags())
}

func TestRecordRoundTrip(t *testing.T) {
	for seed := range uint64(40) {
		g := randomGame(t, seed, 300)
		if seed%5 == 1 && !g.IsOver() {
			require.NoError(t, g.Resign(dsq.Blue))
		}
		if seed%5 == 2 && !g.IsOver() {
			require.NoError(t, g.OfferDraw(dsq.Red))
			require.NoError(t, g.AcceptDraw(dsq.Blue))
		}
		text := g.Record()
		loaded, err := dsq.ParseRecord(text)
		require.NoError(t, err, text)
		requireSameGame(t, g, loaded)
		assert.Equal(t, text, loaded.Record())

		data, err := json.Marshal(g)
		require.NoError(t, err)
		var fromJSON dsq.Game
		require.NoError(t, json.Unmarshal(data, &fromJSON))
		requireSameGame(t, g, &fromJSON)
	}
}

func TestRecordFormat(t *testing.T) {
	pos, err := dsq.ParsePosition("l5t/1d3c1/r1p1w1e/7/7/E6/2W1P1R/1C3D1/T5L b 1 1")
	require.NoError(t, err)
	g, err := dsq.NewGameFrom(pos)
	require.NoError(t, err)
	require.NoError(t, g.SetTag("Red", "alice"))
	require.NoError(t, g.SetTag("Event", "club night"))
	require.NoError(t, g.SetTag("Zeta", "last"))
	playAll(t, g, "a7a6", "g3g4", "g7g6")
	want := `[Event "club night"]
[Red "alice"]
[Zeta "last"]
[Start "l5t/1d3c1/r1p1w1e/7/7/E6/2W1P1R/1C3D1/T5L b 1 1"]
[Result "*"]

1... a7a6 2. g3g4 g7g6 *
`
	assert.Equal(t, want, g.Record())
}

func TestRecordTampered(t *testing.T) {
	g := randomGame(t, 7, 30)
	text := g.Record()
	moves := g.Moves()
	cases := map[string]struct {
		text     string
		moveNo   int
		reason   error
		contains string
	}{
		"illegal move": {strings.Replace(text, " "+moves[4].String()+" ", " a1a9 ", 1), 3, dsq.ErrNotAStep, `move 3 (red) "a1a9"`},
		"not a move":   {strings.Replace(text, " "+moves[5].String()+" ", " zz99 ", 1), 3, dsq.ErrSquare, `move 3 (blue) "zz99"`},
		"wrong number": {strings.Replace(text, " 4. ", " 5. ", 1), 4, nil, "out of turn"},
		"wrong result": {strings.Replace(text, `[Result "*"]`, `[Result "red wins: den entered"]`, 1), 0, nil, "the moves give"},
		"bad tag":      {strings.Replace(text, `[Red "random red"]`, `[Red random]`, 1), 0, nil, "quoted"},
		"bad start":    {strings.Replace(text, dsq.StartNotation, "7/7 r", 1), 0, dsq.ErrRankCount, "start position"},
		"twice":        {strings.Replace(text, `[Date "2026.11.29"]`, `[Red "again"]`, 1), 0, nil, `tag "Red" given twice`},
		"no number":    {strings.Replace(text, "1. ", "", 1), 1, nil, "without its number"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			require.NotEqual(t, text, c.text, "the tampering took")
			loaded, err := dsq.ParseRecord(c.text)
			require.Error(t, err)
			assert.Nil(t, loaded, "no partial game")
			assert.ErrorIs(t, err, dsq.ErrRecord)
			if c.reason != nil {
				assert.ErrorIs(t, err, c.reason)
			}
			var re *dsq.RecordError
			require.True(t, errors.As(err, &re))
			assert.Equal(t, c.moveNo, re.MoveNumber)
			assert.Contains(t, err.Error(), c.contains)
		})
	}

	// JSON: a tampered move is refused and the target left unchanged.
	data, err := json.Marshal(g)
	require.NoError(t, err)
	bad := strings.Replace(string(data), `"`+moves[4].String()+`"`, `"a1a9"`, 1)
	target := dsq.NewGame()
	playAll(t, target, "a3a4")
	before := target.Moves()
	err = json.Unmarshal([]byte(bad), target)
	assert.ErrorIs(t, err, dsq.ErrNotAStep)
	assert.Equal(t, before, target.Moves())
}
