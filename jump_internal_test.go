package doushouqi

import (
	"testing"
)

// The step and jump tables are checked against a naive computation from
// coordinates and the list of river jumps as RULES.md states it.

func TestStepTable(t *testing.T) {
	for sq := range Square(NumSquares) {
		var want Bitboard
		f, r := sq.File(), sq.Rank()
		for _, d := range [][2]int{{0, 1}, {0, -1}, {1, 0}, {-1, 0}} {
			nf, nr := f+d[0], r+d[1]
			if nf >= 0 && nf < 7 && nr >= 0 && nr < 9 {
				want |= 1 << (nr*7 + nf)
			}
		}
		if stepTargets[sq] != want {
			t.Errorf("stepTargets[%s] =\n%vwant\n%v", sq, stepTargets[sq], want)
		}
	}
	if stepTargets[NoSquare] != 0 || jumpsFrom[NoSquare] != [2]riverJump{} {
		t.Errorf("tables for NoSquare are not empty")
	}
}

func TestJumpTable(t *testing.T) {
	// RULES.md: vertical jumps rank 3 <-> rank 7 on files b, c, e, f;
	// horizontal jumps file a <-> d and d <-> g on ranks 4-6.
	type jump struct{ from, to Square }
	want := map[jump]Bitboard{}
	for _, f := range []int{1, 2, 4, 5} {
		path := Bitboard(0)
		for r := 3; r <= 5; r++ {
			path |= SquareAt(f, r).Bitboard()
		}
		want[jump{SquareAt(f, 2), SquareAt(f, 6)}] = path
		want[jump{SquareAt(f, 6), SquareAt(f, 2)}] = path
	}
	for r := 3; r <= 5; r++ {
		left := SquareAt(1, r).Bitboard() | SquareAt(2, r).Bitboard()
		right := SquareAt(4, r).Bitboard() | SquareAt(5, r).Bitboard()
		want[jump{SquareAt(0, r), SquareAt(3, r)}] = left
		want[jump{SquareAt(3, r), SquareAt(0, r)}] = left
		want[jump{SquareAt(3, r), SquareAt(6, r)}] = right
		want[jump{SquareAt(6, r), SquareAt(3, r)}] = right
	}
	found := 0
	for from := range Square(NumSquares) {
		for to := range Square(NumSquares) {
			path, ok := JumpPath(from, to)
			wantPath, wantOK := want[jump{from, to}]
			if ok != wantOK || path != wantPath {
				t.Errorf("JumpPath(%s, %s) = %x, %v; want %x, %v", from, to, path, ok, wantPath, wantOK)
			}
			if ok {
				found++
			}
		}
	}
	if found != len(want) || len(want) != 20 {
		t.Errorf("found %d jumps, want %d (20)", found, len(want))
	}
	// Masked by rats: each water square of a path blocks it alone.
	for j, path := range want {
		if got := jumpTargets(j.from, 0); !got.Has(j.to) {
			t.Errorf("jumpTargets(%s, no rats) misses %s", j.from, j.to)
		}
		for rat := range path.Squares() {
			if jumpTargets(j.from, rat.Bitboard()).Has(j.to) {
				t.Errorf("jumpTargets(%s, rat on %s) still reaches %s", j.from, rat, j.to)
			}
		}
	}
}
