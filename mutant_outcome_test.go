package doushouqi_test

// Tests that kill hand-made mutants of outcome.go (lab/mutation/handmade):
// each names the mutants it was written for.

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
)

// TestMutantOutcomeEveryDraw: IsDraw holds for exactly the three draws, and
// a draw's JSON names no winner and reads back. Kills: IsDraw with any one of
// its three tests dropped, MarshalJSON giving a draw or an undecided game a
// winner (o.IsDecided() && !o.IsDraw() with an operand dropped).
func TestMutantOutcomeEveryDraw(t *testing.T) {
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

// TestMutantOutcomeJSONNeedsAReason refuses an object without "reason" and
// one with a key besides "reason" and "winner", leaving the outcome as it
// was, and so is one whose reason or winner is not a name. Kills:
// UnmarshalJSON's !ok dropped ({} read as undecided), its json.Unmarshal
// check dropped (a bad name read as the zero value), and its unknown-key
// return deleted.
func TestMutantOutcomeJSONNeedsAReason(t *testing.T) {
	for _, data := range []string{`{}`, `{"reason":"agreed","at":3}`, `{"why":"agreed"}`,
		`{"reason":"bogus"}`, `{"reason":"resignation","winner":"green"}`, `{"reason":7}`} {
		o := dsq.Outcome{Reason: dsq.Resigned, Winner: dsq.Blue}
		err := json.Unmarshal([]byte(data), &o)
		assert.ErrorIs(t, err, dsq.ErrSyntax, data)
		assert.Equal(t, dsq.Outcome{Reason: dsq.Resigned, Winner: dsq.Blue}, o, data)
	}
}

// TestMutantOutcomeJSONNull: JSON null changes nothing, as encoding/json
// does. Kills: UnmarshalJSON's return on null deleted (null would be an
// object without a reason, an error).
func TestMutantOutcomeJSONNull(t *testing.T) {
	o := dsq.Outcome{Reason: dsq.Resigned, Winner: dsq.Blue}
	require.NoError(t, o.UnmarshalJSON([]byte("null")))
	assert.Equal(t, dsq.Outcome{Reason: dsq.Resigned, Winner: dsq.Blue}, o)
}

// TestMutantOutcomeMarshalInvalid: MarshalJSON refuses an outcome that is
// no outcome (a reason past the last, a won game's winner past Blue) with
// its own error, which names the method and wraps the cause. Kills: the
// deletion of MarshalJSON's return for an outcome that check refuses (the
// error was then encoding/json's, about a Color or a Reason).
func TestMutantOutcomeMarshalInvalid(t *testing.T) {
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

// TestMutantOutcomeUnmarshalNotAnObject: UnmarshalJSON of JSON that is not
// an object says why in encoding/json's words, which its error wraps.
// Kills: the deletion of UnmarshalJSON's return when the value does not
// decode as an object (the error then only said what was wanted).
func TestMutantOutcomeUnmarshalNotAnObject(t *testing.T) {
	var o dsq.Outcome
	err := o.UnmarshalJSON([]byte(`["den entered"]`))
	assert.ErrorIs(t, err, dsq.ErrSyntax)
	var te *json.UnmarshalTypeError
	assert.True(t, errors.As(err, &te), "%v does not wrap the *json.UnmarshalTypeError", err)
	assert.Equal(t, dsq.Outcome{}, o)
}
