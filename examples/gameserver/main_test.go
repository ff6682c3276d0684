package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	dsq "github.com/doushouqi/doushouqi"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// call sends one request and decodes the JSON answer into a map.
func call(t *testing.T, srv *httptest.Server, method, path, body string) (int, map[string]any) {
	t.Helper()
	req, err := http.NewRequest(method, srv.URL+path, strings.NewReader(body))
	require.NoError(t, err)
	resp, err := srv.Client().Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	var v map[string]any
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&v))
	return resp.StatusCode, v
}

func TestGameIsPlayedMoveByMove(t *testing.T) {
	srv := httptest.NewServer(newHandler())
	defer srv.Close()
	code, g := call(t, srv, "POST", "/games", "")
	require.Equal(t, http.StatusCreated, code)
	assert.Equal(t, "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L r 0 1", g["position"])
	assert.ElementsMatch(t, []any{"a2", "a4", "b3"}, g["legal"].(map[string]any)["a3"], "the red elephant's targets")
	assert.Equal(t, "undecided", g["outcome"])

	code, g = call(t, srv, "POST", "/games/1/moves", `{"move":"a3a4"}`)
	require.Equal(t, http.StatusOK, code)
	assert.Equal(t, []any{"a3a4"}, g["moves"])
	after := dsq.StartPosition()
	require.NoError(t, after.Play(dsq.NewMove(dsq.A3, dsq.A4)))
	assert.Equal(t, after.String(), g["position"])
}

func TestRefusedMoveSaysWhyAndChangesNothing(t *testing.T) {
	srv := httptest.NewServer(newHandler())
	defer srv.Close()
	call(t, srv, "POST", "/games", "")
	for body, want := range map[string]string{
		`{"move":"a3a5"}`: "one square up, down, left or right",
		`{"move":"a7a6"}`: "blue",
		`{"move":"zz"}`:   "zz",
	} {
		code, v := call(t, srv, "POST", "/games/1/moves", body)
		assert.Equal(t, http.StatusUnprocessableEntity, code, body)
		assert.Contains(t, strings.ToLower(v["error"].(string)), want, body)
	}
	code, v := call(t, srv, "POST", "/games/1/moves", `not json`)
	assert.Equal(t, http.StatusBadRequest, code)
	assert.NotEmpty(t, v["error"])
	code, g := call(t, srv, "GET", "/games/1", "")
	require.Equal(t, http.StatusOK, code)
	assert.Empty(t, g["moves"], "no refused move was played")
}

func TestUnknownGameIsNotFound(t *testing.T) {
	srv := httptest.NewServer(newHandler())
	defer srv.Close()
	code, _ := call(t, srv, "GET", "/games/7", "")
	assert.Equal(t, http.StatusNotFound, code)
	code, _ = call(t, srv, "POST", "/games/7/moves", `{"move":"a3a4"}`)
	assert.Equal(t, http.StatusNotFound, code)
}

// TestConcurrentMovesPlayOnce: two clients post the same first move at
// once; the game takes exactly one of them (run with -race).
func TestConcurrentMovesPlayOnce(t *testing.T) {
	srv := httptest.NewServer(newHandler())
	defer srv.Close()
	call(t, srv, "POST", "/games", "")
	var wg sync.WaitGroup
	codes := make([]int, 8)
	for i := range codes {
		wg.Add(1)
		go func() {
			defer wg.Done()
			codes[i], _ = call(t, srv, "POST", "/games/1/moves", `{"move":"a3a4"}`)
		}()
	}
	wg.Wait()
	assert.Equal(t, 1, strings.Count(fmt.Sprint(codes), "200"), codes)
	_, g := call(t, srv, "GET", "/games/1", "")
	assert.Equal(t, []any{"a3a4"}, g["moves"])
}
