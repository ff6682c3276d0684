package review_test

import (
	"context"
	"testing"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/search"
	"github.com/doushouqi/doushouqi/site/review"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// testNodes keeps the tests quick; the positions are built so that this
// budget sees what they test.
const testNodes = 20_000

// play returns a game from start (notation; "" the standard start) after
// moves, resigned by resign if not over by then.
func play(t *testing.T, start string, resign dsq.Color, moves ...string) *dsq.Game {
	t.Helper()
	g := dsq.NewGame()
	if start != "" {
		pos, err := dsq.ParsePosition(start)
		require.NoError(t, err)
		g, err = dsq.NewGameFrom(pos)
		require.NoError(t, err)
	}
	for _, m := range moves {
		_, err := g.PlayText(m)
		require.NoError(t, err, m)
	}
	if !g.IsOver() {
		require.NoError(t, g.Resign(resign))
	}
	return g
}

func reviewOf(t *testing.T, g *dsq.Game) *review.Review {
	t.Helper()
	r, err := review.Game(context.Background(), search.NewEngine(1), g, review.Options{Nodes: testNodes})
	require.NoError(t, err)
	require.Len(t, r.Moves, len(g.Moves()))
	assert.Equal(t, uint64(testNodes), r.Nodes)
	return r
}

// TestHangingPiece: Red's elephant steps next to Blue's rat, which takes it
// (the elephant cannot take the rat): that move is marked, with a better
// one; the quiet opening moves before it are not.
func TestHangingPiece(t *testing.T) {
	g := play(t, "", dsq.Red, "a3a4", "a7a6", "a4a5")
	r := reviewOf(t, g)
	for i, m := range r.Moves[:2] {
		assert.False(t, m.Mark, "quiet move %d %s: %+v", i+1, m.Move, m)
		assert.Less(t, m.Loss, review.MarkLoss)
	}
	hang := r.Moves[2]
	assert.Equal(t, 3, hang.Ply)
	assert.Equal(t, "a4a5", hang.Move)
	assert.Equal(t, "red", hang.Color)
	assert.True(t, hang.Mark, "%+v", hang)
	assert.GreaterOrEqual(t, hang.Loss, review.MarkLoss)
	assert.NotEqual(t, "a4a5", hang.Best)
	assert.Equal(t, hang.BestEval-hang.Eval, hang.Loss, "Red's loss on Red's scale")
	assert.Less(t, hang.Eval, 0, "Blue is better once the elephant is lost")
	pos, _ := g.PositionAfter(2)
	best, err := dsq.ParseMove(hang.Best)
	require.NoError(t, err)
	assert.True(t, pos.IsLegal(best), "the better move is legal where the move was played")
}

// TestWinIntoDraw: Red can enter Blue's den at once, with one half-move
// left before the 60-move limit; the rat's step instead draws the game.
// The step is marked, the den entry given as the better move, and the
// evaluations are exact: a draw, and a win in 0.
func TestWinIntoDraw(t *testing.T) {
	g := play(t, "r6/3L3/7/7/7/7/7/7/R6 r 59 1", dsq.Red, "a1a2")
	require.Equal(t, dsq.MoveLimit, g.Outcome().Reason)
	r := reviewOf(t, g)
	m := r.Moves[0]
	assert.Equal(t, review.Move{Ply: 1, Move: "a1a2", Color: "red", Eval: 0,
		Best: "d8d9", BestEval: review.WinEval, Loss: review.WinEval, Mark: true}, m)
}

// TestWinningMove: the den entry itself ends the game: it is the best
// move, an exact win in 0 for Red, not marked.
func TestWinningMove(t *testing.T) {
	g := play(t, "r6/3L3/7/7/7/7/7/7/R6 r 59 1", dsq.Red, "d8d9")
	r := reviewOf(t, g)
	assert.Equal(t, review.Move{Ply: 1, Move: "d8d9", Color: "red", Eval: review.WinEval, Win: &review.Win{Color: "red"},
		Best: "d8d9", BestEval: review.WinEval}, r.Moves[0])
}

// TestBlueView: evaluations are Red's view whoever moves: Blue's elephant
// steps next to Red's rat, which takes it (the elephant cannot take the
// rat); Red's evaluation rises, and Blue's loss counts positive.
func TestBlueView(t *testing.T) {
	g := play(t, "", dsq.Blue, "a3a4", "g7g6", "g3g4", "g6g5")
	r := reviewOf(t, g)
	m := r.Moves[3]
	assert.Equal(t, "blue", m.Color)
	assert.True(t, m.Mark, "%+v", m)
	assert.Greater(t, m.Eval, 0, "Red is better after Blue's blunder")
	assert.Equal(t, m.Eval-m.BestEval, m.Loss, "Blue's loss is Red's gain")
}

func TestNotOver(t *testing.T) {
	_, err := review.New(dsq.NewGame(), review.Options{})
	assert.ErrorIs(t, err, review.ErrNotOver)
	_, err = review.New(nil, review.Options{})
	assert.ErrorIs(t, err, search.ErrNilGame)
}

// TestSteps: a review made a step at a time, with other searches between
// the steps on the same engine, is the one-call review: each step depends
// on its position and the budget alone.
func TestSteps(t *testing.T) {
	g := play(t, "", dsq.Red, "a3a4", "a7a6", "a4a5", "a6a5")
	want := reviewOf(t, g)
	r, err := review.New(g, review.Options{Nodes: testNodes})
	require.NoError(t, err)
	assert.Equal(t, 5, r.Steps())
	_, err = r.Result()
	assert.Error(t, err, "no result before the last step")
	e := search.NewEngine(1)
	for !r.Done() {
		_, err := e.Search(context.Background(), dsq.StartPosition(), search.Options{Depth: 3})
		require.NoError(t, err)
		e.NewGame()
		require.NoError(t, r.Step(context.Background(), e))
	}
	require.NoError(t, r.Step(context.Background(), e), "a step after the last does nothing")
	got, err := r.Result()
	require.NoError(t, err)
	assert.Equal(t, want, got)
}

func TestCancelled(t *testing.T) {
	g := play(t, "", dsq.Red, "a3a4")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := review.Game(ctx, search.NewEngine(1), g, review.Options{})
	assert.ErrorIs(t, err, context.Canceled)
}
