package doushouqi

// Step and jump tables, computed once at start-up from the plain description
// of the board: the four orthogonal directions and the Water set. A test checks
// them against a naive coordinate computation.

// direction is a file and rank offset.
type direction struct{ file, rank int }

// directions are up, down, left, right: the only ways a piece moves.
var directions = [4]direction{{0, 1}, {0, -1}, {-1, 0}, {1, 0}}

// stepTargets[sq] is the set of squares one orthogonal step from sq.
// Entries from NoSquare up are empty, so an absent animal has no moves.
var stepTargets [64]Bitboard

// riverJump is one straight jump across a river: the water squares it crosses
// and the land square it lands on.
type riverJump struct {
	path Bitboard // water squares crossed; any rat on them blocks the jump
	land Bitboard // the landing square
}

// jumpsFrom[sq] holds the (at most two) river jumps a lion or tiger on sq can
// make on an empty river; unused entries are zero (path 0, land 0) and add
// nothing. Entries from NoSquare up are empty.
var jumpsFrom [64][2]riverJump

func init() {
	for sq := range Square(NumSquares) {
		n := 0
		for _, d := range directions {
			next := SquareAt(sq.File()+d.file, sq.Rank()+d.rank)
			if next == NoSquare {
				continue
			}
			stepTargets[sq] |= next.Bitboard()
			if Water.Has(sq) || !Water.Has(next) {
				continue
			}
			// From land into water: cross the water in a straight line.
			var path Bitboard
			for Water.Has(next) {
				path |= next.Bitboard()
				next = SquareAt(next.File()+d.file, next.Rank()+d.rank)
			}
			if next != NoSquare {
				jumpsFrom[sq][n] = riverJump{path: path, land: next.Bitboard()}
				n++
			}
		}
	}
}

// jumpTargets returns the landing squares of the river jumps from sq that no
// rat blocks: a jump is open exactly when its water path holds no rat.
func jumpTargets(sq Square, rats Bitboard) Bitboard {
	j := &jumpsFrom[sq&63]
	var t Bitboard
	if j[0].path&rats == 0 {
		t |= j[0].land
	}
	if j[1].path&rats == 0 {
		t |= j[1].land
	}
	return t
}

// Steps returns the squares one step (up, down, left or right) from sq,
// whatever stands on them: the moves every piece has before the terrain,
// its own den and captures are looked at. It is empty if sq is not a square
// of the board.
func Steps(sq Square) Bitboard {
	if !sq.IsValid() {
		return 0
	}
	return stepTargets[sq]
}

// Jumps returns the squares a lion or tiger on sq can land on by jumping a
// river, rats aside: none unless sq is a land square facing a river, at
// most two. JumpPath gives the water each jump crosses, which a rat on any
// of its squares blocks. It is empty if sq is not a square of the board.
func Jumps(sq Square) Bitboard {
	if !sq.IsValid() {
		return 0
	}
	return jumpsFrom[sq][0].land | jumpsFrom[sq][1].land
}

// JumpPath returns the water squares a lion or tiger on from crosses to land
// on to, and whether from-to is a river jump at all (rats aside).
func JumpPath(from, to Square) (path Bitboard, ok bool) {
	if !from.IsValid() || !to.IsValid() {
		return 0, false
	}
	for _, j := range jumpsFrom[from] {
		if j.land != 0 && j.land == to.Bitboard() {
			return j.path, true
		}
	}
	return 0, false
}
