package doushouqi_test

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
)

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
