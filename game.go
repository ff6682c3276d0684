package doushouqi

import (
	"errors"
	"fmt"
	"sync/atomic"
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
// A Game is a value: copies are independent. After b := a (a map value read,
// a struct field copied, *p dereferenced), a move, an Undo, a tag, a draw
// offer or a resignation on either never shows in the other, so a server may
// hold its games by value in maps and structs, and keep a copy as a
// snapshot. Copying is cheap all the same: the copies share the history
// they have in common, which is append-only. A copy that plays on writes
// its new move in place when no other copy has gone further along the same
// history (the usual case: a room plays on and the old value is dropped),
// and otherwise takes its own copy of the history first, as it does after an
// Undo (another copy may still show the move taken back). Tags are replaced,
// never changed in place. So Play costs O(1) amortised, and O(moves) only
// the first time a copy branches off; reads never copy.
//
// The read methods have value receivers, so they work on a Game held by
// value (a struct field, a map value); a Game marshals to JSON by value
// too.
//
// A Game is not safe for concurrent use: a server serialises the calls on one
// game (one mutex per game is enough). Copies of one game may be used from
// different goroutines at once, one goroutine per copy. Reading a Game's
// Position or Moves returns copies that may then be used freely.
type Game struct {
	rules Rules    // the positions' rules, and Threefold
	hist  *history // the positions and moves, shared with the copies; nil in the zero Game
	n     int      // this game's positions: hist.positions[:n] (moves[:n-1]); 0 in the zero Game
	// tags holds valid names and values only (checkTag). The map is never
	// written once a Game holds it: copies may share it.
	tags    map[string]string
	ended   Outcome // a resignation, an agreed draw or a repetition; Undecided otherwise
	offer   Color   // the side whose draw offer is pending, if pending
	pending bool
}

// history is the positions and moves of a game, shared by its copies. It is
// append-only: an entry, once written, is never written again, so a game
// that sees the first n entries sees them unchanged however its copies play
// on. The next free entry goes to the first game that claims it (used, by
// compare-and-swap, so that copies on different goroutines may play at
// once); another game at the same point takes a history of its own.
type history struct {
	used      atomic.Int64 // entries written or claimed; never decreases
	positions []Position   // len == cap, fixed; positions[0] is the start
	moves     []Move       // moves[i] leads from positions[i] to positions[i+1]; same length as positions
}

// newHistory returns a history holding positions[:n] and moves[:n-1] of
// the given slices, with room for at least spare more entries.
func newHistory(positions []Position, moves []Move, n, spare int) *history {
	size := max(n+spare, 2*n, 8)
	h := &history{positions: make([]Position, size), moves: make([]Move, size)}
	copy(h.positions, positions[:n])
	copy(h.moves, moves[:max(n-1, 0)])
	h.used.Store(int64(n))
	return h
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
	return &Game{rules: rules, hist: newHistory([]Position{pos}, nil, 1, 0), n: 1}, nil
}

// Clone returns a pointer to a copy of g. Since copies of a Game are
// independent, *g.Clone() shows and does what a plain copy (c := g) does;
// Clone also gives the copy a history of its own, sized to its moves, so
// that it keeps no memory of g's history alive and branches off without a
// copy later.
func (g Game) Clone() *Game {
	c := g
	if g.n > 0 {
		c.hist = newHistory(g.hist.positions, g.hist.moves, g.n, 0)
	}
	return &c
}

// positions returns the game's positions, the start position alone for the
// zero Game. The slice is capacity-clipped: an append never writes into the
// shared history.
func (g *Game) positions() []Position {
	if g.n == 0 {
		return []Position{StartPosition()}
	}
	return g.hist.positions[:g.n:g.n]
}

// moveList returns the game's moves, capacity-clipped like positions.
func (g *Game) moveList() []Move {
	if g.n == 0 {
		return nil
	}
	return g.hist.moves[: g.n-1 : g.n-1]
}

// push appends the move m and the position next it leads to.
func (g *Game) push(m Move, next Position) {
	if g.n == 0 {
		g.hist, g.n = newHistory([]Position{StartPosition()}, nil, 1, 1), 1
	}
	h, n := g.hist, g.n
	if n >= len(h.positions) || !h.used.CompareAndSwap(int64(n), int64(n+1)) {
		// Full, or another copy has written entry n (or this game took its
		// move back): continue on a history of its own.
		h = newHistory(h.positions, h.moves, n, 1)
		h.used.Store(int64(n + 1))
	}
	h.positions[n] = next
	h.moves[n-1] = m
	g.hist, g.n = h, n+1
}

// Rules returns the rules the game is played under.
func (g Game) Rules() Rules { return g.rules }

// Start returns the position the game started from.
func (g Game) Start() Position {
	if g.n == 0 {
		return StartPosition()
	}
	return g.hist.positions[0]
}

// Position returns the current position.
func (g Game) Position() Position {
	if g.n == 0 {
		return StartPosition()
	}
	return g.hist.positions[g.n-1]
}

// Moves returns the moves played so far, in a new slice.
func (g Game) Moves() []Move { return append([]Move(nil), g.moveList()...) }

// PositionAfter returns the position after the first n moves (0: the start),
// and false if fewer than n moves were played.
func (g Game) PositionAfter(n int) (Position, bool) {
	h := g.positions()
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
	prev := g.Position()
	next := prev
	next.MakeMove(m)
	if g.pending && g.offer != prev.side() {
		g.pending = false // the other side moved instead of accepting
	}
	g.push(m, next)
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
	h := g.positions()
	for i := range h {
		q := &h[i]
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
	if g.n <= 1 {
		return fmt.Errorf("doushouqi: undo: %w", ErrNothingToUndo)
	}
	g.n-- // the entry stays in the history for the copies that show it
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
