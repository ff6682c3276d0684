package teach

import (
	"errors"
	"fmt"
	"slices"

	dsq "github.com/doushouqi/doushouqi"
)

// Analysis is what the page's "learn" overlay and the lessons show about a
// position; its JSON is the /api/analysis answer of API.md.
type Analysis struct {
	Position   string              `json:"position"`
	Outcome    *Outcome            `json:"outcome"`
	Square     string              `json:"square,omitempty"`
	Piece      string              `json:"piece"`
	Terrain    map[string]string   `json:"terrain"`
	Targets    []string            `json:"targets"`
	Refused    []Refusal           `json:"refused"`
	Jumps      []Jump              `json:"jumps"`
	Attackers  []string            `json:"attackers"`
	Traps      []Trap              `json:"traps"`
	DenThreats map[string][]string `json:"denThreats"`
	// DenDefences are the side to move's moves that meet every den threat
	// against it; empty when there is no threat to meet, or none meets all.
	DenDefences []string `json:"denDefences"`
	// Endgame is the endgame tables' verdict on a position whose material
	// they hold (Teacher.Tables); nil, and left out of the JSON, otherwise
	// and for a decided game.
	Endgame *Endgame `json:"endgame,omitempty"`
}

// Endgame is what the endgame tables say about a position: the result for
// the side to move ("win", "draw" or "loss"), the distance in half-moves
// to the next capture or den entry that keeps a win or a loss (0 for a
// draw), the verdict in words ("blue wins in 17: c7d7") and the best moves.
type Endgame struct {
	Result   string   `json:"result"`
	Distance int      `json:"distance"`
	Text     string   `json:"text"`
	Best     []string `json:"best"`
}

// Outcome is a decided result: the library's reason (its text form in
// JSON, "den entered", "no-capture move limit", ...) and the winner ("red",
// "blue", or "" for a draw).
type Outcome struct {
	Reason dsq.Reason `json:"reason"`
	Winner string     `json:"winner,omitempty"`
}

// Jump is a lion's or tiger's river jump: the water it crosses, where it
// lands and the first rat on the path (nil when the path is open).
type Jump struct {
	Direction string   `json:"direction"`
	Path      []string `json:"path"`
	Landing   string   `json:"landing"`
	BlockedBy *string  `json:"blockedBy"`
}

// Trap is one trap square, its owner, and for each animal of the other side
// the owner's pieces that would capture it there (for an enemy already in
// the trap, its attackers under its own animal's name).
type Trap struct {
	Square      string              `json:"square"`
	Owner       string              `json:"owner"`
	Controllers map[string][]string `json:"controllers"`
}

// ErrNoPiece is returned by Analyze when the square asked about is valid
// but empty: there is nothing to analyse there. The rest of the analysis is
// still filled in.
var ErrNoPiece = errors.New("no piece on the square")

var directionNames = [...]string{dsq.Up: "up", dsq.Down: "down", dsq.Left: "left", dsq.Right: "right"}

// Analyze describes pos for a learner. square may be "" (the board only);
// otherwise the piece on it is analysed: its targets and refusals as if its
// side were to move, its river jumps and its attackers. It is the zero
// Teacher's Analyze: without endgame tables.
func Analyze(pos dsq.Position, square string) (*Analysis, error) {
	return Teacher{}.Analyze(pos, square)
}

// Analyze describes pos as the package's Analyze does, and adds the
// verdict of t's tables when they hold pos's material.
func (t Teacher) Analyze(pos dsq.Position, square string) (*Analysis, error) {
	a := &Analysis{
		Position:    pos.String(),
		Terrain:     make(map[string]string, dsq.NumSquares),
		Targets:     []string{},
		Refused:     []Refusal{},
		Jumps:       []Jump{},
		Attackers:   []string{},
		Traps:       traps(&pos),
		DenThreats:  map[string][]string{"red": moveNames(pos.DenThreats(dsq.Red)), "blue": moveNames(pos.DenThreats(dsq.Blue))},
		DenDefences: []string{},
	}
	if o := pos.Outcome(); o.IsDecided() {
		a.Outcome = &Outcome{Reason: o.Reason}
		if !o.IsDraw() {
			a.Outcome.Winner = o.Winner.String()
		}
	}
	for sq := dsq.Square(0); sq < dsq.NumSquares; sq++ {
		a.Terrain[sq.String()] = terrainName(sq)
	}
	if a.Outcome == nil && len(a.DenThreats[pos.SideToMove().Other().String()]) > 0 {
		a.DenDefences = moveNames(pos.DenDefences())
	}
	if a.Outcome == nil {
		a.Endgame = t.verdict(pos)
	}
	if square == "" {
		return a, nil
	}
	sq, err := dsq.ParseSquare(square)
	if err != nil {
		return nil, err
	}
	a.Square = sq.String()
	piece := pos.PieceAt(sq)
	if piece == dsq.NoPiece {
		return a, fmt.Errorf("%s: %w", sq, ErrNoPiece)
	}
	a.Piece = string(piece.Letter())
	a.Attackers = squareNames(pos.Attackers(sq, piece.Color().Other()))
	for d := dsq.Up; d <= dsq.Right; d++ {
		if !piece.Animal().CanJump() {
			break
		}
		if j, ok := pos.RiverJump(sq, d); ok {
			a.Jumps = append(a.Jumps, jumpOf(j, d))
		}
	}
	turn, ok := withSideToMove(pos, piece.Color())
	if !ok || a.Outcome != nil {
		return a, nil // a decided game: nothing moves
	}
	a.Targets = squareNames(turn.LegalTargets(sq))
	a.Refused = Refusals(turn, sq)
	return a, nil
}

// withSideToMove returns pos with c to move, so that any piece's moves can
// be shown whoever's turn it is.
func withSideToMove(pos dsq.Position, c dsq.Color) (dsq.Position, bool) {
	if pos.SideToMove() == c {
		return pos, true
	}
	s := pos.Setup()
	s.SideToMove = c
	p, err := dsq.NewPosition(s)
	return p, err == nil
}

func jumpOf(j dsq.RiverJump, d dsq.Direction) Jump {
	path := squareNames(j.Path)
	if d == dsq.Down || d == dsq.Left { // in the order the piece crosses them
		slices.Reverse(path)
	}
	out := Jump{Direction: directionNames[d], Path: path, Landing: j.To.String()}
	if j.BlockedBy != dsq.NoSquare {
		s := j.BlockedBy.String()
		out.BlockedBy = &s
	}
	return out
}

// terrainName names sq's terrain for the page: land, water, red-den,
// blue-den, red-trap or blue-trap.
func terrainName(sq dsq.Square) string {
	switch dsq.TerrainOf(sq, dsq.Red) {
	case dsq.River:
		return "water"
	case dsq.OwnDen:
		return "red-den"
	case dsq.EnemyDen:
		return "blue-den"
	case dsq.OwnTrap:
		return "red-trap"
	case dsq.EnemyTrap:
		return "blue-trap"
	}
	return "land"
}

// traps reports, for each of the six traps, which of the owner's pieces
// would capture each enemy animal (still on the board) stepping in.
func traps(pos *dsq.Position) []Trap {
	var out []Trap
	for _, owner := range []dsq.Color{dsq.Red, dsq.Blue} {
		enemy := owner.Other()
		for sq := range dsq.TrapsOf(owner).Squares() {
			t := Trap{Square: sq.String(), Owner: owner.String(), Controllers: map[string][]string{}}
			switch pc := pos.PieceAt(sq); {
			case pc == dsq.NoPiece:
				for a := dsq.Rat; a <= dsq.Elephant; a++ {
					if _, on := pos.SquareOf(enemy, a); on {
						t.Controllers[a.String()] = squareNames(pos.Controllers(sq, owner, a))
					}
				}
			case pc.Color() == enemy:
				t.Controllers[pc.Animal().String()] = squareNames(pos.Attackers(sq, owner))
			}
			out = append(out, t)
		}
	}
	return out
}

func squareNames(b dsq.Bitboard) []string {
	out := []string{}
	for sq := range b.Squares() {
		out = append(out, sq.String())
	}
	return out
}

func moveNames(ms []dsq.Move) []string {
	out := make([]string, 0, len(ms))
	for _, m := range ms {
		out = append(out, m.String())
	}
	return out
}

// verdict returns the tables' verdict on pos, an undecided position, or nil
// when there are no tables or they do not hold its material (or that of a
// position after one of its moves).
func (t Teacher) verdict(pos dsq.Position) *Endgame {
	if t.Tables == nil {
		return nil
	}
	v, ok := t.Tables.Verdict(pos)
	if !ok {
		return nil
	}
	return &Endgame{Result: v.Value.Result.String(), Distance: v.Value.Distance, Text: v.String(), Best: moveNames(v.Best)}
}
