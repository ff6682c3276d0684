package search

import (
	"sync/atomic"

	dsq "github.com/doushouqi/doushouqi"
)

// table is the transposition table, shared by the threads of a search
// without locks: each entry is two words written and read atomically, the
// key stored XORed with the data, so that a torn entry (one word from one
// thread, the other from another) does not match its key and is ignored.
type table struct {
	slots []uint64 // 2 per entry: key^data, data
	mask  uint64   // entries - 1
}

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

// newTable returns a table of about mib MiB (at least 1).
func newTable(mib int) *table {
	n := uint64(1)
	for n*2*16 <= uint64(max(mib, 1))<<20 {
		n *= 2
	}
	return &table{slots: make([]uint64, 2*n), mask: n - 1}
}

func (t *table) clear() { clear(t.slots) }

func (en entry) pack() uint64 {
	return uint64(uint16(en.move)) | uint64(uint32(en.score))<<16 | uint64(uint8(en.depth))<<48 | uint64(en.bound)<<56
}

func unpack(d uint64) entry {
	return entry{move: dsq.Move(uint16(d)), score: int32(uint32(d >> 16)), depth: int8(uint8(d >> 48)), bound: uint8(d >> 56)}
}

// probe returns the entry of key, if the table holds one.
func (t *table) probe(key uint64) (entry, bool) {
	i := 2 * (key & t.mask)
	data := atomic.LoadUint64(&t.slots[i+1])
	if atomic.LoadUint64(&t.slots[i])^data != key || data == 0 {
		return entry{}, false
	}
	return unpack(data), true
}

// store keeps en for key, replacing what the slot held.
func (t *table) store(key uint64, en entry) {
	i := 2 * (key & t.mask)
	data := en.pack()
	atomic.StoreUint64(&t.slots[i], key^data)
	atomic.StoreUint64(&t.slots[i+1], data)
}
