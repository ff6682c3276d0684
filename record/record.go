// Package record reads and writes annotated game records: the text form of
// a game (RULES.md, "Game records") with comments, move marks and
// variations, as PGN carries them for chess.
//
//	[Red "alice"]
//	[Blue "bob"]
//	[Start "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L r 0 1"]
//	[Result "*"]
//
//	{a quiet opening} 1. a3a4!? {the rat sets out} (1. g3g4 {more usual}) 1... a7a6 *
//
// A Game is a tree: the main line, and at each move the variations played
// in its place, which may hold variations of their own. Reading checks
// every move of every line by the rules, and the tags and the result as
// [dsq.ParseRecord] does; [dsq.ParseRecord] reads the same text as the
// main line alone, skipping comments, marks and variations. Both read the
// text with one parser, and the main line with the same code. A [Reader]
// reads many records from a stream, one at a time, or their tags alone
// ([Reader.ReadHeader]), skipping the moves.
package record

import (
	"bytes"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/internal/recordtext"
)

// Mark is a move's mark, as annotators write it after the move.
type Mark uint8

// The marks, best first.
const (
	NoMark      Mark = iota
	Brilliant        // !!
	Good             // !
	Interesting      // !?
	Dubious          // ?!
	Mistake          // ?
	Blunder          // ??
)

// String returns the mark as written: "!!", "!", "!?", "?!", "?", "??", or
// "" for NoMark.
func (m Mark) String() string {
	if m == NoMark || int(m) > len(recordtext.Marks) {
		return ""
	}
	return recordtext.Marks[m-1]
}

// ParseMark reads a mark as String writes it; "" is NoMark.
func ParseMark(s string) (Mark, error) {
	if s == "" {
		return NoMark, nil
	}
	for i, m := range recordtext.Marks {
		if s == m {
			return Mark(i + 1), nil
		}
	}
	return NoMark, &dsq.ParseError{Func: "ParseMark", Input: recordtext.Cut(s), Err: fmt.Errorf("%w: want one of %s", dsq.ErrSyntax, strings.Join(recordtext.Marks[:], " "))}
}

// Node is one move of a game tree with its annotations.
type Node struct {
	Move   dsq.Move
	Mark   Mark
	Before string // a comment written before the move (after its number)
	After  string // a comment written after the move
	// NAGs are PGN's numeric annotations of the move other than the marks
	// (which are $1 to $6, Mark): $0 and $7 to $255, in the order written.
	NAGs []uint8
	// Variations are the other lines played in this move's place: each
	// starts from the position before Move.
	Variations [][]*Node
}

// Game is an annotated game: the header of a record, and its moves as a
// tree whose first line is the main line.
type Game struct {
	Tags    map[string]string // the game's own tags; Start, Rules, Result and DrawOffer are the fields below, and refused here
	Rules   dsq.Rules
	Start   dsq.Position // the zero Position means the standard start
	Outcome dsq.Outcome  // the main line's result: by the rules, a resignation or an agreed draw
	// DrawOffer is the side whose draw offer is pending at the end of the
	// main line, nil if none: the zero Game offers nothing.
	DrawOffer *dsq.Color
	Comment   string  // a comment before the main line's first move number
	Moves     []*Node // the main line
}

// MaxDepth is how deeply variations may nest: a variation inside a
// variation is depth 2.
// Both this package and [dsq.ParseRecord] refuse a record nested deeper.
const MaxDepth = recordtext.MaxDepth

// FromGame returns the annotated game of g: its header and its moves as
// the main line, without annotations.
func FromGame(g *dsq.Game) *Game {
	a := &Game{Tags: g.Tags(), Rules: g.Rules(), Start: g.Start(), Outcome: g.Outcome()}
	if c, ok := g.DrawOffer(); ok && !a.Outcome.IsDecided() {
		a.DrawOffer = &c
	}
	for _, m := range g.Moves() {
		a.Moves = append(a.Moves, &Node{Move: m})
	}
	return a
}

// Game returns the main line as a game, with the header's tags, rules,
// start, result and draw offer, checked as [dsq.ParseRecord] checks a
// record (with the same code): an error is a *dsq.RecordError.
//
// Before anything else, what no record can hold is refused: a tag of Tags
// that the record writes from the fields (Start, Rules, Result,
// DrawOffer), a tag that [dsq.Game.SetTag] refuses (a name such as
// `Event "x"]` that would write other tags), a nil node in any line, and
// variations nested deeper than MaxDepth. The error's Line is 0 (there is
// no text yet); a move's fault names its number, side and move, and its
// reason says which line.
func (a *Game) Game() (*dsq.Game, error) {
	if err := a.check(); err != nil {
		return nil, err
	}
	m := recordtext.NewMain()
	tag := func(name, value string) error {
		return m.Tag(recordtext.Token{Kind: recordtext.Tag, Text: name, Value: value})
	}
	for _, name := range slices.Sorted(maps.Keys(a.Tags)) {
		if err := tag(name, a.Tags[name]); err != nil {
			return nil, err
		}
	}
	if a.Rules != dsq.Standard {
		if err := tag("Rules", a.Rules.String()); err != nil {
			return nil, err
		}
	}
	if err := tag("Start", a.start().String()); err != nil {
		return nil, err
	}
	if a.Outcome.IsDecided() {
		if err := tag("Result", a.Outcome.String()); err != nil {
			return nil, err
		}
	}
	if a.DrawOffer != nil {
		if err := tag("DrawOffer", a.DrawOffer.String()); err != nil {
			return nil, err
		}
	}
	if err := m.Begin(); err != nil {
		return nil, err
	}
	for _, n := range a.Moves {
		number, blue := m.Turn()
		if err := m.Move(n.Move.String()); err != nil {
			side := dsq.Red
			if blue {
				side = dsq.Blue
			}
			return nil, &dsq.RecordError{MoveNumber: number, Side: side, Move: n.Move.String(), Err: fmt.Errorf("the main line: %w", err)}
		}
	}
	if err := m.End(recordtext.Token{}); err != nil {
		return nil, err
	}
	return m.Game().(*dsq.Game), nil
}

// check refuses what no record can hold, before any move is played: a
// reserved tag in Tags, a nil node, variations nested too deep.
func (a *Game) check() error {
	names := slices.Sorted(maps.Keys(a.Tags))
	for _, name := range names {
		if recordtext.IsReservedTag(name) {
			return &dsq.RecordError{Err: fmt.Errorf("tag %q in Tags: %w: the record writes it from the Game's own field", name, dsq.ErrTag)}
		}
	}
	return checkNodes(a.Moves, nil)
}

// checkNodes refuses a nil node in the line nodes, at the variation path
// (nil for the main line), or in its variations.
func checkNodes(nodes []*Node, path []int) error {
	if len(path)/2 > MaxDepth {
		return &dsq.RecordError{Err: fmt.Errorf("%s: variations nested deeper than %d", where(path), MaxDepth)}
	}
	for i, n := range nodes {
		if n == nil {
			return &dsq.RecordError{Err: fmt.Errorf("%s: node %d is nil", where(path), i+1)}
		}
		for j, v := range n.Variations {
			if err := checkNodes(v, append(path, i+1, j+1)); err != nil {
				return err
			}
		}
	}
	return nil
}

// where names the line at path, for an error: pairs of a node's place in
// its line (from 1) and a variation's place among that node's.
func where(path []int) string {
	if len(path) == 0 {
		return "the main line"
	}
	const shown = 3 // levels named; a deeper line is named by its depth
	var b strings.Builder
	b.WriteString("the main line")
	for i := 0; i+1 < len(path) && i < 2*shown; i += 2 {
		fmt.Fprintf(&b, ", node %d, variation %d", path[i], path[i+1])
	}
	if len(path) > 2*shown {
		fmt.Fprintf(&b, ", ... (a variation %d deep)", len(path)/2)
	}
	return b.String()
}

func (a *Game) start() dsq.Position {
	if a.Start.IsZero() {
		return dsq.StartPosition()
	}
	return a.Start
}

// MarshalText writes the game as an annotated record: the header as
// [dsq.Game.Record] writes it, then the moves with their marks, comments
// and variations. Every move of every line is checked by the rules, and a
// comment must be valid UTF-8 without '}'; a fault is an error and nothing
// is written. [Parse] reads the text back as the same game, and
// [dsq.ParseRecord] as its main line.
func (a *Game) MarshalText() ([]byte, error) {
	main, err := a.Game()
	if err != nil {
		return nil, err
	}
	rec := main.Record()
	head, _, _ := strings.Cut(rec, "\n\n") // tag values are quoted: no blank line inside
	var b bytes.Buffer
	b.WriteString(head + "\n\n")
	if a.Comment != "" {
		if err := checkComment(a.Comment); err != nil {
			return nil, &dsq.RecordError{Err: fmt.Errorf("the game's comment: %w", err)}
		}
		b.WriteString("{" + a.Comment + "} ")
	}
	begin, _ := dsq.NewGameRules(a.start(), a.Rules) // main.Start and Rules, as Game checked them
	if err := writeLine(&b, *begin, a.Moves, nil); err != nil {
		return nil, err
	}
	b.WriteString(cutLast(rec) + "\n")
	return b.Bytes(), nil
}

// String returns the text of MarshalText, or "" for a game it refuses.
func (a *Game) String() string {
	text, err := a.MarshalText()
	if err != nil {
		return ""
	}
	return string(text)
}

// writeLine writes the line nodes played from g, a game at its start; path
// places the line in the tree as where names it.
func writeLine(b *bytes.Buffer, g dsq.Game, nodes []*Node, path []int) error {
	numbered := true // a number is due: the first move of a line, or after a comment or variation
	for i, n := range nodes {
		pos := g.Position()
		number := recordtext.MoveNumber(pos.MoveNumber(), pos.SideToMove() == dsq.Blue)
		fault := func(format string, args ...any) error {
			return &dsq.RecordError{MoveNumber: pos.MoveNumber(), Side: pos.SideToMove(), Move: n.Move.String(),
				Err: fmt.Errorf("%s: "+format, append([]any{where(path)}, args...)...)}
		}
		if numbered || pos.SideToMove() == dsq.Red || n.Before != "" {
			b.WriteString(number + " ")
		}
		if n.Before != "" {
			if err := checkComment(n.Before); err != nil {
				return fault("the comment before: %w", err)
			}
			b.WriteString("{" + n.Before + "} ")
		}
		before := g
		if err := g.Play(n.Move); err != nil {
			return fault("%w", err)
		}
		if int(n.Mark) > len(recordtext.Marks) {
			return fault("mark %d: %w: not a mark", n.Mark, dsq.ErrSyntax)
		}
		b.WriteString(n.Move.String() + n.Mark.String() + " ")
		for _, nag := range n.NAGs {
			if int(nag) >= 1 && int(nag) <= len(recordtext.NAGMarks) {
				return fault("NAG $%d: %w: $1 to $6 are the marks, the Mark field", nag, dsq.ErrSyntax)
			}
			b.WriteString("$" + strconv.Itoa(int(nag)) + " ")
		}
		numbered = false
		if n.After != "" {
			if err := checkComment(n.After); err != nil {
				return fault("the comment after: %w", err)
			}
			b.WriteString("{" + n.After + "} ")
			numbered = true
		}
		for j, v := range n.Variations {
			if len(v) == 0 {
				return fault("variation %d is empty", j+1)
			}
			b.WriteString("(")
			if err := writeLine(b, before, v, append(path, i+1, j+1)); err != nil {
				return err
			}
			b.Truncate(b.Len() - 1) // the space after the line's last token
			b.WriteString(") ")
			numbered = true
		}
	}
	return nil
}

// errComment is the reason a comment the text form cannot hold is refused.
var errComment = errors.New("a comment must be valid UTF-8 without '}'")

// checkComment refuses a comment the text form cannot hold.
func checkComment(c string) error {
	if !utf8.ValidString(c) {
		return fmt.Errorf("%w: %q is not valid UTF-8", errComment, recordtext.Cut(c))
	}
	if strings.Contains(c, "}") {
		return fmt.Errorf("%w: %q holds a '}', which would end it", errComment, recordtext.Cut(c))
	}
	return nil
}
