package doushouqi_test

// Tests that kill hand-made mutants of game.go (lab/mutation/handmade):
// each names the mutants it was written for.

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
)

// TestMutantGameRepetitionAtTheMoveLimit: when the move that repeats a
// position for the third time also reaches the move limit, the rules' own
// outcome (the move-limit draw) stands, as Play's doc and the rules say a
// repetition is checked only in a position the rules do not decide. Kills:
// Play's Threefold test with !next.Outcome().IsDecided() dropped.
func TestMutantGameRepetitionAtTheMoveLimit(t *testing.T) {
	shuffle := []string{"a1a2", "a9a8", "a2a1", "a8a9", "a1a2", "a9a8", "a2a1", "a8a9"}
	start, err := dsq.ParsePosition("l6/7/7/7/7/7/7/7/L6 r 0 1")
	require.NoError(t, err)
	g, err := dsq.NewGameRules(start, dsq.Rules{Threefold: true, MoveLimit: len(shuffle)})
	require.NoError(t, err)
	for _, m := range shuffle {
		_, err := g.PlayText(m)
		require.NoError(t, err, m)
	}
	assert.Equal(t, dsq.Outcome{Reason: dsq.MoveLimit, Winner: dsq.NoColor}, g.Outcome())
	assert.Equal(t, g.Position().Outcome(), g.Outcome())
}

// TestMutantGameOfferEndsWithTheGame: a pending draw offer is gone once the
// game ends by resignation or by the offer's acceptance, and once a move is
// taken back. Kills: the deletion of g.pending = false in Resign, AcceptDraw
// and Undo.
func TestMutantGameOfferEndsWithTheGame(t *testing.T) {
	pending := func(g *dsq.Game) bool {
		_, ok := g.DrawOffer()
		return ok
	}
	resigned := dsq.NewGame()
	require.NoError(t, resigned.OfferDraw(dsq.Red))
	require.NoError(t, resigned.Resign(dsq.Blue))
	assert.False(t, pending(resigned), "an offer pending after a resignation")

	agreed := dsq.NewGame()
	require.NoError(t, agreed.OfferDraw(dsq.Red))
	require.NoError(t, agreed.AcceptDraw(dsq.Blue))
	assert.False(t, pending(agreed), "an offer pending after it was accepted")

	undone := dsq.NewGame()
	_, err := undone.PlayText("a3a4")
	require.NoError(t, err)
	require.NoError(t, undone.OfferDraw(dsq.Blue))
	require.NoError(t, undone.Undo())
	assert.False(t, pending(undone), "an offer pending after Undo")
	assert.ErrorIs(t, undone.AcceptDraw(dsq.Red), dsq.ErrNoDrawOffer)
}

// TestMutantGameColourJustPastBlue refuses the first value past Blue, not
// only far ones. Kills: checkOpen's c > Blue moved to c > Blue+1.
func TestMutantGameColourJustPastBlue(t *testing.T) {
	g := dsq.NewGame()
	bad := dsq.Blue + 1
	assert.ErrorIs(t, g.Resign(bad), dsq.ErrBadColor)
	assert.ErrorIs(t, g.OfferDraw(bad), dsq.ErrBadColor)
	assert.ErrorIs(t, g.AcceptDraw(bad), dsq.ErrBadColor)
	assert.ErrorIs(t, g.DeclineDraw(bad), dsq.ErrBadColor)
	assert.False(t, g.IsOver())
	_, ok := g.DrawOffer()
	assert.False(t, ok)
	// Blue itself is a colour.
	require.NoError(t, g.OfferDraw(dsq.Blue))
	require.NoError(t, g.DeclineDraw(dsq.Red))
}

// TestMutantGameNoMovesOnceEnded: a game ended by resignation or agreement,
// whose position the rules do not decide, offers no legal move or target.
// Kills: the deletion of Game.LegalMoves's and Game.LegalTargets's return
// for an ended game (they would give the position's moves).
func TestMutantGameNoMovesOnceEnded(t *testing.T) {
	resigned := dsq.NewGame()
	require.NoError(t, resigned.Resign(dsq.Red))
	agreed := dsq.NewGame()
	require.NoError(t, agreed.OfferDraw(dsq.Red))
	require.NoError(t, agreed.AcceptDraw(dsq.Blue))
	for name, g := range map[string]*dsq.Game{"resigned": resigned, "agreed": agreed} {
		require.False(t, g.Position().Outcome().IsDecided(), name)
		assert.Empty(t, g.LegalMoves(), name)
		assert.Zero(t, g.LegalTargets(dsq.A3), name)
		assert.Zero(t, g.LegalTargets(dsq.G3), name)
		m, err := dsq.ParseMove("a3a4")
		require.NoError(t, err)
		assert.False(t, g.IsLegal(m), name)
	}
}

// TestMutantGameRepetitionNeedsTheSameSide: a board seen with the other side
// to move is another position. A lion's vertical river jump crosses four
// ranks, so its cycle (the jump, then six steps round the river) has seven
// moves, and Red's seventh brings back the start's board with Blue to move.
// Kills: occurrences reduced to q.board == p.board (the start would count as
// the third occurrence at the 17th half-move).
func TestMutantGameRepetitionNeedsTheSameSide(t *testing.T) {
	start, err := dsq.ParsePosition("6l/7/7/7/7/7/1L5/7/7 r 0 1")
	require.NoError(t, err)
	g, err := dsq.NewGameRules(start, dsq.Rules{Threefold: true})
	require.NoError(t, err)
	play := func(moves ...string) {
		t.Helper()
		for _, m := range moves {
			_, err := g.PlayText(m)
			require.NoError(t, err, m)
		}
	}
	play("b3b7", "g9g8", "b7a7", "g8g9", "a7a6", "g9g8", "a6a5", "g8g9", "a5a4", "g9g8", "a4a3", "g8g9", "a3b3")
	require.Equal(t, start.Setup().Board, g.Position().Setup().Board, "the start's board, Blue to move")
	play("g9g8", "b3a3", "g8g9", "a3b3") // the same again: twice with Blue to move
	assert.False(t, g.IsOver(), "twice with Blue to move, once with Red: no repetition")
	play("g9g8", "b3c3", "g8g9", "c3b3") // by c3: no other position a third time
	assert.Equal(t, dsq.Outcome{Reason: dsq.Repetition, Winner: dsq.NoColor}, g.Outcome(), "three times with Blue to move")
}

// TestMutantGamePlayCopiesNoBlockAlone: a game that plays on alone (no
// copy) copies nothing, as Game's doc promises (Play costs O(1) amortised):
// from a started game, each of 48 moves allocates nothing but the block it
// starts at each 16th position. Kills: the deletion of any store to a
// block's or a spine's used counter (start's, newSpine's, push's) or a bound
// moved in push (b.used.Load() <= int32(k)-1, j < len(sp.blocks)-1): each
// makes a later move find its entry taken, and copy a block or the spine.
func TestMutantGamePlayCopiesNoBlockAlone(t *testing.T) {
	var moves []string
	for range 12 {
		moves = append(moves, "a3a4", "a7a6", "a4a3", "a6a7")
	}
	play := func(n int) float64 {
		return testing.AllocsPerRun(10, func() {
			gameAfter(moves[:n])
		})
	}
	prev := play(0)
	for n := 1; n <= len(moves); n++ {
		allocs := play(n)
		assert.Equal(t, 1.0, allocs-prev, "allocations of move %d: its history entry alone", n)
		prev = allocs
	}
}

// TestMutantGameFromADamagedPosition refuses positions that an illegal move
// made unchecked has damaged, each with its own error: a wolf moved into
// the water (the setup is invalid: ErrWater), and a move from an empty
// square (the setup is valid, the position does not match it:
// ErrNotAPosition). Kills: the deletion of NewGameRules's returns for an
// invalid setup (the error became ErrNotAPosition) and for an inconsistent
// position (the game was made).
func TestMutantGameFromADamagedPosition(t *testing.T) {
	for move, want := range map[string]error{"c3c4": dsq.ErrWater, "d4d5": dsq.ErrNotAPosition} {
		pos := dsq.StartPosition()
		m, err := dsq.ParseMove(move)
		require.NoError(t, err)
		pos.MakeMove(m)
		g, err := dsq.NewGameFrom(pos)
		assert.Nil(t, g, move)
		assert.ErrorIs(t, err, want, move)
	}
}

// TestMutantGameCloneCopiesNothingLater: after c := g.Clone(), g and c
// each play on without allocating, as Clone's doc promises (the copy has a
// spine and a last block of its own), on a game just started as on one five
// moves in. Kills: Clone's g.n > 0 moved up (a game just started was
// cloned as a plain copy, and the second to play copied the block), and the
// deletion of own.used.Store(int32(k)) (the clone's block looked full, and
// its first move copied it).
func TestMutantGameCloneCopiesNothingLater(t *testing.T) {
	moves := []string{"a3a4", "a7a6", "a4a3", "a6a7", "a3a4", "a7a6"}
	for _, n := range []int{0, 5} {
		setup := func() (*dsq.Game, *dsq.Game) {
			g := gameAfter(moves[:n])
			return g, g.Clone()
		}
		before := testing.AllocsPerRun(10, func() { setup() })
		after := testing.AllocsPerRun(10, func() {
			g, c := setup()
			for _, x := range []*dsq.Game{g, c} {
				if _, err := x.PlayText(moves[n]); err != nil {
					panic(err)
				}
			}
		})
		assert.Equal(t, 2.0, after-before, "allocations of a move on each (its history entry), after %d moves", n)
	}
}

// TestMutantGameWithoutMovesHasNilMoves: a game without moves (the zero
// Game, a game just started, a game whose only move was taken back) has no
// moves, nil, the same answer in each. Kills: Moves's g.n <= 1 moved down
// (a started game answered an empty slice, the zero Game nil).
func TestMutantGameWithoutMovesHasNilMoves(t *testing.T) {
	var zero dsq.Game
	started, err := dsq.NewGameFrom(dsq.StartPosition())
	require.NoError(t, err)
	undone := dsq.NewGame()
	_, err = undone.PlayText("a3a4")
	require.NoError(t, err)
	require.NoError(t, undone.Undo())
	for name, g := range map[string]*dsq.Game{"zero": &zero, "started": started, "undone": undone} {
		assert.Nil(t, g.Moves(), name)
	}
}

// TestMutantGamePositionAfterNoMoves: PositionAfter(0) of a game started
// from a position of its own, before and after a move, is that position.
// Kills: PositionAfter's n == 0 && g.n == 0 reduced to n == 0 (it answered
// the standard start position).
func TestMutantGamePositionAfterNoMoves(t *testing.T) {
	start, err := dsq.ParsePosition("l6/7/7/7/7/7/7/7/L6 r 0 1")
	require.NoError(t, err)
	g, err := dsq.NewGameFrom(start)
	require.NoError(t, err)
	for _, m := range []string{"a1a2", ""} {
		pos, ok := g.PositionAfter(0)
		assert.True(t, ok)
		assert.Equal(t, start, pos)
		if m != "" {
			_, err := g.PlayText(m)
			require.NoError(t, err)
		}
	}
}

// gameAfter is a game from the start with moves played; it panics on a
// refused move (it runs inside testing.AllocsPerRun, where t is not at hand).
func gameAfter(moves []string) *dsq.Game {
	g, err := dsq.NewGameFrom(dsq.StartPosition())
	if err != nil {
		panic(err)
	}
	for _, m := range moves {
		if _, err := g.PlayText(m); err != nil {
			panic(err)
		}
	}
	return g
}
