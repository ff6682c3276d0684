package httpapi

import (
	"net/url"
	"testing"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/endgame"
	"github.com/doushouqi/doushouqi/search"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// elephantLion solves a red elephant and lion against a blue elephant (and
// the endings its captures lead to) under the standard rules.
func elephantLion(t *testing.T) *endgame.Tables {
	t.Helper()
	ts, err := endgame.NewTables(dsq.Standard)
	require.NoError(t, err)
	m, err := endgame.ParseMaterial("ELve")
	require.NoError(t, err)
	require.NoError(t, ts.Generate([]endgame.Material{m}, endgame.Options{}))
	return ts
}

// solved is a position of ELve: Red to move wins in 15 half-moves, and
// a5a6 is the only move that does it so soon (a plain search at the AI's
// depths plays a4d4).
const solved = "7/7/2e4/7/E6/L6/7/7/7 r 0 1"

// TestAIPlaysTables: with tables, the AI plays the tables' best move, and
// the analysis gives the verdict.
func TestAIPlaysTables(t *testing.T) {
	ts := elephantLion(t)
	c, s := newClient(t, testOptions{tables: ts})
	pos, err := dsq.ParsePosition(solved)
	require.NoError(t, err)
	play, err := dsq.NewGameFrom(pos)
	require.NoError(t, err)
	// The top level plays with the tables; the levels below it play
	// weaker on purpose, without them.
	g := storePlayAt(t, s, dsq.Red, int(search.MaxLevel), play)
	st := c.WaitAI(g.ID)
	assert.Equal(t, []any{"a5a6"}, st["moves"])

	res := c.Req("GET", "/api/analysis?position="+url.QueryEscape(solved), "")
	require.Equal(t, 200, res.Status, res.Raw)
	assert.Equal(t, map[string]any{"result": "win", "distance": 15.0, "text": "red wins in 15: a5a6", "best": []any{"a5a6"}}, res.Body["endgame"])

	// Without tables: no verdict.
	c, _ = newClient(t, testOptions{})
	res = c.Req("GET", "/api/analysis?position="+url.QueryEscape(solved), "")
	require.Equal(t, 200, res.Status, res.Raw)
	assert.NotContains(t, res.Body, "endgame")
}
