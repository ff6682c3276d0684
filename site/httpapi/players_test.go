package httpapi

import (
	"encoding/json"
	"math/rand/v2"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// unique is base with random letters after it: names stay unique on a
// database the tests share (PostgreSQL).
func unique(base string) string {
	b := []byte(base)
	for range 8 {
		b = append(b, "bcdfghjkmnpqrvwxyz"[rand.IntN(18)])
	}
	return string(b)
}

// newIdentity asks for a new identity and returns its id and secret.
func newIdentity(t *testing.T, c *client) (id, token string) {
	t.Helper()
	res := c.Req("POST", "/api/players", "")
	require.Equal(t, http.StatusCreated, res.Status, res.Raw)
	return res.Body["id"].(string), res.Body["token"].(string)
}

// named is a new identity with name.
func named(t *testing.T, c *client, name string) (id, token string) {
	t.Helper()
	id, token = newIdentity(t, c)
	res := c.Req("POST", "/api/players/me/name", `{"name":"`+name+`"}`, PlayerHeader, token)
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	return id, token
}

func TestPlayerIsIssuedAndNamed(t *testing.T) {
	t.Parallel()
	c, _ := newClient(t, testOptions{})
	res := c.Req("POST", "/api/players", "")
	require.Equal(t, http.StatusCreated, res.Status, res.Raw)
	id, token := res.Body["id"].(string), res.Body["token"].(string)
	assert.Len(t, id, 16)
	assert.Len(t, token, 32)
	assert.Equal(t, "", res.Body["name"])
	assert.Equal(t, map[string]any{}, res.Body["ratings"])

	me := c.Req("GET", "/api/players/me", "", PlayerHeader, token)
	require.Equal(t, http.StatusOK, me.Status, me.Raw)
	assert.Equal(t, id, me.Body["id"])
	assert.NotContains(t, me.Body, "token", "the secret is given once")

	last := unique("")
	res = c.Req("POST", "/api/players/me/name", `{"name":"  Mei   `+last+` "}`, PlayerHeader, token)
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	assert.Equal(t, "Mei "+last, res.Body["name"], "as CheckName writes it")
	pub := c.Req("GET", "/api/players/"+id, "")
	require.Equal(t, http.StatusOK, pub.Status, pub.Raw)
	assert.Equal(t, map[string]any{"id": id, "name": "Mei " + last, "ratings": map[string]any{}}, pub.Body)

	// Renamed: the new name; the old one is free again.
	res = c.Req("POST", "/api/players/me/name", `{"name":"`+unique("Mei")+`"}`, PlayerHeader, token)
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	_, other := newIdentity(t, c)
	res = c.Req("POST", "/api/players/me/name", `{"name":"mei `+last+`"}`, PlayerHeader, other)
	assert.Equal(t, http.StatusOK, res.Status, res.Raw)
}

func TestPlayerCallsRefuse(t *testing.T) {
	t.Parallel()
	c, _ := newClient(t, testOptions{})
	taken := unique("Taken")
	_, token := named(t, c, taken)
	_, other := newIdentity(t, c)
	for _, tc := range []struct {
		name, method, path, body, token string
		status                          int
		code                            string
	}{
		{"me without identity", "GET", "/api/players/me", "", "", 401, "no-player"},
		{"me with an unknown secret", "GET", "/api/players/me", "", "0123456789abcdef0123456789abcdef", 401, "no-player"},
		{"name without identity", "POST", "/api/players/me/name", `{"name":"Someone"}`, "", 401, "no-player"},
		{"a name taken", "POST", "/api/players/me/name", `{"name":"` + strings.ToUpper(taken) + `"}`, other, 409, "name-taken"},
		{"a name too short", "POST", "/api/players/me/name", `{"name":"ab"}`, other, 422, "bad-name"},
		{"a name of the AI", "POST", "/api/players/me/name", `{"name":"AI Tiger"}`, other, 422, "bad-name"},
		{"a name too long for a body", "POST", "/api/players/me/name", `{"name":"` + strings.Repeat("a", 300) + `"}`, other, 400, "bad-request"},
		{"an unknown key", "POST", "/api/players/me/name", `{"nom":"Someone"}`, other, 400, "bad-request"},
		{"a body for a new player", "POST", "/api/players", `{"name":"Someone"}`, "", 400, "bad-request"},
		{"no such player", "GET", "/api/players/0123456789abcdef", "", "", 404, "not-found"},
		{"not a player id", "GET", "/api/players/me2", "", "", 404, "not-found"},
		{"a rated game without a name", "POST", "/api/games", `{"mode":"online","clock":"5+3","rated":true}`, other, 409, "name-required"},
		{"a rated game without a clock", "POST", "/api/games", `{"mode":"online","rated":true}`, token, 400, "bad-request"},
		{"a rated AI game", "POST", "/api/games", `{"mode":"ai","rated":true}`, token, 400, "bad-request"},
		{"a game with an unknown secret", "POST", "/api/games", `{"mode":"online"}`, "ffffffffffffffffffffffffffffffff", 401, "no-player"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var headers []string
			if tc.token != "" {
				headers = []string{PlayerHeader, tc.token}
			}
			res := c.Req(tc.method, tc.path, tc.body, headers...)
			assert.Equal(t, tc.status, res.Status, res.Raw)
			assert.Equal(t, tc.code, res.Body["code"], res.Raw)
		})
	}
}

// TestPlayerSecretOnlyInItsPlaces: the secret counts in one X-Player
// header, or in ?player= on a GET (an event stream cannot send headers);
// two headers are refused, and a POST's query names nobody.
func TestPlayerSecretOnlyInItsPlaces(t *testing.T) {
	t.Parallel()
	c, _ := newClient(t, testOptions{})
	_, token := newIdentity(t, c)
	_, other := newIdentity(t, c)

	res := c.Req("GET", "/api/players/me?player="+token, "")
	assert.Equal(t, http.StatusOK, res.Status, res.Raw)
	res = c.Req("POST", "/api/players/me/name?player="+token, `{"name":"`+unique("Query")+`"}`)
	assert.Equal(t, http.StatusUnauthorized, res.Status, res.Raw)
	assert.Equal(t, "no-player", res.Body["code"], res.Raw)

	req, err := http.NewRequest("GET", c.URL+"/api/players/me", nil)
	require.NoError(t, err)
	req.Header.Add(PlayerHeader, token)
	req.Header.Add(PlayerHeader, other)
	r, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer r.Body.Close()
	var body map[string]any
	require.NoError(t, json.NewDecoder(r.Body).Decode(&body))
	assert.Equal(t, http.StatusBadRequest, r.StatusCode)
	assert.Equal(t, "bad-request", body["code"])
}

// ratedGame creates a rated 5+3 online game by red's identity, joined by
// blue's asking for rated too, and returns it with blue's seat token.
func ratedGameOf(t *testing.T, c *client, red, blue string) (game, string) {
	t.Helper()
	res := c.Req("POST", "/api/games", `{"mode":"online","clock":"5+3","rated":true}`, PlayerHeader, red)
	require.Equal(t, http.StatusCreated, res.Status, res.Raw)
	g := game{ID: res.Body["game"].(map[string]any)["id"].(string), Invite: res.Body["invite"].(string),
		Seats: map[string]string{"red": res.Body["seats"].(map[string]any)["red"].(string)}}
	res = c.Req("POST", "/api/games/"+g.ID+"/join", `{"invite":"`+g.Invite+`","rated":true}`, PlayerHeader, blue)
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	return g, res.Body["seats"].(map[string]any)["blue"].(string)
}

func TestGameKeepsItsPlayersNames(t *testing.T) {
	t.Parallel()
	c, _ := newClient(t, testOptions{})
	aliceName, bobName := unique("Alice"), unique("Bob")
	aliceID, alice := named(t, c, aliceName)
	bobID, bob := named(t, c, bobName)
	g, _ := ratedGameOf(t, c, alice, bob)
	st := c.State(g.ID)
	assert.Equal(t, true, st["rated"])
	assert.Equal(t, map[string]any{
		"red":  map[string]any{"id": aliceID, "name": aliceName, "rating": 1500.0, "provisional": true},
		"blue": map[string]any{"id": bobID, "name": bobName, "rating": 1500.0, "provisional": true},
	}, st["players"])
	assert.Nil(t, st["ratingChange"])

	res := c.Req("POST", "/api/players/me/name", `{"name":"`+unique("Alicia")+`"}`, PlayerHeader, alice)
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	st = c.State(g.ID)
	assert.Equal(t, aliceName, st["players"].(map[string]any)["red"].(map[string]any)["name"], "the name it was played under")
}

func TestGameIsRatedOnlyWhenBothAsk(t *testing.T) {
	t.Parallel()
	c, _ := newClient(t, testOptions{})
	_, alice := named(t, c, unique("Alice"))
	_, bob := named(t, c, unique("Bob"))
	_, nameless := newIdentity(t, c)
	join := func(creator, joiner, createBody, joinRated string) map[string]any {
		t.Helper()
		var headers []string
		if creator != "" {
			headers = []string{PlayerHeader, creator}
		}
		res := c.Req("POST", "/api/games", createBody, headers...)
		require.Equal(t, http.StatusCreated, res.Status, res.Raw)
		id, invite := res.Body["game"].(map[string]any)["id"].(string), res.Body["invite"].(string)
		headers = nil
		if joiner != "" {
			headers = []string{PlayerHeader, joiner}
		}
		res = c.Req("POST", "/api/games/"+id+"/join", `{"invite":"`+invite+`"`+joinRated+`}`, headers...)
		require.Equal(t, http.StatusOK, res.Status, res.Raw)
		return res.Body["game"].(map[string]any)
	}
	rated := `{"mode":"online","clock":"5+3","rated":true}`
	assert.Equal(t, true, join(alice, bob, rated, `,"rated":true`)["rated"])
	assert.Equal(t, false, join(alice, bob, rated, ``)["rated"], "the joiner did not ask")
	assert.Equal(t, false, join(alice, bob, `{"mode":"online","clock":"5+3"}`, `,"rated":true`)["rated"], "the creator did not ask")
	assert.Equal(t, false, join(alice, nameless, rated, `,"rated":true`)["rated"], "the joiner has no name")
	assert.Equal(t, false, join(alice, "", rated, `,"rated":true`)["rated"], "the joiner has no identity")
	st := join(alice, alice, rated, `,"rated":true`)
	assert.Equal(t, false, st["rated"], "one identity on both seats")
	assert.Len(t, st["players"], 2)
	st = join("", "", `{"mode":"online"}`, ``)
	assert.Equal(t, map[string]any{}, st["players"], "no identities")
}

// TestRatedGameMovesBothRatings is the worked example over the API: two
// new players, one rated 5+3 game, Red wins by resignation: 1662 and 1338
// (deviation 290 each), +162 and -162 in the game's state.
func TestRatedGameMovesBothRatings(t *testing.T) {
	t.Parallel()
	c, _ := newClient(t, testOptions{})
	_, alice := named(t, c, unique("Alice"))
	bobID, bob := named(t, c, unique("Bob"))
	g, bobSeat := ratedGameOf(t, c, alice, bob)
	playOpening(t, c, g.ID, g.Seats["red"], bobSeat)
	res := c.As(bobSeat, "POST", "/api/games/"+g.ID+"/resign", `{}`)
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	assert.Equal(t, map[string]any{"red": 162.0, "blue": -162.0}, res.Body["ratingChange"], "in the answer to the last change")
	assert.Equal(t, map[string]any{"red": 162.0, "blue": -162.0}, c.State(g.ID)["ratingChange"])

	me := c.Req("GET", "/api/players/me", "", PlayerHeader, alice)
	require.Equal(t, http.StatusOK, me.Status, me.Raw)
	assert.Equal(t, map[string]any{"blitz": map[string]any{"rating": 1662.0, "deviation": 290.0, "games": 1.0, "provisional": true}},
		me.Body["ratings"])
	pub := c.Req("GET", "/api/players/"+bobID, "")
	require.Equal(t, http.StatusOK, pub.Status, pub.Raw)
	assert.Equal(t, map[string]any{"blitz": map[string]any{"rating": 1338.0, "deviation": 290.0, "games": 1.0, "provisional": true}},
		pub.Body["ratings"])
}
