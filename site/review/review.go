// Package review judges the moves of a finished game with the engine: the
// evaluation after each move, the engine's better move where there was one,
// and a mark on each move that cost its side MarkLoss centi-rats or more
// (a win thrown into a draw or a loss, or a draw into a loss, among them).
//
// Review.Mark grades each move as annotators mark one ("??", "?", "?!",
// "!"), and Annotate writes the review into the game's record (package
// record): the marks, the evaluations as comments, the better moves as
// variations, so that an exported game carries its review.
//
// Every search has the same fixed node budget, so that a review depends on
// the game and the budget alone, never on the machine or its load. The work
// is cut into steps, one position each (Reviewer.Step), so that the play
// site runs a review on its AI pool a step at a time, below the AI's moves.
//
// How a move is judged: position i (before move i) is searched once; its
// score is the best the mover can hope for. The played move's score is the
// negated search of the position after it (the next step's search), or the
// exact result when the move ends the game. When the played move is not the
// engine's and seems to cost DubiousLoss or more, the position after the
// engine's move is searched too, with the same budget, so that the mark
// compares like with like (two positions a move deep) and a search horizon
// does not mark a good move.
package review

import (
	"context"
	"errors"
	"fmt"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/endgame"
	"github.com/doushouqi/doushouqi/search"
)

// MarkLoss is the least loss, in centi-rats for the mover, that marks a
// move.
const MarkLoss = 300

// WinEval is the evaluation of a forced win found by the search (Move.Win
// says whose, Move.In how soon): on this scale a win thrown away costs
// WinEval or more, and two wins of different lengths cost nothing.
const WinEval = 10_000

// DefaultNodes is the node budget of each search when Options.Nodes is 0:
// about 20 ms of one core (a shared AMD EPYC, 2026), so that a game of 80
// half-moves is reviewed in about 2 s.
const DefaultNodes = 40_000

// decided is the least score of a win found by the search (search.Win less
// the plies to it, which stay far below 1000).
const decided = search.Win - 1000

// Options set a review.
type Options struct {
	Nodes  uint64          // each search's node budget; 0 means DefaultNodes
	Tables *endgame.Tables // endgame tables for exact scores of solved endings, or nil
}

// Review is a game's review: one entry per move, in order.
type Review struct {
	Nodes uint64 `json:"nodes"` // the node budget of each search
	Moves []Move `json:"moves"`
}

// Move is the review of one move. Evaluations are in centi-rats from Red's
// point of view (positive: Red is better), a forced win counting WinEval.
type Move struct {
	Ply   int    `json:"ply"`   // 1 for the game's first move
	Move  string `json:"move"`  // the move played
	Color string `json:"color"` // the side that played it
	Eval  int    `json:"eval"`  // after the move
	// Win is set when the search found a forced win after the move.
	Win *Win `json:"win,omitempty"`
	// Best is the engine's move in the position before the move (the
	// played one when the engine found none better), and BestEval the
	// evaluation after it.
	Best     string `json:"best"`
	BestEval int    `json:"bestEval"`
	// Loss is what the move cost the mover against Best, in centi-rats on
	// the scale of Eval (0 or more); Mark is Loss >= MarkLoss.
	Loss int  `json:"loss"`
	Mark bool `json:"mark"`
}

// Win is a forced win: the winner and how soon.
type Win struct {
	Color string `json:"color"` // "red" or "blue"
	In    int    `json:"in"`    // half-moves to the win after the move; 0: the move won
}

// ErrNotOver is returned for a game that has not ended.
var ErrNotOver = errors.New("review: the game is not over")

// score is a position's value for one side: centi-rats, or a win or loss
// in plies half-moves.
type score struct {
	v int // search's scale: centi-rats, or ±(search.Win - plies)
}

// scale returns s on the review's scale (WinEval for a forced win) and
// the plies to a forced result (-1 when there is none).
func (s score) scale() (int, int) {
	switch {
	case s.v >= decided:
		return WinEval, search.Win - s.v
	case s.v <= -decided:
		return -WinEval, search.Win + s.v
	}
	return min(max(s.v, 1-WinEval), WinEval-1), -1
}

// Reviewer reviews one game, a position per Step.
type Reviewer struct {
	opts   search.Options
	moves  []dsq.Move
	replay *dsq.Game // the game's start and moves, searched one position after the other
	before *dsq.Game // replay one move back: where the engine's move is tried
	k      int       // the next position to search (0..len(moves))
	// prev is the search of position k-1 (its best move and score for its
	// side to move).
	prev search.Result
	out  Review
}

// New returns a reviewer of g, which must be over (ErrNotOver).
func New(g *dsq.Game, opts Options) (*Reviewer, error) {
	if g == nil {
		return nil, search.ErrNilGame
	}
	if !g.IsOver() {
		return nil, ErrNotOver
	}
	if opts.Nodes == 0 {
		opts.Nodes = DefaultNodes
	}
	replay, err := dsq.NewGameRules(g.Start(), g.Rules())
	if err != nil {
		return nil, fmt.Errorf("review: %w", err)
	}
	moves := g.Moves()
	return &Reviewer{
		opts:   search.Options{Nodes: opts.Nodes, Tables: opts.Tables},
		moves:  moves,
		replay: replay,
		out:    Review{Nodes: opts.Nodes, Moves: make([]Move, 0, len(moves))},
	}, nil
}

// Steps returns the number of steps the review takes: one per position.
func (r *Reviewer) Steps() int { return len(r.moves) + 1 }

// Done reports whether the review is complete.
func (r *Reviewer) Done() bool { return r.k > len(r.moves) }

// Step searches the next position with e, and judges the move that led to
// it. It returns ctx's error, or the search's, and then may be called
// again; after the last step it does nothing.
func (r *Reviewer) Step(ctx context.Context, e *search.Engine) error {
	if r.Done() {
		return nil
	}
	var cur search.Result
	if !r.replay.IsOver() {
		res, err := e.SearchGame(ctx, r.replay, r.opts)
		if err != nil {
			return fmt.Errorf("review: position %d: %w", r.k, err)
		}
		cur = res
	} else if r.k < len(r.moves) {
		return fmt.Errorf("review: the game ended by the rules before move %d", r.k+1)
	}
	if r.k > 0 {
		if err := r.judge(ctx, e, cur); err != nil {
			return err
		}
	}
	if r.k < len(r.moves) {
		r.before = r.replay.Clone()
		if err := r.replay.Play(r.moves[r.k]); err != nil {
			return fmt.Errorf("review: move %d: %w", r.k+1, err)
		}
	}
	r.prev = cur
	r.k++
	return nil
}

// judge reviews move k-1, which led from the position r.prev searched to
// the one now in r.replay (searched as cur, unless the game is over).
func (r *Reviewer) judge(ctx context.Context, e *search.Engine, cur search.Result) error {
	played := r.moves[r.k-1]
	before, _ := r.replay.PositionAfter(r.k - 1)
	mover := before.SideToMove()
	after := r.after(r.replay, mover, cur)
	best, bestScore := r.prev.Move, score{r.prev.Score}
	if best == played || best == dsq.NoMove {
		best, bestScore = played, after
	} else if loss(bestScore, after) >= DubiousLoss {
		// Like with like: the position after the engine's move, searched
		// as the played move's was.
		alt := r.before.Clone()
		if err := alt.Play(best); err != nil {
			return fmt.Errorf("review: move %d: the engine's move %s: %w", r.k, best, err)
		}
		var res search.Result
		if !alt.IsOver() {
			var err error
			if res, err = e.SearchGame(ctx, alt, r.opts); err != nil {
				return fmt.Errorf("review: move %d: %w", r.k, err)
			}
		}
		bestScore = r.after(alt, mover, res)
		if loss(bestScore, after) <= 0 {
			best, bestScore = played, after
		}
	}
	m := Move{Ply: r.k, Move: played.String(), Color: mover.String(), Best: best.String()}
	var in int
	m.Eval, in = forRed(after, mover)
	if in >= 0 {
		m.Win = &Win{Color: winner(m.Eval), In: in}
	}
	m.BestEval, _ = forRed(bestScore, mover)
	m.Loss = max(loss(bestScore, after), 0)
	m.Mark = m.Loss >= MarkLoss
	r.out.Moves = append(r.out.Moves, m)
	return nil
}

// after is the score for mover of game g, just after mover's move: the
// exact result if g is over, else the negation of res, g's search.
func (r *Reviewer) after(g *dsq.Game, mover dsq.Color, res search.Result) score {
	out := g.Outcome()
	switch {
	case !out.IsDecided():
		return score{-res.Score}
	case out.IsDraw():
		return score{0}
	case out.Winner == mover:
		return score{search.Win}
	}
	return score{-search.Win}
}

// loss is what choosing got instead of best cost, on the review's scale.
func loss(best, got score) int {
	b, _ := best.scale()
	g, _ := got.scale()
	return b - g
}

// forRed returns s, a score for mover, on the review's scale for Red, and
// the plies to its forced result (-1 if none).
func forRed(s score, mover dsq.Color) (int, int) {
	v, in := s.scale()
	if mover != dsq.Red {
		v = -v
	}
	return v, in
}

func winner(eval int) string {
	if eval > 0 {
		return dsq.Red.String()
	}
	return dsq.Blue.String()
}

// Result returns the review, once Done.
func (r *Reviewer) Result() (*Review, error) {
	if !r.Done() {
		return nil, fmt.Errorf("review: %d of %d positions searched", r.k, r.Steps())
	}
	out := r.out
	return &out, nil
}

// Game reviews g with e in one call: every Step in turn.
func Game(ctx context.Context, e *search.Engine, g *dsq.Game, opts Options) (*Review, error) {
	r, err := New(g, opts)
	if err != nil {
		return nil, err
	}
	for !r.Done() {
		e.NewGame() // each search as the pool's steps make it: from a clear table
		if err := r.Step(ctx, e); err != nil {
			return nil, err
		}
	}
	return r.Result()
}
