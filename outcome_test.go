package doushouqi_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
)

func TestOutcome(t *testing.T) {
	cases := []struct {
		name  string
		pos   string
		move  string // played first, if any
		want  dsq.Outcome
		words string
	}{
		{"start", dsq.StartNotation, "", dsq.Outcome{Winner: dsq.NoColor}, "undecided"},
		{"red enters the den", "7/3D3/7/7/7/7/7/7/l6 r", "d8d9", dsq.Outcome{Reason: dsq.DenEntered, Winner: dsq.Red}, "red wins: den entered"},
		{"blue enters the den", "L6/7/7/7/7/7/7/3d3/7 b", "d2d1", dsq.Outcome{Reason: dsq.DenEntered, Winner: dsq.Blue}, "blue wins: den entered"},
		{"blocked side loses", "Cl5/e6/7/7/7/7/7/7/7 r", "", dsq.Outcome{Reason: dsq.NoLegalMove, Winner: dsq.Blue}, "blue wins: no legal move"},
		{"blocking move wins", "cL5/1E5/W6/7/7/7/7/7/7 r", "a7a8", dsq.Outcome{Reason: dsq.NoLegalMove, Winner: dsq.Red}, "red wins: no legal move"},
		{"last piece captured", "7/7/7/3c3/3L3/7/7/7/T6 r", "d5d6", dsq.Outcome{Reason: dsq.NoPieces, Winner: dsq.Red}, "red wins: no pieces left"},
		{"move limit", "l6/7/7/7/3D3/7/7/7/7 r 59 40", "d5d4", dsq.Outcome{Reason: dsq.MoveLimit, Winner: dsq.NoColor}, "draw: no-capture move limit"},
		{"capture resets the count", "l6/7/7/3c3/3D3/7/7/7/7 r 59 40", "d5d6", dsq.Outcome{Winner: dsq.NoColor}, "undecided"},
		{"den beats the move limit", "7/3D3/7/7/7/7/7/7/l6 r 59 40", "d8d9", dsq.Outcome{Reason: dsq.DenEntered, Winner: dsq.Red}, "red wins: den entered"},
		{"no move beats the move limit", "cL5/1E5/W6/7/7/7/7/7/7 r 59 40", "a7a8", dsq.Outcome{Reason: dsq.NoLegalMove, Winner: dsq.Red}, "red wins: no legal move"},
		{"no move at the limit", "Cl5/e6/7/7/7/7/7/7/7 r 60 40", "", dsq.Outcome{Reason: dsq.NoLegalMove, Winner: dsq.Blue}, "blue wins: no legal move"},
		{"den at the limit", "3D3/7/7/7/7/7/7/7/l6 b 60 40", "", dsq.Outcome{Reason: dsq.DenEntered, Winner: dsq.Red}, "red wins: den entered"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			pos, err := dsq.ParsePosition(c.pos)
			require.NoError(t, err)
			if c.move != "" {
				m, err := dsq.ParseMove(c.move)
				require.NoError(t, err)
				require.NoError(t, pos.Play(m))
			}
			got := pos.Outcome()
			assert.Equal(t, c.want, got)
			assert.Equal(t, c.words, got.String())
			assert.Equal(t, got.IsDecided(), pos.CountLegalMoves() == 0, "decided iff no legal moves")
			assert.Equal(t, c.want.Reason == dsq.MoveLimit, got.IsDraw())
		})
	}
}

func TestOutcomeJSON(t *testing.T) {
	cases := map[dsq.Outcome]string{
		{Winner: dsq.NoColor}:                         `{"reason":"undecided"}`,
		{Reason: dsq.DenEntered, Winner: dsq.Red}:     `{"reason":"den entered","winner":"red"}`,
		{Reason: dsq.Resigned, Winner: dsq.Blue}:      `{"reason":"resignation","winner":"blue"}`,
		{Reason: dsq.MoveLimit, Winner: dsq.NoColor}:  `{"reason":"no-capture move limit"}`,
		{Reason: dsq.Repetition, Winner: dsq.NoColor}: `{"reason":"threefold repetition"}`,
	}
	for o, want := range cases {
		data, err := json.Marshal(o)
		require.NoError(t, err)
		assert.JSONEq(t, want, string(data))
		var back dsq.Outcome
		require.NoError(t, json.Unmarshal(data, &back))
		assert.Equal(t, o, back)
	}
	// A draw's meaningless winner is not written.
	data, err := json.Marshal(dsq.Outcome{Reason: dsq.DrawAgreed, Winner: dsq.Blue})
	require.NoError(t, err)
	assert.JSONEq(t, `{"reason":"agreed"}`, string(data))

	o := dsq.Outcome{Reason: dsq.Resigned, Winner: dsq.Red}
	require.NoError(t, json.Unmarshal([]byte(`null`), &o))
	assert.Equal(t, dsq.Outcome{Reason: dsq.Resigned, Winner: dsq.Red}, o, "null changes nothing")

	keyed, err := json.Marshal(map[dsq.Outcome]int{{Reason: dsq.NoPieces, Winner: dsq.Blue}: 3})
	require.NoError(t, err)
	assert.JSONEq(t, `{"blue wins: no pieces left":3}`, string(keyed))

	for _, bad := range []string{
		`{"reason":"den entered"}`,                  // a win with no winner
		`{"reason":"agreed","winner":"red"}`,        // a draw with one
		`{"reason":"undecided","winner":"red"}`,     // a game going on with one
		`{"reason":"checkmate"}`,                    // not a reason
		`{"reason":"den entered","winner":"green"}`, // not a side
		`{"Reason":"undecided"}`,                    // wrong case
		`{"reason":"undecided","extra":1}`,          // unknown key
		`{}`, `"undecided"`, `{"reason":`,
	} {
		o := dsq.Outcome{Reason: dsq.Resigned, Winner: dsq.Red}
		assert.Error(t, json.Unmarshal([]byte(bad), &o), bad)
		assert.Equal(t, dsq.Outcome{Reason: dsq.Resigned, Winner: dsq.Red}, o, "%s refused, nothing changed", bad)
	}
}

// TestReasonStringBounds: the last reason has its name and the one past it
// none (no index out of range).
func TestReasonStringBounds(t *testing.T) {
	assert.Equal(t, "abandonment", dsq.Abandoned.String())
	assert.Equal(t, "reason?", (dsq.Abandoned + 1).String())
	assert.Equal(t, "reason?", dsq.Reason(255).String())
}

// TestOutcomeEveryDraw: IsDraw holds for exactly the three draws, and
// a draw's JSON names no winner and reads back.
func TestOutcomeEveryDraw(t *testing.T) {
	draws := map[dsq.Reason]bool{dsq.MoveLimit: true, dsq.DrawAgreed: true, dsq.Repetition: true}
	for _, r := range []dsq.Reason{dsq.Undecided, dsq.DenEntered, dsq.NoPieces, dsq.NoLegalMove,
		dsq.MoveLimit, dsq.Resigned, dsq.DrawAgreed, dsq.Repetition} {
		for _, w := range []dsq.Color{dsq.Red, dsq.Blue} {
			o := dsq.Outcome{Reason: r, Winner: w}
			if draws[r] || r == dsq.Undecided {
				o.Winner = dsq.NoColor // no winner
			}
			assert.Equal(t, draws[r], o.IsDraw(), "%v", r)
			assert.Equal(t, draws[r], strings.HasPrefix(o.String(), "draw: "), "%v", r)
			data, err := json.Marshal(o)
			require.NoError(t, err, "%v", r)
			won := r != dsq.Undecided && !draws[r]
			assert.Equal(t, won, strings.Contains(string(data), `"winner"`), "%v: %s", r, data)
			var back dsq.Outcome
			require.NoError(t, json.Unmarshal(data, &back), "%s", data)
			assert.Equal(t, o, back, "%s", data)
		}
	}
}

// TestOutcomeJSONNeedsAReason refuses an object without "reason" and
// one with a key besides "reason" and "winner", leaving the outcome as it
// was, and so is one whose reason or winner is not a name.
func TestOutcomeJSONNeedsAReason(t *testing.T) {
	for _, data := range []string{`{}`, `{"reason":"agreed","at":3}`, `{"why":"agreed"}`,
		`{"reason":"bogus"}`, `{"reason":"resignation","winner":"green"}`, `{"reason":7}`} {
		o := dsq.Outcome{Reason: dsq.Resigned, Winner: dsq.Blue}
		err := json.Unmarshal([]byte(data), &o)
		assert.ErrorIs(t, err, dsq.ErrSyntax, data)
		assert.Equal(t, dsq.Outcome{Reason: dsq.Resigned, Winner: dsq.Blue}, o, data)
	}
}

// TestOutcomeJSONRefusesRepeatedKeys: a key given twice is refused, whether
// the two values agree or not, and the outcome is left as it was; one text
// reads as one outcome, as in a record.
func TestOutcomeJSONRefusesRepeatedKeys(t *testing.T) {
	for _, data := range []string{
		`{"reason":"undecided","reason":"resignation","winner":"red"}`,
		`{"reason":"resignation","winner":"red","winner":"blue"}`,
		`{"reason":"agreed","reason":"agreed"}`,
		`{"winner":"red","reason":"den entered","winner":"red"}`,
	} {
		o := dsq.Outcome{Reason: dsq.Resigned, Winner: dsq.Blue}
		err := json.Unmarshal([]byte(data), &o)
		require.ErrorIs(t, err, dsq.ErrSyntax, data)
		assert.Contains(t, err.Error(), "given twice", data)
		assert.Equal(t, dsq.Outcome{Reason: dsq.Resigned, Winner: dsq.Blue}, o, data)
	}
}

// TestOutcomeJSONNullChangesNothing: JSON null changes nothing, as encoding/json
// does.
func TestOutcomeJSONNullChangesNothing(t *testing.T) {
	o := dsq.Outcome{Reason: dsq.Resigned, Winner: dsq.Blue}
	require.NoError(t, o.UnmarshalJSON([]byte("null")))
	assert.Equal(t, dsq.Outcome{Reason: dsq.Resigned, Winner: dsq.Blue}, o)
}

// TestOutcomeMarshalRefusesInvalid: MarshalJSON refuses an outcome that is
// no outcome (a reason past the last, a won game's winner past Blue) with
// its own error, which names the method and wraps the cause.
func TestOutcomeMarshalRefusesInvalid(t *testing.T) {
	for o, want := range map[dsq.Outcome]error{
		{Reason: dsq.Reason(99)}:                       dsq.ErrSyntax,
		{Reason: dsq.DenEntered, Winner: dsq.Color(7)}: dsq.ErrBadColor,
	} {
		b, err := o.MarshalJSON()
		assert.Nil(t, b)
		require.Error(t, err)
		assert.True(t, strings.HasPrefix(err.Error(), "doushouqi: Outcome.MarshalJSON: "), err.Error())
		assert.ErrorIs(t, err, want)
	}
}

// TestOutcomeUnmarshalRefusesNonObjects: UnmarshalJSON of JSON that is not
// an object says why in encoding/json's words, which its error wraps.
func TestOutcomeUnmarshalRefusesNonObjects(t *testing.T) {
	var o dsq.Outcome
	err := o.UnmarshalJSON([]byte(`["den entered"]`))
	assert.ErrorIs(t, err, dsq.ErrSyntax)
	var te *json.UnmarshalTypeError
	assert.True(t, errors.As(err, &te), "%v does not wrap the *json.UnmarshalTypeError", err)
	assert.Equal(t, dsq.Outcome{}, o)
}
