package doushouqi

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
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
// "{comments}" (also among the tags), move marks such as "!?" (and PGN's
// $1 to $6, which stand for them), and variations in parentheses (the
// annotated records of package record, nested at most 64 deep), and reads "1.a3a4" as "1. a3a4"
// and an optional "1..." before a Blue move. JSON ([Game.MarshalJSON],
// [ParseRecordJSON]) carries the same content.
//
// Neither form has a size limit: a record is read with memory in proportion
// to the game it holds, and in time linear in its length.

// ErrRecord is the sentinel of every *RecordError.
var ErrRecord = errors.New("invalid game record")

// RecordError says why a record was refused: the line, and for a move its
// number, side and text, with the reason.
type RecordError struct {
	Line       int    // 1-based line of the text record, 0 for JSON or the record as a whole
	MoveNumber int    // the move number of the faulty move, 0 if not a move
	Side       Color  // the side of that move
	Move       string // the move as written, cut to 64 bytes
	Err        error  // the reason; errors.Is(err, ErrRecord) holds too
}

func (e *RecordError) Error() string {
	var b strings.Builder
	b.WriteString("doushouqi: game record")
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
		return "*"
	case o.IsDraw():
		return "1/2-1/2"
	case o.Winner == Red:
		return "1-0"
	}
	return "0-1"
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
		if blue {
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
// of the variations only the nesting is checked (closed, and at most 64
// deep, as package record allows).
// The record may be of any length.
func ParseRecord(text string) (*Game, error) {
	sc := recordtext.NewScanner(strings.NewReader(text))
	g, err := readRecord(sc)
	if err != nil {
		return nil, err
	}
	return g, nil
}

// scanFault turns an error of the tokenizer into a *RecordError.
func scanFault(err error) error {
	var se *recordtext.Error
	if errors.As(err, &se) {
		return &RecordError{Line: se.Line, Err: se.Err}
	}
	return &RecordError{Err: err}
}

// readRecord reads one whole record from sc: its tags, its movetext and
// the end of the input.
func readRecord(sc *recordtext.Scanner) (*Game, error) {
	tags := map[string]recordTag{}
	var first recordtext.Token
	for {
		tok, err := sc.Next()
		if err != nil {
			return nil, scanFault(err)
		}
		if tok.Kind == recordtext.Comment {
			continue // before or among the tags, as package record reads it
		}
		if tok.Kind != recordtext.Tag {
			first = tok
			break
		}
		if _, dup := tags[tok.Text]; dup {
			return nil, &RecordError{Line: tok.Line, Err: fmt.Errorf("tag %q given twice", tok.Text)}
		}
		tags[tok.Text] = recordTag{tok.Value, tok.Line}
	}
	g, err := newRecordedGame(tags)
	if err != nil {
		return nil, err
	}
	end, err := g.replay(sc, first)
	if err != nil {
		return nil, err
	}
	if err := g.finishRecord(tags, end); err != nil {
		return nil, err
	}
	return g, nil
}

// newRecordedGame returns the game at the start of a record with tags: its
// start position, rules and own tags.
func newRecordedGame(tags map[string]recordTag) (*Game, error) {
	start := StartPosition()
	if t, ok := tags["Start"]; ok {
		pos, err := ParsePosition(t.value)
		if err != nil {
			return nil, &RecordError{Line: t.line, Err: fmt.Errorf("start position: %w", err)}
		}
		start = pos
	}
	rules, err := ParseRules(tags["Rules"].value)
	if err != nil {
		return nil, &RecordError{Line: tags["Rules"].line, Err: err}
	}
	if err := checkStartRules(start, rules); err != nil {
		return nil, &RecordError{Line: tags["Start"].line, Err: err}
	}
	g, err := NewGameRules(start, rules)
	if err != nil {
		return nil, &RecordError{Line: tags["Start"].line, Err: err}
	}
	names := slices.SortedFunc(maps.Keys(tags), func(a, b string) int { return tags[a].line - tags[b].line })
	own := map[string]string{}
	for _, name := range names {
		if recordtext.IsReservedTag(name) {
			continue
		}
		if err := checkTag(name, tags[name].value); err != nil {
			return nil, &RecordError{Line: tags[name].line, Err: err}
		}
		own[name] = tags[name].value
	}
	if len(own) > 0 {
		g.tags = own // the game's own map: no copy shares it yet
	}
	return g, nil
}

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
	if want := resultToken(g.Outcome()); end.Text != want {
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
	case "1-0":
		return "red wins: resignation"
	case "0-1":
		return "blue wins: resignation"
	case "1/2-1/2":
		return "draw: agreed"
	}
	return "*"
}

// errCutShort is the reason of a movetext that ends without its result
// token.
var errCutShort = errors.New("the moves do not end with a result token (1-0, 0-1, 1/2-1/2 or *): the record is cut short")

// replay plays the movetext that starts with the token first on g, which
// is at its start, up to the result token, which it returns; the input must
// end there. Comments and marks are skipped, and so are variations, whose
// nesting only is checked, up to recordtext.MaxDepth.
func (g *Game) replay(sc *recordtext.Scanner, first recordtext.Token) (recordtext.Token, error) {
	numbered := false  // the next move has had its number
	afterMove := false // the last token but comments was a move, which a mark may follow
	depth := 0         // variations open
	moves := 0
	lastLine := 0 // the line of the last token, for a record cut short
	faultAt := func(tok recordtext.Token, err error) error {
		pos := g.Position()
		return &RecordError{Line: tok.Line, MoveNumber: pos.MoveNumber(), Side: pos.SideToMove(), Move: cutInput(tok.Text), Err: err}
	}
	tok := first
	for {
		if tok.Kind != recordtext.EOF {
			lastLine = tok.Line
		}
		switch tok.Kind {
		case recordtext.EOF:
			return tok, &RecordError{Line: lastLine, Err: errCutShort}
		case recordtext.Tag:
			return tok, &RecordError{Line: tok.Line, Err: errors.New("a tag after the moves began")}
		case recordtext.Open:
			if depth == 0 && (moves == 0 || numbered) {
				return tok, &RecordError{Line: tok.Line, Err: errors.New("a variation must follow the move it replaces")}
			}
			if depth >= recordtext.MaxDepth {
				return tok, &RecordError{Line: tok.Line, Err: fmt.Errorf("variations nested deeper than %d", recordtext.MaxDepth)}
			}
			depth++
		case recordtext.Close:
			if depth == 0 {
				return tok, &RecordError{Line: tok.Line, Err: errors.New("a ) without its (")}
			}
			depth--
		case recordtext.Result:
			if depth > 0 {
				return tok, &RecordError{Line: tok.Line, Err: errors.New("a result token inside a variation")}
			}
			if numbered {
				return tok, faultAt(tok, errors.New("a move number without its move"))
			}
			for { // comments may follow the result token
				next, err := sc.Next()
				if err != nil {
					return tok, scanFault(err)
				}
				switch next.Kind {
				case recordtext.EOF:
					return tok, nil
				case recordtext.Comment:
					continue
				}
				return tok, faultAt(tok, errors.New("a result token before the end of the moves"))
			}
		case recordtext.Mark:
			if !afterMove {
				return tok, &RecordError{Line: tok.Line, Err: fmt.Errorf("mark %q not after a move", tok.Text)}
			}
		case recordtext.Comment:
		default:
			if depth > 0 {
				break
			}
			if err := g.replayToken(tok, &numbered, moves == 0); err != nil {
				return tok, faultAt(tok, err)
			}
			if tok.Kind == recordtext.Move {
				moves++
			}
		}
		if tok.Kind != recordtext.Comment {
			afterMove = tok.Kind == recordtext.Move
		}
		var err error
		if tok, err = sc.Next(); err != nil {
			return tok, scanFault(err)
		}
	}
}

// replayToken plays one move number or move of the main line.
func (g *Game) replayToken(tok recordtext.Token, numbered *bool, first bool) error {
	pos := g.Position()
	if tok.Kind == recordtext.Number {
		num, _ := strings.CutSuffix(tok.Text, ".")
		blue := strings.HasSuffix(num, "..")
		num = strings.TrimSuffix(num, "..")
		n, err := strconv.Atoi(num)
		if err != nil || *numbered || n != pos.MoveNumber() || blue != (pos.SideToMove() == Blue) {
			return fmt.Errorf("move number %q out of turn, want %q", tok.Text, moveNumberText(pos))
		}
		*numbered = true
		return nil
	}
	if !*numbered && pos.SideToMove() == Red {
		return errors.New("move without its number")
	}
	if !*numbered && first {
		return fmt.Errorf("the first move is Blue's: it needs its number %q", moveNumberText(pos))
	}
	m, err := ParseMove(tok.Text)
	if err != nil {
		return err
	}
	if err := g.Play(m); err != nil {
		return err
	}
	*numbered = false
	return nil
}

// moveNumberText is the move number written before the move of pos's side
// to move: "12." for Red, "12..." for Blue.
func moveNumberText(pos Position) string {
	return recordtext.MoveNumber(pos.MoveNumber(), pos.SideToMove() == Blue)
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
