package review

import (
	"context"
	"errors"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/search"
)

// Line is one engine line of an analysis board: a move, its evaluation on
// the review's scale from Red's point of view (WinEval for a forced win,
// Win saying whose and in how many half-moves from pos), and the line the
// engine expects, the move first.
type Line struct {
	Move  string   `json:"move"`
	Eval  int      `json:"eval"`
	Win   *Win     `json:"win,omitempty"`
	PV    []string `json:"pv"`
	Depth int      `json:"depth"`
}

// Lines returns up to n engine lines of pos, best first, from one search
// of opts.Nodes nodes (DefaultNodes if 0) with n lines (search.Options
// MultiPV): none for a position with no legal move or already decided.
func Lines(ctx context.Context, e *search.Engine, pos dsq.Position, opts Options, n int) ([]Line, error) {
	if n < 1 || pos.Outcome().IsDecided() {
		return nil, nil
	}
	if opts.Nodes == 0 {
		opts.Nodes = DefaultNodes
	}
	res, err := e.Search(ctx, pos, search.Options{Nodes: opts.Nodes, Tables: opts.Tables, MultiPV: n})
	if errors.Is(err, search.ErrNoMove) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	found := res.Lines
	if len(found) == 0 { // one line asked, or the tables' move
		found = []search.Line{{Move: res.Move, Score: res.Score, PV: res.PV}}
	}
	out := make([]Line, 0, len(found))
	for _, f := range found {
		eval, in := forRed(score{f.Score}, pos.SideToMove())
		l := Line{Move: f.Move.String(), Eval: eval, Depth: res.Depth, PV: make([]string, 0, len(f.PV))}
		if in >= 0 {
			l.Win = &Win{Color: winner(eval), In: in}
		}
		for _, m := range f.PV {
			l.PV = append(l.PV, m.String())
		}
		out = append(out, l)
	}
	return out, nil
}
