package httpapi

import (
	"net/http"
	"net/url"
	"testing"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/site/ai"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestEngineLines: the analysis board's engine line of a position is the
// search's best move and its line, with a forced win said as one; a
// decided position has no line; a missing or bad position is a 400.
func TestEngineLines(t *testing.T) {
	t.Parallel()
	c, _ := newClient(t, testOptions{})
	ask := func(pos string) (int, map[string]any) {
		res := c.Req("GET", "/api/engine?position="+url.QueryEscape(pos), "")
		return res.Status, res.Body
	}
	status, body := ask("7/3L3/7/7/7/7/7/3l3/7 b 0 1") // Blue's lion next to Red's den
	require.Equal(t, http.StatusOK, status, body)
	lines := body["lines"].([]any)
	require.Len(t, lines, engineLines, "the den entry and the two other moves of the lion")
	line := lines[0].(map[string]any)
	assert.Equal(t, "d2d1", line["move"])
	assert.Equal(t, map[string]any{"color": "blue", "in": 1.0}, line["win"])
	assert.Equal(t, []any{"d2d1"}, line["pv"])

	status, body = ask(dsq.StartPosition().String())
	require.Equal(t, http.StatusOK, status, body)
	require.Len(t, body["lines"].([]any), engineLines)

	status, body = ask("7/7/7/7/7/7/7/7/3l3 r 0 1") // Blue's lion in Red's den: decided
	require.Equal(t, http.StatusOK, status, body)
	assert.Empty(t, body["lines"])

	for _, bad := range []string{"", "not a position", "7/7/7 r 0 1"} {
		status, body := ask(bad)
		assert.Equal(t, http.StatusBadRequest, status, bad)
		assert.Equal(t, "bad-request", body["code"], bad)
	}
	assert.Equal(t, http.StatusMethodNotAllowed, c.Req("POST", "/api/engine?position=x", "{}").Status)
}

// TestEngineBusy: the engine's search takes a place of the AI pool for
// the request's client: a client that holds its share gets 503 busy with
// Retry-After, and a line again once a place is free.
func TestEngineBusy(t *testing.T) {
	t.Parallel()
	c, s := newClient(t, testOptions{})
	var held []*ai.Ticket
	for {
		tk, err := s.cfg.Pool.ReserveFor("127.0.0.1")
		if err != nil {
			require.ErrorIs(t, err, ai.ErrBusy)
			break
		}
		held = append(held, tk)
	}
	require.NotEmpty(t, held)
	path := "/api/engine?position=" + url.QueryEscape(dsq.StartPosition().String())
	res := c.Req("GET", path, "")
	assert.Equal(t, http.StatusServiceUnavailable, res.Status, res.Raw)
	assert.Equal(t, "busy", res.Body["code"])
	assert.NotEmpty(t, res.Header.Get("Retry-After"))
	for _, tk := range held {
		tk.Release()
	}
	res = c.Req("GET", path, "")
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	assert.NotEmpty(t, res.Body["lines"])
}
