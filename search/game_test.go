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
