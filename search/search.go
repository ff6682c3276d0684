// Package search is a Dou Shou Qi opponent built on the doushouqi rules
// engine: iterative-deepening principal-variation search with a
// transposition table on the Zobrist hash, aspiration windows, a quiescence
// search of captures, den entries and answers to den threats, late-move
// reductions, move ordering (table move, den entries, captures by value,
// killer moves, history), depth, node and time limits, and cancellation
// through a context. It searches a position, or a game with its history, where
// repetitions under Rules.Threefold and the no-capture move limit are scored
// inside the tree as the rules score them. At a fixed depth or node count
// and without a time limit it is deterministic.
//
// An Engine is not safe for concurrent use; give each goroutine its own.
package search

import (
	"context"
	"errors"
	"time"

	dsq "github.com/doushouqi/doushouqi"
)

// Scores are from the side to move's point of view, in centi-rats. A won
// position scores Win minus the plies to the win.
const (
	Win      = 1_000_000
	winBound = Win - 1000 // scores beyond this are wins found by search
	maxDepth = 64
	maxPly   = 128 // deepest ply a search reaches, extensions included
)

// Options limit a search. The zero value searches to depth 4.
type Options struct {
	Depth int           // deepest iteration in plies, 1..64; 0 means 4 unless Time or Nodes is set, then 64
	Time  time.Duration // stop after this long, keeping the last finished iteration; 0: no limit
	Nodes uint64        // stop after about this many nodes, likewise; 0: no limit
	// Progress, if not nil, is called after each finished iteration with its
	// result, for engine protocols that report the search as it goes.
	Progress func(Result)
}

// Result is the outcome of a search.
type Result struct {
	Move  dsq.Move   // the move chosen
	Score int        // its score for the side to move
	Depth int        // the deepest iteration finished
	Nodes uint64     // positions visited
	PV    []dsq.Move // the expected line, Move first
}

// ErrNoMove is returned for a position with no legal move, and for a game
// that is over.
var ErrNoMove = errors.New("search: no legal move")

// Engine searches positions. It keeps its transposition table between
// searches of one game; NewGame clears it.
type Engine struct {
	table    []entry
	mask     uint64
	nodes    uint64
	maxNodes uint64
	deadline time.Time
	ctx      context.Context
	stopped  bool

	drawAt    int      // the no-capture count that draws; -1 without a limit
	threefold bool     // third occurrences are draws (Rules.Threefold)
	stack     []uint64 // hashes of the game since its last capture, then of the search path
	rootIndex int      // index in stack of the root position

	killers [maxPly + 1][2]dsq.Move
	history [2][64][64]int32

	// exactDepth, for tests, takes table scores only from entries of
	// exactly the depth asked and turns off everything that prunes or
	// reduces (late-move reductions, aspiration), so that a fixed-depth
	// search returns the plain minimax score with quiescence.
	exactDepth bool
}

type entry struct {
	key   uint64
	move  dsq.Move
	score int32
	depth int8
	bound uint8
}

const (
	exact uint8 = iota + 1
	lower
	upper
)

// NewEngine returns an engine with a transposition table of about hashMiB
// MiB (at least 1).
func NewEngine(hashMiB int) *Engine {
	n := uint64(1)
	for n*2*16 <= uint64(max(hashMiB, 1))<<20 {
		n *= 2
	}
	return &Engine{table: make([]entry, n), mask: n - 1, stack: make([]uint64, 0, 256)}
}

// NewGame clears the transposition table, so that a search depends only on
// its position and options.
func (e *Engine) NewGame() {
	clear(e.table)
	e.history = [2][64][64]int32{}
}

// Search finds a move for the side to move in pos, under pos's rules and
// without a history: no repetition is known before pos. It returns ErrNoMove
// if there is no move, and the context's error if ctx ends before the first
// iteration finishes; after that, an ended context, time or node limit
// returns the best move of the last finished iteration.
func (e *Engine) Search(ctx context.Context, pos dsq.Position, opts Options) (Result, error) {
	e.stack = append(e.stack[:0], pos.Hash())
	e.threefold = false
	return e.search(ctx, pos, opts)
}

// SearchGame finds a move for the side to move in g, under g's rules: with
// Rules.Threefold, a position that would occur for the third time counts as
// a draw, as does (a usual engine practice) one that repeats a position of
// the search's own line, since the side that wanted it can repeat again. It
// returns ErrNoMove if g is over; otherwise as Search.
func (e *Engine) SearchGame(ctx context.Context, g *dsq.Game, opts Options) (Result, error) {
	if g.IsOver() {
		return Result{}, ErrNoMove
	}
	pos := g.Position()
	rules := g.Rules()
	e.threefold = rules.Threefold
	// The positions since the last capture, oldest first: no earlier one can
	// come back, as a capture cannot be undone.
	n := len(g.Moves())
	first := max(n-pos.NoCaptureHalfMoves(), 0)
	e.stack = e.stack[:0]
	for i := first; i <= n; i++ {
		p, _ := g.PositionAfter(i)
		e.stack = append(e.stack, p.Hash())
	}
	return e.search(ctx, pos, opts)
}

func (e *Engine) search(ctx context.Context, pos dsq.Position, opts Options) (Result, error) {
	depth := opts.Depth
	if depth <= 0 {
		depth = 4
		if opts.Time > 0 || opts.Nodes > 0 {
			depth = maxDepth
		}
	}
	depth = min(depth, maxDepth)
	moves := pos.LegalMoves()
	if len(moves) == 0 {
		return Result{}, ErrNoMove
	}
	if err := ctx.Err(); err != nil {
		return Result{}, err
	}
	e.begin(ctx, &pos, opts)
	best := Result{Move: moves[0]}
	for d := 1; d <= depth; d++ {
		if d > 1 && e.shouldStop() {
			break // no time for another iteration
		}
		score, move := e.aspirate(&pos, d, best.Score)
		if e.stopped {
			if d == 1 {
				if err := ctx.Err(); err != nil {
					return Result{}, err
				}
			}
			break
		}
		best = Result{Move: move, Score: score, Depth: d, Nodes: e.nodes, PV: e.pv(pos, move, d)}
		if opts.Progress != nil {
			opts.Progress(best)
		}
		if score > winBound || score < -winBound {
			break // a forced result is found; deeper search changes nothing
		}
	}
	best.Nodes = e.nodes
	e.stack = e.stack[:e.rootIndex+1]
	return best, nil
}

// begin readies the engine for a search from pos, whose hash is the top of
// e.stack.
func (e *Engine) begin(ctx context.Context, pos *dsq.Position, opts Options) {
	e.ctx, e.stopped, e.nodes, e.maxNodes = ctx, false, 0, opts.Nodes
	e.deadline = time.Time{}
	if opts.Time > 0 {
		e.deadline = time.Now().Add(opts.Time)
	}
	e.drawAt = drawAt(pos.Rules())
	e.rootIndex = len(e.stack) - 1
	e.killers = [maxPly + 1][2]dsq.Move{}
}

func drawAt(r dsq.Rules) int {
	switch r.MoveLimit {
	case 0:
		return dsq.DrawHalfMoves
	case dsq.NoMoveLimit:
		return -1
	}
	return r.MoveLimit
}

// repeated reports whether pos, the top of the stack, is a draw by repetition under Threefold: its third occurrence in the game
// and the line, or a repeat of a position of the line below the root.
func (e *Engine) repeated(pos *dsq.Position) bool {
	if !e.threefold {
		return false
	}
	top := len(e.stack) - 1 // pos itself
	h := e.stack[top]
	seen := 0
	for i := top - 2; i >= max(top-pos.NoCaptureHalfMoves(), 0); i -= 2 {
		if e.stack[i] == h {
			if i > e.rootIndex {
				return true
			}
			seen++
			if seen == 2 {
				return true
			}
		}
	}
	return false
}

// scoreToTT and scoreFromTT store win scores as distances from the node
// rather than from the root, so that an entry reads right at any ply.
func scoreToTT(s, ply int) int {
	switch {
	case s > winBound:
		return s + ply
	case s < -winBound:
		return s - ply
	}
	return s
}

func scoreFromTT(s, ply int) int {
	switch {
	case s > winBound:
		return s - ply
	case s < -winBound:
		return s + ply
	}
	return s
}

func (e *Engine) shouldStop() bool {
	if e.ctx.Err() != nil || e.maxNodes != 0 && e.nodes >= e.maxNodes {
		return true
	}
	return !e.deadline.IsZero() && time.Now().After(e.deadline)
}

// key is a position's table key: the Zobrist hash covers pieces and side,
// and the no-capture count decides how near the move-limit draw is. Far from
// the limit (further than any search reaches) the count is left out, so
// that transpositions with different counts share their entries.
func (e *Engine) key(pos *dsq.Position) uint64 {
	k := pos.Hash()
	if clock := pos.NoCaptureHalfMoves(); e.drawAt >= 0 && e.drawAt-clock <= maxPly {
		k ^= uint64(clock+1) * 0x9e3779b97f4a7c15
	}
	return k
}

func (e *Engine) probeMove(pos *dsq.Position) dsq.Move {
	key := e.key(pos)
	if t := &e.table[key&e.mask]; t.key == key {
		return t.move
	}
	return dsq.NoMove
}

func (e *Engine) store(pos *dsq.Position, depth, score int, bound uint8, m dsq.Move) {
	e.storeKey(e.key(pos), depth, score, bound, m)
}

func (e *Engine) storeKey(key uint64, depth, score int, bound uint8, m dsq.Move) {
	e.table[key&e.mask] = entry{key: key, move: m, score: int32(score), depth: int8(depth), bound: bound}
}

// pv follows the table from pos after move for the expected line, at most
// depth moves, stopping at a move that is not legal (an overwritten entry).
func (e *Engine) pv(pos dsq.Position, move dsq.Move, depth int) []dsq.Move {
	line := []dsq.Move{move}
	pos.MakeMove(move)
	for len(line) < depth {
		m := e.probeMove(&pos)
		if m == dsq.NoMove || !pos.IsLegal(m) {
			break
		}
		line = append(line, m)
		pos.MakeMove(m)
	}
	return line
}

// terminal scores a decided position, outcome o, for side, ply half-moves
// below the root.
func terminal(o dsq.Outcome, side dsq.Color, ply int) int {
	switch {
	case o.IsDraw():
		return 0
	case o.Winner == side:
		return Win - ply
	}
	return -Win + ply
}
