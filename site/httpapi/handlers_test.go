package httpapi

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/site/games"
	"github.com/doushouqi/doushouqi/site/internal/apitest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestLocalGame(t *testing.T) {
	t.Parallel()
	c, _ := newClient(t, testOptions{})
	g := c.Create(`{"mode":"local"}`)
	require.Len(t, g.Seats, 2, "a local game gives both seats")
	red, blue := g.Seats["red"], g.Seats["blue"]
	path := "/api/games/" + g.ID

	st := c.State(g.ID)
	assert.Equal(t, "red", st["sideToMove"])
	assert.Equal(t, "local", st["mode"])
	assert.Nil(t, st["outcome"])
	assert.Nil(t, st["lastMove"])
	assert.Equal(t, map[string]any{"red": true, "blue": true}, st["seated"])
	// Every change gives a higher version, also one that goes back in ply
	// (the undo): the page keeps the state of higher version.
	version := st["version"].(float64)
	assert.Equal(t, 1.0, version)
	later := func(body map[string]any) {
		t.Helper()
		v, ok := body["version"].(float64)
		require.True(t, ok, "version in %v", body)
		assert.Greater(t, v, version, "the version grows with each change")
		version = v
	}

	res := c.As(red, "POST", path+"/moves", `{"move":"a3a4","ply":0}`)
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	assert.Equal(t, "blue", res.Body["sideToMove"])
	assert.Equal(t, []any{"a3a4"}, res.Body["moves"])
	assert.Equal(t, "a3a4", res.Body["lastMove"])
	assert.Equal(t, 1.0, res.Body["ply"])
	later(res.Body)

	res = c.As(red, "POST", path+"/moves", `{"move":"a7a6","ply":1}`)
	assert.Equal(t, http.StatusConflict, res.Status, "red's token cannot move blue")
	res = c.As(blue, "POST", path+"/moves", `{"move":"c7c6","ply":1}`)
	assert.Equal(t, http.StatusUnprocessableEntity, res.Status)
	assert.Equal(t, "water", res.Body["code"])
	assert.Equal(t, "c7c6: the leopard cannot enter the water: only the rat may be on water", res.Body["message"])
	res = c.As(blue, "POST", path+"/moves", `{"move":"a7a6","ply":0}`)
	assert.Equal(t, http.StatusConflict, res.Status, "stale ply")

	res = c.As(blue, "POST", path+"/undo", `{"ply":1}`)
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	assert.Equal(t, []any{}, res.Body["moves"])
	later(res.Body)

	res = c.As(red, "POST", path+"/draw", `{"action":"offer"}`)
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	assert.Equal(t, "red", res.Body["drawOffer"])
	later(res.Body)
	res = c.As(red, "POST", path+"/draw", `{"action":"accept"}`)
	assert.Equal(t, http.StatusConflict, res.Status, "one cannot accept one's own offer")
	res = c.As(blue, "POST", path+"/draw", `{"action":"accept"}`)
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	assert.Equal(t, true, res.Body["over"])
	assert.Equal(t, map[string]any{"reason": "agreed", "winner": nil}, res.Body["outcome"])
	later(res.Body)

	res = c.As(red, "POST", path+"/moves", `{"move":"a3a4","ply":0}`)
	assert.Equal(t, http.StatusConflict, res.Status, "no move after the end")
	assert.Equal(t, "conflict", res.Body["code"])
	// The stored game replays as it was.
	st = c.State(g.ID)
	assert.Equal(t, true, st["over"])
	assert.Equal(t, "agreed", st["outcome"].(map[string]any)["reason"])
	assert.Equal(t, version, st["version"], "refused requests change nothing")
}

func TestAIGame(t *testing.T) {
	t.Parallel()
	c, _ := newClient(t, testOptions{})
	t.Run("the AI opens as Red", func(t *testing.T) {
		g := c.Create(`{"mode":"ai","color":"blue","level":1}`)
		require.Len(t, g.Seats, 1)
		require.Contains(t, g.Seats, "blue")
		st := c.WaitAI(g.ID)
		assert.Len(t, st["moves"], 1)
		assert.Equal(t, "blue", st["sideToMove"])
		assert.Equal(t, "red", st["aiColor"])
	})
	t.Run("the AI answers", func(t *testing.T) {
		g := c.Create(`{"mode":"ai","level":2}`)
		token := g.Seats["red"]
		path := "/api/games/" + g.ID
		res := c.As(token, "POST", path+"/moves", `{"move":"a3a4","ply":0}`)
		require.Equal(t, http.StatusOK, res.Status, res.Raw)
		assert.Equal(t, true, res.Body["aiThinking"])
		st := c.WaitAI(g.ID)
		assert.Len(t, st["moves"], 2)
		assert.Equal(t, "red", st["sideToMove"])

		res = c.As(token, "POST", path+"/undo", `{"ply":2}`)
		require.Equal(t, http.StatusOK, res.Status, res.Raw)
		assert.Equal(t, []any{}, res.Body["moves"], "undo takes back the AI's reply and the player's move")

		res = c.As(token, "POST", path+"/draw", `{"action":"offer"}`)
		require.Equal(t, http.StatusOK, res.Status, res.Raw)
		assert.Equal(t, "red", res.Body["drawOffer"], "the AI answers by a job")
		assert.Equal(t, true, res.Body["aiThinking"])
		st = c.WaitAI(g.ID)
		assert.Nil(t, st["drawOffer"], "answered")
		assert.Equal(t, false, st["over"], "an even start: the AI plays on")

		res = c.As(token, "POST", path+"/resign", `{}`)
		require.Equal(t, http.StatusOK, res.Status, res.Raw)
		assert.Equal(t, map[string]any{"reason": "resignation", "winner": "blue"}, res.Body["outcome"])
	})
}

func TestOnlineGame(t *testing.T) {
	t.Parallel()
	c, _ := newClient(t, testOptions{})
	g := c.Create(`{"mode":"online","color":"blue"}`)
	require.Equal(t, []string{"blue"}, keys(g.Seats))
	path := "/api/games/" + g.ID
	watch := c.Events(g.ID)
	first := watch.WaitPly(t, 0)
	assert.Equal(t, map[string]any{"red": false, "blue": true}, first["seated"])

	res := c.As(g.Seats["blue"], "POST", path+"/draw", `{"action":"offer"}`)
	assert.Equal(t, http.StatusConflict, res.Status, "no offer before the other joins")
	res = c.As(g.Seats["blue"], "POST", path+"/resign", `{}`)
	assert.Equal(t, http.StatusConflict, res.Status, "no resignation (and no win for the absent player) before the other joins")
	assert.Equal(t, false, c.State(g.ID)["over"])

	res = c.Req("POST", path+"/join", g.JoinBody())
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	seats := res.Body["seats"].(map[string]any)
	require.Equal(t, []string{"red"}, keys(seats))
	red := seats["red"].(string)
	res = c.Req("POST", path+"/join", g.JoinBody())
	assert.Equal(t, http.StatusConflict, res.Status, "both seats taken")

	res = c.As(red, "POST", path+"/moves", `{"move":"a3a4","ply":0}`)
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	st := watch.WaitPly(t, 1)
	assert.Equal(t, "a3a4", st["lastMove"])

	res = c.As(g.Seats["blue"], "POST", path+"/undo", `{"ply":1}`)
	assert.Equal(t, http.StatusConflict, res.Status, "no undo online")

	res = c.As(g.Seats["blue"], "POST", path+"/moves", `{"move":"a7a6","ply":1}`)
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	watch.WaitPly(t, 2)

	res = c.As(red, "POST", path+"/draw", `{"action":"offer"}`)
	require.Equal(t, http.StatusOK, res.Status)
	res = c.As(g.Seats["blue"], "POST", path+"/draw", `{"action":"decline"}`)
	require.Equal(t, http.StatusOK, res.Status)
	assert.Nil(t, res.Body["drawOffer"])
	res = c.As(g.Seats["blue"], "POST", path+"/resign", `{}`)
	require.Equal(t, http.StatusOK, res.Status)
	assert.Equal(t, map[string]any{"reason": "resignation", "winner": "red"}, res.Body["outcome"])

	// A watcher that reconnects gets the whole state at once.
	again := c.Events(g.ID)
	st = again.WaitPly(t, 2)
	assert.Equal(t, true, st["over"])
}

func keys[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

func TestStats(t *testing.T) {
	parallelOnOwnDB(t)
	c, _ := newClient(t, testOptions{})
	get := func() (overall, ai, online map[string]any) {
		res := c.Req("GET", "/api/stats", "")
		require.Equal(t, http.StatusOK, res.Status)
		byMode := res.Body["byMode"].(map[string]any)
		return res.Body["overall"].(map[string]any), byMode["ai"].(map[string]any), byMode["online"].(map[string]any)
	}
	overall0, ai0, online0 := get() // a shared PostgreSQL test database may hold games already
	local := c.Create(`{"mode":"local"}`)
	c.As(local.Seats["red"], "POST", "/api/games/"+local.ID+"/resign", `{}`)
	aiGame := c.Create(`{"mode":"ai","level":1}`)
	c.As(aiGame.Seats["red"], "POST", "/api/games/"+aiGame.ID+"/moves", `{"move":"a3a4","ply":0}`)
	c.WaitAI(aiGame.ID)
	c.As(aiGame.Seats["red"], "POST", "/api/games/"+aiGame.ID+"/resign", `{}`)
	c.Create(`{"mode":"online"}`) // unfinished

	overall, ai, online := get()
	delta := func(a, b map[string]any, k string) float64 { return b[k].(float64) - a[k].(float64) }
	assert.Equal(t, 2.0, delta(overall0, overall, "games"))
	assert.Equal(t, 2.0, delta(overall0, overall, "blueWins"))
	assert.Equal(t, 0.0, delta(overall0, overall, "redWins"))
	assert.Equal(t, 2.0, delta(overall0, overall, "secondPlayerWins"))
	reasons0, reasons := overall0["byReason"].(map[string]any), overall["byReason"].(map[string]any)
	assert.Equal(t, 2.0, reasons["resignation"].(float64)-toFloat(reasons0["resignation"]))
	assert.Equal(t, 1.0, delta(ai0, ai, "games"))
	assert.Equal(t, 0.0, delta(online0, online, "games"))
	if overall0["games"] == 0.0 { // a fresh database: these games' lengths
		assert.Equal(t, 1.0, overall["averageMoves"])
		assert.Equal(t, 2.0, overall["maxMoves"])
		assert.Equal(t, 0.0, overall["minMoves"])
		assert.Nil(t, online["averageMoves"])
	}
}

func toFloat(v any) float64 {
	f, _ := v.(float64)
	return f
}

// TestConcurrentMoves sends the same move many times at once on several
// games: exactly one is played in each (run under -race).
func TestConcurrentMoves(t *testing.T) {
	t.Parallel()
	c, _ := newClient(t, testOptions{})
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			g := c.Create(`{"mode":"local"}`)
			var inner sync.WaitGroup
			var mu sync.Mutex
			statuses := map[int]int{}
			for range 6 {
				inner.Go(func() {
					res := c.As(g.Seats["red"], "POST", "/api/games/"+g.ID+"/moves", `{"move":"a3a4","ply":0}`)
					c.State(g.ID)
					mu.Lock()
					statuses[res.Status]++
					mu.Unlock()
				})
			}
			inner.Wait()
			assert.Equal(t, map[int]int{200: 1, 409: 5}, statuses)
			assert.Equal(t, []any{"a3a4"}, c.State(g.ID)["moves"])
		})
	}
	wg.Wait()
}

// TestInvitationAttacks: an online game's free seat goes only to the
// bearer of its invitation, once; a watcher with the watch link (the game
// id) cannot take it, nor can the creator with the invitation; the secret
// appears in no state, event or log line.
func TestInvitationAttacks(t *testing.T) {
	t.Parallel()
	var logs apitest.Buffer
	c, _ := newClient(t, testOptions{logs: &logs})
	g := c.Create(`{"mode":"online"}`)
	require.Regexp(t, `^[0-9a-f]{32}$`, g.Invite)
	path := "/api/games/" + g.ID
	red := g.Seats["red"]
	watch := c.Events(g.ID) // the watch link: anyone may watch
	var seen []map[string]any
	seen = append(seen, watch.WaitPly(t, 0))

	refused := []struct {
		name, body string
		headers    []string
		status     int
		code       string
	}{
		{"a watcher without the invitation", `{}`, nil, 403, "not-your-seat"},
		{"a watcher with the game id as the invitation", `{"invite":"` + g.ID + `"}`, nil, 403, "not-your-seat"},
		{"a made-up invitation", `{"invite":"0123456789abcdef0123456789abcdef"}`, nil, 403, "not-your-seat"},
		{"the invitation with a letter changed", `{"invite":"` + flip(g.Invite) + `"}`, nil, 403, "not-your-seat"},
		{"the creator with the invitation", g.JoinBody(), []string{"Authorization", "Bearer " + red}, 409, "conflict"},
	}
	for _, tc := range refused {
		t.Run(tc.name, func(t *testing.T) {
			res := c.Req("POST", path+"/join", tc.body, tc.headers...)
			assert.Equal(t, tc.status, res.Status, res.Raw)
			assert.Equal(t, tc.code, res.Body["code"], res.Raw)
			assert.Equal(t, map[string]any{"red": true, "blue": false}, c.State(g.ID)["seated"], "the seat is still free")
		})
	}

	// The creator may ask for the invitation again; nobody else may.
	res := c.As(red, "GET", path+"/invite", "")
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	assert.Equal(t, map[string]any{"invite": g.Invite}, res.Body)
	res = c.Req("GET", path+"/invite", "")
	assert.Equal(t, http.StatusUnauthorized, res.Status, "a watcher")
	other := c.Create(`{"mode":"online"}`)
	res = c.As(other.Seats["red"], "GET", path+"/invite", "")
	assert.Equal(t, http.StatusUnauthorized, res.Status, "another game's creator")
	assert.NotEqual(t, g.Invite, other.Invite, "each game its own invitation")
	res = c.Req("POST", path+"/join", other.JoinBody())
	assert.Equal(t, http.StatusForbidden, res.Status, "another game's invitation")

	// The invitation works once.
	res = c.Req("POST", path+"/join", g.JoinBody())
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	blue := res.Body["seats"].(map[string]any)["blue"].(string)
	seen = append(seen, res.Body["game"].(map[string]any))
	res = c.Req("POST", path+"/join", g.JoinBody())
	assert.Equal(t, http.StatusConflict, res.Status, "used")
	res = c.As(red, "GET", path+"/invite", "")
	assert.Equal(t, http.StatusConflict, res.Status, "no invitation once both seats are taken")
	seen = append(seen, waitEvent(t, watch, func(st map[string]any) bool {
		return st["seated"].(map[string]any)["blue"] == true
	}))

	// The game is played by the two seats; the watcher still watches.
	res = c.As(red, "POST", path+"/moves", `{"move":"a3a4","ply":0}`)
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	res = c.As(blue, "POST", path+"/moves", `{"move":"a7a6","ply":1}`)
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	seen = append(seen, watch.WaitPly(t, 2), c.State(g.ID))

	for _, st := range seen {
		data, err := json.Marshal(st)
		require.NoError(t, err)
		assert.NotContains(t, string(data), g.Invite, "the invitation in a state")
		assert.NotContains(t, string(data), "invite", "an invitation field in a state")
	}
	assert.NotContains(t, logs.String(), g.Invite, "the invitation in the log")
	assert.NotContains(t, logs.String(), red, "a token in the log")
}

// flip changes the last hex digit of s.
func flip(s string) string {
	last := s[len(s)-1]
	if last == '0' {
		last = '1'
	} else {
		last = '0'
	}
	return s[:len(s)-1] + string(last)
}

// TestOnlyOnlineGamesInvite: local and AI games have no invitation.
func TestOnlyOnlineGamesInvite(t *testing.T) {
	t.Parallel()
	c, _ := newClient(t, testOptions{})
	for _, body := range []string{`{"mode":"local"}`, `{"mode":"ai","level":1}`} {
		res := c.Req("POST", "/api/games", body)
		require.Equal(t, http.StatusCreated, res.Status, res.Raw)
		assert.NotContains(t, res.Body, "invite")
		id := res.Body["game"].(map[string]any)["id"].(string)
		token := res.Body["seats"].(map[string]any)["red"].(string)
		res = c.As(token, "GET", "/api/games/"+id+"/invite", "")
		assert.Equal(t, http.StatusConflict, res.Status, res.Raw)
	}
}

// TestLevelValidated: the AI's level is one the server has; 0 is not one,
// and an omitted level is the default.
func TestLevelValidated(t *testing.T) {
	t.Parallel()
	c, _ := newClient(t, testOptions{})
	for _, body := range []string{`{"mode":"ai","level":0}`, `{"mode":"ai","level":9}`, `{"mode":"ai","level":-3}`,
		`{"mode":"local","level":3}`, `{"mode":"online","level":0}`} {
		res := c.Req("POST", "/api/games", body)
		assert.Equal(t, http.StatusBadRequest, res.Status, body)
		assert.Equal(t, "bad-request", res.Body["code"], body)
	}
	res := c.Req("POST", "/api/games", `{"mode":"ai"}`)
	require.Equal(t, http.StatusCreated, res.Status, res.Raw)
	assert.Equal(t, 3.0, res.Body["game"].(map[string]any)["level"])
	res = c.Req("POST", "/api/games", `{"mode":"ai","level":5}`)
	require.Equal(t, http.StatusCreated, res.Status, res.Raw)
	assert.Equal(t, 5.0, res.Body["game"].(map[string]any)["level"])
	res = c.Req("POST", "/api/games", `{"mode":"local"}`)
	require.Equal(t, http.StatusCreated, res.Status, res.Raw)
	assert.Nil(t, res.Body["game"].(map[string]any)["level"])
}

// TestAIAcceptsDrawWhenBehind: the AI answers a draw offer by its own
// evaluation, as a job: the offer's POST returns at once with the offer
// pending and the AI thinking; the answer comes as a change of state. The
// AI plays on at the start and accepts when far behind.
func TestAIAcceptsDrawWhenBehind(t *testing.T) {
	t.Parallel()
	c, s := newClient(t, testOptions{})
	// Blue (the AI) without its lion, tiger and elephant.
	g := storeGame(t, s, "7/1d3c1/r1p1w2/7/7/7/E1W1P1R/1C3D1/T5L r 0 1")
	watch := c.Events(g.ID)
	watch.WaitPly(t, 0)
	res := c.As("player", "POST", "/api/games/"+g.ID+"/draw", `{"action":"offer"}`)
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	assert.Equal(t, "red", res.Body["drawOffer"], "pending")
	assert.Equal(t, true, res.Body["aiThinking"])
	assert.Equal(t, false, res.Body["over"])
	res = c.As("player", "POST", "/api/games/"+g.ID+"/moves", `{"move":"a3a4","ply":0}`)
	assert.Equal(t, http.StatusConflict, res.Status, "no move while the AI weighs the offer")
	st := waitEvent(t, watch, func(st map[string]any) bool { return st["over"] == true })
	assert.Equal(t, map[string]any{"reason": "agreed", "winner": nil}, st["outcome"])
	assert.Equal(t, false, st["aiThinking"])
	// Stored, and loaded as an agreed draw.
	s.games.Forget(g.ID)
	st = c.State(g.ID)
	assert.Equal(t, "agreed", st["outcome"].(map[string]any)["reason"])

	// Red (the player) without its lion, tiger and elephant: the AI plays on.
	g = storeGame(t, s, "l5t/1d3c1/r1p1w1e/7/7/7/2W1P1R/1C3D1/7 r 0 1")
	res = c.As("player", "POST", "/api/games/"+g.ID+"/draw", `{"action":"offer"}`)
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	assert.Equal(t, "red", res.Body["drawOffer"], "pending")
	st = c.WaitAI(g.ID)
	assert.Equal(t, false, st["over"])
	assert.Nil(t, st["drawOffer"], "declined")
	res = c.As("player", "POST", "/api/games/"+g.ID+"/moves", `{"move":"g3g4","ply":0}`)
	assert.Equal(t, http.StatusOK, res.Status, "the game goes on")
}

// waitEvent returns the first state event ok accepts.
func waitEvent(t *testing.T, s *apitest.Stream, ok func(map[string]any) bool) map[string]any {
	t.Helper()
	timeout := time.After(30 * time.Second)
	for {
		select {
		case st, open := <-s.States:
			require.True(t, open, "event stream ended")
			if ok(st) {
				return st
			}
		case <-timeout:
			t.Fatal("no such state")
		}
	}
}

// TestResume: a game left with the AI to move (a stop before its job ran)
// gets its move after a restart, from Resume or from the first reader.
func TestResume(t *testing.T) {
	parallelOnOwnDB(t)
	c, s := newClient(t, testOptions{})
	waiting := storeGame(t, s, "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L r 0 1", "a3a4")
	require.True(t, waiting.AIThinking())
	s.Resume(context.Background())
	st := c.WaitAI(waiting.ID)
	assert.Len(t, st["moves"], 2)

	// Without Resume: a reader queues the move.
	other := storeGame(t, s, "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L r 0 1", "g3g4")
	st = c.WaitAI(other.ID)
	assert.Len(t, st["moves"], 2)

	// A draw offer left unanswered by a stop is answered after the restart.
	play := dsq.NewGame()
	require.NoError(t, play.OfferDraw(dsq.Red))
	offered := storePlay(t, s, dsq.Blue, play)
	require.True(t, offered.AIThinking())
	s.Resume(context.Background())
	require.Eventually(t, func() bool {
		g, err := s.games.Get(context.Background(), offered.ID)
		return err == nil && !g.AIThinking()
	}, 30*time.Second, 10*time.Millisecond)
	st = c.State(offered.ID)
	assert.Nil(t, st["drawOffer"], "answered (declined: an even start)")
	assert.Equal(t, false, st["over"])
}

// TestDamagedRecord: a stored game that does not load (a damaged
// database) is a 500 with no detail for the client, and the detail in the
// log.
func TestDamagedRecord(t *testing.T) {
	t.Parallel()
	var logs apitest.Buffer
	c, s := newClient(t, testOptions{logs: &logs})
	g := storeGame(t, s, "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L r 0 1")
	r, err := s.cfg.Store.Get(context.Background(), g.ID)
	require.NoError(t, err)
	r.Record = []byte(`{"moves":["a3a5"],"result":"*"}`)
	require.NoError(t, s.cfg.Store.Update(context.Background(), r))
	s.games.Forget(g.ID)
	res := c.Req("GET", "/api/games/"+g.ID, "")
	assert.Equal(t, http.StatusInternalServerError, res.Status)
	assert.Equal(t, map[string]any{"code": "internal", "message": "internal error"}, res.Body)
	res = c.As("player", "POST", "/api/games/"+g.ID+"/resign", `{}`)
	assert.Equal(t, http.StatusInternalServerError, res.Status)
	assert.Contains(t, logs.String(), "a3a5")
}

// waitState returns the next state on st for which ok holds.
func waitState(t *testing.T, st *apitest.Stream, ok func(map[string]any) bool) map[string]any {
	t.Helper()
	timeout := time.After(10 * time.Second)
	for {
		select {
		case s, open := <-st.States:
			require.True(t, open, "event stream ended")
			if ok(s) {
				return s
			}
		case <-timeout:
			t.Fatal("no such state came")
		}
	}
}

// TestClaimRefused: a claim is refused with its reason while the opponent
// is connected or has not been away long enough; the state shows who is
// connected.
func TestClaimRefused(t *testing.T) {
	t.Parallel()
	c, s := newClient(t, testOptions{})
	g := c.Create(`{"mode":"online"}`)
	path := "/api/games/" + g.ID
	res := c.Req("POST", path+"/join", g.JoinBody())
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	blue := res.Body["seats"].(map[string]any)["blue"].(string)
	res = c.As(g.Seats["red"], "POST", path+"/claim", `{}`)
	assert.Equal(t, "opening", res.Body["code"], "before both first moves: abort, not claim")
	playOpening(t, c, g.ID, g.Seats["red"], blue)

	res = c.As(g.Seats["red"], "POST", path+"/claim", `{}`)
	assert.Equal(t, http.StatusConflict, res.Status)
	assert.Equal(t, "opponent-may-return", res.Body["code"], res.Raw)
	wait, err := strconv.Atoi(res.Header.Get("Retry-After"))
	require.NoError(t, err, "Retry-After says when the claim may be made")
	assert.InDelta(t, games.DefaultAbandonAfter.Seconds(), wait, 2)

	leave := s.cfg.Hub.Arrive(g.ID, "blue")
	assert.Equal(t, map[string]any{"red": false, "blue": true}, c.State(g.ID)["connected"])
	res = c.As(g.Seats["red"], "POST", path+"/claim", `{}`)
	assert.Equal(t, http.StatusConflict, res.Status)
	assert.Equal(t, "opponent-connected", res.Body["code"], res.Raw)
	leave()
	assert.Equal(t, map[string]any{"red": false, "blue": false}, c.State(g.ID)["connected"])

	res = c.As("", "POST", path+"/claim", `{}`)
	assert.Equal(t, http.StatusUnauthorized, res.Status)
	res = c.As(blue, "POST", path+"/resign", `{}`)
	require.Equal(t, http.StatusOK, res.Status)
	res = c.As(g.Seats["red"], "POST", path+"/claim", `{}`)
	assert.Equal(t, http.StatusConflict, res.Status, "over")
}

// TestRematchReachesTheOtherLive: a rematch offered after the end, and its
// acceptance with the new game's id, reach a watcher of the old game's
// stream; in the new game the same tokens hold the swapped seats. A
// declined offer reaches it too.
func TestRematchReachesTheOtherLive(t *testing.T) {
	t.Parallel()
	c, _ := newClient(t, testOptions{})
	g := c.Create(`{"mode":"online","clock":"3+2"}`)
	path := "/api/games/" + g.ID
	res := c.Req("POST", path+"/join", g.JoinBody())
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	red, blue := g.Seats["red"], res.Body["seats"].(map[string]any)["blue"].(string)
	res = c.As(blue, "POST", path+"/rematch", `{"action":"offer"}`)
	assert.Equal(t, http.StatusConflict, res.Status, "not before the end")
	res = c.As(blue, "POST", path+"/resign", `{}`)
	require.Equal(t, http.StatusOK, res.Status)

	watch := c.Events(g.ID) // the red player's page
	res = c.As(blue, "POST", path+"/rematch", `{"action":"offer"}`)
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	st := waitState(t, watch, func(st map[string]any) bool { return st["rematch"] != nil })
	assert.Equal(t, map[string]any{"offeredBy": "blue", "declined": false, "gameId": ""}, st["rematch"])

	res = c.As(red, "POST", path+"/rematch", `{"action":"accept"}`)
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	st = waitState(t, watch, func(st map[string]any) bool {
		return st["rematch"].(map[string]any)["gameId"] != ""
	})
	next := st["rematch"].(map[string]any)["gameId"].(string)
	ns := c.State(next)
	assert.Equal(t, "online", ns["mode"])
	assert.Equal(t, "3+2", ns["clock"].(map[string]any)["control"])
	assert.Nil(t, ns["clock"].(map[string]any)["turnStarted"], "the clock waits for both first moves")
	assert.NotNil(t, ns["firstMoveBy"], "the first move is due")
	res = c.As(red, "POST", "/api/games/"+next+"/moves", `{"move":"a3a4","ply":0}`)
	assert.Equal(t, http.StatusConflict, res.Status, "the old Red is Blue now")
	res = c.As(blue, "POST", "/api/games/"+next+"/moves", `{"move":"a3a4","ply":0}`)
	assert.Equal(t, http.StatusOK, res.Status, res.Raw)

	g = c.Create(`{"mode":"online"}`)
	path = "/api/games/" + g.ID
	res = c.Req("POST", path+"/join", g.JoinBody())
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	red, blue = g.Seats["red"], res.Body["seats"].(map[string]any)["blue"].(string)
	require.Equal(t, http.StatusOK, c.As(red, "POST", path+"/resign", `{}`).Status)
	require.Equal(t, http.StatusOK, c.As(red, "POST", path+"/rematch", `{"action":"offer"}`).Status)
	watch = c.Events(g.ID) // the red player's page
	res = c.As(blue, "POST", path+"/rematch", `{"action":"decline"}`)
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	st = waitState(t, watch, func(st map[string]any) bool { return st["rematch"].(map[string]any)["declined"] == true })
	assert.Equal(t, "", st["rematch"].(map[string]any)["gameId"])
}

// TestArriveCountsSeatHolders: a stream that names a seat token counts as
// its player's presence until it ends; a watcher's or a wrong token's does
// not.
func TestArriveCountsSeatHolders(t *testing.T) {
	t.Parallel()
	c, s := newClient(t, testOptions{})
	g := c.Create(`{"mode":"online"}`)
	res := c.Req("POST", "/api/games/"+g.ID+"/join", g.JoinBody())
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	blue := res.Body["seats"].(map[string]any)["blue"].(string)
	game, err := s.games.Get(context.Background(), g.ID)
	require.NoError(t, err)
	events := func(query string) *http.Request {
		return httptest.NewRequest("GET", "/api/games/"+g.ID+"/events"+query, nil)
	}
	s.arrive(events(""), game)
	s.arrive(events("?seat=0123"), game)
	s.arrive(events("?seat="+g.Seats["red"]+"x"), game)
	assert.Equal(t, map[string]any{"red": false, "blue": false}, c.State(g.ID)["connected"])
	leave := s.arrive(events("?seat="+blue), game)
	assert.Equal(t, map[string]any{"red": false, "blue": true}, c.State(g.ID)["connected"])
	leave()
	assert.Equal(t, map[string]any{"red": false, "blue": false}, c.State(g.ID)["connected"])
}

// TestAbort: either player aborts an online game before both first moves
// (POST /abort): over, aborted, no outcome, in no statistics; a second
// move racing the abort: exactly one of them wins; the first move not
// made in time aborts the game on the next read.
func TestAbort(t *testing.T) {
	t.Parallel()
	f := newFakeClock()
	c, _ := newClient(t, testOptions{db: filepath.Join(t.TempDir(), "games.db"), config: onClock(f)}) // its own statistics
	for range 6 {
		g := c.Create(`{"mode":"online","clock":"5+3"}`)
		red, path := g.Seats["red"], "/api/games/"+g.ID
		blue := joinOn(t, c, g)
		res := c.As(red, "POST", path+"/moves", `{"move":"a3a4","ply":0}`)
		require.Equal(t, http.StatusOK, res.Status, res.Raw)
		var abort, move apitest.Response
		var wg sync.WaitGroup
		wg.Go(func() { abort = c.As(red, "POST", path+"/abort", `{}`) })
		wg.Go(func() { move = c.As(blue, "POST", path+"/moves", `{"move":"a7a6","ply":1}`) })
		wg.Wait()
		st := c.State(g.ID)
		if abort.Status == http.StatusOK {
			assert.Equal(t, http.StatusConflict, move.Status, move.Raw)
			assert.Equal(t, true, st["aborted"])
			assert.Equal(t, true, st["over"])
			assert.Nil(t, st["outcome"])
			assert.Equal(t, 1.0, st["ply"])
		} else {
			assert.Equal(t, http.StatusOK, move.Status, move.Raw)
			assert.Equal(t, "too-late", abort.Body["code"], abort.Raw)
			assert.Equal(t, false, st["aborted"])
			assert.Equal(t, 2.0, st["ply"])
		}
	}
	res := c.As("", "POST", "/api/games/"+c.Create(`{"mode":"online"}`).ID+"/abort", `{}`)
	assert.Equal(t, http.StatusUnauthorized, res.Status, "a watcher cannot abort")

	g := c.Create(`{"mode":"online"}`)
	joinOn(t, c, g)
	f.Advance(games.FirstMoveTime)
	st := c.State(g.ID)
	assert.Equal(t, true, st["aborted"], "Red's first move did not come in time")
	stats := c.Req("GET", "/api/stats", "")
	assert.Equal(t, 0.0, stats.Body["overall"].(map[string]any)["games"], "no aborted game counts")
}

// TestTakebackReachesTheOtherLive: in an online game one player asks to
// take back its move, the other sees the request on its stream and
// accepts; both read the board as it was, with the asker to move. A
// declined request shows as declined until the asker moves, and the state
// of an AI or local game has no takeback.
func TestTakebackReachesTheOtherLive(t *testing.T) {
	t.Parallel()
	c, _ := newClient(t, testOptions{})
	g := c.Create(`{"mode":"online","clock":"5+3"}`)
	path := "/api/games/" + g.ID
	red, blue := g.Seats["red"], joinOn(t, c, g)
	assert.Equal(t, map[string]any{"offeredBy": nil, "left": map[string]any{"red": 3.0, "blue": 3.0},
		"declined": map[string]any{"red": false, "blue": false}}, c.State(g.ID)["takeback"])
	playOpening(t, c, g.ID, red, blue)
	require.Equal(t, http.StatusOK, c.As(red, "POST", path+"/moves", `{"move":"g3g4","ply":2}`).Status)

	watch := c.Events(g.ID) // the blue player's page
	res := c.As(red, "POST", path+"/takeback", `{"action":"offer","ply":3}`)
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	st := waitState(t, watch, func(st map[string]any) bool { return st["takeback"].(map[string]any)["offeredBy"] != nil })
	assert.Equal(t, "red", st["takeback"].(map[string]any)["offeredBy"])
	assert.Equal(t, 2.0, st["takeback"].(map[string]any)["left"].(map[string]any)["red"])
	assert.NotNil(t, st["clock"].(map[string]any)["turnStarted"], "the clock runs on")

	res = c.As(blue, "POST", path+"/takeback", `{"action":"accept","ply":3}`)
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	st = watch.WaitPly(t, 2)
	assert.Equal(t, []any{"a3a4", "a7a6"}, st["moves"])
	assert.Equal(t, "red", st["sideToMove"])
	assert.Nil(t, st["takeback"].(map[string]any)["offeredBy"])
	assert.Equal(t, st["position"], c.State(g.ID)["position"])

	require.Equal(t, http.StatusOK, c.As(red, "POST", path+"/moves", `{"move":"g3g4","ply":2}`).Status)
	require.Equal(t, http.StatusOK, c.As(red, "POST", path+"/takeback", `{"action":"offer","ply":3}`).Status)
	res = c.As(blue, "POST", path+"/takeback", `{"action":"decline","ply":3}`)
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	tb := res.Body["takeback"].(map[string]any)
	assert.Equal(t, []any{nil, true}, []any{tb["offeredBy"], tb["declined"].(map[string]any)["red"]})
	res = c.As(red, "POST", path+"/takeback", `{"action":"offer","ply":3}`)
	assert.Equal(t, []any{409, "takeback-declined"}, []any{res.Status, res.Body["code"]}, res.Raw)

	for _, mode := range []string{`{"mode":"local"}`, `{"mode":"ai","level":1}`} {
		assert.Nil(t, c.State(c.Create(mode).ID)["takeback"], mode)
	}
}
