package doushouqi

// Position is a position of the game: the pieces, the side to move, the number
// of half-moves since the last capture and the move number.
//
// It is a comparable value with no pointers: p2 := p is a full copy (copy-make
// works), and p == q compares everything, counters included. The read
// methods have value receivers, so they work on any Position value, such as
// the one g.Position() returns or a map value.
//
// The zero Position is not a position of the game; start from
// [StartPosition], [ParsePosition] or [NewPosition]. [Position.IsZero]
// reports it. It reads as an empty board with Red to move and no move number:
// no pieces, no legal moves, an Outcome won by Blue (Red has no pieces), Play
// and CheckMove refuse every move with ErrGameOver, its text form is empty
// (MarshalText gives "" and UnmarshalText("") gives the zero Position, as
// net/netip does for its zero Addr), and NewGameFrom refuses it.
type Position struct {
	// A square-to-piece table for make and for PieceAt, each piece's square
	// for move generation, the incremental Zobrist hash and the counters
	// (see the notes in movegen.go). Each side's occupancy is not kept: the
	// generator ORs it from squares once per position, which costs less
	// than keeping it up to date in every make and unmake.
	board   [64]Piece  // square -> piece; board[NoSquare] is always NoPiece
	squares [32]Square // piece -> square, NoSquare once captured or not a piece (squares[NoPiece] and above 16); all 0 in the zero Position
	variant uint8      // the generator's rules: variantTrappedCapture | variantSwapDogWolf
	clock   uint32     // half-moves since the last capture
	hash    uint64     // Zobrist hash of pieces and side to move
	ply     uint32     // 2*move number + side to move: one increment per move; 0 in the zero Position
	drawAt  uint32     // no-capture count that draws (Rules.MoveLimit; never reached without a limit)
}

// side returns the side to move.
func (p *Position) side() Color { return Color(p.ply & 1) }

// setSide makes c the side to move, keeping the move number.
func (p *Position) setSide(c Color) { p.ply = p.ply&^1 | uint32(c&1) }

// animals returns side c's animals' squares, indexed by animal.
func (p *Position) animals(c Color) *[NumAnimals]Square {
	return (*[NumAnimals]Square)(p.squares[1+(c&1)*NumAnimals:])
}

// occ returns the squares of side c's pieces.
func (p *Position) occ(c Color) Bitboard { return occOf(p.animals(c)) }

// occOf returns the squares in a (NoSquare counts for none).
func occOf(a *[NumAnimals]Square) Bitboard {
	return squareBit[a[0]] | squareBit[a[1]] | squareBit[a[2]] | squareBit[a[3]] |
		squareBit[a[4]] | squareBit[a[5]] | squareBit[a[6]] | squareBit[a[7]]
}

// DrawHalfMoves is the no-capture limit: after this many consecutive
// half-moves without a capture the game is drawn.
const DrawHalfMoves = 60

// MaxCounter bounds both counters of a position; larger values are refused.
// Play ([Position.Play], [Game.Play]) never makes a position the notation
// refuses: at MaxCounter a counter stops growing, so that a game (under
// no move limit, or from a position set up near the bound) goes on with
// its move number, or its no-capture count, standing at MaxCounter.
const MaxCounter = 1_000_000

// capCounters keeps both counters of p at MaxCounter at most, after a
// move: see MaxCounter.
func (p *Position) capCounters() {
	if p.clock > MaxCounter {
		p.clock = MaxCounter
	}
	if p.ply>>1 > MaxCounter {
		p.ply = MaxCounter<<1 | p.ply&1
	}
}

// StartNotation is the start position in the notation.
const StartNotation = "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L r 0 1"

// StartPosition returns the start position, Red to move.
func StartPosition() Position {
	p, err := ParsePosition(StartNotation)
	if err != nil {
		panic("doushouqi: start position: " + err.Error())
	}
	return p
}

// IsZero reports whether p is the zero Position, which is not a position of
// the game (its move number is 0; every real position's is 1 or more).
func (p Position) IsZero() bool { return p.ply>>1 == 0 }

// SideToMove returns the side whose turn it is.
func (p Position) SideToMove() Color { return p.side() }

// NoCaptureHalfMoves returns the number of consecutive half-moves played
// without a capture; at DrawHalfMoves the game is drawn.
func (p Position) NoCaptureHalfMoves() int { return int(p.clock) }

// MoveNumber returns the move number: 1 at the start, going up after each
// Blue move.
func (p Position) MoveNumber() int { return int(p.ply >> 1) }

// PieceAt returns the piece on sq, NoPiece if it is empty or not a square.
func (p Position) PieceAt(sq Square) Piece {
	if !sq.IsValid() {
		return NoPiece
	}
	return p.board[sq]
}

// SquareOf returns the square of side c's animal a, and false if that animal
// is not on the board.
func (p Position) SquareOf(c Color, a Animal) (Square, bool) {
	if c > Blue || a >= NumAnimals {
		return NoSquare, false
	}
	sq := p.squares[NewPiece(c, a)]
	if p.board[sq&63] != NewPiece(c, a) { // captured (NoSquare), or the zero Position
		return NoSquare, false
	}
	return sq, true
}

// Occupied returns the squares of side c's pieces, none if c is not a side.
func (p Position) Occupied(c Color) Bitboard {
	if c > Blue {
		return 0
	}
	return p.occupied(c)
}

func (p *Position) occupied(c Color) Bitboard {
	if p.ply == 0 {
		return 0 // the zero Position, whose squares are all 0 (a1), has no pieces
	}
	return p.occ(c)
}

// Pieces returns the squares of side c's animal a: one square or none.
func (p Position) Pieces(c Color, a Animal) Bitboard {
	sq, _ := p.SquareOf(c, a)
	return sq.Bitboard()
}

// Hash returns the Zobrist hash of the pieces and the side to move (not the
// counters, nor the rules). It is the same in every process and on every
// machine (the keys are fixed), so it may be stored and compared across
// servers.
func (p Position) Hash() uint64 { return p.hash }

// Setup describes a position square by square, for building one from outside
// data with [NewPosition] or reading one with [Position.Setup].
type Setup struct {
	Board              [NumSquares]Piece // the piece on each square, NoPiece if empty
	SideToMove         Color
	NoCaptureHalfMoves int   // 0..MaxCounter; at the rules' move limit or more the game is drawn
	MoveNumber         int   // 1..MaxCounter
	Rules              Rules // the zero value is Standard
}

// Setup returns the position as a Setup.
func (p Position) Setup() Setup {
	s := Setup{SideToMove: p.side(), NoCaptureHalfMoves: int(p.clock), MoveNumber: p.MoveNumber(), Rules: p.Rules()}
	copy(s.Board[:], p.board[:NumSquares])
	return s
}

// Validate checks that the setup could occur under the rules: valid pieces,
// side, counters and rules, at most one of each animal per side, no piece
// other than a rat on water, no piece in its own den, not pieces in both
// dens. Its error is a *PositionError naming the offending square (NoSquare
// when the fault is not one square's) and wrapping a sentinel such as
// ErrWater, ErrSide, ErrCounter or ErrRules. The zero Setup fails: its move
// number is 0.
func (s Setup) Validate() error {
	if s.SideToMove > Blue {
		return &PositionError{Square: NoSquare, Err: wrapf(ErrSide, "side %d, want red or blue", uint8(s.SideToMove))}
	}
	if err := s.Rules.Validate(); err != nil {
		return &PositionError{Square: NoSquare, Err: err}
	}
	if s.NoCaptureHalfMoves < 0 || s.NoCaptureHalfMoves > MaxCounter {
		return &PositionError{Square: NoSquare, Err: wrapf(ErrCounter, "no-capture half-moves %d, want 0..%d", s.NoCaptureHalfMoves, MaxCounter)}
	}
	if s.MoveNumber < 1 || s.MoveNumber > MaxCounter {
		return &PositionError{Square: NoSquare, Err: wrapf(ErrCounter, "move number %d, want 1..%d", s.MoveNumber, MaxCounter)}
	}
	var seen [2][NumAnimals]bool
	for i, pc := range s.Board {
		sq := Square(i)
		if pc == NoPiece {
			continue
		}
		if !pc.IsValid() {
			return &PositionError{Square: sq, Piece: pc, Err: ErrLetter}
		}
		c, a := pc.Color(), pc.Animal()
		if seen[c][a] {
			return &PositionError{Square: sq, Piece: pc, Err: ErrDuplicateAnimal}
		}
		seen[c][a] = true
		if Water.Has(sq) && a != Rat {
			return &PositionError{Square: sq, Piece: pc, Err: ErrWater}
		}
		if DenOf(c).Has(sq) {
			return &PositionError{Square: sq, Piece: pc, Err: ErrOwnDen}
		}
	}
	if s.Board[D1] != NoPiece && s.Board[D9] != NoPiece {
		return &PositionError{Square: NoSquare, Err: ErrBothDens}
	}
	return nil
}

// NewPosition builds a position from a setup after checking it with
// [Setup.Validate].
func NewPosition(s Setup) (Position, error) {
	if err := s.Validate(); err != nil {
		return Position{}, err
	}
	var p Position
	for i := range p.squares {
		p.squares[i] = NoSquare
	}
	for i, pc := range s.Board {
		if pc == NoPiece {
			continue
		}
		sq := Square(i)
		p.board[sq] = pc
		p.squares[pc] = sq
	}
	p.ply = uint32(s.MoveNumber)<<1 | uint32(s.SideToMove)
	p.clock = uint32(s.NoCaptureHalfMoves)
	p.drawAt = s.Rules.drawAt()
	p.variant = s.Rules.variant()
	p.hash = p.computeHash()
	return p, nil
}

// Mirror returns p reflected left to right: the files a and g, b and f, c
// and e change places; the side to move, the counters and the rules stay.
// The rules are left-right symmetric (the dens and the traps' middle on
// file d, the rivers on files b, c and e, f), so the mirror's legal moves
// are p's mirrored, one for one, and its outcome is p's: an engine or a
// book may treat both as one. Mirror of the mirror is p. For a value that
// is not a position of the game (the zero Position, or one an unchecked
// MakeMove of an illegal move damaged) it returns the zero Position.
func (p Position) Mirror() Position {
	return p.transform(func(sq Square) Square { return SquareAt(NumFiles-1-sq.File(), sq.Rank()) }, false)
}

// SwapColors returns p with the sides' roles exchanged: each piece changes
// colour and the board is turned half round (a1 to g9, d1 to d9), so that
// each side's pieces stand on its own half as before (the den that was
// Red's is Blue's), and the other side is to move; the counters and the
// rules stay. The rules treat both sides alike, so the legal moves are
// p's turned, one for one, and a side that had won or could win is now
// the other: SwapColors of the start position has the start's board, with
// Blue to move. SwapColors of SwapColors is p. For a value that is not a
// position of the game it returns the zero Position.
func (p Position) SwapColors() Position {
	return p.transform(func(sq Square) Square { return NumSquares - 1 - sq }, true)
}

// transform returns p with each piece moved to the square to gives, and
// with the colours and the side to move swapped if swap: the zero Position
// if p is not a position of the game.
func (p Position) transform(to func(Square) Square, swap bool) Position {
	s := p.Setup()
	if p.IsZero() || s.Validate() != nil {
		return Position{}
	}
	var board [NumSquares]Piece
	for i, pc := range s.Board {
		if pc != NoPiece && swap {
			pc = NewPiece(pc.Color().Other(), pc.Animal())
		}
		board[to(Square(i))] = pc
	}
	s.Board = board
	if swap {
		s.SideToMove = s.SideToMove.Other()
	}
	q, err := NewPosition(s)
	if err != nil {
		return Position{}
	}
	return q
}
