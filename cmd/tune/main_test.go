package main

import (
	"bytes"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/internal/eval"
)

// TestTunerStartsFromTheWeights: before a step, the tuner's parameters,
// free or shaped (either grouping of the curves), stand for exactly the
// weights in use, so a fit starts where the engine is.
func TestTunerStartsFromTheWeights(t *testing.T) {
	weights := eval.Weights()
	params, toWeights := freeWeights()
	assert.Equal(t, weights, toWeights(params), "free")
	for _, curves := range []string{"groups", "animals"} {
		groupOf, groups, err := curveGroups(curves)
		require.NoError(t, err)
		params, toWeights = shapedWeights(groupOf, groups)
		assert.Equal(t, weights, toWeights(params), curves)
		params[eval.FAdvance] = 2000 // the first group's curves, twice as steep
		w := toWeights(params)
		assert.Equal(t, 2*weights[eval.FAdvance+1], w[eval.FAdvance+1], curves)
	}
	_, _, err := curveGroups("pieces")
	assert.Error(t, err)
}

// TestWeightsSourceIsTheWeights: the file the tuner writes is Go, and its
// numbers are the weights, in order.
func TestWeightsSourceIsTheWeights(t *testing.T) {
	w := eval.Weights()
	src := weightsSource(&w, 10, 1.2, 0.2, 0.1)
	_, err := parser.ParseFile(token.NewFileSet(), "weights.go", src, parser.ParseComments)
	require.NoError(t, err)
	body := src[bytes.IndexByte([]byte(src), '{'):]
	var got []int
	for _, m := range regexp.MustCompile(`-?\d+,`).FindAllString(body, -1) {
		n, err := strconv.Atoi(m[:len(m)-1])
		require.NoError(t, err)
		got = append(got, n)
	}
	assert.Equal(t, w[:], got)
}

// TestTuneFitsAndWritesThenRefitsFromItsData plays a few short games, fits,
// writes the weights and the labelled positions; a second run fits from the
// data alone, to the same file.
func TestTuneFitsAndWritesThenRefitsFromItsData(t *testing.T) {
	if testing.Short() {
		t.Skip("plays games")
	}
	dir := t.TempDir()
	openings := filepath.Join(dir, "openings.txt")
	require.NoError(t, os.WriteFile(openings, []byte("# two\n"+dsq.StartNotation+"\nl5t/1d3c1/r1p1w1e/7/7/E6/2W1P1R/1C3D1/T5L b 1 1\n"), 0o644))
	out, data := filepath.Join(dir, "weights.go"), filepath.Join(dir, "data.gob")
	args := []string{"-openings", openings, "-nodes", "150", "-procs", "2", "-out", out, "-data", data}
	var log, errOut bytes.Buffer
	require.Equal(t, 0, run(args, &log, &errOut), errOut.String())
	assert.Contains(t, log.String(), "nodes 150: 2 games")
	first, err := os.ReadFile(out)
	require.NoError(t, err)
	_, err = parser.ParseFile(token.NewFileSet(), "weights.go", first, 0)
	require.NoError(t, err)
	_, err = os.Stat(data)
	require.NoError(t, err)

	log.Reset()
	require.Equal(t, 0, run(args, &log, &errOut), errOut.String())
	assert.NotContains(t, log.String(), "games", "the second fit reads the data, plays nothing")
	second, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.Equal(t, string(first), string(second), "deterministic")
}

func TestBadFlagsAreErrors(t *testing.T) {
	var log, errOut bytes.Buffer
	assert.Equal(t, 1, run([]string{"-curves", "x"}, &log, &errOut))
	assert.Equal(t, 1, run([]string{"-openings", "/nonexistent"}, &log, &errOut))
	dir := t.TempDir()
	bad := filepath.Join(dir, "data.gob")
	require.NoError(t, os.WriteFile(bad, []byte("not gob"), 0o644))
	errOut.Reset()
	assert.Equal(t, 1, run([]string{"-data", bad, "-out", filepath.Join(dir, "w.go")}, &log, &errOut))
	assert.Contains(t, errOut.String(), "-data")
}
