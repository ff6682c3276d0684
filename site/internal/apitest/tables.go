package apitest

import (
	"testing"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/endgame"
	"github.com/stretchr/testify/require"
)

// ElephantLion solves a red elephant and lion against a blue elephant (and
// the endings its captures lead to) under the standard rules: tables small
// enough to make in a test, with wins the AI finds only through them.
func ElephantLion(tb testing.TB) *endgame.Tables {
	tb.Helper()
	ts, err := endgame.NewTables(dsq.Standard)
	require.NoError(tb, err)
	m, err := endgame.ParseMaterial("ELve")
	require.NoError(tb, err)
	require.NoError(tb, ts.Generate([]endgame.Material{m}, endgame.Options{}))
	return ts
}

// SolvedELve is a position of ElephantLion's tables: Red to move wins in 15
// half-moves, and a5a6 is the only move that does it so soon (a plain
// search at the AI's depths plays a4d4).
const SolvedELve = "7/7/2e4/7/E6/L6/7/7/7 r 0 1"
