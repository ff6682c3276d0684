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
	// ErrNotForfeit is the error of Game.Forfeit given a reason other than
	// TimeForfeit or Abandoned.
	ErrNotForfeit = errors.New("not a reason to forfeit")
)

// Game is a game between two players: a start position, the moves played,
// the position after each, tags, and what happened outside the rules (a
// resignation, draw offers and an agreed draw, a loss on time or by
// abandonment). It is what a game server holds for each room.
//
// The zero Game is ready to use: a standard game from the start position,
// with no tags. [NewGame] returns the same game.
//
// A server asks the game, not its position, which moves are legal
// ([Game.LegalMoves], [Game.LegalTargets], [Game.IsLegal],
// [Game.CheckMove]): the game's answers agree with [Game.Play] in every
// state, and once the game is over (by the rules, a repetition, a
// resignation, an agreed draw or a forfeit) there are none. [Game.Undo]
// takes back the last step, a move or an ending outside the rules, also
// after the end: a player who blundered into a loss may take the move back.
//
// A Game is a value: copies are independent. After b := a (a map value read,
// a struct field copied, *p dereferenced), a move, an Undo, a tag, a draw
// offer or a resignation on either never shows in the other, also when both
// play on from the same point, so a server may hold its games by value in
// maps and structs, and keep a copy as a snapshot or a branch to explore.
//
// Costs: a copy is a struct copy of a few machine words, whatever the
// game's length; Play allocates one history entry (under 200 bytes) on top
// of the move's legality check; Undo allocates nothing; Position,
// Outcome and the move questions cost as on a Position; PositionAfter and
// Start cost O(log n) in a game of n moves, Moves and Record O(n).
// Repetitions are counted in O(log n) steps at most per move, under every
// rules, whatever the game's length: once 64 half-moves or more have gone
// without a capture (under a move limit above the standard 60, or none),
// Play also puts the position in an index of those since the last
// capture, shared by copies (an entry of a map, about 40 bytes a move).
//
// The read methods have value receivers, so they work on a Game held by
// value (a struct field, a map value); a Game marshals to JSON by value
// too.
//
// A Game is not safe for concurrent use: a server serialises the calls on one
// game (one mutex per game is enough). Copies of one game may be used from
// different goroutines at once, one goroutine per copy, whatever each does.
// Reading a Game's Position or Moves returns copies that may then be used
// freely.
type Game struct {
	rules Rules // the positions' rules, and Threefold
	// last is the current position's entry of the history; nil in the zero
	// Game, whose history is the start position alone.
	last *node
	n    int // the positions in the history, the start included; 0 in the zero Game
	// tags holds valid names and values only (checkTag). The map is never
	// written once a Game holds it: copies may share it.
	tags map[string]string
	// ended is an ending outside the rules (Resigned, DrawAgreed, TimeForfeit,
	// Abandoned), on top of the history; Undecided otherwise.
	ended   Outcome
	offer   Color // the side whose draw offer is pending, if pending
	pending bool
}

// history returns the game's current node, making the start's for the zero
// Game.
func (g *Game) history() *node {
	if g.last == nil {
		g.last, g.n = startNode(StartPosition()), 1
	}
	return g.last
}

// start makes pos the game's history alone.
func (g *Game) start(pos Position) { g.last, g.n = startNode(pos), 1 }

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
	g := &Game{rules: rules.canonical()}
	g.start(pos)
	return g, nil
}

// Clone returns a pointer to a copy of g, for code that holds games by
// pointer: *g.Clone() is the same as the plain copy c := *g, and costs the
// same.
func (g Game) Clone() *Game { return &g }

// Rules returns the rules the game is played under.
func (g Game) Rules() Rules { return g.rules }

// Start returns the position the game started from.
func (g Game) Start() Position {
	if g.last == nil {
		return StartPosition()
	}
	return g.last.at(0).pos
}

// Position returns the current position.
func (g Game) Position() Position {
	if g.last == nil {
		return StartPosition()
	}
	return g.last.pos
}

// Moves returns the moves played so far, in a new slice (nil before the
// first move).
func (g Game) Moves() []Move {
	if g.last == nil || g.last.ply == 0 {
		return nil
	}
	moves := make([]Move, g.last.ply)
	for x := g.last; x.prev != nil; x = x.prev {
		moves[x.ply-1] = x.move
	}
	return moves
}

// PositionAfter returns the position after the first n moves (0: the start),
// and false if fewer than n moves were played.
func (g Game) PositionAfter(n int) (Position, bool) {
	switch {
	case n == 0 && g.last == nil:
		return StartPosition(), true
	case n < 0 || n >= g.n:
		return Position{}, false
	}
	return g.last.at(int32(n)).pos, true
}

// Repetitions returns how often the current position (the same pieces on
// the same squares, the same side to move) has occurred in the game, this
// time included: 1 for a position new to the game; 3 ends the game under
// [Rules.Threefold]. Positions before the last capture never count, as
// none can come back. It costs O(1): Play counted it.
func (g Game) Repetitions() int {
	if g.last == nil {
		return 1
	}
	return g.last.occurrences()
}

// CanClaimThreefold reports whether the side to move could claim a draw by
// threefold repetition, where the rules leave the claim to the players (as
// in chess) rather than end the game at once ([Rules.Threefold]): the
// current position has occurred three times or more, or one of its legal
// moves makes a position occur for the third time. It is false once the
// game is over. It costs one index lookup per legal move.
func (g Game) CanClaimThreefold() bool {
	if g.IsOver() {
		return false
	}
	x := g.history()
	if x.occurrences() >= 3 {
		return true
	}
	for _, m := range x.pos.LegalMoves() {
		next := x.pos
		if next.MakeMove(m).captured != NoPiece || next.Outcome().IsDecided() {
			continue // no repetition after a capture; the rules decide it
		}
		if x.count(&next) >= 2 {
			return true
		}
	}
	return false
}

// Outcome returns the result: an ending outside the rules (a resignation,
// an agreed draw, a forfeit) if there was one, else a repetition under
// Threefold, else the outcome of the current position under the rules. Its
// Winner is NoColor unless a side won.
func (g Game) Outcome() Outcome {
	switch {
	case g.ended.IsDecided():
		return g.ended.tidy()
	case g.repeated():
		return Outcome{Reason: Repetition, Winner: NoColor}
	}
	return g.Position().Outcome()
}

// repeated reports whether the current position ended the game by
// repetition.
func (g *Game) repeated() bool { return g.last != nil && g.last.repeated }

// IsOver reports whether the game has ended, by the rules or otherwise.
func (g Game) IsOver() bool { return g.Outcome().IsDecided() }

// LegalMoves returns the moves Play accepts now, in a new slice: the legal
// moves of the current position, and none once the game is over.
func (g Game) LegalMoves() []Move {
	if g.ended.IsDecided() || g.repeated() {
		return []Move{}
	}
	return g.Position().LegalMoves()
}

// LegalTargets returns the squares the piece on from may move to now: what a
// board highlights when the piece is selected. It is empty once the game is
// over.
func (g Game) LegalTargets(from Square) Bitboard {
	if g.ended.IsDecided() || g.repeated() {
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
// and changes nothing. A pending draw offer lapses when the other side
// moves instead of answering it, and when the move ends the game. As
// Position.Play, it holds the counters at MaxCounter.
func (g *Game) Play(m Move) error {
	if err := g.CheckMove(m); err != nil {
		return err
	}
	prev := g.history()
	next := prev.pos
	next.MakeMove(m)
	next.capCounters()
	g.last, g.n = prev.child(m, next), g.n+1
	if g.rules.Threefold && !next.Outcome().IsDecided() && g.last.occurrences() >= 3 {
		g.last.repeated = true // before anyone else can see the node
	}
	if g.pending && (g.offer != prev.pos.side() || g.IsOver()) {
		g.pending = false
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

// Undo takes back the last step of the game, for local and AI games: an
// ending outside the rules (a resignation, an agreed draw or a forfeit), or
// else the last move, also one that ended the game by the rules or by
// repetition. The game then goes on from the position before that step,
// with its outcome recomputed. No draw offer is pending after an Undo: an
// offer pending before it, or accepted by the agreed draw taken back, is
// withdrawn, and a player who still wants a draw offers again. Undo fails
// with ErrNothingToUndo, changing nothing, when the game has neither.
func (g *Game) Undo() error {
	switch {
	case g.ended.IsDecided():
		g.ended = Outcome{}
	case g.n <= 1:
		return fmt.Errorf("doushouqi: undo: %w", ErrNothingToUndo)
	default:
		g.last, g.n = g.last.prev, g.n-1
	}
	g.pending = false
	return nil
}

// Resign ends the game with a win for the other side of c, whoever is to
// move. Undo takes the resignation back.
func (g *Game) Resign(c Color) error {
	if err := g.checkOpen("resign", c); err != nil {
		return err
	}
	g.endOutside(Outcome{Reason: Resigned, Winner: c.Other()})
	return nil
}

// Forfeit ends the game with a loss for loser, whoever is to move, for a
// reason decided outside the rules by whoever runs the game: TimeForfeit
// (loser's clock ran out) or Abandoned (loser left the game). Any other
// reason is refused with ErrNotForfeit, a game already over with
// ErrGameOver, a loser that is not a side with ErrBadColor; then nothing
// changes. Undo takes the forfeit back, as it does a resignation.
func (g *Game) Forfeit(loser Color, reason Reason) error {
	if reason != TimeForfeit && reason != Abandoned {
		return fmt.Errorf("doushouqi: forfeit: %w: %s", ErrNotForfeit, reason)
	}
	if err := g.checkOpen("forfeit", loser); err != nil {
		return err
	}
	g.endOutside(Outcome{Reason: reason, Winner: loser.Other()})
	return nil
}

// OfferDraw records a draw offer by c, which the other side may accept or
// decline; it lapses if the other side moves instead, or the game ends.
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
// in an agreed draw, which Undo takes back.
func (g *Game) AcceptDraw(c Color) error {
	if err := g.answerable("accept draw", c); err != nil {
		return err
	}
	g.endOutside(Outcome{Reason: DrawAgreed, Winner: NoColor})
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

// DrawOffer returns the side whose draw offer is pending and true, or
// NoColor and false when no offer is pending.
func (g Game) DrawOffer() (Color, bool) {
	if !g.pending {
		return NoColor, false
	}
	return g.offer, true
}

// endOutside ends the game, which must be open, with o, an outcome decided
// outside the rules (o.Reason.outsideRules()); a pending offer lapses.
func (g *Game) endOutside(o Outcome) {
	g.ended = o.tidy()
	g.pending = false
}

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
