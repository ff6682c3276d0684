// Package apitest drives a running play site through its HTTP API for the
// server's tests: a client that sends requests and decodes answers, a
// reader of a game's event stream, and stored games made without the API.
// It is shared by the tests of package httpapi (a Server under httptest)
// and of the command (the server started by run or as a binary).
package apitest

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// Client talks to one site, failing T on any transport error.
type Client struct {
	T    testing.TB
	URL  string       // the site's root, without a trailing slash
	HTTP *http.Client // nil for http.DefaultClient
}

// do sends r on the client's HTTP client.
func (c *Client) do(r *http.Request) (*http.Response, error) {
	if c.HTTP != nil {
		return c.HTTP.Do(r)
	}
	return http.DefaultClient.Do(r)
}

// Response is an answer: its status, headers, and body raw and, for JSON,
// decoded.
type Response struct {
	Status int
	Header http.Header
	Body   map[string]any
	Raw    string
}

// Req sends a request with the headers given as name, value pairs; POSTs
// are JSON unless a Content-Type is given.
func (c *Client) Req(method, path, body string, headers ...string) Response {
	c.T.Helper()
	r, err := http.NewRequest(method, c.URL+path, strings.NewReader(body))
	require.NoError(c.T, err)
	if method == "POST" {
		r.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(headers); i += 2 {
		r.Header.Set(headers[i], headers[i+1])
	}
	res, err := c.do(r)
	require.NoError(c.T, err)
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	require.NoError(c.T, err)
	out := Response{Status: res.StatusCode, Header: res.Header, Raw: string(data)}
	if method != "HEAD" && strings.HasPrefix(res.Header.Get("Content-Type"), "application/json") {
		require.NoError(c.T, json.Unmarshal(data, &out.Body), string(data))
	}
	return out
}

// As sends a request with a seat token.
func (c *Client) As(token, method, path, body string) Response {
	c.T.Helper()
	return c.Req(method, path, body, "Authorization", "Bearer "+token)
}

// Game is a created game: its id, seat tokens, and for an online game its
// invitation.
type Game struct {
	ID     string
	Seats  map[string]string
	Invite string
}

// JoinBody is the body of a join by g's invitation.
func (g Game) JoinBody() string { return `{"invite":"` + g.Invite + `"}` }

// Create creates a game from body (POST /api/games), which must succeed.
func (c *Client) Create(body string) Game {
	c.T.Helper()
	res := c.Req("POST", "/api/games", body)
	require.Equal(c.T, http.StatusCreated, res.Status, res.Raw)
	g := res.Body["game"].(map[string]any)
	out := Game{ID: g["id"].(string), Seats: map[string]string{}}
	for k, v := range res.Body["seats"].(map[string]any) {
		out.Seats[k] = v.(string)
	}
	if inv, ok := res.Body["invite"].(string); ok {
		out.Invite = inv
	}
	return out
}

// State returns game id's state, which must be readable.
func (c *Client) State(id string) map[string]any {
	c.T.Helper()
	res := c.Req("GET", "/api/games/"+id, "")
	require.Equal(c.T, http.StatusOK, res.Status, res.Raw)
	return res.Body
}

// WaitAI waits until the AI has nothing left to do in game id and returns
// the state.
func (c *Client) WaitAI(id string) map[string]any {
	c.T.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for {
		st := c.State(id)
		if st["aiThinking"] == false {
			return st
		}
		require.True(c.T, time.Now().Before(deadline), "the AI did not move")
		time.Sleep(20 * time.Millisecond)
	}
}

// Stream reads a game's event stream: its states arrive on States, which
// is closed when the stream ends.
type Stream struct {
	Res    *http.Response
	States chan map[string]any
	Close  func()
}

// Events opens game id's event stream, closed at the end of the test.
func (c *Client) Events(id string) *Stream {
	c.T.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	r, err := http.NewRequestWithContext(ctx, "GET", c.URL+"/api/games/"+id+"/events", nil)
	require.NoError(c.T, err)
	res, err := c.do(r)
	require.NoError(c.T, err)
	require.Equal(c.T, http.StatusOK, res.StatusCode)
	require.Equal(c.T, "text/event-stream", res.Header.Get("Content-Type"))
	s := &Stream{Res: res, States: make(chan map[string]any, 100), Close: func() { cancel(); res.Body.Close() }}
	c.T.Cleanup(s.Close)
	go func() {
		defer close(s.States)
		sc := bufio.NewScanner(res.Body)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		event := ""
		for sc.Scan() {
			line := sc.Text()
			switch {
			case strings.HasPrefix(line, "event: "):
				event = strings.TrimPrefix(line, "event: ")
			case strings.HasPrefix(line, "data: ") && event == "state":
				var st map[string]any
				if json.Unmarshal([]byte(strings.TrimPrefix(line, "data: ")), &st) == nil {
					s.States <- st
				}
			}
		}
	}()
	return s
}

// WaitPly returns the next state whose ply is ply, skipping others.
func (s *Stream) WaitPly(t testing.TB, ply int) map[string]any {
	t.Helper()
	timeout := time.After(30 * time.Second)
	for {
		select {
		case st, ok := <-s.States:
			require.True(t, ok, "event stream ended")
			if int(st["ply"].(float64)) == ply {
				return st
			}
		case <-timeout:
			t.Fatalf("no state with ply %d", ply)
		}
	}
}
