package doushouqi

import (
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/doushouqi/doushouqi/internal/recordtext"
)

// Game records. The text form is a few tags, a blank line, then the numbered
// moves, ended by the result token as in PGN:
//
//	[Red "alice"]
//	[Blue "bob"]
//	[Date "2026.11.29"]
//	[Start "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L r 0 1"]
//	[Result "*"]
//	[DrawOffer "blue"]
//
//	1. a3a4 a7a6 2. g3g4 g7g6 ... *
//
// Numbers follow the position's move number; a game whose first move is
// Blue's starts "7... g7g6". The Result tag is "*" while the game goes on,
// else the outcome as Outcome.String writes it; the result token is "1-0"
// (Red won), "0-1" (Blue won), "1/2-1/2" (a draw) or "*" (not over), and a
// record without it is refused, so a record cut short at a move boundary is
// never read as a shorter game. A DrawOffer tag names the side whose draw
// offer is pending. Loading replays and checks every move and the result.
// As PGN readers do, loading skips "; comment" to the end of a line and
// "{comments}" (also among the tags), move marks such as "!?" and PGN's
// numeric annotations $0 to $255, and variations in parentheses (the
// annotated records of package record, nested at most 64 deep), and reads
// "1.a3a4" as "1. a3a4" and an optional "1..." before a Blue move. One
// parser reads the text for ParseRecord and package record alike. JSON ([Game.MarshalJSON],
// [ParseRecordJSON]) carries the same content.
//
// Neither form has a size limit: a record is read with memory in proportion
// to the game it holds, and in time linear in its length. (A reader of many
// records, record.Reader, takes a limit.)

// ErrRecord is the sentinel of every *RecordError.
var ErrRecord = errors.New("invalid game record")

// RecordError says why a record was refused: the line, and for a move its
// number, side and text, with the reason.
type RecordError struct {
	Line       int    // 1-based line of the text record, 0 for JSON or the record as a whole
	RecordLine int    // in a stream of records (record.Reader), the line the record starts on; else 0
	MoveNumber int    // the move number of the faulty move, 0 if not a move
	Side       Color  // the side of that move
	Move       string // the move as written, cut to 64 bytes
	Err        error  // the reason; errors.Is(err, ErrRecord) holds too
}

func (e *RecordError) Error() string {
	var b strings.Builder
	b.WriteString("doushouqi: game record")
	if e.RecordLine > 0 {
		fmt.Fprintf(&b, " from line %d:", e.RecordLine)
	}
	if e.Line > 0 {
		fmt.Fprintf(&b, " line %d", e.Line)
	}
	if e.Move != "" {
		fmt.Fprintf(&b, ": move %d (%s) %q", e.MoveNumber, e.Side, e.Move)
	}
	return b.String() + ": " + reasonText(e.Err)
}

// Unwrap returns the reason and ErrRecord.
func (e *RecordError) Unwrap() []error { return []error{e.Err, ErrRecord} }

// drawOfferTag is the tag that names the side whose draw offer is pending.
const drawOfferTag = "DrawOffer"

// resultText is the Result tag of an outcome.
func resultText(o Outcome) string {
	if !o.IsDecided() {
		return "*"
	}
	return o.String()
}

// resultToken is the token that ends the movetext of a game with outcome o.
func resultToken(o Outcome) string {
	switch {
	case !o.IsDecided():
		return recordtext.Unfinished
	case o.IsDraw():
		return recordtext.Drawn
	case o.Winner == Red:
		return recordtext.RedWins
	}
	return recordtext.BlueWins
}

// Record returns the game as a text record. Every tag is written (SetTag
// refuses those a record cannot hold), a pending draw offer as the
// DrawOffer tag (an offer lapses when the game ends), and ParseRecord reads the record back as the same game:
// its tags, rules, start position, moves, result and draw offer.
func (g Game) Record() string {
	var b strings.Builder
	tags := g.Tags()
	names := slices.Collect(maps.Keys(tags))
	recordtext.SortTags(names)
	for _, name := range names {
		recordtext.WriteTag(&b, name, tags[name])
	}
	if r := g.Rules(); r != Standard {
		recordtext.WriteTag(&b, "Rules", r.String())
	}
	outcome := g.Outcome()
	start := g.Start()
	recordtext.WriteTag(&b, "Start", start.String())
	recordtext.WriteTag(&b, "Result", resultText(outcome))
	if c, ok := g.DrawOffer(); ok && !outcome.IsDecided() {
		recordtext.WriteTag(&b, drawOfferTag, c.String())
	}
	b.WriteString("\n")
	number, blue := start.MoveNumber(), start.SideToMove() == Blue
	for i, m := range g.Moves() {
		switch {
		case !blue:
			b.WriteString(recordtext.MoveNumber(number, false) + " ")
		case i == 0:
			b.WriteString(recordtext.MoveNumber(number, true) + " ")
		}
		b.WriteString(m.String())
		b.WriteByte(' ')
		if blue && number < MaxCounter { // as Play holds the position's number
			number++
		}
		blue = !blue
	}
	b.WriteString(resultToken(outcome))
	b.WriteString("\n")
	return b.String()
}

// recordTag is a tag's value and its line.
type recordTag struct {
	value string
	line  int
}

// ParseRecord reads a text record and replays it. Any fault (syntax, an
// illegal move, a move number out of turn, a missing result token, a result
// the moves do not give, a draw offer the game cannot have) is a
// *RecordError naming the line and the move, and no game is returned.
// Comments, marks and variations are skipped: the game is the main line;
// of the variations only the shape is checked (each follows a move, is
// closed, not empty, and at most 64 deep, as package record allows).
// The record may be of any length.
func ParseRecord(text string) (*Game, error) {
	m := &mainLine{}
	err := recordtext.NewParser(recordtext.NewStringScanner(text)).Read(mainOnly{m})
	if err == io.EOF {
		return nil, &RecordError{Err: errNoRecord}
	}
	if err != nil {
		return nil, m.Fault(err)
	}
	return m.g, nil
}

// errNoRecord is the reason of a text without tags or moves.
var errNoRecord = errors.New("no record: no tags, moves or result token")

func init() {
	recordtext.NewMain = func() recordtext.Main { return &mainLine{} }
}

// mainLine reads a record's main line: the one reading of tags, moves and
// results, for ParseRecord and package record (recordtext.Main).
type mainLine struct {
	g        *Game
	own      map[string]string
	reserved map[string]recordTag // Start, Rules, Result, DrawOffer
}

// Tag takes one tag of the record: a name given twice, or a tag of the
// game's own that checkTag refuses, is refused.
func (m *mainLine) Tag(tok recordtext.Token) error {
	name, value := tok.Text, tok.Value
	_, dup := m.own[name]
	if _, r := m.reserved[name]; r {
		dup = true
	}
	if dup {
		return &RecordError{Line: tok.Line, Err: fmt.Errorf("tag %q given twice", name)}
	}
	if recordtext.IsReservedTag(name) {
		if m.reserved == nil {
			m.reserved = map[string]recordTag{}
		}
		m.reserved[name] = recordTag{value, tok.Line}
		return nil
	}
	if err := checkTag(name, value); err != nil {
		return &RecordError{Line: tok.Line, Err: err}
	}
	if m.own == nil {
		m.own = map[string]string{}
	}
	m.own[name] = value
	return nil
}

// Begin makes the game at the start of the record: its start position,
// rules and own tags.
func (m *mainLine) Begin() error {
	tags := m.reserved
	start := StartPosition()
	if t, ok := tags["Start"]; ok {
		pos, err := ParsePosition(t.value)
		if err != nil {
			return &RecordError{Line: t.line, Err: fmt.Errorf("start position: %w", err)}
		}
		start = pos
	}
	rules, err := ParseRules(tags["Rules"].value)
	if err != nil {
		return &RecordError{Line: tags["Rules"].line, Err: err}
	}
	if err := checkStartRules(start, rules); err != nil {
		return &RecordError{Line: tags["Start"].line, Err: err}
	}
	g, err := NewGameRules(start, rules)
	if err != nil {
		return &RecordError{Line: tags["Start"].line, Err: err}
	}
	g.tags = m.own // the game's own map: nothing writes it
	m.g = g
	return nil
}

// Turn returns the move number and side to move.
func (m *mainLine) Turn() (int, bool) {
	pos := m.g.Position()
	return pos.MoveNumber(), pos.SideToMove() == Blue
}

// Move plays a move of the main line.
func (m *mainLine) Move(text string) error {
	mv, err := ParseMove(text)
	if err != nil {
		return err
	}
	return m.g.Play(mv)
}

// End applies the result token and the Result and DrawOffer tags.
func (m *mainLine) End(tok recordtext.Token) error { return m.g.finishRecord(m.reserved, tok) }

// Game returns the game read.
func (m *mainLine) Game() any { return m.g }

// Tags returns the game's own tags, as read.
func (m *mainLine) Tags() map[string]string { return m.own }

// Fault turns an error of the record's parser into a *RecordError; an
// error of the reader is returned as it is.
func (m *mainLine) Fault(err error) error {
	var f *recordtext.Fault
	var se *recordtext.Error
	var re *RecordError
	switch {
	case errors.As(err, &re):
		return re
	case errors.As(err, &f):
		out := &RecordError{Line: f.Line, Err: f.Err}
		if f.Move != "" {
			out.MoveNumber, out.Side, out.Move = f.Number, Red, f.Move
			if f.Blue {
				out.Side = Blue
			}
		}
		return out
	case errors.As(err, &se):
		return &RecordError{Line: se.Line, Err: se.Err}
	}
	return err
}

// mainOnly reads the main line alone: comments and marks are dropped and
// variations skipped.
type mainOnly struct{ *mainLine }

func (mainOnly) Annotate(int)                     {}
func (mainOnly) Comment(recordtext.Place, string) {}
func (mainOnly) Variation() bool                  { return true }
func (mainOnly) EndVariation()                    {}

// finishRecord applies the Result and DrawOffer tags of a replayed record
// whose movetext ended with the result token end.
func (g *Game) finishRecord(tags map[string]recordTag, end recordtext.Token) error {
	result, hasResult := tags["Result"]
	if !hasResult {
		result = recordTag{value: resultFromToken(end.Text), line: end.Line}
		if g.IsOver() {
			result.value = resultText(g.Outcome()) // the token is checked below
		}
	}
	if err := g.applyResult(result.value); err != nil {
		return &RecordError{Line: result.line, Err: err}
	}
	if want := resultToken(g.Outcome()); end.Kind != recordtext.EOF && end.Text != want {
		return &RecordError{Line: end.Line, Err: fmt.Errorf("result token %q, but the result is %q (%s)", end.Text, resultText(g.Outcome()), want)}
	}
	if t, ok := tags[drawOfferTag]; ok {
		if err := g.applyDrawOffer(t.value); err != nil {
			return &RecordError{Line: t.line, Err: err}
		}
	}
	return nil
}

// applyDrawOffer restores the pending draw offer of the side named: "red"
// or "blue", in a game that goes on.
func (g *Game) applyDrawOffer(side string) error {
	var c Color
	if err := c.UnmarshalText([]byte(side)); err != nil {
		return fmt.Errorf("draw offer by %q: %w: want red or blue", cutInput(side), ErrBadColor)
	}
	if g.IsOver() {
		return fmt.Errorf("draw offer by %s: %w: %s", c, ErrGameOver, g.Outcome())
	}
	if err := g.OfferDraw(c); err != nil {
		return tidyf("draw offer by %s: %w", c, err)
	}
	return nil
}

// checkStartRules refuses a start position whose own rules field (see
// ParsePosition) disagrees with the game's rules, Threefold aside (a
// position has none). A start without a rules field is Standard and takes
// the game's rules, as records written before positions carried them do.
func checkStartRules(start Position, rules Rules) error {
	own, game := start.Rules(), rules
	game.Threefold = false
	if own != Standard && own != game {
		return fmt.Errorf("%w: the start position is under %s, the game under %s", ErrRules, own, rules)
	}
	return nil
}

// resultFromToken is the Result tag a lone result token stands for: the
// only way an undecided position ends 1-0 or 0-1 is a resignation, and 1/2-1/2
// an agreed draw. A token that the replayed moves decide otherwise is then
// refused by applyResult.
func resultFromToken(tok string) string {
	switch tok {
	case recordtext.RedWins:
		return "red wins: resignation"
	case recordtext.BlueWins:
		return "blue wins: resignation"
	case recordtext.Drawn:
		return "draw: agreed"
	}
	return "*"
}

// applyResult checks a recorded result against the replayed game, or
// applies it when it is a resignation or an agreed draw. "*" (or
// "undecided", as Outcome.String writes it) is refused for a game that is
// over.
func (g *Game) applyResult(result string) error {
	if result == "undecided" {
		result = "*"
	}
	replayed := resultText(g.Outcome())
	if result == replayed {
		return nil
	}
	if o, err := ParseOutcome(result); err == nil && !g.IsOver() {
		switch o.Reason {
		case Resigned:
			return g.Resign(o.Winner.Other())
		case TimeForfeit, Abandoned:
			return g.Forfeit(o.Winner.Other(), o.Reason)
		case DrawAgreed:
			c := g.Position().SideToMove()
			if err := g.OfferDraw(c); err != nil {
				return err
			}
			return g.AcceptDraw(c.Other())
		}
	}
	return fmt.Errorf("result %q, but the moves give %q", cutInput(result), replayed)
}
