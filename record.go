package doushouqi

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Game records. The text form is a few tags, a blank line, then the numbered
// moves, ended by the result token as in PGN:
//
//	[Red "alice"]
//	[Blue "bob"]
//	[Date "2026.11.29"]
//	[Start "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L r 0 1"]
//	[Result "red wins: den entered"]
//
//	1. a3a4 a7a6 2. g3g4 g7g6 ... 1-0
//
// Numbers follow the position's move number; a game whose first move is
// Blue's starts "7... g7g6". The Result tag is "*" while the game goes on,
// else the outcome as Outcome.String writes it; the result token is "1-0"
// (Red won), "0-1" (Blue won), "1/2-1/2" (a draw) or "*" (not over), and a
// record without it is refused, so a record cut short at a move boundary is
// never read as a shorter game. Loading replays and checks every move and
// the result. As PGN readers do, loading skips "; comment" to the end of a
// line and "{comments}", and reads "1.a3a4" as "1. a3a4" and an optional
// "1..." before a Blue move. JSON ([Game.MarshalJSON], [ParseRecordJSON])
// carries the same content.

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

// tagOrder is the order of the usual tags in a record; others follow sorted.
var tagOrder = []string{"Event", "Site", "Date", "Red", "Blue"}

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

func isResultToken(s string) bool {
	return s == "*" || s == "1-0" || s == "0-1" || s == "1/2-1/2"
}

// Record returns the game as a text record. Every tag is written (SetTag
// refuses those a record cannot hold), and ParseRecord reads the record back
// as the same game.
func (g Game) Record() string {
	var b strings.Builder
	names := make([]string, 0, len(g.tags))
	for name := range g.tags {
		names = append(names, name)
	}
	slices.SortFunc(names, func(a, b string) int {
		ia, ib := slices.Index(tagOrder, a), slices.Index(tagOrder, b)
		switch {
		case ia >= 0 && ib >= 0:
			return ia - ib
		case ia >= 0:
			return -1
		case ib >= 0:
			return 1
		}
		return strings.Compare(a, b)
	})
	for _, name := range names {
		fmt.Fprintf(&b, "[%s %s]\n", name, strconv.Quote(g.tags[name]))
	}
	if g.rules != Standard {
		fmt.Fprintf(&b, "[Rules %q]\n", g.rules.String())
	}
	outcome := g.Outcome()
	fmt.Fprintf(&b, "[Start %q]\n[Result %q]\n\n", g.Start().String(), resultText(outcome))

	h := g.positions()
	for i, m := range g.Moves() {
		pos := h[i]
		switch {
		case pos.side() == Red:
			b.WriteString(strconv.Itoa(pos.MoveNumber()) + ". ")
		case i == 0:
			b.WriteString(strconv.Itoa(pos.MoveNumber()) + "... ")
		}
		b.WriteString(m.String())
		b.WriteByte(' ')
	}
	b.WriteString(resultToken(outcome))
	b.WriteString("\n")
	return b.String()
}

// maxRecordLen bounds the records ParseRecord and ParseRecordJSON read: far
// above any real game.
const maxRecordLen = 1 << 20

// recordToken is a word of the movetext and its line.
type recordToken struct {
	text string
	line int
}

// recordTag is a tag's value and its line.
type recordTag struct {
	value string
	line  int
}

// ParseRecord reads a text record and replays it. Any fault (syntax, an
// illegal move, a move number out of turn, a missing result token, a result
// the moves do not give) is a *RecordError naming the line and the move, and
// no game is returned.
func ParseRecord(text string) (*Game, error) {
	if len(text) > maxRecordLen {
		return nil, &RecordError{Err: fmt.Errorf("longer than %d bytes", maxRecordLen)}
	}
	text = strings.TrimPrefix(text, byteOrderMark)
	if !utf8.ValidString(text) {
		bad := 0
		for bad < len(text) {
			r, size := utf8.DecodeRuneInString(text[bad:])
			if r == utf8.RuneError && size == 1 {
				break
			}
			bad += size
		}
		return nil, &RecordError{Line: 1 + strings.Count(text[:bad], "\n"), Err: errors.New("not valid UTF-8")}
	}
	tags, tokens, err := splitRecord(text)
	if err != nil {
		return nil, err
	}

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
	for _, name := range names {
		if name == "Start" || name == "Rules" || name == "Result" {
			continue
		}
		if err := checkTag(name, tags[name].value); err != nil {
			return nil, &RecordError{Line: tags[name].line, Err: err}
		}
		if g.tags == nil {
			g.tags = map[string]string{} // the game's own map: no copy shares it yet
		}
		g.tags[name] = tags[name].value
	}

	if len(tokens) == 0 || !isResultToken(tokens[len(tokens)-1].text) {
		line := 0
		if len(tokens) > 0 {
			line = tokens[len(tokens)-1].line
		}
		return nil, &RecordError{Line: line, Err: errors.New("the moves do not end with a result token (1-0, 0-1, 1/2-1/2 or *): the record is cut short")}
	}
	end := tokens[len(tokens)-1]
	if err := g.replay(tokens[:len(tokens)-1]); err != nil {
		return nil, err
	}

	result, hasResult := tags["Result"]
	if !hasResult {
		result = recordTag{value: resultFromToken(end.text), line: end.line}
		if g.IsOver() {
			result.value = resultText(g.Outcome()) // the token is checked below
		}
	}
	if err := g.applyResult(result.value); err != nil {
		return nil, &RecordError{Line: result.line, Err: err}
	}
	if want := resultToken(g.Outcome()); end.text != want {
		return nil, &RecordError{Line: end.line, Err: fmt.Errorf("result token %q, but the result is %q (%s)", end.text, resultText(g.Outcome()), want)}
	}
	return g, nil
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

// splitRecord reads the tag section and the movetext's tokens, without
// comments.
func splitRecord(text string) (map[string]recordTag, []recordToken, error) {
	tags := map[string]recordTag{}
	var tokens []recordToken
	inMoves, inComment := false, false
	for i, raw := range strings.Split(text, "\n") {
		lineNo := i + 1
		line := strings.TrimSpace(raw)
		if !inMoves && !inComment {
			switch {
			case line == "" || strings.HasPrefix(line, ";"):
				continue
			case strings.HasPrefix(line, "["):
				name, value, err := parseTag(line)
				if err != nil {
					return nil, nil, &RecordError{Line: lineNo, Err: err}
				}
				if _, dup := tags[name]; dup {
					return nil, nil, &RecordError{Line: lineNo, Err: fmt.Errorf("tag %q given twice", name)}
				}
				tags[name] = recordTag{value, lineNo}
				continue
			}
			inMoves = true
		}
		// Movetext: drop {comments}, which may span lines, and ; comments
		// to the end of the line.
		var words strings.Builder
		for j := 0; j < len(line); j++ {
			ch := line[j]
			switch {
			case inComment:
				if ch == '}' {
					inComment = false
					words.WriteByte(' ')
				}
				continue
			case ch == '{':
				inComment = true
				words.WriteByte(' ')
				continue
			case ch == ';':
				j = len(line)
				continue
			case ch == '[':
				return nil, nil, &RecordError{Line: lineNo, Err: errors.New("a tag after the moves began")}
			}
			words.WriteByte(ch)
		}
		for _, f := range strings.Fields(words.String()) {
			tokens = appendMoveTokens(tokens, f, lineNo)
		}
	}
	if inComment {
		return nil, nil, &RecordError{Err: errors.New("a { comment is not closed: the record is cut short")}
	}
	return tags, tokens, nil
}

// appendMoveTokens splits a word such as "12.a3a4" or "3...g7g6" into its
// move number and its move, as PGN readers do.
func appendMoveTokens(tokens []recordToken, word string, line int) []recordToken {
	digits := 0
	for digits < len(word) && word[digits] >= '0' && word[digits] <= '9' {
		digits++
	}
	if digits > 0 && digits < len(word) && word[digits] == '.' {
		dots := digits
		for dots < len(word) && word[dots] == '.' {
			dots++
		}
		tokens = append(tokens, recordToken{word[:dots], line})
		if dots < len(word) {
			tokens = append(tokens, recordToken{word[dots:], line})
		}
		return tokens
	}
	return append(tokens, recordToken{word, line})
}

// replay plays the movetext's numbers and moves on g, which is at its
// start.
func (g *Game) replay(tokens []recordToken) error {
	numbered := false // the next move has had its number
	faultAt := func(tok recordToken, err error) error {
		pos := g.Position()
		return &RecordError{Line: tok.line, MoveNumber: pos.MoveNumber(), Side: pos.side(), Move: cutInput(tok.text), Err: err}
	}
	for _, tok := range tokens {
		pos := g.Position()
		fault := func(err error) error { return faultAt(tok, err) }
		if isResultToken(tok.text) {
			return fault(errors.New("a result token before the end of the moves"))
		}
		if num, ok := strings.CutSuffix(tok.text, "."); ok {
			blue := strings.HasSuffix(num, "..")
			num = strings.TrimSuffix(num, "..")
			n, err := strconv.Atoi(num)
			if err != nil || numbered || n != pos.MoveNumber() || blue != (pos.side() == Blue) {
				return fault(fmt.Errorf("move number %q out of turn, want %q", tok.text, moveNumberText(pos)))
			}
			numbered = true
			continue
		}
		if !numbered && pos.side() == Red {
			return fault(errors.New("move without its number"))
		}
		if !numbered && g.n <= 1 {
			return fault(fmt.Errorf("the first move is Blue's: it needs its number %q", moveNumberText(pos)))
		}
		if err := g.playRecorded(tok.text); err != nil {
			return fault(err)
		}
		numbered = false
	}
	if numbered {
		return faultAt(tokens[len(tokens)-1], errors.New("a move number without its move"))
	}
	return nil
}

// moveNumberText is the move number written before the move of pos's side
// to move: "12." for Red, "12..." for Blue.
func moveNumberText(pos Position) string {
	if pos.side() == Blue {
		return strconv.Itoa(pos.MoveNumber()) + "..."
	}
	return strconv.Itoa(pos.MoveNumber()) + "."
}

func parseTag(line string) (name, value string, err error) {
	inner, ok := strings.CutPrefix(line, "[")
	if ok {
		inner, ok = strings.CutSuffix(inner, "]")
	}
	if !ok {
		return "", "", fmt.Errorf("tag %q is not [Name \"value\"]", cutInput(line))
	}
	name, quoted, ok := strings.Cut(inner, " ")
	if !ok || !validTagName(name) {
		return "", "", fmt.Errorf("tag %q is not [Name \"value\"]", cutInput(line))
	}
	value, err = strconv.Unquote(strings.TrimSpace(quoted))
	if err != nil {
		return "", "", fmt.Errorf("tag %q: value %q is not a quoted string", name, cutInput(quoted))
	}
	return name, value, nil
}

// playRecorded parses and plays one move of a record.
func (g *Game) playRecorded(text string) error {
	m, err := ParseMove(text)
	if err != nil {
		return err
	}
	return g.Play(m)
}

// applyResult checks a recorded result against the replayed game, or
// applies it when it is a resignation or an agreed draw. "*" is refused for
// a game that is over.
func (g *Game) applyResult(result string) error {
	replayed := resultText(g.Outcome())
	if result == replayed {
		return nil
	}
	if !g.IsOver() {
		switch result {
		case "red wins: resignation":
			return g.Resign(Blue)
		case "blue wins: resignation":
			return g.Resign(Red)
		case "draw: agreed":
			g.ended = Outcome{Reason: DrawAgreed}
			g.pending = false
			return nil
		}
	}
	return fmt.Errorf("result %q, but the moves give %q", cutInput(result), replayed)
}
