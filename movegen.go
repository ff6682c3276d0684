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
// animals by rank (capturable[a] = enemy animals of rank <= a's rank, plus
// every enemy standing in one of our traps, which has rank 0), then adjusted
// for the rat/elephant exception and masked by captureFrom: no capture at
// all from an enemy trap, only water targets from water, only land targets
// from land. These masks are the capture rule of play.go (captureIllegality,
// exported as CanCapture) in bitboard form: captureFrom is computed from it,
// and a test holds the generator to CanCapture for every attacker, defender
// and pair of squares under every rule option.
//
// What makes it fast:
//
//   - Position is 120 bytes (unsafe.Sizeof, checked by a test), copied whole
//     for copy-make and touched by make/unmake in a handful of bytes. Each
//     field earns its place: board (64 bytes, square -> piece) gives make
//     the mover and the captured piece in one load each; squares (32 bytes,
//     piece -> square, side*8 + animal + 1) lets the generator walk a side's
//     eight animals in rank order with no bit scan, gives the capture masks
//     their running union by rank and is indexed by make and unmake with
//     the piece itself (squares[NoPiece] is the spare slot that makes
//     unmake branch-free); hash (8) is kept by make so perft tables and
//     searches never recompute it; clock and ply (8: 2*move number + side,
//     so that make and unmake step both with one increment) are the rest of
//     the notation. Each side's occupancy is not stored: generate ORs it
//     from squares (16 loads per position), cheaper than updating it in
//     every make and unmake, of which there are about 19 per position.
//     Arrays are sized to powers of two and indexes masked so that the
//     compiler drops bounds checks.
//   - MakeMove is about 30 instructions with no stack frame; UnmakeMove is
//     stores only, no branch, and small enough to be inlined into its
//     callers (TestInlining); Undo is 16 bytes, three registers.
//   - Captures cost no branches per piece: one AND with capturable[a] and
//     one with captureFrom[side][from] (a table: 0 on an enemy trap, Water
//     in water, Land on land) decide every capture rule at once.
//   - Jumps are looked up, not walked: jumpsFrom[sq] holds the (at most two)
//     jumps from sq as (water path, landing square), a jump is open when
//     path & rats == 0, and only the lion and tiger look, once per position.
//   - targets is small enough to be inlined into the loops over the eight
//     animals; the last ply of Perft is a sum of popcounts, no move made.
//   - No allocation: moves go into fixed arrays on the stack, genMasks is
//     filled in place, make returns a 16-byte Undo by value.

// captureFrom[..][c][sq] is the set of squares a piece of side c standing on
// sq may capture on, as far as the terrain under the two pieces decides:
// nothing from an enemy trap, Water from water, Land from land.
// captureFrom[trappedCapture][c][sq]: under Rules.TrappedCapture an enemy
// trap is plain land for this purpose. It is read off the capture rule
// (captureIllegality) for two rats, which may stand on any square and have
// equal ranks: for them nothing but the terrain forbids a capture.
var captureFrom [2][2][64]Bitboard

func init() {
	for trapped := range 2 {
		rules := Rules{TrappedCapture: trapped == 1}
		for c := Red; c <= Blue; c++ {
			attacker, defender := NewPiece(c, Rat), NewPiece(c.Other(), Rat)
			for from := range Square(NumSquares) {
				for to := range Square(NumSquares) {
					if captureIllegality(rules, attacker, from, defender, to) == nil {
						captureFrom[trapped][c][from] |= to.Bitboard()
					}
				}
			}
		}
	}
}

// genMasks are the per-position masks shared by every piece of the side to
// move, built once so that each piece's targets are a few table lookups and
// bit operations (cheap enough for the compiler to inline).
type genMasks struct {
	enemy       Bitboard             // enemy pieces
	stepOnto    [2]Bitboard          // squares the rat [0] and the others [1] may step onto: not own pieces, not own den, not water unless a rat
	jumps       [NumAnimals]Bitboard // lion and tiger: landing squares of the open river jumps; zero for the others
	capturable  [NumAnimals]Bitboard // enemy pieces each animal may capture, the terrain under it aside
	captureFrom *[64]Bitboard        // captureFrom of the side to move
}

// fillMasks sets every field of m for the side to move. It fills the
// caller's value rather than returning one: genMasks is 160 bytes.
func (p *Position) fillMasks(m *genMasks) {
	us := p.side()
	them := us ^ 1
	ownSquares, enemySquares := p.animals(us), p.animals(them)
	m.enemy = p.occ(them)
	m.captureFrom = &captureFrom[0][us]
	if p.variant&variantTrappedCapture != 0 {
		m.captureFrom = &captureFrom[1][us] // a predicted branch costs the default less than an index
	}

	open := Full &^ p.occ(us) &^ denOf(us)
	m.stepOnto = [2]Bitboard{open, open &^ Water}
	rats := ownSquares[Rat].Bitboard() | enemySquares[Rat].Bitboard()
	m.jumps = [NumAnimals]Bitboard{
		Tiger: jumpTargets(ownSquares[Tiger], rats) & open,
		Lion:  jumpTargets(ownSquares[Lion], rats) & open,
	}

	trapped := m.enemy & trapsOf(us) // enemies of rank 0
	acc := trapped
	for a, sq := range enemySquares {
		acc |= sq.Bitboard()
		m.capturable[a] = acc
	}
	if p.variant&variantSwapDogWolf != 0 {
		// Ranks rat, cat, wolf, dog: the wolf now sees what the cat sees plus
		// wolves, the dog what the wolf used to.
		m.capturable[Dog], m.capturable[Wolf] = m.capturable[Wolf], m.capturable[Cat]|enemySquares[Wolf].Bitboard()
	}
	m.capturable[Rat] |= enemySquares[Elephant].Bitboard()
	m.capturable[Elephant] &^= enemySquares[Rat].Bitboard() &^ trapped
}

// targets returns the legal destinations of the side to move's animal a
// standing on from (NoSquare gives none).
func (m *genMasks) targets(a Animal, from Square) Bitboard {
	a &= 7
	from &= 63
	t := stepTargets[from]&m.stepOnto[(a+7)>>3] | m.jumps[a] // (a+7)>>3 is 0 for the rat, 1 for the others
	return t &^ (m.enemy &^ (m.capturable[a] & m.captureFrom[from]))
}

// decided reports whether the game is over by a den entry or by the move
// limit; a position with no legal move is decided too, but that is found by
// generating.
func (p *Position) decided() bool {
	return p.clock >= p.drawAt || p.decidedByDen()
}

// decidedByDen reports whether a piece stands in the enemy den: in any den,
// since no piece may enter its own.
func (p *Position) decidedByDen() bool {
	return p.board[D1]|p.board[D9] != NoPiece
}

// AppendLegalMoves appends the legal moves of the side to move to dst and
// returns the extended slice. A decided position has none. With cap(dst) -
// len(dst) >= MaxMoves it does not allocate.
func (p Position) AppendLegalMoves(dst []Move) []Move { return p.appendLegalMoves(dst) }

// The exported read methods have value receivers, so that they work on any
// Position value; each is a one-line wrapper, small enough to be inlined
// into its caller, around a pointer method that does the work on the
// caller's copy. The go:noinline marks keep the wrappers under the inlining
// budget: a wrapper that is not inlined costs a second copy of the 120-byte
// Position and a call. Perft and search use the pointer methods directly.

//go:noinline
func (p *Position) appendLegalMoves(dst []Move) []Move {
	var list [MaxMoves]Move
	n := p.generate(&list)
	return append(dst, list[:n]...)
}

// generate writes the legal moves into list and returns how many there are.
// Under the standard ranks it is fillMasks and targets fused into one pass
// over the animals in rank order (what the leaf perft and the search pay at
// every node): the capture masks are the running union itself, kept in a
// register, and no genMasks is built. The order of the moves is the same as
// generateMasks gives: by animal, then by destination square.
func (p *Position) generate(list *[MaxMoves]Move) int {
	if p.decided() {
		return 0
	}
	if p.variant&variantSwapDogWolf != 0 {
		return p.generateMasks(list) // ranks out of animal order
	}
	us := p.side()
	own, foe := p.animals(us), p.animals(us^1)
	enemy := occOf(foe)
	open := Full &^ occOf(own) &^ denOf(us)
	land := open &^ Water
	rats := squareBit[own[Rat]] | squareBit[foe[Rat]]
	cf := &captureFrom[0][us]
	if p.variant&variantTrappedCapture != 0 {
		cf = &captureFrom[1][us]
	}
	trapped := enemy & trapsOf(us) // enemies of rank 0

	// The destinations of each animal first, then the moves, so that the
	// second loop has few live values and no spills. The animals are
	// unrolled: acc is the union of the enemies up to the animal's rank.
	var tg [NumAnimals]Bitboard
	// The rat: onto water too, and captures the elephant.
	acc := trapped | squareBit[foe[Rat]]
	from := own[Rat] & 63
	tg[Rat] = stepTargets[from] & open &^ (enemy &^ ((acc | squareBit[foe[Elephant]]) & cf[from]))
	acc |= squareBit[foe[Cat]]
	tg[Cat] = landTargets(own[Cat], land, enemy, acc, cf)
	acc |= squareBit[foe[Dog]]
	tg[Dog] = landTargets(own[Dog], land, enemy, acc, cf)
	acc |= squareBit[foe[Wolf]]
	tg[Wolf] = landTargets(own[Wolf], land, enemy, acc, cf)
	acc |= squareBit[foe[Leopard]]
	tg[Leopard] = landTargets(own[Leopard], land, enemy, acc, cf)
	acc |= squareBit[foe[Tiger]]
	tg[Tiger] = landTargets(own[Tiger], land, enemy, acc, cf) | jumpTargets(own[Tiger], rats)&open&^(enemy&^(acc&cf[own[Tiger]&63]))
	acc |= squareBit[foe[Lion]]
	tg[Lion] = landTargets(own[Lion], land, enemy, acc, cf) | jumpTargets(own[Lion], rats)&open&^(enemy&^(acc&cf[own[Lion]&63]))
	// The elephant: every enemy but the rat (unless the rat is trapped).
	acc |= squareBit[foe[Elephant]]
	acc &^= squareBit[foe[Rat]] &^ trapped
	tg[Elephant] = landTargets(own[Elephant], land, enemy, acc, cf)

	l := list[:] // one nil check, not one per move
	n := 0
	for a := range tg {
		from := Move(own[a] & 63)
		for t := tg[a]; t != 0; t &= t - 1 {
			l[n&(MaxMoves-1)] = from | Move(bits.TrailingZeros64(uint64(t)))<<6
			n++
		}
	}
	return n
}

// landTargets returns the destinations on land, by steps, of an animal on
// from (NoSquare gives none) that captures the enemies in acc: onto are the
// squares it may step onto, cf the terrain's capture masks.
func landTargets(from Square, onto, enemy, acc Bitboard, cf *[64]Bitboard) Bitboard {
	from &= 63
	return stepTargets[from] & onto &^ (enemy &^ (acc & cf[from]))
}

// squareBit[sq] is sq.Bitboard(): empty for NoSquare and above. It has an
// entry for every uint8 so that indexing it by a Square needs no mask (which
// keeps occOf, and with it Occupied, within the inlining budget).
var squareBit = func() (b [256]Bitboard) {
	for sq := range Square(255) {
		b[sq] = sq.Bitboard()
	}
	return b
}()

// generateMasks is generate through fillMasks and targets: any ranks.
func (p *Position) generateMasks(list *[MaxMoves]Move) int {
	var m genMasks
	p.fillMasks(&m)
	n := 0
	for a, from := range p.animals(p.side()) {
		for t := m.targets(Animal(a), from); t != 0; t &= t - 1 {
			list[n&(MaxMoves-1)] = newMove(from, Square(bits.TrailingZeros64(uint64(t))))
			n++
		}
	}
	return n
}

// LegalMoves returns the legal moves of the side to move in a new slice.
func (p Position) LegalMoves() []Move {
	return p.appendLegalMoves(make([]Move, 0, MaxMoves))
}

// CountLegalMoves returns the number of legal moves of the side to move,
// without listing them.
func (p Position) CountLegalMoves() int { return p.countLegalMoves() }

func (p *Position) countLegalMoves() int {
	if p.decided() {
		return 0
	}
	return p.countMoves()
}

// countMoves counts the moves the pieces have, whether or not the game is
// decided.
func (p *Position) countMoves() int {
	var m genMasks
	p.fillMasks(&m)
	n := 0
	for a, from := range p.animals(p.side()) {
		n += m.targets(Animal(a), from).Count()
	}
	return n
}

// LegalTargets returns the squares the piece on from may legally move to: the
// destinations a user interface highlights when the piece is selected. It is
// empty if from holds no piece of the side to move or the game is decided.
func (p Position) LegalTargets(from Square) Bitboard { return p.legalTargets(from) }

func (p *Position) legalTargets(from Square) Bitboard {
	if !from.IsValid() || p.decided() {
		return 0
	}
	pc := p.board[from&63]
	if pc == NoPiece || pc.color() != p.side() {
		return 0
	}
	var m genMasks
	p.fillMasks(&m)
	return m.targets(pc.animal(), from)
}

// IsLegal reports whether m is a legal move for the side to move.
func (p Position) IsLegal(m Move) bool { return p.isLegal(m) }

//go:noinline
func (p *Position) isLegal(m Move) bool {
	return !m.strayBits() && p.legalTargets(m.From()).Has(m.To())
}
