package teach_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/site/internal/apitest"
	"github.com/doushouqi/doushouqi/site/teach"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestHandler(t *testing.T) {
	h := teach.Handler()
	get := func(query string) (*httptest.ResponseRecorder, map[string]any) {
		t.Helper()
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/api/analysis?"+query, nil))
		var body map[string]any
		require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &body), rec.Body.String())
		return rec, body
	}
	start := url.QueryEscape(dsq.StartPosition().String())
	rec, body := get("position=" + start + "&square=a1")
	assert.Equal(t, http.StatusOK, rec.Code)
	assert.Equal(t, "no-store", rec.Header().Get("Cache-Control"))
	assert.Equal(t, "T", body["piece"])
	assert.ElementsMatch(t, []any{"a2", "b1"}, body["targets"])

	for _, q := range []string{"", "position=xyz", "position=" + start + "&square=k1", "position=" + url.QueryEscape(string(make([]byte, 300)))} {
		rec, body = get(q)
		assert.Equal(t, http.StatusBadRequest, rec.Code, q)
		assert.Equal(t, "bad-request", body["code"], q)
		assert.NotEmpty(t, body["message"], q)
	}
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/api/analysis", nil))
	assert.Equal(t, http.StatusMethodNotAllowed, rec.Code)
}

func analysisGet(t *testing.T, q url.Values) (int, map[string]any) {
	t.Helper()
	rec := httptest.NewRecorder()
	teach.Handler().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/api/analysis?"+q.Encode(), nil))
	var body map[string]any
	require.NoError(t, json.NewDecoder(rec.Body).Decode(&body))
	return rec.Code, body
}

// TestHandlerPlaysMoves: moves= plays moves before the analysis (the
// 60th half-move without a capture draws); an illegal one is a 422 naming
// the rule and the move; a word that is not a move is a 400.
func TestHandlerPlaysMoves(t *testing.T) {
	code, a := analysisGet(t, url.Values{"position": {"l5t/7/7/7/7/7/7/7/T5L r 59 40"}, "moves": {"a1a2"}})
	require.Equal(t, http.StatusOK, code, a)
	assert.Equal(t, map[string]any{"reason": "no-capture move limit"}, a["outcome"])
	assert.Equal(t, "l5t/7/7/7/7/7/7/T6/6L b 60 40", a["position"])

	code, a = analysisGet(t, url.Values{"position": {dsq.StartNotation}, "moves": {"a3a4,a7a6"}, "square": {"a4"}})
	require.Equal(t, http.StatusOK, code, a)
	assert.Nil(t, a["outcome"])
	assert.Equal(t, "E", a["piece"])

	code, a = analysisGet(t, url.Values{"position": {"l5t/7/7/7/1r1L3/7/7/7/T6 r 0 1"}, "moves": {"d5a5"}})
	assert.Equal(t, http.StatusUnprocessableEntity, code)
	assert.Equal(t, "jump-blocked", a["code"])
	assert.Equal(t, "d5a5", a["move"])
	assert.Equal(t, 0.0, a["index"])
	assert.NotEmpty(t, a["message"])

	code, a = analysisGet(t, url.Values{"position": {dsq.StartNotation}, "moves": {"a3a4,zz"}})
	assert.Equal(t, http.StatusBadRequest, code)
	assert.Equal(t, "bad-request", a["code"])
}

// TestHandlerEndgame: with tables, /api/analysis gives the verdict on a
// position they hold, and leaves it out for one they do not hold, for a
// decided game and without tables.
func TestHandlerEndgame(t *testing.T) {
	h := teach.Teacher{Tables: apitest.ElephantLion(t)}.Handler()
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
