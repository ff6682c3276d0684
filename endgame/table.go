package endgame

import (
	"encoding/binary"
	"runtime"
	"runtime/debug"

	dsq "github.com/doushouqi/doushouqi"
)

// Table is the solved table of one material under one set of rules: an entry
// code for every index of the material's layout, with either side to move.
// It is read-only once made and may be probed from any number of goroutines.
//
// The zero Table and a nil *Table hold no table: their probes answer false,
// their counts are zero, and writing them is an error.
type Table struct {
	mat   Material
	rules dsq.Rules
	limit int
	lay   *layout
	width int    // bytes per entry: 1 or 2
	data  []byte // the entries, little-endian, in index order; nil once closed

	mapped  []byte          // the whole file's mapping, when data lies in one
	cleanup runtime.Cleanup // unmaps mapped if the table is dropped unclosed
}

func newTable(lay *layout, rules dsq.Rules, codes []uint16, top uint16) *Table {
	t := &Table{mat: lay.mat, rules: rules, limit: rules.DrawLimit(), lay: lay, width: 1}
	if top > 0xFF {
		t.width = 2
	}
	t.data = make([]byte, len(codes)*t.width)
	for i, c := range codes {
		if t.width == 1 {
			t.data[i] = byte(c)
		} else {
			binary.LittleEndian.PutUint16(t.data[2*i:], c)
		}
	}
	return t
}

// Material returns the material the table solves.
func (t *Table) Material() Material {
	if t == nil {
		return Material{}
	}
	return t.mat
}

// Rules returns the rules the table was solved under.
func (t *Table) Rules() dsq.Rules {
	if t == nil {
		return dsq.Standard
	}
	return t.rules
}

// Len returns the number of entries (both sides to move, holes included).
func (t *Table) Len() int {
	if t == nil {
		return 0
	}
	return t.lay.size()
}

// Bytes returns the size of the entries in bytes.
func (t *Table) Bytes() int {
	if t == nil {
		return 0
	}
	return len(t.data)
}

// code returns the entry at index i.
func (t *Table) code(i int) uint16 {
	var c uint16
	if t.width == 1 {
		c = uint16(t.data[i])
	} else {
		c = binary.LittleEndian.Uint16(t.data[2*i:])
	}
	// t must outlive the read: its cleanup unmaps data once t is unreachable.
	runtime.KeepAlive(t)
	return c
}

// Close releases the table's entries: the file mapping of a table read by
// ReadFile, or the heap. Afterwards Probe returns false, and WriteTo,
// Verify and solving with it as a child return ErrClosed. Close must not
// run at the same time as a probe of the table; closing twice is harmless.
func (t *Table) Close() error {
	if t == nil || t.data == nil {
		return nil
	}
	t.data = nil
	if t.mapped == nil {
		return nil
	}
	t.cleanup.Stop()
	b := t.mapped
	t.mapped = nil
	return unmapFile(b)
}

// Probe returns the value of pos, whose material must be the table's and
// whose rules the table's (Threefold aside): the value for the side to
// move at pos's own no-capture count. It returns false for another material
// or other rules, for a closed table, for what is not a position of the
// game (as Tables.Probe), and for a mapped file truncated in place since it
// was opened (see ReadFile).
func (t *Table) Probe(pos dsq.Position) (Value, bool) {
	if t == nil || t.data == nil || !sameRules(pos.Rules(), t.rules) {
		return Value{}, false
	}
	if m, ok := materialOf(&pos); !ok || m != t.mat {
		return Value{}, false
	}
	return t.probe(&pos)
}

// probe is Probe once pos is known to be a position of the game of the
// table's material and rules.
func (t *Table) probe(pos *dsq.Position) (Value, bool) {
	if t.data == nil {
		return Value{}, false
	}
	if v, decided := decidedValue(pos); decided {
		return v, true
	}
	c, ok := t.probeCode(t.lay.indexOf(pos))
	if !ok {
		return Value{}, false
	}
	return valueAt(c, pos.NoCaptureHalfMoves(), t.limit)
}

// probeCode returns the entry at index i, and false if reading it faults:
// a mapped file truncated in place since it was opened has lost the page,
// and the system's bus error becomes a probe without a value here rather
// than the end of the process.
func (t *Table) probeCode(i int) (c uint16, ok bool) {
	if t.mapped == nil {
		return t.code(i), true
	}
	old := debug.SetPanicOnFault(true)
	defer func() {
		debug.SetPanicOnFault(old)
		if r := recover(); r != nil {
			if _, fault := r.(interface{ Addr() uintptr }); !fault {
				panic(r)
			}
			c, ok = 0, false
		}
	}()
	return t.code(i), true
}

// sameRules compares the rules that positions and tables use: Threefold is
// a Game's business and is ignored.
func sameRules(a, b dsq.Rules) bool {
	a.Threefold, b.Threefold = false, false
	if a.MoveLimit == dsq.DrawHalfMoves {
		a.MoveLimit = 0
	}
	if b.MoveLimit == dsq.DrawHalfMoves {
		b.MoveLimit = 0
	}
	return a == b
}

// decidedValue returns the value of a position the rules have decided.
func decidedValue(pos *dsq.Position) (Value, bool) {
	o := pos.Outcome()
	switch {
	case !o.IsDecided():
		return Value{}, false
	case o.IsDraw():
		return Value{Result: Draw}, true
	case o.Winner == pos.SideToMove():
		return Value{Result: Win}, true
	}
	return Value{Result: Loss}, true
}
