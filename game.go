package doushouqi

import (
	"errors"
	"fmt"
)

// Game errors, for errors.Is. Moves refused by the rules are *MoveError as
// from Position.Play.
var (
	ErrNothingToUndo = errors.New("no move to take back")
	ErrNoDrawOffer   = errors.New("no draw offer from the other side")
	ErrDrawOffered   = errors.New("a draw offer is already pending")
	ErrBadColor      = errors.New("not a side")
)

// Game is a game between two players: a start position, the moves played,
// the position after each, and what happened outside the rules (resignation,
// draw offers). It is what a game server holds for each room.
//
// A Game is not safe for concurrent use: a server serialises the calls on one
// game (one mutex per game is enough). Reading a Game's Position or Moves
// returns copies that may then be used freely.
type Game struct {
	// Tags are free-form facts about the game kept in its record, such as
	// "Red", "Blue", "Date" and "Event". Start and Result are written from the
	// game itself, not from Tags.
	Tags map[string]string

	rules     Rules      // the positions' rules, and Threefold
	positions []Position // positions[0] is the start; positions[i] follows moves[i-1]
	moves     []Move
	ended     Outcome // a resignation or an agreed draw; Undecided otherwise
	offer     Color   // the side whose draw offer is pending, if pending
	pending   bool
}

// NewGame returns a game from the start position.
func NewGame() *Game {
	g, _ := NewGameFrom(StartPosition())
	return g
}

// NewGameFrom returns a game from pos under pos's rules. pos must be a valid
// position (ParsePosition and NewPosition make only valid ones; the zero
// Position is not).
func NewGameFrom(pos Position) (*Game, error) {
	return NewGameRules(pos, pos.Rules())
}

// NewGameRules returns a game from pos played under rules, Threefold
// included.
func NewGameRules(pos Position, rules Rules) (*Game, error) {
	s := pos.Setup()
	if err := s.Validate(); err != nil {
		return nil, err
	}
	if check, _ := NewPosition(s); check != pos {
		return nil, errors.New("doushouqi: NewGameRules: position is corrupt")
	}
	pos, err := pos.WithRules(rules)
	if err != nil {
		return nil, err
	}
	return &Game{Tags: map[string]string{}, rules: rules, positions: []Position{pos}}, nil
}

// Rules returns the rules the game is played under.
func (g *Game) Rules() Rules { return g.rules }

// Start returns the position the game started from.
func (g *Game) Start() Position { return g.positions[0] }

// Position returns the current position.
func (g *Game) Position() Position { return g.positions[len(g.positions)-1] }

// Moves returns the moves played so far, in a new slice.
func (g *Game) Moves() []Move { return append([]Move(nil), g.moves...) }

// PositionAfter returns the position after the first n moves (0: the start),
// and false if fewer than n moves were played.
func (g *Game) PositionAfter(n int) (Position, bool) {
	if n < 0 || n >= len(g.positions) {
		return Position{}, false
	}
	return g.positions[n], true
}

// Outcome returns the result: a resignation or an agreed draw if there was
// one, else the outcome of the current position under the rules.
func (g *Game) Outcome() Outcome {
	if g.ended.IsDecided() {
		return g.ended
	}
	pos := g.Position()
	return pos.Outcome()
}

// IsOver reports whether the game has ended, by the rules or otherwise.
func (g *Game) IsOver() bool { return g.Outcome().IsDecided() }

// Play plays m for the side to move. An illegal move, or any move once the
// game is over, returns a *MoveError (ErrGameOver once over) and changes
// nothing. A pending draw offer by the other side lapses when this side
// moves instead of answering it.
func (g *Game) Play(m Move) error {
	if g.IsOver() {
		return &MoveError{Move: m, Err: ErrGameOver}
	}
	next := g.Position()
	if err := next.Play(m); err != nil {
		return err
	}
	if mover := g.positions[len(g.positions)-1].side; g.pending && g.offer != mover {
		g.pending = false // the other side moved instead of accepting
	}
	g.positions = append(g.positions, next)
	g.moves = append(g.moves, m)
	if g.rules.Threefold && !next.Outcome().IsDecided() && g.occurrences(&next) >= 3 {
		g.ended = Outcome{Reason: Repetition}
	}
	return nil
}

// occurrences counts the positions of the game with the same pieces and side
// to move as p (p's own included).
func (g *Game) occurrences(p *Position) int {
	n := 0
	for i := range g.positions {
		q := &g.positions[i]
		if q.hash == p.hash && q.side == p.side && q.board == p.board {
			n++
		}
	}
	return n
}

// Undo takes back the last move, for local and AI games. It fails with
// ErrNothingToUndo at the start and ErrGameOver once the game is over, and
// then changes nothing. A pending draw offer is withdrawn.
func (g *Game) Undo() error {
	if g.IsOver() {
		return fmt.Errorf("doushouqi: undo: %w", ErrGameOver)
	}
	if len(g.moves) == 0 {
		return fmt.Errorf("doushouqi: undo: %w", ErrNothingToUndo)
	}
	g.moves = g.moves[:len(g.moves)-1]
	g.positions = g.positions[:len(g.positions)-1]
	g.pending = false
	return nil
}

// Resign ends the game with a win for the other side of c, whoever is to
// move.
func (g *Game) Resign(c Color) error {
	if err := g.checkOpen("resign", c); err != nil {
		return err
	}
	g.ended = Outcome{Reason: Resigned, Winner: c.Other()}
	g.pending = false
	return nil
}

// OfferDraw records a draw offer by c, which the other side may accept or
// decline; it lapses if the other side moves instead.
func (g *Game) OfferDraw(c Color) error {
	if err := g.checkOpen("offer draw", c); err != nil {
		return err
	}
	if g.pending {
		return fmt.Errorf("doushouqi: offer draw: %w", ErrDrawOffered)
	}
	g.offer, g.pending = c, true
	return nil
}

// AcceptDraw accepts, for c, the other side's pending offer: the game ends
// in an agreed draw.
func (g *Game) AcceptDraw(c Color) error {
	if err := g.answerable("accept draw", c); err != nil {
		return err
	}
	g.ended = Outcome{Reason: DrawAgreed}
	g.pending = false
	return nil
}

// DeclineDraw declines, for c, the other side's pending offer.
func (g *Game) DeclineDraw(c Color) error {
	if err := g.answerable("decline draw", c); err != nil {
		return err
	}
	g.pending = false
	return nil
}

// DrawOffer returns the side whose draw offer is pending, if any.
func (g *Game) DrawOffer() (Color, bool) { return g.offer, g.pending }

func (g *Game) checkOpen(op string, c Color) error {
	if c > Blue {
		return fmt.Errorf("doushouqi: %s: %w", op, ErrBadColor)
	}
	if g.IsOver() {
		return fmt.Errorf("doushouqi: %s: %w", op, ErrGameOver)
	}
	return nil
}

func (g *Game) answerable(op string, c Color) error {
	if err := g.checkOpen(op, c); err != nil {
		return err
	}
	if !g.pending || g.offer == c {
		return fmt.Errorf("doushouqi: %s: %w", op, ErrNoDrawOffer)
	}
	return nil
}
