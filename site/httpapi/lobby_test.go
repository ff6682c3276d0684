package httpapi

import (
	"bufio"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
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

// lobbyPlayer is an identity of the tests: its public id and its secret.
type lobbyPlayer struct{ ID, Token, Name string }

// newLobbyPlayer issues a named identity on c.
func newLobbyPlayer(t *testing.T, c *client) lobbyPlayer {
	t.Helper()
	name := unique("p")
	id, token := named(t, c, name)
	return lobbyPlayer{ID: id, Token: token, Name: name}
}

// by sends a request on c as player p.
func by(c *client, p lobbyPlayer, method, path, body string) apitest.Response {
	c.T.Helper()
	return c.Req(method, path, body, PlayerHeader, p.Token)
}

// lobbyStream is an open lobby event stream.
type lobbyStream struct {
	C     chan [2]string // event name, data
	Close func()
	last  map[string]any // the last lobby event's data read from C
}

// openLobby opens the lobby's event stream on c as p (no identity if
// p.Token is ""), and waits for its first lobby event, once the stream
// holds p's seeks alive.
func openLobby(t *testing.T, c *client, p lobbyPlayer) *lobbyStream {
	t.Helper()
	u := c.URL + "/api/lobby/events"
	if p.Token != "" {
		u += "?player=" + url.QueryEscape(p.Token)
	}
	ctx, cancel := context.WithCancel(context.Background())
	r, err := http.NewRequestWithContext(ctx, "GET", u, nil)
	require.NoError(t, err)
	res, err := http.DefaultClient.Do(r)
	require.NoError(t, err)
	require.Equal(t, http.StatusOK, res.StatusCode)
	e := &lobbyStream{C: make(chan [2]string, 100), Close: func() { cancel(); res.Body.Close() }}
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
	e.wait(t, "lobby", func(map[string]any) bool { return true })
	return e
}

// wait waits for an event named name whose data ok accepts, skipping
// others (a lobby event it skips is still kept as e.last), and returns
// its data.
func (e *lobbyStream) wait(t *testing.T, name string, ok func(map[string]any) bool) map[string]any {
	t.Helper()
	timeout := time.After(20 * time.Second)
	for {
		select {
		case ev, open := <-e.C:
			require.True(t, open, "the stream ended")
			if ev[0] != name && ev[0] != "lobby" {
				continue
			}
			var data map[string]any
			require.NoError(t, json.Unmarshal([]byte(ev[1]), &data))
			if ev[0] == "lobby" {
				e.last = data
			}
			if ev[0] == name && ok(data) {
				return data
			}
		case <-timeout:
			t.Fatalf("no %s event as expected", name)
		}
	}
}

// seekIDs are the ids of the seeks of a lobby event or GET /api/lobby.
func seekIDs(lobby map[string]any) []string {
	ids := []string{}
	for _, sk := range lobby["seeks"].([]any) {
		ids = append(ids, sk.(map[string]any)["id"].(string))
	}
	return ids
}

// listing waits until the lobby, as last heard or in an event to come,
// lists exactly ids.
func (e *lobbyStream) listing(t *testing.T, ids ...string) map[string]any {
	t.Helper()
	if ids == nil {
		ids = []string{}
	}
	lists := func(d map[string]any) bool { return assert.ObjectsAreEqual(ids, seekIDs(d)) }
	if e.last != nil && lists(e.last) { // the list as last heard, which no event may follow
		return e.last
	}
	return e.wait(t, "lobby", lists)
}

// postSeek posts a seek as p and returns its id and seat token.
func postSeek(t *testing.T, c *client, p lobbyPlayer, body string) (string, string) {
	t.Helper()
	res := by(c, p, "POST", "/api/seeks", body)
	require.Equal(t, http.StatusCreated, res.Status, res.Raw)
	return res.Body["id"].(string), res.Body["seat"].(string)
}

// seatOf is the token of the one seat a pairing's answer gives, and its colour.
func seatOf(t *testing.T, res apitest.Response) (string, string) {
	t.Helper()
	seats := res.Body["seats"].(map[string]any)
	require.Len(t, seats, 1)
	for c, tok := range seats {
		return c, tok.(string)
	}
	return "", ""
}

func other(color string) string {
	if color == "red" {
		return "blue"
	}
	return "red"
}

// TestLobbySeekAccepted: a posted seek appears in every lobby stream and in
// GET /api/lobby; another player accepts it and has the game; the seeker's
// stream is told where, and its seat token from the seek holds the other
// seat; the list empties, and a second accept finds the seek gone.
func TestLobbySeekAccepted(t *testing.T) {
	parallelOnOwnDB(t)
	c, _ := newClient(t, testOptions{})
	a, b := newLobbyPlayer(t, c), newLobbyPlayer(t, c)
	watcher := openLobby(t, c, lobbyPlayer{})
	seeker := openLobby(t, c, a)

	id, seat := postSeek(t, c, a, `{"control":"5+3","rated":true}`)
	ev := watcher.listing(t, id)
	sk := ev["seeks"].([]any)[0].(map[string]any)
	assert.Equal(t, "5+3", sk["control"])
	assert.Equal(t, true, sk["rated"])
	assert.Equal(t, a.ID, sk["player"].(map[string]any)["id"])
	assert.Equal(t, a.Name, sk["player"].(map[string]any)["name"])
	assert.Equal(t, 1500.0, sk["player"].(map[string]any)["rating"])
	assert.Equal(t, true, sk["player"].(map[string]any)["provisional"])
	assert.NotContains(t, ev, "seat")
	res := c.Req("GET", "/api/lobby", "")
	require.Equal(t, http.StatusOK, res.Status)
	assert.Equal(t, []any{"3+2", "5+3", "10+5", "15+10", "1d"}, res.Body["controls"])
	assert.Equal(t, []string{id}, seekIDs(res.Body))
	assert.NotContains(t, res.Raw, seat)

	res = by(c, b, "POST", "/api/seeks/"+id+"/accept", `{}`)
	require.Equal(t, http.StatusCreated, res.Status, res.Raw)
	game := res.Body["game"].(map[string]any)
	gameID := game["id"].(string)
	assert.Equal(t, "online", game["mode"])
	assert.Equal(t, "5+3", game["clock"].(map[string]any)["control"])
	color, token := seatOf(t, res)
	assert.Equal(t, true, game["rated"], "two named identities who both asked")
	players := game["players"].(map[string]any)
	assert.Equal(t, b.Name, players[color].(map[string]any)["name"])
	assert.Equal(t, a.Name, players[other(color)].(map[string]any)["name"], "the seeker's, from its seek")

	paired := seeker.wait(t, "paired", func(map[string]any) bool { return true })
	assert.Equal(t, map[string]any{"seek": id, "game": gameID, "color": other(color)}, paired)
	watcher.listing(t)
	// Both seats hold: each plays its colour's first move.
	first, second := token, seat
	if color == "blue" {
		first, second = seat, token
	}
	playOpening(t, c, gameID, first, second)

	res = by(c, newLobbyPlayer(t, c), "POST", "/api/seeks/"+id+"/accept", `{}`)
	assert.Equal(t, http.StatusConflict, res.Status)
	assert.Equal(t, "seek-gone", res.Body["code"], res.Raw)
}

// TestLobbyQuickPairing: the first player's tap posts a seek, the next
// one's for the same control takes it; one for another control waits.
func TestLobbyQuickPairing(t *testing.T) {
	parallelOnOwnDB(t)
	c, _ := newClient(t, testOptions{})
	a, b, d := newLobbyPlayer(t, c), newLobbyPlayer(t, c), newLobbyPlayer(t, c)
	streamA := openLobby(t, c, a)
	openLobby(t, c, d)
	res := by(c, a, "POST", "/api/lobby/quick", `{"control":"5+3"}`)
	require.Equal(t, http.StatusCreated, res.Status, res.Raw)
	seekA, seatA := res.Body["id"].(string), res.Body["seat"].(string)
	res = by(c, d, "POST", "/api/lobby/quick", `{"control":"3+2"}`)
	require.Equal(t, http.StatusCreated, res.Status, res.Raw)
	seekD := res.Body["id"].(string)
	streamA.listing(t, seekA, seekD)

	res = by(c, b, "POST", "/api/lobby/quick", `{"control":"5+3"}`)
	require.Equal(t, http.StatusCreated, res.Status, res.Raw)
	require.Contains(t, res.Body, "game", "paired at once")
	color, _ := seatOf(t, res)
	gameID := res.Body["game"].(map[string]any)["id"].(string)
	paired := streamA.wait(t, "paired", func(map[string]any) bool { return true })
	assert.Equal(t, map[string]any{"seek": seekA, "game": gameID, "color": other(color)}, paired)
	streamA.listing(t, seekD)
	res = c.As(seatA, "POST", "/api/games/"+gameID+"/abort", `{}`)
	assert.Equal(t, http.StatusOK, res.Status, "the seek's seat token holds the seat: %s", res.Raw)
}

// TestLobbySeekRefusals: a seek needs an identity, a lobby stream open and
// a control the lobby offers; a cancel only its owner's.
func TestLobbySeekRefusals(t *testing.T) {
	parallelOnOwnDB(t)
	c, _ := newClient(t, testOptions{})
	a, b := newLobbyPlayer(t, c), newLobbyPlayer(t, c)
	res := c.Req("POST", "/api/seeks", `{"control":"5+3"}`)
	assert.Equal(t, http.StatusUnauthorized, res.Status, "no identity")
	assert.Equal(t, "no-player", res.Body["code"], res.Raw)
	res = c.Req("POST", "/api/seeks", `{"control":"5+3"}`, PlayerHeader, strings.Repeat("0", 32))
	assert.Equal(t, "no-player", res.Body["code"], res.Raw)
	_, anonymous := newIdentity(t, c)
	res = c.Req("POST", "/api/seeks", `{"control":"5+3","rated":true}`, PlayerHeader, anonymous)
	assert.Equal(t, "name-required", res.Body["code"], "a rated seek needs a name: %s", res.Raw)
	res = by(c, a, "POST", "/api/seeks", `{"control":"5+3"}`)
	assert.Equal(t, http.StatusConflict, res.Status)
	assert.Equal(t, "no-lobby", res.Body["code"], res.Raw)
	openLobby(t, c, a)
	for _, body := range []string{`{"control":"7+1"}`, `{}`, `{"control":"5+3","rated":"yes"}`, `{"control":"5+3","color":"red"}`} {
		res = by(c, a, "POST", "/api/seeks", body)
		assert.Equal(t, http.StatusBadRequest, res.Status, body)
		assert.Equal(t, "bad-request", res.Body["code"], res.Raw)
	}
	id, _ := postSeek(t, c, a, `{"control":"10+5"}`)
	res = by(c, b, "POST", "/api/seeks/"+id+"/cancel", `{}`)
	assert.Equal(t, http.StatusForbidden, res.Status)
	assert.Equal(t, "not-your-seek", res.Body["code"], res.Raw)
	res = by(c, a, "POST", "/api/seeks/"+id+"/cancel", `{}`)
	assert.Equal(t, http.StatusNoContent, res.Status, res.Raw)
	res = by(c, b, "POST", "/api/seeks/"+id+"/accept", `{}`)
	assert.Equal(t, "seek-gone", res.Body["code"], res.Raw)
	res = by(c, b, "POST", "/api/seeks/nonsense/accept", `{}`)
	assert.Equal(t, "seek-gone", res.Body["code"], res.Raw)
}

// TestLobbySeekGoesWithThePage: a player's seeks live while one of its
// lobby streams is open (two tabs: both must close).
func TestLobbySeekGoesWithThePage(t *testing.T) {
	parallelOnOwnDB(t)
	c, _ := newClient(t, testOptions{})
	a := newLobbyPlayer(t, c)
	watcher := openLobby(t, c, lobbyPlayer{})
	tab1, tab2 := openLobby(t, c, a), openLobby(t, c, a)
	id, _ := postSeek(t, c, a, `{"control":"5+3"}`)
	watcher.listing(t, id)
	tab1.Close()
	assert.Equal(t, []string{id}, seekIDs(c.Req("GET", "/api/lobby", "").Body), "the other tab holds it")
	tab2.Close()
	watcher.listing(t)
	res := by(c, newLobbyPlayer(t, c), "POST", "/api/seeks/"+id+"/accept", `{}`)
	assert.Equal(t, "seek-gone", res.Body["code"], res.Raw)
}

// TestLobbyOwnSeekFromAnotherTab: one identity in two tabs (or two
// browsers sharing it) cannot take its own seek, by accept or by quick
// pairing, whichever instance it asks.
func TestLobbyOwnSeekFromAnotherTab(t *testing.T) {
	parallelOnOwnDB(t)
	c, _ := newClient(t, testOptions{})
	a := newLobbyPlayer(t, c)
	openLobby(t, c, a)
	openLobby(t, c, a)
	id, _ := postSeek(t, c, a, `{"control":"5+3"}`)
	res := by(c, a, "POST", "/api/seeks/"+id+"/accept", `{}`)
	assert.Equal(t, http.StatusConflict, res.Status)
	assert.Equal(t, "own-seek", res.Body["code"], res.Raw)
	res = by(c, a, "POST", "/api/lobby/quick", `{"control":"5+3"}`)
	require.Equal(t, http.StatusCreated, res.Status, res.Raw)
	assert.NotContains(t, res.Body, "game", "a second seek, not a game with itself")
	assert.Len(t, seekIDs(c.Req("GET", "/api/lobby", "").Body), 2)
}

// TestLobbyFloods: one identity's open seeks are capped, one address's
// seeks are rate-limited like new games, and the whole lobby's open seeks
// are capped however many addresses and identities post them.
func TestLobbyFloods(t *testing.T) {
	parallelOnOwnDB(t)
	c, _ := newClient(t, testOptions{createLimit: 6, config: func(cfg *Config) {
		cfg.SeeksPerPlayer, cfg.Seeks = 2, 5
		cfg.ClientIPHeader = "X-Forwarded-For"
	}})
	from := func(addr string, p lobbyPlayer, path, body string) apitest.Response {
		return c.Req("POST", path, body, "X-Player", p.Token, "X-Forwarded-For", addr)
	}
	identities := 0
	newLobbyPlayer := func(*testing.T, *client) lobbyPlayer { // each from an address of its own
		identities++
		res := c.Req("POST", "/api/players", "", "X-Forwarded-For", fmt.Sprintf("10.9.0.%d", identities))
		require.Equal(t, http.StatusCreated, res.Status, res.Raw)
		return lobbyPlayer{ID: res.Body["id"].(string), Token: res.Body["token"].(string)}
	}
	// One identity, one address.
	a := newLobbyPlayer(t, c)
	openLobby(t, c, a)
	for range 2 {
		require.Equal(t, http.StatusCreated, from("10.0.0.1", a, "/api/seeks", `{"control":"5+3"}`).Status)
	}
	res := from("10.0.0.1", a, "/api/seeks", `{"control":"5+3"}`)
	assert.Equal(t, http.StatusTooManyRequests, res.Status)
	assert.Equal(t, "too-many-seeks", res.Body["code"], res.Raw)
	res = from("10.0.0.1", a, "/api/lobby/quick", `{"control":"10+5"}`)
	assert.Equal(t, "too-many-seeks", res.Body["code"], res.Raw)
	// The address's creations run out (6 a minute: 4 spent).
	b := newLobbyPlayer(t, c)
	openLobby(t, c, b)
	require.Equal(t, http.StatusCreated, from("10.0.0.1", b, "/api/seeks", `{"control":"5+3"}`).Status)
	require.Equal(t, http.StatusCreated, from("10.0.0.1", b, "/api/seeks", `{"control":"3+2"}`).Status, "the fourth")
	res = from("10.0.0.1", b, "/api/seeks", `{"control":"1d"}`)
	assert.Equal(t, http.StatusTooManyRequests, res.Status)
	assert.Equal(t, "rate-limited", res.Body["code"], res.Raw)
	// Many addresses, many identities: the lobby holds 5 open seeks.
	statuses := map[int]int{}
	for i := range 6 {
		p := newLobbyPlayer(t, c)
		openLobby(t, c, p)
		res := from(fmt.Sprintf("10.1.0.%d", i), p, "/api/seeks", `{"control":"15+10"}`)
		statuses[res.Status]++
		if res.Status == http.StatusServiceUnavailable {
			assert.Equal(t, "lobby-full", res.Body["code"], res.Raw)
			assert.NotEmpty(t, res.Header.Get("Retry-After"))
		}
	}
	assert.Equal(t, map[int]int{http.StatusCreated: 1, http.StatusServiceUnavailable: 5}, statuses)
	assert.Len(t, seekIDs(c.Req("GET", "/api/lobby", "").Body), 5)
}

// TestLobbyTwoInstances: two instances on one PostgreSQL database; a
// player whose lobby stream is on A posts a seek through B, a watcher on B
// sees it, a player on B takes it and the seeker hears of it on A; quick
// pairing pairs two players who tapped on different instances; and of
// players racing to take one seek through both instances one wins.
func TestLobbyTwoInstances(t *testing.T) {
	// Not parallel: its lobby is the shared PostgreSQL database's, which other tests' seeks would fill.
	dsn := testenv.PostgresURL(t)
	a, _ := newClient(t, testOptions{db: dsn})
	b, _ := newClient(t, testOptions{db: dsn})
	seeker, taker := newLobbyPlayer(t, a), newLobbyPlayer(t, b)
	onA := openLobby(t, a, seeker)
	watchB := openLobby(t, b, lobbyPlayer{})
	id, seat := postSeek(t, b, seeker, `{"control":"10+5"}`)
	watchB.wait(t, "lobby", func(d map[string]any) bool { return assert.ObjectsAreEqual([]string{id}, seekIDs(d)) })
	res := by(b, taker, "POST", "/api/seeks/"+id+"/accept", `{}`)
	require.Equal(t, http.StatusCreated, res.Status, res.Raw)
	color, token := seatOf(t, res)
	gameID := res.Body["game"].(map[string]any)["id"].(string)
	paired := onA.wait(t, "paired", func(map[string]any) bool { return true })
	assert.Equal(t, map[string]any{"seek": id, "game": gameID, "color": other(color)}, paired)
	first, second := token, seat
	if color == "blue" {
		first, second = seat, token
	}
	playOpening(t, a, gameID, first, second) // the seeker plays on A

	// Quick pairing across instances.
	p, q := newLobbyPlayer(t, a), newLobbyPlayer(t, b)
	streamP := openLobby(t, a, p)
	res = by(a, p, "POST", "/api/lobby/quick", `{"control":"3+2"}`)
	require.Equal(t, http.StatusCreated, res.Status, res.Raw)
	seekP := res.Body["id"].(string)
	res = by(b, q, "POST", "/api/lobby/quick", `{"control":"3+2"}`)
	require.Equal(t, http.StatusCreated, res.Status, res.Raw)
	require.Contains(t, res.Body, "game")
	assert.Equal(t, seekP, streamP.wait(t, "paired", func(map[string]any) bool { return true })["seek"])

	// Racing takers on both instances.
	r := newLobbyPlayer(t, a)
	openLobby(t, b, r)
	id, _ = postSeek(t, a, r, `{"control":"1d"}`)
	var wg sync.WaitGroup
	statuses := make([]int, 8)
	for i := range statuses {
		c := []*client{a, b}[i%2]
		wg.Go(func() { statuses[i] = by(c, newLobbyPlayer(t, c), "POST", "/api/seeks/"+id+"/accept", `{}`).Status })
	}
	wg.Wait()
	count := map[int]int{}
	for _, st := range statuses {
		count[st]++
	}
	assert.Equal(t, map[int]int{http.StatusCreated: 1, http.StatusConflict: 7}, count)
}

// lobbyCut is a server's store whose lobby writes the test cuts off (an
// instance killed, or cut off from the database).
type lobbyCut struct {
	store.Store
	off atomic.Bool

	mu       sync.Mutex
	lastBeat time.Time // the latest time the instance wrote that it was alive
}

// wrote notes that the instance wrote, without error, that it was alive at now.
func (c *lobbyCut) wrote(now time.Time, err error) {
	if err != nil {
		return
	}
	c.mu.Lock()
	if now.After(c.lastBeat) {
		c.lastBeat = now
	}
	c.mu.Unlock()
}

// alive is the latest time the instance wrote that it was alive.
func (c *lobbyCut) alive() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.lastBeat
}

func (c *lobbyCut) SetLobby(ctx context.Context, player, instance string, streams int, now, stale time.Time) (int, error) {
	if c.off.Load() {
		return 0, errCut
	}
	n, err := c.Store.SetLobby(ctx, player, instance, streams, now, stale)
	if streams > 0 { // 0 removes the player's row: no sign of life
		c.wrote(now, err)
	}
	return n, err
}

func (c *lobbyCut) BeatLobby(ctx context.Context, instance string, now time.Time) error {
	if c.off.Load() {
		return errCut
	}
	err := c.Store.BeatLobby(ctx, instance, now)
	c.wrote(now, err)
	return err
}

func (c *lobbyCut) SweepLobby(ctx context.Context, stale, forget time.Time) (int, error) {
	if c.off.Load() {
		return 0, errCut
	}
	return c.Store.SweepLobby(ctx, stale, forget)
}

func (c *lobbyCut) EndLobby(ctx context.Context, instance string, stale time.Time) error {
	if c.off.Load() {
		return errCut
	}
	return c.Store.EndLobby(ctx, instance, stale)
}

// ownPostgres creates a PostgreSQL database for the test, dropped at its
// end, and returns its URL: a test whose instances beat faster than the
// others' must not sweep theirs out.
func ownPostgres(t *testing.T) string {
	admin, err := sql.Open("pgx", testenv.PostgresURL(t))
	require.NoError(t, err)
	defer admin.Close()
	name := "dsq_lobby_" + apitest.NewID()[:12]
	_, err = admin.Exec("CREATE DATABASE " + name)
	require.NoError(t, err)
	t.Cleanup(func() {
		if admin, err := sql.Open("pgx", testenv.PostgresURL(t)); err == nil {
			admin.Exec("DROP DATABASE " + name + " WITH (FORCE)")
			admin.Close()
		}
	})
	u, err := url.Parse(testenv.PostgresURL(t))
	require.NoError(t, err)
	u.Path = "/" + name
	return u.String()
}

// TestLobbyKilledInstance: an instance dies with a player's lobby stream
// and seek on it; within a few beats the seek is gone from the other
// instance's lobby, cannot be taken there or quick-paired, and nobody is
// left waiting for it; the seeker, back on the live instance, starts
// afresh. A seek on the live instance is paired once.
func TestLobbyKilledInstance(t *testing.T) {
	t.Parallel()
	dsn := ownPostgres(t)
	const beat = 100 * time.Millisecond
	cut := &lobbyCut{}
	fast := func(cfg *Config) { cfg.LobbyBeat = beat }
	k, sk := newClient(t, testOptions{db: dsn, config: func(cfg *Config) {
		fast(cfg)
		cut.Store = cfg.Store
		cfg.Store = cut
	}})
	l, _ := newClient(t, testOptions{db: dsn, config: fast})
	a, b, d := newLobbyPlayer(t, k), newLobbyPlayer(t, l), newLobbyPlayer(t, l)
	openLobby(t, k, a)
	dead, _ := postSeek(t, k, a, `{"control":"5+3"}`)
	openLobby(t, l, d)
	live, _ := postSeek(t, l, d, `{"control":"10+5"}`)
	watch := openLobby(t, l, lobbyPlayer{})
	watch.listing(t, dead, live)

	cut.off.Store(true) // k dies: it writes nothing more
	sk.Shutdown()
	watch.listing(t, live)
	// On a busy machine k's last beat may come well before its death: the
	// seek is listed until that beat is lobbyStale beats old, not longer.
	assert.GreaterOrEqual(t, time.Since(cut.alive()), lobbyStale*beat, "listed until k missed its beats")
	res := by(l, b, "POST", "/api/seeks/"+dead+"/accept", `{}`)
	assert.Equal(t, "seek-gone", res.Body["code"], res.Raw)
	openLobby(t, l, b)
	res = by(l, b, "POST", "/api/lobby/quick", `{"control":"5+3"}`)
	require.Equal(t, http.StatusCreated, res.Status, res.Raw)
	assert.NotContains(t, res.Body, "game", "not paired with the dead seek")
	mine := res.Body["id"].(string)
	openLobby(t, l, a) // a's page reconnects to l
	res = by(l, a, "POST", "/api/lobby/quick", `{"control":"5+3"}`)
	require.Equal(t, http.StatusCreated, res.Status, res.Raw)
	require.Contains(t, res.Body, "game", "a pairs with b's live seek")
	watch.listing(t, live)
	assert.NotContains(t, seekIDs(l.Req("GET", "/api/lobby", "").Body), mine)
}

// TestLobbyShutdownLetsSeeksGo: Shutdown returns once the instance's
// seeks are gone from the store, so that a process closing its store
// right after leaves none behind for others to see until they expire.
func TestLobbyShutdownLetsSeeksGo(t *testing.T) {
	parallelOnOwnDB(t)
	var db store.Store
	k, sk := newClient(t, testOptions{config: func(cfg *Config) { db = cfg.Store }})
	a := newLobbyPlayer(t, k)
	openLobby(t, k, a)
	postSeek(t, k, a, `{"control":"5+3"}`)
	open, _, err := db.Seeks(context.Background(), time.Now().Add(-time.Minute), 10)
	require.NoError(t, err)
	require.Len(t, open, 1)

	sk.Shutdown()
	open, _, err = db.Seeks(context.Background(), time.Now().Add(-time.Minute), 10)
	require.NoError(t, err)
	assert.Empty(t, open, "the seek outlived its instance's shutdown")
}
