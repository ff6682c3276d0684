package endgame

import (
	"errors"
	"fmt"
	"slices"

	dsq "github.com/doushouqi/doushouqi"
)

// Tables is a set of solved tables under one set of rules, probed by
// position. Once filled it may be probed from any number of goroutines;
// Generate, Add, Load, LoadDir and Close must not run at the same time as
// probes.
//
// The zero Tables is an empty set for the standard rules. A nil *Tables
// holds nothing: its probes answer false, Close does nothing, and the
// methods that would add or check a table return ErrNoTables.
type Tables struct {
	rules dsq.Rules
	byMat map[Material]*Table
}

// NewTables returns an empty set of tables for rules (Threefold is ignored:
// the tables know no history).
func NewTables(rules dsq.Rules) (*Tables, error) {
	if err := rules.Validate(); err != nil {
		return nil, err
	}
	rules.Threefold = false
	return &Tables{rules: rules, byMat: map[Material]*Table{}}, nil
}

// ErrNoTables is the error of a nil *Tables asked to add, solve, load or
// verify tables.
var ErrNoTables = errors.New("endgame: nil *Tables")

// Rules returns the rules of the tables (Standard for a nil *Tables).
func (ts *Tables) Rules() dsq.Rules {
	if ts == nil {
		return dsq.Standard
	}
	return ts.rules
}

// Table returns the table of m, or nil if it is not there.
func (ts *Tables) Table(m Material) *Table {
	if ts == nil {
		return nil
	}
	return ts.byMat[m]
}

// Materials returns the materials held, fewer pieces first, then by name.
func (ts *Tables) Materials() []Material {
	if ts == nil {
		return nil
	}
	var out []Material
	for m := range ts.byMat {
		out = append(out, m)
	}
	slices.SortFunc(out, func(a, b Material) int {
		if a.Count() != b.Count() {
			return a.Count() - b.Count()
		}
		if a.Red != b.Red {
			return int(a.Red) - int(b.Red)
		}
		return int(a.Blue) - int(b.Blue)
	})
	return out
}

// Add adds a table made under the same rules, such as one read from a file.
// A closed table is refused with ErrClosed.
func (ts *Tables) Add(t *Table) error {
	if ts == nil {
		return ErrNoTables
	}
	if t == nil || t.lay == nil {
		return fmt.Errorf("endgame: Add: no table (nil or the zero Table)")
	}
	if t.data == nil {
		return fmt.Errorf("%w: %v", ErrClosed, t.mat)
	}
	if !sameRules(t.rules, ts.rules) {
		return fmt.Errorf("endgame: table %v is for rules %v, not %v", t.mat, t.rules, ts.rules)
	}
	if ts.byMat == nil { // the zero Tables: standard rules, no table yet
		ts.byMat = map[Material]*Table{}
	}
	ts.byMat[t.mat] = t
	return nil
}

// Close releases the tables of the set that lie in mapped files (those read
// by Open, Load or LoadDir, or by ReadFile and added; see ReadFile), and
// empties the set: afterwards Probe returns false until tables are added
// again. A mapped table shared with another set by Add is closed there too.
// Close must not run at the same time as probes. It returns the first error
// of releasing a mapping.
func (ts *Tables) Close() error {
	if ts == nil {
		return nil
	}
	var first error
	for m, t := range ts.byMat {
		if t.mapped != nil {
			if err := t.Close(); err != nil && first == nil {
				first = err
			}
		}
		delete(ts.byMat, m)
	}
	return first
}

// Generate solves each of ms and every material its captures lead to that
// is not held yet, fewer pieces first, and adds them.
func (ts *Tables) Generate(ms []Material, opts Options) error {
	if ts == nil {
		return ErrNoTables
	}
	for _, m := range ms {
		if !m.Solvable() {
			return fmt.Errorf("%w: %v cannot be solved (a side without pieces, or more than %d pieces)", ErrMaterial, m, MaxPieces)
		}
	}
	if ts.byMat == nil { // the zero Tables: standard rules, no table yet
		ts.byMat = map[Material]*Table{}
	}
	var todo []Material
	for _, m := range Closure(ms...) {
		if ts.byMat[m] == nil {
			todo = append(todo, m)
		}
	}
	for n, m := range todo {
		report := func(step, steps int) {
			if opts.Progress != nil {
				opts.Progress(Progress{Material: m, Step: step, Steps: steps, Done: n, Total: len(todo)})
			}
		}
		t, err := solve(m, ts.rules, ts.byMat, opts, report)
		if err != nil {
			return err
		}
		ts.byMat[m] = t
	}
	if opts.Progress != nil && len(todo) > 0 {
		last := todo[len(todo)-1]
		opts.Progress(Progress{Material: last, Done: len(todo), Total: len(todo)})
	}
	return nil
}

// Probe returns the exact value of pos for the side to move, at pos's own
// no-capture count, and false if pos's material has no table here (or pos
// is played under other rules). A position with one side bare needs no
// table: the bare side to move has lost, the other wins with any move.
//
// Probe answers false, never a value, for what is not a position of the
// game: the zero Position (such as the result of an ignored parse error),
// or one with a piece where none may stand or pieces in both dens, which
// only MakeMove given an illegal move makes. It does not allocate.
func (ts *Tables) Probe(pos dsq.Position) (Value, bool) {
	if ts == nil || !sameRules(pos.Rules(), ts.rules) {
		return Value{}, false
	}
	m, ok := materialOf(&pos)
	if !ok {
		return Value{}, false
	}
	if v, decided := decidedValue(&pos); decided {
		return v, true
	}
	if m.Side(pos.SideToMove().Other()) == 0 {
		return Value{Result: Win, Distance: 1}, true
	}
	t := ts.byMat[m]
	if t == nil {
		return Value{}, false
	}
	return t.probe(&pos)
}

// BestMoves returns the value of pos and the moves that keep it best: for a
// win the moves that win soonest, for a loss those that hold out longest,
// for a draw those that keep the draw; in the order of the move generator.
// It returns false if pos or a position after one of its moves has no
// table.
func (ts *Tables) BestMoves(pos dsq.Position) ([]dsq.Move, Value, bool) {
	v, ok := ts.Probe(pos)
	if !ok {
		return nil, Value{}, false
	}
	var best []dsq.Move
	bestScore := 0
	for _, m := range pos.LegalMoves() {
		after, ok := ts.valueOfMove(pos, m)
		if !ok {
			return nil, Value{}, false
		}
		score := after.score()
		switch {
		case best == nil || score > bestScore:
			best, bestScore = []dsq.Move{m}, score
		case score == bestScore:
			best = append(best, m)
		}
	}
	return best, v, true
}

// valueOfMove returns the value of legal move m for the side that plays
// it: the negated value of the position after it, one half-move further,
// or a win or loss in 1 if it zeroes (a den entry or a capture).
func (ts *Tables) valueOfMove(pos dsq.Position, m dsq.Move) (Value, bool) {
	zeroing := pos.PieceAt(m.To()) != dsq.NoPiece || dsq.DenOf(pos.SideToMove().Other()).Has(m.To())
	child := pos
	if err := child.Play(m); err != nil {
		return Value{}, false
	}
	cv, ok := ts.Probe(child)
	if !ok {
		return Value{}, false
	}
	switch {
	case cv.Result == Draw:
		return Value{Result: Draw}, true
	case zeroing:
		return Value{Result: -cv.Result, Distance: 1}, true
	}
	return Value{Result: -cv.Result, Distance: cv.Distance + 1}, true
}

// score orders values from the point of view of the side to move: a sooner
// win is better, a later loss is better.
func (v Value) score() int {
	switch v.Result {
	case Win:
		return 1<<30 - v.Distance
	case Loss:
		return -(1 << 30) + v.Distance
	}
	return 0
}
