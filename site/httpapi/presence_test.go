package httpapi

import (
	"bufio"
	"context"
	"errors"
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/doushouqi/doushouqi/site/internal/apitest"
	"github.com/doushouqi/doushouqi/site/internal/testenv"
	"github.com/doushouqi/doushouqi/site/store"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// cutStore is a server's store whose presence the test cuts: with writes
// off its presence writes fail (an instance killed, or cut off from the
// database), with reads off its presence reads do.
type cutStore struct {
	store.Store
	writes, reads atomic.Bool // off when true
}

var errCut = errors.New("cut off from the database")

func (c *cutStore) SetPresence(ctx context.Context, records ...store.Presence) error {
	if c.writes.Load() {
		return errCut
	}
	return c.Store.SetPresence(ctx, records...)
}

func (c *cutStore) BeatPresence(ctx context.Context, instance string, now time.Time) (int, error) {
	if c.writes.Load() {
		return 0, errCut
	}
	return c.Store.BeatPresence(ctx, instance, now)
}

func (c *cutStore) SweepPresence(ctx context.Context, stale, forget time.Time) error {
	if c.writes.Load() {
		return errCut
	}
	return c.Store.SweepPresence(ctx, stale, forget)
}

func (c *cutStore) EndPresence(ctx context.Context, instance string, now time.Time) error {
	if c.writes.Load() {
		return errCut
	}
	return c.Store.EndPresence(ctx, instance, now)
}

func (c *cutStore) GamePresence(ctx context.Context, id string) ([]store.Presence, error) {
	if c.reads.Load() {
		return nil, errCut
	}
	return c.Store.GamePresence(ctx, id)
}

// sharePresence is a testOptions.config that has the server's hub share
// presence through way (its Store set to the server's) with a beat of beat,
// until the end of the test.
func sharePresence(t *testing.T, beat time.Duration, way *cutStore) func(*Config) {
	return func(cfg *Config) {
		way.Store = cfg.Store
		cfg.Store = way
		ctx, cancel := context.WithCancel(context.Background())
		stopped := SharePresence(ctx, cfg.Hub, way, beat, nil)
		t.Cleanup(func() { cancel(); <-stopped })
	}
}

// events is a game's event stream read as events: each one's name and
// data arrive on C.
type events struct {
	C     chan [2]string
	Close func()
}

// openEvents opens game id's event stream on c, with the seat token seat
// ("" for a watcher), until Close or the end of the test.
func openEvents(t *testing.T, c *client, id, seat string) *events {
	t.Helper()
	u := c.URL + "/api/games/" + id + "/events"
	if seat != "" {
		u += "?seat=" + url.QueryEscape(seat)
	}
	ctx, cancel := context.WithCancel(context.Background())
	r, err := http.NewRequestWithContext(ctx, "GET", u, nil)
	require.NoError(t, err)
	res, err := http.DefaultClient.Do(r)
	require.NoError(t, err)
	require.Equal(t, http.StatusOK, res.StatusCode)
	e := &events{C: make(chan [2]string, 100), Close: func() { cancel(); res.Body.Close() }}
	t.Cleanup(e.Close)
	go func() {
		defer close(e.C)
		sc := bufio.NewScanner(res.Body)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		name := ""
		for sc.Scan() {
			if n, ok := strings.CutPrefix(sc.Text(), "event: "); ok {
				name = n
			} else if d, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
				e.C <- [2]string{name, d}
			}
		}
	}()
	return e
}

// waitPresence waits for a presence event with data want, skipping others.
func (e *events) waitPresence(t *testing.T, want string) {
	t.Helper()
	timeout := time.After(20 * time.Second)
	for {
		select {
		case ev, ok := <-e.C:
			require.True(t, ok, "the stream ended")
			if ev[0] == "presence" && ev[1] == want {
				return
			}
		case <-timeout:
			t.Fatalf("no presence event %s", want)
		}
	}
}

// TestConnectedOnAnyInstance: in an online game a player whose stream is
// recorded by another instance alive is connected, and the claim against
// it refused; once that instance has been silent for three beats the player
// is away since its last beat, and the claim follows. The other games'
// players are looked for on this instance alone.
func TestConnectedOnAnyInstance(t *testing.T) {
	parallelOnOwnDB(t)
	const beat = 100 * time.Millisecond
	f := newFakeClock()
	c, s := newClient(t, testOptions{config: configs(onClock(f), sharePresence(t, beat, &cutStore{}))})
	ctx := context.Background()
	g := c.Create(`{"mode":"online"}`)
	path := "/api/games/" + g.ID
	playOpening(t, c, g.ID, g.Seats["red"], joinOn(t, c, g))
	opened := f.Now()

	elsewhere := store.Presence{Game: g.ID, Color: "blue", Instance: "another", Streams: 1, Seen: f.Now()}
	require.NoError(t, s.cfg.Store.SetPresence(ctx, elsewhere))
	assert.Equal(t, map[string]any{"red": false, "blue": true}, c.State(g.ID)["connected"])
	res := c.As(g.Seats["red"], "POST", path+"/claim", `{}`)
	assert.Equal(t, http.StatusConflict, res.Status)
	assert.Equal(t, "opponent-connected", res.Body["code"], res.Raw)

	// Ten minutes on, the other instance was last heard of at Blue's last
	// move: gone, the player away since then, longer than the 5 minutes a
	// claim waits.
	f.Advance(10 * time.Minute)
	elsewhere.Seen = opened
	require.NoError(t, s.cfg.Store.SetPresence(ctx, elsewhere))
	assert.Equal(t, map[string]any{"red": false, "blue": false}, c.State(g.ID)["connected"])
	res = c.As(g.Seats["red"], "POST", path+"/claim", `{}`)
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	assert.Equal(t, map[string]any{"reason": "abandonment", "winner": "red"}, res.Body["outcome"])

	ai := c.Create(`{"mode":"ai"}`)
	require.NoError(t, s.cfg.Store.SetPresence(ctx, store.Presence{Game: ai.ID, Color: "red", Instance: "another", Streams: 1, Seen: f.Now()}))
	assert.Equal(t, map[string]any{"red": false, "blue": false}, c.State(ai.ID)["connected"], "an AI game: this instance's streams")
}

// TestClaimRefusedWhenPresenceUnknown: when the players' presence cannot be
// read, a claim is refused (503, presence-unknown) and the game goes on;
// the state answers with this instance's streams.
func TestClaimRefusedWhenPresenceUnknown(t *testing.T) {
	parallelOnOwnDB(t)
	way := &cutStore{}
	f := newFakeClock()
	c, s := newClient(t, testOptions{config: configs(onClock(f), sharePresence(t, time.Hour, way))})
	g := c.Create(`{"mode":"online"}`)
	path := "/api/games/" + g.ID
	playOpening(t, c, g.ID, g.Seats["red"], joinOn(t, c, g))
	require.NoError(t, s.cfg.Store.SetPresence(context.Background(), store.Presence{Game: g.ID, Color: "blue",
		Instance: "another", Seen: f.Now(), Left: f.Now()}))
	f.Advance(time.Hour)
	leave := s.cfg.Hub.Arrive(g.ID, "red")
	defer leave()

	way.reads.Store(true)
	res := c.As(g.Seats["red"], "POST", path+"/claim", `{}`)
	assert.Equal(t, http.StatusServiceUnavailable, res.Status, res.Raw)
	assert.Equal(t, "presence-unknown", res.Body["code"])
	st := c.State(g.ID)
	assert.Equal(t, false, st["over"])
	assert.Equal(t, map[string]any{"red": true, "blue": false}, st["connected"], "this instance's streams")

	way.reads.Store(false)
	res = c.As(g.Seats["red"], "POST", path+"/claim", `{}`)
	assert.Equal(t, http.StatusOK, res.Status, "read again: blue left an hour ago")
}

// TestSeatReadsArePresence: a player who reads the game with its seat
// token (a page polling because its live stream failed, or a hidden tab)
// is here for the grace after its last read: shown connected, and a claim
// against it refused; a read without the token counts nothing; once the
// reads stop for the grace, the player is away.
func TestSeatReadsArePresence(t *testing.T) {
	// Not parallel: reads 150 ms apart must fall within a 300 ms grace.
	c, s := newClient(t, testOptions{})
	s.polled = newPolled(300 * time.Millisecond)
	g := c.Create(`{"mode":"online"}`)
	path := "/api/games/" + g.ID
	blue := joinOn(t, c, g)
	playOpening(t, c, g.ID, g.Seats["red"], blue)

	assert.Equal(t, map[string]any{"red": false, "blue": false}, c.State(g.ID)["connected"], "a watcher's read counts nothing")
	res := c.As(blue, "GET", path, "")
	require.Equal(t, http.StatusOK, res.Status)
	assert.Equal(t, map[string]any{"red": false, "blue": true}, res.Body["connected"], "the reader is here at once")
	res = c.As(g.Seats["red"], "POST", path+"/claim", `{}`)
	assert.Equal(t, "opponent-connected", res.Body["code"], res.Raw)

	for range 3 { // reads within the grace keep Blue here
		time.Sleep(150 * time.Millisecond)
		c.As(blue, "GET", path, "")
	}
	assert.Equal(t, true, c.State(g.ID)["connected"].(map[string]any)["blue"])
	require.Eventually(t, func() bool { return c.State(g.ID)["connected"].(map[string]any)["blue"] == false },
		5*time.Second, 50*time.Millisecond, "away once the reads stop for the grace")
	assert.Empty(t, s.polled.seats, "nothing kept of a seat gone")
}

// claimAttacks replays the attacks on the abandonment claim on a site up
// longer than the claim's wait (f, the servers' time): the creator (on
// instance a, watching its stream) claims the moment the friend joins (on
// instance b, with no stream), racing the join; the friend then plays by
// POST alone, without a stream; and after a rematch the creator claims at
// once. No claim wins before the friend has been away the whole wait
// since its last sign of life, and Retry-After says exactly when.
func claimAttacks(t *testing.T, f *fakeClock, a, b *client) {
	f.Advance(10 * time.Minute) // up twice the wait
	g := a.Create(`{"mode":"online"}`)
	red, path := g.Seats["red"], "/api/games/"+g.ID
	openEvents(t, a, g.ID, red)

	// The claim races the join: it never wins.
	var (
		wg     sync.WaitGroup
		blue   string
		claims []apitest.Response
		mu     sync.Mutex
	)
	wg.Go(func() { blue = joinOn(t, b, g) })
	for range 4 {
		wg.Go(func() {
			res := a.As(red, "POST", path+"/claim", `{}`)
			mu.Lock()
			claims = append(claims, res)
			mu.Unlock()
		})
	}
	wg.Wait()
	for _, res := range claims {
		assert.Equal(t, http.StatusConflict, res.Status, res.Raw)
	}
	res := a.As(red, "POST", path+"/claim", `{}`)
	assert.Equal(t, "opening", res.Body["code"], "claimed the moment the friend joined: %s", res.Raw)

	// Both first moves by POST, the friend on b without a stream.
	res = a.As(red, "POST", path+"/moves", `{"move":"a3a4","ply":0}`)
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	res = b.As(blue, "POST", path+"/moves", `{"move":"a7a6","ply":1}`)
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	res = a.As(red, "POST", path+"/claim", `{}`)
	assert.Equal(t, "opponent-may-return", res.Body["code"], res.Raw)
	assert.Equal(t, "300", res.Header.Get("Retry-After"), "the whole wait from the friend's move")
	st := a.State(g.ID)
	assert.Equal(t, f.Now().Add(5*time.Minute).Format(stampLayout), st["claimableAt"].(map[string]any)["blue"], "the page's countdown")
	assert.Nil(t, st["claimableAt"].(map[string]any)["red"], "Red has its stream open")

	// Moves by POST alone are signs of life.
	res = a.As(red, "POST", path+"/moves", `{"move":"g3g4","ply":2}`)
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	f.Advance(4*time.Minute + 59*time.Second)
	res = a.As(red, "POST", path+"/claim", `{}`)
	assert.Equal(t, "1", res.Header.Get("Retry-After"), res.Raw)
	res = b.As(blue, "POST", path+"/moves", `{"move":"g7g6","ply":3}`)
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	f.Advance(time.Second)
	res = a.As(red, "POST", path+"/claim", `{}`)
	assert.Equal(t, "299", res.Header.Get("Retry-After"), "counted from the last move: %s", res.Raw)
	f.Advance(299 * time.Second)
	res = a.As(red, "POST", path+"/claim", `{}`)
	require.Equal(t, http.StatusOK, res.Status, "away the whole wait since its last move: %s", res.Raw)
	assert.Equal(t, map[string]any{"reason": "abandonment", "winner": "red"}, res.Body["outcome"])

	// A rematch: the old Red (Blue now) claims at once, and after both
	// first moves the whole wait applies again.
	res = b.As(blue, "POST", path+"/rematch", `{"action":"offer"}`)
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	res = a.As(red, "POST", path+"/rematch", `{"action":"accept"}`)
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	next := res.Body["rematch"].(map[string]any)["gameId"].(string)
	res = a.As(red, "POST", "/api/games/"+next+"/claim", `{}`)
	assert.Equal(t, "opening", res.Body["code"], "claimed as the rematch began: %s", res.Raw)
	res = b.As(blue, "POST", "/api/games/"+next+"/moves", `{"move":"a3a4","ply":0}`)
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	res = a.As(red, "POST", "/api/games/"+next+"/moves", `{"move":"a7a6","ply":1}`)
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	f.Advance(time.Second)
	res = a.As(red, "POST", "/api/games/"+next+"/claim", `{}`)
	assert.Equal(t, "opponent-may-return", res.Body["code"], res.Raw)
	assert.Equal(t, "299", res.Header.Get("Retry-After"), res.Raw)
}

// TestClaimAttacksOnSQLite replays claimAttacks on one instance on SQLite.
func TestClaimAttacksOnSQLite(t *testing.T) {
	t.Parallel()
	f := newFakeClock()
	c, _ := newClient(t, testOptions{db: filepath.Join(t.TempDir(), "games.db"),
		config: configs(onClock(f), sharePresence(t, time.Hour, &cutStore{}))})
	claimAttacks(t, f, c, c)
}

// TestClaimAttacksOnTwoInstances replays claimAttacks on two instances on
// one PostgreSQL database, sharing presence: the creator on one, the
// friend on the other.
func TestClaimAttacksOnTwoInstances(t *testing.T) {
	// Not parallel: its presence, on a clock of its own, is in the shared PostgreSQL database.
	dsn := testenv.PostgresURL(t)
	f := newFakeClock()
	a, _ := newClient(t, testOptions{db: dsn, config: configs(onClock(f), sharePresence(t, 100*time.Millisecond, &cutStore{}))})
	b, _ := newClient(t, testOptions{db: dsn, config: configs(onClock(f), sharePresence(t, 100*time.Millisecond, &cutStore{}))})
	claimAttacks(t, f, a, b)
}
