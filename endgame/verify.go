package endgame

import (
	"fmt"

	dsq "github.com/doushouqi/doushouqi"
)

// Verify checks every entry of the table of m against its children, by
// forward moves rather than the retrograde ones that solved it: with d(X)
// the stored distance of a child X (captures are read from the smaller
// tables at count 0, and count as 1),
//
//	win in d:  d is the least of 1 (a den entry, or a capture after which
//	           the opponent loses) and 1 + d(Q) over quiet moves to losses Q
//	loss in d: every move loses and d is the greatest of 1 (per capture) and
//	           1 + d(Q) over quiet moves, or 0 with no move
//	draw:      neither of the above within the limit.
//
// Distances fall by one along every winning line, so no cycle can justify a
// win, and an entry that passes is the exact value. It returns the first
// entry that fails, as an error naming the position.
func (ts *Tables) Verify(m Material, opts Options) error {
	if ts == nil {
		return ErrNoTables
	}
	t := ts.byMat[m]
	if t == nil {
		return fmt.Errorf("%w: no table for %v", ErrMaterial, m)
	}
	if t.data == nil {
		return fmt.Errorf("%w: %v", ErrClosed, m)
	}
	s := &solver{lay: t.lay, rules: t.rules, limit: t.limit, children: ts.byMat, threads: opts.Threads}
	if s.threads <= 0 {
		s.threads = dsq.AllThreads()
	}
	_, err := s.parallel(t.lay.size(), func(lo, hi int, _ *collector) error {
		var buf [dsq.MaxMoves]genMove
		var sq [MaxPieces]dsq.Square
		for i := lo; i < hi; i++ {
			side := t.lay.decode(i, &sq)
			got := t.code(i)
			want, err := s.expected(t, &sq, side, buf[:0])
			if err != nil {
				return err
			}
			if got != want {
				pos, _ := dsq.NewPosition(t.lay.setup(&sq, side, t.rules, 0))
				gr, gd, _ := decodeRaw(got)
				wr, wd, _ := decodeRaw(want)
				return fmt.Errorf("endgame: %v index %d (%v): stored %v in %d, its moves give %v in %d", m, i, pos, gr, gd, wr, wd)
			}
		}
		return nil
	})
	return err
}

// expected computes the code of one index from its children.
func (s *solver) expected(t *Table, sq *[MaxPieces]dsq.Square, side dsq.Color, buf []genMove) (uint16, error) {
	l := t.lay
	switch {
	case !l.valid(sq):
		return codeInvalid, nil
	case l.denEntered(sq, side):
		return winCode(0), nil
	case l.denEntered(sq, side.Other()):
		return lossCode(0), nil
	}
	moves := l.genMoves(buf, sq, side, t.rules)
	if len(moves) == 0 {
		return lossCode(0), nil
	}
	enemies := 0
	for k := 0; k < l.n; k++ {
		if l.pieces[k].Color() != side {
			enemies++
		}
	}
	win, loss, canLose := -1, 0, true
	for _, m := range moves {
		d := -1 // my win in d; -2: a draw; otherwise a loss in -d-3
		switch {
		case dsq.DenOf(side.Other()).Has(m.to) || (m.victim >= 0 && enemies == 1):
			d = 1
		case m.victim >= 0:
			v, err := s.afterCapture(sq, side, m)
			if err != nil {
				return 0, err
			}
			switch v.Result {
			case Loss:
				d = 1
			case Draw:
				d = -2
			default:
				d = -1 - 3
			}
		default:
			csq := *sq
			csq[m.k] = m.to
			r, cd, _ := decodeRaw(t.code(l.encode(&csq, side.Other())))
			switch r {
			case Loss:
				d = cd + 1
			case Draw:
				d = -2
			default:
				d = -(cd + 1) - 3
			}
		}
		switch {
		case d > 0: // the opponent loses after it, if not within the limit
			canLose = false
			if win < 0 || d < win {
				win = d
			}
		case d == -2:
			canLose = false
		default:
			loss = max(loss, -d-3)
		}
	}
	inLimit := func(d int) bool { return s.limit < 0 || d <= s.limit }
	switch {
	case win > 0 && inLimit(win):
		return winCode(win), nil
	case canLose && inLimit(loss):
		return lossCode(loss), nil
	}
	return codeDraw, nil
}
