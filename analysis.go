package doushouqi

// Analysis helpers: the questions a player (or a teaching page) asks of a
// position. They reuse the generator; none but Threatened is cheap enough
// for a search's every node.

// Terrain is what a square is from one side's point of view.
type Terrain uint8

// The kinds of terrain.
const (
	Plain     Terrain = iota // land that is no den and no trap
	River                    // water: only the rat
	OwnDen                   // no own piece may enter
	EnemyDen                 // entering it wins
	OwnTrap                  // enemy pieces here have rank 0
	EnemyTrap                // own pieces here have rank 0 and cannot capture
)

var terrainNames = [...]string{"land", "water", "own den", "enemy den", "own trap", "enemy trap"}

// String names the terrain, such as "enemy trap", and "none" for NoTerrain
// or any other value that is not a terrain.
func (t Terrain) String() string {
	if int(t) < len(terrainNames) {
		return terrainNames[t]
	}
	return "none"
}

// NoTerrain is what TerrainOf answers for a square off the board or a colour
// that is not a side.
const NoTerrain Terrain = EnemyTrap + 1

// TerrainOf returns what sq is for side c, and NoTerrain if sq is not a
// square of the board or c is not a side.
func TerrainOf(sq Square, c Color) Terrain {
	if !sq.IsValid() || c > Blue {
		return NoTerrain
	}
	switch b := sq.Bitboard(); {
	case Water&b != 0:
		return River
	case DenOf(c)&b != 0:
		return OwnDen
	case DenOf(c.Other())&b != 0:
		return EnemyDen
	case TrapsOf(c)&b != 0:
		return OwnTrap
	case TrapsOf(c.Other())&b != 0:
		return EnemyTrap
	}
	return Plain
}

// Attackers returns the pieces of side by that could capture the enemy piece
// on sq if it were by's turn: for example, who controls a trap an enemy has
// entered. It is empty if sq holds no piece of the other side.
func (p Position) Attackers(sq Square, by Color) Bitboard {
	if !sq.IsValid() || by > Blue {
		return 0
	}
	target := p.board[sq]
	if target == NoPiece || target.Color() == by {
		return 0
	}
	reach := p.reach(by)
	var attackers Bitboard
	for a, from := range p.animals(by) {
		if reach[a].Has(sq) {
			attackers |= from.Bitboard()
		}
	}
	return attackers
}

// Threatened returns the pieces of side c that the other side could capture
// if it were its turn, whoever is to move and whether or not the game is
// over: what c must look after. It is Attackers asked of every piece of c at
// once, at the cost of one move generation, so an evaluation can afford it.
func (p Position) Threatened(c Color) Bitboard {
	if c > Blue {
		return 0
	}
	var targets Bitboard
	for _, r := range p.reach(c.Other()) {
		targets |= r
	}
	return targets & p.occ(c)
}

// reach returns, by animal, the squares side by's pieces could move to if
// it were by's turn (none for an animal off the board): Attackers and
// Threatened read their captures from it.
func (p Position) reach(by Color) (r [NumAnimals]Bitboard) {
	p.setSide(by)
	var m genMasks
	p.fillMasks(&m)
	for a, from := range p.animals(by) {
		if from != NoSquare {
			r[a] = m.targets(Animal(a), from)
		}
	}
	return r
}

// Controllers returns the pieces of side by that could capture an enemy
// animal a if it stepped onto sq (its rank there is 0 if sq is one of by's
// traps): what guards a square before anyone is on it. sq must be empty.
func (p Position) Controllers(sq Square, by Color, a Animal) Bitboard {
	if !sq.IsValid() || by > Blue || a >= NumAnimals || p.board[sq] != NoPiece {
		return 0
	}
	if Water.Has(sq) && a != Rat || DenOf(by.Other()).Has(sq) {
		return 0 // the animal cannot stand there
	}
	s := p.Setup()
	enemy := by.Other()
	if old := p.squares[NewPiece(enemy, a)]; old != NoSquare { // move the animal there
		s.Board[old] = NoPiece
	}
	s.Board[sq] = NewPiece(enemy, a)
	q, err := NewPosition(s)
	if err != nil {
		return 0 // for example pieces in both dens
	}
	return q.Attackers(sq, by)
}

// DenThreats returns the moves by which side c could enter the enemy den on
// its next move: its legal moves into the den if c is to move, and otherwise
// the moves it would have if it were its turn in p (same pieces, same
// counters). A decided position (a den entered, no legal move, the move
// limit reached under p's rules) has none: the game is over, nobody moves.
func (p Position) DenThreats(c Color) []Move {
	if c > Blue || p.IsZero() || p.outcome().IsDecided() {
		return nil
	}
	q := p
	q.setSide(c)
	var list [MaxMoves]Move
	n := q.generate(&list)
	den := DenOf(c.Other())
	var threats []Move
	for _, m := range list[:n] {
		if den.Has(m.To()) {
			threats = append(threats, m)
		}
	}
	return threats
}

// DenDefences returns the legal moves of the side to move after which the
// opponent cannot enter the den on its next move, judged by the real outcome
// of the move: a move that ends the game (into the enemy den, leaving the
// opponent no move, or reaching the move limit under p's rules) is a
// defence, since the opponent never moves. If the opponent threatens the den
// and this is empty, the side to move cannot meet every threat.
func (p Position) DenDefences() []Move {
	var defences []Move
	for _, m := range p.LegalMoves() {
		child := p
		child.MakeMove(m)
		if len(child.DenThreats(child.side())) == 0 {
			defences = append(defences, m)
		}
	}
	return defences
}

// Direction is one of the four ways a piece moves.
type Direction uint8

// The four directions, from Red's side of the board.
const (
	Up    Direction = iota // towards rank 9
	Down                   // towards rank 1
	Left                   // towards file a
	Right                  // towards file g
)

// RiverJump describes a lion's or tiger's jump across a river.
type RiverJump struct {
	From, To  Square   // the bank it leaves and the square it lands on
	Path      Bitboard // the water squares crossed
	BlockedBy Square   // the first rat on the path, NoSquare if the jump is open
}

// RiverJump returns the river jump from sq in direction d, and false if
// there is none (sq is not on a bank facing the river that way). Whether a
// lion or tiger stands on sq, and what stands on the landing square, is not
// looked at: this is the path, and the rat that blocks it if any.
func (p Position) RiverJump(sq Square, d Direction) (RiverJump, bool) {
	if !sq.IsValid() || d > Right {
		return RiverJump{}, false
	}
	dir := directions[d]
	next := SquareAt(sq.File()+dir.file, sq.Rank()+dir.rank)
	if next == NoSquare {
		return RiverJump{}, false
	}
	var j RiverJump
	for _, jump := range jumpsFrom[sq] {
		if jump.path.Has(next) {
			j = RiverJump{From: sq, To: jump.land.First(), Path: jump.path, BlockedBy: NoSquare}
		}
	}
	if j.Path == 0 {
		return RiverJump{}, false
	}
	rats := p.Pieces(Red, Rat) | p.Pieces(Blue, Rat)
	// The first rat met along the way.
	for s := next; Water.Has(s); s = SquareAt(s.File()+dir.file, s.Rank()+dir.rank) {
		if rats.Has(s) {
			j.BlockedBy = s
			break
		}
	}
	return j, true
}
