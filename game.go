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
// the position after each, tags, and what happened outside the rules
// (resignation, draw offers). It is what a game server holds for each room.
//
// The zero Game is ready to use: a standard game from the start position,
// with no tags. [NewGame] returns the same game.
//
// A server asks the game, not its position, which moves are legal
// ([Game.LegalMoves], [Game.LegalTargets], [Game.IsLegal],
// [Game.CheckMove]): the game's answers agree with [Game.Play] in every
// state, and once the game is over (by the rules, a resignation, an agreed
// draw or a repetition) there are none.
//
// The read methods have value receivers, so they work on a Game held by
// value (a struct field, a map value); a Game marshals to JSON by value
// too. Copying a Game copies its history by reference, like a slice: to play
// on a copy independently of the original, copy it with [Game.Clone].
//
// A Game is not safe for concurrent use: a server serialises the calls on one
// game (one mutex per game is enough). Reading a Game's Position or Moves
// returns copies that may then be used freely.
type Game struct {
	rules     Rules      // the positions' rules, and Threefold
	positions []Position // positions[0] is the start; positions[i] follows moves[i-1]; empty in the zero Game
	moves     []Move
	tags      map[string]string // valid names only (validTagName, not reserved), valid UTF-8 values
	ended     Outcome           // a resignation, an agreed draw or a repetition; Undecided otherwise
	offer     Color             // the side whose draw offer is pending, if pending
	pending   bool
}

// NewGame returns a standard game from the start position, the same game as
// the zero Game.
func NewGame() *Game { return &Game{} }

// NewGameFrom returns a game from pos under pos's rules. pos must be a
// position of the game (ParsePosition and NewPosition make only those; the
// zero Position is not one, and a position damaged by an unchecked
// MakeMove of an illegal move is refused too, with ErrNotAPosition).
func NewGameFrom(pos Position) (*Game, error) {
	return NewGameRules(pos, pos.Rules())
}

// NewGameRules returns a game from pos played under rules, Threefold
// included. Its errors are those of NewGameFrom and of [Rules.Validate].
func NewGameRules(pos Position, rules Rules) (*Game, error) {
	if pos.IsZero() {
		return nil, fmt.Errorf("doushouqi: new game: %w (the zero Position)", ErrNotAPosition)
	}
	s := pos.Setup()
	if err := s.Validate(); err != nil {
		return nil, tidyf("doushouqi: new game: %w", err)
	}
	if check, _ := NewPosition(s); check != pos {
		return nil, fmt.Errorf("doushouqi: new game: %w (inconsistent: an illegal move made unchecked?)", ErrNotAPosition)
	}
	pos, err := pos.WithRules(rules)
	if err != nil {
		return nil, tidyf("doushouqi: new game: %w", err)
	}
	return &Game{rules: rules, positions: []Position{pos}}, nil
}

// Clone returns a copy of g that shares nothing with it: moves played on one
// do not reach the other.
func (g Game) Clone() *Game {
	c := g
	c.positions = append([]Position(nil), g.positions...)
	c.moves = append([]Move(nil), g.moves...)
	c.tags = cloneTags(g.tags)
	return &c
}

// history returns the positions, the start position alone for the zero
// Game.
func (g *Game) history() []Position {
	if len(g.positions) == 0 {
		return []Position{StartPosition()}
	}
	return g.positions
}

// Rules returns the rules the game is played under.
func (g Game) Rules() Rules { return g.rules }

// Start returns the position the game started from.
func (g Game) Start() Position { return g.history()[0] }

// Position returns the current position.
func (g Game) Position() Position {
	h := g.history()
	return h[len(h)-1]
}

// Moves returns the moves played so far, in a new slice.
func (g Game) Moves() []Move { return append([]Move(nil), g.moves...) }

// PositionAfter returns the position after the first n moves (0: the start),
// and false if fewer than n moves were played.
func (g Game) PositionAfter(n int) (Position, bool) {
	h := g.history()
	if n < 0 || n >= len(h) {
		return Position{}, false
	}
	return h[n], true
}

// Outcome returns the result: a resignation, an agreed draw or a repetition
// if there was one, else the outcome of the current position under the
// rules.
func (g Game) Outcome() Outcome {
	if g.ended.IsDecided() {
		return g.ended
	}
	return g.Position().Outcome()
}

// IsOver reports whether the game has ended, by the rules or otherwise.
func (g Game) IsOver() bool { return g.Outcome().IsDecided() }

// LegalMoves returns the moves Play accepts now, in a new slice: the legal
// moves of the current position, and none once the game is over.
func (g Game) LegalMoves() []Move {
	if g.ended.IsDecided() {
		return []Move{}
	}
	return g.Position().LegalMoves()
}

// LegalTargets returns the squares the piece on from may move to now: what a
// board highlights when the piece is selected. It is empty once the game is
// over.
func (g Game) LegalTargets(from Square) Bitboard {
	if g.ended.IsDecided() {
		return 0
	}
	return g.Position().LegalTargets(from)
}

// IsLegal reports whether Play would accept m now.
func (g Game) IsLegal(m Move) bool { return g.CheckMove(m) == nil }

// CheckMove returns nil if Play would accept m now, and otherwise the
// *MoveError Play would return (ErrGameOver once the game is over, by the
// rules or otherwise), changing nothing.
func (g Game) CheckMove(m Move) error {
	if o := g.Outcome(); o.IsDecided() {
		return &MoveError{Move: m, Err: ErrGameOver, detail: "the game is over: " + o.String()}
	}
	return g.Position().CheckMove(m)
}

// Play plays m for the side to move. An illegal move, or any move once the
// game is over, returns the *MoveError of CheckMove (ErrGameOver once over)
// and changes nothing. A pending draw offer by the other side lapses when
// this side moves instead of answering it.
func (g *Game) Play(m Move) error {
	if err := g.CheckMove(m); err != nil {
		return err
	}
	if len(g.positions) == 0 {
		g.positions = g.history()
	}
	prev := g.positions[len(g.positions)-1]
	next := prev
	next.MakeMove(m)
	if g.pending && g.offer != prev.side() {
		g.pending = false // the other side moved instead of accepting
	}
	g.positions = append(g.positions, next)
	g.moves = append(g.moves, m)
	if g.rules.Threefold && !next.Outcome().IsDecided() && g.occurrences(&next) >= 3 {
		g.ended = Outcome{Reason: Repetition}
	}
	return nil
}

// PlayText reads a move in coordinate form ("a3a4") and plays it, returning
// the move. Every failure is a *MoveError: for text that is not a move its
// Err is the *ParseError (errors.Is ErrSyntax or ErrSquare) and Move is
// NoMove; for a move the game refuses, as from Play. Either way nothing
// changes.
func (g *Game) PlayText(text string) (Move, error) {
	m, err := parseMove("PlayText", text)
	if err != nil {
		return NoMove, &MoveError{Move: NoMove, Text: cutInput(text), Err: err}
	}
	if err := g.Play(m); err != nil {
		return NoMove, err
	}
	return m, nil
}

// occurrences counts the positions of the game with the same pieces and side
// to move as p (p's own included).
func (g *Game) occurrences(p *Position) int {
	n := 0
	for i := range g.positions {
		q := &g.positions[i]
		if q.hash == p.hash && q.side() == p.side() && q.board == p.board {
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
func (g Game) DrawOffer() (Color, bool) { return g.offer, g.pending }

func (g *Game) checkOpen(op string, c Color) error {
	if c > Blue {
		return fmt.Errorf("doushouqi: %s: %w: %d", op, ErrBadColor, c)
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
