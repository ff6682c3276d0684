package endgame

import (
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"

	dsq "github.com/doushouqi/doushouqi"
)

// Options sets how tables are generated.
type Options struct {
	// Threads is the number of goroutines; 0 means one per core
	// (runtime.GOMAXPROCS).
	Threads int
	// Progress, if set, is called from one goroutine at a time as the work
	// goes on.
	Progress func(Progress)
}

// Progress is how far a generation has come.
type Progress struct {
	Material    Material // the table being solved
	Step, Steps int      // passes done over it, and the passes it takes at most
	Done, Total int      // tables finished, and to do in all
}

// The solver's work word for each position:
//
//	bits 0..7    quiet moves whose child is not yet known to be won for the opponent
//	bit 8        the side to move has a capture into a drawn position: it cannot lose
//	bits 16..31  the entry code once known, 0 while unknown, workInvalid for a hole
const (
	workCounter = 0xFF
	workEscape  = 1 << 8
	workShift   = 16
	workInvalid = 0xFFFF
)

// solver solves one material given the tables of the materials its captures
// lead to.
type solver struct {
	lay      *layout
	rules    dsq.Rules
	limit    int // -1: none
	children map[Material]*Table
	work     []uint32
	threads  int
}

// solve returns the table of m. children must hold the table of every
// solvable material one capture away from m.
func solve(m Material, rules dsq.Rules, children map[Material]*Table, opts Options, report func(step, steps int)) (*Table, error) {
	if !m.Solvable() {
		return nil, fmt.Errorf("%w: %v cannot be solved (a side without pieces, or more than %d pieces)", ErrMaterial, m, MaxPieces)
	}
	for _, p := range m.Pieces() {
		if c := m.Without(p.Color(), p.Animal()); c.Solvable() && children[c] == nil {
			return nil, fmt.Errorf("endgame: solving %v needs the table of %v first", m, c)
		} else if c.Solvable() && children[c].data == nil {
			return nil, fmt.Errorf("%w: solving %v needs the table of %v", ErrClosed, m, c)
		}
	}
	s := &solver{lay: newLayout(m), rules: rules, limit: rules.DrawLimit(), children: children}
	s.threads = opts.Threads
	if s.threads <= 0 {
		s.threads = runtime.GOMAXPROCS(0)
	}
	s.work = make([]uint32, s.lay.size())
	steps := s.limit + 1
	if s.limit < 0 {
		steps = 0
	}
	lost0, lost1, won1, err := s.initial()
	if err != nil {
		return nil, err
	}
	report(1, steps)
	// lost[d] are the positions found lost in d, waiting for round d+1.
	lost := map[int][]int32{0: lost0, 1: lost1}
	for d := 1; ; d++ {
		if s.limit >= 0 && d > s.limit {
			break
		}
		if len(lost[d-1]) == 0 && len(lost[d]) == 0 && (d > 1 || len(won1) == 0) {
			break // nothing left to find: no round can mark anything any more
		}
		if d+1 > maxDistance {
			return nil, fmt.Errorf("endgame: %v: distances beyond %d half-moves do not fit the table", m, maxDistance)
		}
		won := s.markWins(d, lost[d-1])
		delete(lost, d-1)
		if d == 1 {
			won = append(won, won1...)
		}
		lost[d+1] = s.markLosses(d, won)
		report(d+1, steps)
	}
	return s.table(), nil
}

// parallel runs body over [0, n) in chunks on the solver's goroutines. Each
// goroutine has its own collector, and what they collect is returned joined.
func (s *solver) parallel(n int, body func(lo, hi int, out *collector) error) (collector, error) {
	const chunk = 1 << 12
	var next atomic.Int64
	var wg sync.WaitGroup
	errs := make([]error, s.threads)
	outs := make([]collector, s.threads)
	for t := range s.threads {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				lo := int(next.Add(chunk)) - chunk
				if lo >= n {
					return
				}
				if err := body(lo, min(lo+chunk, n), &outs[t]); err != nil {
					errs[t] = err
					return
				}
			}
		}()
	}
	wg.Wait()
	var all collector
	for t := range outs {
		if errs[t] != nil {
			return collector{}, errs[t]
		}
		for k := range all {
			all[k] = append(all[k], outs[t][k]...)
		}
	}
	return all, nil
}

// collector gathers indexes found by one goroutine: [0] and [1] losses in 0
// and 1 and [2] wins in 1 in the first pass; [0] alone in the later ones.
type collector [3][]int32

// initial sets every position's first word: holes, decided positions, wins
// by a den entry or a capture, losses with no move or only losing captures,
// and otherwise the number of quiet moves and whether a capture draws. It
// returns the undecided positions it found lost in 0 and 1 and won in 1.
func (s *solver) initial() (lost0, lost1, won1 []int32, err error) {
	l := s.lay
	found, err := s.parallel(l.size(), func(lo, hi int, out *collector) error {
		var buf [dsq.MaxMoves]genMove
		var sq [MaxPieces]dsq.Square
		for i := lo; i < hi; i++ {
			side := l.decode(i, &sq)
			switch {
			case !l.valid(&sq):
				s.work[i] = workInvalid << workShift
				continue
			case l.denEntered(&sq, side):
				s.work[i] = uint32(winCode(0)) << workShift
				continue
			case l.denEntered(&sq, side.Other()):
				s.work[i] = uint32(lossCode(0)) << workShift
				continue
			}
			w, err := s.firstWord(&sq, side, buf[:0])
			if err != nil {
				return err
			}
			s.work[i] = w
			switch uint16(w >> workShift) {
			case lossCode(0):
				out[0] = append(out[0], int32(i))
			case lossCode(1):
				out[1] = append(out[1], int32(i))
			case winCode(1):
				out[2] = append(out[2], int32(i))
			}
		}
		return nil
	})
	return found[0], found[1], found[2], err
}

// firstWord classifies the moves of one undecided position.
func (s *solver) firstWord(sq *[MaxPieces]dsq.Square, side dsq.Color, buf []genMove) (uint32, error) {
	l := s.lay
	moves := l.genMoves(buf, sq, side, s.rules)
	if len(moves) == 0 {
		return uint32(lossCode(0)) << workShift, nil
	}
	enemyDen := dsq.DenOf(side.Other())
	enemies := 0
	for k := 0; k < l.n; k++ {
		if l.pieces[k].Color() != side {
			enemies++
		}
	}
	var quiet uint32
	escape := false
	for _, m := range moves {
		switch {
		case enemyDen.Has(m.to):
			return uint32(winCode(1)) << workShift, nil
		case m.victim < 0:
			quiet++
			continue
		case enemies == 1:
			return uint32(winCode(1)) << workShift, nil // the opponent is left without pieces
		}
		v, err := s.afterCapture(sq, side, m)
		if err != nil {
			return 0, err
		}
		switch v.Result {
		case Loss:
			return uint32(winCode(1)) << workShift, nil
		case Draw:
			escape = true
		}
	}
	if quiet == 0 && !escape {
		return uint32(lossCode(1)) << workShift, nil // every move is a capture that loses
	}
	w := quiet
	if escape {
		w |= workEscape
	}
	return w, nil
}

// afterCapture returns the value, for the opponent, of the position after
// the capture m of piece victim: a position of a smaller material with a
// no-capture count of 0.
func (s *solver) afterCapture(sq *[MaxPieces]dsq.Square, side dsq.Color, m genMove) (Value, error) {
	victim := m.victim
	l := s.lay
	vp := l.pieces[victim]
	t := s.children[l.mat.Without(vp.Color(), vp.Animal())]
	if t == nil {
		return Value{}, fmt.Errorf("endgame: %v: no table for %v", l.mat, l.mat.Without(vp.Color(), vp.Animal()))
	}
	if t.data == nil {
		return Value{}, fmt.Errorf("%w: %v: the table of %v", ErrClosed, l.mat, t.mat)
	}
	var csq [MaxPieces]dsq.Square
	n := 0
	for k := 0; k < l.n; k++ {
		if k == victim {
			continue
		}
		csq[n] = sq[k]
		if k == m.k {
			csq[n] = m.to
		}
		n++
	}
	v, ok := valueAt(t.code(t.lay.encode(&csq, side.Other())), 0, s.limit)
	if !ok {
		return Value{}, fmt.Errorf("endgame: %v: capture on %v leads to a hole of %v", l.mat, m.to, t.mat)
	}
	return v, nil
}

// markWins is pass A of round d: every position with a quiet move into one
// of lost, the positions lost in d-1, is won in d if not known yet. It
// returns those it marks.
func (s *solver) markWins(d int, lost []int32) []int32 {
	l := s.lay
	set := uint32(winCode(d)) << workShift
	found, _ := s.parallel(len(lost), func(lo, hi int, out *collector) error {
		var sq [MaxPieces]dsq.Square
		for _, i := range lost[lo:hi] {
			side := l.decode(int(i), &sq)
			l.unmoves(int(i), &sq, side, func(p int) {
				for {
					old := atomic.LoadUint32(&s.work[p])
					if old>>workShift != 0 {
						return
					}
					if atomic.CompareAndSwapUint32(&s.work[p], old, old|set) {
						out[0] = append(out[0], int32(p))
						return
					}
				}
			})
		}
		return nil
	})
	return found[0]
}

// markLosses is pass B of round d: each of won, the positions won in d,
// takes one from the counter of every position with a quiet move into it. A
// position whose counter reaches 0, with no drawing capture and not yet
// known, has only losing moves, the longest lasting d+1 half-moves: it is
// lost in d+1, if that is within the limit. It returns those it marks.
func (s *solver) markLosses(d int, won []int32) []int32 {
	l := s.lay
	set := uint32(lossCode(d+1)) << workShift
	inLimit := s.limit < 0 || d+1 <= s.limit
	found, _ := s.parallel(len(won), func(lo, hi int, out *collector) error {
		var sq [MaxPieces]dsq.Square
		for _, i := range won[lo:hi] {
			side := l.decode(int(i), &sq)
			l.unmoves(int(i), &sq, side, func(p int) {
				if atomic.LoadUint32(&s.work[p])>>workShift != 0 {
					return
				}
				w := atomic.AddUint32(&s.work[p], ^uint32(0))
				if w&(workCounter|workEscape) == 0 && w>>workShift == 0 && inLimit {
					atomic.StoreUint32(&s.work[p], w|set)
					out[0] = append(out[0], int32(p))
				}
			})
		}
		return nil
	})
	return found[0]
}

// table turns the work words into entry codes.
func (s *solver) table() *Table {
	codes := make([]uint16, len(s.work))
	var top uint16
	for i, w := range s.work {
		c := uint16(w >> workShift)
		switch c {
		case 0:
			c = codeDraw
		case workInvalid:
			c = codeInvalid
		}
		codes[i] = c
		top = max(top, c)
	}
	s.work = nil
	return newTable(s.lay, s.rules, codes, top)
}
