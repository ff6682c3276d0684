package httpapi

import (
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/endgame"
	"github.com/doushouqi/doushouqi/site/ai"
	"github.com/doushouqi/doushouqi/site/games"
	"github.com/doushouqi/doushouqi/site/internal/apitest"
	"github.com/doushouqi/doushouqi/site/live"
	"github.com/doushouqi/doushouqi/site/store"
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
	// config, if not nil, changes the server's Config last.
	config func(*Config)
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
	cfg := Config{Store: db, Pool: pool, Hub: live.New(opts.watchers), Logger: log,
		AITime: time.Second, CreateLimit: opts.createLimit, PostLimit: opts.postLimit, StreamsPerClient: opts.perClient, Tables: opts.tables,
		AIMinReply: minReply, ReviewNodes: opts.reviewNodes, WriteTimeout: 10 * time.Second}
	cfg.ReadRate, cfg.ReadBurst = 1_000_000, 1_000_000 // tests poll freely; the read limit's tests set theirs
	if opts.config != nil {
		opts.config(&cfg)
	}
	s := NewServer(cfg)
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

// parallelOnOwnDB runs t beside the package's other parallel tests when
// each test has a database of its own (SQLite), not when the tests share
// the PostgreSQL one of $DSQ_TEST_API_DB: for a test that reads or
// changes what belongs to the whole database (the statistics, the lobby,
// the games Resume takes up, presence on a clock of its own), which other
// tests' rows would change under it.
func parallelOnOwnDB(t *testing.T) {
	if os.Getenv("DSQ_TEST_API_DB") == "" {
		t.Parallel()
	}
}

// fakeClock is a server time the test moves by hand (Config.Now): no test
// of presence or claims sleeps.
type fakeClock struct{ ns atomic.Int64 }

func newFakeClock() *fakeClock {
	f := &fakeClock{}
	f.ns.Store(time.Date(2026, 12, 7, 12, 0, 0, 0, time.UTC).UnixNano())
	return f
}

func (f *fakeClock) Now() time.Time          { return time.Unix(0, f.ns.Load()).UTC() }
func (f *fakeClock) Advance(d time.Duration) { f.ns.Add(int64(d)) }

// onClock is a testOptions.config that runs the server on f's time.
func onClock(f *fakeClock) func(*Config) {
	return func(c *Config) {
		c.Now = f.Now
		c.Hub.SetClock(f.Now)
	}
}

// configs is a testOptions.config made of several, applied in order.
func configs(fs ...func(*Config)) func(*Config) {
	return func(c *Config) {
		for _, f := range fs {
			f(c)
		}
	}
}

// joinOn has the bearer of g's invitation take its free seat on instance
// c (the one g was created on, or another): it returns the seat's token.
func joinOn(t *testing.T, c *client, g game) string {
	t.Helper()
	res := c.Req("POST", "/api/games/"+g.ID+"/join", g.JoinBody())
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	return res.Body["seats"].(map[string]any)["blue"].(string)
}

// playOpening plays both first moves of online game id by POST on c (a3a4
// by red, a7a6 by blue), after which the clock runs, Red to move.
func playOpening(t *testing.T, c *client, id, red, blue string) {
	t.Helper()
	res := c.As(red, "POST", "/api/games/"+id+"/moves", `{"move":"a3a4","ply":0}`)
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	res = c.As(blue, "POST", "/api/games/"+id+"/moves", `{"move":"a7a6","ply":1}`)
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
}

// The API client of the tests (package apitest), by short names.
type (
	client = apitest.Client
	game   = apitest.Game
)

func newClient(t *testing.T, opts testOptions) (*client, *Server) {
	s := newTestServer(t, opts)
	srv := httptest.NewServer(s.Handler())
	t.Cleanup(srv.Close)
	return &client{T: t, URL: srv.URL}, s
}

// serveHTTP serves s on a real listener through its HTTPServer (its
// timeouts and connection cap), until the end of the test.
func serveHTTP(t testing.TB, s *Server) *client {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	srv, ln := s.HTTPServer(ln)
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return &client{T: t, URL: "http://" + ln.Addr().String()}
}

// storeGame writes an AI game straight into the server's store, from start
// with moves played: the AI plays blue, the player red with the seat token
// "player".
func storeGame(t *testing.T, s *Server, start string, moves ...string) *games.Game {
	t.Helper()
	return storeGameAs(t, s, dsq.Blue, start, moves...)
}

// storeGameAs is storeGame with the AI playing aiColor.
func storeGameAs(t *testing.T, s *Server, aiColor dsq.Color, start string, moves ...string) *games.Game {
	t.Helper()
	pos, err := dsq.ParsePosition(start)
	require.NoError(t, err)
	play, err := dsq.NewGameFrom(pos)
	require.NoError(t, err)
	for _, m := range moves {
		_, err := play.PlayText(m)
		require.NoError(t, err)
	}
	return storePlay(t, s, aiColor, play)
}

// storePlay writes play into the server's store as an AI game at level 2,
// the AI playing aiColor.
func storePlay(t *testing.T, s *Server, aiColor dsq.Color, play *dsq.Game) *games.Game {
	t.Helper()
	return storePlayAt(t, s, aiColor, 2, play)
}

// storePlayAt is storePlay at an AI level of the ladder.
func storePlayAt(t *testing.T, s *Server, aiColor dsq.Color, level int, play *dsq.Game) *games.Game {
	t.Helper()
	seat := apitest.HashToken("player")
	r := &store.Game{ID: apitest.NewID(), Mode: "ai", AIColor: aiColor.String(), Level: level}
	if aiColor == dsq.Blue {
		r.RedSeat = seat
	} else {
		r.BlueSeat = seat
	}
	g, err := games.WithGame(r, play)
	require.NoError(t, err)
	row, err := g.Row()
	require.NoError(t, err)
	require.NoError(t, s.cfg.Store.Create(context.Background(), row))
	return g
}
