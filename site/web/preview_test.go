package web_test

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/site/web"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// previews knows one game, whose title needs escaping.
func previews(r *http.Request, id string) (web.Preview, bool) {
	if id != "g1" {
		return web.Preview{}, false
	}
	return web.Preview{
		Title:       `Red & Blue "<script>"`,
		Description: "After 3 half-moves, blue to move.",
		Image:       "https://" + r.Host + "/api/games/g1/board.svg",
	}, true
}

func servePreview(t *testing.T, path string, headers ...string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(http.MethodGet, path, nil)
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	rec := httptest.NewRecorder()
	web.NewHandler(previews).ServeHTTP(rec, req)
	return rec
}

// TestPreviewOfAGame: "/?game=ID" of a known game carries its Open Graph
// title, description and image in the page's head, every value escaped,
// under an ETag of its own; other pages and unknown games carry none.
func TestPreviewOfAGame(t *testing.T) {
	page, err := fs.ReadFile(web.Static, "index.html")
	require.NoError(t, err)

	res := servePreview(t, "http://example.org/?game=g1", "Accept-Encoding", "gzip")
	require.Equal(t, http.StatusOK, res.Code)
	body := res.Body.String()
	head, _, ok := strings.Cut(body, "</head>")
	require.True(t, ok)
	assert.Contains(t, head, `<meta property="og:image" content="https://example.org/api/games/g1/board.svg">`)
	assert.Contains(t, head, `<meta property="og:title" content="Red &amp; Blue &#34;&lt;script&gt;&#34;">`)
	assert.Contains(t, head, `<meta property="og:description" content="After 3 half-moves, blue to move.">`)
	assert.Contains(t, head, `<meta name="twitter:card" content="summary_large_image">`)
	assert.NotContains(t, body, "<script>\"")
	assert.Equal(t, string(page), strings.Replace(body, metaText(body), "", 1), "only the meta lines are added")
	assert.Contains(t, res.Header().Get("Content-Type"), "text/html")
	assert.Empty(t, res.Header().Get("Content-Encoding"), "a page made for one request is sent as it is")

	plain := servePreview(t, "/")
	tag := res.Header().Get("ETag")
	assert.Regexp(t, `^"[0-9a-f]{32}"$`, tag)
	assert.NotEqual(t, plain.Header().Get("ETag"), tag, "another body, another tag")
	again := servePreview(t, "http://example.org/?game=g1", "If-None-Match", tag)
	assert.Equal(t, http.StatusNotModified, again.Code)

	for _, path := range []string{"/", "/?game=unknown", "/?game=%22%3E%3Cscript%3E", "/lessons?game=g1", "/stats"} {
		res := servePreview(t, path)
		require.Equal(t, http.StatusOK, res.Code, path)
		assert.NotContains(t, res.Body.String(), "og:", path)
	}
	res = serve(t, "/?game=g1") // the Handler without previews
	assert.NotContains(t, res.Body.String(), "og:")
}

// metaText returns the <meta property="og:..."> and twitter lines of body.
func metaText(body string) string {
	var b strings.Builder
	for line := range strings.Lines(body) {
		if strings.HasPrefix(line, `<meta property="og:`) || strings.HasPrefix(line, `<meta name="twitter:`) {
			b.WriteString(line)
		}
	}
	return b.String()
}

// TestLanguage: the page's lang parameter first, then the best-rated
// language of Accept-Language the page speaks, then English.
func TestLanguage(t *testing.T) {
	for _, c := range []struct{ url, accept, want string }{
		{"/?game=g1", "", "en"},
		{"/?game=g1", "fr-FR,de;q=0.7,es;q=0.9", "es"},
		{"/?game=g1", "de-AT", "de"},
		{"/?game=g1&lang=de", "es", "de"},
		{"/?game=g1&lang=fr", "es-MX", "es"},
		{"/?game=g1", "fr, it;q=0.5", "en"},
		{"/?game=g1", "de;q=x, es;q=0.1", "de"},
	} {
		req := httptest.NewRequest(http.MethodGet, c.url, nil)
		req.Header.Set("Accept-Language", c.accept)
		assert.Equal(t, c.want, web.Language(req), "%s with %q", c.url, c.accept)
	}
}

// TestDescribe: a preview's words in each language, each ending said once
// (no "Finished: red wins: ..." colons in a row).
func TestDescribe(t *testing.T) {
	won := web.GameFacts{Mode: "online", HalfMoves: 9, ToMove: dsq.Blue, Outcome: dsq.Outcome{Reason: dsq.DenEntered, Winner: dsq.Red}}
	for lang, want := range map[string][2]string{
		"en": {"Dou Shou Qi · An online game", "Finished after 9 half-moves. Red wins: den entered."},
		"de": {"Dou Shou Qi · Eine Online-Partie", "Beendet nach 9 Halbzügen. Rot gewinnt: Höhle betreten."},
		"es": {"Dou Shou Qi · Una partida en línea", "Terminada tras 9 medios movimientos. Ganan las rojas: entrada en la guarida."},
		"fr": {"Dou Shou Qi · An online game", "Finished after 9 half-moves. Red wins: den entered."},
	} {
		title, desc := web.Describe(lang, won)
		assert.Equal(t, want, [2]string{title, desc}, lang)
		assert.LessOrEqual(t, strings.Count(desc, ":"), 1, lang)
	}
	ai := web.GameFacts{Mode: "ai", Player: dsq.Blue, Level: 5, ToMove: dsq.Red}
	title, desc := web.Describe("de", ai)
	assert.Equal(t, "Dou Shou Qi · Blau gegen die KI, Stufe 5", title)
	assert.Equal(t, "Noch nicht begonnen: Rot zieht zuerst.", desc)
	_, desc = web.Describe("en", web.GameFacts{Mode: "local", HalfMoves: 1, ToMove: dsq.Blue, Outcome: dsq.Outcome{Reason: dsq.DrawAgreed, Winner: dsq.NoColor}})
	assert.Equal(t, "Finished after 1 half-move. Draw: agreed.", desc)
}

// TestBoardPNG: the preview's picture is a PNG of its stated size whose
// squares are drawn in the board's colours: water, each side's den, a red
// token with the last move framed.
func TestBoardPNG(t *testing.T) {
	g := dsq.NewGame()
	m := dsq.NewMove(dsq.A3, dsq.A4)
	require.NoError(t, g.Play(m))
	data, err := web.BoardPNG(g.Position(), m, false)
	require.NoError(t, err)
	img, err := png.Decode(bytes.NewReader(data))
	require.NoError(t, err)
	require.Equal(t, image.Rect(0, 0, web.PNGWidth, web.PNGHeight), img.Bounds())
	// The centre pixel's colour of square file f, rank r (0-based), and a
	// pixel near its top left corner.
	at := func(f, r, dx, dy int) [3]uint8 {
		c := color.RGBAModel.Convert(img.At(14+f*64+dx, 14+(8-r)*64+dy)).(color.RGBA)
		return [3]uint8{c.R, c.G, c.B}
	}
	assert.Equal(t, [3]uint8{0x4b, 0x8b, 0xcb}, at(1, 3, 2, 30), "b4 is water")
	assert.Equal(t, [3]uint8{0xd4, 0x56, 0x4a}, at(3, 0, 4, 4), "d1 is Red's den")
	assert.Equal(t, [3]uint8{0x3e, 0x5e, 0xc4}, at(3, 8, 4, 4), "d9 is Blue's den")
	assert.Equal(t, [3]uint8{0xc5, 0x36, 0x2c}, at(0, 3, 32, 14), "a red token on a4")
	assert.Equal(t, [3]uint8{0xf0, 0x8c, 0x00}, at(0, 2, 1, 1), "a3, where the move began, is framed")
	assert.Equal(t, [3]uint8{0x24, 0x56, 0xb6}, at(6, 6, 32, 14), "a blue token on g7")
	flipped, err := web.BoardPNG(g.Position(), m, true)
	require.NoError(t, err)
	assert.NotEqual(t, data, flipped)
}
