package httpapi

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/doushouqi/doushouqi/site/internal/apitest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// lobbyPlayer is an identity of the tests: its public id and its secret.
type lobbyPlayer struct{ ID, Token string }

// newLobbyPlayer issues an identity on c.
func newLobbyPlayer(t *testing.T, c *client) lobbyPlayer {
	t.Helper()
	id := apitest.NewID()[:16]
	return lobbyPlayer{ID: id, Token: id}
}

// by sends a request on c as player p.
func by(c *client, p lobbyPlayer, method, path, body string) apitest.Response {
	c.T.Helper()
	return c.Req(method, path, body, "X-Player", p.Token)
}

// lobbyStream is an open lobby event stream.
type lobbyStream struct {
	C     chan [2]string // event name, data
	Close func()
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
// others, and returns its data.
func (e *lobbyStream) wait(t *testing.T, name string, ok func(map[string]any) bool) map[string]any {
	t.Helper()
	timeout := time.After(20 * time.Second)
	for {
		select {
		case ev, open := <-e.C:
			require.True(t, open, "the stream ended")
			if ev[0] != name {
				continue
			}
			var data map[string]any
			require.NoError(t, json.Unmarshal([]byte(ev[1]), &data))
			if ok(data) {
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

// listing waits for a lobby event listing exactly ids.
func (e *lobbyStream) listing(t *testing.T, ids ...string) map[string]any {
	t.Helper()
	if ids == nil {
		ids = []string{}
	}
	return e.wait(t, "lobby", func(d map[string]any) bool { return assert.ObjectsAreEqual(ids, seekIDs(d)) })
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
	c, _ := newClient(t, testOptions{})
	a, b := newLobbyPlayer(t, c), newLobbyPlayer(t, c)
	res := c.Req("POST", "/api/seeks", `{"control":"5+3"}`)
	assert.NotEqual(t, http.StatusCreated, res.Status, "no identity")
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
