package httpapi

import (
	"crypto/sha256"
	"encoding/hex"
	"image"
	"image/png"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/site/games"
	"github.com/doushouqi/doushouqi/site/web"
	"github.com/doushouqi/doushouqi/svg"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBoardPicture: a game's picture is the library's SVG board of its
// position, 600 px wide, with the last move highlighted (turned for Blue on
// ?flip=1), tagged with its bytes' hash, revalidated with 304, kept a few
// seconds; an unknown game is 404.
func TestBoardPicture(t *testing.T) {
	t.Parallel()
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
// Graph title and description, in the visitor's language (the lang
// parameter, else Accept-Language), and shows its board as a PNG at the
// site's configured origin, or the address the connection came in on,
// never at the request's Host; an unknown or malformed id adds nothing.
func TestPagePreviewsAGame(t *testing.T) {
	t.Parallel()
	c, s := newClient(t, testOptions{})
	// Red, the player, to move: the AI (Blue) has nothing to play meanwhile.
	g := storeGame(t, s, dsq.StartPosition().String(), "a3a4", "a7a6")
	host := strings.TrimPrefix(c.URL, "http://")

	res := c.Req("GET", "/?game="+g.ID, "")
	require.Equal(t, http.StatusOK, res.Status)
	assert.Contains(t, res.Raw, `<meta property="og:image" content="http://`+host+`/api/games/`+g.ID+`/board.png">`)
	assert.Contains(t, res.Raw, `<meta property="og:image:type" content="image/png">`)
	assert.Contains(t, res.Raw, `<meta property="og:title" content="Dou Shou Qi · Red against the AI, level 2">`)
	assert.Contains(t, res.Raw, `<meta property="og:description" content="After 2 half-moves, red to move.">`)

	res = c.Req("GET", "/?game="+g.ID, "", "Accept-Language", "fr-FR, de-DE;q=0.8, es;q=0.5")
	assert.Contains(t, res.Raw, `<meta property="og:title" content="Dou Shou Qi · Rot gegen die KI, Stufe 2">`)
	assert.Contains(t, res.Raw, `<meta property="og:description" content="Nach 2 Halbzügen, Rot am Zug.">`)
	assert.Contains(t, res.Raw, `<meta property="og:locale" content="de_DE">`)
	res = c.Req("GET", "/?game="+g.ID+"&lang=es", "", "Accept-Language", "de")
	assert.Contains(t, res.Raw, `<meta property="og:title" content="Dou Shou Qi · Rojas contra la IA, nivel 2">`)
	assert.Contains(t, res.Raw, `<meta property="og:description" content="Tras 2 medios movimientos, juegan las rojas.">`)

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
	assert.Contains(t, string(page), `content="http://`+host+`/api/games/`+g.ID+`/board.png"`)
	assert.NotContains(t, string(page), "evil.example")

	// With an origin configured, the links are the origin's.
	o, os := newClient(t, testOptions{config: func(cfg *Config) { cfg.Origins = []string{"https://Play.Example/"} }})
	g = storeGame(t, os, dsq.StartPosition().String())
	res = o.Req("GET", "/?game="+g.ID, "")
	assert.Contains(t, res.Raw, `<meta property="og:image" content="https://play.example/api/games/`+g.ID+`/board.png">`)

	for _, id := range []string{strings.Repeat("0", 32), `"><script>alert(1)</script>`, ""} {
		res := c.Req("GET", "/?game="+url.QueryEscape(id), "")
		require.Equal(t, http.StatusOK, res.Status, id)
		assert.NotContains(t, res.Raw, "og:", id)
	}
}

// TestBoardPNG: a game's board as a PNG of the preview's size, whose
// pixels show the last move's frame, revalidated by its ETag; an unknown
// game is not found.
func TestBoardPNG(t *testing.T) {
	t.Parallel()
	c, s := newClient(t, testOptions{})
	g := storeGame(t, s, dsq.StartPosition().String(), "a3a4", "g7g6") // the player (Red) to move: nothing changes
	path := "/api/games/" + g.ID + "/board.png"
	res := c.Req("GET", path, "")
	require.Equal(t, http.StatusOK, res.Status)
	assert.Equal(t, "image/png", res.Header.Get("Content-Type"))
	img, err := png.Decode(strings.NewReader(res.Raw))
	require.NoError(t, err)
	assert.Equal(t, image.Rect(0, 0, web.PNGWidth, web.PNGHeight), img.Bounds())
	again := c.Req("GET", path, "", "If-None-Match", res.Header.Get("ETag"))
	assert.Equal(t, http.StatusNotModified, again.Status)
	assert.Equal(t, http.StatusNotFound, c.Req("GET", "/api/games/"+strings.Repeat("0", 32)+"/board.png", "").Status)
}

// TestGameSummary: the preview's description says who is to move, or how
// the game ended, in words, with one colon at most.
func TestGameSummary(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, testOptions{})
	summary := func(g *games.Game) string { _, d := web.Describe("en", gameFacts(g)); return d }
	fresh := storeGame(t, s, dsq.StartPosition().String())
	assert.Equal(t, "Not started yet: Red moves first.", summary(fresh))
	// Red's lion one step from the den: d8d9 wins.
	won := storeGame(t, s, "7/3L3/7/7/7/7/7/7/e6 r 0 1", "d8d9")
	assert.Equal(t, "Finished after 1 half-move. Red wins: den entered.", summary(won))
	played := storeGame(t, s, dsq.StartPosition().String(), "a3a4", "g7g6")
	assert.Equal(t, "After 2 half-moves, red to move.", summary(played))
}
