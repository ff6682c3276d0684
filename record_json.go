package doushouqi

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"unicode/utf8"
)

// gameJSON is the JSON form of a Game.
type gameJSON struct {
	Tags      map[string]string `json:"tags,omitempty"`
	Rules     *Rules            `json:"rules,omitempty"`
	Start     *Position         `json:"start,omitempty"`
	Moves     []Move            `json:"moves"`
	Result    string            `json:"result"`
	DrawOffer *Color            `json:"drawOffer,omitempty"`
}

// gameJSONKeys are the keys of gameJSON, spelt exactly: encoding/json would
// match them in any case, and a record refuses a key it does not know.
var gameJSONKeys = map[string]bool{"tags": true, "rules": true, "start": true, "moves": true, "result": true, "drawOffer": true}

// MarshalJSON writes the game as {"tags", "rules", "start", "moves",
// "result", "drawOffer"}: rules as Rules.String writes them (omitted when
// standard), positions and moves in notation, the result as in a record. It
// has a value receiver, so a Game held by value marshals whole.
func (g Game) MarshalJSON() ([]byte, error) {
	start := g.Start()
	j := gameJSON{Tags: g.tags, Start: &start, Moves: g.Moves(), Result: resultText(g.Outcome())}
	if g.rules != Standard {
		j.Rules = &g.rules
	}
	if j.Moves == nil {
		j.Moves = []Move{}
	}
	if c, ok := g.DrawOffer(); ok {
		j.DrawOffer = &c
	}
	return json.Marshal(j)
}

// UnmarshalJSON replays a game written by MarshalJSON, with the checks of
// [ParseRecordJSON]. On an error g is left unchanged. JSON null changes
// nothing, as encoding/json does.
//
// json.Unmarshal checks the syntax of its whole input before it calls this
// method, so a malformed or truncated document comes back from it as a
// *json.SyntaxError; ParseRecordJSON turns that into a *RecordError too.
func (g *Game) UnmarshalJSON(data []byte) error {
	if string(data) == "null" {
		return nil
	}
	loaded, err := ParseRecordJSON(data)
	if err != nil {
		return err
	}
	*g = *loaded
	return nil
}

// ParseRecordJSON reads a game in the JSON form of [Game.MarshalJSON] and
// replays it. Every fault is a *RecordError (errors.Is ErrRecord): malformed
// or truncated JSON, input over 1 MiB, a key that is not one of "tags",
// "rules", "start", "moves", "result" and "drawOffer" spelt exactly, a
// missing "moves" or "result", an invalid tag, an illegal move, a result the
// moves do not give ("*" for a game that is over included), invalid UTF-8.
// "start" may be omitted for the start position; a start written with its
// rules field (as MarshalJSON writes it under house rules) must agree with
// "rules", while a start without one takes the rules of "rules". A leading
// byte-order mark is skipped.
func ParseRecordJSON(data []byte) (*Game, error) {
	if len(data) > maxRecordLen {
		return nil, &RecordError{Err: fmt.Errorf("longer than %d bytes", maxRecordLen)}
	}
	data = bytes.TrimPrefix(data, []byte(byteOrderMark))
	if !utf8.Valid(data) || hasLoneSurrogate(data) {
		return nil, &RecordError{Err: errors.New("JSON: not valid UTF-8")} // encoding/json would read U+FFFD
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(data, &fields); err != nil {
		return nil, &RecordError{Err: fmt.Errorf("JSON: %w", err)}
	}
	if fields == nil {
		return nil, &RecordError{Err: errors.New("JSON: null, want an object")}
	}
	for key := range fields {
		if !gameJSONKeys[key] {
			return nil, &RecordError{Err: fmt.Errorf("JSON: unknown key %q", cutInput(key))}
		}
	}
	for _, key := range []string{"moves", "result"} {
		if _, ok := fields[key]; !ok {
			return nil, &RecordError{Err: fmt.Errorf("JSON: no %q", key)}
		}
	}
	var j gameJSON
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&j); err != nil {
		return nil, &RecordError{Err: fmt.Errorf("JSON: %w", err)}
	}

	start := StartPosition()
	if j.Start != nil {
		if j.Start.IsZero() {
			return nil, &RecordError{Err: fmt.Errorf("start position: %w (empty)", ErrNotAPosition)}
		}
		start = *j.Start
	}
	var rules Rules
	if j.Rules != nil {
		rules = *j.Rules
	}
	if err := checkStartRules(start, rules); err != nil {
		return nil, &RecordError{Err: err}
	}
	g, err := NewGameRules(start, rules)
	if err != nil {
		return nil, &RecordError{Err: err}
	}
	if g.tags, err = checkTags(j.Tags); err != nil {
		return nil, &RecordError{Err: err}
	}
	for _, m := range j.Moves {
		pos := g.Position()
		if err := g.Play(m); err != nil {
			return nil, &RecordError{MoveNumber: pos.MoveNumber(), Side: pos.side(), Move: m.String(), Err: err}
		}
	}
	if err := g.applyResult(j.Result); err != nil {
		return nil, &RecordError{Err: err}
	}
	if j.DrawOffer != nil {
		if err := g.OfferDraw(*j.DrawOffer); err != nil {
			return nil, &RecordError{Err: err}
		}
	}
	return g, nil
}

// hasLoneSurrogate reports a \uD800..\uDFFF escape in JSON text that is
// not half of a surrogate pair: JSON's way of writing invalid UTF-8, which
// encoding/json reads as U+FFFD.
func hasLoneSurrogate(data []byte) bool {
	escape := func(i int) (rune, bool) { // the \uXXXX escape at data[i:], if any
		if i+6 > len(data) || data[i] != '\\' || data[i+1] != 'u' {
			return 0, false
		}
		var r rune
		for _, c := range data[i+2 : i+6] {
			switch {
			case c >= '0' && c <= '9':
				r = r<<4 | rune(c-'0')
			case c >= 'a' && c <= 'f':
				r = r<<4 | rune(c-'a'+10)
			case c >= 'A' && c <= 'F':
				r = r<<4 | rune(c-'A'+10)
			default:
				return 0, false
			}
		}
		return r, true
	}
	for i := 0; i < len(data); i++ {
		if data[i] != '\\' {
			continue
		}
		r, ok := escape(i)
		switch {
		case !ok:
			i++ // another escape, such as \\ or \": skip its second byte
		case r >= 0xD800 && r <= 0xDBFF:
			if low, ok := escape(i + 6); !ok || low < 0xDC00 || low > 0xDFFF {
				return true
			}
			i += 11
		case r >= 0xDC00 && r <= 0xDFFF:
			return true
		default:
			i += 5
		}
	}
	return false
}
