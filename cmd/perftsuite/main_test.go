package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestWritesAgreedCounts writes a small suite from a positions file in a
// temporary root: the counts are the known perft numbers of the start.
func TestWritesAgreedCounts(t *testing.T) {
	root := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(root, "testdata"), 0o755))
	positions := "id start\n# the start position\npos l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L r 0 1\ndepth 3\n"
	require.NoError(t, os.WriteFile(filepath.Join(root, "testdata", "bench-positions.txt"), []byte(positions), 0o644))
	wd, _ := os.Getwd()
	t.Cleanup(func() { _ = os.Chdir(wd) })
	var out, errOut bytes.Buffer
	require.Equal(t, 0, run([]string{"-root", root, "-suite", "bench"}, &out, &errOut), errOut.String())
	data, err := os.ReadFile(filepath.Join(root, "testdata", "bench.txt"))
	require.NoError(t, err)
	assert.Contains(t, string(data), "perft 1 24\nperft 2 576\nperft 3 12240\n")
	assert.Contains(t, out.String(), "wrote testdata/bench.txt")
}

func TestRefusesAnUnknownSuite(t *testing.T) {
	wd, _ := os.Getwd()
	t.Cleanup(func() { _ = os.Chdir(wd) })
	var out, errOut bytes.Buffer
	assert.Equal(t, 2, run([]string{"-root", t.TempDir(), "-suite", "deep"}, &out, &errOut))
	assert.Contains(t, errOut.String(), `no suite "deep"`)
}
