package doushouqi

// Undo is what [Position.UnmakeMove] needs to take a move back: a small value
// (16 bytes) the caller keeps, typically on its own stack.
type Undo struct {
	hash     uint64
	clock    uint32
	captured Piece
}

// Captured returns the piece the move captured, NoPiece if none.
func (u Undo) Captured() Piece { return u.captured }

// MakeMove plays m and returns what UnmakeMove needs to take it back. It is
// the fast path for searches and perft: it does not allocate and checks
// nothing. m must be legal in p (from AppendLegalMoves, or accepted by
// IsLegal); any other move leaves p in an unspecified but memory-safe
// state. Moves from outside go through Play, which checks them. Nor does it
// hold the counters at MaxCounter, as Play does: a search never comes near.
func (p *Position) MakeMove(m Move) Undo {
	// The hot path of every search: the squares come from m already
	// masked, squares is indexed by the piece itself, the side and the move
	// number are one counter (ply), no occupancy is kept, and a capture's
	// work is in one branch: about 30 instructions and no stack frame.
	from, to := uint(m&63), uint(m>>6&63)
	piece, captured := p.board[from], p.board[to]
	u := Undo{hash: p.hash, clock: p.clock, captured: captured}
	p.board[from] = NoPiece
	p.board[to] = piece
	p.squares[piece&31] = Square(to)
	p.ply++ // the other side to move; the move number goes up after Blue's move
	keys := &pieceKeys[piece&31]
	h := u.hash ^ keys[from] ^ keys[to] ^ sideKey
	p.clock++
	if captured != NoPiece {
		h ^= pieceKeys[captured&31][to]
		p.squares[captured&31] = NoSquare
		p.clock = 0
	}
	p.hash = h
	return u
}

// UnmakeMove takes back m, which must be the last move made on p, with the
// Undo that MakeMove returned for it. Afterwards p equals (==) the position
// before MakeMove, counters and hash included. It does not allocate.
func (p *Position) UnmakeMove(m Move, u Undo) {
	// Small enough for the compiler to inline into its callers (see
	// TestInlining), and without a branch: when nothing was captured, the
	// captured piece's entry of squares is squares[NoPiece], set back to
	// NoSquare by the store after it.
	to := m >> 6 & 63
	piece := p.board[to]
	p.board[to] = u.captured
	p.board[m&63] = piece
	p.squares[piece&31] = Square(m & 63)
	p.squares[u.captured&31] = Square(to)
	p.squares[NoPiece] = NoSquare
	p.ply--
	p.clock = u.clock
	p.hash = u.hash
}

// Play plays m if it is legal. Otherwise it returns a *MoveError whose Err
// says which rule m breaks (ErrGameOver, ErrEmptySquare, ErrNotYourPiece,
// ErrNotAStep, ErrNotAJumper, ErrJumpBlocked, ErrOwnDen, ErrWater, ErrOwnPiece,
// ErrWaterLandCapture, ErrTrappedAttacker, ErrElephantRat, ErrRankTooLow)
// and leaves p unchanged. The counters stop growing at MaxCounter.
func (p *Position) Play(m Move) error {
	if err := p.checkMove(m); err != nil {
		return err
	}
	p.MakeMove(m)
	p.capCounters()
	return nil
}

// CheckMove returns nil if m is legal in p, and otherwise the *MoveError that
// Play would return. It agrees with IsLegal on every move.
func (p Position) CheckMove(m Move) error { return p.checkMove(m) }

func (p *Position) checkMove(m Move) error {
	if err := p.illegality(m); err != nil {
		return &MoveError{Move: m, Err: err, detail: p.refusal(m, err)}
	}
	return nil
}

// illegality explains, rule by rule as RULES.md states them, why m is not
// legal; nil means it is. It is the slow, readable twin of the move
// generator, and the tests hold the two to agreement on every from/to pair.
func (p *Position) illegality(m Move) error {
	if p.decided() || p.countMoves() == 0 {
		return ErrGameOver
	}
	from, to := m.From(), m.To()
	if !from.IsValid() || m.strayBits() { // no square of the board: no piece there
		return ErrEmptySquare
	}
	piece := p.board[from]
	if piece == NoPiece {
		return ErrEmptySquare
	}
	if piece.Color() != p.side() {
		return ErrNotYourPiece
	}
	if !to.IsValid() {
		return ErrNotAStep
	}
	a := piece.Animal()
	if !stepTargets[from].Has(to) {
		path, isJump := JumpPath(from, to)
		if !isJump {
			return ErrNotAStep
		}
		if !a.CanJump() {
			return ErrNotAJumper
		}
		if path&(p.Pieces(Red, Rat)|p.Pieces(Blue, Rat)) != 0 {
			return ErrJumpBlocked
		}
	}
	if DenOf(p.side()).Has(to) {
		return ErrOwnDen
	}
	if Water.Has(to) && a != Rat {
		return ErrWater
	}
	target := p.board[to]
	if target == NoPiece {
		return nil
	}
	if target.Color() == p.side() {
		return ErrOwnPiece
	}
	return captureIllegality(p.Rules(), piece, from, target, to)
}

// CanCapture reports whether attacker, moving from the square from onto the
// square to, may capture defender standing there under the rules r: the
// capture rules of RULES.md, which weigh the terrain under both pieces, the
// traps and the ranks (r's TrappedCapture and SwapDogWolf change them). It is
// the capture rule alone, the one the move generator, Play and the endgame
// tables follow: whether the attacker can make the move from-to at all (a
// step, or a river jump no rat blocks, onto a square it may enter) is not
// looked at. It is false unless attacker and defender are pieces of
// opposite sides and from and to are squares of the board.
func CanCapture(r Rules, attacker Piece, from Square, defender Piece, to Square) bool {
	if !attacker.IsValid() || !defender.IsValid() || attacker.Color() == defender.Color() || !from.IsValid() || !to.IsValid() {
		return false
	}
	return captureIllegality(r, attacker, from, defender, to) == nil
}

// captureIllegality is the capture rule: it applies the capture rules of
// RULES.md in their order to attacker on from capturing defender, a piece
// of the other side, on to, and returns the sentinel of the first rule that
// forbids it (nil if none does). CanCapture, Play and the move generator's
// tables all follow it.
func captureIllegality(rules Rules, attacker Piece, from Square, defender Piece, to Square) error {
	us := attacker.Color()
	if Water.Has(from) != Water.Has(to) {
		return ErrWaterLandCapture // rule 1
	}
	if TrapsOf(us.Other()).Has(from) && !rules.TrappedCapture {
		return ErrTrappedAttacker // rule 2
	}
	if TrapsOf(us).Has(to) {
		return nil // rule 3: the defender has rank 0
	}
	a, d := attacker.Animal(), defender.Animal()
	switch {
	case a == Rat && d == Elephant:
		return nil // rule 4
	case a == Elephant && d == Rat:
		return ErrElephantRat // rule 4
	case rules.Rank(a) < rules.Rank(d):
		return ErrRankTooLow // rule 5
	}
	return nil
}
