package endgame_test

// An independent slow solver, written from RULES.md alone: pieces as
// (side, animal, file, rank), moves found by walking the grid, one function
// per rule, and plain minimax over (position, no-capture count) with a memo.
// Quiet moves raise the count and captures shrink the material, so the game
// graph over such states has no cycles and the recursion ends. It shares no
// code with the package under test (the library is used only to turn its
// positions into doushouqi.Position values for probing).

import (
	"slices"

	dsq "github.com/doushouqi/doushouqi"
)

type slowPiece struct {
	blue       bool
	animal     int // 0 rat .. 7 elephant
	file, rank int // 0..6, 0..8
}

type slowState struct {
	board      [4]slowPiece // the first n are on the board
	n          int
	blueToMove bool
	clock      int
}

func (s *slowState) pieces() []slowPiece { return s.board[:s.n] }

type slowRules struct {
	trappedCapture, swapDogWolf bool
	limit                       int // half-moves, -1 none
}

func slowWater(f, r int) bool { return r >= 3 && r <= 5 && (f == 1 || f == 2 || f == 4 || f == 5) }

// slowDen: Red's den d1, Blue's d9.
func slowDen(f, r int, blue bool) bool {
	if blue {
		return f == 3 && r == 8
	}
	return f == 3 && r == 0
}

// slowTrap: the traps around a side's den.
func slowTrap(f, r int, blue bool) bool {
	base, next := 0, 1
	if blue {
		base, next = 8, 7
	}
	return (r == base && (f == 2 || f == 4)) || (r == next && f == 3)
}

func (r slowRules) rank(animal int) int {
	if r.swapDogWolf && animal == 2 {
		return 4
	}
	if r.swapDogWolf && animal == 3 {
		return 3
	}
	return animal + 1
}

func (s *slowState) at(f, r int) int {
	for i, p := range s.pieces() {
		if p.file == f && p.rank == r {
			return i
		}
	}
	return -1
}

// slowCanCapture applies the capture rules of RULES.md in their order.
func slowCanCapture(rules slowRules, a, d slowPiece) bool {
	if slowWater(a.file, a.rank) != slowWater(d.file, d.rank) {
		return false
	}
	if slowTrap(a.file, a.rank, !a.blue) && !rules.trappedCapture {
		return false
	}
	if slowTrap(d.file, d.rank, a.blue) {
		return true
	}
	if a.animal == 0 && d.animal == 7 {
		return true
	}
	if a.animal == 7 && d.animal == 0 {
		return false
	}
	return rules.rank(a.animal) >= rules.rank(d.animal)
}

type slowMove struct {
	piece, file, rank int
}

// moves appends the legal moves of the side to move to out.
func (s *slowState) moves(rules slowRules, out []slowMove) []slowMove {
	for i, p := range s.pieces() {
		if p.blue != s.blueToMove {
			continue
		}
		for _, d := range [4][2]int{{0, 1}, {0, -1}, {1, 0}, {-1, 0}} {
			f, r := p.file+d[0], p.rank+d[1]
			if f < 0 || f > 6 || r < 0 || r > 8 {
				continue
			}
			if slowWater(f, r) && p.animal != 0 {
				// A lion or tiger may jump: walk over the water.
				if p.animal != 5 && p.animal != 6 {
					continue
				}
				blocked := false
				for slowWater(f, r) {
					if j := s.at(f, r); j >= 0 {
						blocked = true // only a rat can be there
					}
					f, r = f+d[0], r+d[1]
				}
				if blocked {
					continue
				}
			}
			if slowDen(f, r, p.blue) {
				continue
			}
			if j := s.at(f, r); j >= 0 {
				q := s.board[j]
				if q.blue == p.blue {
					continue
				}
				moved := p
				if !slowCanCapture(rules, moved, q) {
					continue
				}
			}
			out = append(out, slowMove{i, f, r})
		}
	}
	return out
}

type slowValue struct {
	result int // -1 loss, 0 draw, 1 win for the side to move
	dist   int
}

type slowSolver struct {
	rules slowRules
	// memo holds the values found so far: by placement and side to move,
	// then by no-capture count (a placement's counts are looked up
	// together, so that a small map, not one entry per count, is searched).
	memo map[uint64][]slowMemo
}

// slowMemo is a slowValue in 4 bytes: the memo of every two-piece
// placement at every count is large.
type slowMemo struct {
	known  bool
	result int8
	dist   int16
}

func newSlowSolver(rules slowRules) *slowSolver {
	return &slowSolver{rules: rules, memo: map[uint64][]slowMemo{}}
}

// key identifies the placement and the side to move (not the count).
func (s *slowState) key() uint64 {
	var codes [4]int
	for i, p := range s.pieces() {
		c := p.animal
		if p.blue {
			c += 8
		}
		codes[i] = c<<6 | (p.rank*7 + p.file)
	}
	slices.Sort(codes[:s.n])
	var k uint64
	for _, c := range codes[:s.n] {
		k = k<<10 | uint64(c)
	}
	if s.blueToMove {
		k = k<<1 | 1
	} else {
		k <<= 1
	}
	return k | uint64(s.n)<<60
}

// solve returns the value of s: win, loss or draw for the side to move and
// the half-moves to the next zeroing event under best play.
func (sv *slowSolver) solve(s *slowState) slowValue {
	k := s.key()
	if byCount := sv.memo[k]; s.clock < len(byCount) && byCount[s.clock].known {
		m := byCount[s.clock]
		return slowValue{result: int(m.result), dist: int(m.dist)}
	}
	v := sv.search(s)
	byCount := sv.memo[k] // searching s may have grown it
	if s.clock >= len(byCount) {
		n := max(s.clock, sv.rules.limit) + 1 // the counts go up to the limit
		byCount = append(byCount, make([]slowMemo, n-len(byCount))...)
		sv.memo[k] = byCount
	}
	byCount[s.clock] = slowMemo{known: true, result: int8(v.result), dist: int16(v.dist)}
	return v
}

func (sv *slowSolver) search(s *slowState) slowValue {
	mine := 0
	for _, p := range s.pieces() {
		if p.blue == s.blueToMove {
			mine++
		}
	}
	var buf [32]slowMove
	moves := s.moves(sv.rules, buf[:0])
	if mine == 0 || len(moves) == 0 {
		return slowValue{result: -1}
	}
	if sv.rules.limit >= 0 && s.clock >= sv.rules.limit {
		return slowValue{}
	}
	best := slowValue{result: -2}
	better := func(a, b slowValue) bool { // a better than b for the mover
		score := func(v slowValue) int {
			switch v.result {
			case 1:
				return 100000 - v.dist
			case -1:
				return -100000 + v.dist
			case -2:
				return -1 << 30
			}
			return 0
		}
		return score(a) > score(b)
	}
	for _, m := range moves {
		p := s.board[m.piece]
		if slowDen(m.file, m.rank, !p.blue) {
			return slowValue{result: 1, dist: 1}
		}
		child := slowState{blueToMove: !s.blueToMove, clock: s.clock + 1}
		victim := s.at(m.file, m.rank)
		for i, q := range s.pieces() {
			if i == victim {
				continue
			}
			if i == m.piece {
				q.file, q.rank = m.file, m.rank
			}
			child.board[child.n] = q
			child.n++
		}
		if victim >= 0 {
			child.clock = 0
		}
		cv := sv.solve(&child)
		var v slowValue
		switch {
		case cv.result == 0:
		case victim >= 0:
			v = slowValue{result: -cv.result, dist: 1}
		default:
			v = slowValue{result: -cv.result, dist: cv.dist + 1}
		}
		if better(v, best) {
			best = v
		}
	}
	return best
}

// slowFromPosition reads a library position into the slow form.
func slowFromPosition(pos dsq.Position) slowState {
	s := slowState{blueToMove: pos.SideToMove() == dsq.Blue, clock: pos.NoCaptureHalfMoves()}
	for sq := dsq.Square(0); sq < dsq.NumSquares; sq++ {
		if pc := pos.PieceAt(sq); pc != dsq.NoPiece {
			s.board[s.n] = slowPiece{blue: pc.Color() == dsq.Blue, animal: int(pc.Animal()), file: sq.File(), rank: sq.Rank()}
			s.n++
		}
	}
	return s
}
