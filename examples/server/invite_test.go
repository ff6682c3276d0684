package main

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestInvitationAttacks: an online game's free seat goes only to the
// bearer of its invitation, once; a watcher with the watch link (the game
// id) cannot take it, nor can the creator with the invitation; the secret
// appears in no state, event or log line.
func TestInvitationAttacks(t *testing.T) {
	var logs syncBuffer
	c, _ := newClient(t, testOptions{logs: &logs})
	g := c.create(`{"mode":"online"}`)
	require.Regexp(t, `^[0-9a-f]{32}$`, g.invite)
	path := "/api/games/" + g.id
	red := g.seats["red"]
	watch := c.events(g.id) // the watch link: anyone may watch
	var seen []map[string]any
	seen = append(seen, watch.waitPly(t, 0))

	refused := []struct {
		name, body string
		headers    []string
		status     int
		code       string
	}{
		{"a watcher without the invitation", `{}`, nil, 403, "not-your-seat"},
		{"a watcher with the game id as the invitation", `{"invite":"` + g.id + `"}`, nil, 403, "not-your-seat"},
		{"a made-up invitation", `{"invite":"0123456789abcdef0123456789abcdef"}`, nil, 403, "not-your-seat"},
		{"the invitation with a letter changed", `{"invite":"` + flip(g.invite) + `"}`, nil, 403, "not-your-seat"},
		{"the creator with the invitation", g.joinBody(), []string{"Authorization", "Bearer " + red}, 409, "conflict"},
	}
	for _, tc := range refused {
		t.Run(tc.name, func(t *testing.T) {
			res := c.req("POST", path+"/join", tc.body, tc.headers...)
			assert.Equal(t, tc.status, res.status, res.raw)
			assert.Equal(t, tc.code, res.body["code"], res.raw)
			assert.Equal(t, map[string]any{"red": true, "blue": false}, c.state(g.id)["seated"], "the seat is still free")
		})
	}

	// The creator may ask for the invitation again; nobody else may.
	res := c.as(red, "GET", path+"/invite", "")
	require.Equal(t, http.StatusOK, res.status, res.raw)
	assert.Equal(t, map[string]any{"invite": g.invite}, res.body)
	res = c.req("GET", path+"/invite", "")
	assert.Equal(t, http.StatusUnauthorized, res.status, "a watcher")
	other := c.create(`{"mode":"online"}`)
	res = c.as(other.seats["red"], "GET", path+"/invite", "")
	assert.Equal(t, http.StatusUnauthorized, res.status, "another game's creator")
	assert.NotEqual(t, g.invite, other.invite, "each game its own invitation")
	res = c.req("POST", path+"/join", other.joinBody())
	assert.Equal(t, http.StatusForbidden, res.status, "another game's invitation")

	// The invitation works once.
	res = c.req("POST", path+"/join", g.joinBody())
	require.Equal(t, http.StatusOK, res.status, res.raw)
	blue := res.body["seats"].(map[string]any)["blue"].(string)
	seen = append(seen, res.body["game"].(map[string]any))
	res = c.req("POST", path+"/join", g.joinBody())
	assert.Equal(t, http.StatusConflict, res.status, "used")
	res = c.as(red, "GET", path+"/invite", "")
	assert.Equal(t, http.StatusConflict, res.status, "no invitation once both seats are taken")
	seen = append(seen, waitEvent(t, watch, func(st map[string]any) bool {
		return st["seated"].(map[string]any)["blue"] == true
	}))

	// The game is played by the two seats; the watcher still watches.
	res = c.as(red, "POST", path+"/moves", `{"move":"a3a4","ply":0}`)
	require.Equal(t, http.StatusOK, res.status, res.raw)
	res = c.as(blue, "POST", path+"/moves", `{"move":"a7a6","ply":1}`)
	require.Equal(t, http.StatusOK, res.status, res.raw)
	seen = append(seen, watch.waitPly(t, 2), c.state(g.id))

	for _, st := range seen {
		data, err := json.Marshal(st)
		require.NoError(t, err)
		assert.NotContains(t, string(data), g.invite, "the invitation in a state")
		assert.NotContains(t, string(data), "invite", "an invitation field in a state")
	}
	assert.NotContains(t, logs.String(), g.invite, "the invitation in the log")
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
		res := c.req("POST", "/api/games", body)
		require.Equal(t, http.StatusCreated, res.status, res.raw)
		assert.NotContains(t, res.body, "invite")
		id := res.body["game"].(map[string]any)["id"].(string)
		token := res.body["seats"].(map[string]any)["red"].(string)
		res = c.as(token, "GET", "/api/games/"+id+"/invite", "")
		assert.Equal(t, http.StatusConflict, res.status, res.raw)
	}
}

// TestLevelValidated: the AI's level is one the server has; 0 is not one,
// and an omitted level is the default.
func TestLevelValidated(t *testing.T) {
	c, _ := newClient(t, testOptions{})
	for _, body := range []string{`{"mode":"ai","level":0}`, `{"mode":"ai","level":9}`, `{"mode":"ai","level":-3}`,
		`{"mode":"local","level":3}`, `{"mode":"online","level":0}`} {
		res := c.req("POST", "/api/games", body)
		assert.Equal(t, http.StatusBadRequest, res.status, body)
		assert.Equal(t, "bad-request", res.body["code"], body)
	}
	res := c.req("POST", "/api/games", `{"mode":"ai"}`)
	require.Equal(t, http.StatusCreated, res.status, res.raw)
	assert.Equal(t, 3.0, res.body["game"].(map[string]any)["level"])
	res = c.req("POST", "/api/games", `{"mode":"ai","level":5}`)
	require.Equal(t, http.StatusCreated, res.status, res.raw)
	assert.Equal(t, 5.0, res.body["game"].(map[string]any)["level"])
	res = c.req("POST", "/api/games", `{"mode":"local"}`)
	require.Equal(t, http.StatusCreated, res.status, res.raw)
	assert.Nil(t, res.body["game"].(map[string]any)["level"])
}
