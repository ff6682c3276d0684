package endgame_test

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/endgame"
)

// generate returns the tables of ms (and what they need) under rules.
func generate(t testing.TB, rules dsq.Rules, ms ...endgame.Material) *endgame.Tables {
	t.Helper()
	ts, err := endgame.NewTables(rules)
	require.NoError(t, err)
	require.NoError(t, ts.Generate(ms, endgame.Options{}))
	return ts
}

func mustMaterial(t testing.TB, s string) endgame.Material {
	t.Helper()
	m, err := endgame.ParseMaterial(s)
	require.NoError(t, err)
	return m
}

// placements calls f with every position of material m with both sides to
// move (the no-capture count 0) that the library accepts and in which no
// piece stands in a den.
func placements(t testing.TB, m endgame.Material, rules dsq.Rules, f func(pos dsq.Position)) {
	t.Helper()
	pieces := m.Pieces()
	var s dsq.Setup
	s.MoveNumber, s.Rules = 1, rules
	var place func(k int)
	place = func(k int) {
		if k == len(pieces) {
			for _, side := range []dsq.Color{dsq.Red, dsq.Blue} {
				s.SideToMove = side
				if pos, err := dsq.NewPosition(s); err == nil && pos.Outcome().Reason != dsq.DenEntered {
					f(pos)
				}
			}
			return
		}
		for sq := dsq.Square(0); sq < dsq.NumSquares; sq++ {
			if s.Board[sq] != dsq.NoPiece || dsq.Dens.Has(sq) {
				continue
			}
			s.Board[sq] = pieces[k]
			place(k + 1)
			s.Board[sq] = dsq.NoPiece
		}
	}
	place(0)
}

// randomPosition returns a random position of m with no piece in a den.
func randomPosition(rng *rand.Rand, m endgame.Material, rules dsq.Rules) dsq.Position {
	for {
		var s dsq.Setup
		s.MoveNumber, s.Rules = 1, rules
		s.SideToMove = dsq.Color(rng.IntN(2))
		for _, p := range m.Pieces() {
			for {
				sq := dsq.Square(rng.IntN(dsq.NumSquares))
				if s.Board[sq] == dsq.NoPiece && !dsq.Dens.Has(sq) {
					s.Board[sq] = p
					break
				}
			}
		}
		if pos, err := dsq.NewPosition(s); err == nil {
			return pos
		}
	}
}

func withCount(t testing.TB, pos dsq.Position, c int) dsq.Position {
	t.Helper()
	s := pos.Setup()
	s.NoCaptureHalfMoves = c
	p, err := dsq.NewPosition(s)
	require.NoError(t, err)
	return p
}

// TestGenerateRefusesUnsolvableMaterials: a material with a side bare or
// too many pieces, and rules that cannot be played, are errors that add
// nothing.
func TestGenerateRefusesUnsolvableMaterials(t *testing.T) {
	_, err := endgame.NewTables(dsq.Rules{MoveLimit: -5})
	require.Error(t, err)
	ts, err := endgame.NewTables(dsq.Standard)
	require.NoError(t, err)
	require.ErrorIs(t, ts.Generate([]endgame.Material{{Red: 1}}, endgame.Options{}), endgame.ErrMaterial)
	require.ErrorIs(t, ts.Generate([]endgame.Material{{Red: 0x1F, Blue: 1}}, endgame.Options{}), endgame.ErrMaterial)
	require.Empty(t, ts.Materials())
}

// TestProbeAnswersOnlyForItsMaterialAndRules: Probe answers for a material
// it holds under its own rules, and false for a material it does not hold
// or a position under other rules.
func TestProbeAnswersOnlyForItsMaterialAndRules(t *testing.T) {
	ts, err := endgame.NewTables(dsq.Standard)
	require.NoError(t, err)
	_, ok := ts.Probe(dsq.StartPosition())
	require.False(t, ok)
	require.NoError(t, ts.Generate([]endgame.Material{mustMaterial(t, "Rvr")}, endgame.Options{}))
	pos, err := dsq.ParsePosition("7/7/7/7/3r3/7/7/7/R6 r 0 1")
	require.NoError(t, err)
	_, ok = ts.Probe(pos)
	require.True(t, ok)
	house, err := pos.WithRules(dsq.Rules{TrappedCapture: true})
	require.NoError(t, err)
	_, ok = ts.Probe(house)
	require.False(t, ok, "a position under other rules")
}

// TestProbeAnswersNothingForWhatIsNotAPosition: the zero Position (what an
// ignored parse error leaves) and positions the library's validation
// refuses, made by MakeMove given illegal moves, get no value from the set,
// from BestMoves and Verdict, or from a table, while the same material's
// real positions do.
func TestProbeAnswersNothingForWhatIsNotAPosition(t *testing.T) {
	ts := generate(t, dsq.Standard, mustMaterial(t, "Evr"), mustMaterial(t, "Rvr"))
	made := func(fen string, moves ...string) dsq.Position {
		t.Helper()
		pos, err := dsq.ParsePosition(fen)
		require.NoError(t, err)
		_, ok := ts.Probe(pos)
		require.True(t, ok, "the position before %v: %v", moves, pos)
		for _, s := range moves {
			m, err := dsq.ParseMove(s)
			require.NoError(t, err)
			pos.MakeMove(m)
		}
		return pos
	}
	garbled, _ := dsq.ParsePosition("not a position") // an ignored error leaves the zero value
	for name, pos := range map[string]dsq.Position{
		"zero":                {},
		"ignored parse error": garbled,
		"elephant in water":   made("6r/7/7/7/7/E6/7/7/7 r 0 1", "a4b4"),
		"elephant in its den": made("6r/7/7/7/7/7/7/3E3/7 r 0 1", "d2d1"),
		"rat in its den":      made("6R/3r3/7/7/7/7/7/7/7 b 0 1", "d8d9"),
		"pieces in both dens": made("7/3R3/7/7/7/7/7/3r3/7 r 0 1", "d8d9", "d2d1"),
	} {
		require.Error(t, pos.Setup().Validate(), "%s: the library's validation accepts %v", name, pos)
		v, ok := ts.Probe(pos)
		assert.False(t, ok, "%s: Probe = %v", name, v)
		_, _, ok = ts.BestMoves(pos)
		assert.False(t, ok, "%s: BestMoves", name)
		_, ok = ts.Verdict(pos)
		assert.False(t, ok, "%s: Verdict", name)
		for _, m := range ts.Materials() {
			_, ok = ts.Table(m).Probe(pos)
			assert.False(t, ok, "%s: the table of %v", name, m)
		}
	}
}

// TestNilTablesAnswerNothing: every method of a nil *Tables returns without
// a panic: probes answer false, lookups nothing, and what would add, solve,
// load or check tables returns ErrNoTables.
func TestNilTablesAnswerNothing(t *testing.T) {
	var ts *endgame.Tables
	pos, err := dsq.ParsePosition("7/7/7/7/r5E/7/7/7/7 r 0 1")
	require.NoError(t, err)
	m := mustMaterial(t, "Evr")
	_, ok := ts.Probe(pos)
	assert.False(t, ok)
	_, ok = ts.Probe(dsq.Position{})
	assert.False(t, ok)
	best, _, ok := ts.BestMoves(pos)
	assert.False(t, ok)
	assert.Empty(t, best)
	_, ok = ts.Verdict(pos)
	assert.False(t, ok)
	assert.Nil(t, ts.Table(m))
	assert.Empty(t, ts.Materials())
	assert.Equal(t, dsq.Standard, ts.Rules())
	assert.NoError(t, ts.Close())
	dir := t.TempDir()
	assert.ErrorIs(t, ts.Generate([]endgame.Material{m}, endgame.Options{}), endgame.ErrNoTables)
	assert.ErrorIs(t, ts.Add(generate(t, dsq.Standard, m).Table(m)), endgame.ErrNoTables)
	assert.ErrorIs(t, ts.Load(dir, m), endgame.ErrNoTables)
	assert.ErrorIs(t, ts.LoadDir(dir), endgame.ErrNoTables)
	assert.ErrorIs(t, ts.Verify(m, endgame.Options{}), endgame.ErrNoTables)
}

// TestZeroTablesIsAnEmptyStandardSet: the zero Tables holds nothing and
// refuses what is not a table; it takes a standard table and probes it.
func TestZeroTablesIsAnEmptyStandardSet(t *testing.T) {
	pos, err := dsq.ParsePosition("7/7/7/7/r5E/7/7/7/7 r 0 1")
	require.NoError(t, err)
	var ts endgame.Tables
	_, ok := ts.Probe(pos)
	assert.False(t, ok)
	_, _, ok = ts.BestMoves(pos)
	assert.False(t, ok)
	_, ok = ts.Verdict(pos)
	assert.False(t, ok)
	assert.Empty(t, ts.Materials())
	var table endgame.Table
	assert.Error(t, ts.Add(nil))
	assert.Error(t, ts.Add(&table))

	m := mustMaterial(t, "Evr")
	require.NoError(t, ts.Add(generate(t, dsq.Standard, m).Table(m)))
	v, ok := ts.Probe(pos)
	assert.True(t, ok)
	assert.Equal(t, endgame.Win, v.Result, "the value of %v", pos)
}

// TestZeroTablesLoadsFiles: the zero Tables reads standard table files.
func TestZeroTablesLoadsFiles(t *testing.T) {
	m := mustMaterial(t, "Evr")
	dir := t.TempDir()
	require.NoError(t, generate(t, dsq.Standard, m).Table(m).WriteFile(dir))
	var ts endgame.Tables
	require.NoError(t, ts.LoadDir(dir))
	require.Equal(t, []endgame.Material{m}, ts.Materials())
	var again endgame.Tables
	require.NoError(t, again.Load(dir, m))
	require.Equal(t, []endgame.Material{m}, again.Materials())
	require.NoError(t, ts.Close())
	require.NoError(t, again.Close())
}

// TestProbeAllocations: probing allocates nothing.
func TestProbeAllocations(t *testing.T) {
	ts := generate(t, dsq.Standard, mustMaterial(t, "Evr"))
	pos, err := dsq.ParsePosition("7/7/7/7/r5E/7/7/7/7 r 0 1")
	require.NoError(t, err)
	allocs := testing.AllocsPerRun(100, func() {
		if _, ok := ts.Probe(pos); !ok {
			t.Fatal("no value")
		}
	})
	require.Zero(t, allocs)
	// Nor does probing a table read from a file, mapped or not.
	dir := t.TempDir()
	for _, m := range ts.Materials() {
		require.NoError(t, ts.Table(m).WriteFile(dir))
	}
	forEachBacking(t, func(t *testing.T, mapped bool) {
		back, err := endgame.Open(dir, dsq.Standard)
		require.NoError(t, err)
		defer back.Close()
		allocs := testing.AllocsPerRun(100, func() {
			if _, ok := back.Probe(pos); !ok {
				t.Fatal("no value")
			}
		})
		require.Zero(t, allocs)
	})
}
