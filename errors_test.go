package doushouqi_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
)

// TestErrorsSpeakOneLanguage collects the errors of every refusing call:
// each starts "doushouqi: ", wraps one of the package's sentinels, and
// quotes raw input (no control byte reaches the message).
func TestErrorsSpeakOneLanguage(t *testing.T) {
	const raw = "a\x1b[31m\n"
	var errs []error
	add := func(err error) {
		t.Helper()
		require.Error(t, err)
		errs = append(errs, err)
	}
	_, err := dsq.ParsePosition(raw)
	add(err)
	_, err = dsq.ParsePosition("l5t/1d3c1/r1p1w1e/7/1D5/7/E1W1P1R/1C5/T5L r 0 1")
	add(err)
	_, err = dsq.ParseMove(raw)
	add(err)
	_, err = dsq.ParseSquare(raw)
	add(err)
	_, err = dsq.ParseRules(raw)
	add(err)
	_, err = dsq.ParseOutcome(raw)
	add(err)
	add(dsq.Rules{MoveLimit: -7}.Validate())
	_, err = dsq.NewPosition(dsq.Setup{})
	add(err)
	_, err = dsq.NewPosition(dsq.Setup{MoveNumber: 1, SideToMove: 5})
	add(err)
	_, err = dsq.StartPosition().WithRules(dsq.Rules{MoveLimit: 1 << 20})
	add(err)
	_, err = dsq.NewGameFrom(dsq.Position{})
	add(err)
	_, err = dsq.NewGameRules(dsq.StartPosition(), dsq.Rules{MoveLimit: -3})
	add(err)

	g := dsq.NewGame()
	_, err = g.PlayText(raw)
	add(err)
	add(g.Undo())
	add(g.AcceptDraw(dsq.Red))
	add(g.OfferDraw(dsq.Color(9)))
	add(g.SetTag(raw, "x"))
	add(g.SetTag("Event", "\xff"))
	require.NoError(t, g.Resign(dsq.Red))
	add(g.Play(dsq.NewMove(dsq.A3, dsq.A4)))
	add(g.Resign(dsq.Blue))

	_, err = dsq.ParseRecord("[Event \"x\"]\n\n1. " + raw + " *\n")
	add(err)
	_, err = dsq.ParseRecord("[Ev" + raw + "]\n")
	add(err)
	_, err = dsq.ParseRecordJSON([]byte(`{"moves":["` + "a\\u001b[31m" + `"],"result":"*"}`))
	add(err)
	_, err = dsq.ParseRecordJSON([]byte(`{"moves":[],"result":"*","` + "a\\u001b" + `":1}`))
	add(err)
	var o dsq.Outcome
	add(json.Unmarshal([]byte(`{"reason":"x"}`), &o))
	for _, u := range []interface{ UnmarshalText([]byte) error }{
		new(dsq.Square), new(dsq.Color), new(dsq.Animal), new(dsq.Piece), new(dsq.Move),
		new(dsq.Position), new(dsq.Rules), new(dsq.Reason), new(dsq.Outcome),
	} {
		add(u.UnmarshalText([]byte(raw)))
	}
	for _, m := range []interface{ MarshalText() ([]byte, error) }{
		dsq.Square(70), dsq.Color(3), dsq.Animal(9), dsq.Piece(40), dsq.Move(1 << 15), dsq.Rules{MoveLimit: -9}, dsq.Reason(50), dsq.Outcome{Reason: 50},
	} {
		_, err := m.MarshalText()
		add(err)
	}

	for _, err := range errs {
		msg := err.Error()
		assert.True(t, strings.HasPrefix(msg, "doushouqi: "), "%q does not start with doushouqi:", msg)
		assert.True(t, wrapsSentinel(err), "%q wraps no sentinel", msg)
		assert.False(t, strings.ContainsAny(msg, "\x1b\n\x00"), "%q holds raw control bytes", msg)
		assert.Equal(t, 1, strings.Count(msg, "doushouqi:"), "%q says doushouqi twice", msg)
	}
}

// TestErrorsCountCharacters: the parsers' messages count characters, not
// bytes, name the character at fault rather than its first byte, and quote
// input cut at a character boundary.
func TestErrorsCountCharacters(t *testing.T) {
	cases := []struct {
		call string
		err  error
		want error
		msg  string
	}{
		{"ParseSquare(\"\")", second(dsq.ParseSquare("")), dsq.ErrSquare, `doushouqi: ParseSquare: parsing "": invalid square: empty, want a file a..g then a rank 1..9, such as c7`},
		{"ParseSquare(ａ1)", second(dsq.ParseSquare("ａ1")), dsq.ErrSquare, `doushouqi: ParseSquare: parsing "ａ1": invalid square: "ａ1" is not a square: want a file a..g then a rank 1..9`},
		{"ParseSquare(c10)", second(dsq.ParseSquare("c10")), dsq.ErrSquare, `doushouqi: ParseSquare: parsing "c10": invalid square: want 2 characters, a file a..g then a rank 1..9, have 3`},
		{"ParseSquare(中文字)", second(dsq.ParseSquare("中文字")), dsq.ErrSquare, `doushouqi: ParseSquare: parsing "中文字": invalid square: want 2 characters, a file a..g then a rank 1..9, have 3`},
		{"ParseMove(\"\")", second(dsq.ParseMove("")), dsq.ErrSyntax, `doushouqi: ParseMove: parsing "": syntax error: empty move, want <from><to> such as a3a4`},
		{"ParseMove(ａ1a2)", second(dsq.ParseMove("ａ1a2")), dsq.ErrSquare, `doushouqi: ParseMove: parsing "ａ1a2": invalid square: "ａ1" is not a square: want a file a..g then a rank 1..9`},
		{"ParseMove(中文)", second(dsq.ParseMove("中文")), dsq.ErrSyntax, `doushouqi: ParseMove: parsing "中文": syntax error: want 4 characters, have 2`},
		{"ParsePosition(é)", second(dsq.ParsePosition("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5é r 0 1")), dsq.ErrLetter, `doushouqi: ParsePosition: parsing "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5é r 0 1": unknown piece letter: 'é' on rank 1`},
		{"ParseRules(ü)", second(dsq.ParseRules("trapped-captüre")), dsq.ErrRules, `doushouqi: ParseRules: parsing "trapped-captüre": invalid rules: unknown option "trapped-captüre"`},
	}
	for _, c := range cases {
		require.Error(t, c.err, c.call)
		assert.ErrorIs(t, c.err, c.want, c.call)
		assert.Equal(t, c.msg, c.err.Error(), c.call)
	}

	g := dsq.NewGame()
	_, err := g.PlayText("")
	require.Error(t, err)
	assert.Equal(t, `doushouqi: move "": syntax error: empty move, want <from><to> such as a3a4`, err.Error(), "not \"illegal move 0000\"")
	var me *dsq.MoveError
	require.True(t, errors.As(err, &me))
	assert.Equal(t, dsq.NoMove, me.Move)
	assert.Equal(t, "syntax error: empty move, want <from><to> such as a3a4", me.Reason())
	_, err = g.PlayText("ａ1a2")
	assert.NotContains(t, err.Error(), "have 6", "characters, not bytes")
	assert.ErrorIs(t, err, dsq.ErrSquare)

	// Input quoted in an error is cut at a character boundary: a
	// three-byte character straddling byte 64 is dropped whole.
	long := strings.Repeat("a", 63) + "中" + strings.Repeat("b", 10)
	_, err = dsq.ParsePosition(long)
	var pe *dsq.ParseError
	require.True(t, errors.As(err, &pe))
	assert.Equal(t, strings.Repeat("a", 63), pe.Input)
	assert.True(t, utf8.ValidString(pe.Input))
	_, err = dsq.ParseRecord("[Event \"x\"]\n\n1. " + long + " *\n")
	var re *dsq.RecordError
	require.True(t, errors.As(err, &re))
	assert.True(t, utf8.ValidString(re.Move), "%q", re.Move)
	assert.True(t, utf8.ValidString(err.Error()))
}

// second returns the error of a two-result call.
func second[T any](_ T, err error) error { return err }
