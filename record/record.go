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
// text with one tokenizer. A [Reader] reads many records from a stream, one
// at a time.
package record

import (
	"bytes"
	"errors"
	"fmt"
	"maps"
	"slices"
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
	// Variations are the other lines played in this move's place: each
	// starts from the position before Move.
	Variations [][]*Node
}

// Game is an annotated game: the header of a record, and its moves as a
// tree whose first line is the main line.
type Game struct {
	Tags    map[string]string // the game's own tags; Start, Rules, Result and DrawOffer are the fields below
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
// record: an error is a *dsq.RecordError.
func (a *Game) Game() (*dsq.Game, error) {
	return dsq.ParseRecord(a.mainRecord())
}

// mainRecord writes the main line as a plain record.
func (a *Game) mainRecord() string {
	var b strings.Builder
	names := slices.Collect(maps.Keys(a.Tags))
	recordtext.SortTags(names)
	for _, name := range names {
		recordtext.WriteTag(&b, name, a.Tags[name])
	}
	if a.Rules != dsq.Standard {
		recordtext.WriteTag(&b, "Rules", a.Rules.String())
	}
	start := a.start()
	recordtext.WriteTag(&b, "Start", start.String())
	recordtext.WriteTag(&b, "Result", resultText(a.Outcome))
	if a.DrawOffer != nil {
		recordtext.WriteTag(&b, "DrawOffer", a.DrawOffer.String())
	}
	b.WriteString("\n")
	number, blue := start.MoveNumber(), start.SideToMove() == dsq.Blue
	for i, n := range a.Moves {
		if !blue || i == 0 {
			b.WriteString(recordtext.MoveNumber(number, blue) + " ")
		}
		b.WriteString(n.Move.String() + " ")
		if blue {
			number++
		}
		blue = !blue
	}
	b.WriteString(resultToken(a.Outcome) + "\n")
	return b.String()
}

func (a *Game) start() dsq.Position {
	if a.Start.IsZero() {
		return dsq.StartPosition()
	}
	return a.Start
}

// resultText is the Result tag of an outcome.
func resultText(o dsq.Outcome) string {
	if !o.IsDecided() {
		return "*"
	}
	return o.String()
}

// resultToken is the token that ends the movetext of a game with outcome o.
func resultToken(o dsq.Outcome) string {
	switch {
	case !o.IsDecided():
		return "*"
	case o.IsDraw():
		return "1/2-1/2"
	case o.Winner == dsq.Red:
		return "1-0"
	}
	return "0-1"
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
			return nil, err
		}
		b.WriteString("{" + a.Comment + "} ")
	}
	begin, _ := dsq.NewGameRules(a.start(), a.Rules) // main.Start and Rules, as Game checked them
	if err := writeLine(&b, *begin, a.Moves, 0); err != nil {
		return nil, err
	}
	b.WriteString(resultToken(main.Outcome()) + "\n")
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

// writeLine writes the line nodes played from g, a game at its start.
func writeLine(b *bytes.Buffer, g dsq.Game, nodes []*Node, depth int) error {
	if depth > MaxDepth {
		return fmt.Errorf("record: variations nested deeper than %d", MaxDepth)
	}
	numbered := true // a number is due: the first move of a line, or after a comment or variation
	for _, n := range nodes {
		if n == nil {
			return errors.New("record: a nil node")
		}
		pos := g.Position()
		if numbered || pos.SideToMove() == dsq.Red || n.Before != "" {
			b.WriteString(recordtext.MoveNumber(pos.MoveNumber(), pos.SideToMove() == dsq.Blue) + " ")
		}
		if n.Before != "" {
			if err := checkComment(n.Before); err != nil {
				return err
			}
			b.WriteString("{" + n.Before + "} ")
		}
		before := g
		if err := g.Play(n.Move); err != nil {
			return fmt.Errorf("record: move %s: %w", recordtext.MoveNumber(pos.MoveNumber(), pos.SideToMove() == dsq.Blue), err)
		}
		if int(n.Mark) > len(recordtext.Marks) {
			return fmt.Errorf("record: mark %d is not a mark", n.Mark)
		}
		b.WriteString(n.Move.String() + n.Mark.String() + " ")
		numbered = false
		if n.After != "" {
			if err := checkComment(n.After); err != nil {
				return err
			}
			b.WriteString("{" + n.After + "} ")
			numbered = true
		}
		for _, v := range n.Variations {
			if len(v) == 0 {
				return errors.New("record: an empty variation")
			}
			b.WriteString("(")
			if err := writeLine(b, before, v, depth+1); err != nil {
				return err
			}
			b.Truncate(b.Len() - 1) // the space after the line's last token
			b.WriteString(") ")
			numbered = true
		}
	}
	return nil
}

// checkComment refuses a comment the text form cannot hold.
func checkComment(c string) error {
	if !utf8.ValidString(c) {
		return fmt.Errorf("record: comment %q is not valid UTF-8", recordtext.Cut(c))
	}
	if strings.Contains(c, "}") {
		return fmt.Errorf("record: comment %q holds a '}', which would end it", recordtext.Cut(c))
	}
	return nil
}
