package httpapi

import (
	"net/url"
	"testing"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/search"
	"github.com/doushouqi/doushouqi/site/internal/apitest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestAIPlaysTables: with tables, the AI plays the tables' best move, and
// the analysis gives the verdict.
func TestAIPlaysTables(t *testing.T) {
	t.Parallel()
	ts := apitest.ElephantLion(t)
	c, s := newClient(t, testOptions{tables: ts})
	pos, err := dsq.ParsePosition(apitest.SolvedELve)
	require.NoError(t, err)
	play, err := dsq.NewGameFrom(pos)
	require.NoError(t, err)
	// The top level plays with the tables; the levels below it play
	// weaker on purpose, without them.
	g := storePlayAt(t, s, dsq.Red, int(search.MaxLevel), play)
	st := c.WaitAI(g.ID)
	assert.Equal(t, []any{"a5a6"}, st["moves"])

	res := c.Req("GET", "/api/analysis?position="+url.QueryEscape(apitest.SolvedELve), "")
	require.Equal(t, 200, res.Status, res.Raw)
	assert.Equal(t, map[string]any{"result": "win", "distance": 15.0, "text": "red wins in 15: a5a6", "best": []any{"a5a6"}}, res.Body["endgame"])

	// Without tables: no verdict.
	c, _ = newClient(t, testOptions{})
	res = c.Req("GET", "/api/analysis?position="+url.QueryEscape(apitest.SolvedELve), "")
	require.Equal(t, 200, res.Status, res.Raw)
	assert.NotContains(t, res.Body, "endgame")
}
