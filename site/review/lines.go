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

// Lines returns up to n engine lines of pos, best first, each from a search
// of opts.Nodes nodes (DefaultNodes if 0): none for a position with no
// legal move or already decided.
//
// The library's search returns one line: until search.Options offers more
// (multi-PV), Lines returns the best line alone whatever n asks, and that
// is the one place to ask for n lines when it does.
func Lines(ctx context.Context, e *search.Engine, pos dsq.Position, opts Options, n int) ([]Line, error) {
	if n < 1 || pos.Outcome().IsDecided() {
		return nil, nil
	}
	if opts.Nodes == 0 {
		opts.Nodes = DefaultNodes
	}
	res, err := e.Search(ctx, pos, search.Options{Nodes: opts.Nodes, Tables: opts.Tables})
	if errors.Is(err, search.ErrNoMove) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	eval, in := forRed(score{res.Score}, pos.SideToMove())
	l := Line{Move: res.Move.String(), Eval: eval, Depth: res.Depth, PV: make([]string, 0, len(res.PV))}
	if in >= 0 {
		l.Win = &Win{Color: winner(eval), In: in}
	}
	for _, m := range res.PV {
		l.PV = append(l.PV, m.String())
	}
	return []Line{l}, nil
}
