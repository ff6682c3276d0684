package search

// Tests that kill hand-made mutants (lab/mutation/handmade) of search's
// repetition and limit handling: repetition, drawAt, key, halt and
// shouldStop, loadGame and the move-limit fade of the evaluation. Each
// names the mutants it was written for.

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
)

// mutantPosition is pos's pieces and side with the no-capture count c,
// under rules.
func mutantPosition(t *testing.T, board string, c int, rules dsq.Rules) dsq.Position {
	t.Helper()
	pos, err := dsq.ParsePosition(board)
	require.NoError(t, err)
	s := pos.Setup()
	s.NoCaptureHalfMoves = c
	pos, err = dsq.NewPosition(s)
	require.NoError(t, err)
	pos, err = pos.WithRules(rules)
	require.NoError(t, err)
	return pos
}

// TestMutantRepetitionWindow walks repetition over hand-made stacks (H the
// position at the top, a..f others; the stack holds the positions since the
// last capture, oldest first, then the search's line from the root at
// rootIndex). Kills: the loop's lower bound max(top-clock, 0) moved either
// way (one position too many, reaching index -1, or the oldest one
// missed), the third-occurrence count moved (count == 1, count == 3), the
// line's bound i > rootIndex moved either way, and the seen result's
// count > 0 moved up.
func TestMutantRepetitionWindow(t *testing.T) {
	const H, a, b, c, d, e, f = 100, 1, 2, 3, 4, 5, 6
	pos := func(clock int) dsq.Position {
		return mutantPosition(t, dsq.StartNotation, clock, dsq.Rules{Threefold: true})
	}
	cases := []struct {
		name       string
		stack      []uint64
		rootIndex  int
		clock      int
		draw, seen bool
	}{
		{"once before, at the capture itself", []uint64{H, a, b, c, H}, 4, 4, false, true},
		{"once before, behind the capture", []uint64{H, a, b, c, H}, 4, 3, false, false},
		{"odd stack reaching its bottom", []uint64{a, H, b, c, d, H}, 5, 5, false, true},
		{"odd stack, nothing behind", []uint64{a, b, c, d, e, H}, 5, 5, false, false},
		{"one too far back", []uint64{f, H, a, H, b, c, d, H}, 7, 5, false, true},
		{"twice before: the third time", []uint64{H, a, H, b, H}, 4, 4, true, true},
		{"the root repeated in the line", []uint64{H, a, H}, 0, 2, false, true},
		{"a line position repeated", []uint64{a, H, b, H}, 0, 3, true, true},
		{"the game before the root", []uint64{H, a, b, c, H}, 3, 4, false, true},
	}
	for _, tc := range cases {
		w := newWorker(newTable(1))
		w.threefold = true
		w.stack = append(w.stack, tc.stack...)
		w.rootIndex = tc.rootIndex
		p := pos(tc.clock)
		draw, seen := w.repetition(&p)
		assert.Equal(t, tc.draw, draw, "%s: draw", tc.name)
		assert.Equal(t, tc.seen, seen, "%s: seen", tc.name)

		w.threefold = false
		draw, seen = w.repetition(&p)
		assert.False(t, draw || seen, "%s: without Threefold", tc.name)
	}
}

// TestMutantDrawAt: drawAt is the standard limit for 0, -1 for none, and the
// limit itself otherwise. Kills: the deletion of either return in its
// switch.
func TestMutantDrawAt(t *testing.T) {
	assert.Equal(t, dsq.DrawHalfMoves, drawAt(dsq.Rules{}))
	assert.Equal(t, -1, drawAt(dsq.Rules{MoveLimit: dsq.NoMoveLimit}))
	assert.Equal(t, 200, drawAt(dsq.Rules{MoveLimit: 200}))
	assert.Equal(t, 1, drawAt(dsq.Rules{MoveLimit: 1}))
}

// TestMutantKeyAtTheEdgeOfReach: the no-capture count enters the table key
// exactly when the move-limit draw is at most maxPly half-moves away. Kills:
// key's drawAt-clock <= maxPly moved either way, and either operand of its
// && dropped.
func TestMutantKeyAtTheEdgeOfReach(t *testing.T) {
	for _, limit := range []int{200, 1000} {
		rules := dsq.Rules{MoveLimit: limit}
		key := func(clock int) uint64 {
			p := mutantPosition(t, dsq.StartNotation, clock, rules)
			w := newWorker(newTable(1))
			w.stack = append(w.stack, p.Hash())
			w.begin(context.Background(), &p, Options{})
			return w.key(&p)
		}
		edge := limit - maxPly // the first count within reach
		assert.Equal(t, key(edge-2), key(edge-1), "limit %d: both out of reach", limit)
		assert.NotEqual(t, key(edge-1), key(edge), "limit %d: the edge", limit)
		assert.NotEqual(t, key(edge), key(edge+1), "limit %d: within reach", limit)
	}
	// Without a limit the count never enters the key.
	noLimit := dsq.Rules{MoveLimit: dsq.NoMoveLimit}
	keys := map[uint64]bool{}
	for _, clock := range []int{0, 1, 100, 5000} {
		p := mutantPosition(t, dsq.StartNotation, clock, noLimit)
		w := newWorker(newTable(1))
		w.stack = append(w.stack, p.Hash())
		w.begin(context.Background(), &p, Options{})
		keys[w.key(&p)] = true
	}
	assert.Len(t, keys, 1)
}

// TestMutantNodeLimitIsExact: a search with a node limit and no depth
// stops at exactly that many nodes, and one without a limit finishes the
// depth asked. Kills: halt's and shouldStop's e.nodes >= e.maxNodes moved
// either way (1025 is one past the 1024 at which halt checks anyway),
// halt's node-limit test dropped (checked every 1024 nodes only),
// shouldStop's maxNodes != 0 && nodes >= maxNodes with either operand
// dropped (no stop at the limit, or a stop in every search), its
// maxNodes != 0 moved up (a limit of 1 ignored), and iterate's choice of an
// unbounded depth for a node limit with opts.Nodes > 0 dropped (it would
// stop at depth 4).
func TestMutantNodeLimitIsExact(t *testing.T) {
	for _, limit := range []uint64{1, 2, 1025, 3000, 20000} {
		r, err := NewEngine(1).Search(context.Background(), dsq.StartPosition(), Options{Nodes: limit})
		require.NoError(t, err)
		assert.Equal(t, limit, r.Nodes, "Nodes: %d", limit)
		assert.NotEqual(t, dsq.NoMove, r.Move)
	}
	// No limit: the depth asked is finished.
	r, err := NewEngine(1).Search(context.Background(), dsq.StartPosition(), Options{Depth: 3})
	require.NoError(t, err)
	assert.Equal(t, 3, r.Depth)
}

// TestMutantFadeAtTheEdgeOfReach: the evaluation is not faded while the
// move-limit draw is more than maxPly half-moves away, and is faded at
// maxPly+1 less one. Kills: worker.evaluate's left > maxPly moved up by one
// (a position one beyond reach faded by 189/188), and its drawAt < 0 test
// moved down (no limit read as a limit at -1).
func TestMutantFadeAtTheEdgeOfReach(t *testing.T) {
	// Red has every piece, Blue its lion only: the evaluation is large.
	const board = "l6/7/7/7/7/7/E1W1P1R/1C3D1/T5L r 0 1"
	for _, limit := range []int{200, 1000} {
		rules := dsq.Rules{MoveLimit: limit}
		w := newWorker(newTable(1))
		p := mutantPosition(t, board, limit-maxPly-1, rules)
		w.stack = append(w.stack, p.Hash())
		w.begin(context.Background(), &p, Options{})
		v := evaluate(&p)
		require.Greater(t, v, 2*(maxPly+drawFade), "the test needs a lead that a fade of 1/188 changes")
		assert.Equal(t, v, w.evaluate(&p), "limit %d, one past reach", limit)
		p = mutantPosition(t, board, limit-1, rules)
		assert.Less(t, w.evaluate(&p), evaluate(&p), "limit %d, next to the draw", limit)
	}
	p := mutantPosition(t, board, 500, dsq.Rules{MoveLimit: dsq.NoMoveLimit})
	w := newWorker(newTable(1))
	w.stack = append(w.stack, p.Hash())
	w.begin(context.Background(), &p, Options{})
	assert.Equal(t, evaluate(&p), w.evaluate(&p), "no limit")
}

// TestMutantLoadGameStack: loadGame puts on the stack the hashes of the
// positions since the last capture, oldest first, the current one last,
// whatever the stack held before. Kills: its loop's bound i <= n moved
// either way, and the deletion of the stack's reset or of the Threefold
// flag's setting.
func TestMutantLoadGameStack(t *testing.T) {
	g, err := dsq.NewGameRules(dsq.StartPosition(), dsq.Rules{Threefold: true})
	require.NoError(t, err)
	for _, m := range []string{"a3a4", "a7a6", "a4a3", "a6a7", "g3g4"} {
		_, err := g.PlayText(m)
		require.NoError(t, err, m)
	}
	var want []uint64
	for i := 0; i <= len(g.Moves()); i++ {
		p, ok := g.PositionAfter(i)
		require.True(t, ok)
		want = append(want, p.Hash())
	}
	w := newWorker(newTable(1))
	w.stack = append(w.stack, 7, 8, 9)
	w.loadGame(g)
	assert.Equal(t, want, w.stack)
	assert.True(t, w.threefold)

	// After a capture only the positions since it count: Red's dog takes
	// Blue's cat, then the lions step to and fro.
	capture := mutantPosition(t, "l6/7/7/7/7/7/c6/D6/6L r 0 1", 0, dsq.Rules{})
	g, err = dsq.NewGameFrom(capture)
	require.NoError(t, err)
	for _, m := range []string{"a2a3", "a9a8", "g1g2", "a8a9"} {
		_, err := g.PlayText(m)
		require.NoError(t, err, m)
	}
	want = want[:0]
	for i := 1; i <= 4; i++ {
		p, _ := g.PositionAfter(i)
		want = append(want, p.Hash())
	}
	w.loadGame(g)
	assert.Equal(t, want, w.stack)
	assert.False(t, w.threefold)
}

// TestMutantFirstIterationAlwaysEnds: a search whose time is up before it
// starts still finishes depth 1, and no more. Kills: iterate's d > 1 &&
// e.shouldStop() with d > 1 dropped or moved down (no iteration at all) or
// up (a second iteration out of time).
func TestMutantFirstIterationAlwaysEnds(t *testing.T) {
	r, err := NewEngine(1).Search(context.Background(), dsq.StartPosition(), Options{Time: time.Nanosecond})
	require.NoError(t, err)
	assert.Equal(t, 1, r.Depth)
	assert.True(t, dsq.StartPosition().IsLegal(r.Move))
}

// TestMutantOneLegalMove: a position with a single legal move is searched
// like any other (ErrNoMove is for none). Kills: iterate's len(moves) == 0
// moved up.
func TestMutantOneLegalMove(t *testing.T) {
	// Red's rat alone in the corner, Blue's lion beside it: a1a2 only.
	pos := mutantPosition(t, "7/7/7/7/7/7/7/7/Rl5 r 0 1", 0, dsq.Rules{})
	require.Len(t, pos.LegalMoves(), 1, pos)
	r, err := NewEngine(1).Search(context.Background(), pos, Options{Depth: 2})
	require.NoError(t, err)
	assert.Equal(t, pos.LegalMoves()[0], r.Move)
}

// TestMutantSearchForgetsTheGame: Search after SearchGame searches its
// position alone: no history, no Threefold. Kills: the deletion of
// Search's reset of the main worker's stack or of its Threefold flag.
func TestMutantSearchForgetsTheGame(t *testing.T) {
	g, err := dsq.NewGameRules(dsq.StartPosition(), dsq.Rules{Threefold: true})
	require.NoError(t, err)
	for _, m := range []string{"a3a4", "a7a6", "a4a3", "a6a7"} {
		_, err := g.PlayText(m)
		require.NoError(t, err, m)
	}
	e := NewEngine(1)
	_, err = e.SearchGame(context.Background(), g, Options{Depth: 1})
	require.NoError(t, err)
	require.Len(t, e.workers[0].stack, 5)
	pos := dsq.StartPosition()
	_, err = e.Search(context.Background(), pos, Options{Depth: 1})
	require.NoError(t, err)
	assert.False(t, e.workers[0].threefold)
	assert.Equal(t, []uint64{pos.Hash()}, e.workers[0].stack)
}

// TestMutantHaltChecksEvery1024Nodes: within an iteration the search looks
// at its context and its clock every 1024 nodes: a cancelled search, or
// one whose time is up, stops at node 1024 exactly. Kills: halt's
// e.nodes&1023 == 0 dropped (no check inside an iteration: a search would
// run on to the end of its iteration) or moved (== 1: node 1025).
func TestMutantHaltChecksEvery1024Nodes(t *testing.T) {
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	for name, c := range map[string]struct {
		ctx  context.Context
		opts Options
	}{
		"cancelled": {cancelled, Options{}},
		"time up":   {context.Background(), Options{Time: time.Nanosecond}},
	} {
		pos := dsq.StartPosition()
		w := newWorker(newTable(1))
		w.stack = append(w.stack, pos.Hash())
		w.begin(c.ctx, &pos, c.opts)
		stoppedAt := 0
		for i := 1; i <= 4096; i++ {
			if w.halt() {
				stoppedAt = i
				break
			}
		}
		assert.Equal(t, 1024, stoppedAt, name)
		assert.True(t, w.stopped, name)
	}
}

// TestMutantExactDepthHasNoContempt: a worker set for exact-depth tests
// searches without contempt even when the one before it had some, since
// its scores must be plain minimax. Kills: the deletion of begin's
// e.contempt = 0 (the last search's contempt would stay).
func TestMutantExactDepthHasNoContempt(t *testing.T) {
	pos := dsq.StartPosition()
	w := newWorker(newTable(1))
	w.stack = append(w.stack, pos.Hash())
	w.begin(context.Background(), &pos, Options{Contempt: 50})
	require.Equal(t, 50, w.contempt)
	w.exactDepth = true
	w.begin(context.Background(), &pos, Options{Contempt: 50})
	assert.Zero(t, w.contempt)
}

// TestMutantForcedResultEndsTheDeepening: once an iteration proves a win
// (the lion enters the den now) or a loss (Blue cannot stop it), deeper
// iterations change nothing, and the search stops there, at depth 1 of the
// 8 asked (the loss too: the search sees the den entry one move ahead). Kills: iterate's score > winBound || score < -winBound
// with either operand dropped (the search went on to depth 8).
func TestMutantForcedResultEndsTheDeepening(t *testing.T) {
	for _, side := range []string{"r", "b"} {
		pos := mutantPosition(t, "7/3L3/7/7/7/7/7/7/r6 "+side+" 0 1", 0, dsq.Standard)
		iterations := 0
		r, err := NewEngine(1).Search(context.Background(), pos, Options{Depth: 8, Progress: func(Result) { iterations++ }})
		require.NoError(t, err, side)
		assert.Equal(t, 1, r.Depth, side)
		assert.Equal(t, 1, iterations, side)
		if side == "r" {
			assert.Greater(t, r.Score, winBound)
		} else {
			assert.Less(t, r.Score, -winBound)
		}
	}
}

// endsLater is a context that ends (Err returns context.Canceled) from its
// k+1-th call to Err on: a cancellation that comes at a chosen point of a
// search, without a clock.
type endsLater struct {
	context.Context
	k, calls int
	done     chan struct{}
}

func (c *endsLater) Done() <-chan struct{} { return c.done }

func (c *endsLater) Err() error {
	c.calls++
	if c.calls > c.k {
		select {
		case <-c.done:
		default:
			close(c.done)
		}
		return context.Canceled
	}
	return nil
}

// TestMutantContextEndsInTheFirstIteration: a context that ends before the
// first iteration finishes (here while a 3-node limit stops it) makes
// Search return the context's error, as its doc says; one that has not
// ended by then gives the unfinished iteration's move. Kills: the deletion
// of iterate's return of ctx.Err() for a first iteration stopped (the
// search returned a move and no error).
func TestMutantContextEndsInTheFirstIteration(t *testing.T) {
	pos := dsq.StartPosition()
	ended := 0
	for k := range 8 {
		ctx := &endsLater{Context: context.Background(), k: k, done: make(chan struct{})}
		r, err := NewEngine(1).Search(ctx, pos, Options{Depth: 4, Nodes: 3})
		select {
		case <-ctx.done:
			ended++
			assert.ErrorIs(t, err, context.Canceled, "k=%d: depth %d, move %v", k, r.Depth, r.Move)
		default:
			require.NoError(t, err, "k=%d", k)
			assert.True(t, pos.IsLegal(r.Move), "k=%d", k)
		}
	}
	assert.Positive(t, ended)
}

// TestMutantUnfinishedIterationKeepsTheFinishedResult: stopped by a node
// limit inside an iteration, the search returns the last finished
// iteration's result (move, score, PV) unless the unfinished iteration
// proved another move better; it never returns the -Win-1 of an iteration
// that proved nothing. Kills: iterate's score > -Win-1 && move != best.Move
// with either operand dropped, or its bound moved down (the unfinished
// iteration's partial score replaced the finished one's for the same move,
// or a move it proved nothing of was played with the score -Win-1).
func TestMutantUnfinishedIterationKeepsTheFinishedResult(t *testing.T) {
	type iteration struct {
		move  dsq.Move
		score int
		pv    []dsq.Move
		nodes uint64
	}
	same := 0
	for _, pos := range randomPositions(t, 8, 11) {
		var its []iteration
		_, err := NewEngine(1).Search(context.Background(), pos, Options{Depth: 5, Progress: func(r Result) {
			its = append(its, iteration{r.Move, r.Score, r.PV, r.Nodes})
		}})
		require.NoError(t, err)
		for d := 1; d < len(its); d++ {
			lo, hi := its[d-1].nodes, its[d].nodes
			for limit := lo + 1; limit < hi; limit += max((hi-lo)/8, 1) {
				r, err := NewEngine(1).Search(context.Background(), pos, Options{Depth: 5, Nodes: limit})
				require.NoError(t, err)
				assert.Greater(t, r.Score, -Win-1, "%v, %d nodes", pos, limit)
				if r.Move == its[d-1].move {
					same++
					assert.Equal(t, its[d-1].score, r.Score, "%v, %d nodes", pos, limit)
					assert.Equal(t, its[d-1].pv, r.PV, "%v, %d nodes", pos, limit)
				}
			}
		}
	}
	assert.Positive(t, same)
}

// TestMutantNewGameForgetsTheKillers: after NewGame, a search depends only
// on its position and options, as NewGame's doc says: an engine that
// searched other positions before gives the result (nodes included) of a
// new engine, on each of a few positions. Kills: the deletion of begin's
// reset of the killer moves (the last search's killers ordered the next
// search's moves).
func TestMutantNewGameForgetsTheKillers(t *testing.T) {
	positions := randomPositions(t, 6, 21)
	e := NewEngine(1)
	for i, pos := range positions[1:] {
		_, err := e.Search(context.Background(), positions[i], Options{Depth: 5})
		require.NoError(t, err)
		e.NewGame()
		got, err := e.Search(context.Background(), pos, Options{Depth: 5})
		require.NoError(t, err)
		want, err := NewEngine(1).Search(context.Background(), pos, Options{Depth: 5})
		require.NoError(t, err)
		assert.Equal(t, want, got, "%v after %v", pos, positions[i])
	}
}

// TestMutantTimeBudgetNotSpent: a search with a time budget far longer
// than it needs reaches the depth asked; the budget stops a search only once
// spent. Kills: shouldStop's !e.deadline.IsZero() && time.Now().After(e.deadline)
// reduced to its first operand (any budget stopped the search after
// depth 1).
func TestMutantTimeBudgetNotSpent(t *testing.T) {
	r, err := NewEngine(1).Search(context.Background(), dsq.StartPosition(), Options{Depth: 4, Time: time.Hour})
	require.NoError(t, err)
	assert.Equal(t, 4, r.Depth)
}

// TestMutantNodeLimitChecksTheContextRarely: with a node limit not reached,
// the search still asks the context whether it ended only once every 1024
// nodes (and once per iteration), as without a limit: the limit is checked
// on its own. Kills: halt's e.maxNodes != 0 && e.nodes >= e.maxNodes reduced
// to e.maxNodes != 0 (every node then asked the context and the clock).
func TestMutantNodeLimitChecksTheContextRarely(t *testing.T) {
	ctx := &endsLater{Context: context.Background(), k: 1 << 30, done: make(chan struct{})}
	r, err := NewEngine(1).Search(ctx, dsq.StartPosition(), Options{Depth: 4, Nodes: 1 << 40})
	require.NoError(t, err)
	assert.Equal(t, 4, r.Depth)
	assert.LessOrEqual(t, ctx.calls, int(r.Nodes/1024)+10, "%d calls to Err for %d nodes", ctx.calls, r.Nodes)
}

// TestMutantNodeLimitStopsAtTheLimit: a search stopped inside an iteration,
// before 1024 nodes, stops at its node limit exactly, whenever the context
// ends: halt asks only there. Kills: halt's e.nodes >= e.maxNodes moved to
// e.maxNodes-1 (a context that ended one node before the limit stopped the
// search there).
func TestMutantNodeLimitStopsAtTheLimit(t *testing.T) {
	pos := dsq.StartPosition()
	var nodes []uint64
	_, err := NewEngine(1).Search(context.Background(), pos, Options{Depth: 2, Progress: func(r Result) { nodes = append(nodes, r.Nodes) }})
	require.NoError(t, err)
	require.Len(t, nodes, 2)
	limit := (nodes[0] + nodes[1]) / 2
	require.Less(t, limit, uint64(1024))
	stopped := 0
	for k := range 6 {
		ctx := &endsLater{Context: context.Background(), k: k, done: make(chan struct{})}
		r, err := NewEngine(1).Search(ctx, pos, Options{Depth: 2, Nodes: limit})
		if err == nil && r.Depth == 1 && r.Nodes != nodes[0] {
			stopped++
			assert.Equal(t, limit, r.Nodes, "k=%d", k)
		}
	}
	assert.Positive(t, stopped)
}
