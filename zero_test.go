package doushouqi_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/internal/zerowalk"
)

// zeroValues holds a pointer to the zero value of every exported type of
// the package; TestZeroValuesListed checks that none is missing.
var zeroValues = map[string]any{
	"Animal":        new(dsq.Animal),
	"Bitboard":      new(dsq.Bitboard),
	"Color":         new(dsq.Color),
	"Direction":     new(dsq.Direction),
	"Game":          new(dsq.Game),
	"Move":          new(dsq.Move),
	"MoveError":     new(dsq.MoveError),
	"MoveNodes":     new(dsq.MoveNodes),
	"Outcome":       new(dsq.Outcome),
	"ParseError":    new(dsq.ParseError),
	"PerftConfig":   new(dsq.PerftConfig),
	"PerftProgress": new(dsq.PerftProgress),
	"PerftTable":    new(dsq.PerftTable),
	"Piece":         new(dsq.Piece),
	"Position":      new(dsq.Position),
	"PositionError": new(dsq.PositionError),
	"Reason":        new(dsq.Reason),
	"RecordError":   new(dsq.RecordError),
	"RiverJump":     new(dsq.RiverJump),
	"Rules":         new(dsq.Rules),
	"Setup":         new(dsq.Setup),
	"Square":        new(dsq.Square),
	"Terrain":       new(dsq.Terrain),
	"Undo":          new(dsq.Undo),
}

// TestZeroValuesListed checks that zeroValues lists exactly the exported
// types of the package's source.
func TestZeroValuesListed(t *testing.T) {
	exported, err := zerowalk.ExportedTypes(".")
	require.NoError(t, err)
	require.NotEmpty(t, exported)
	require.Equal(t, exported, zerowalk.Names(zeroValues), "zeroValues must list every exported type")
}

// sampleArgs are the arguments of the second walk: a legal first move, a
// square with a piece, real depths and texts.
var sampleArgs = map[reflect.Type]reflect.Value{
	reflect.TypeFor[dsq.Move]():      reflect.ValueOf(dsq.NewMove(dsq.A3, dsq.A4)),
	reflect.TypeFor[dsq.Square]():    reflect.ValueOf(dsq.A3),
	reflect.TypeFor[dsq.Color]():     reflect.ValueOf(dsq.Blue),
	reflect.TypeFor[dsq.Animal]():    reflect.ValueOf(dsq.Lion),
	reflect.TypeFor[dsq.Direction](): reflect.ValueOf(dsq.Up),
	reflect.TypeFor[int]():           reflect.ValueOf(2),
	reflect.TypeFor[string]():        reflect.ValueOf("a3a4"),
	reflect.TypeFor[[]byte]():        reflect.ValueOf([]byte("a3a4")),
	reflect.TypeFor[dsq.Position]():  reflect.ValueOf(dsq.StartPosition()),
	reflect.TypeFor[dsq.Rules]():     reflect.ValueOf(dsq.Rules{MoveLimit: 200}),
}

// TestZeroValuesDoNotPanic calls every method of every exported type's zero
// value (through a pointer, so value and pointer methods alike), once with
// zero arguments and once with sample ones, each call on a fresh zero value.
func TestZeroValuesDoNotPanic(t *testing.T) {
	assert.Empty(t, zerowalk.Walk{Samples: sampleArgs}.Call(zeroValues))
}

// TestZeroValuesAnswer checks what the zero values answer: ready to use, or
// an error that says so.
func TestZeroValuesAnswer(t *testing.T) {
	t.Run("Game is a standard game from the start", func(t *testing.T) {
		var g dsq.Game
		assert.Equal(t, dsq.StartPosition(), g.Position())
		assert.Equal(t, dsq.StartPosition(), g.Start())
		assert.Equal(t, dsq.Standard, g.Rules())
		assert.Len(t, g.LegalMoves(), 24)
		assert.False(t, g.IsOver())
		assert.ErrorIs(t, g.Undo(), dsq.ErrNothingToUndo)
		data, err := json.Marshal(g)
		require.NoError(t, err)
		assert.JSONEq(t, `{"start":"`+dsq.StartNotation+`","moves":[],"result":"*"}`, string(data))
		loaded, err := dsq.ParseRecord(g.Record())
		require.NoError(t, err)
		assert.Equal(t, g.Position(), loaded.Position())

		_, err = g.PlayText("a3a4")
		require.NoError(t, err)
		assert.Len(t, g.Moves(), 1)
		var fresh dsq.Game
		require.NoError(t, fresh.Resign(dsq.Red))
		assert.Equal(t, "blue wins: resignation", fresh.Outcome().String())
		var tagged dsq.Game
		require.NoError(t, tagged.SetTag("Event", "zero"))
		v, ok := tagged.Tag("Event")
		assert.True(t, ok)
		assert.Equal(t, "zero", v)
	})
	t.Run("Position is no position and says so", func(t *testing.T) {
		var p dsq.Position
		assert.True(t, p.IsZero())
		assert.False(t, dsq.StartPosition().IsZero())
		assert.Empty(t, p.LegalMoves())
		assert.Zero(t, p.CountLegalMoves())
		assert.ErrorIs(t, p.CheckMove(dsq.NewMove(dsq.A3, dsq.A4)), dsq.ErrGameOver)
		assert.ErrorIs(t, p.Play(dsq.NewMove(dsq.A3, dsq.A4)), dsq.ErrGameOver)
		assert.Equal(t, p, dsq.Position{}, "a refused move changes nothing")
		for c := dsq.Red; c <= dsq.Blue; c++ {
			for a := range dsq.Animal(dsq.NumAnimals) {
				_, ok := p.SquareOf(c, a)
				assert.False(t, ok, "no %s %s on an empty board", c, a)
				assert.Zero(t, p.Pieces(c, a))
			}
			assert.Zero(t, p.Occupied(c), "no %s pieces", c)
		}
		assert.Equal(t, dsq.Outcome{Reason: dsq.NoPieces, Winner: dsq.Blue}, p.Outcome(), "Red has no pieces")
		assert.Equal(t, "", p.String())
		text, err := p.MarshalText()
		require.NoError(t, err)
		assert.Empty(t, text)
		back := dsq.StartPosition()
		require.NoError(t, back.UnmarshalText(text))
		assert.True(t, back.IsZero())
		_, err = dsq.NewGameFrom(p)
		assert.ErrorIs(t, err, dsq.ErrNotAPosition)
		assert.Nil(t, p.DenThreats(dsq.Red))
		assert.Nil(t, p.DenDefences())
	})
	t.Run("Setup fails Validate", func(t *testing.T) {
		var s dsq.Setup
		err := s.Validate()
		assert.ErrorIs(t, err, dsq.ErrCounter)
		var pe *dsq.PositionError
		assert.ErrorAs(t, err, &pe)
	})
	t.Run("errors still read", func(t *testing.T) {
		for _, err := range []error{&dsq.ParseError{}, &dsq.PositionError{}, &dsq.MoveError{}, &dsq.RecordError{}} {
			assert.True(t, strings.HasPrefix(err.Error(), "doushouqi: "), err.Error())
		}
	})
	t.Run("PerftConfig and PerftTable", func(t *testing.T) {
		start := dsq.StartPosition()
		assert.Equal(t, uint64(12240), dsq.PerftConfig{}.Perft(start, 3))
		assert.Equal(t, uint64(12240), dsq.PerftConfig{Table: &dsq.PerftTable{}}.Perft(start, 3))
	})
	t.Run("plain values", func(t *testing.T) {
		assert.Equal(t, dsq.Standard, dsq.Rules{})
		assert.False(t, dsq.Outcome{}.IsDecided())
		assert.Equal(t, dsq.NoMove, dsq.Move(0))
		assert.Equal(t, "0000", dsq.Move(0).String())
		assert.Equal(t, dsq.NoPiece, dsq.Piece(0))
		assert.Equal(t, dsq.Red, dsq.Color(0))
		assert.Equal(t, dsq.A1, dsq.Square(0))
		assert.Equal(t, dsq.NoPiece, dsq.Undo{}.Captured())
	})
}
