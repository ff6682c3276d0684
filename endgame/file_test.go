package endgame_test

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/endgame"
	"github.com/stretchr/testify/require"
)

// forEachBacking runs f with table files mapped into memory (where the
// system maps them) and with them read into the heap.
func forEachBacking(t *testing.T, f func(t *testing.T, mapped bool)) {
	t.Helper()
	for _, mapped := range []bool{true, false} {
		name := "heap"
		if mapped {
			name = "mmap"
		}
		t.Run(name, func(t *testing.T) {
			defer endgame.SetMapFiles(mapped)()
			f(t, mapped && mapsFiles)
		})
	}
}

// TestFileRoundTrip: tables written and read back probe the same, under
// standard and house rules, one-byte and two-byte entries, mapped or in
// the heap.
func TestFileRoundTrip(t *testing.T) {
	forEachBacking(t, testFileRoundTrip)
}

func testFileRoundTrip(t *testing.T, mapped bool) {
	for _, rules := range []dsq.Rules{dsq.Standard, {TrappedCapture: true, SwapDogWolf: true, MoveLimit: 200}, {MoveLimit: dsq.NoMoveLimit}} {
		m := mustMaterial(t, "Evr")
		ts := generate(t, rules, m)
		dir := t.TempDir()
		for _, mm := range ts.Materials() {
			require.NoError(t, ts.Table(mm).WriteFile(dir))
		}
		back, err := endgame.Open(dir, rules)
		require.NoError(t, err)
		defer back.Close()
		require.Equal(t, ts.Materials(), back.Materials())
		require.Equal(t, mapped, endgame.IsMapped(back.Table(m)), "table of %v mapped", m)
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
		require.NoError(t, some.Close())
		// Tables of other rules are refused, and nothing is added.
		other, err := endgame.NewTables(dsq.Rules{MoveLimit: 30})
		require.NoError(t, err)
		require.ErrorIs(t, other.LoadDir(dir), endgame.ErrFormat)
		require.ErrorIs(t, other.Load(dir, m), endgame.ErrFormat)
		require.Empty(t, other.Materials())
	}
}

// TestFileCorrupt: every damaged file is refused with ErrFormat, as bytes
// and on disk, mapped or in the heap.
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
	forEachBacking(t, func(t *testing.T, mapped bool) {
		for name, tc := range map[string]struct {
			damage func(b []byte) []byte
			want   string // in the error's text
		}{
			"empty":     {func(b []byte) []byte { return nil }, "not a table file"},
			"header":    {func(b []byte) []byte { return b[:64] }, "0 bytes, want"},
			"entry":     {func(b []byte) []byte { b[len(b)-100] ^= 1; return b }, "entries checksum mismatch"},
			"first":     {func(b []byte) []byte { b[64] ^= 0x80; return b }, "entries checksum mismatch"},
			"truncated": {func(b []byte) []byte { return b[:len(b)-3] }, "want"},
			"extra":     {func(b []byte) []byte { return append(b, 0) }, "want"},
			"magic":     {func(b []byte) []byte { b[3] = 'X'; return b }, "not a table file"},
		} {
			dir := t.TempDir()
			path := filepath.Join(dir, "Cvr.egtb")
			require.NoError(t, os.WriteFile(path, tc.damage(bytes.Clone(good)), 0o644))
			_, err := endgame.ReadFile(path)
			require.ErrorIs(t, err, endgame.ErrFormat, name)
			require.ErrorContains(t, err, path, name)
			require.ErrorContains(t, err, tc.want, name)
			back, _ := endgame.NewTables(dsq.Standard)
			err = back.LoadDir(dir)
			require.True(t, errors.Is(err, endgame.ErrFormat), "%s: %v", name, err)
			require.Empty(t, back.Materials(), name)
		}
		// A directory with the name of a table file is no table.
		dir := t.TempDir()
		require.NoError(t, os.Mkdir(filepath.Join(dir, "Cvr.egtb"), 0o755))
		_, err := endgame.ReadFile(filepath.Join(dir, "Cvr.egtb"))
		require.ErrorIs(t, err, endgame.ErrFormat)
		// A good file after a bad one: what was read is released, nothing added.
		require.NoError(t, os.Remove(filepath.Join(dir, "Cvr.egtb")))
		require.NoError(t, os.WriteFile(filepath.Join(dir, "Cvr.egtb"), good, 0o644))
		require.NoError(t, os.WriteFile(filepath.Join(dir, "Rvr.egtb"), good[:100], 0o644))
		back, _ := endgame.NewTables(dsq.Standard)
		require.ErrorIs(t, back.Load(dir, mustMaterial(t, "Cvr"), mustMaterial(t, "Rvr")), endgame.ErrFormat)
		require.Empty(t, back.Materials())
	})
}

// TestFileClose: a closed table answers nothing, refuses to be written,
// added, verified or solved from, and closing twice is harmless; a closed
// set is empty. On Linux the mapping is gone from the process's maps.
func TestFileClose(t *testing.T) {
	forEachBacking(t, func(t *testing.T, mapped bool) {
		m := mustMaterial(t, "Evr")
		ts := generate(t, dsq.Standard, m)
		dir := t.TempDir()
		for _, mm := range ts.Materials() {
			require.NoError(t, ts.Table(mm).WriteFile(dir))
		}
		path := filepath.Join(dir, endgame.FileName(m))
		tab, err := endgame.ReadFile(path)
		require.NoError(t, err)
		require.Equal(t, mapped, endgame.IsMapped(tab))
		if runtime.GOOS == "linux" {
			require.Equal(t, mapped, inMaps(t, path), "%s in /proc/self/maps", path)
		}
		pos, err := dsq.ParsePosition("7/7/7/7/r5E/7/7/7/7 r 0 1")
		require.NoError(t, err)
		want, ok := ts.Probe(pos)
		require.True(t, ok)
		got, ok := tab.Probe(pos)
		require.True(t, ok)
		require.Equal(t, want, got)

		require.NoError(t, tab.Close())
		require.False(t, inMaps(t, path), "%s in /proc/self/maps after Close", path)
		_, ok = tab.Probe(pos)
		require.False(t, ok, "probe of a closed table")
		require.NoError(t, tab.Close(), "second Close")
		require.Zero(t, tab.Bytes())
		_, err = tab.WriteTo(io.Discard)
		require.ErrorIs(t, err, endgame.ErrClosed)
		require.ErrorIs(t, tab.WriteFile(t.TempDir()), endgame.ErrClosed)
		other, _ := endgame.NewTables(dsq.Standard)
		require.ErrorIs(t, other.Add(tab), endgame.ErrClosed)
		require.Equal(t, endgame.Stats{Material: m, LongestWin: [2]int{-1, -1}}, tab.Stats())

		// A set closes what it read; a closed child stops Verify and Generate.
		back, err := endgame.Open(dir, dsq.Standard)
		require.NoError(t, err)
		child := back.Table(mustMaterial(t, "Evr"))
		v, ok := back.Probe(pos)
		require.True(t, ok)
		require.Equal(t, want, v)
		require.NoError(t, child.Close())
		_, ok = back.Probe(pos)
		require.False(t, ok)
		require.ErrorIs(t, back.Verify(mustMaterial(t, "Evr"), endgame.Options{}), endgame.ErrClosed)
		require.ErrorIs(t, back.Generate([]endgame.Material{mustMaterial(t, "Evcr")}, endgame.Options{}), endgame.ErrClosed)
		require.NoError(t, back.Close())
		require.Empty(t, back.Materials())
		_, ok = back.Probe(pos)
		require.False(t, ok)
		require.False(t, inMaps(t, path), "%s in /proc/self/maps after Tables.Close", path)
		require.NoError(t, back.Close(), "second Close")
	})
}

// TestFileReplaced: a table file replaced while open, by a new file renamed
// over it as WriteFile does, leaves the open table with the old entries;
// opening it again reads the new ones.
func TestFileReplaced(t *testing.T) {
	forEachBacking(t, func(t *testing.T, mapped bool) {
		m := mustMaterial(t, "Lvt")
		short := dsq.Rules{MoveLimit: 4}
		long := dsq.Rules{MoveLimit: dsq.NoMoveLimit}
		a, b := generate(t, short, m), generate(t, long, m)
		dir := t.TempDir()
		require.NoError(t, a.Table(m).WriteFile(dir))
		path := filepath.Join(dir, endgame.FileName(m))
		old, err := endgame.ReadFile(path)
		require.NoError(t, err)
		defer old.Close()
		require.NoError(t, b.Table(m).WriteFile(dir))
		now, err := endgame.ReadFile(path)
		require.NoError(t, err)
		defer now.Close()
		require.Equal(t, long, now.Rules())
		differ := 0
		placements(t, m, short, func(pos dsq.Position) {
			want, _ := a.Probe(pos)
			got, ok := old.Probe(pos)
			require.True(t, ok)
			require.Equal(t, want, got, "%v", pos)
			lpos, err := pos.WithRules(long)
			require.NoError(t, err)
			want, _ = b.Probe(lpos)
			got, ok = now.Probe(lpos)
			require.True(t, ok)
			require.Equal(t, want, got, "%v", lpos)
			if v, _ := old.Probe(pos); v != got {
				differ++
			}
		})
		require.Positive(t, differ, "the two files hold the same values")
	})
}

// TestFileTruncatedInPlace: a file truncated in place while open (as cp
// over it would) does not crash a probe: a mapped table answers nothing for
// the lost pages, a table in the heap still answers.
func TestFileTruncatedInPlace(t *testing.T) {
	forEachBacking(t, func(t *testing.T, mapped bool) {
		m := mustMaterial(t, "Evr")
		ts := generate(t, dsq.Standard, m)
		dir := t.TempDir()
		require.NoError(t, ts.Table(m).WriteFile(dir))
		path := filepath.Join(dir, endgame.FileName(m))
		tab, err := endgame.ReadFile(path)
		require.NoError(t, err)
		defer tab.Close()
		require.NoError(t, os.Truncate(path, 64))
		lost, kept := 0, 0
		placements(t, m, dsq.Standard, func(pos dsq.Position) {
			v, ok := tab.Probe(pos)
			if !ok {
				lost++
				return
			}
			kept++
			want, _ := ts.Probe(pos)
			require.Equal(t, want, v, "%v", pos)
		})
		if mapped {
			require.Positive(t, lost, "probes of a truncated mapped file that answered")
		} else {
			require.Zero(t, lost)
		}
		require.Positive(t, kept+lost)
	})
}

// inMaps reports whether path is mapped into this process (on Linux; false
// elsewhere, where the tests expect no mapping to show).
func inMaps(t *testing.T, path string) bool {
	t.Helper()
	if runtime.GOOS != "linux" {
		return false
	}
	maps, err := os.ReadFile("/proc/self/maps")
	require.NoError(t, err)
	return strings.Contains(string(maps), path)
}
