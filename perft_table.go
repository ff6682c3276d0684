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

// mix64 is splitmix64's step and finaliser: the Zobrist keys are mix64 of
// successive states, and perft table keys spread the depth, the rules and the
// no-capture count over 64 bits with it.
func mix64(z uint64) uint64 {
	z += 0x9e3779b97f4a7c15
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// MaxPerftHashMiB is the largest perft table, in MiB: NewPerftTable and
// PerftConfig.HashMiB clamp larger sizes to it, so that a size from a
// command line or a configuration cannot ask for more memory than a machine
// has.
const MaxPerftHashMiB = 4096

// NewPerftTable returns a table of at most mib MiB (a power of two number of
// 16-byte entries), mib clamped to MaxPerftHashMiB, or nil for mib <= 0. It
// is safe for concurrent use and may serve any number of perft calls, from
// any positions.
func NewPerftTable(mib int) *PerftTable {
	if mib <= 0 {
		return nil
	}
	return &PerftTable{entries: make([]perftEntry, perftEntries(mib)), mask: perftEntries(mib) - 1}
}

// perftEntries is the number of entries of a table of at most mib MiB,
// mib clamped to 1..MaxPerftHashMiB.
func perftEntries(mib int) uint64 {
	mib = min(max(mib, 1), MaxPerftHashMiB)
	n := uint64(1)
	for n*2*16 <= uint64(mib)<<20 {
		n *= 2
	}
	return n
}

// perftKey is the table key of p at the given remaining depth: the hash,
// the depth and the rules. The count below p depends on the no-capture
// count only if the move limit can be reached within the depth (count +
// depth > limit); then the count, capped at the limit, is part of the key.
func perftKey(p *Position, depth int) uint64 {
	key := p.hash ^ mix64(uint64(depth)<<40|uint64(p.variant)<<32|uint64(p.drawAt))
	if uint64(p.clock)+uint64(depth) > uint64(p.drawAt) {
		key ^= mix64(1<<63 | uint64(min(p.clock, p.drawAt)))
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
