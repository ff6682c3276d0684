package search

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/internal/eval"
	"github.com/doushouqi/doushouqi/internal/longtest"
)

// failSoft is a fail-soft search whose true score is v: inside the window it
// returns v; outside, a bound on the far side of the window edge, which is
// the edge itself (bounds = 0) or halfway between the edge and v.
func failSoft(v, bounds int) func(alpha, beta int) int {
	return func(alpha, beta int) int {
		switch {
		case v <= alpha:
			return alpha - bounds*(alpha-v)/2
		case v >= beta:
			return beta + bounds*(v-beta)/2
		}
		return v
	}
}

// TestAspirationWindowsFindTheScore: whatever the previous score and however
// far the true score lies from it, the windows widen until they hold it, and
// the score that comes back is the true one, not a bound; a score equal to
// an edge of the window is a bound, never the answer.
func TestAspirationWindowsFindTheScore(t *testing.T) {
	move := dsq.NewMove(dsq.A3, dsq.A4)
	for _, prev := range []int{0, 35, -200, winBound} {
		for _, v := range []int{-Win, -winBound, -2000, -41, -40, -39, 0, 39, 40, 41, 800, winBound + 1, Win} {
			for bounds := range 2 {
				search := failSoft(v, bounds)
				calls := 0
				score, got := aspirationWindows(prev, func(alpha, beta int) (int, dsq.Move, bool) {
					calls++
					require.Less(t, alpha, beta)
					require.GreaterOrEqual(t, alpha, -Win-1)
					require.LessOrEqual(t, beta, Win+1)
					return search(alpha, beta), move, calls > 50
				})
				require.LessOrEqual(t, calls, 12, "prev %d, true score %d: the windows never held it", prev, v)
				assert.Equal(t, v, score, "prev %d, bounds %d", prev, bounds)
				assert.Equal(t, move, got)
			}
		}
	}
}

// TestAspirationWindowsStop: a search that stops is not searched again, and
// its score and move are returned as they are.
func TestAspirationWindowsStop(t *testing.T) {
	calls := 0
	score, move := aspirationWindows(0, func(alpha, beta int) (int, dsq.Move, bool) {
		calls++
		return alpha, dsq.NewMove(dsq.B2, dsq.B3), true
	})
	assert.Equal(t, 1, calls)
	assert.Equal(t, -40, score)
	assert.Equal(t, dsq.NewMove(dsq.B2, dsq.B3), move)
}

// TestBoundOf: a fail-soft best score at or below alpha is an upper bound,
// at or above beta a lower bound, and exact only strictly inside.
func TestBoundOf(t *testing.T) {
	alpha, beta := -10, 10
	for best, want := range map[int]uint8{
		-11: upper, -10: upper, -9: exact, 0: exact, 9: exact, 10: lower, 11: lower,
	} {
		assert.Equal(t, want, boundOf(best, alpha, beta), "best %d in (%d, %d)", best, alpha, beta)
	}
}

// TestTableCutoffAtTheWindowEdge: a stored lower bound equal to beta, or an
// upper bound equal to alpha, already decides the node: negamax returns it
// without searching a move (one node: the probe).
func TestTableCutoffAtTheWindowEdge(t *testing.T) {
	pos := dsq.StartPosition()
	for _, c := range []struct {
		bound              uint8
		score, alpha, beta int
	}{
		{lower, 30, 0, 30},
		{upper, 0, 0, 30},
		{lower, 31, 0, 30},
		{upper, -1, 0, 30},
	} {
		e := NewEngine(1)
		w := newWorker(e.tt)
		w.stack = append(w.stack, pos.Hash())
		w.begin(context.Background(), &pos, Options{Depth: 4})
		w.tt.store(w.key(&pos), entry{move: dsq.NewMove(dsq.A3, dsq.A4), score: int32(c.score), depth: 4, bound: c.bound})
		assert.Equal(t, c.score, w.negamax(&pos, 4, 2, c.alpha, c.beta), "%+v", c)
		assert.LessOrEqual(t, w.nodes, uint64(1), "%+v: searched although the table had settled it", c)
	}
}

// futilityNode searches pos at depth 2 with the null window just above
// its evaluation plus margin, as a node outside the principal variation
// one ply below the root, and returns the score and the nodes visited.
func futilityNode(t *testing.T, fen string, margin int, exact bool) (score int, nodes uint64) {
	t.Helper()
	pos, err := dsq.ParsePosition(fen)
	require.NoError(t, err)
	w := NewEngine(1).workers[0]
	w.exactDepth = exact
	w.stack = append(w.stack[:0], pos.Hash())
	w.begin(context.Background(), &pos, Options{})
	alpha := w.evaluate(&pos) + margin
	score = w.negamax(&pos, 2, 1, alpha, alpha+1)
	return score - alpha, w.nodes
}

// TestFutility: two plies from the leaves, outside the principal
// variation, a side far below alpha searches its first move and not its
// other quiet moves; but it still searches a quiet move next to the enemy
// den, which can win.
func TestFutility(t *testing.T) {
	// Red: dog a7, cat g2 (which can take the rat g3); Blue: elephant a3,
	// lion b3, tiger a2, rat g3. Red is far behind.
	const far = "7/7/D6/7/7/7/el4r/t5C/7 r 0 1"
	_, pruned := futilityNode(t, far, 2*futilityMargin, false)
	_, whole := futilityNode(t, far, 2*futilityMargin, true)
	assert.Less(t, pruned*3, whole, "nodes with futility pruning, and without")
	// Not futile when the margin could make up the gap: nothing pruned.
	_, near := futilityNode(t, far, 2*futilityMargin-1, false)
	assert.Equal(t, whole, near)

	// The dog on d7 instead: d7d8 steps next to Blue's den, which no
	// Blue piece can reach; the den is entered the move after.
	score, _ := futilityNode(t, "7/7/3D3/7/7/7/el4r/t5C/7 r 0 1", 2*futilityMargin, false)
	assert.Positive(t, score, "d7d8 is searched and wins")
}

// minimax is a plain fixed-depth negamax with alpha-beta, no table and no
// move ordering, scoring leaves with the quiescence search defined as the
// engine's (quiesceRef): the reference the engine's scores are compared
// with.
func minimax(pos *dsq.Position, depth, ply, alpha, beta int) int {
	moves := pos.LegalMoves()
	if len(moves) == 0 {
		return terminal(pos.Outcome(), pos.SideToMove(), ply)
	}
	if depth == 0 {
		return quiesceRef(pos, ply, alpha, beta)
	}
	best := -Win - 1
	for _, m := range moves {
		u := pos.MakeMove(m)
		s := -minimax(pos, depth-1, ply+1, -beta, -alpha)
		pos.UnmakeMove(m, u)
		best = max(best, s)
		alpha = max(alpha, s)
		if alpha >= beta {
			break
		}
	}
	return best
}

// evaluateRef is the evaluation faded as the move-limit draw nears: times
// (left+60)/(reach+60), left the half-moves to the draw and reach the
// smaller of the limit and 128 (the deepest ply), once left is within reach.
func evaluateRef(pos *dsq.Position) int {
	v := eval.Evaluate(pos)
	limit := pos.Rules().MoveLimit
	switch limit {
	case dsq.NoMoveLimit:
		return v
	case 0:
		limit = 60
	}
	left := limit - pos.NoCaptureHalfMoves()
	if left > 128 {
		return v
	}
	return v * (left + 60) / (min(limit, 128) + 60)
}

// quiesceRef is the value the quiescence search defines: when an enemy
// piece stands next to the den of the side to move, the best of all moves;
// otherwise the best of the evaluation and of the captures and den entries.
func quiesceRef(pos *dsq.Position, ply, alpha, beta int) int {
	moves := pos.LegalMoves()
	if len(moves) == 0 {
		return terminal(pos.Outcome(), pos.SideToMove(), ply)
	}
	us := pos.SideToMove()
	for _, m := range moves {
		if dsq.DenOf(us.Other()).Has(m.To()) {
			return Win - ply - 1 // nothing scores more than entering the den now
		}
	}
	den := dsq.DenOf(us).First()
	threatened := false
	for _, d := range [][2]int{{-1, 0}, {1, 0}, {0, 1}, {0, -1}} {
		sq := dsq.SquareAt(den.File()+d[0], den.Rank()+d[1])
		if pc := pos.PieceAt(sq); pc != dsq.NoPiece && pc.Color() != us {
			threatened = true
		}
	}
	best := -Win - 1
	if !threatened {
		best = evaluateRef(pos)
		if best >= beta || ply >= maxPly {
			return best
		}
		alpha = max(alpha, best)
	}
	for _, m := range moves {
		tactical := pos.PieceAt(m.To()) != dsq.NoPiece || dsq.DenOf(us.Other()).Has(m.To())
		if !threatened && !tactical {
			continue
		}
		u := pos.MakeMove(m)
		s := -quiesceRef(pos, ply+1, -beta, -alpha)
		pos.UnmakeMove(m, u)
		best = max(best, s)
		alpha = max(alpha, s)
		if alpha >= beta {
			break
		}
	}
	return best
}

// randomPositions plays random games from the start and returns positions
// along them, some moved next to the move limit.
func randomPositions(t *testing.T, n int, seed uint64) []dsq.Position {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 3))
	var list []dsq.Position
	for len(list) < n {
		pos := dsq.StartPosition()
		plies := rng.IntN(80)
		for range plies {
			moves := pos.LegalMoves()
			if len(moves) == 0 {
				break
			}
			pos.MakeMove(moves[rng.IntN(len(moves))])
		}
		if pos.Outcome().IsDecided() {
			continue
		}
		if len(list)%3 == 0 { // within a few plies of the 60-move draw
			s := pos.Setup()
			s.NoCaptureHalfMoves = dsq.DrawHalfMoves - 1 - rng.IntN(5)
			var err error
			pos, err = dsq.NewPosition(s)
			require.NoError(t, err)
		}
		list = append(list, pos)
	}
	return list
}

// TestScoresMatchMinimax: at a fixed depth, with table cutoffs only at the
// depth asked, the engine's score is the minimax score, on positions of
// every phase and next to the move limit. A table that stores its bounds
// the wrong way round, or keys positions without their no-capture count,
// fails here.
func TestScoresMatchMinimax(t *testing.T) {
	n, depth := 120, 4
	if !longtest.Enabled() {
		n = 30
	}
	e := NewEngine(4)
	e.workers[0].exactDepth = true
	for i, pos := range randomPositions(t, n, 1) {
		want := minimax(&pos, depth, 0, -Win-1, Win+1)
		// One engine for all positions, its table kept: entries of earlier
		// searches must not leak into later ones.
		r, err := e.Search(context.Background(), pos, Options{Depth: depth})
		require.NoError(t, err)
		require.Equal(t, want, r.Score, "position %d: %v", i, pos)
		child := pos
		child.MakeMove(r.Move)
		require.Equal(t, want, -minimax(&child, depth-1, 1, -Win-1, Win+1), "position %d: %v: move %v does not reach the score", i, pos, r.Move)
	}
}

// TestScoresMatchMinimaxAlongGames walks random games and searches each
// position one ply shallower than the one before, with one engine: every
// search then meets the previous search's entries at exactly the depth it
// asks, under other windows, so a table entry used the wrong way changes
// a score.
func TestScoresMatchMinimaxAlongGames(t *testing.T) {
	games := 20
	if longtest.Enabled() {
		games = 40 // fewer leave a swapped bound unseen
	}
	rng := rand.New(rand.NewPCG(2, 5))
	e := NewEngine(4)
	e.workers[0].exactDepth = true
	for game := range games {
		pos := dsq.StartPosition()
		for range rng.IntN(30) {
			moves := pos.LegalMoves()
			if len(moves) == 0 {
				break
			}
			pos.MakeMove(moves[rng.IntN(len(moves))])
		}
		for depth := 5; depth >= 1 && !pos.Outcome().IsDecided(); depth-- {
			want := minimax(&pos, depth, 0, -Win-1, Win+1)
			r, err := e.Search(context.Background(), pos, Options{Depth: depth})
			require.NoError(t, err)
			require.Equal(t, want, r.Score, "game %d, depth %d: %v", game, depth, pos)
			// Play a move the engine does not prefer, so that the next
			// search's windows differ from this one's.
			moves := pos.LegalMoves()
			pos.MakeMove(moves[rng.IntN(len(moves))])
		}
	}
}

// TestWindowsKeepTheirPromise searches positions again and again with one
// engine and table, at a fixed depth in random windows (alpha, beta) around
// the minimax value v, and checks what a fail-soft search promises: a
// result r <= alpha means v <= r, r >= beta means v >= r, and in between r
// is v. Table entries stored or read with the wrong bound break it.
func TestWindowsKeepTheirPromise(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	e := NewEngine(1)
	e.workers[0].exactDepth = true
	for i, pos := range randomPositions(t, 40, 3) {
		for depth := 1; depth <= 4; depth++ {
			v := minimax(&pos, depth, 0, -Win-1, Win+1)
			for range 12 {
				alpha := v - 300 + rng.IntN(600)
				beta := alpha + 1 + rng.IntN(200)
				w := e.workers[0]
				w.stack = append(w.stack[:0], pos.Hash())
				w.begin(context.Background(), &pos, Options{})
				r := w.negamax(&pos, depth, 0, alpha, beta)
				switch {
				case r <= alpha:
					require.LessOrEqual(t, v, r, "position %d %v depth %d window (%d, %d)", i, pos, depth, alpha, beta)
				case r >= beta:
					require.GreaterOrEqual(t, v, r, "position %d %v depth %d window (%d, %d)", i, pos, depth, alpha, beta)
				default:
					require.Equal(t, v, r, "position %d %v depth %d window (%d, %d)", i, pos, depth, alpha, beta)
				}
			}
		}
	}
}

// TestMoveLimitInTable: the same pieces searched first far from the move
// limit (Red wins material) and then two plies before it (a draw whatever
// happens) with the same engine and table: the second score is the draw,
// not the first search's entries.
func TestMoveLimitInTable(t *testing.T) {
	e := NewEngine(4)
	far := mustPos(t, "r6/7/7/7/7/7/E6/7/T5L r 0 30")
	r, err := e.Search(context.Background(), far, Options{Depth: 5})
	require.NoError(t, err)
	require.Greater(t, r.Score, 1000)
	near := mustPos(t, "r6/7/7/7/7/7/E6/7/T5L r 58 30")
	r, err = e.Search(context.Background(), near, Options{Depth: 5})
	require.NoError(t, err)
	require.Equal(t, 0, r.Score, "two plies before the limit nothing can be captured: a draw")
	// And back: the draw entries do not spoil the far position.
	r, err = e.Search(context.Background(), far, Options{Depth: 5})
	require.NoError(t, err)
	require.Greater(t, r.Score, 1000)
}
