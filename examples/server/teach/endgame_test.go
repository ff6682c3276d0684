package teach_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/endgame"
	"github.com/doushouqi/doushouqi/examples/server/teach"
)

// elephantLion solves a red elephant and lion against a blue elephant (and
// the endings its captures lead to).
func elephantLion(t *testing.T) *endgame.Tables {
	t.Helper()
	ts, err := endgame.NewTables(dsq.Standard)
	require.NoError(t, err)
	m, err := endgame.ParseMaterial("ELve")
	require.NoError(t, err)
	require.NoError(t, ts.Generate([]endgame.Material{m}, endgame.Options{}))
	return ts
}

// TestHandlerEndgame: with tables, /api/analysis gives the verdict on a
// position they hold, and leaves it out for one they do not hold, for a
// decided game and without tables.
func TestHandlerEndgame(t *testing.T) {
	h := teach.Teacher{Tables: elephantLion(t)}.Handler()
	get := func(h http.Handler, position string) map[string]any {
		t.Helper()
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/api/analysis?position="+url.QueryEscape(position), nil))
		require.Equal(t, http.StatusOK, rec.Code, rec.Body.String())
		var body map[string]any
		require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &body), rec.Body.String())
		return body
	}
	body := get(h, "7/7/2e4/7/E6/L6/7/7/7 b 0 1")
	assert.Equal(t, map[string]any{"result": "win", "distance": 17.0, "text": "blue wins in 17: c7d7", "best": []any{"c7d7"}}, body["endgame"])

	body = get(h, "7/7/2e4/7/E6/L6/7/7/7 r 0 1")
	assert.Equal(t, map[string]any{"result": "win", "distance": 15.0, "text": "red wins in 15: a5a6", "best": []any{"a5a6"}}, body["endgame"])

	// Ten half-moves before the move limit the same position is a draw.
	body = get(h, "7/7/2e4/7/E6/L6/7/7/7 b 50 1")
	assert.Equal(t, map[string]any{"result": "draw", "distance": 0.0, "text": "draw: c7b7 c7d7 c7c8", "best": []any{"c7b7", "c7d7", "c7c8"}}, body["endgame"])

	for _, position := range []string{
		dsq.StartPosition().String(),   // not solved
		"7/7/2e4/7/E6/L6/7/7/7 b 60 1", // decided: the move limit
		"3E3/7/2e4/7/7/L6/7/7/7 b 0 1", // decided: Red is in the den
	} {
		body = get(h, position)
		assert.NotContains(t, body, "endgame", position)
	}
	body = get(teach.Handler(), "7/7/2e4/7/E6/L6/7/7/7 b 0 1")
	assert.NotContains(t, body, "endgame", "without tables")
}

// TestAnalyzeEndgameLoss: the verdict is for the side to move, and the best
// moves of a lost position are those that hold out longest.
func TestAnalyzeEndgameLoss(t *testing.T) {
	ts := elephantLion(t)
	pos := mustParse(t, "7/7/7/7/7/7/7/3e3/E5L r 0 1") // Blue's elephant enters Red's den next
	a, err := teach.Teacher{Tables: ts}.Analyze(pos, "")
	require.NoError(t, err)
	require.NotNil(t, a.Endgame)
	v, ok := ts.Verdict(pos)
	require.True(t, ok)
	assert.Equal(t, "loss", a.Endgame.Result)
	assert.Equal(t, v.Value.Distance, a.Endgame.Distance)
	assert.Equal(t, v.String(), a.Endgame.Text)
	assert.Len(t, a.Endgame.Best, len(v.Best))
}
