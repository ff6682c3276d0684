package web_test

import (
	"io/fs"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

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
