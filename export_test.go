package doushouqi

import "fmt"

// CheckConsistency reports any disagreement between a position's redundant
// parts: the square-to-piece board, each animal's square, each side's
// occupancy and the hash. Exported for the external tests only.
func (p *Position) CheckConsistency() error {
	var occupied [2]Bitboard
	for sq := range Square(NumSquares) {
		pc := p.board[sq]
		if pc == NoPiece {
			continue
		}
		if !pc.IsValid() {
			return fmt.Errorf("board[%s] = %d is not a piece", sq, pc)
		}
		if p.squares[pc.Color()][pc.Animal()] != sq {
			return fmt.Errorf("board[%s] = %s but squares says %s", sq, pc, p.squares[pc.Color()][pc.Animal()])
		}
		occupied[pc.Color()] |= sq.Bitboard()
	}
	if p.board[NoSquare] != NoPiece {
		return fmt.Errorf("board[NoSquare] = %s", p.board[NoSquare])
	}
	for c := range p.squares {
		for a, sq := range p.squares[c] {
			if sq != NoSquare && p.board[sq] != NewPiece(Color(c), Animal(a)) {
				return fmt.Errorf("squares[%d][%d] = %s but board there holds %s", c, a, sq, p.board[sq])
			}
		}
	}
	if occupied != p.occupied {
		return fmt.Errorf("occupied = %x, board gives %x", p.occupied, occupied)
	}
	if h := p.computeHash(); h != p.hash {
		return fmt.Errorf("hash = %016x, recomputed %016x", p.hash, h)
	}
	return nil
}
