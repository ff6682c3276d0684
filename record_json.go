package doushouqi

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"unicode/utf8"

	"github.com/doushouqi/doushouqi/internal/recordtext"
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
	j := gameJSON{Tags: g.Tags(), Start: &start, Moves: g.Moves(), Result: resultText(g.Outcome())}
	if r := g.Rules(); r != Standard {
		j.Rules = &r
	}
	if j.Moves == nil {
		j.Moves = []Move{}
	}
	if c, ok := g.DrawOffer(); ok && !g.IsOver() { // an offer lapses when the game ends
		j.DrawOffer = &c
	}
	return json.Marshal(j)
}

// UnmarshalJSON replays a game written by MarshalJSON, with the checks of
// [ParseRecordJSON], of any length. On an error g is left unchanged. JSON null changes
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
// or truncated JSON, a key that is not one of "tags", "rules", "start",
// "moves", "result" and "drawOffer" spelt exactly, a key given twice (in
// the record or in its tags, as the text form refuses a tag given twice), a
// missing or null "moves" or "result" (the optional keys may be null, read
// as absent), an invalid tag, an illegal move, a result the
// moves do not give ("*" or "undecided" for a game that is over included), a
// draw offer in a game that is over, invalid UTF-8. "start" may be omitted
// for the start position; a start written with its rules field (as
// MarshalJSON writes it under house rules) must agree with "rules", while a
// start without one takes the rules of "rules". A leading byte-order mark is
// skipped. The record may be of any length.
func ParseRecordJSON(data []byte) (*Game, error) {
	data = bytes.TrimPrefix(data, []byte(byteOrderMark))
	if !utf8.Valid(data) || hasLoneSurrogate(data) {
		return nil, &RecordError{Err: errors.New("JSON: not valid UTF-8")} // encoding/json would read U+FFFD
	}
	if !json.Valid(data) {
		var raw json.RawMessage
		return nil, &RecordError{Err: fmt.Errorf("JSON: %w", json.Unmarshal(data, &raw))} // its *json.SyntaxError
	}
	j, err := decodeGameJSON(data)
	if err != nil {
		return nil, &RecordError{Err: err}
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
			return nil, &RecordError{MoveNumber: pos.MoveNumber(), Side: pos.SideToMove(), Move: m.String(), Err: err}
		}
	}
	if err := g.applyResult(j.Result); err != nil {
		return nil, &RecordError{Err: err}
	}
	if j.DrawOffer != nil {
		if err := g.applyDrawOffer(j.DrawOffer.String()); err != nil {
			return nil, &RecordError{Err: err}
		}
	}
	return g, nil
}

// decodeGameJSON reads the JSON object of a record key by key, so that a
// key given twice is refused rather than read as the last one. data is
// valid JSON.
func decodeGameJSON(data []byte) (gameJSON, error) {
	var j gameJSON
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := wantDelim(dec, '{'); err != nil {
		return j, err
	}
	seen := map[string]bool{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return j, fmt.Errorf("JSON: %w", err)
		}
		key, _ := tok.(string) // dec.More inside an object: a key
		if !gameJSONKeys[key] {
			return j, fmt.Errorf("JSON: unknown key %q", cutInput(key))
		}
		if seen[key] {
			return j, fmt.Errorf("JSON: key %q given twice", key)
		}
		seen[key] = true
		switch key {
		case "tags":
			j.Tags, err = decodeTagsJSON(dec)
		case "rules":
			err = dec.Decode(&j.Rules)
		case "start":
			err = dec.Decode(&j.Start)
		case "moves":
			err = decodeRequired(dec, &j.Moves)
		case "result":
			err = decodeRequired(dec, &j.Result)
		case "drawOffer":
			err = dec.Decode(&j.DrawOffer)
		}
		if err != nil {
			return j, tidyf("JSON %q: %w", key, err)
		}
	}
	if err := wantDelim(dec, '}'); err != nil {
		return j, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return j, errors.New("JSON: more after the record's object")
	}
	for _, key := range []string{"moves", "result"} {
		if !seen[key] {
			return j, fmt.Errorf("JSON: no %q", key)
		}
	}
	return j, nil
}

// decodeRequired decodes the value of a key a record must give ("moves",
// "result") into v, refusing null: null is no more a value than a missing
// key is, and an empty game is written "moves": [].
func decodeRequired(dec *json.Decoder, v any) error {
	var raw json.RawMessage
	if err := dec.Decode(&raw); err != nil {
		return err
	}
	if string(raw) == "null" {
		return errors.New("null, want a value")
	}
	return json.Unmarshal(raw, v)
}

// decodeTagsJSON reads the "tags" object: names to string values, each
// name once; null for no tags.
func decodeTagsJSON(dec *json.Decoder) (map[string]string, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	if tok == nil {
		return nil, nil
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return nil, errors.New("want an object of tags")
	}
	tags := map[string]string{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		name, _ := tok.(string)
		if tok, err = dec.Token(); err != nil {
			return nil, err
		}
		value, ok := tok.(string)
		if !ok {
			return nil, fmt.Errorf("tag %q: want a string", cutInput(name))
		}
		if _, dup := tags[name]; dup {
			return nil, fmt.Errorf("tag %q given twice", cutInput(name))
		}
		if recordtext.IsReservedTag(name) {
			return nil, fmt.Errorf("tag %q: %w: written from the game itself", name, ErrTag)
		}
		tags[name] = value
	}
	_, err = dec.Token() // the '}' More saw
	return tags, err
}

// wantDelim reads the delimiter d, '{' or '}'.
func wantDelim(dec *json.Decoder, d json.Delim) error {
	tok, err := dec.Token()
	switch {
	case err == io.EOF:
		return errors.New("JSON: empty, want an object")
	case err != nil:
		return fmt.Errorf("JSON: %w", err)
	case tok == nil:
		return errors.New("JSON: null, want an object")
	}
	if got, ok := tok.(json.Delim); !ok || got != d {
		return fmt.Errorf("JSON: %v, want an object", tok)
	}
	return nil
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
