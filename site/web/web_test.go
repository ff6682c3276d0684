package web_test

import (
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/doushouqi/doushouqi/site/web"
	"github.com/doushouqi/doushouqi/svg"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func get(t *testing.T, path string) (*http.Response, string) {
	t.Helper()
	rec := httptest.NewRecorder()
	web.Handler().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
	res := rec.Result()
	body, err := io.ReadAll(res.Body)
	require.NoError(t, err)
	return res, string(body)
}

func TestViewsServeThePage(t *testing.T) {
	for _, path := range []string{"/", "/lessons", "/stats"} {
		res, body := get(t, path)
		assert.Equal(t, http.StatusOK, res.StatusCode, path)
		assert.Contains(t, res.Header.Get("Content-Type"), "text/html", path)
		assert.Contains(t, body, `<script type="module" src="/main.js">`, path)
	}
	res, body := get(t, "/main.js")
	assert.Equal(t, http.StatusOK, res.StatusCode)
	assert.Contains(t, res.Header.Get("Content-Type"), "javascript")
	assert.Contains(t, body, "initPlay")
	res, _ = get(t, "/nothing-here.js")
	assert.Equal(t, http.StatusNotFound, res.StatusCode)
}

// TestNoInlineCode: the server's CSP allows scripts and styles from files
// only, so the page has no inline script, handler or style attribute, and
// loads nothing from another host.
func TestNoInlineCode(t *testing.T) {
	inlineScript := regexp.MustCompile(`<script(?:\s[^>]*)?>\s*[^<\s]`)
	handler := regexp.MustCompile(`(?i)\son[a-z]+\s*=`)
	style := regexp.MustCompile(`(?i)<style|\sstyle\s*=`)
	remote := regexp.MustCompile(`(?i)(src|href)\s*=\s*"(https?:)?//`)
	err := fs.WalkDir(web.Static, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".html") {
			return err
		}
		data, err := fs.ReadFile(web.Static, path)
		require.NoError(t, err)
		s := string(data)
		assert.False(t, inlineScript.MatchString(s), "%s: inline script", path)
		assert.False(t, handler.MatchString(s), "%s: inline event handler", path)
		assert.False(t, style.MatchString(s), "%s: inline style", path)
		assert.False(t, remote.MatchString(s), "%s: a file from another host", path)
		return nil
	})
	require.NoError(t, err)
	js, err := fs.Glob(web.Static, "*.js")
	require.NoError(t, err)
	for _, name := range js {
		data, err := fs.ReadFile(web.Static, name)
		require.NoError(t, err)
		assert.NotContains(t, string(data), "innerHTML", "%s: text goes in as text", name)
		assert.NotContains(t, string(data), "eval(", name)
		// Another host appears only as the target of a link the player
		// follows (the issue tracker), never as a file the page loads.
		text := strings.ReplaceAll(string(data), `"https://github.com/doushouqi/doushouqi/issues"`, "")
		assert.NotRegexp(t, `https?://`, text, "%s: no other host", name)
	}
}

// TestRevalidation: every file has an ETag and no-cache, and a request
// naming the ETag it holds is answered 304 with no body.
func TestRevalidation(t *testing.T) {
	tags := map[string]string{}
	for _, path := range []string{"/", "/lessons", "/main.js", "/style.css", "/pieces.svg", "/lessons.json"} {
		res, body := get(t, path)
		require.Equal(t, http.StatusOK, res.StatusCode, path)
		tag := res.Header.Get("ETag")
		assert.Regexp(t, `^"[0-9a-f]{32}"$`, tag, path)
		assert.Equal(t, "no-cache", res.Header.Get("Cache-Control"), path)
		assert.NotEmpty(t, body, path)
		tags[path] = tag

		rec := httptest.NewRecorder()
		req := httptest.NewRequest(http.MethodGet, path, nil)
		req.Header.Set("If-None-Match", tag)
		web.Handler().ServeHTTP(rec, req)
		assert.Equal(t, http.StatusNotModified, rec.Code, path)
		assert.Empty(t, rec.Body.String(), path)

		rec = httptest.NewRecorder()
		req = httptest.NewRequest(http.MethodGet, path, nil)
		req.Header.Set("If-None-Match", `"0123"`)
		web.Handler().ServeHTTP(rec, req)
		assert.Equal(t, http.StatusOK, rec.Code, "%s: another version's tag gets the file", path)
	}
	assert.Equal(t, tags["/"], tags["/lessons"], "the views are one file")
	assert.NotEqual(t, tags["/"], tags["/main.js"])
	res, _ := get(t, "/nothing-here.js")
	assert.Empty(t, res.Header.Get("ETag"))
	res, _ = get(t, "/index.html")
	assert.Equal(t, http.StatusMovedPermanently, res.StatusCode)
	assert.Empty(t, res.Header.Get("ETag"), "a redirect carries no validator")
	rec := httptest.NewRecorder()
	req := httptest.NewRequest(http.MethodGet, "http://example.com", nil) // absolute form: an empty path
	req.URL.Path = ""
	assert.NotPanics(t, func() { web.Handler().ServeHTTP(rec, req) })
	res, _ = get(t, "/main.js/")
	assert.Equal(t, http.StatusMovedPermanently, res.StatusCode)
	assert.Empty(t, res.Header.Get("ETag"), "a redirect carries no validator")
}

// TestModulePreload: index.html preloads every module main.js imports,
// directly or not (so that the browser fetches them at once rather than one
// level of imports after another), and nothing else.
func TestModulePreload(t *testing.T) {
	importRe := regexp.MustCompile(`(?m)^import .* from "\./([a-z0-9]+\.js)";`)
	seen := map[string]bool{}
	var walk func(name string)
	walk = func(name string) {
		data, err := fs.ReadFile(web.Static, name)
		require.NoError(t, err, name)
		for _, m := range importRe.FindAllStringSubmatch(string(data), -1) {
			if !seen[m[1]] {
				seen[m[1]] = true
				walk(m[1])
			}
		}
	}
	walk("main.js")
	require.Greater(t, len(seen), 5, "main.js's imports were read")

	page, err := fs.ReadFile(web.Static, "index.html")
	require.NoError(t, err)
	preloaded := map[string]bool{}
	for _, m := range regexp.MustCompile(`<link rel="modulepreload" href="/([a-z0-9]+\.js)">`).FindAllStringSubmatch(string(page), -1) {
		preloaded[m[1]] = true
	}
	assert.Equal(t, seen, preloaded)
}

// TestPiecesAreTheSVGPackages: /pieces.svg, the pictograms the page draws
// its pieces with, is the svg package's, not a copy in static/.
func TestPiecesAreTheSVGPackages(t *testing.T) {
	res, body := get(t, "/pieces.svg")
	require.Equal(t, http.StatusOK, res.StatusCode)
	assert.Equal(t, "image/svg+xml", res.Header.Get("Content-Type"))
	assert.Equal(t, svg.Pieces(), body)
	_, err := fs.Stat(web.Static, "pieces.svg")
	assert.ErrorIs(t, err, fs.ErrNotExist)
}
