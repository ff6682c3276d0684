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

func TestParseMove(t *testing.T) {
	for _, s := range []string{"a1a2", "b3b7", "g9g8", "a4d4"} {
		m, err := dsq.ParseMove(s)
		require.NoError(t, err, "ParseMove(%q)", s)
		assert.Equal(t, s, m.String())
		text, err := m.MarshalText()
		require.NoError(t, err)
		assert.Equal(t, s, string(text))
	}
	bad := map[string]error{
		"":        dsq.ErrSyntax,
		"a1":      dsq.ErrSyntax,
		"a1a2a3":  dsq.ErrSyntax,
		"a1a1":    dsq.ErrSyntax,
		"h1a1":    dsq.ErrSquare,
		"a0a1":    dsq.ErrSquare,
		"a1a10":   dsq.ErrSyntax,
		"A1A2":    dsq.ErrSquare,
		"a1-a2":   dsq.ErrSyntax,
		"\xffaaa": dsq.ErrSquare,
	}
	for s, want := range bad {
		m, err := dsq.ParseMove(s)
		assert.ErrorIs(t, err, want, "ParseMove(%q) = %v, %v", s, m, err)
		assert.Equal(t, dsq.NoMove, m)
	}
}

func TestSquares(t *testing.T) {
	for sq := range dsq.Square(dsq.NumSquares) {
		got, err := dsq.ParseSquare(sq.String())
		require.NoError(t, err)
		assert.Equal(t, sq, got)
		assert.Equal(t, sq, dsq.SquareAt(sq.File(), sq.Rank()))
		assert.Equal(t, int(sq), sq.Rank()*7+sq.File())
	}
	assert.Equal(t, "a1", dsq.A1.String())
	assert.Equal(t, "d9", dsq.D9.String())
	assert.Equal(t, dsq.Square(24), dsq.D4)
	assert.Equal(t, "-", dsq.NoSquare.String())
	assert.Equal(t, dsq.NoSquare, dsq.SquareAt(7, 0))
	for _, s := range []string{"", "a", "h1", "a0", "a10", "1a"} {
		_, err := dsq.ParseSquare(s)
		assert.ErrorIs(t, err, dsq.ErrSquare, "ParseSquare(%q)", s)
	}
}
