package strictjson_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"unicode"

	"github.com/doushouqi/doushouqi/site/strictjson"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// request has every kind of field the decoder takes; omitempty keeps a
// re-encoding to the keys that were sent (no rule allows a zero string or
// a zero level, and ply is a pointer).
type request struct {
	Mode  string `json:"mode,omitempty"`
	Move  string `json:"move,omitempty"`
	Level int    `json:"level,omitempty"`
	Ply   *int   `json:"ply,omitempty"`
	Rated bool   `json:"rated,omitempty"`
}

var rules = strictjson.Rules{
	"mode":  {Values: []string{"ai", "local", "online"}},
	"move":  {MaxLen: 4, Check: func(s string) error { return checkSquarePair(s) }},
	"level": {Min: 1, Max: 5},
	"ply":   {Min: 0, Max: 1000},
	"rated": {},
}

func checkSquarePair(s string) error {
	if len(s) != 4 || s[0] < 'a' || s[0] > 'g' || s[2] < 'a' || s[2] > 'g' {
		return errors.New("must be a move such as a3a4")
	}
	return nil
}

func TestDecode(t *testing.T) {
	d := strictjson.New(rules)
	ply := func(n int) *int { return &n }
	for _, c := range []struct {
		in   string
		want request
	}{
		{`{}`, request{}},
		{` { "mode" : "ai" , "level" : 5 } `, request{Mode: "ai", Level: 5}},
		{`{"move":"a3a4","ply":0}`, request{Move: "a3a4", Ply: ply(0)}},
		{`{"mov\u0065":"a3a4"}`, request{Move: "a3a4"}}, // an escaped key is the same key
		{`{"rated":true}`, request{Rated: true}},
		{`{"level":1,"ply":1000}`, request{Level: 1, Ply: ply(1000)}},
	} {
		var got request
		require.NoError(t, d.Decode([]byte(c.in), &got), c.in)
		assert.Equal(t, c.want, got, "Decode(%s)", c.in)
	}
}

func TestDecodeRefuses(t *testing.T) {
	d := strictjson.New(rules)
	for _, c := range []struct {
		in   string
		key  string
		want error
	}{
		{``, "", strictjson.ErrSyntax},
		{`[]`, "", strictjson.ErrSyntax},
		{`"mode"`, "", strictjson.ErrSyntax},
		{`{"mode":"ai"`, "", strictjson.ErrSyntax},
		{`{"mode":"ai"} {}`, "", strictjson.ErrSyntax},
		{`{"mode":"ai"}x`, "", strictjson.ErrSyntax},
		{`{"MOVE":"a3a4"}`, "MOVE", strictjson.ErrUnknown},
		{`{"Ply":0}`, "Ply", strictjson.ErrUnknown},
		{`{"colour":"red"}`, "colour", strictjson.ErrUnknown},
		{`{"ply":1,"ply":2}`, "ply", strictjson.ErrDuplicate},
		{`{"move":"a3a4","mov\u0065":"b3b4"}`, "move", strictjson.ErrDuplicate},
		{`{"level":0}`, "level", strictjson.ErrRange},
		{`{"level":6}`, "level", strictjson.ErrRange},
		{`{"level":2.0}`, "level", strictjson.ErrRange},
		{`{"level":1e0}`, "level", strictjson.ErrRange},
		{`{"level":99999999999999999999}`, "level", strictjson.ErrRange},
		{`{"ply":-1}`, "ply", strictjson.ErrRange},
		{`{"mode":"AI"}`, "mode", strictjson.ErrRange},
		{`{"move":"a3a4a5"}`, "move", strictjson.ErrRange},
		{`{"move":"z3a4"}`, "move", strictjson.ErrRange},
		{`{"level":"3"}`, "level", strictjson.ErrType},
		{`{"mode":3}`, "mode", strictjson.ErrType},
		{`{"ply":null}`, "ply", strictjson.ErrType},
		{`{"mode":{"a":1}}`, "mode", strictjson.ErrType},
		{`{"mode":["ai"]}`, "mode", strictjson.ErrType},
		{`{"rated":1}`, "rated", strictjson.ErrType},
	} {
		var got request
		err := d.Decode([]byte(c.in), &got)
		var e *strictjson.Error
		require.ErrorAs(t, err, &e, "Decode(%s) = nil, want %v", c.in, c.want)
		assert.ErrorIs(t, err, c.want, "Decode(%s) = %v", c.in, err)
		assert.Equal(t, c.key, e.Key, "Decode(%s): key", c.in)
		assert.NotEmpty(t, e.Msg)
	}
}

func TestDecodeNoRule(t *testing.T) {
	d := strictjson.New(rules)
	var unruled struct {
		Mode  string `json:"mode"`
		Other string `json:"other"`
	}
	assert.ErrorIs(t, d.Decode([]byte(`{}`), &unruled), strictjson.ErrNoRule, "a field without a rule refuses every body")
	var unsupported struct {
		Mode []string `json:"mode"`
	}
	assert.ErrorIs(t, d.Decode([]byte(`{}`), &unsupported), strictjson.ErrNoRule)
	var small struct {
		Ply int8 `json:"ply"`
	}
	assert.ErrorIs(t, d.Decode([]byte(`{}`), &small), strictjson.ErrNoRule, "a rule wider than the field")
	assert.ErrorIs(t, d.Decode([]byte(`{}`), request{}), strictjson.ErrNoRule, "not a pointer")
	var empty struct{}
	require.NoError(t, d.Decode([]byte(`{}`), &empty))
	err := d.Decode([]byte(`{"mode":"ai"}`), &empty)
	assert.ErrorIs(t, err, strictjson.ErrUnknown)
	assert.Contains(t, err.Error(), "empty object")
}

func TestDecodeMessage(t *testing.T) {
	d := strictjson.New(rules)
	var r request
	err := d.Decode([]byte(`{"MOVE":"a3a4"}`), &r)
	assert.EqualError(t, err, `strictjson: "MOVE": unknown key: keys are case-sensitive, this one is "move"`)
	err = d.Decode([]byte(`{"nope":1}`), &r)
	assert.EqualError(t, err, `strictjson: "nope": unknown key: this call takes level, mode, move, ply, rated`)
}

// FuzzDecode: Decode never panics; what it accepts re-encodes to a body
// that decodes to the same values, and that body with one key's case
// changed, or with one key twice, is refused.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{`{}`, `{"mode":"ai","level":3}`, `{"move":"a3a4","ply":0}`, `{"MOVE":"a3a4","Ply":0}`,
		`{"ply":1,"ply":2}`, `{"rated":true,"mode":"online"}`, `{"level":0}`, `{"mov\u0065":"b1b2"}`, `[1]`, `{"a":{}}`} {
		f.Add([]byte(s))
	}
	d := strictjson.New(rules)
	f.Fuzz(func(t *testing.T, data []byte) {
		var got request
		if d.Decode(data, &got) != nil {
			return
		}
		again, err := json.Marshal(got)
		require.NoError(t, err)
		var back request
		require.NoError(t, d.Decode(again, &back), "%s re-encoded as %s", data, again)
		require.True(t, reflect.DeepEqual(got, back), "%s: %+v, then %+v", data, got, back)

		var fields map[string]json.RawMessage
		require.NoError(t, json.Unmarshal(again, &fields))
		for key, val := range fields {
			changed := strings.ToUpper(key[:1]) + key[1:]
			if changed == key {
				changed = string(unicode.ToLower(rune(key[0]))) + key[1:]
			}
			body := fmt.Sprintf(`{%q:%s}`, changed, val)
			var r request
			require.ErrorIs(t, d.Decode([]byte(body), &r), strictjson.ErrUnknown, body)
			body = fmt.Sprintf(`{%q:%s,%q:%s}`, key, val, key, val)
			require.ErrorIs(t, d.Decode([]byte(body), &r), strictjson.ErrDuplicate, body)
		}
	})
}

// colour is a value read from its text, as the library's moves and colours
// are: a field of it takes a JSON string through UnmarshalText.
type colour uint8

func (c *colour) UnmarshalText(text []byte) error {
	switch string(text) {
	case "red":
		*c = 1
	case "blue":
		*c = 2
	default:
		return errors.New("internal detail: not a colour")
	}
	return nil
}

// TestDecodeText: a field whose pointer is an encoding.TextUnmarshaler
// reads a string by its UnmarshalText, after the rule's length; a refused
// text is the rule's Invalid message, never the error's own words; a
// number is the wrong type.
func TestDecodeText(t *testing.T) {
	d := strictjson.New(strictjson.Rules{"colour": {MaxLen: 4, Invalid: "must be red or blue"}})
	var v struct {
		Colour colour `json:"colour"`
	}
	require.NoError(t, d.Decode([]byte(`{"colour":"blue"}`), &v))
	assert.Equal(t, colour(2), v.Colour)
	for body, msg := range map[string]string{
		`{"colour":"green"}`: "must be text of at most 4 bytes",
		`{"colour":"gren"}`:  "must be red or blue",
		`{"colour":2}`:       "must be a string",
	} {
		err := d.Decode([]byte(body), &v)
		var e *strictjson.Error
		require.True(t, errors.As(err, &e), body)
		assert.Equal(t, "colour", e.Key)
		assert.Equal(t, msg, e.Msg, body)
		assert.NotContains(t, err.Error(), "internal detail")
	}
	plain := strictjson.New(strictjson.Rules{"colour": {}})
	err := plain.Decode([]byte(`{"colour":"gren"}`), &v)
	assert.ErrorContains(t, err, "is not valid")
}
