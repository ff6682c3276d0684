package httpapi

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/doushouqi/doushouqi/site/internal/apitest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestClientAddrForms: the spellings of one address are one client, an IPv6
// /64 is one client, and what is no address is refused.
func TestClientAddrForms(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ in, want string }{
		{"1.1.1.1", "1.1.1.1"},
		{"1.1.1.1:5555", "1.1.1.1"},
		{"[2001:db8:3::1]:80", "2001:db8:3::/64"},
		{"2001:DB8:3::1", "2001:db8:3::/64"},
		{"[2001:db8:3::1]", "2001:db8:3::/64"},
		{"2001:0db8:0003::0001", "2001:db8:3::/64"},
		{"2001:db8:3::ffff:1", "2001:db8:3::/64"},
		{"::ffff:1.2.3.4", "1.2.3.4"},
	} {
		got, ok := parseClientAddr(tc.in)
		assert.True(t, ok, tc.in)
		assert.Equal(t, tc.want, got, tc.in)
	}
	for _, bad := range []string{"garbage1", "", "001.1.1.1", "1.1.1.1.1"} {
		_, ok := parseClientAddr(bad)
		assert.False(t, ok, bad)
	}
}

// TestCreateRateLimit: each address may create CreateLimit games a
// minute, then 429 with Retry-After.
func TestCreateRateLimit(t *testing.T) {
	t.Parallel()
	c, _ := newClient(t, testOptions{createLimit: 5})
	for range 5 {
		c.Create(`{"mode":"local"}`)
	}
	res := c.Req("POST", "/api/games", `{"mode":"local"}`)
	assert.Equal(t, http.StatusTooManyRequests, res.Status)
	assert.Equal(t, "rate-limited", res.Body["code"])
	assert.NotEmpty(t, res.Header.Get("Retry-After"))
}

func TestRateLimiterWindows(t *testing.T) {
	t.Parallel()
	l := newRateLimiter(2, time.Minute, 2)
	now := time.Unix(1000, 0)
	l.now = func() time.Time { return now }
	ok := func(client string) bool { a, _ := l.allow(client); return a }
	assert.True(t, ok("a"))
	assert.True(t, ok("a"))
	assert.False(t, ok("a"))
	assert.True(t, ok("b"), "another client has its own count")
	assert.True(t, ok("c"), "beyond maxClients: the shared overflow count")
	assert.True(t, ok("d"))
	assert.False(t, ok("e"), "the overflow is limited too")
	_, wait := l.allow("a")
	assert.Equal(t, time.Minute, wait)
	now = now.Add(time.Minute)
	assert.True(t, ok("a"), "a new window")
}

// TestPostRateLimit: one address may send only so many POSTs a minute
// (moves and undos in its own game would otherwise make the database
// write without end); the refused one changes nothing.
func TestPostRateLimit(t *testing.T) {
	t.Parallel()
	c, _ := newClient(t, testOptions{postLimit: 4})
	g := c.Create(`{"mode":"local"}`) // 1
	path := "/api/games/" + g.ID
	require.Equal(t, http.StatusOK, c.As(g.Seats["red"], "POST", path+"/moves", `{"move":"a3a4","ply":0}`).Status) // 2
	require.Equal(t, http.StatusOK, c.As(g.Seats["blue"], "POST", path+"/undo", `{"ply":1}`).Status)               // 3
	require.Equal(t, http.StatusOK, c.As(g.Seats["red"], "POST", path+"/moves", `{"move":"a3a4","ply":0}`).Status) // 4
	res := c.As(g.Seats["blue"], "POST", path+"/undo", `{"ply":1}`)
	assert.Equal(t, http.StatusTooManyRequests, res.Status)
	assert.Equal(t, "rate-limited", res.Body["code"])
	assert.NotEmpty(t, res.Header.Get("Retry-After"))
	assert.Equal(t, []any{"a3a4"}, c.State(g.ID)["moves"], "reads are not limited; the refused undo did nothing")
}

func TestClientOf(t *testing.T) {
	t.Parallel()
	direct := NewServer(Config{})
	proxied := NewServer(Config{ClientIPHeader: "X-Forwarded-For"})
	cases := []struct {
		remote  string
		header  []string
		direct  string
		proxied string
	}{
		{"10.0.0.1:5000", nil, "10.0.0.1", "10.0.0.1"},
		{"10.0.0.1:5000", []string{"203.0.113.9"}, "10.0.0.1", "203.0.113.9"},
		// A client's own X-Forwarded-For comes first; the proxy appends the real address.
		{"10.0.0.1:5000", []string{"1.2.3.4, 203.0.113.9"}, "10.0.0.1", "203.0.113.9"},
		{"10.0.0.1:5000", []string{"1.2.3.4", "203.0.113.9"}, "10.0.0.1", "203.0.113.9"},
		{"10.0.0.1:5000", []string{""}, "10.0.0.1", "10.0.0.1"},
	}
	for _, tc := range cases {
		r := httptest.NewRequest("GET", "/", nil)
		r.RemoteAddr = tc.remote
		for _, v := range tc.header {
			r.Header.Add("X-Forwarded-For", v)
		}
		assert.Equal(t, tc.direct, direct.clientOf(r), "%v", tc.header)
		assert.Equal(t, tc.proxied, proxied.clientOf(r), "%v", tc.header)
	}
}

func TestTokenBuckets(t *testing.T) {
	t.Parallel()
	l := newTokenBuckets(2, 3, 2)
	now := time.Unix(1000, 0)
	l.now = func() time.Time { return now }
	ok := func(client string) bool { a, _ := l.allow(client); return a }
	for range 3 {
		assert.True(t, ok("a"), "the burst")
	}
	allowed, wait := l.allow("a")
	assert.False(t, allowed, "the burst is spent")
	assert.Equal(t, 500*time.Millisecond, wait, "one token comes back every half second")
	now = now.Add(500 * time.Millisecond)
	assert.True(t, ok("a"))
	assert.False(t, ok("a"))
	assert.True(t, ok("b"), "another client has its own bucket")
	assert.True(t, ok("c"), "beyond maxClients: the shared overflow bucket")
	for range 2 {
		assert.True(t, ok("d"))
	}
	assert.False(t, ok("e"), "the overflow is limited too")
	now = now.Add(10 * time.Second)
	assert.True(t, ok("f"), "full buckets are forgotten to make room")
	assert.LessOrEqual(t, len(l.buckets), 2)
}

// TestReadRateLimit: one address may read the API ReadBurst times at once
// and ReadRate times a second, then 429 with Retry-After; the page's files
// are not counted, nor are the address's POSTs refused for its reads.
// TestReadRateLimit: each address may read ReadRate times a second,
// ReadBurst at once: the API, the page (whose game preview reads the
// database), its files and /healthz alike; then 429 with Retry-After.
func TestReadRateLimit(t *testing.T) {
	t.Parallel()
	c, _ := newClient(t, testOptions{config: func(c *Config) { c.ReadRate, c.ReadBurst = 1, 5 }})
	g := c.Create(`{"mode":"local"}`)
	for i := range 5 {
		require.Equal(t, http.StatusOK, c.Req("GET", "/api/games/"+g.ID, "").Status, "read %d", i)
	}
	res := c.Req("GET", "/api/games/"+g.ID, "")
	assert.Equal(t, http.StatusTooManyRequests, res.Status)
	assert.Equal(t, "rate-limited", res.Body["code"])
	assert.Equal(t, "1", res.Header.Get("Retry-After"))
	assert.Equal(t, http.StatusTooManyRequests, c.Req("HEAD", "/api/levels", "").Status, "every API read counts")
	for _, path := range []string{"/", "/?game=" + g.ID, "/main.js", "/healthz"} {
		assert.Equal(t, http.StatusTooManyRequests, c.Req("GET", path, "").Status, "%s: the page, its files and health count too", path)
	}
	assert.Equal(t, http.StatusOK, c.Req("GET", "/livez", "").Status, "liveness is never refused")
	assert.Equal(t, http.StatusOK, c.As(g.Seats["red"], "POST", "/api/games/"+g.ID+"/moves", `{"move":"a3a4","ply":0}`).Status)
	time.Sleep(1100 * time.Millisecond)
	assert.Equal(t, http.StatusOK, c.Req("GET", "/api/games/"+g.ID, "").Status, "a token came back")
}

// TestRematchCountsAsCreation: a rematch chain (offer and accept, over
// and over, one address holding both seats) is held to the creation
// limit: offers and acceptances count as new games, and each game a
// rematch starts is logged as created.
func TestRematchCountsAsCreation(t *testing.T) {
	t.Parallel()
	var logs apitest.Buffer
	c, _ := newClient(t, testOptions{createLimit: 6, logs: &logs})
	g := c.Create(`{"mode":"online"}`) // 1
	red, blue := g.Seats["red"], joinOn(t, c, g)
	id := g.ID
	started := 0
	for {
		res := c.As(blue, "POST", "/api/games/"+id+"/resign", `{}`)
		require.Equal(t, http.StatusOK, res.Status, res.Raw)
		res = c.As(red, "POST", "/api/games/"+id+"/rematch", `{"action":"offer"}`)
		if res.Status == http.StatusTooManyRequests {
			break
		}
		require.Equal(t, http.StatusOK, res.Status, res.Raw)
		res = c.As(blue, "POST", "/api/games/"+id+"/rematch", `{"action":"accept"}`)
		if res.Status == http.StatusTooManyRequests {
			assert.Equal(t, "rate-limited", res.Body["code"])
			assert.NotEmpty(t, res.Header.Get("Retry-After"))
			break
		}
		require.Equal(t, http.StatusOK, res.Status, res.Raw)
		started++
		id = res.Body["rematch"].(map[string]any)["gameId"].(string)
		red, blue = blue, red
		require.Less(t, started, 10, "the chain is never stopped")
	}
	assert.Equal(t, 2, started, "6 creations a minute: the game, then two offers and two acceptances, then one offer")
	assert.Equal(t, 1+started, strings.Count(logs.String(), `"msg":"game created"`), "each rematch is logged as created")
}

// TestRematchRaceMakesOneGame: acceptances of one offer sent at once (one
// address, one seat) start one rematch, logged once as created; each
// counts against the creation limit, refused or not.
func TestRematchRaceMakesOneGame(t *testing.T) {
	t.Parallel()
	var logs apitest.Buffer
	c, _ := newClient(t, testOptions{createLimit: 100, logs: &logs})
	g := c.Create(`{"mode":"online"}`)
	red, blue := g.Seats["red"], joinOn(t, c, g)
	path := "/api/games/" + g.ID
	require.Equal(t, http.StatusOK, c.As(blue, "POST", path+"/resign", `{}`).Status)
	require.Equal(t, http.StatusOK, c.As(red, "POST", path+"/rematch", `{"action":"offer"}`).Status)
	var wg sync.WaitGroup
	statuses := make([]int, 8)
	for i := range statuses {
		wg.Go(func() { statuses[i] = c.As(blue, "POST", path+"/rematch", `{"action":"accept"}`).Status })
	}
	wg.Wait()
	counts := map[int]int{}
	for _, st := range statuses {
		counts[st]++
	}
	assert.Equal(t, map[int]int{http.StatusOK: 1, http.StatusConflict: len(statuses) - 1}, counts, "one acceptance wins")
	assert.Equal(t, 2, strings.Count(logs.String(), `"msg":"game created"`), "the game and its one rematch")
	assert.NotEmpty(t, c.State(g.ID)["rematch"].(map[string]any)["gameId"])
}
