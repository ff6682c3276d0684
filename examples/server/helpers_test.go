package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/doushouqi/doushouqi/endgame"
	"github.com/doushouqi/doushouqi/examples/server/ai"
	"github.com/doushouqi/doushouqi/examples/server/live"
	"github.com/doushouqi/doushouqi/examples/server/store"
	"github.com/stretchr/testify/require"
)

type testOptions struct {
	db          string // "" for $DSQ_TEST_API_DB, else a fresh SQLite file
	engines     int
	queue       int
	createLimit int
	postLimit   int
	watchers    int
	perClient   int
	logs        io.Writer
	tables      *endgame.Tables // endgame tables for the AI and the analysis
	// replyDelays keeps the AI levels' least reply times (MinReply); the
	// other tests do without them, to play quickly.
	replyDelays bool
	// reviewNodes is the node budget of a review's searches (default
	// 2,000, to review quickly); reviews the background queue's cap
	// (default ai.DefaultBackground).
	reviewNodes uint64
	reviews     int
}

// newTestServer builds a Server on a fresh SQLite database (or opts.db) and
// closes everything at the end of the test.
func newTestServer(t testing.TB, opts testOptions) *Server {
	t.Helper()
	if opts.db == "" {
		opts.db = os.Getenv("DSQ_TEST_API_DB") // CI runs the API tests on PostgreSQL too
	}
	if opts.db == "" {
		opts.db = filepath.Join(t.TempDir(), "games.db")
	}
	db, err := store.Open(context.Background(), opts.db)
	require.NoError(t, err)
	if opts.engines == 0 {
		opts.engines = 2
	}
	if opts.queue == 0 {
		opts.queue = 16
	}
	if opts.createLimit == 0 {
		opts.createLimit = 10_000
	}
	if opts.postLimit == 0 {
		opts.postLimit = 1_000_000
	}
	if opts.watchers == 0 {
		opts.watchers = 100
	}
	if opts.logs == nil {
		opts.logs = io.Discard
	}
	if opts.reviewNodes == 0 {
		opts.reviewNodes = 2_000
	}
	if opts.reviews == 0 {
		opts.reviews = ai.DefaultBackground
	}
	pool := ai.WithBackground(opts.engines, opts.queue, 1, opts.reviews)
	log := newJSONLogger(opts.logs)
	minReply := func(int) time.Duration { return 0 }
	if opts.replyDelays {
		minReply = nil
	}
	s := NewServer(Config{Store: db, Pool: pool, Hub: live.New(opts.watchers), Logger: log,
		AITime: time.Second, CreateLimit: opts.createLimit, PostLimit: opts.postLimit, StreamsPerClient: opts.perClient, Tables: opts.tables,
		AIMinReply: minReply, ReviewNodes: opts.reviewNodes})
	ctx, cancel := context.WithCancel(context.Background())
	go db.Listen(ctx, s.Changed)
	t.Cleanup(func() {
		cancel()
		s.Shutdown()
		pool.Close(context.Background())
		db.Close()
	})
	return s
}

// client talks to one test server.
type client struct {
	t   testing.TB
	url string
}

func newClient(t *testing.T, opts testOptions) (*client, *Server) {
	s := newTestServer(t, opts)
	srv := httptest.NewServer(s.Handler())
	t.Cleanup(srv.Close)
	return &client{t: t, url: srv.URL}, s
}

// response is an answer: its status, headers and decoded JSON body.
type response struct {
	status int
	header http.Header
	body   map[string]any
	raw    string
}

// req sends a request with the headers given as name, value pairs; POSTs
// are JSON unless a Content-Type is given.
func (c *client) req(method, path, body string, headers ...string) response {
	c.t.Helper()
	r, err := http.NewRequest(method, c.url+path, strings.NewReader(body))
	require.NoError(c.t, err)
	if method == "POST" {
		r.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(headers); i += 2 {
		r.Header.Set(headers[i], headers[i+1])
	}
	res, err := http.DefaultClient.Do(r)
	require.NoError(c.t, err)
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	require.NoError(c.t, err)
	out := response{status: res.StatusCode, header: res.Header, raw: string(data)}
	if method != "HEAD" && strings.HasPrefix(res.Header.Get("Content-Type"), "application/json") {
		require.NoError(c.t, json.Unmarshal(data, &out.body), string(data))
	}
	return out
}

// as sends a request with a seat token.
func (c *client) as(token, method, path, body string) response {
	c.t.Helper()
	return c.req(method, path, body, "Authorization", "Bearer "+token)
}

// game is a created game: its id, seat tokens, and for an online game its
// invitation.
type game struct {
	id     string
	seats  map[string]string
	invite string
}

// joinBody is the body of a join by g's invitation.
func (g game) joinBody() string { return `{"invite":"` + g.invite + `"}` }

func (c *client) create(body string) game {
	c.t.Helper()
	res := c.req("POST", "/api/games", body)
	require.Equal(c.t, http.StatusCreated, res.status, res.raw)
	g := res.body["game"].(map[string]any)
	out := game{id: g["id"].(string), seats: map[string]string{}}
	for k, v := range res.body["seats"].(map[string]any) {
		out.seats[k] = v.(string)
	}
	if inv, ok := res.body["invite"].(string); ok {
		out.invite = inv
	}
	return out
}

func (c *client) state(id string) map[string]any {
	c.t.Helper()
	res := c.req("GET", "/api/games/"+id, "")
	require.Equal(c.t, http.StatusOK, res.status, res.raw)
	return res.body
}

// waitAI waits until the AI has moved in game id and returns the state.
func (c *client) waitAI(id string) map[string]any {
	c.t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for {
		st := c.state(id)
		if st["aiThinking"] == false {
			return st
		}
		require.True(c.t, time.Now().Before(deadline), "the AI did not move")
		time.Sleep(20 * time.Millisecond)
	}
}

// sse reads a game's event stream.
type sse struct {
	res    *http.Response
	events chan map[string]any
	close  func()
}

func (c *client) events(id string) *sse {
	c.t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	r, err := http.NewRequestWithContext(ctx, "GET", c.url+"/api/games/"+id+"/events", nil)
	require.NoError(c.t, err)
	res, err := http.DefaultClient.Do(r)
	require.NoError(c.t, err)
	require.Equal(c.t, http.StatusOK, res.StatusCode)
	require.Equal(c.t, "text/event-stream", res.Header.Get("Content-Type"))
	s := &sse{res: res, events: make(chan map[string]any, 100), close: func() { cancel(); res.Body.Close() }}
	c.t.Cleanup(s.close)
	go func() {
		defer close(s.events)
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
					s.events <- st
				}
			}
		}
	}()
	return s
}

// next returns the next state event whose ply is ply (skipping others).
func (s *sse) waitPly(t *testing.T, ply int) map[string]any {
	t.Helper()
	timeout := time.After(30 * time.Second)
	for {
		select {
		case st, ok := <-s.events:
			require.True(t, ok, "event stream ended")
			if int(st["ply"].(float64)) == ply {
				return st
			}
		case <-timeout:
			t.Fatalf("no state with ply %d", ply)
		}
	}
}

// syncBuffer is a bytes.Buffer safe for the log's concurrent writes.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// postgresURL returns the URL of the PostgreSQL test database, skipping the
// test when there is none outside CI (under CI=true a missing one fails).
func postgresURL(t *testing.T) string {
	t.Helper()
	dsn := os.Getenv("DSQ_TEST_POSTGRES")
	if dsn == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("DSQ_TEST_POSTGRES is not set: CI must run this test on PostgreSQL")
		}
		t.Skip("DSQ_TEST_POSTGRES not set (a postgres:// URL)")
	}
	return dsn
}
