package httpapi

import (
	"bufio"
	"context"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"

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
	const beat = 100 * time.Millisecond
	c, s := newClient(t, testOptions{config: sharePresence(t, beat, &cutStore{})})
	ctx := context.Background()
	g := c.Create(`{"mode":"online"}`)
	path := "/api/games/" + g.ID
	res := c.Req("POST", path+"/join", g.JoinBody())
	require.Equal(t, http.StatusOK, res.Status, res.Raw)

	elsewhere := store.Presence{Game: g.ID, Color: "blue", Instance: "another", Streams: 1, Seen: time.Now()}
	require.NoError(t, s.cfg.Store.SetPresence(ctx, elsewhere))
	assert.Equal(t, map[string]any{"red": false, "blue": true}, c.State(g.ID)["connected"])
	res = c.As(g.Seats["red"], "POST", path+"/claim", `{}`)
	assert.Equal(t, http.StatusConflict, res.Status)
	assert.Equal(t, "opponent-connected", res.Body["code"], res.Raw)

	// The other instance was last heard of ten minutes ago: gone, the
	// player away since then, longer than the 5 minutes a claim waits.
	elsewhere.Seen = time.Now().Add(-10 * time.Minute)
	require.NoError(t, s.cfg.Store.SetPresence(ctx, elsewhere))
	assert.Equal(t, map[string]any{"red": false, "blue": false}, c.State(g.ID)["connected"])
	res = c.As(g.Seats["red"], "POST", path+"/claim", `{}`)
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	assert.Equal(t, map[string]any{"reason": "abandonment", "winner": "red"}, res.Body["outcome"])

	ai := c.Create(`{"mode":"ai"}`)
	require.NoError(t, s.cfg.Store.SetPresence(ctx, store.Presence{Game: ai.ID, Color: "red", Instance: "another", Streams: 1, Seen: time.Now()}))
	assert.Equal(t, map[string]any{"red": false, "blue": false}, c.State(ai.ID)["connected"], "an AI game: this instance's streams")
}

// TestClaimRefusedWhenPresenceUnknown: when the players' presence cannot be
// read, a claim is refused (503, presence-unknown) and the game goes on;
// the state answers with this instance's streams.
func TestClaimRefusedWhenPresenceUnknown(t *testing.T) {
	way := &cutStore{}
	c, s := newClient(t, testOptions{config: sharePresence(t, time.Hour, way)})
	g := c.Create(`{"mode":"online"}`)
	path := "/api/games/" + g.ID
	res := c.Req("POST", path+"/join", g.JoinBody())
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	require.NoError(t, s.cfg.Store.SetPresence(context.Background(), store.Presence{Game: g.ID, Color: "blue",
		Instance: "another", Seen: time.Now().Add(-time.Hour), Left: time.Now().Add(-time.Hour)}))
	leave := s.cfg.Hub.Arrive(g.ID, "red")
	defer leave()

	way.reads.Store(true)
	res = c.As(g.Seats["red"], "POST", path+"/claim", `{}`)
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
	c, s := newClient(t, testOptions{})
	s.polled = newPolled(300 * time.Millisecond)
	g := c.Create(`{"mode":"online"}`)
	path := "/api/games/" + g.ID
	res := c.Req("POST", path+"/join", g.JoinBody())
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	blue := res.Body["seats"].(map[string]any)["blue"].(string)

	assert.Equal(t, map[string]any{"red": false, "blue": false}, c.State(g.ID)["connected"], "a watcher's read counts nothing")
	res = c.As(blue, "GET", path, "")
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
