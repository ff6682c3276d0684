package doushouqi

import "slices"

// Perft counts the leaf nodes of the game tree below pos to the given depth:
// the number of legal move sequences of that length. Depth 0 counts pos
// itself. A decided position has no children, so perft stops there.
//
// The last ply is counted from the move generator's bitboards without making
// the moves; PerftLeaves makes every leaf instead, and the two agree.
func Perft(pos Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	return perft(&pos, depth)
}

func perft(p *Position, depth int) uint64 {
	if depth == 1 {
		return uint64(p.CountLegalMoves())
	}
	var buf [MaxMoves]Move
	var nodes uint64
	for _, m := range p.AppendLegalMoves(buf[:0]) {
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
	return perftLeaves(&pos, depth)
}

func perftLeaves(p *Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	var buf [MaxMoves]Move
	var nodes uint64
	for _, m := range p.AppendLegalMoves(buf[:0]) {
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
	if depth <= 0 {
		return nil
	}
	moves := pos.LegalMoves()
	slices.SortFunc(moves, func(a, b Move) int {
		return compareSquares(a, b)
	})
	out := make([]MoveNodes, 0, len(moves))
	for _, m := range moves {
		child := pos
		child.MakeMove(m)
		out = append(out, MoveNodes{Move: m, Nodes: Perft(child, depth-1)})
	}
	return out
}

// compareSquares orders moves as their notation sorts: by from file, from
// rank, to file, to rank.
func compareSquares(a, b Move) int {
	ka := [4]int{a.From().File(), a.From().Rank(), a.To().File(), a.To().Rank()}
	kb := [4]int{b.From().File(), b.From().Rank(), b.To().File(), b.To().Rank()}
	return slices.Compare(ka[:], kb[:])
}
