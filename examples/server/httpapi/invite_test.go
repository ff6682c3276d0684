package httpapi

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/doushouqi/doushouqi/examples/server/internal/apitest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestInvitationAttacks: an online game's free seat goes only to the
// bearer of its invitation, once; a watcher with the watch link (the game
// id) cannot take it, nor can the creator with the invitation; the secret
// appears in no state, event or log line.
func TestInvitationAttacks(t *testing.T) {
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
