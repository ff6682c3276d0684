// Package baseline is a frozen copy of the search package as it was before
// issue 13 (commit 294d948): iterative-deepening alpha-beta with a
// transposition table, MVV-LVA ordering and a material-plus-advance
// evaluation. The match tool plays it as "engine=baseline" so that every
// later engine can be measured against the same opponent. The only change
// is Options.Nodes, a node limit for matches at fixed nodes, checked where
// the time limit is.
//
// It stays a copy, rather than the engine command built from that revision
// and played through the uci package, because no revision has both: at
// 294d948's parent (the search frozen here) there is no engine command
// (cmd/engine first appears at 1acfc76, three commits later, after
// 294d948 and 1384c18 had changed the search: its table key, its terminal
// scores, SearchGame with the game's history), and that search has no node
// limit (its Options are Depth and Time), which every fixed-node record
// against the baseline in lab/match/results depends on. Building the old
// revision with a patch for both would keep the same copy as a patch.
package baseline

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
)

// Options limit a search. The zero value searches to depth 4.
type Options struct {
	Depth int           // deepest iteration in plies, 1..64; 0 means 4
	Time  time.Duration // stop after this long, keeping the last finished iteration; 0: no limit
	Nodes uint64        // stop after about this many nodes, likewise; 0: no limit
}

// Result is the outcome of a search.
type Result struct {
	Move  dsq.Move // the move chosen
	Score int      // its score for the side to move
	Depth int      // the deepest iteration finished
	Nodes uint64   // positions visited
}

// ErrNoMove is returned for a position with no legal move.
var ErrNoMove = errors.New("baseline: no legal move")

// Engine searches positions. It keeps its transposition table between
// searches of one game; NewGame clears it.
type Engine struct {
	table    []entry
	mask     uint64
	nodes    uint64
	deadline time.Time
	maxNodes uint64
	ctx      context.Context
	stopped  bool
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
	return &Engine{table: make([]entry, n), mask: n - 1}
}

// NewGame clears the transposition table, so that a search depends only on
// its position and options.
func (e *Engine) NewGame() { clear(e.table) }

// Search finds a move for the side to move in pos. It returns ErrNoMove if
// there is none, and the context's error if ctx ends before the first
// iteration finishes; after that, an ended context or time limit returns the
// best move of the last finished iteration.
func (e *Engine) Search(ctx context.Context, pos dsq.Position, opts Options) (Result, error) {
	depth := opts.Depth
	if depth <= 0 {
		depth = 4
	}
	depth = min(depth, maxDepth)
	moves := pos.LegalMoves()
	if len(moves) == 0 {
		return Result{}, ErrNoMove
	}
	if err := ctx.Err(); err != nil {
		return Result{}, err
	}
	e.ctx, e.stopped, e.nodes = ctx, false, 0
	e.deadline = time.Time{}
	e.maxNodes = opts.Nodes
	if opts.Time > 0 {
		e.deadline = time.Now().Add(opts.Time)
	}
	best := Result{Move: moves[0]}
	for d := 1; d <= depth; d++ {
		if d > 1 && e.shouldStop() {
			break // no time for another iteration
		}
		score, move := e.root(&pos, d)
		if e.stopped {
			if d == 1 {
				if err := ctx.Err(); err != nil {
					return Result{}, err
				}
			}
			break
		}
		best = Result{Move: move, Score: score, Depth: d, Nodes: e.nodes}
		if score > winBound || score < -winBound {
			break // a forced result is found; deeper search changes nothing
		}
	}
	best.Nodes = e.nodes
	return best, nil
}

func (e *Engine) root(pos *dsq.Position, depth int) (int, dsq.Move) {
	var buf [dsq.MaxMoves]dsq.Move
	moves := e.order(pos, pos.AppendLegalMoves(buf[:0]), e.probeMove(pos))
	alpha, beta := -Win-1, Win+1
	bestMove := moves[0]
	for _, m := range moves {
		u := pos.MakeMove(m)
		score := -e.negamax(pos, depth-1, 1, -beta, -alpha)
		pos.UnmakeMove(m, u)
		if e.stopped {
			return 0, bestMove
		}
		if score > alpha {
			alpha, bestMove = score, m
		}
	}
	e.store(pos, depth, alpha, exact, bestMove)
	return alpha, bestMove
}

func (e *Engine) negamax(pos *dsq.Position, depth, ply, alpha, beta int) int {
	e.nodes++
	if (e.nodes&1023 == 0 || e.maxNodes > 0 && e.nodes >= e.maxNodes) && e.shouldStop() {
		e.stopped = true
		return 0
	}
	var buf [dsq.MaxMoves]dsq.Move
	moves := pos.AppendLegalMoves(buf[:0])
	if len(moves) == 0 {
		return terminal(pos.Outcome(), pos.SideToMove(), ply)
	}
	if depth <= 0 {
		return evaluate(pos)
	}
	key := ttKey(pos)
	ttMove := dsq.NoMove
	if t := &e.table[key&e.mask]; t.key == key {
		ttMove = t.move
		if int(t.depth) >= depth {
			s := int(t.score)
			switch {
			case t.bound == exact,
				t.bound == lower && s >= beta,
				t.bound == upper && s <= alpha:
				return s
			}
		}
	}
	moves = e.order(pos, moves, ttMove)
	origAlpha := alpha
	best, bestMove := -Win-1, moves[0]
	for _, m := range moves {
		u := pos.MakeMove(m)
		score := -e.negamax(pos, depth-1, ply+1, -beta, -alpha)
		pos.UnmakeMove(m, u)
		if e.stopped {
			return 0
		}
		if score > best {
			best, bestMove = score, m
		}
		alpha = max(alpha, score)
		if alpha >= beta {
			break
		}
	}
	bound := exact
	switch {
	case best <= origAlpha:
		bound = upper
	case best >= beta:
		bound = lower
	}
	e.store(pos, depth, best, bound, bestMove)
	return best
}

func (e *Engine) shouldStop() bool {
	if e.ctx.Err() != nil || e.maxNodes > 0 && e.nodes >= e.maxNodes {
		return true
	}
	return !e.deadline.IsZero() && time.Now().After(e.deadline)
}

// ttKey is a position's table key: the Zobrist hash covers pieces and side,
// and the no-capture count decides how near the move-limit draw is.
func ttKey(pos *dsq.Position) uint64 {
	return pos.Hash() ^ uint64(pos.NoCaptureHalfMoves())*0x9e3779b97f4a7c15
}

func (e *Engine) probeMove(pos *dsq.Position) dsq.Move {
	key := ttKey(pos)
	if t := &e.table[key&e.mask]; t.key == key {
		return t.move
	}
	return dsq.NoMove
}

func (e *Engine) store(pos *dsq.Position, depth, score int, bound uint8, m dsq.Move) {
	key := ttKey(pos)
	e.table[key&e.mask] = entry{key: key, move: m, score: int32(score), depth: int8(depth), bound: bound}
}

// order sorts moves best first: the table move, den entries, captures of
// the most valuable piece, then the rest in generation order. The sort is
// stable, so the order is deterministic.
func (e *Engine) order(pos *dsq.Position, moves []dsq.Move, first dsq.Move) []dsq.Move {
	var keys [dsq.MaxMoves]int
	den := dsq.DenOf(pos.SideToMove().Other())
	for i, m := range moves {
		k := 0
		switch {
		case m == first:
			k = 3 * Win
		case den.Has(m.To()):
			k = 2 * Win
		default:
			if victim := pos.PieceAt(m.To()); victim != dsq.NoPiece {
				k = pieceValue[victim.Animal()]*16 - pieceValue[pos.PieceAt(m.From()).Animal()]
			}
		}
		keys[i] = k
	}
	// Insertion sort: at most 32 moves.
	for i := 1; i < len(moves); i++ {
		for j := i; j > 0 && keys[j] > keys[j-1]; j-- {
			keys[j], keys[j-1] = keys[j-1], keys[j]
			moves[j], moves[j-1] = moves[j-1], moves[j]
		}
	}
	return moves
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
