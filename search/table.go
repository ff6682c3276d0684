package search

import (
	"fmt"
	"sync/atomic"

	dsq "github.com/doushouqi/doushouqi"
)

// MaxHashMiB is the largest transposition table, in MiB: NewTable refuses
// a larger size and NewEngine clamps to it, so that a size from a
// configuration file or a protocol message cannot ask for more memory
// than any machine running a game has.
const MaxHashMiB = 4096

// Table is a transposition table: what searches learned about positions,
// which later searches (the next iterations, the next moves of a game)
// read to order their moves and cut their work. An engine made by
// NewEngine has a table of its own; NewEngineWithTable makes engines that
// share one, so that a server with an engine per game pays for one table,
// not one per game.
//
// A Table is safe for concurrent use: any number of engines may search
// with it at once, and Clear may run during their searches. An entry
// written by one search while another reads it is seen whole or not at
// all, never as a mix of the two; a search that finds nothing for a
// position searches it.
type Table struct {
	// Two words per entry, key^data and data, each written and read
	// atomically: an entry torn between two writers fails its key check.
	slots []uint64
	mask  uint64 // entries - 1
}

// NewTable returns an empty table of about mib MiB (the largest power of
// two number of 16-byte entries that fits), for mib from 1 to MaxHashMiB.
// Other sizes are refused with an error wrapping ErrOptions, before any
// memory is allocated.
func NewTable(mib int) (*Table, error) {
	if mib < 1 || mib > MaxHashMiB {
		return nil, fmt.Errorf("%w: table of %d MiB, want 1..%d", ErrOptions, mib, MaxHashMiB)
	}
	return newTable(mib), nil
}

// newTable returns a table of about mib MiB, mib clamped to 1..MaxHashMiB.
func newTable(mib int) *Table {
	n := tableEntries(mib)
	return &Table{slots: make([]uint64, 2*n), mask: n - 1}
}

// tableEntries is the number of entries of a table of about mib MiB, mib
// clamped to 1..MaxHashMiB.
func tableEntries(mib int) uint64 {
	mib = min(max(mib, 1), MaxHashMiB)
	n := uint64(1)
	for n*2*16 <= uint64(mib)<<20 {
		n *= 2
	}
	return n
}

// Bytes returns the table's size in bytes: 0 for a nil or zero Table,
// which holds nothing.
func (t *Table) Bytes() int {
	if t == nil {
		return 0
	}
	return 8 * len(t.slots)
}

// Clear empties the table. Searches running with it go on, without what
// they had stored. On a nil Table it does nothing.
func (t *Table) Clear() {
	if t == nil {
		return
	}
	for i := range t.slots {
		atomic.StoreUint64(&t.slots[i], 0)
	}
}

// clear empties a table no other goroutine uses.
func (t *Table) clear() { clear(t.slots) }

// entry is what the table keeps about a position.
type entry struct {
	move  dsq.Move
	score int32
	depth int8
	bound uint8
}

// Bounds of a stored score.
const (
	exact uint8 = iota + 1
	lower
	upper
)

func (en entry) pack() uint64 {
	return uint64(uint16(en.move)) | uint64(uint32(en.score))<<16 | uint64(uint8(en.depth))<<48 | uint64(en.bound)<<56
}

func unpack(d uint64) entry {
	return entry{move: dsq.Move(uint16(d)), score: int32(uint32(d >> 16)), depth: int8(uint8(d >> 48)), bound: uint8(d >> 56)}
}

// probe returns the entry of key, if the table holds one.
func (t *Table) probe(key uint64) (entry, bool) {
	i := 2 * (key & t.mask)
	data := atomic.LoadUint64(&t.slots[i+1])
	if atomic.LoadUint64(&t.slots[i])^data != key || data == 0 {
		return entry{}, false
	}
	return unpack(data), true
}

// store keeps en for key, replacing what the slot held.
func (t *Table) store(key uint64, en entry) {
	i := 2 * (key & t.mask)
	data := en.pack()
	atomic.StoreUint64(&t.slots[i], key^data)
	atomic.StoreUint64(&t.slots[i+1], data)
}
