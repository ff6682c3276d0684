package doushouqi

import "math/bits"

// Move generation: the hot code. Every legal destination of a piece is found
// with a handful of bitboard operations:
//
//	targets = steps(from) & open              one step, not onto own pieces or own den
//	          &^ Water                        unless the piece is a rat
//	          | jumps(from, rats) & open      lion and tiger: jumps no rat blocks
//	targets &^= enemy &^ capturable           enemy pieces the piece may not capture
//
// capturable is built once per position as a running union over the enemy's
// animals by rank (cumulative[a] = enemy animals of rank <= a's rank, plus
// every enemy standing in one of our traps, which has rank 0), then adjusted
// for the rat/elephant exception and masked by captureFrom: no capture at
// all from an enemy trap, only water targets from water, only land targets
// from land.

// captureFrom[c][sq] is the set of squares a piece of side c standing on sq
// may capture on, as far as the terrain under it decides: nothing from an
// enemy trap, Water from water, Land from land.
var captureFrom [2][NumSquares + 1]Bitboard

func init() {
	for c := Red; c <= Blue; c++ {
		for sq := range Square(NumSquares) {
			switch {
			case TrapsOf(c.Other()).Has(sq):
				captureFrom[c][sq] = 0
			case Water.Has(sq):
				captureFrom[c][sq] = Water
			default:
				captureFrom[c][sq] = Land
			}
		}
	}
}

// genMasks are the per-position masks shared by every piece of the side to
// move.
type genMasks struct {
	open       Bitboard             // not own pieces, not own den
	enemy      Bitboard             // enemy pieces
	rats       Bitboard             // rats of both sides: they block jumps
	capturable [NumAnimals]Bitboard // enemy pieces each animal may capture, terrain under it aside
}

func (p *Position) masks() genMasks {
	us := p.side
	them := us ^ 1
	var m genMasks
	m.open = Full &^ p.occupied[us] &^ DenOf(us)
	m.enemy = p.occupied[them]
	m.rats = (p.squares[Red][Rat].Bitboard() | p.squares[Blue][Rat].Bitboard())

	trapped := m.enemy & TrapsOf(us) // enemies of rank 0
	acc := trapped
	for a := range Animal(NumAnimals) {
		acc |= p.squares[them][a].Bitboard()
		m.capturable[a] = acc
	}
	enemyRat := p.squares[them][Rat].Bitboard()
	m.capturable[Rat] |= p.squares[them][Elephant].Bitboard()
	m.capturable[Elephant] &^= enemyRat &^ trapped
	return m
}

// targets returns the legal destinations of animal a of the side to move on
// from (NoSquare gives none).
func (m *genMasks) targets(us Color, a Animal, from Square) Bitboard {
	t := stepTargets[from] & m.open
	if a != Rat {
		t &^= Water
	}
	if a == Lion || a == Tiger {
		t |= jumpTargets(from, m.rats) & m.open
	}
	return t &^ (m.enemy &^ (m.capturable[a] & captureFrom[us][from]))
}

// decided reports whether the game is over by a den entry or by the move
// limit; a position with no legal move is decided too, but that is found by
// generating.
func (p *Position) decided() bool {
	return p.clock >= DrawHalfMoves || p.occupied[Red]&BlueDen|p.occupied[Blue]&RedDen != 0
}

// AppendLegalMoves appends the legal moves of the side to move to dst and
// returns the extended slice. A decided position has none. With cap(dst) -
// len(dst) >= MaxMoves it does not allocate.
func (p *Position) AppendLegalMoves(dst []Move) []Move {
	if p.decided() {
		return dst
	}
	m := p.masks()
	us := p.side
	for a := range Animal(NumAnimals) {
		from := p.squares[us][a]
		for t := m.targets(us, a, from); t != 0; t &= t - 1 {
			dst = append(dst, NewMove(from, Square(bits.TrailingZeros64(uint64(t)))))
		}
	}
	return dst
}

// LegalMoves returns the legal moves of the side to move in a new slice.
func (p *Position) LegalMoves() []Move {
	return p.AppendLegalMoves(make([]Move, 0, MaxMoves))
}

// CountLegalMoves returns the number of legal moves of the side to move,
// without listing them.
func (p *Position) CountLegalMoves() int {
	if p.decided() {
		return 0
	}
	return p.countMoves()
}

// countMoves counts the moves the pieces have, whether or not the game is
// decided.
func (p *Position) countMoves() int {
	m := p.masks()
	us := p.side
	n := 0
	for a := range Animal(NumAnimals) {
		n += m.targets(us, a, p.squares[us][a]).Count()
	}
	return n
}

// LegalTargets returns the squares the piece on from may legally move to: the
// destinations a user interface highlights when the piece is selected. It is
// empty if from holds no piece of the side to move or the game is decided.
func (p *Position) LegalTargets(from Square) Bitboard {
	if !from.IsValid() || p.decided() {
		return 0
	}
	pc := p.board[from]
	if pc == NoPiece || pc.Color() != p.side {
		return 0
	}
	m := p.masks()
	return m.targets(p.side, pc.Animal(), from)
}

// IsLegal reports whether m is a legal move for the side to move.
func (p *Position) IsLegal(m Move) bool {
	return p.LegalTargets(m.From()).Has(m.To())
}
