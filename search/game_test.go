package search

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
)

// shuffleGame starts a game from start (Blue to move) under rules and plays
// moves, given as text.
func shuffleGame(t *testing.T, start string, rules dsq.Rules, moves ...string) *dsq.Game {
	t.Helper()
	g, err := dsq.NewGameRules(mustPos(t, start), rules)
	require.NoError(t, err)
	for _, s := range moves {
		m, err := dsq.ParseMove(s)
		require.NoError(t, err)
		require.NoError(t, g.Play(m), s)
	}
	return g
}

var publicRules = dsq.Rules{TrappedCapture: true, MoveLimit: 200, Threefold: true}

// Blue's tiger and Red's rat shuffle: after these seven moves Red's a2a1
// makes the start position's third occurrence.
var shuffle = []string{"g9g8", "a1a2", "g8g9", "a2a1", "g9g8", "a1a2", "g8g9"}

func TestTakesDrawingRepetitionWhenLosing(t *testing.T) {
	// Red has a rat against a lion, a tiger and an elephant.
	const start = "l5t/7/6e/7/7/7/7/7/R6 b 0 1"
	for _, rules := range []dsq.Rules{{Threefold: true}, publicRules} {
		t.Run(rules.String(), func(t *testing.T) {
			g := shuffleGame(t, start, rules, shuffle...)
			r, err := NewEngine(4).SearchGame(context.Background(), g, Options{Depth: 5})
			require.NoError(t, err)
			assert.Equal(t, "a2a1", r.Move.String())
			assert.Equal(t, 0, r.Score)
			require.NoError(t, g.Play(r.Move))
			assert.Equal(t, dsq.Repetition, g.Outcome().Reason)
		})
	}
	// Without Threefold the same move is no draw: Red is simply lost on
	// material.
	g := shuffleGame(t, start, dsq.Standard, shuffle...)
	r, err := NewEngine(4).SearchGame(context.Background(), g, Options{Depth: 5})
	require.NoError(t, err)
	assert.Less(t, r.Score, -1000)
}

func TestAvoidsRepetitionWhenWinning(t *testing.T) {
	// Red's lion, tiger and elephant against Blue's rat; the lion and the
	// rat shuffle, and g2g1 would draw by the third occurrence.
	const start = "r6/7/7/7/7/7/E6/6L/T6 b 0 1"
	moves := []string{"a9a8", "g2g1", "a8a9", "g1g2", "a9a8", "g2g1", "a8a9"}
	for _, rules := range []dsq.Rules{{Threefold: true}, publicRules} {
		t.Run(rules.String(), func(t *testing.T) {
			g := shuffleGame(t, start, rules, moves...)
			r, err := NewEngine(4).SearchGame(context.Background(), g, Options{Depth: 5})
			require.NoError(t, err)
			assert.NotEqual(t, "g1g2", r.Move.String())
			assert.Greater(t, r.Score, 1000)
			// The move it avoided does draw.
			m, _ := dsq.ParseMove("g1g2")
			require.NoError(t, g.Play(m))
			assert.Equal(t, dsq.Repetition, g.Outcome().Reason)
		})
	}
}

func TestSeesMoveLimitDraw(t *testing.T) {
	// Red is a lion and a tiger up, but two plies before the 60-move limit
	// nothing can be captured: a draw. Under a 200 limit it is a win.
	g := shuffleGame(t, "r6/7/7/7/7/7/E6/7/T5L r 58 40", dsq.Standard)
	r, err := NewEngine(4).SearchGame(context.Background(), g, Options{Depth: 6})
	require.NoError(t, err)
	assert.Equal(t, 0, r.Score)
	g = shuffleGame(t, "r6/7/7/7/7/7/E6/7/T5L r 58 40", publicRules)
	r, err = NewEngine(4).SearchGame(context.Background(), g, Options{Depth: 6})
	require.NoError(t, err)
	assert.Greater(t, r.Score, 1000)
	// The losing side, one ply before the limit, may play anything that
	// does not lose at once: every move draws.
	g = shuffleGame(t, "l5t/7/6e/7/7/7/7/7/R6 r 59 40", dsq.Standard)
	r, err = NewEngine(4).SearchGame(context.Background(), g, Options{Depth: 6})
	require.NoError(t, err)
	assert.Equal(t, 0, r.Score)
}

func TestSearchGameOver(t *testing.T) {
	g := shuffleGame(t, "l5t/7/6e/7/7/7/7/7/R6 b 0 1", dsq.Rules{Threefold: true}, append(shuffle, "a2a1")...)
	require.True(t, g.IsOver())
	_, err := NewEngine(1).SearchGame(context.Background(), g, Options{Depth: 3})
	assert.ErrorIs(t, err, ErrNoMove)
}

// TestTableCutoffAtARepeatedPosition: a position already seen in the game
// is searched, not cut off by its table entry, since the entry may come
// from a search that did not know the history: here Red, at a position
// seen once before, can draw by repeating a position a third time, though
// the table, filled from the same position without a history, says Red is
// lost.
func TestTableCutoffAtARepeatedPosition(t *testing.T) {
	// Blue's elephant and Red's lion shuffle: e2f2 f1e1 f2e2 e1f1 twice
	// round; f2e2 then reaches its position a second time, and Red's e1f1
	// the start a third.
	const start = "7/l2c2t/1d1p3/3wR2/7/2rW3/1TEP3/2C1e2/5L1 b 15 23"
	g := shuffleGame(t, start, publicRules, "e2f2", "f1e1", "f2e2", "e1f1", "e2f2", "f1e1", "f2e2")
	seen := g.Position()
	e := NewEngine(16)
	// The table learns the position without its history: Red is lost.
	fresh, err := seen.WithRules(publicRules)
	require.NoError(t, err)
	r, err := e.Search(context.Background(), fresh, Options{Depth: 7})
	require.NoError(t, err)
	require.Less(t, r.Score, -200)

	// One move before, with the history: Blue's f2e2 lets Red repeat.
	g = shuffleGame(t, start, publicRules, "e2f2", "f1e1", "f2e2", "e1f1", "e2f2", "f1e1")
	w := e.workers[0]
	w.loadGame(g)
	pos := g.Position()
	w.begin(context.Background(), &pos, Options{})
	m, _ := dsq.ParseMove("f2e2")
	pos.MakeMove(m)
	w.stack = append(w.stack, pos.Hash())
	score := w.negamax(&pos, 5, 1, -Win-1, Win+1)
	assert.GreaterOrEqual(t, score, 0, "Red draws by e1f1")
}
