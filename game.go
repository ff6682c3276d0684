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
// snapshot. Copying stays cheap all the same: the copies share the history
// they have in common, which is append-only, in blocks of 16 positions. A
// game that plays on writes its move in place when no other copy has gone
// further along the same history (the usual case: a room plays on and the
// old value is dropped); otherwise (another copy went on first, or this game
// took its move back while a copy may still show it) it copies the last
// block, at most 16 positions, and the list of blocks, and goes on with its
// own. Tags are replaced, never changed in place. So Play costs O(1)
// amortised, a Play that branches off costs one block (about 2 KiB), reads
// never copy, and no change to one copy can reach another.
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
	rules Rules // the positions' rules, and Threefold
	// hist holds the positions and moves, shared with the copies: entry i
	// is hist.blocks[i/blockSize].positions[i%blockSize]. nil in the zero
	// Game.
	hist *spine
	n    int // this game's positions, the start included; 0 in the zero Game (the start alone)
	// tags holds valid names and values only (checkTag). The map is never
	// written once a Game holds it: copies may share it.
	tags    map[string]string
	ended   Outcome // a resignation, an agreed draw or a repetition; Undecided otherwise
	offer   Color   // the side whose draw offer is pending, if pending
	pending bool
}

// blockSize is the number of positions in a block of a game's history: the
// most a branching copy copies.
const blockSize = 16

// A game's history is a spine of blocks, both shared by the copies of the
// game and both append-only: an entry, once written, is never written
// again, so a game that sees the first entries sees them unchanged however
// its copies play on. The next free entry of a block, or the next free
// block pointer of a spine, goes to the first game that claims it (used, by
// compare-and-swap, so that copies on different goroutines may play at
// once); another game at the same point copies the block (at most
// blockSize positions) and the spine's pointers to its blocks.
type spine struct {
	used   atomic.Int32 // block pointers written or claimed; never decreases
	blocks []*block     // len == cap, fixed
}

type block struct {
	used      atomic.Int32 // entries written or claimed; never decreases
	positions [blockSize]Position
	moves     [blockSize]Move // moves[k] is the move that led to positions[k] (none for the start)
}

// at returns the game's i-th position, 0 <= i < g.n.
func (g *Game) at(i int) *Position { return &g.hist.blocks[i/blockSize].positions[i%blockSize] }

// moveTo returns the move that led to the i-th position, 1 <= i < g.n.
func (g *Game) moveTo(i int) Move { return g.hist.blocks[i/blockSize].moves[i%blockSize] }

// claim reports whether the caller may write entry k of a shared
// append-only array whose claims are counted by used: k must be the next
// free entry, and no other game may have taken it first.
func claim(used *atomic.Int32, k int) bool { return used.CompareAndSwap(int32(k), int32(k+1)) }

// newSpine returns a spine of its own holding blocks[:j] and b at j, with
// room to grow.
func newSpine(blocks []*block, j int, b *block) *spine {
	sp := &spine{blocks: make([]*block, max(2*(j+1), 4))}
	copy(sp.blocks, blocks[:j])
	sp.blocks[j] = b
	sp.used.Store(int32(j + 1))
	return sp
}

// push appends the move m and the position next it leads to.
func (g *Game) push(m Move, next Position) {
	if g.n == 0 {
		g.start(StartPosition())
	}
	i := g.n
	j, k := i/blockSize, i%blockSize
	sp := g.hist
	var b *block
	switch {
	case k == 0: // a new block, this game's alone
		b = new(block)
		if j < len(sp.blocks) && claim(&sp.used, j) {
			sp.blocks[j] = b
		} else {
			g.hist = newSpine(sp.blocks, j, b)
		}
	case claim(&sp.blocks[j].used, k):
		b = sp.blocks[j]
	default:
		// Another copy has written entry i, or this game took that move
		// back while a copy may still show it: go on with a copy of the
		// block, on a spine of its own.
		b = new(block)
		copy(b.positions[:k], sp.blocks[j].positions[:k])
		copy(b.moves[:k], sp.blocks[j].moves[:k])
		g.hist = newSpine(sp.blocks, j, b)
	}
	b.positions[k], b.moves[k] = next, m
	if b.used.Load() <= int32(k) {
		b.used.Store(int32(k + 1)) // a block of its own: nobody else sees it yet
	}
	g.n = i + 1
}

// start makes pos the game's history alone.
func (g *Game) start(pos Position) {
	b := new(block)
	b.positions[0] = pos
	b.used.Store(1)
	g.hist, g.n = newSpine(nil, 0, b), 1
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
	g := &Game{rules: rules}
	g.start(pos)
	return g, nil
}

// Clone returns a pointer to a copy of g. Since copies of a Game are
// independent, *g.Clone() shows and does what a plain copy (c := *g) does;
// Clone also gives the copy a spine and a last block of its own, so that
// neither game need copy them later.
func (g Game) Clone() *Game {
	c := g
	if g.n > 0 {
		j := (g.n - 1) / blockSize // the block of the last position
		k := g.n - j*blockSize     // the entries of that block g shows
		own := new(block)
		copy(own.positions[:k], g.hist.blocks[j].positions[:k])
		copy(own.moves[:k], g.hist.blocks[j].moves[:k])
		own.used.Store(int32(k))
		c.hist = newSpine(g.hist.blocks, j, own)
	}
	return &c
}

// positions returns the game's positions in a new slice, the start position
// alone for the zero Game.
func (g *Game) positions() []Position {
	if g.n == 0 {
		return []Position{StartPosition()}
	}
	h := make([]Position, g.n)
	for i := range h {
		h[i] = *g.at(i)
	}
	return h
}

// Rules returns the rules the game is played under.
func (g Game) Rules() Rules { return g.rules }

// Start returns the position the game started from.
func (g Game) Start() Position {
	if g.n == 0 {
		return StartPosition()
	}
	return *g.at(0)
}

// Position returns the current position.
func (g Game) Position() Position {
	if g.n == 0 {
		return StartPosition()
	}
	return *g.at(g.n - 1)
}

// Moves returns the moves played so far, in a new slice.
func (g Game) Moves() []Move {
	if g.n <= 1 {
		return nil
	}
	moves := make([]Move, g.n-1)
	for i := range moves {
		moves[i] = g.moveTo(i + 1)
	}
	return moves
}

// PositionAfter returns the position after the first n moves (0: the start),
// and false if fewer than n moves were played.
func (g Game) PositionAfter(n int) (Position, bool) {
	if n == 0 && g.n == 0 {
		return StartPosition(), true
	}
	if n < 0 || n >= g.n {
		return Position{}, false
	}
	return *g.at(n), true
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
	for i := range g.n {
		q := g.at(i)
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
	g.n-- // the entry stays in its block for the copies that show it
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
