package search

import dsq "github.com/doushouqi/doushouqi"

// pieceValue is each animal's worth in centi-rats, by Animal, for move
// ordering. The rat is worth more than its rank: it swims, blocks jumps and
// takes the elephant.
var pieceValue = [dsq.NumAnimals]int{
	dsq.Rat:      400,
	dsq.Cat:      200,
	dsq.Dog:      300,
	dsq.Wolf:     400,
	dsq.Leopard:  500,
	dsq.Tiger:    800,
	dsq.Lion:     900,
	dsq.Elephant: 1000,
}

// The evaluation is linear: for each side, a sum of weights over features
// of its pieces, and the score is the side to move's sum minus the other
// side's. The weights live in one array (see weights.go) so that the tuner
// (weights_test.go) can fit them to game results.
const (
	fMaterial    = 0                                      // + animal: the animal is on the board
	fAdvance     = fMaterial + dsq.NumAnimals             // + animal*15 + d: the animal d steps from the enemy den
	fRatInWater  = fAdvance + dsq.NumAnimals*advanceSteps // the rat swims
	fDenGuard    = fRatInWater + 1                        // a piece next to its own den
	fInTrap      = fDenGuard + 1                          // a piece in an enemy trap (rank 0 there)
	fOpenToMove  = fInTrap + 1                            // the side to move has an open trap (see openTraps)
	fOpenWaiting = fOpenToMove + 1                        // + n-1: the side not to move has n open traps
	numFeatures  = fOpenWaiting + 3                       // the number of weights
	advanceSteps = 15                                     // distances 0..14 (Manhattan, rivers ignored)
)

// evaluate scores a quiet position for the side to move: the weights
// times the features (see features) of the side to move, minus the other
// side's; each piece's share from pieceSquare, the open traps from the
// occupancy gathered on the way.
func evaluate(pos *dsq.Position) int {
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

// drawFade sets how the evaluation fades as the move-limit draw nears:
// it is scaled by (left+drawFade)/(reach+drawFade), left the half-moves to
// the draw, so that half-way through the standard limit a lead counts 3/4
// and at the limit 1/2. The side ahead then prefers the line that captures
// (the count starts again), the side behind the one that does not.
const drawFade = 60

// evaluate is the evaluation faded by the move-limit draw's nearness, when
// the draw is within reach of a search (maxPly half-moves): the table key
// holds the no-capture count exactly then (see key), so the table's scores
// stay those of the positions they are stored under.
func (e *worker) evaluate(pos *dsq.Position) int {
	v := evaluate(pos)
	if e.drawAt < 0 {
		return v
	}
	left := e.drawAt - pos.NoCaptureHalfMoves()
	if left > maxPly {
		return v
	}
	return v * (max(left, 0) + drawFade) / (min(e.drawAt, maxPly) + drawFade)
}

// pieceSquare is one piece's share of the evaluation, by colour, animal and
// square: the weights times its features (material, advance and the
// square's own terms).
var pieceSquare = func() (t [2][dsq.NumAnimals][dsq.NumSquares]int32) {
	for c := range dsq.Color(2) {
		for a := range dsq.Animal(dsq.NumAnimals) {
			for sq := range dsq.Square(dsq.NumSquares) {
				var f [numFeatures]int
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
// has any: fOpenToMove when c is to move, else fOpenWaiting+n-1 for n.
func openTrapFeature(pos *dsq.Position, c dsq.Color) (int, bool) {
	return trapFeature(openTraps(pos, c), c == pos.SideToMove())
}

// trapFeature is the feature n open traps count under, for the side to
// move (toMove) or the other: none for 0, fOpenToMove, or fOpenWaiting+n-1.
func trapFeature(n int, toMove bool) (int, bool) {
	switch {
	case n == 0:
		return 0, false
	case toMove:
		return fOpenToMove, true
	}
	return fOpenWaiting + n - 1, true
}

// openTraps counts the enemy traps that side c can step into next move
// with no enemy piece next to them or on them: the trap is empty, a piece
// of c stands next to it and no defender could capture a piece there (rank
// 0 in the trap). A piece of c in an open trap enters the den the move
// after, so with c to move one open trap wins; the other side, to move, must
// cover each open trap at once.
func openTraps(pos *dsq.Position, c dsq.Color) int {
	return trapsOpen(pos.Occupied(c), pos.Occupied(c.Other()), c)
}

// trapsOpen is openTraps for side c with its pieces on ours and the other
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

// features adds to f the features of side c's pieces, times sign: the
// counts the evaluation weighs, and the tuner fits.
func features(pos *dsq.Position, c dsq.Color, sign int, f *[numFeatures]int) {
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
func pieceFeatures(c dsq.Color, a dsq.Animal, sq dsq.Square, sign int, f *[numFeatures]int) {
	den := dsq.DenOf(c.Other()).First()
	dist := abs(sq.File()-den.File()) + abs(sq.Rank()-den.Rank())
	f[fMaterial+int(a)] += sign
	f[fAdvance+int(a)*advanceSteps+min(dist, advanceSteps-1)] += sign
	switch {
	case a == dsq.Rat && dsq.Water.Has(sq):
		f[fRatInWater] += sign
	case denGuard[c].Has(sq):
		f[fDenGuard] += sign
	case dsq.TrapsOf(c.Other()).Has(sq):
		f[fInTrap] += sign
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
