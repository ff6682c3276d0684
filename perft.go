package doushouqi

import (
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
)

// Perft counts the leaf nodes of the game tree below pos to the given depth:
// the number of legal move sequences of that length. Depth 0 counts pos
// itself. A decided position has no children, so perft stops there.
//
// The last ply is counted from the move generator's bitboards without making
// the moves; PerftLeaves makes every leaf instead, and the two agree.
// PerftConfig adds goroutines and a transposition table.
func Perft(pos Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	return perft(&pos, depth)
}

func perft(p *Position, depth int) uint64 {
	if depth == 1 {
		return uint64(p.countLegalMoves())
	}
	var list [MaxMoves]Move
	n := p.generate(&list)
	var nodes uint64
	for _, m := range list[:n] {
		u := p.MakeMove(m)
		nodes += perft(p, depth-1)
		p.UnmakeMove(m, u)
	}
	return nodes
}

// PerftLeaves is Perft making and unmaking every move down to the leaves, with
// the hash kept, instead of counting the last ply: a check on make/unmake and
// a measure of their speed.
func PerftLeaves(pos Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	return perftLeaves(&pos, depth)
}

func perftLeaves(p *Position, depth int) uint64 {
	var list [MaxMoves]Move
	n := p.generate(&list)
	if depth == 1 {
		for _, m := range list[:n] {
			u := p.MakeMove(m)
			p.UnmakeMove(m, u)
		}
		return uint64(n)
	}
	var nodes uint64
	for _, m := range list[:n] {
		u := p.MakeMove(m)
		nodes += perftLeaves(p, depth-1)
		p.UnmakeMove(m, u)
	}
	return nodes
}

// MoveNodes is one line of a Divide: a root move and the leaf count below it.
type MoveNodes struct {
	Move  Move
	Nodes uint64
}

// Divide returns, for each legal move of pos sorted by its notation, the
// perft count at depth-1 below it. The counts add up to Perft(pos, depth).
func Divide(pos Position, depth int) []MoveNodes {
	return PerftConfig{}.Divide(pos, depth)
}

// PerftConfig sets how a perft runs: on how many goroutines, whether every
// leaf is made, and with how large a transposition table. Every setting gives
// the same counts. The zero value is Perft on the calling goroutine.
type PerftConfig struct {
	// Threads is the number of goroutines; 0 and 1 mean the calling
	// goroutine alone. AllThreads is runtime.GOMAXPROCS(0).
	Threads int
	// Leaves makes and unmakes every leaf instead of counting the last ply.
	Leaves bool
	// HashMiB is the size of a transposition table for subtree counts (keyed
	// by the Zobrist hash, the depth and, near the move limit, the
	// no-capture count; full 64-bit keys stored); 0 means none, and a size
	// above MaxPerftHashMiB is clamped to it. Subtrees
	// found in the table are not walked again, in either counting mode.
	// A new table is made for each call unless Table is set.
	HashMiB int
	// Table, if set, is used instead of a new table of HashMiB, so that
	// calls at growing depths reuse what the earlier ones stored.
	Table *PerftTable
	// Progress, if set, is called from one goroutine at a time after each
	// unit of work (a root move, or a pair of moves at depth 3 and more).
	Progress func(PerftProgress)
}

// PerftProgress is how far a PerftConfig run has come.
type PerftProgress struct {
	Done, Total int    // units of work finished, and in all
	Nodes       uint64 // leaves counted by the finished units
}

// AllThreads returns the number of goroutines that can run at once,
// runtime.GOMAXPROCS(0): a Threads setting that uses every core.
func AllThreads() int { return runtime.GOMAXPROCS(0) }

// Perft counts the leaves below pos at depth as Perft does.
func (c PerftConfig) Perft(pos Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	var total uint64
	for _, d := range c.Divide(pos, depth) {
		total += d.Nodes
	}
	return total
}

// Divide returns the count below each root move, sorted by the move's
// notation, as Divide does.
func (c PerftConfig) Divide(pos Position, depth int) []MoveNodes {
	if depth <= 0 {
		return nil
	}
	roots := pos.LegalMoves()
	slices.SortFunc(roots, compareMoves)
	out := make([]MoveNodes, len(roots))
	for i, m := range roots {
		out[i].Move = m
	}

	// The work: one unit per root move, or per pair of moves when there is
	// depth to spare, so that the goroutines share it out evenly.
	type unit struct {
		root  int
		moves [2]Move
		n     int
	}
	var units []unit
	for i, m := range roots {
		child := pos
		child.MakeMove(m)
		if depth < 3 {
			units = append(units, unit{root: i, moves: [2]Move{m}, n: 1})
			continue
		}
		for _, m2 := range child.LegalMoves() {
			units = append(units, unit{root: i, moves: [2]Move{m, m2}, n: 2})
		}
	}

	threads := max(1, min(c.Threads, len(units)))
	table := c.Table
	if table == nil || len(table.entries) == 0 { // a zero PerftTable is no table
		table = NewPerftTable(c.HashMiB)
	}
	counts := make([]atomic.Uint64, len(roots))
	var next atomic.Int64
	var progress sync.Mutex // guards state and calls to Progress
	state := PerftProgress{Total: len(units)}
	var wg sync.WaitGroup
	worker := func() {
		for {
			i := int(next.Add(1) - 1)
			if i >= len(units) {
				return
			}
			u := units[i]
			p := pos
			for _, m := range u.moves[:u.n] {
				p.MakeMove(m)
			}
			nodes := c.count(&p, depth-u.n, table)
			counts[u.root].Add(nodes)
			if c.Progress != nil {
				progress.Lock()
				state.Done++
				state.Nodes += nodes
				c.Progress(state)
				progress.Unlock()
			}
		}
	}
	for range threads - 1 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			worker()
		}()
	}
	worker() // the calling goroutine works too
	wg.Wait()
	for i := range out {
		out[i].Nodes = counts[i].Load()
	}
	return out
}

// count counts the leaves below p in the configured mode.
func (c PerftConfig) count(p *Position, depth int, table *PerftTable) uint64 {
	switch {
	case depth <= 0:
		return 1
	case table != nil:
		return perftHashed(p, depth, table, c.Leaves)
	case c.Leaves:
		return perftLeaves(p, depth)
	}
	return perft(p, depth)
}

// perftHashed is perft with a transposition table at depth 2 and above.
func perftHashed(p *Position, depth int, table *PerftTable, leaves bool) uint64 {
	if depth < 2 {
		if leaves {
			return perftLeaves(p, depth)
		}
		return perft(p, depth)
	}
	key := perftKey(p, depth)
	if nodes, ok := table.probe(key); ok {
		return nodes
	}
	var list [MaxMoves]Move
	n := p.generate(&list)
	var nodes uint64
	for _, m := range list[:n] {
		u := p.MakeMove(m)
		nodes += perftHashed(p, depth-1, table, leaves)
		p.UnmakeMove(m, u)
	}
	table.store(key, nodes)
	return nodes
}

// compareMoves orders moves as their notation sorts: by from file, from
// rank, to file, to rank.
func compareMoves(a, b Move) int {
	ka := [4]int{a.From().File(), a.From().Rank(), a.To().File(), a.To().Rank()}
	kb := [4]int{b.From().File(), b.From().Rank(), b.To().File(), b.To().Rank()}
	return slices.Compare(ka[:], kb[:])
}
