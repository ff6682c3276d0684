package endgame_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/endgame"
	"github.com/stretchr/testify/require"
)

// TestFileRoundTrip: tables written and read back probe the same, under
// standard and house rules, one-byte and two-byte entries.
func TestFileRoundTrip(t *testing.T) {
	for _, rules := range []dsq.Rules{dsq.Standard, {TrappedCapture: true, SwapDogWolf: true, MoveLimit: 200}, {MoveLimit: dsq.NoMoveLimit}} {
		m := mustMaterial(t, "Evr")
		ts := generate(t, rules, m)
		dir := t.TempDir()
		for _, mm := range ts.Materials() {
			require.NoError(t, ts.Table(mm).WriteFile(dir))
		}
		back, err := endgame.Open(dir, rules)
		require.NoError(t, err)
		require.Equal(t, ts.Materials(), back.Materials())
		placements(t, m, rules, func(pos dsq.Position) {
			a, okA := ts.Probe(pos)
			b, okB := back.Probe(pos)
			require.True(t, okA && okB)
			require.Equal(t, a, b, "%v", pos)
		})
		// Load reads only what it is asked for, and skips what is missing.
		some, err := endgame.NewTables(rules)
		require.NoError(t, err)
		require.NoError(t, some.Load(dir, m, mustMaterial(t, "LTve")))
		require.Equal(t, []endgame.Material{m}, some.Materials())
		// Tables of other rules are refused, and nothing is added.
		other, err := endgame.NewTables(dsq.Rules{MoveLimit: 30})
		require.NoError(t, err)
		require.ErrorIs(t, other.LoadDir(dir), endgame.ErrFormat)
		require.ErrorIs(t, other.Load(dir, m), endgame.ErrFormat)
		require.Empty(t, other.Materials())
	}
}

// TestFileCorrupt: every damaged file is refused with ErrFormat.
func TestFileCorrupt(t *testing.T) {
	ts := generate(t, dsq.Standard, mustMaterial(t, "Cvr"))
	var buf bytes.Buffer
	_, err := ts.Table(mustMaterial(t, "Cvr")).WriteTo(&buf)
	require.NoError(t, err)
	good := buf.Bytes()
	_, err = endgame.ReadTable(bytes.Clone(good))
	require.NoError(t, err)
	for name, damage := range map[string]func(b []byte) []byte{
		"empty":        func(b []byte) []byte { return nil },
		"magic":        func(b []byte) []byte { b[0] = 'X'; return b },
		"version":      func(b []byte) []byte { b[8] = 9; return b },
		"entry":        func(b []byte) []byte { b[len(b)-100] ^= 1; return b },
		"header crc":   func(b []byte) []byte { b[32] ^= 1; return b },
		"truncated":    func(b []byte) []byte { return b[:len(b)-1] },
		"extra":        func(b []byte) []byte { return append(b, 0) },
		"short header": func(b []byte) []byte { return b[:40] },
	} {
		_, err := endgame.ReadTable(damage(bytes.Clone(good)))
		require.ErrorIs(t, err, endgame.ErrFormat, name)
	}
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "Cvr.egtb"), good[:len(good)-3], 0o644))
	back, _ := endgame.NewTables(dsq.Standard)
	err = back.LoadDir(dir)
	require.True(t, errors.Is(err, endgame.ErrFormat), "%v", err)
	require.Empty(t, back.Materials())
}

func TestParseMaterial(t *testing.T) {
	for _, tc := range []struct {
		in, want string
		ok       bool
	}{
		{"Evcr", "Evcr", true},
		{"Evrc", "Evcr", true},
		{"RCve", "CRve", true},
		{"LTver", "LTver", true},
		{"Rvr", "Rvr", true},
		{"", "", false},
		{"E", "", false},
		{"ve", "", false},
		{"Ev", "", false},
		{"EvE", "", false},
		{"evr", "", false},
		{"EEvr", "", false},
		{"ELTvrc", "", false},
		{"Xvr", "", false},
		{"Evr ", "", false},
	} {
		m, err := endgame.ParseMaterial(tc.in)
		if !tc.ok {
			require.ErrorIs(t, err, endgame.ErrMaterial, "ParseMaterial(%q)", tc.in)
			continue
		}
		require.NoError(t, err, "ParseMaterial(%q)", tc.in)
		require.Equal(t, tc.want, m.String(), "ParseMaterial(%q)", tc.in)
	}
}

func TestMaterialLists(t *testing.T) {
	require.Len(t, endgame.AllMaterials(2), 64)
	require.Len(t, endgame.AllMaterials(3), 64+2*28*8)
	c := endgame.Closure(mustMaterial(t, "LTver"))
	names := map[string]bool{}
	for _, m := range c {
		names[m.String()] = true
	}
	// Captures: every 3-piece and 2-piece material with a piece on each side.
	require.Equal(t, map[string]bool{"LTver": true, "LTve": true, "LTvr": true, "Tver": true, "Lver": true,
		"Lve": true, "Tve": true, "Lvr": true, "Tvr": true}, names)
	require.Equal(t, "LTver", c[len(c)-1].String())
}

// TestRefusals: unsolvable materials, bad rules and mismatched positions
// are errors or a false, never a panic, and change nothing.
func TestRefusals(t *testing.T) {
	_, err := endgame.NewTables(dsq.Rules{MoveLimit: -5})
	require.Error(t, err)
	ts, err := endgame.NewTables(dsq.Standard)
	require.NoError(t, err)
	require.ErrorIs(t, ts.Generate([]endgame.Material{{Red: 1}}, endgame.Options{}), endgame.ErrMaterial)
	require.ErrorIs(t, ts.Generate([]endgame.Material{{Red: 0x1F, Blue: 1}}, endgame.Options{}), endgame.ErrMaterial)
	require.Empty(t, ts.Materials())
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
	_, ok = ts.Table(mustMaterial(t, "Rvr")).Probe(withCount(t, pos, 3))
	require.True(t, ok)
	other, _ := dsq.ParsePosition("7/7/7/7/3c3/7/7/7/R6 r 0 1")
	_, ok = ts.Table(mustMaterial(t, "Rvr")).Probe(other)
	require.False(t, ok, "a position of another material")
}
