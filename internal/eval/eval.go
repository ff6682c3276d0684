// Package eval is the search's evaluation: a linear sum of weights over
// features of each side's pieces (material, advance towards the enemy den,
// the rat in the river, den guards, pieces in enemy traps, open traps). It
// is a package of its own so that the tuner (cmd/tune) can compute the same
// features and write the weights it fits into weights.go.
package eval

import dsq "github.com/doushouqi/doushouqi"

// The evaluation is linear: for each side, a sum of weights over features
// of its pieces, and the score is the side to move's sum minus the other
// side's. The weights live in one array (see weights.go) so that the tuner
// (cmd/tune) can fit them to game results.
const (
	FMaterial    = 0                                      // + animal: the animal is on the board
	FAdvance     = FMaterial + dsq.NumAnimals             // + animal*15 + d: the animal d steps from the enemy den
	FRatInWater  = FAdvance + dsq.NumAnimals*AdvanceSteps // the rat swims
	FDenGuard    = FRatInWater + 1                        // a piece next to its own den
	FInTrap      = FDenGuard + 1                          // a piece in an enemy trap (rank 0 there)
	FOpenToMove  = FInTrap + 1                            // the side to move has an open trap (see openTraps)
	FOpenWaiting = FOpenToMove + 1                        // + n-1: the side not to move has n open traps
	NumFeatures  = FOpenWaiting + 3                       // the number of weights
	AdvanceSteps = 15                                     // distances 0..14 (Manhattan, rivers ignored)
)

// Evaluate scores a quiet position for the side to move: the weights
// times the features (see features) of the side to move, minus the other
// side's; each piece's share from pieceSquare, the open traps from the
// occupancy gathered on the way.
func Evaluate(pos *dsq.Position) int {
	us := pos.SideToMove()
	var occ [2]dsq.Bitboard
	var sum [2]int
	for c := range dsq.Color(2) {
		table := &pieceSquare[c]
		for a := range dsq.Animal(dsq.NumAnimals) {
			if sq, ok := pos.SquareOf(c, a); ok {
				occ[c] |= sq.Bitboard()
				sum[c] += int(table[a][sq])
			}
		}
	}
	score := sum[us] - sum[us.Other()]
	if i, ok := trapFeature(trapsOpen(occ[us], occ[us.Other()], us), true); ok {
		score += weights[i]
	}
	if i, ok := trapFeature(trapsOpen(occ[us.Other()], occ[us], us.Other()), false); ok {
		score -= weights[i]
	}
	return score
}

// pieceSquare is one piece's share of the evaluation, by colour, animal and
// square: the weights times its features (material, advance and the
// square's own terms).
var pieceSquare = func() (t [2][dsq.NumAnimals][dsq.NumSquares]int32) {
	for c := range dsq.Color(2) {
		for a := range dsq.Animal(dsq.NumAnimals) {
			for sq := range dsq.Square(dsq.NumSquares) {
				var f [NumFeatures]int
				pieceFeatures(c, a, sq, 1, &f)
				for i, n := range f {
					t[c][a][sq] += int32(n * weights[i])
				}
			}
		}
	}
	return t
}()

// openTrapFeature is the feature side c's open traps count under, if it
// has any: FOpenToMove when c is to move, else FOpenWaiting+n-1 for n.
func openTrapFeature(pos *dsq.Position, c dsq.Color) (int, bool) {
	return trapFeature(OpenTraps(pos, c), c == pos.SideToMove())
}

// trapFeature is the feature n open traps count under, for the side to
// move (toMove) or the other: none for 0, FOpenToMove, or FOpenWaiting+n-1.
func trapFeature(n int, toMove bool) (int, bool) {
	switch {
	case n == 0:
		return 0, false
	case toMove:
		return FOpenToMove, true
	}
	return FOpenWaiting + n - 1, true
}

// OpenTraps counts the enemy traps that side c can step into next move
// with no enemy piece next to them or on them: the trap is empty, a piece
// of c stands next to it and no defender could capture a piece there (rank
// 0 in the trap). A piece of c in an open trap enters the den the move
// after, so with c to move one open trap wins; the other side, to move, must
// cover each open trap at once.
func OpenTraps(pos *dsq.Position, c dsq.Color) int {
	return trapsOpen(pos.Occupied(c), pos.Occupied(c.Other()), c)
}

// trapsOpen is OpenTraps for side c with its pieces on ours and the other
// side's on theirs.
func trapsOpen(ours, theirs dsq.Bitboard, c dsq.Color) int {
	n := 0
	for _, t := range &trapApproach[c] {
		if ours&t.near != 0 && (ours|theirs)&t.trap == 0 && theirs&t.near == 0 {
			n++
		}
	}
	return n
}

// trapApproach[c] is, for each trap next to the den c attacks, the trap and
// the squares next to it (the den aside).
var trapApproach = func() (a [2][3]struct{ trap, near dsq.Bitboard }) {
	for c := range dsq.Color(2) {
		den := dsq.DenOf(c.Other())
		i := 0
		for t := range dsq.TrapsOf(c.Other()).Squares() {
			a[c][i].trap = t.Bitboard()
			f, r := t.File(), t.Rank()
			for _, d := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
				nf, nr := f+d[0], r+d[1]
				if nf < 0 || nf >= dsq.NumFiles || nr < 0 || nr >= dsq.NumRanks {
					continue
				}
				if sq := dsq.Square(nr*dsq.NumFiles + nf); !den.Has(sq) {
					a[c][i].near |= sq.Bitboard()
				}
			}
			i++
		}
	}
	return a
}()

// Features adds to f the features of side c's pieces, times sign: the
// counts the evaluation weighs, and the tuner fits.
func Features(pos *dsq.Position, c dsq.Color, sign int, f *[NumFeatures]int) {
	for a := range dsq.Animal(dsq.NumAnimals) {
		if sq, ok := pos.SquareOf(c, a); ok {
			pieceFeatures(c, a, sq, sign, f)
		}
	}
	if i, ok := openTrapFeature(pos, c); ok {
		f[i] += sign
	}
}

// pieceFeatures adds to f the features of side c's animal a on sq, times
// sign.
func pieceFeatures(c dsq.Color, a dsq.Animal, sq dsq.Square, sign int, f *[NumFeatures]int) {
	den := dsq.DenOf(c.Other()).First()
	dist := abs(sq.File()-den.File()) + abs(sq.Rank()-den.Rank())
	f[FMaterial+int(a)] += sign
	f[FAdvance+int(a)*AdvanceSteps+min(dist, AdvanceSteps-1)] += sign
	switch {
	case a == dsq.Rat && dsq.Water.Has(sq):
		f[FRatInWater] += sign
	case dsq.TrapsOf(c).Has(sq): // next to its own den
		f[FDenGuard] += sign
	case dsq.TrapsOf(c.Other()).Has(sq):
		f[FInTrap] += sign
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
