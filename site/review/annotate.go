package review

import (
	"errors"
	"fmt"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/record"
)

// The losses that grade a move (MarkLoss between them): a move that cost
// its side DubiousLoss centi-rats or more is dubious, MarkLoss a mistake,
// BlunderLoss a blunder (an elephant lost, or a win thrown away).
const (
	DubiousLoss = 100
	BlunderLoss = 900
)

// Mark returns the mark an annotator would write after move i of r (0 for
// the first): "??" (record.Blunder) for a loss of BlunderLoss or more, "?"
// (record.Mistake) for MarkLoss, "?!" (record.Dubious) for DubiousLoss, and
// "!" (record.Good) for a move that wins by force where the search of the
// position before it found no forced win for its side; record.NoMark
// otherwise, and for an i out of range. It reads r's stored fields alone,
// so a review stored before marks were graded is graded the same way.
func (r *Review) Mark(i int) record.Mark {
	if i < 0 || i >= len(r.Moves) {
		return record.NoMark
	}
	m := r.Moves[i]
	switch {
	case m.Loss >= BlunderLoss:
		return record.Blunder
	case m.Loss >= MarkLoss:
		return record.Mistake
	case m.Loss >= DubiousLoss:
		return record.Dubious
	case m.Loss == 0 && winsFor(m, m.Color) && (i == 0 || !winsFor(r.Moves[i-1], m.Color)):
		return record.Good
	}
	return record.NoMark
}

// winsFor reports whether the search found a forced win for color after m.
func winsFor(m Move, color string) bool { return m.Win != nil && m.Win.Color == color }

// ErrOtherGame is returned by Annotate for a review of another game.
var ErrOtherGame = errors.New("review: the review is not of this game")

// Annotate returns g's record annotated with its review r: each graded
// move carries its mark (Mark) and a comment with the engine's evaluation
// after it, and where the engine found a better move (a move graded "?!"
// or worse), a variation of that move with the evaluation after it, in
// the form "engine: +3.2" (rats, from Red's point of view) or "engine:
// red wins in 5" (half-moves). A review whose moves are not g's is
// ErrOtherGame.
func Annotate(g *dsq.Game, r *Review) (*record.Game, error) {
	a := record.FromGame(g)
	if len(r.Moves) != len(a.Moves) {
		return nil, ErrOtherGame
	}
	for i, n := range a.Moves {
		m := r.Moves[i]
		if m.Ply != i+1 || m.Move != n.Move.String() {
			return nil, ErrOtherGame
		}
		n.Mark = r.Mark(i)
		if n.Mark == record.NoMark {
			continue
		}
		n.After = "engine: " + evalText(m.Eval, m.Win)
		if n.Mark == record.Good || m.Best == m.Move {
			continue
		}
		best, err := dsq.ParseMove(m.Best)
		if err != nil {
			return nil, fmt.Errorf("review: move %d: the better move: %w", m.Ply, err)
		}
		n.Variations = [][]*record.Node{{{Move: best, After: "engine: " + evalText(m.BestEval, nil)}}}
	}
	return a, nil
}

// evalText writes an evaluation for a comment: a forced win with its
// length when known, else rats with a sign.
func evalText(eval int, win *Win) string {
	switch {
	case win != nil && win.In > 0:
		return fmt.Sprintf("%s wins in %d", win.Color, win.In)
	case win != nil:
		return win.Color + " wins"
	case eval >= WinEval:
		return "red wins"
	case eval <= -WinEval:
		return "blue wins"
	}
	return fmt.Sprintf("%+.1f", float64(eval)/100)
}
