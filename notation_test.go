package doushouqi_test

import (
	"errors"
	"strings"
	"testing"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParsePositionRoundTrip(t *testing.T) {
	cases := []struct{ in, out string }{
		{dsq.StartNotation, dsq.StartNotation},
		{"l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L r", dsq.StartNotation},
		{"l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w 0 1", dsq.StartNotation},
		{"l5t/1d3c1/r1j1w1e/7/7/7/E1W1J1R/1C3D1/T5L r 0 1", dsq.StartNotation},
		{"  l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L   b  12  7 ", "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L b 12 7"},
		{"7/7/7/2r4/7/7/7/7/L6 b 60 99", "7/7/7/2r4/7/7/7/7/L6 b 60 99"},
		{"7/7/7/7/7/7/7/7/7 r 0 1", "7/7/7/7/7/7/7/7/7 r 0 1"},
		{"3D3/7/7/7/7/7/7/7/l6 b 3 2", "3D3/7/7/7/7/7/7/7/l6 b 3 2"},
	}
	for _, c := range cases {
		pos, err := dsq.ParsePosition(c.in)
		require.NoError(t, err, "ParsePosition(%q)", c.in)
		assert.Equal(t, c.out, pos.String(), "ParsePosition(%q).String()", c.in)
		again, err := dsq.ParsePosition(pos.String())
		require.NoError(t, err)
		assert.Equal(t, pos, again, "round trip of %q", c.in)
	}
}

func TestParsePositionErrors(t *testing.T) {
	cases := []struct {
		in   string
		want error
	}{
		{"", dsq.ErrSyntax},
		{"l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L", dsq.ErrSyntax},
		{"l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L r 0", dsq.ErrSyntax},
		{dsq.StartNotation + " extra", dsq.ErrRules}, // the fifth field is the rules
		{dsq.StartNotation + " move-limit=200 extra", dsq.ErrSyntax},
		{dsq.StartNotation + " threefold", dsq.ErrRules},
		{dsq.StartNotation + " move-limit=200,threefold", dsq.ErrRules},
		{dsq.StartNotation + " move-limit=0", dsq.ErrRules},
		{"l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L r move-limit=200", dsq.ErrSyntax}, // counters first
		{"l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L r 0 1\xff", dsq.ErrSyntax},
		{strings.Repeat("7/", 200) + "7 r 0 1", dsq.ErrSyntax},
		{"l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1 r 0 1", dsq.ErrRankCount},
		{"l5t/1d3c1/r1p1w1e/7/7/7/7/E1W1P1R/1C3D1/T5L r 0 1", dsq.ErrRankCount},
		{"l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L/ r 0 1", dsq.ErrRankCount},
		{"l5t/1d3c1/r1p1w1e/7/7/6/E1W1P1R/1C3D1/T5L r 0 1", dsq.ErrFileCount},
		{"l5t/1d3c1/r1p1w1e/8/7/7/E1W1P1R/1C3D1/T5L r 0 1", dsq.ErrFileCount},
		{"l6t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L r 0 1", dsq.ErrFileCount},
		{"l5tc/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L r 0 1", dsq.ErrFileCount},
		{"//////// r 0 1", dsq.ErrFileCount},
		{"l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5K r 0 1", dsq.ErrLetter},
		{"l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5x r 0 1", dsq.ErrLetter},
		{"l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T05L r 0 1", dsq.ErrLetter},
		{"l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5é r 0 1", dsq.ErrLetter},
		{"l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L x 0 1", dsq.ErrSide},
		{"l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L R 0 1", dsq.ErrSide},
		{"l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L red 0 1", dsq.ErrSide},
		{"l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L r -1 1", dsq.ErrCounter},
		{"l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L r 0 0", dsq.ErrCounter},
		{"l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L r 0 -3", dsq.ErrCounter},
		{"l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L r x 1", dsq.ErrCounter},
		{"l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L r 1.5 1", dsq.ErrCounter},
		{"l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L r +1 1", dsq.ErrCounter},
		{"l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L r 0 99999999999999999999", dsq.ErrCounter},
		{"l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L r 1000001 1", dsq.ErrCounter},
		{"l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T4LL r 0 1", dsq.ErrDuplicateAnimal},
		{"l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T4lL r 0 1", dsq.ErrDuplicateAnimal},
		{"l5t/1d3c1/r1p1w1e/7/7/7/E1W1J1R/1C3D1/T4PL r 0 1", dsq.ErrDuplicateAnimal},
		{"l5t/1d3c1/r1p1w1e/7/1D5/7/E1W1P1R/1C5/T5L r 0 1", dsq.ErrWater},
		{"l5t/1d3c1/r1p1w1e/5e1/7/7/E1W1P1R/1C3D1/T5L r 0 1", dsq.ErrWater},
		{"l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T2D1L1 r 0 1", dsq.ErrOwnDen},
		{"l2t3/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L r 0 1", dsq.ErrOwnDen},
		{"l2D3/7/7/7/7/7/7/7/3t3 r 0 1", dsq.ErrBothDens},
	}
	for _, c := range cases {
		before := dsq.StartPosition()
		pos := before
		got, err := dsq.ParsePosition(c.in)
		require.Error(t, err, "ParsePosition(%q)", c.in)
		assert.ErrorIs(t, err, c.want, "ParsePosition(%q) = %v", c.in, err)
		assert.Equal(t, dsq.Position{}, got, "ParsePosition(%q) returns the zero Position on error", c.in)
		var pe *dsq.ParseError
		require.True(t, errors.As(err, &pe), "ParsePosition(%q): %T", c.in, err)
		assert.Equal(t, "ParsePosition", pe.Func)
		assert.LessOrEqual(t, len(pe.Input), 64)
		assert.NotContains(t, err.Error(), "\n")

		// UnmarshalText refuses the same and leaves the position as it was
		// (but for "", the zero Position's text form, tested apart).
		if c.in == "" {
			continue
		}
		err = pos.UnmarshalText([]byte(c.in))
		assert.ErrorIs(t, err, c.want)
		assert.Equal(t, before, pos)
	}
}

func TestPositionErrorNamesTheSquare(t *testing.T) {
	_, err := dsq.ParsePosition("l5t/1d3c1/r1p1w1e/7/1D5/7/E1W1P1R/1C5/T5L r 0 1")
	var pe *dsq.PositionError
	require.True(t, errors.As(err, &pe))
	assert.Equal(t, dsq.B5, pe.Square)
	assert.Equal(t, dsq.NewPiece(dsq.Red, dsq.Dog), pe.Piece)
	assert.Equal(t, `doushouqi: ParsePosition: parsing "l5t/1d3c1/r1p1w1e/7/1D5/7/E1W1P1R/1C5/T5L r 0 1": invalid position: red dog on b5: only the rat may be on water`, err.Error())
}

// TestNotationDigitBounds: '9' is a run too long for a rank (a file
// count error), ':' (the byte after '9') is no digit (a letter error).
func TestNotationDigitBounds(t *testing.T) {
	for rank, want := range map[string]error{"9": dsq.ErrFileCount, "3:": dsq.ErrLetter, ":": dsq.ErrLetter} {
		text := "l5t/1d3c1/r1p1w1e/" + rank + "/7/7/E1W1P1R/1C3D1/T5L r 0 1"
		_, err := dsq.ParsePosition(text)
		assert.ErrorIs(t, err, want, text)
	}
}

// TestNotationCounterBounds: a counter of seven digits up to
// MaxCounter reads, one of eight digits does not, even when its value is
// small, and a counter with a byte past '9' is not a whole number.
func TestNotationCounterBounds(t *testing.T) {
	board := "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L r "
	pos, err := dsq.ParsePosition(board + "1000000 1000000")
	require.NoError(t, err)
	assert.Equal(t, dsq.MaxCounter, pos.NoCaptureHalfMoves())
	assert.Equal(t, dsq.MaxCounter, pos.MoveNumber())
	for _, counters := range []string{"00000001 1", "0 00000001", "0 1:", "4: 1"} {
		_, err := dsq.ParsePosition(board + counters)
		assert.ErrorIs(t, err, dsq.ErrCounter, counters)
	}
	_, err = dsq.ParsePosition(board + "0 1:")
	require.Error(t, err)
	assert.True(t, strings.Contains(err.Error(), "whole number"), "%v: the error should say the counter is not a whole number", err)
}

// TestNotationLengthLimit reads a notation of exactly maxNotationLen
// (256) bytes, trailing blanks included, and refuses one of 257.
func TestNotationLengthLimit(t *testing.T) {
	const limit = 256
	text := dsq.StartNotation + strings.Repeat(" ", limit-len(dsq.StartNotation))
	pos, err := dsq.ParsePosition(text)
	require.NoError(t, err)
	assert.Equal(t, dsq.StartPosition(), pos)
	_, err = dsq.ParsePosition(text + " ")
	assert.ErrorIs(t, err, dsq.ErrSyntax)
}

// TestNotationRulesErrorNamesTheInputOnce: a position whose rules
// field is not rules is refused with one ParseError, for the whole
// position, whose reason is the rules' own (not a second ParseError naming
// the field).
func TestNotationRulesErrorNamesTheInputOnce(t *testing.T) {
	_, err := dsq.ParsePosition("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L r 0 1 bogus")
	require.ErrorIs(t, err, dsq.ErrRules)
	assert.Equal(t, 1, strings.Count(err.Error(), "parsing"), err.Error())
	assert.NotContains(t, err.Error(), "ParseRules")
}

// TestNotationRefusesEightFiles: a rank of eight files, written as the digit
// 8 or as seven empty files and a piece, is refused as having "more than 7"
// files, as any rank past seven is.
func TestNotationRefusesEightFiles(t *testing.T) {
	for _, rank := range []string{"8", "7L"} {
		_, err := dsq.ParsePosition(rank + "/7/7/7/7/7/7/7/l6 r 0 1")
		require.ErrorIs(t, err, dsq.ErrFileCount, rank)
		assert.Contains(t, err.Error(), "rank 9 has more than 7 files", rank)
	}
}

// TestNotationCounterJustBelowZero: a counter holding '/', the byte
// just below '0', is not a whole number, and its error says so.
func TestNotationCounterJustBelowZero(t *testing.T) {
	_, err := dsq.ParsePosition("l6/7/7/7/7/7/7/7/L6 r 1/ 1")
	require.ErrorIs(t, err, dsq.ErrCounter)
	assert.Contains(t, err.Error(), `"1/" is not a whole number`)
}

// TestNotationCounterMessages: a counter one past MaxCounter, or a
// move number of 0, is refused by the notation's reader with its own words
// (the counter as written, "is over", "is below"), before the setup's
// checks.
func TestNotationCounterMessages(t *testing.T) {
	for text, want := range map[string]string{
		"l6/7/7/7/7/7/7/7/L6 r 1000001 1": `no-capture half-moves "1000001" is over 1000000`,
		"l6/7/7/7/7/7/7/7/L6 r 0 1000001": `move number "1000001" is over 1000000`,
		"l6/7/7/7/7/7/7/7/L6 r 0 0":       `move number 0 is below 1`,
	} {
		_, err := dsq.ParsePosition(text)
		require.ErrorIs(t, err, dsq.ErrCounter, text)
		assert.Contains(t, err.Error(), want, text)
	}
}

func mustPosition(t *testing.T, s string) dsq.Position {
	t.Helper()
	pos, err := dsq.ParsePosition(s)
	require.NoError(t, err)
	return pos
}

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

// TestParsePositionSeparatesFieldsByAnyWhiteSpace: runs of spaces, tabs,
// newlines and other Unicode white space separate the fields, and white
// space around the notation is ignored, as ParsePosition documents.
func TestParsePositionSeparatesFieldsByAnyWhiteSpace(t *testing.T) {
	fields := strings.Fields(dsq.StartNotation)
	require.Len(t, fields, 4)
	for _, sep := range []string{"  ", "\t", " \t\n ", "\r\n", "\u00a0", "\u3000"} {
		in := "\n " + strings.Join(fields, sep) + " \n"
		pos, err := dsq.ParsePosition(in)
		require.NoError(t, err, "%q", in)
		assert.Equal(t, dsq.StartPosition(), pos, "%q", in)
	}
}
