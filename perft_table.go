package doushouqi

import "sync/atomic"

// PerftTable is a transposition table for perft: subtree counts keyed by the
// position's Zobrist hash, the remaining depth and, where the move limit can
// be reached within that depth, the no-capture count. The full 64-bit key is
// stored and checked, so a hit is a hit on the same key; the rest of the risk
// is a 64-bit hash collision.
//
// Entries are two words written with atomic stores and checked with the XOR
// trick (check = key ^ nodes), so goroutines share one table without locks
// and a torn entry reads as a miss.
type PerftTable struct {
	entries []perftEntry
	mask    uint64
}

type perftEntry struct {
	check atomic.Uint64 // key ^ nodes
	nodes atomic.Uint64
}

// perftDepthKeys and perftClockKeys are mixed into the hash to form table
// keys; they come from splitmix64 with their own fixed seed.
var (
	perftDepthKeys [64]uint64
	perftClockKeys [DrawHalfMoves + 1]uint64
)

func init() {
	state := uint64(0x7065_7266_74) // "perft"
	next := func() uint64 {
		state += 0x9e3779b97f4a7c15
		z := state
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		return z ^ z>>31
	}
	for i := range perftDepthKeys {
		perftDepthKeys[i] = next()
	}
	for i := range perftClockKeys {
		perftClockKeys[i] = next()
	}
}

// NewPerftTable returns a table of at most mib MiB (a power of two number of
// 16-byte entries), or nil for mib <= 0. It is safe for concurrent use and
// may serve any number of perft calls, from any positions.
func NewPerftTable(mib int) *PerftTable {
	if mib <= 0 {
		return nil
	}
	n := uint64(1)
	for n*2*16 <= uint64(mib)<<20 {
		n *= 2
	}
	return &PerftTable{entries: make([]perftEntry, n), mask: n - 1}
}

// perftKey is the table key of p at the given remaining depth. The count
// below p depends on the no-capture count only if the move limit can be
// reached within the depth (count + depth > DrawHalfMoves); then the count,
// capped at the limit, is part of the key.
func perftKey(p *Position, depth int) uint64 {
	key := p.hash ^ perftDepthKeys[depth&63]
	if int(p.clock)+depth > DrawHalfMoves {
		key ^= perftClockKeys[min(p.clock, DrawHalfMoves)]
	}
	return key
}

func (t *PerftTable) probe(key uint64) (uint64, bool) {
	e := &t.entries[key&t.mask]
	nodes := e.nodes.Load()
	if e.check.Load()^nodes == key {
		return nodes, true
	}
	return 0, false
}

func (t *PerftTable) store(key, nodes uint64) {
	e := &t.entries[key&t.mask]
	e.nodes.Store(nodes)
	e.check.Store(key ^ nodes)
}
