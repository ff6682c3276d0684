package httpapi

import (
	"crypto/sha256"
	"encoding/hex"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/svg"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBoardPicture: a game's picture is the library's SVG board of its
// position, 600 px wide, with the last move highlighted (turned for Blue on
// ?flip=1), tagged with its bytes' hash, revalidated with 304, kept a few
// seconds; an unknown game is 404.
func TestBoardPicture(t *testing.T) {
	c, s := newClient(t, testOptions{})
	g := storeGame(t, s, dsq.StartPosition().String(), "a3a4", "g7g6")
	pos := g.Position()
	last := g.Moves()[1]

	for _, flip := range []bool{false, true} {
		path := "/api/games/" + g.ID + "/board.svg"
		if flip {
			path += "?flip=1"
		}
		want, err := svg.Board(pos, svg.Options{Size: 600, Flipped: flip, LastMove: last})
		require.NoError(t, err)
		res := c.Req("GET", path, "")
		require.Equal(t, http.StatusOK, res.Status, res.Raw)
		assert.Equal(t, want, res.Raw, path)
		assert.Equal(t, "image/svg+xml", res.Header.Get("Content-Type"))
		assert.Equal(t, "public, max-age=10", res.Header.Get("Cache-Control"))
		sum := sha256.Sum256([]byte(want))
		tag := `"` + hex.EncodeToString(sum[:16]) + `"`
		assert.Equal(t, tag, res.Header.Get("ETag"), path)

		again := c.Req("GET", path, "", "If-None-Match", tag)
		assert.Equal(t, http.StatusNotModified, again.Status, path)
		assert.Empty(t, again.Raw)
	}
	assert.Contains(t, c.Req("GET", "/api/games/"+g.ID+"/board.svg", "").Raw, `class="last`, "the last move is highlighted")

	res := c.Req("GET", "/api/games/"+strings.Repeat("0", 32)+"/board.svg", "")
	assert.Equal(t, http.StatusNotFound, res.Status)
	assert.Equal(t, "not-found", res.Body["code"], res.Raw)
	res = c.Req("POST", "/api/games/"+g.ID+"/board.svg", "{}")
	assert.Equal(t, http.StatusMethodNotAllowed, res.Status)
}

// TestPagePreviewsAGame: the page for /?game=ID names the game in its Open
// Graph title and description and shows its board picture at the site's
// configured origin, or the address the connection came in on, never at
// the request's Host; an unknown or malformed id adds nothing.
func TestPagePreviewsAGame(t *testing.T) {
	c, s := newClient(t, testOptions{})
	g := storeGame(t, s, dsq.StartPosition().String(), "a3a4")
	host := strings.TrimPrefix(c.URL, "http://")

	res := c.Req("GET", "/?game="+g.ID, "")
	require.Equal(t, http.StatusOK, res.Status)
	assert.Contains(t, res.Raw, `<meta property="og:image" content="http://`+host+`/api/games/`+g.ID+`/board.svg">`)
	assert.Contains(t, res.Raw, `<meta property="og:title" content="Dou Shou Qi: red against the AI, level 2">`)
	assert.Contains(t, res.Raw, `<meta property="og:description" content="After 1 half-move, blue to move.">`)

	// A Host or X-Forwarded-Proto of the client's choosing is never copied
	// into the page.
	r, err := http.NewRequest("GET", c.URL+"/?game="+g.ID, nil)
	require.NoError(t, err)
	r.Host = "evil.example"
	r.Header.Set("X-Forwarded-Proto", "https")
	got, err := http.DefaultClient.Do(r)
	require.NoError(t, err)
	page, err := io.ReadAll(got.Body)
	got.Body.Close()
	require.NoError(t, err)
	assert.Contains(t, string(page), `content="http://`+host+`/api/games/`+g.ID+`/board.svg"`)
	assert.NotContains(t, string(page), "evil.example")

	// With an origin configured, the links are the origin's.
	o, os := newClient(t, testOptions{config: func(cfg *Config) { cfg.Origins = []string{"https://Play.Example/"} }})
	g = storeGame(t, os, dsq.StartPosition().String())
	res = o.Req("GET", "/?game="+g.ID, "")
	assert.Contains(t, res.Raw, `<meta property="og:image" content="https://play.example/api/games/`+g.ID+`/board.svg">`)

	for _, id := range []string{strings.Repeat("0", 32), `"><script>alert(1)</script>`, ""} {
		res := c.Req("GET", "/?game="+url.QueryEscape(id), "")
		require.Equal(t, http.StatusOK, res.Status, id)
		assert.NotContains(t, res.Raw, "og:", id)
	}
}

// TestGameSummary: the preview's description says who is to move, or how
// the game ended, in words.
func TestGameSummary(t *testing.T) {
	s := newTestServer(t, testOptions{})
	fresh := storeGame(t, s, dsq.StartPosition().String())
	assert.Equal(t, "Not started yet: red moves first.", gameSummary(fresh))
	// Red's lion one step from the den: d8d9 wins.
	won := storeGame(t, s, "7/3L3/7/7/7/7/7/7/e6 r 0 1", "d8d9")
	assert.Equal(t, "Finished after 1 half-move: red wins: den entered.", gameSummary(won))
	played := storeGame(t, s, dsq.StartPosition().String(), "a3a4", "g7g6")
	assert.Equal(t, "After 2 half-moves, red to move.", gameSummary(played))
}
