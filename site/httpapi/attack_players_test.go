package httpapi

import (
	"math/rand/v2"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/doushouqi/doushouqi/site/internal/apitest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Attacks on names and ratings (API.md, Players): each refused, leaving
// the player as it was.

// TestNameAttacksRefused: markup, control and invisible characters,
// look-alike letters (a Cyrillic а among Latin letters; a whole name of
// Cyrillic letters that look Latin; digits for letters; full-width forms)
// and the AI's names are refused, and the name stays unchanged.
func TestNameAttacksRefused(t *testing.T) {
	t.Parallel()
	c, _ := newClient(t, testOptions{})
	holder := unique("Bob")
	_, _ = named(t, c, holder)
	rest := holder[3:] // the random letters after "Bob"
	// A name of letters that Cyrillic writes alike: "Kaxopey...".
	latin := []byte("K")
	for range 10 {
		latin = append(latin, "acepoxyk"[rand.IntN(8)])
	}
	_, _ = named(t, c, string(latin))
	id, token := named(t, c, unique("Eve"))
	before := c.Req("GET", "/api/players/"+id, "")
	require.Equal(t, http.StatusOK, before.Status)

	for _, tc := range []struct {
		why, name string
		code      string
	}{
		{"markup", "<script>alert(1)</script>", "bad-name"},
		{"markup around a name", "<b>" + holder + "</b>", "bad-name"},
		{"an entity", "Bob&amp;" + rest, "bad-name"},
		{"a quote", `Bob\"` + rest, "bad-name"},
		{"a NUL", `Bob\u0000` + rest, "bad-name"},
		{"a line break", `Bob\n` + rest, "bad-name"},
		{"a tab", `Bob\t` + rest, "bad-name"},
		{"a right-to-left override", "Bob\u202e" + rest, "bad-name"},
		{"a zero-width space", "Bob\u200b" + rest, "bad-name"},
		{"a combining mark on its own", "Bob\u0301" + rest, "bad-name"},
		{"an emoji", "Bob🙂" + rest, "bad-name"},
		{"a Cyrillic а among Latin letters", "B\u043eb" + rest, "bad-name"},
		{"a Latin name written in look-alike Cyrillic", cyrillicOf(string(latin)), "name-taken"},
		{"digits for letters", "B0b" + rest, "name-taken"},
		{"upper case", strings.ToUpper(holder), "name-taken"},
		{"full-width letters", "Ｂｏｂ" + rest, "name-taken"},
		{"a separator inside", "Bo-b" + rest, "name-taken"},
		{"an accent", "Bób" + rest, "name-taken"},
		{"the AI", "AI", "bad-name"},
		{"the AI with a level", "AI Tiger", "bad-name"},
		{"a level", "Level 3", "bad-name"},
		{"a level's animal", "Elephant", "bad-name"},
		{"the AI in Cyrillic look-alikes", "\u0410I-Dog", "bad-name"},
		{"the site", "Doushouqi", "bad-name"},
		{"a moderator", "m0derator", "bad-name"},
		{"only spaces", "     ", "bad-name"},
		{"too long", strings.Repeat("a", 21), "bad-name"},
	} {
		t.Run(tc.why, func(t *testing.T) {
			res := c.Req("POST", "/api/players/me/name", `{"name":"`+tc.name+`"}`, PlayerHeader, token)
			assert.Equal(t, tc.code, res.Body["code"], res.Raw)
			after := c.Req("GET", "/api/players/"+id, "")
			assert.Equal(t, before.Body, after.Body, "unchanged")
		})
	}
}

// cyrillicOf writes Latin letters with the Cyrillic ones that look the
// same where there are (others stay Latin).
func cyrillicOf(s string) string {
	m := map[rune]rune{'a': 'а', 'c': 'с', 'e': 'е', 'o': 'о', 'p': 'р', 'x': 'х', 'y': 'у', 'k': 'к', 'K': 'К'}
	return strings.Map(func(r rune) rune {
		if c, ok := m[r]; ok {
			return c
		}
		return r
	}, s)
}

// TestIdentitiesRaceForOneName: twelve identities ask for one name at once
// (and for its look-alikes): one gets it, the others 409 name-taken.
func TestIdentitiesRaceForOneName(t *testing.T) {
	t.Parallel()
	c, _ := newClient(t, testOptions{})
	name := unique("Racer")
	forms := []string{name, strings.ToUpper(name), strings.Replace(name, "a", "4", 1), "Ｒ" + name[1:]}
	tokens := make([]string, 12)
	for i := range tokens {
		_, tokens[i] = newIdentity(t, c)
	}
	statuses := make([]int, len(tokens))
	var wg sync.WaitGroup
	for i, token := range tokens {
		wg.Go(func() {
			res := c.Req("POST", "/api/players/me/name", `{"name":"`+forms[i%len(forms)]+`"}`, PlayerHeader, token)
			statuses[i] = res.Status
		})
	}
	wg.Wait()
	won := 0
	for _, st := range statuses {
		if st == http.StatusOK {
			won++
		} else {
			assert.Equal(t, http.StatusConflict, st)
		}
	}
	assert.Equal(t, 1, won, "%v", statuses)
}

// TestRatingManipulationPrevented: one person with two browsers cannot
// move a rating without two named identities that both chose a rated game,
// playing it to an end: a game between one identity and itself, with an
// unnamed identity, unrated on one side, or aborted changes nothing; a
// finished game rates once, however often its end is sent; and the body
// cannot set a game's players or rating.
func TestRatingManipulationPrevented(t *testing.T) {
	t.Parallel()
	c, _ := newClient(t, testOptions{})
	_, alice := named(t, c, unique("Alice"))
	_, bob := named(t, c, unique("Bob"))
	_, nameless := newIdentity(t, c)
	rated := `{"mode":"online","clock":"3+2","rated":true}`

	// finish creates a game by creator's identity, joined by joiner's
	// asking joinBody, plays both first moves and has blue resign.
	finish := func(creator, joiner, createBody, joinRated string) map[string]any {
		t.Helper()
		res := c.Req("POST", "/api/games", createBody, PlayerHeader, creator)
		require.Equal(t, http.StatusCreated, res.Status, res.Raw)
		g := res.Body["game"].(map[string]any)["id"].(string)
		red := res.Body["seats"].(map[string]any)["red"].(string)
		res = c.Req("POST", "/api/games/"+g+"/join", `{"invite":"`+res.Body["invite"].(string)+`"`+joinRated+`}`, PlayerHeader, joiner)
		require.Equal(t, http.StatusOK, res.Status, res.Raw)
		blue := res.Body["seats"].(map[string]any)["blue"].(string)
		playOpening(t, c, g, red, blue)
		res = c.As(blue, "POST", "/api/games/"+g+"/resign", `{}`)
		require.Equal(t, http.StatusOK, res.Status, res.Raw)
		again := c.As(blue, "POST", "/api/games/"+g+"/resign", `{}`)
		assert.Equal(t, http.StatusConflict, again.Status, "one end")
		return c.State(g)
	}
	ratings := func(token string) any {
		t.Helper()
		res := c.Req("GET", "/api/players/me", "", PlayerHeader, token)
		require.Equal(t, http.StatusOK, res.Status, res.Raw)
		return res.Body["ratings"]
	}

	for _, tc := range []struct {
		why                     string
		creator, joiner, create string
		joinRated               string
	}{
		{"one identity on both seats (two browsers sharing its secret)", alice, alice, rated, `,"rated":true`},
		{"the second identity has no name", alice, nameless, rated, `,"rated":true`},
		{"the joiner did not choose rated", alice, bob, rated, ``},
		{"the creator did not choose rated", alice, bob, `{"mode":"online","clock":"3+2"}`, `,"rated":true`},
	} {
		st := finish(tc.creator, tc.joiner, tc.create, tc.joinRated)
		assert.Equal(t, false, st["rated"], tc.why)
		assert.Nil(t, st["ratingChange"], tc.why)
	}
	assert.Equal(t, map[string]any{}, ratings(alice), "no game counted")
	assert.Equal(t, map[string]any{}, ratings(bob))

	// An aborted rated game counts for nothing.
	res := c.Req("POST", "/api/games", rated, PlayerHeader, alice)
	require.Equal(t, http.StatusCreated, res.Status, res.Raw)
	g := res.Body["game"].(map[string]any)["id"].(string)
	red := res.Body["seats"].(map[string]any)["red"].(string)
	res = c.Req("POST", "/api/games/"+g+"/join", `{"invite":"`+res.Body["invite"].(string)+`","rated":true}`, PlayerHeader, bob)
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	assert.Equal(t, true, res.Body["game"].(map[string]any)["rated"])
	res = c.As(red, "POST", "/api/games/"+g+"/abort", `{}`)
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	assert.Nil(t, res.Body["ratingChange"])
	assert.Equal(t, map[string]any{}, ratings(alice), "aborted: no rating")

	// A real one counts once, the second resignation refused above.
	st := finish(alice, bob, rated, `,"rated":true`)
	assert.Equal(t, map[string]any{"red": 162.0, "blue": -162.0}, st["ratingChange"], "the first rated game of both: as the worked example")
	assert.Equal(t, 1.0, ratings(alice).(map[string]any)["blitz"].(map[string]any)["games"])

	// The body names no players and no rating.
	for _, body := range []string{
		`{"mode":"online","clock":"3+2","players":{"red":{"id":"x"}}}`,
		`{"mode":"online","clock":"3+2","ratingChange":{"red":400}}`,
		`{"mode":"online","clock":"3+2","rated":"yes"}`,
		`{"mode":"online","clock":"3+2","player":"` + alice + `"}`,
	} {
		res := c.Req("POST", "/api/games", body, PlayerHeader, bob)
		assert.Equal(t, http.StatusBadRequest, res.Status, body)
	}
	// A public id is no secret: it identifies nobody.
	pub := c.Req("GET", "/api/players/me", "", PlayerHeader, strings.Repeat("a", 16))
	assert.Equal(t, http.StatusUnauthorized, pub.Status)
}

// TestNamedIdentitiesAreRateLimited: new identities and names count against
// an address's new games (CreateLimit a minute), so that making identities
// to rate games between is slow from one address.
func TestNamedIdentitiesAreRateLimited(t *testing.T) {
	t.Parallel()
	c, _ := newClient(t, testOptions{createLimit: 3, db: filepath.Join(t.TempDir(), "games.db")})
	_, token := newIdentity(t, c)                                                                         // 1
	res := c.Req("POST", "/api/players/me/name", `{"name":"`+unique("Mallory")+`"}`, PlayerHeader, token) // 2
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	_, second := newIdentity(t, c) // 3
	res = c.Req("POST", "/api/players/me/name", `{"name":"`+unique("Mallory")+`"}`, PlayerHeader, second)
	assert.Equal(t, http.StatusTooManyRequests, res.Status, res.Raw)
	assert.NotEmpty(t, res.Header.Get("Retry-After"))
	res = c.Req("POST", "/api/players", "")
	assert.Equal(t, http.StatusTooManyRequests, res.Status, res.Raw)
	me := c.Req("GET", "/api/players/me", "", PlayerHeader, second)
	assert.Equal(t, "", me.Body["name"], "the refused name was not taken")
}

// TestNoPlayerSecretInLogs: a player's secret, sent as a header or in an
// event stream's query, and its hash are in no log line.
func TestNoPlayerSecretInLogs(t *testing.T) {
	t.Parallel()
	var logs apitest.Buffer
	c, _ := newClient(t, testOptions{logs: &logs})
	_, token := named(t, c, unique("Quiet"))
	res := c.Req("POST", "/api/games", `{"mode":"online","clock":"5+3","rated":true}`, PlayerHeader, token)
	require.Equal(t, http.StatusCreated, res.Status, res.Raw)
	c.Req("GET", "/api/players/me?player="+token, "")
	c.Req("GET", "/api/players/me", "", PlayerHeader, token+"x") // a wrong one, refused
	out := logs.String()
	assert.Contains(t, out, `"status":401`)
	assert.NotContains(t, out, token)
	assert.NotContains(t, out, apitest.HashToken(token))
}
