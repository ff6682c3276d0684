package doushouqi_test

import (
	"encoding/json"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
)

// gameOn returns a game from the position text under rules, with moves
// played.
func gameOn(t *testing.T, pos string, rules dsq.Rules, moves ...string) *dsq.Game {
	t.Helper()
	g, err := dsq.NewGameRules(mustPosition(t, pos), rules)
	require.NoError(t, err)
	playAll(t, g, moves...)
	return g
}

// shuffleRules: no move limit, threefold repetition a draw.
var shuffleRules = dsq.Rules{MoveLimit: dsq.NoMoveLimit, Threefold: true}

// TestGameWinnerIsNoColorUnlessASideWon: Winner names a side only when it
// won, so counting Winner == Red never counts a draw or a game going on.
func TestGameWinnerIsNoColorUnlessASideWon(t *testing.T) {
	agreed := dsq.NewGame()
	require.NoError(t, agreed.OfferDraw(dsq.Red))
	require.NoError(t, agreed.AcceptDraw(dsq.Blue))
	resigned := dsq.NewGame()
	require.NoError(t, resigned.Resign(dsq.Red))
	recordedDraw, err := dsq.ParseRecord(agreed.Record())
	require.NoError(t, err)
	var zero dsq.Game

	cases := []struct {
		name string
		g    *dsq.Game
		want dsq.Outcome
	}{
		{"new game", dsq.NewGame(), dsq.Outcome{Reason: dsq.Undecided, Winner: dsq.NoColor}},
		{"zero game", &zero, dsq.Outcome{Reason: dsq.Undecided, Winner: dsq.NoColor}},
		{"agreed draw", agreed, dsq.Outcome{Reason: dsq.DrawAgreed, Winner: dsq.NoColor}},
		{"agreed draw read from its record", recordedDraw, dsq.Outcome{Reason: dsq.DrawAgreed, Winner: dsq.NoColor}},
		{"move limit", gameOn(t, "l6/7/7/7/3D3/7/7/7/7 r 59 40", dsq.Standard, "d5d4"), dsq.Outcome{Reason: dsq.MoveLimit, Winner: dsq.NoColor}},
		{"repetition", gameOn(t, "l6/7/7/7/7/7/7/7/L6 r 0 1", shuffleRules, "a1a2", "a9a8", "a2a1", "a8a9", "a1a2", "a9a8", "a2a1", "a8a9"), dsq.Outcome{Reason: dsq.Repetition, Winner: dsq.NoColor}},
		{"resignation", resigned, dsq.Outcome{Reason: dsq.Resigned, Winner: dsq.Blue}},
		{"den entered", gameOn(t, "7/3D3/7/7/7/7/7/7/l6 r 0 1", dsq.Standard, "d8d9"), dsq.Outcome{Reason: dsq.DenEntered, Winner: dsq.Red}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, c.g.Outcome())
			if !c.g.Outcome().IsDecided() {
				assert.Equal(t, c.want, c.g.Position().Outcome())
			}
		})
	}
}

// TestOutcomeJSONReadsNoWinnerAsNoColor: an undecided or drawn outcome read
// from JSON has no winner, whatever the receiver held before.
func TestOutcomeJSONReadsNoWinnerAsNoColor(t *testing.T) {
	for in, want := range map[string]dsq.Outcome{
		`{"reason":"undecided"}`:                  {Reason: dsq.Undecided, Winner: dsq.NoColor},
		`{"reason":"agreed"}`:                     {Reason: dsq.DrawAgreed, Winner: dsq.NoColor},
		`{"reason":"no-capture move limit"}`:      {Reason: dsq.MoveLimit, Winner: dsq.NoColor},
		`{"reason":"threefold repetition"}`:       {Reason: dsq.Repetition, Winner: dsq.NoColor},
		`{"reason":"resignation","winner":"red"}`: {Reason: dsq.Resigned, Winner: dsq.Red},
	} {
		got := dsq.Outcome{Reason: dsq.DenEntered, Winner: dsq.Blue}
		require.NoError(t, json.Unmarshal([]byte(in), &got), in)
		assert.Equal(t, want, got, in)
	}
}

// TestGameDrawOfferWithoutOfferIsNoColor: with no offer pending DrawOffer
// names no side, before any offer, after a decline and after a lapse.
func TestGameDrawOfferWithoutOfferIsNoColor(t *testing.T) {
	declined := dsq.NewGame()
	require.NoError(t, declined.OfferDraw(dsq.Red))
	require.NoError(t, declined.DeclineDraw(dsq.Blue))
	lapsed := dsq.NewGame()
	require.NoError(t, lapsed.OfferDraw(dsq.Blue))
	playAll(t, lapsed, "a3a4")
	var zero dsq.Game
	for name, g := range map[string]*dsq.Game{"new": dsq.NewGame(), "zero": &zero, "declined": declined, "lapsed": lapsed} {
		c, ok := g.DrawOffer()
		assert.False(t, ok, name)
		assert.Equal(t, dsq.NoColor, c, name)
	}
}

// TestGameUndoAfterTheEnd: Undo takes back the step that ended the game, a
// move or an ending outside the rules; the game goes on from the position
// before that step, its outcome recomputed, with no offer pending.
func TestGameUndoAfterTheEnd(t *testing.T) {
	offered := func(g *dsq.Game) *dsq.Game {
		require.NoError(t, g.OfferDraw(g.Position().SideToMove()))
		return g
	}
	cases := []struct {
		name  string
		g     *dsq.Game
		end   func(g *dsq.Game) error // the last step, if not a move
		moves int                     // after the Undo
	}{
		{name: "den entered", g: gameOn(t, "7/7/3L3/7/7/7/7/7/e6 r 0 1", dsq.Standard, "d7d8", "a1a2", "d8d9"), moves: 2},
		{name: "no legal move", g: gameOn(t, "cL5/1E5/W6/7/7/7/7/7/7 r 0 1", dsq.Standard, "a7a8"), moves: 0},
		{name: "no pieces left", g: gameOn(t, "7/7/7/3c3/3L3/7/7/7/T6 r 0 1", dsq.Standard, "d5d6"), moves: 0},
		{name: "move limit", g: gameOn(t, "l6/7/7/7/3D3/7/7/7/7 r 59 40", dsq.Standard, "d5d4"), moves: 0},
		{name: "repetition", g: gameOn(t, "l6/7/7/7/7/7/7/7/L6 r 0 1", shuffleRules, "a1a2", "a9a8", "a2a1", "a8a9", "a1a2", "a9a8", "a2a1", "a8a9"), moves: 7},
		{name: "resignation", g: gameOn(t, dsq.StartNotation, dsq.Standard, "a3a4"), end: func(g *dsq.Game) error { return g.Resign(dsq.Blue) }, moves: 1},
		{name: "resignation before any move", g: dsq.NewGame(), end: func(g *dsq.Game) error { return g.Resign(dsq.Red) }, moves: 0},
		{name: "agreed draw", g: offered(gameOn(t, dsq.StartNotation, dsq.Standard, "a3a4")), end: func(g *dsq.Game) error { return g.AcceptDraw(dsq.Red) }, moves: 1},
		{name: "time forfeit", g: gameOn(t, dsq.StartNotation, dsq.Standard, "a3a4"), end: func(g *dsq.Game) error { return g.Forfeit(dsq.Red, dsq.TimeForfeit) }, moves: 1},
		{name: "abandonment", g: gameOn(t, dsq.StartNotation, dsq.Standard, "a3a4", "a7a6"), end: func(g *dsq.Game) error { return g.Forfeit(dsq.Blue, dsq.Abandoned) }, moves: 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := c.g
			var before dsq.Position // the position the game goes on from
			if c.end != nil {
				before = g.Position()
				require.NoError(t, c.end(g))
			} else {
				before, _ = g.PositionAfter(len(g.Moves()) - 1)
			}
			require.True(t, g.IsOver())
			ended := *g

			require.NoError(t, g.Undo())
			assert.False(t, g.IsOver(), "over after Undo: %v", g.Outcome())
			assert.Equal(t, before, g.Position())
			assert.Len(t, g.Moves(), c.moves)
			assert.Equal(t, g.Position().Outcome(), g.Outcome(), "the outcome recomputed")
			assert.NotEmpty(t, g.LegalMoves())
			_, pending := g.DrawOffer()
			assert.False(t, pending, "an offer pending after Undo")
			assert.ErrorIs(t, g.AcceptDraw(dsq.Red), dsq.ErrNoDrawOffer)
			assert.ErrorIs(t, g.AcceptDraw(dsq.Blue), dsq.ErrNoDrawOffer)
			assert.True(t, ended.IsOver(), "a copy of the ended game is still over")

			// The same step ends the game again.
			if c.end != nil {
				if c.name == "agreed draw" {
					require.NoError(t, g.OfferDraw(dsq.Blue))
				}
				require.NoError(t, c.end(g))
			} else {
				last := ended.Moves()[len(ended.Moves())-1]
				require.NoError(t, g.Play(last))
			}
			assert.Equal(t, ended.Outcome(), g.Outcome())
		})
	}
}

// TestGameUndoOfAnEndedGameLeavesCopiesAlone: copies of a finished game,
// each on a goroutine of its own, take the winning move back and play
// others, while the original stays finished and unchanged.
func TestGameUndoOfAnEndedGameLeavesCopiesAlone(t *testing.T) {
	a := gameOn(t, "7/7/3L3/7/7/7/7/7/e6 r 0 1", dsq.Standard, "d7d8", "a1a2", "d8d9")
	want := [3]any{a.Position(), a.Moves(), a.Outcome()}
	replies := []string{"d8c8", "d8e8", "d8d7", "d8c8"}
	results := make([]dsq.Game, len(replies))
	var wg sync.WaitGroup
	for i, reply := range replies {
		b := *a
		wg.Add(1)
		go func() {
			defer wg.Done()
			m, err := dsq.ParseMove(reply)
			if err == nil && b.Undo() == nil && b.Play(m) == nil {
				results[i] = b
			}
		}()
	}
	wg.Wait()
	assert.Equal(t, want, [3]any{a.Position(), a.Moves(), a.Outcome()})
	for i, b := range results {
		require.Len(t, b.Moves(), 3, "copy %d", i)
		assert.False(t, b.IsOver(), "copy %d", i)
		assert.Equal(t, a.Moves()[:2], b.Moves()[:2], "copy %d", i)
		assert.Equal(t, replies[i], b.Moves()[2].String(), "copy %d", i)
	}
}

// TestGameUndoWithNothingToTakeBack: a game with no move and no ending has
// nothing to undo, and Undo changes nothing.
func TestGameUndoWithNothingToTakeBack(t *testing.T) {
	g := dsq.NewGame()
	require.NoError(t, g.OfferDraw(dsq.Red))
	assert.ErrorIs(t, g.Undo(), dsq.ErrNothingToUndo)
	c, ok := g.DrawOffer()
	assert.True(t, ok, "a refused Undo withdraws nothing")
	assert.Equal(t, dsq.Red, c)
}

// TestGameOfferLapsesWhenAMoveEndsTheGame: an offer pending when the
// offerer's own move ends the game lapses, so the finished game's JSON
// record reads back.
func TestGameOfferLapsesWhenAMoveEndsTheGame(t *testing.T) {
	g := gameOn(t, "7/3D3/7/7/7/7/7/7/l6 r 0 1", dsq.Standard)
	require.NoError(t, g.OfferDraw(dsq.Red))
	playAll(t, g, "d8d9")
	_, pending := g.DrawOffer()
	assert.False(t, pending)
	data, err := json.Marshal(g)
	require.NoError(t, err)
	back, err := dsq.ParseRecordJSON(data)
	require.NoError(t, err)
	assert.Equal(t, g.Outcome(), back.Outcome())
}

// TestGameForfeit: a loss on time or by abandonment ends the game for the
// other side; other reasons, a finished game and a colour that is not a
// side are refused, changing nothing.
func TestGameForfeit(t *testing.T) {
	for _, c := range []struct {
		loser  dsq.Color
		reason dsq.Reason
		want   string
	}{
		{dsq.Red, dsq.TimeForfeit, "blue wins: time forfeit"},
		{dsq.Blue, dsq.Abandoned, "red wins: abandonment"},
	} {
		g := gameOn(t, dsq.StartNotation, dsq.Standard, "a3a4")
		require.NoError(t, g.OfferDraw(dsq.Blue))
		require.NoError(t, g.Forfeit(c.loser, c.reason))
		assert.Equal(t, dsq.Outcome{Reason: c.reason, Winner: c.loser.Other()}, g.Outcome())
		assert.Equal(t, c.want, g.Outcome().String())
		assert.False(t, g.Outcome().IsDraw())
		assert.Empty(t, g.LegalMoves())
		_, pending := g.DrawOffer()
		assert.False(t, pending, "the offer lapses with the game")
		assert.Contains(t, g.Record(), `[Result "`+c.want+`"]`)
		assert.ErrorIs(t, g.Forfeit(c.loser.Other(), c.reason), dsq.ErrGameOver)
		assert.ErrorIs(t, g.Resign(c.loser.Other()), dsq.ErrGameOver)
	}

	g := gameOn(t, dsq.StartNotation, dsq.Standard, "a3a4")
	for _, r := range []dsq.Reason{dsq.Undecided, dsq.DenEntered, dsq.NoPieces, dsq.NoLegalMove, dsq.MoveLimit,
		dsq.Resigned, dsq.DrawAgreed, dsq.Repetition, dsq.Abandoned + 1, 255} {
		assert.ErrorIs(t, g.Forfeit(dsq.Red, r), dsq.ErrNotForfeit, "%v", r)
	}
	assert.ErrorIs(t, g.Forfeit(dsq.NoColor, dsq.TimeForfeit), dsq.ErrBadColor)
	assert.False(t, g.IsOver())
	over := gameOn(t, "7/3D3/7/7/7/7/7/7/l6 r 0 1", dsq.Standard, "d8d9")
	assert.ErrorIs(t, over.Forfeit(dsq.Blue, dsq.TimeForfeit), dsq.ErrGameOver)
	assert.Equal(t, dsq.DenEntered, over.Outcome().Reason)
}

// TestForfeitReasonsRoundTrip: the new reasons and their outcomes read back
// from their text and JSON forms.
func TestForfeitReasonsRoundTrip(t *testing.T) {
	for _, o := range []dsq.Outcome{
		{Reason: dsq.TimeForfeit, Winner: dsq.Red},
		{Reason: dsq.Abandoned, Winner: dsq.Blue},
	} {
		text, err := o.Reason.MarshalText()
		require.NoError(t, err)
		var r dsq.Reason
		require.NoError(t, r.UnmarshalText(text))
		assert.Equal(t, o.Reason, r)

		parsed, err := dsq.ParseOutcome(o.String())
		require.NoError(t, err)
		assert.Equal(t, o, parsed)

		data, err := json.Marshal(o)
		require.NoError(t, err)
		var back dsq.Outcome
		require.NoError(t, json.Unmarshal(data, &back))
		assert.Equal(t, o, back, "%s", data)
	}
}

// TestGamePositionAfterALongGame: every position of a long game is found
// again by PositionAfter, the start by Start, in a game and in a copy that
// took moves back and went another way.
func TestGamePositionAfterALongGame(t *testing.T) {
	g := gameOn(t, "l6/7/7/7/7/7/7/7/L6 r 0 1", dsq.Rules{MoveLimit: dsq.NoMoveLimit})
	cycle := []string{"a1a2", "a9a8", "a2b2", "a8b8", "b2b1", "b8b9", "b1a1", "b9a9"}
	want := []dsq.Position{g.Position()}
	for i := range 1001 {
		playAll(t, g, cycle[i%len(cycle)])
		want = append(want, g.Position())
	}
	branch := *g
	for range 300 {
		require.NoError(t, branch.Undo())
	}
	playAll(t, &branch, "b8c8")
	for i, p := range want {
		got, ok := g.PositionAfter(i)
		require.True(t, ok, i)
		require.Equal(t, p, got, "position after %d moves", i)
		if i <= len(want)-300-1 {
			got, ok = branch.PositionAfter(i)
			require.True(t, ok, i)
			require.Equal(t, p, got, "the branch's position after %d moves", i)
		}
	}
	_, ok := g.PositionAfter(len(want))
	assert.False(t, ok)
	assert.Equal(t, want[0], g.Start())
	assert.Equal(t, want[0], branch.Start())
	assert.Len(t, branch.Moves(), len(want)-300)
}
