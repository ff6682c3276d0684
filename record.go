package doushouqi

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Game records. The text form is a few tags, a blank line, then the numbered
// moves:
//
//	[Red "alice"]
//	[Blue "bob"]
//	[Date "2026.11.29"]
//	[Start "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L r 0 1"]
//	[Result "red wins: den entered"]
//
//	1. a3a4 a7a6 2. g3g4 g7g6 ...
//
// Numbers follow the position's move number; a game whose first move is
// Blue's starts "7... g7g6". Result is "*" while the game goes on, else the
// outcome as Outcome.String writes it. Loading replays and checks every move
// and the result; JSON carries the same content.

// ErrRecord is the sentinel of every *RecordError.
var ErrRecord = errors.New("invalid game record")

// RecordError says why a record was refused: the line, and for a move its
// number, side and text, with the reason.
type RecordError struct {
	Line       int    // 1-based line of the text record, 0 for JSON
	MoveNumber int    // the move number of the faulty move, 0 if not a move
	Side       Color  // the side of that move
	Move       string // the move as written
	Err        error  // the reason; errors.Is(err, ErrRecord) holds too
}

func (e *RecordError) Error() string {
	var b strings.Builder
	b.WriteString("doushouqi: game record")
	if e.Line > 0 {
		fmt.Fprintf(&b, " line %d", e.Line)
	}
	if e.Move != "" {
		fmt.Fprintf(&b, ": move %d (%s) %s", e.MoveNumber, e.Side, e.Move)
	}
	return b.String() + ": " + e.Err.Error()
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

// Record returns the game as a text record.
func (g *Game) Record() string {
	var b strings.Builder
	names := make([]string, 0, len(g.Tags))
	for name := range g.Tags {
		if name != "Start" && name != "Result" && name != "Rules" && validTagName(name) {
			names = append(names, name)
		}
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
		fmt.Fprintf(&b, "[%s %s]\n", name, strconv.Quote(g.Tags[name]))
	}
	if g.rules != Standard {
		fmt.Fprintf(&b, "[Rules %q]\n", g.rules.String())
	}
	start := g.Start()
	fmt.Fprintf(&b, "[Start %q]\n[Result %q]\n\n", start.String(), resultText(g.Outcome()))

	var line []string
	for i, m := range g.moves {
		pos := g.positions[i]
		switch {
		case pos.SideToMove() == Red:
			line = append(line, strconv.Itoa(pos.MoveNumber())+".")
		case i == 0:
			line = append(line, strconv.Itoa(pos.MoveNumber())+"...")
		}
		line = append(line, m.String())
	}
	b.WriteString(strings.Join(line, " "))
	b.WriteString("\n")
	return b.String()
}

func validTagName(name string) bool {
	if name == "" || len(name) > 64 {
		return false
	}
	for _, r := range name {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_') {
			return false
		}
	}
	return true
}

// maxRecordLen bounds the records ParseRecord reads: far above any real game.
const maxRecordLen = 1 << 20

// ParseRecord reads a text record and replays it. Any fault (syntax, an
// illegal move, a move number out of turn, a result the moves do not give) is
// a *RecordError naming the line and the move, and no game is returned.
func ParseRecord(text string) (*Game, error) {
	if len(text) > maxRecordLen {
		return nil, &RecordError{Err: fmt.Errorf("longer than %d bytes", maxRecordLen)}
	}
	tags := map[string]string{}
	type token struct {
		text string
		line int
	}
	var tokens []token
	inMoves := false
	for i, raw := range strings.Split(text, "\n") {
		lineNo := i + 1
		line := strings.TrimSpace(raw)
		switch {
		case line == "":
			continue
		case !inMoves && strings.HasPrefix(line, "["):
			name, value, err := parseTag(line)
			if err != nil {
				return nil, &RecordError{Line: lineNo, Err: err}
			}
			if _, dup := tags[name]; dup {
				return nil, &RecordError{Line: lineNo, Err: fmt.Errorf("tag %s given twice", name)}
			}
			tags[name] = value
		default:
			inMoves = true
			for _, f := range strings.Fields(line) {
				tokens = append(tokens, token{f, lineNo})
			}
		}
	}

	start := StartPosition()
	if s, ok := tags["Start"]; ok {
		pos, err := ParsePosition(s)
		if err != nil {
			return nil, &RecordError{Err: fmt.Errorf("start position: %w", err)}
		}
		start = pos
	}
	rules, err := ParseRules(tags["Rules"])
	if err != nil {
		return nil, &RecordError{Err: err}
	}
	g, err := NewGameRules(start, rules)
	if err != nil {
		return nil, &RecordError{Err: err}
	}
	result, hasResult := tags["Result"]
	delete(tags, "Start")
	delete(tags, "Result")
	delete(tags, "Rules")
	g.Tags = tags

	expectNumber := true
	for _, tok := range tokens {
		pos := g.Position()
		if num, ok := strings.CutSuffix(tok.text, "."); ok {
			blue := strings.HasSuffix(num, "..")
			num = strings.TrimSuffix(num, "..")
			n, err := strconv.Atoi(num)
			if err != nil || !expectNumber || n != pos.MoveNumber() || blue != (pos.SideToMove() == Blue) {
				return nil, &RecordError{Line: tok.line, MoveNumber: pos.MoveNumber(), Side: pos.SideToMove(), Move: tok.text,
					Err: fmt.Errorf("move number %q out of turn, want %d", tok.text, pos.MoveNumber())}
			}
			expectNumber = false
			continue
		}
		if expectNumber {
			return nil, &RecordError{Line: tok.line, MoveNumber: pos.MoveNumber(), Side: pos.SideToMove(), Move: tok.text,
				Err: errors.New("move without its number")}
		}
		if err := g.playRecorded(tok.text); err != nil {
			return nil, &RecordError{Line: tok.line, MoveNumber: pos.MoveNumber(), Side: pos.SideToMove(), Move: tok.text, Err: err}
		}
		expectNumber = g.positions[len(g.positions)-1].side == Red
	}
	if !hasResult {
		result = "*"
	}
	if err := g.applyResult(result); err != nil {
		return nil, &RecordError{Err: err}
	}
	return g, nil
}

func parseTag(line string) (name, value string, err error) {
	inner, ok := strings.CutPrefix(line, "[")
	if ok {
		inner, ok = strings.CutSuffix(inner, "]")
	}
	if !ok {
		return "", "", fmt.Errorf("tag %q is not [Name \"value\"]", line)
	}
	name, quoted, ok := strings.Cut(inner, " ")
	if !ok || !validTagName(name) {
		return "", "", fmt.Errorf("tag %q is not [Name \"value\"]", line)
	}
	value, err = strconv.Unquote(strings.TrimSpace(quoted))
	if err != nil {
		return "", "", fmt.Errorf("tag %s: value %s is not a quoted string", name, quoted)
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
// applies it when it is a resignation or an agreed draw.
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
			return nil
		}
	}
	return fmt.Errorf("result %q, but the moves give %q", result, replayed)
}

// gameJSON is the JSON form of a Game.
type gameJSON struct {
	Tags      map[string]string `json:"tags,omitempty"`
	Rules     string            `json:"rules,omitempty"`
	Start     Position          `json:"start"`
	Moves     []Move            `json:"moves"`
	Result    string            `json:"result"`
	DrawOffer *Color            `json:"drawOffer,omitempty"`
}

// MarshalJSON writes the game as {"tags", "start", "moves", "result",
// "drawOffer"}: positions and moves in notation, the result as in a record.
func (g *Game) MarshalJSON() ([]byte, error) {
	j := gameJSON{Tags: g.Tags, Start: g.Start(), Moves: g.Moves(), Result: resultText(g.Outcome())}
	if g.rules != Standard {
		j.Rules = g.rules.String()
	}
	if j.Moves == nil {
		j.Moves = []Move{}
	}
	if c, ok := g.DrawOffer(); ok {
		j.DrawOffer = &c
	}
	return json.Marshal(j)
}

// UnmarshalJSON replays a game written by MarshalJSON, checking every move
// and the result as ParseRecord does. On an error g is left unchanged.
func (g *Game) UnmarshalJSON(data []byte) error {
	var j gameJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return &RecordError{Err: err}
	}
	if j.Start == (Position{}) {
		j.Start = StartPosition()
	}
	rules, err := ParseRules(j.Rules)
	if err != nil {
		return &RecordError{Err: err}
	}
	loaded, err := NewGameRules(j.Start, rules)
	if err != nil {
		return &RecordError{Err: err}
	}
	for _, m := range j.Moves {
		pos := loaded.Position()
		if err := loaded.Play(m); err != nil {
			return &RecordError{MoveNumber: pos.MoveNumber(), Side: pos.SideToMove(), Move: m.String(), Err: err}
		}
	}
	if err := loaded.applyResult(j.Result); err != nil {
		return &RecordError{Err: err}
	}
	if j.DrawOffer != nil {
		if err := loaded.OfferDraw(*j.DrawOffer); err != nil {
			return &RecordError{Err: err}
		}
	}
	if j.Tags != nil {
		loaded.Tags = j.Tags
	}
	*g = *loaded
	return nil
}

// MarshalJSON writes a Color as "red" or "blue".
func (c Color) MarshalJSON() ([]byte, error) {
	if c > Blue {
		return nil, ErrBadColor
	}
	return json.Marshal(c.String())
}

// UnmarshalJSON reads "red" or "blue".
func (c *Color) UnmarshalJSON(data []byte) error {
	var s string
	if err := json.Unmarshal(data, &s); err != nil {
		return err
	}
	switch s {
	case "red":
		*c = Red
	case "blue":
		*c = Blue
	default:
		return fmt.Errorf("%w: %q", ErrBadColor, s)
	}
	return nil
}
