package httpapi

import (
	"context"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/doushouqi/doushouqi/site/internal/apitest"
	"github.com/doushouqi/doushouqi/site/internal/testenv"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTwoInstances runs two servers on one PostgreSQL database, as behind a
// load balancer: one online game played through both, each player watching
// on the instance the other does not use, and racing moves sent to both at
// once, of which exactly one wins.
func TestTwoInstances(t *testing.T) {
	t.Parallel()
	dsn := testenv.PostgresURL(t)
	a, _ := newClient(t, testOptions{db: dsn})
	b, _ := newClient(t, testOptions{db: dsn})

	g := a.Create(`{"mode":"online"}`)
	red := g.Seats["red"]
	path := "/api/games/" + g.ID
	res := b.Req("POST", path+"/join", g.JoinBody())
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	blue := res.Body["seats"].(map[string]any)["blue"].(string)

	watchA, watchB := a.Events(g.ID), b.Events(g.ID)
	watchA.WaitPly(t, 0)
	watchB.WaitPly(t, 0)

	res = a.As(red, "POST", path+"/moves", `{"move":"a3a4","ply":0}`)
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	assert.Equal(t, "a3a4", watchB.WaitPly(t, 1)["lastMove"], "B's watcher hears of A's move")
	res = b.As(blue, "POST", path+"/moves", `{"move":"a7a6","ply":1}`)
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	assert.Equal(t, "a7a6", watchA.WaitPly(t, 2)["lastMove"], "A's watcher hears of B's move")
	assert.Equal(t, []any{"a3a4", "a7a6"}, readPly(a, g.ID, 2)["moves"], "A reads B's move")

	// Racing moves: red sends g3g4 to both instances, several times at once.
	var wg sync.WaitGroup
	var mu sync.Mutex
	statuses := map[int]int{}
	for i := range 8 {
		c := a
		if i%2 == 1 {
			c = b
		}
		wg.Go(func() {
			res := c.As(red, "POST", path+"/moves", `{"move":"g3g4","ply":2}`)
			mu.Lock()
			statuses[res.Status]++
			mu.Unlock()
		})
	}
	wg.Wait()
	assert.Equal(t, map[int]int{200: 1, 409: 7}, statuses)
	assert.Equal(t, []any{"a3a4", "a7a6", "g3g4"}, readPly(b, g.ID, 3)["moves"])
	watchA.WaitPly(t, 3)
	watchB.WaitPly(t, 3)

	// Two different moves racing: one wins, the game holds exactly one.
	wg = sync.WaitGroup{}
	results := make([]int, 2)
	for i, c := range []*client{a, b} {
		move := []string{`{"move":"g7g6","ply":3}`, `{"move":"b8b7","ply":3}`}[i]
		wg.Go(func() { results[i] = c.As(blue, "POST", path+"/moves", move).Status })
	}
	wg.Wait()
	assert.ElementsMatch(t, []int{200, 409}, results)
	assert.Equal(t, readPly(a, g.ID, 4)["moves"], readPly(b, g.ID, 4)["moves"])
	assert.Len(t, a.State(g.ID)["moves"], 4, "never more than one of the two")
}

// waitPly reads game id until its ply is ply: a read on one instance may
// trail a change made on another by the time the database's notification
// takes (the cache is then refreshed).
func readPly(c *client, id string, ply int) map[string]any {
	c.T.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		st := c.State(id)
		if st["ply"] == float64(ply) {
			return st
		}
		require.True(c.T, time.Now().Before(deadline), "ply %v, want %d", st["ply"], ply)
		time.Sleep(5 * time.Millisecond)
	}
}

// TestTwoInstancesSharePresence: a player's stream on instance B is its
// presence on instance A too: A's state shows it connected, A's watchers
// hear it come and go, and a claim on A against it is refused. When B dies
// without closing its streams (it writes nothing more), the player counts
// as away on A once B has been silent for three beats, away since B's last
// beat, and the claim on A is won once the player's clock time is gone.
func TestTwoInstancesSharePresence(t *testing.T) {
	t.Parallel()
	dsn := testenv.PostgresURL(t)
	const beat = 200 * time.Millisecond
	wayB := &cutStore{}
	a, sa := newClient(t, testOptions{db: dsn, config: sharePresence(t, beat, &cutStore{})})
	b, sb := newClient(t, testOptions{db: dsn, config: sharePresence(t, beat, wayB)})

	g := a.Create(`{"mode":"online","clock":"1+0"}`)
	red := g.Seats["red"]
	path := "/api/games/" + g.ID
	res := b.Req("POST", path+"/join", g.JoinBody())
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	blue := res.Body["seats"].(map[string]any)["blue"].(string)
	res = a.As(red, "POST", path+"/moves", `{"move":"a3a4","ply":0}`)
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	res = b.As(blue, "POST", path+"/moves", `{"move":"a7a6","ply":1}`)
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	// Blue has 4 s left (red to move): once away, a claim waits that long.
	ctx := context.Background()
	row, err := sa.cfg.Store.Get(ctx, g.ID)
	require.NoError(t, err)
	row.BlueLeft = 4 * time.Second
	require.NoError(t, sa.cfg.Store.Update(ctx, row))
	claim := func() apitest.Response {
		return a.As(red, "POST", path+"/claim", `{}`)
	}
	connected := func() map[string]any { return a.State(g.ID)["connected"].(map[string]any) }

	watch := openEvents(t, a, g.ID, "") // a watcher on A
	seat := openEvents(t, b, g.ID, blue)
	watch.waitPresence(t, `{"red":false,"blue":true}`)
	assert.Equal(t, map[string]any{"red": false, "blue": true}, connected(), "on B: connected on A")
	res = claim()
	assert.Equal(t, http.StatusConflict, res.Status)
	assert.Equal(t, "opponent-connected", res.Body["code"], res.Raw)

	seat.Close()
	watch.waitPresence(t, `{"red":false,"blue":false}`)
	assert.Equal(t, map[string]any{"red": false, "blue": false}, connected(), "left B: away on A")
	res = claim()
	assert.Equal(t, http.StatusConflict, res.Status)
	assert.Equal(t, "opponent-may-return", res.Body["code"], res.Raw)

	openEvents(t, b, g.ID, blue)
	watch.waitPresence(t, `{"red":false,"blue":true}`)
	assert.Equal(t, true, connected()["blue"])

	// B dies: nothing it does reaches the database any more, and its
	// streams end without its departures written.
	wayB.writes.Store(true)
	killed := time.Now()
	sb.Shutdown()
	require.Eventually(t, func() bool { return connected()["blue"] == false }, 20*time.Second, 20*time.Millisecond)
	assert.GreaterOrEqual(t, time.Since(killed), 2*beat, "counted for three beats from B's last")
	watch.waitPresence(t, `{"red":false,"blue":false}`) // A's sweep closed B's record and told the instances
	res = claim()
	assert.Equal(t, http.StatusConflict, res.Status)
	assert.Equal(t, "opponent-may-return", res.Body["code"], res.Raw)
	require.Eventually(t, func() bool { res = claim(); return res.Status == http.StatusOK }, 20*time.Second, 50*time.Millisecond)
	assert.GreaterOrEqual(t, time.Since(killed), 4*time.Second-beat, "away since B's last beat, for blue's 4 s")
	assert.Equal(t, map[string]any{"reason": "abandonment", "winner": "red"}, res.Body["outcome"])
}

// TestTakebackAcceptRacesAMoveOnTwoInstances: the asker moves on one
// instance while the opponent accepts its takeback on another: exactly one
// of them is stored, both instances then read the same game, and the other
// call is refused 409.
func TestTakebackAcceptRacesAMoveOnTwoInstances(t *testing.T) {
	t.Parallel()
	dsn := testenv.PostgresURL(t)
	a, _ := newClient(t, testOptions{db: dsn})
	b, _ := newClient(t, testOptions{db: dsn})
	outcomes := map[string]int{}
	for range 6 {
		g := a.Create(`{"mode":"online"}`)
		path := "/api/games/" + g.ID
		red, blue := g.Seats["red"], joinOn(t, b, g)
		playOpening(t, a, g.ID, red, blue)
		require.Equal(t, http.StatusOK, a.As(red, "POST", path+"/moves", `{"move":"g3g4","ply":2}`).Status)
		require.Equal(t, http.StatusOK, b.As(blue, "POST", path+"/moves", `{"move":"g7g6","ply":3}`).Status)
		require.Equal(t, http.StatusOK, a.As(red, "POST", path+"/takeback", `{"action":"offer","ply":4}`).Status)
		readPly(b, g.ID, 4)
		var move, accept int
		var wg sync.WaitGroup
		wg.Go(func() { move = a.As(red, "POST", path+"/moves", `{"move":"e3d3","ply":4}`).Status })
		wg.Go(func() { accept = b.As(blue, "POST", path+"/takeback", `{"action":"accept","ply":4}`).Status })
		wg.Wait()
		switch {
		case accept == 200:
			assert.Equal(t, 409, move)
			readPly(a, g.ID, 2)
			outcomes["accepted"]++
		default:
			assert.Equal(t, []int{200, 409}, []int{move, accept})
			readPly(b, g.ID, 5)
			outcomes["moved"]++
		}
		assert.Nil(t, a.State(g.ID)["takeback"].(map[string]any)["offeredBy"])
	}
	t.Logf("%v", outcomes)
}
