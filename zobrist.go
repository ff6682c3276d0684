package doushouqi

// Zobrist hashing. The keys come from splitmix64 with a fixed seed, so every
// process on every machine computes the same hash for the same position;
// testdata/zobrist.txt pins a few values so that a change of keys is noticed.
//
// The hash covers the pieces on their squares and the side to move. It does
// not cover the no-capture counter or the move number: two positions that
// differ only in counters have the same hash.

const zobristSeed = 0x646f75_73686f75 // "doushou"

// pieceKeys[piece][square]; entries for NoPiece and NoSquare are zero, and
// the arrays are sized to powers of two so that masked indexes need no
// bounds checks.
var pieceKeys [32][64]uint64

// sideKey is mixed in when Blue is to move.
var sideKey uint64

func init() {
	state := uint64(zobristSeed)
	next := func() uint64 { // splitmix64: each output is mix64 of the next state
		z := mix64(state)
		state += 0x9e3779b97f4a7c15
		return z
	}
	for p := Piece(1); p <= 2*NumAnimals; p++ {
		for sq := range Square(NumSquares) {
			pieceKeys[p][sq] = next()
		}
	}
	sideKey = next()
}

// computeHash recomputes the hash of p from scratch.
func (p *Position) computeHash() uint64 {
	var h uint64
	for sq := range Square(NumSquares) {
		h ^= pieceKeys[p.board[sq]][sq]
	}
	if p.side() == Blue {
		h ^= sideKey
	}
	return h
}
