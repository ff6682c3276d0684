package doushouqi_test

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
)

// TestParsePositionIsStrict: each field is read only as Position.String
// writes it. A rank's empty squares are one digit 1-7, never two in a row,
// and counters have no leading zero; the *ParseError names the field.
func TestParsePositionIsStrict(t *testing.T) {
	for _, c := range []struct {
		name, in string
		want     error
		field    string // what the message names
	}{
		{"a run written 16", "l5t/1d3c1/r1p1w1e/16/7/7/E1W1P1R/1C3D1/T5L r 0 1", dsq.ErrSyntax, `rank 6 "16"`},
		{"a run written 1111111", "l5t/1d3c1/r1p1w1e/1111111/7/7/E1W1P1R/1C3D1/T5L r 0 1", dsq.ErrSyntax, `rank 6 "1111111"`},
		{"a run written 25 around a piece", "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T23L r 0 1", dsq.ErrSyntax, `rank 1 "T23L"`},
		{"two runs after a piece", "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T41L r 0 1", dsq.ErrSyntax, `rank 1`},
		{"a no-capture count 01", "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L r 01 1", dsq.ErrCounter, `no-capture half-moves "01"`},
		{"a no-capture count 00", "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L r 00 1", dsq.ErrCounter, `no-capture half-moves "00"`},
		{"a move number 01", "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L r 0 01", dsq.ErrCounter, `move number "01"`},
		{"rules given twice", "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L r 0 1 move-limit=200,move-limit=300", dsq.ErrRules, `"move-limit" given twice`},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := dsq.ParsePosition(c.in)
			require.ErrorIs(t, err, c.want, "ParsePosition(%q)", c.in)
			var pe *dsq.ParseError
			require.True(t, errors.As(err, &pe), "ParsePosition(%q) = %v, want a *ParseError", c.in, err)
			assert.Equal(t, "ParsePosition", pe.Func)
			assert.Equal(t, c.in[:min(len(c.in), 64)], pe.Input, "the input, cut to 64 bytes")
			assert.Contains(t, err.Error(), c.field)
		})
	}
	for _, ok := range []string{"7/7/7/7/7/7/7/7/L6 r 0 1", "7/7/7/7/7/7/7/7/1L5 r 10 100", "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L r 0 1"} {
		_, err := dsq.ParsePosition(ok)
		assert.NoError(t, err, ok)
	}
}
