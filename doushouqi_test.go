package doushouqi_test

import (
	"encoding/json"
	"reflect"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/internal/longtest"
	"github.com/doushouqi/doushouqi/internal/zerowalk"
)

// TestReadsChainOnValues keeps the read API usable on values that are not
// addressable: results of calls, map values, struct fields of values. The
// chains below do not compile with pointer receivers on read methods.
func TestReadsChainOnValues(t *testing.T) {
	g := dsq.NewGame()
	assert.Len(t, g.Position().LegalMoves(), 24)
	assert.False(t, dsq.StartPosition().Outcome().IsDecided())
	assert.Equal(t, dsq.Standard, g.Position().Rules())
	assert.Equal(t, dsq.Red, g.Position().SideToMove())
	assert.True(t, g.Position().IsLegal(dsq.NewMove(dsq.A3, dsq.A4)))
	assert.Equal(t, 3, g.Position().LegalTargets(dsq.A3).Count()) // the rat: a2, a4, b3
	assert.Equal(t, dsq.StartNotation, dsq.StartPosition().String())

	positions := map[string]dsq.Position{"start": dsq.StartPosition()}
	assert.Len(t, positions["start"].LegalMoves(), 24)
	assert.Equal(t, 24, positions["start"].CountLegalMoves())
	assert.NoError(t, positions["start"].CheckMove(dsq.NewMove(dsq.A3, dsq.A4)))
	assert.Empty(t, positions["start"].DenThreats(dsq.Red))

	type room struct {
		Game dsq.Game
		Pos  dsq.Position
	}
	rooms := map[string]room{"a": {Pos: dsq.StartPosition()}}
	assert.Len(t, rooms["a"].Pos.LegalMoves(), 24)
	assert.Len(t, rooms["a"].Game.LegalMoves(), 24)
	assert.Equal(t, dsq.StartPosition(), rooms["a"].Game.Position())
	assert.Contains(t, rooms["a"].Game.Record(), `[Result "*"]`)
	assert.False(t, rooms["a"].Game.IsOver())
	games := map[int]dsq.Game{1: {}}
	assert.True(t, games[1].IsLegal(dsq.NewMove(dsq.A3, dsq.A4)))
	assert.Equal(t, 3, games[1].LegalTargets(dsq.A3).Count())
}

// Values past the named ones: colours that are not sides, animals past the
// elephant, squares off the board, pieces that are not pieces.
var (
	badColors  = []dsq.Color{dsq.NoColor, 3, 9, 255}
	badAnimals = []dsq.Animal{dsq.NoAnimal, 9, 42, 99, 255}
	badSquares = []dsq.Square{dsq.NoSquare, 64, 70, 200, 255}
	badPieces  = []dsq.Piece{dsq.NoPiece, 17, 32, 40, 255}
)

// TestOutOfRangeValues walks every exported function and method that takes
// a Color, an Animal, a Square or a Piece with values out of range: each
// answers with the documented none value (NoPiece, NoColor, NoAnimal,
// NoSquare, NoMove, NoTerrain, an empty set, 0 or -1) or an error, never
// with a valid value.
func TestOutOfRangeValues(t *testing.T) {
	start := dsq.StartPosition()
	g := dsq.NewGame()
	for _, c := range badColors {
		assert.Equal(t, dsq.NoColor, c.Other(), "Color(%d).Other()", c)
		assert.Equal(t, "none", c.String())
		_, err := c.MarshalText()
		assert.ErrorIs(t, err, dsq.ErrBadColor)
		assert.Equal(t, dsq.NoPiece, dsq.NewPiece(c, dsq.Lion), "NewPiece(Color(%d), Lion)", c)
		assert.Zero(t, dsq.DenOf(c), "DenOf(Color(%d))", c)
		assert.Zero(t, dsq.TrapsOf(c), "TrapsOf(Color(%d))", c)
		assert.Equal(t, dsq.NoTerrain, dsq.TerrainOf(dsq.D1, c), "TerrainOf(d1, Color(%d))", c)
		assert.Zero(t, start.Occupied(c), "Occupied(Color(%d))", c)
		assert.Zero(t, start.Pieces(c, dsq.Lion))
		_, ok := start.SquareOf(c, dsq.Lion)
		assert.False(t, ok)
		assert.Zero(t, start.Threatened(c))
		assert.Zero(t, start.Attackers(dsq.A7, c))
		assert.Zero(t, start.Controllers(dsq.D5, c, dsq.Rat))
		assert.Nil(t, start.DenThreats(c))
		assert.ErrorIs(t, g.Resign(c), dsq.ErrBadColor)
		assert.ErrorIs(t, g.OfferDraw(c), dsq.ErrBadColor)
		assert.ErrorIs(t, g.AcceptDraw(c), dsq.ErrBadColor)
		assert.ErrorIs(t, g.DeclineDraw(c), dsq.ErrBadColor)
		assert.ErrorIs(t, dsq.Setup{SideToMove: c, MoveNumber: 1}.Validate(), dsq.ErrSide)
	}
	assert.False(t, g.IsOver(), "refused calls change nothing")
	assert.Equal(t, dsq.Blue, dsq.Red.Other())
	assert.Equal(t, dsq.Red, dsq.Blue.Other())

	for _, a := range badAnimals {
		assert.Zero(t, a.Rank(), "Animal(%d).Rank()", a)
		assert.Zero(t, dsq.Standard.Rank(a), "Standard.Rank(Animal(%d))", a)
		assert.Zero(t, dsq.Rules{SwapDogWolf: true}.Rank(a))
		assert.Equal(t, "none", a.String())
		_, err := a.MarshalText()
		assert.Error(t, err)
		assert.Equal(t, dsq.NoPiece, dsq.NewPiece(dsq.Blue, a), "NewPiece(Blue, Animal(%d))", a)
		assert.Zero(t, start.Pieces(dsq.Red, a))
		_, ok := start.SquareOf(dsq.Red, a)
		assert.False(t, ok)
		assert.Zero(t, start.Controllers(dsq.D5, dsq.Red, a))
	}
	assert.Equal(t, dsq.NoPiece, dsq.NewPiece(dsq.Color(9), dsq.Animal(99)), "not the blue wolf")
	assert.Equal(t, "none", dsq.NewPiece(dsq.Color(9), dsq.Animal(99)).String())
	assert.Zero(t, dsq.Standard.Rank(dsq.Animal(42)), "not 43")

	for _, sq := range badSquares {
		assert.Equal(t, -1, sq.File(), "Square(%d).File()", sq)
		assert.Equal(t, -1, sq.Rank(), "Square(%d).Rank()", sq)
		assert.Equal(t, dsq.NoSquare, dsq.SquareAt(sq.File(), sq.Rank()))
		assert.False(t, sq.IsValid())
		assert.Zero(t, sq.Bitboard())
		assert.Equal(t, "-", sq.String())
		assert.Equal(t, dsq.NoMove, dsq.NewMove(sq, dsq.A4), "NewMove(Square(%d), a4)", sq)
		assert.Equal(t, dsq.NoMove, dsq.NewMove(dsq.A3, sq), "NewMove(a3, Square(%d))", sq)
		assert.Equal(t, dsq.NoTerrain, dsq.TerrainOf(sq, dsq.Red))
		assert.Equal(t, dsq.NoPiece, start.PieceAt(sq))
		assert.Zero(t, start.LegalTargets(sq))
		assert.Zero(t, g.LegalTargets(sq))
		assert.Zero(t, start.Attackers(sq, dsq.Red))
		assert.Zero(t, start.Controllers(sq, dsq.Red, dsq.Rat))
		_, ok := start.RiverJump(sq, dsq.Up)
		assert.False(t, ok)
		_, ok = dsq.JumpPath(sq, dsq.A4)
		assert.False(t, ok)
		assert.False(t, dsq.Full.Has(sq))
	}
	for _, p := range badPieces {
		assert.Equal(t, dsq.NoColor, p.Color(), "Piece(%d).Color()", p)
		assert.Equal(t, dsq.NoAnimal, p.Animal(), "Piece(%d).Animal()", p)
		assert.False(t, p.IsValid())
		assert.Equal(t, byte('.'), p.Letter())
		assert.Equal(t, "none", p.String())
	}
	// A Move with bits above its two squares (an int converted without
	// NewMove) is no move: a3a4 with bit 12, 14 or 15 set is refused in a
	// position where a3a4 is legal, and the position is unchanged.
	for _, high := range []dsq.Move{1 << 12, 1 << 14, 0xf000} {
		m := dsq.NewMove(dsq.A3, dsq.A4) | high
		assert.Equal(t, "0000", m.String(), "Move(%#x)", uint16(m))
		assert.False(t, start.IsLegal(m), "IsLegal(%#x)", uint16(m))
		pos := start
		err := pos.Play(m)
		assert.ErrorIs(t, err, dsq.ErrEmptySquare, "Play(%#x)", uint16(m))
		assert.Contains(t, err.Error(), "is not a move: bits above its two squares are set")
		assert.Equal(t, start, pos, "a refused move changes nothing")
		assert.Error(t, g.Play(m))
		_, err = m.MarshalText()
		assert.Error(t, err, "MarshalText(%#x)", uint16(m))
	}
	assert.Empty(t, g.Moves())
	// The named values still answer as before.
	assert.Equal(t, dsq.Blue, dsq.NewPiece(dsq.Blue, dsq.Wolf).Color())
	assert.Equal(t, dsq.Wolf, dsq.NewPiece(dsq.Blue, dsq.Wolf).Animal())
	assert.Equal(t, 8, dsq.Elephant.Rank())
	assert.Equal(t, 6, dsq.G9.File())
	assert.Equal(t, 8, dsq.G9.Rank())
	assert.Equal(t, dsq.Move(dsq.A3)|dsq.Move(dsq.A4)<<6, dsq.NewMove(dsq.A3, dsq.A4))
}

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
	"Refusal":       new(dsq.Refusal),
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

// How much the slow checks check (the perft suite's counts, the agreement
// with the mailbox reference, the make/unmake walks, the perft
// configurations) is decided here and nowhere else, in three sizes:
//
//   - deep, with DSQ_LONG=1 (internal/longtest) and without -short: every
//     count in testdata/ to its deepest, 100,000 agreement positions. CI runs
//     this size.
//   - standard, the default (and under -short): a few seconds on one core,
//     so that go test answers after every change.
//   - quick, under the race detector or the mutation build tag, whatever
//     DSQ_LONG says: the race detector makes one-goroutine tests 5-10x slower
//     and finds nothing in them, and a mutation run runs the suite once per
//     mutant.
//
// What each size checks:
//
//	                                     quick    standard  deep
//	agreement positions (each test)      2,000    20,000    100,000
//	perft suite depths                   <= 5     <= 5      all
//	reference perft counts, nodes        <= 2M    <= 2M     <= -ref-nodes (10M)
//	perft configurations, nodes          <= 30k   <= 300k   <= 3M
//	make/unmake walks, depth             3        4         4 (the start: one less)
type suiteSize int

const (
	quickSuite suiteSize = iota
	standardSuite
	deepSuite
)

// raceOrMutation reports whether the test binary was built with -race or
// with the mutation build tag, as its build information records.
var raceOrMutation = sync.OnceValue(func() bool {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return false
	}
	for _, s := range info.Settings {
		switch s.Key {
		case "-race":
			if s.Value == "true" {
				return true
			}
		case "-tags":
			if slices.Contains(strings.Split(s.Value, ","), "mutation") {
				return true
			}
		}
	}
	return false
})

// sizeOfSuite is the size of this run of the suite.
func sizeOfSuite() suiteSize {
	switch {
	case raceOrMutation():
		return quickSuite
	case longtest.Enabled() && !testing.Short():
		return deepSuite
	}
	return standardSuite
}

// sized picks the value for this run's size.
func sized[T any](quick, standard, deep T) T {
	switch sizeOfSuite() {
	case quickSuite:
		return quick
	case deepSuite:
		return deep
	}
	return standard
}

func TestSuiteSizeFollowsTheSwitch(t *testing.T) {
	if raceOrMutation() {
		assert.Equal(t, "quick", sized("quick", "standard", "deep"))
		return
	}
	t.Setenv(longtest.Var, "")
	assert.Equal(t, "standard", sized("quick", "standard", "deep"))
	t.Setenv(longtest.Var, "1")
	want := "deep"
	if testing.Short() {
		want = "standard"
	}
	assert.Equal(t, want, sized("quick", "standard", "deep"))
}

// TestCanJumpIsWhoJumps: an animal may jump the river exactly when
// CanJump says so, under every house rule, and nothing that is not an
// animal jumps.
func TestCanJumpIsWhoJumps(t *testing.T) {
	for _, rules := range []dsq.Rules{dsq.Standard, {TrappedCapture: true, SwapDogWolf: true, MoveLimit: dsq.NoMoveLimit, Threefold: true}} {
		for a := range dsq.Animal(dsq.NumAnimals) {
			// The animal on b3 faces the river; b7 is the far bank.
			s := dsq.Setup{SideToMove: dsq.Red, MoveNumber: 1, Rules: rules}
			s.Board[dsq.B3], s.Board[dsq.G9] = dsq.NewPiece(dsq.Red, a), dsq.NewPiece(dsq.Blue, dsq.Rat)
			pos, err := dsq.NewPosition(s)
			require.NoError(t, err)
			assert.Equal(t, a.CanJump(), pos.IsLegal(dsq.NewMove(dsq.B3, dsq.B7)), "%s under %s", a, rules)
		}
	}
	assert.False(t, dsq.NoAnimal.CanJump())
	assert.False(t, dsq.Animal(200).CanJump())
}
