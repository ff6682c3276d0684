package search

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
)

// captureFreeGame returns a game under no-move-limit,threefold of n
// half-moves without a capture from the start position: a seeded random
// walk that keeps each side's pieces on its own half of the board (so
// that the last position is a quiet one, like an opening) and never plays
// a position a third time.
func captureFreeGame(tb testing.TB, n int) *dsq.Game {
	tb.Helper()
	rules, err := dsq.ParseRules("no-move-limit,threefold")
	require.NoError(tb, err)
	g, err := dsq.NewGameRules(dsq.StartPosition(), rules)
	require.NoError(tb, err)
	rng := rand.New(rand.NewPCG(uint64(n), 43))
	for range n {
		moves := g.LegalMoves()
		rng.Shuffle(len(moves), func(i, j int) { moves[i], moves[j] = moves[j], moves[i] })
		played := false
		for _, m := range moves {
			if mine := g.Position().SideToMove() == dsq.Red; mine != (m.To().Rank() <= 3) {
				continue
			}
			c := *g
			if c.Play(m) != nil || c.IsOver() || c.Repetitions() > 2 || c.Position().NoCaptureHalfMoves() == 0 {
				continue
			}
			*g = c
			played = true
			break
		}
		require.True(tb, played, "no capture-free move left")
	}
	return g
}

// BenchmarkSearchGameHistory searches to a fixed depth the last position of
// a capture-free game under threefold, with the game's 10,000 half-moves
// behind it and without (the position alone, as a game just begun): the
// times are alike, as repetition looks the game up rather than walking it.
func BenchmarkSearchGameHistory(b *testing.B) {
	long := captureFreeGame(b, 10_000)
	alone, err := dsq.NewGameRules(long.Position(), long.Rules())
	require.NoError(b, err)
	for _, tc := range []struct {
		name string
		g    *dsq.Game
	}{{"history=0", alone}, {"history=10000", long}} {
		b.Run(tc.name, func(b *testing.B) {
			e := NewEngine(1)
			var nodes uint64
			b.ReportAllocs()
			for b.Loop() {
				e.NewGame()
				r, err := e.SearchGame(context.Background(), tc.g, Options{Depth: 8})
				if err != nil {
					b.Fatal(err)
				}
				nodes += r.Nodes
			}
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}

// TestRepetitionLooksUpTheGame: along random lines below the root of a
// capture-free game of 600 half-moves, repetition answers the same from
// the counts loadGame makes as from walking the whole stack.
func TestRepetitionLooksUpTheGame(t *testing.T) {
	g := captureFreeGame(t, 600)
	rng := rand.New(rand.NewPCG(3, 4))
	looked, walked := newWorker(newTable(1)), newWorker(newTable(1))
	looked.loadGame(g)
	walked.loadGame(g)
	walked.counted = false
	require.True(t, looked.counted)
	root := len(looked.stack) // the game since its last capture
	draws, seens := 0, 0
	for line := range 200 {
		pos := g.Position()
		for _, w := range []*worker{looked, walked} {
			w.stack = w.stack[:root]
			w.rootIndex = root - 1
		}
		for ply := range 12 {
			moves := pos.LegalMoves()
			if len(moves) == 0 {
				break
			}
			pos.MakeMove(moves[rng.IntN(len(moves))])
			for _, w := range []*worker{looked, walked} {
				w.stack = append(w.stack, pos.Hash())
			}
			draw, seen := looked.repetition(&pos)
			wantDraw, wantSeen := walked.repetition(&pos)
			require.Equal(t, fmt.Sprint(wantDraw, wantSeen), fmt.Sprint(draw, seen), "line %d, ply %d", line, ply)
			if draw {
				draws++
			}
			if seen {
				seens++
			}
		}
	}
	assert.Positive(t, draws)
	assert.Greater(t, seens, draws)
}

// BenchmarkSearchGameHistoryDepth is the depth a search of 300 ms reaches
// from the same position as BenchmarkSearchGameHistory, with the game's
// 10,000 half-moves behind it and without: alike. Run it with -benchtime 1x
// on an idle machine.
func BenchmarkSearchGameHistoryDepth(b *testing.B) {
	long := captureFreeGame(b, 10_000)
	alone, err := dsq.NewGameRules(long.Position(), long.Rules())
	require.NoError(b, err)
	for _, tc := range []struct {
		name string
		g    *dsq.Game
	}{{"history=0", alone}, {"history=10000", long}} {
		b.Run(tc.name, func(b *testing.B) {
			e := NewEngine(16)
			depths, searches := 0, 0
			for b.Loop() {
				e.NewGame()
				r, err := e.SearchGame(context.Background(), tc.g, Options{Time: 300 * time.Millisecond})
				if err != nil {
					b.Fatal(err)
				}
				depths += r.Depth
				searches++
			}
			b.ReportMetric(float64(depths)/float64(searches), "depth")
		})
	}
}
