package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type client struct {
	t   *testing.T
	srv *httptest.Server
}

func newClient(t *testing.T) *client {
	srv := httptest.NewServer(NewServer().Handler())
	t.Cleanup(srv.Close)
	return &client{t: t, srv: srv}
}

// do sends a request and decodes the JSON answer into a map.
func (c *client) do(method, path, body string) (int, map[string]any) {
	c.t.Helper()
	req, err := http.NewRequest(method, c.srv.URL+path, strings.NewReader(body))
	require.NoError(c.t, err)
	res, err := http.DefaultClient.Do(req)
	require.NoError(c.t, err)
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	require.NoError(c.t, err)
	var out map[string]any
	if strings.HasPrefix(res.Header.Get("Content-Type"), "application/json") {
		require.NoError(c.t, json.Unmarshal(data, &out), string(data))
	}
	return res.StatusCode, out
}

func TestLocalGame(t *testing.T) {
	c := newClient(t)
	code, g := c.do("POST", "/api/games", `{"mode":"local"}`)
	require.Equal(t, http.StatusCreated, code)
	id := g["id"].(string)
	assert.Equal(t, "red", g["sideToMove"])
	assert.Len(t, g["board"], 63)

	code, tg := c.do("GET", "/api/games/"+id+"/targets?from=a3", "")
	require.Equal(t, http.StatusOK, code)
	assert.ElementsMatch(t, []any{"a2", "b3", "a4"}, tg["targets"])

	code, g = c.do("POST", "/api/games/"+id+"/moves", `{"move":"a3a4"}`)
	require.Equal(t, http.StatusOK, code)
	assert.Equal(t, "blue", g["sideToMove"])
	assert.Equal(t, []any{"a3a4"}, g["moves"])

	code, e := c.do("POST", "/api/games/"+id+"/moves", `{"move":"c7c6"}`)
	assert.Equal(t, http.StatusUnprocessableEntity, code)
	assert.Equal(t, "only the rat may be on water", e["reason"])

	code, g = c.do("POST", "/api/games/"+id+"/undo", "")
	require.Equal(t, http.StatusOK, code)
	assert.Equal(t, []any{}, g["moves"])

	code, _ = c.do("POST", "/api/games/"+id+"/draw", `{"color":"red","action":"offer"}`)
	require.Equal(t, http.StatusOK, code)
	code, g = c.do("POST", "/api/games/"+id+"/draw", `{"color":"blue","action":"accept"}`)
	require.Equal(t, http.StatusOK, code)
	assert.Equal(t, true, g["over"])
	assert.Equal(t, "draw: agreed", g["result"])

	code, _ = c.do("POST", "/api/games/"+id+"/moves", `{"move":"a3a4"}`)
	assert.Equal(t, http.StatusConflict, code, "no move after the end")
}

func TestAIGames(t *testing.T) {
	c := newClient(t)
	// The AI plays Red: it opens.
	code, g := c.do("POST", "/api/games", `{"mode":"ai","aiColor":"red","depth":2}`)
	require.Equal(t, http.StatusCreated, code)
	assert.Len(t, g["moves"], 1)
	assert.Equal(t, "blue", g["sideToMove"])

	// The player plays Red: the AI answers each move.
	code, g = c.do("POST", "/api/games", `{"mode":"ai","aiColor":"blue","depth":2}`)
	require.Equal(t, http.StatusCreated, code)
	id := g["id"].(string)
	code, g = c.do("POST", "/api/games/"+id+"/moves", `{"move":"a3a4"}`)
	require.Equal(t, http.StatusOK, code)
	assert.Len(t, g["moves"], 2)
	assert.Equal(t, "red", g["sideToMove"])
	code, g = c.do("POST", "/api/games/"+id+"/undo", "")
	require.Equal(t, http.StatusOK, code)
	assert.Len(t, g["moves"], 0, "undo takes back the AI's reply and the player's move")
	code, g = c.do("POST", "/api/games/"+id+"/resign", `{"color":"red"}`)
	require.Equal(t, http.StatusOK, code)
	assert.Equal(t, "blue wins: resignation", g["result"])
}

func TestBadRequests(t *testing.T) {
	c := newClient(t)
	_, g := c.do("POST", "/api/games", `{"mode":"local"}`)
	id := g["id"].(string)
	cases := []struct {
		method, path, body string
		want               int
	}{
		{"POST", "/api/games", `{"mode":"chess"}`, 400},
		{"POST", "/api/games", `{"mode":"ai","depth":99}`, 400},
		{"POST", "/api/games", `{"mode":"local","depth":3}`, 400},
		{"POST", "/api/games", `not json`, 400},
		{"POST", "/api/games", `{"mode":"ai","aiColor":"green"}`, 400},
		{"POST", "/api/games", `{"unknown":1}`, 400},
		{"POST", "/api/games", `{"mode":"` + strings.Repeat("x", 10000) + `"}`, 400},
		{"GET", "/api/games/999", "", 404},
		{"POST", "/api/games/999/moves", `{"move":"a3a4"}`, 404},
		{"POST", "/api/games/" + id + "/moves", `{"move":"zz"}`, 400},
		{"POST", "/api/games/" + id + "/moves", `{"move":123}`, 400},
		{"POST", "/api/games/" + id + "/moves", ``, 400},
		{"POST", "/api/games/" + id + "/moves", `{"move":"a3a5"}`, 422},
		{"GET", "/api/games/" + id + "/targets?from=k9", "", 400},
		{"GET", "/api/games/" + id + "/targets", "", 400},
		{"POST", "/api/games/" + id + "/draw", `{"color":"red","action":"maybe"}`, 400},
		{"POST", "/api/games/" + id + "/draw", `{"color":"blue","action":"accept"}`, 409},
		{"POST", "/api/games/" + id + "/resign", `{"color":"purple"}`, 400},
		{"POST", "/api/games/" + id + "/undo", ``, 409},
		{"DELETE", "/api/games/" + id, "", 405},
		{"GET", "/api/nothing", "", 404},
		{"GET", "/favicon.ico", "", 404},
	}
	for _, tc := range cases {
		code, body := c.do(tc.method, tc.path, tc.body)
		assert.Equal(t, tc.want, code, "%s %s %.40s", tc.method, tc.path, tc.body)
		assert.NotEmpty(t, body["error"], "%s %s: a JSON error", tc.method, tc.path)
	}
	// Nothing refused changed the game.
	_, g = c.do("GET", "/api/games/"+id, "")
	assert.Equal(t, []any{}, g["moves"])
	assert.Equal(t, false, g["over"])
}

// TestConcurrentGames plays many games at once, several requests on each
// game at the same time (run under -race by CI).
func TestConcurrentGames(t *testing.T) {
	c := newClient(t)
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			code, g := c.do("POST", "/api/games", `{"mode":"local"}`)
			if !assert.Equal(t, http.StatusCreated, code) {
				return
			}
			id := g["id"].(string)
			var inner sync.WaitGroup
			for range 4 { // the same move four times at once: exactly one is played
				inner.Go(func() {
					c.do("POST", "/api/games/"+id+"/moves", `{"move":"a3a4"}`)
					c.do("GET", "/api/games/"+id+"/targets?from=a7", "")
				})
			}
			inner.Wait()
			_, g = c.do("GET", "/api/games/"+id, "")
			assert.Equal(t, []any{"a3a4"}, g["moves"], "game %d", i)
		})
	}
	wg.Wait()
}

func TestPage(t *testing.T) {
	c := newClient(t)
	res, err := http.Get(c.srv.URL + "/")
	require.NoError(t, err)
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	assert.Equal(t, http.StatusOK, res.StatusCode)
	assert.Contains(t, string(body), `<div id="board">`)
	res2, err := http.Post(c.srv.URL+"/api/games", "application/json", bytes.NewReader([]byte(fmt.Sprintf(`{"mode":%q}`, "local"))))
	require.NoError(t, err)
	res2.Body.Close()
	assert.Equal(t, http.StatusCreated, res2.StatusCode)
}
