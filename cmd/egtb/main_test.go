package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestRunGeneratesReadsAndProbes(t *testing.T) {
	dir := t.TempDir()
	var out, errOut bytes.Buffer
	require.NoError(t, run([]string{"-dir", dir, "-pieces", "2"}, &out, &errOut))
	files, err := filepath.Glob(filepath.Join(dir, "*.egtb"))
	require.NoError(t, err)
	require.Len(t, files, 64)
	require.Contains(t, errOut.String(), "64 solved")
	require.NotContains(t, errOut.String(), "[##", "no progress bar off a terminal")
	require.Empty(t, out.String())

	// A second run reads the files and solves only what is new.
	out.Reset()
	errOut.Reset()
	require.NoError(t, run([]string{"-dir", dir, "-pieces", "0", "-stats", "-probe", "7/7/7/7/7/7/7/3e3/R6 r 0 1", "Evr"}, &out, &errOut))
	text := out.String()
	require.Contains(t, errOut.String(), "2 tables needed: 2 read from")
	require.Contains(t, errOut.String(), "0 solved")
	require.Contains(t, text, "blue wins in 2")
	require.Contains(t, text, "Evr    red ")
	require.Contains(t, text, "Evr    blue")

	// A three-piece material named on the command line is solved and kept.
	errOut.Reset()
	require.NoError(t, run([]string{"-dir", dir, "-pieces", "0", "-verify", "Evcr"}, &out, &errOut))
	require.Contains(t, errOut.String(), "1 solved")
	require.Contains(t, errOut.String(), "verified 3 tables")
	_, err = os.Stat(filepath.Join(dir, "Evcr.egtb"))
	require.NoError(t, err)
}

func TestRunRefusesBadInput(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{
		{"-dir", dir, "-pieces", "4"},
		{"-dir", dir, "-pieces", "0", "Evx"},
		{"-dir", dir, "-pieces", "0", "ELTvrc"},
		{"-dir", dir, "-pieces", "0", "-rules", "nonsense"},
		{"-dir", dir, "-pieces", "0", "-probe", "not a position"},
		{"-dir", dir, "-pieces", "0", "-probe", "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L r 0 1"},
	} {
		var out, errOut bytes.Buffer
		err := run(args, &out, &errOut)
		require.Error(t, err, strings.Join(args, " "))
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.egtb"))
	require.Empty(t, files, "refused runs write nothing")
	// A corrupt file in the directory is an error, not a silent re-solve.
	require.NoError(t, os.WriteFile(filepath.Join(dir, "Rvr.egtb"), []byte("DSQEGTB\nbroken"), 0o644))
	var out, errOut bytes.Buffer
	require.Error(t, run([]string{"-dir", dir, "-pieces", "2"}, &out, &errOut))
}
