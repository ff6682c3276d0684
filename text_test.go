package doushouqi_test

import (
	"encoding"
	"encoding/json"
	"errors"
	"testing"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// textValue is what each text type implements, encoding.TextAppender's
// signature included (the standard library names that interface from Go
// 1.24 on; the module's minimum Go has it too).
type textValue interface {
	encoding.TextMarshaler
	AppendText(b []byte) ([]byte, error)
}

var (
	_ encoding.TextAppender = dsq.Square(0)
	_ encoding.TextAppender = dsq.Color(0)
	_ encoding.TextAppender = dsq.Animal(0)
	_ encoding.TextAppender = dsq.Piece(0)
	_ encoding.TextAppender = dsq.Move(0)
	_ encoding.TextAppender = dsq.Position{}
	_ encoding.TextAppender = dsq.Rules{}
	_ encoding.TextAppender = dsq.Outcome{}
	_ encoding.TextAppender = dsq.Reason(0)

	_ encoding.TextUnmarshaler = new(dsq.Square)
	_ encoding.TextUnmarshaler = new(dsq.Color)
	_ encoding.TextUnmarshaler = new(dsq.Animal)
	_ encoding.TextUnmarshaler = new(dsq.Piece)
	_ encoding.TextUnmarshaler = new(dsq.Move)
	_ encoding.TextUnmarshaler = new(dsq.Position)
	_ encoding.TextUnmarshaler = new(dsq.Rules)
	_ encoding.TextUnmarshaler = new(dsq.Outcome)
	_ encoding.TextUnmarshaler = new(dsq.Reason)
)

// TestTextForms: each value writes its String form, AppendText appends it to
// what is there, and UnmarshalText reads it back.
func TestTextForms(t *testing.T) {
	cases := []struct {
		v    textValue
		want string
		back encoding.TextUnmarshaler
	}{
		{dsq.C7, "c7", new(dsq.Square)},
		{dsq.NoSquare, "-", new(dsq.Square)},
		{dsq.Red, "red", new(dsq.Color)},
		{dsq.Blue, "blue", new(dsq.Color)},
		{dsq.Leopard, "leopard", new(dsq.Animal)},
		{dsq.NewPiece(dsq.Blue, dsq.Lion), "blue lion", new(dsq.Piece)},
		{dsq.NoPiece, "none", new(dsq.Piece)},
		{dsq.NewMove(dsq.B3, dsq.B7), "b3b7", new(dsq.Move)},
		{dsq.NoMove, "0000", new(dsq.Move)},
		{dsq.StartPosition(), dsq.StartNotation, new(dsq.Position)},
		{dsq.Position{}, "", new(dsq.Position)},
		{dsq.Rules{TrappedCapture: true, MoveLimit: 200}, "trapped-capture,move-limit=200", new(dsq.Rules)},
		{dsq.Standard, "standard", new(dsq.Rules)},
		{dsq.DenEntered, "den entered", new(dsq.Reason)},
		{dsq.Outcome{Reason: dsq.DenEntered, Winner: dsq.Blue}, "blue wins: den entered", new(dsq.Outcome)},
		{dsq.Outcome{Reason: dsq.DrawAgreed, Winner: dsq.NoColor}, "draw: agreed", new(dsq.Outcome)},
		{dsq.Outcome{Winner: dsq.NoColor}, "undecided", new(dsq.Outcome)},
	}
	for _, c := range cases {
		text, err := c.v.MarshalText()
		require.NoError(t, err, "%#v", c.v)
		assert.Equal(t, c.want, string(text))
		appended, err := c.v.AppendText([]byte("x="))
		require.NoError(t, err)
		assert.Equal(t, "x="+c.want, string(appended))
		require.NoError(t, c.back.UnmarshalText(text), "UnmarshalText(%q)", text)
		assert.Equal(t, c.v, deref(c.back), "UnmarshalText(%q)", text)
	}
}

func deref(v any) any {
	switch p := v.(type) {
	case *dsq.Square:
		return *p
	case *dsq.Color:
		return *p
	case *dsq.Animal:
		return *p
	case *dsq.Piece:
		return *p
	case *dsq.Move:
		return *p
	case *dsq.Position:
		return *p
	case *dsq.Rules:
		return *p
	case *dsq.Reason:
		return *p
	case *dsq.Outcome:
		return *p
	}
	panic("deref: unknown type")
}

// TestTextRefused: values with no text form are refused by MarshalText, and
// text that is not a value by UnmarshalText, which leaves its receiver as
// it was.
func TestTextRefused(t *testing.T) {
	for _, v := range []textValue{
		dsq.Square(64), dsq.Color(2), dsq.Animal(8), dsq.Piece(17), dsq.NewMove(dsq.A1, dsq.A1) | 1<<12,
		dsq.NewMove(dsq.B3, dsq.B3), dsq.Rules{MoveLimit: -5}, dsq.Reason(99),
		dsq.Outcome{Reason: dsq.DenEntered, Winner: 7}, dsq.Outcome{Reason: 99},
	} {
		_, err := v.MarshalText()
		assert.Error(t, err, "%#v", v)
		_, err = json.Marshal(v)
		assert.Error(t, err, "json.Marshal(%#v)", v)
	}
	sq, c, a, pc, m, r, o := dsq.C7, dsq.Blue, dsq.Lion, dsq.NoPiece, dsq.NoMove, dsq.Rules{Threefold: true}, dsq.Outcome{Reason: dsq.DrawAgreed}
	pos := dsq.StartPosition()
	for _, bad := range []string{"x", "h1", "red ", "Red", "lion", "a1a1", "blue wins", "red wins: agreed", "draw: den entered", "draw: undecided", "\x00"} {
		for _, u := range []encoding.TextUnmarshaler{&sq, &c, &a, &pc, &m, &r, &o, &pos} {
			before := deref(u)
			if err := u.UnmarshalText([]byte(bad)); err == nil {
				continue // some texts are values of some types ("lion" is an Animal)
			}
			assert.Equal(t, before, deref(u), "%T.UnmarshalText(%q) refused but changed it", u, bad)
		}
	}
	_, err := dsq.ParseOutcome("red wins: agreed")
	assert.ErrorIs(t, err, dsq.ErrSyntax)
	_, err = dsq.ParseOutcome("draw: den entered")
	assert.ErrorIs(t, err, dsq.ErrSyntax)
}

// TestJSONKeysAndValues: the text types read as text in JSON values and map
// keys.
func TestJSONKeysAndValues(t *testing.T) {
	type view struct {
		Side    dsq.Color                `json:"side"`
		Pieces  map[dsq.Square]dsq.Piece `json:"pieces"`
		Last    dsq.Move                 `json:"last"`
		Rules   dsq.Rules                `json:"rules"`
		Outcome dsq.Outcome              `json:"outcome"`
		Counts  map[dsq.Animal]int       `json:"counts"`
	}
	in := view{
		Side:    dsq.Blue,
		Pieces:  map[dsq.Square]dsq.Piece{dsq.C7: dsq.NewPiece(dsq.Blue, dsq.Leopard)},
		Last:    dsq.NewMove(dsq.A3, dsq.A4),
		Rules:   dsq.Rules{MoveLimit: 200},
		Outcome: dsq.Outcome{Reason: dsq.DenEntered, Winner: dsq.Red},
		Counts:  map[dsq.Animal]int{dsq.Rat: 1},
	}
	data, err := json.Marshal(in)
	require.NoError(t, err)
	assert.JSONEq(t, `{"side":"blue","pieces":{"c7":"blue leopard"},"last":"a3a4","rules":"move-limit=200",
		"outcome":{"reason":"den entered","winner":"red"},"counts":{"rat":1}}`, string(data))
	var out view
	require.NoError(t, json.Unmarshal(data, &out))
	assert.Equal(t, in, out)
}

func TestPositionTextMarshaling(t *testing.T) {
	type record struct {
		Pos  dsq.Position `json:"pos"`
		Move dsq.Move     `json:"move"`
	}
	in := record{Pos: dsq.StartPosition(), Move: dsq.NewMove(dsq.A3, dsq.A4)}
	data, err := json.Marshal(in)
	require.NoError(t, err)
	assert.JSONEq(t, `{"pos":"`+dsq.StartNotation+`","move":"a3a4"}`, string(data))
	var out record
	require.NoError(t, json.Unmarshal(data, &out))
	assert.Equal(t, in, out)

	assert.Error(t, json.Unmarshal([]byte(`{"pos":"nonsense","move":"a3a4"}`), &out))
	assert.Error(t, json.Unmarshal([]byte(`{"move":"a3a3"}`), &out))
}

// TestMarshalTextNamesTheValue: a value with no text form is refused with a
// message that names the value the caller holds (a move by its squares, the
// others in Go syntax) and says why, never its bits as if they were input
// that was parsed.
func TestMarshalTextNamesTheValue(t *testing.T) {
	for _, c := range []struct {
		v    interface{ MarshalText() ([]byte, error) }
		want string
	}{
		{dsq.NewMove(dsq.B2, dsq.B2), "doushouqi: MarshalText: b2b2: invalid square: from and to are the same square"},
		{dsq.NewMove(dsq.A3, dsq.A4) | 1<<13, "doushouqi: MarshalText: a3a4: invalid square: bits above its two squares are set (NewMove makes moves)"},
		{dsq.Move(63 | 63<<6), "doushouqi: MarshalText: Move(4095): invalid square: its squares are not both on the board"},
		{dsq.Square(70), "doushouqi: MarshalText: Square(70): invalid square: not a square of the board, nor NoSquare"},
		{dsq.Color(5), "doushouqi: MarshalText: Color(5): not a side: want Red or Blue"},
		{dsq.Animal(9), "doushouqi: MarshalText: Animal(9): syntax error: not an animal, want Rat..Elephant"},
		{dsq.Reason(50), "doushouqi: MarshalText: Reason(50): syntax error: not a reason"},
	} {
		_, err := c.v.MarshalText()
		require.Error(t, err)
		assert.Equal(t, c.want, err.Error())
		var pe *dsq.ParseError
		require.True(t, errors.As(err, &pe))
		assert.NotContains(t, err.Error(), "parsing")
	}
}
