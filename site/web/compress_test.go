package web_test

import (
	"bytes"
	"compress/gzip"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/doushouqi/doushouqi/site/web"
	"github.com/doushouqi/doushouqi/svg"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// serve sends GET path with the headers given as name, value pairs.
func serve(t *testing.T, path string, headers ...string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(http.MethodGet, path, nil)
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	rec := httptest.NewRecorder()
	web.Handler().ServeHTTP(rec, req)
	return rec
}

func gunzip(t *testing.T, b []byte) []byte {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(b))
	require.NoError(t, err)
	out, err := io.ReadAll(zr)
	require.NoError(t, err)
	return out
}

// TestGzipWhenAccepted: a client that accepts gzip gets each file
// compressed, smaller, decompressing to the file, under an ETag of its own;
// one that does not gets the file as it is; both are told the answer
// varies with Accept-Encoding.
func TestGzipWhenAccepted(t *testing.T) {
	for _, tc := range []struct{ path, file string }{
		{"/", "index.html"}, {"/main.js", "main.js"}, {"/style.css", "style.css"},
		{"/i18n.js", "i18n.js"}, {"/pieces.svg", ""}, {"/lessons.json", "lessons.json"},
	} {
		want := []byte(svg.Pieces()) // "": the svg package's pictograms
		if tc.file != "" {
			var err error
			want, err = fs.ReadFile(web.Static, tc.file)
			require.NoError(t, err)
		}

		gz := serve(t, tc.path, "Accept-Encoding", "gzip, deflate, br")
		require.Equal(t, http.StatusOK, gz.Code, tc.path)
		assert.Equal(t, "gzip", gz.Header().Get("Content-Encoding"), tc.path)
		assert.Equal(t, "Accept-Encoding", gz.Header().Get("Vary"), tc.path)
		assert.Less(t, gz.Body.Len(), len(want), tc.path)
		assert.Equal(t, want, gunzip(t, gz.Body.Bytes()), tc.path)

		plain := serve(t, tc.path)
		require.Equal(t, http.StatusOK, plain.Code, tc.path)
		assert.Empty(t, plain.Header().Get("Content-Encoding"), tc.path)
		assert.Equal(t, "Accept-Encoding", plain.Header().Get("Vary"), tc.path)
		assert.Equal(t, want, plain.Body.Bytes(), tc.path)

		assert.Equal(t, plain.Header().Get("Content-Type"), gz.Header().Get("Content-Type"), tc.path)
		plainTag, gzTag := plain.Header().Get("ETag"), gz.Header().Get("ETag")
		assert.Regexp(t, `^"[0-9a-f]{32}-gz"$`, gzTag, tc.path)
		assert.NotEqual(t, plainTag, gzTag, "%s: two representations, two tags", tc.path)
	}
}

// TestGzipRevalidation: each representation's ETag revalidates it (304, no
// body), and the other's does not.
func TestGzipRevalidation(t *testing.T) {
	plainTag := serve(t, "/main.js").Header().Get("ETag")
	gzTag := serve(t, "/main.js", "Accept-Encoding", "gzip").Header().Get("ETag")

	res := serve(t, "/main.js", "Accept-Encoding", "gzip", "If-None-Match", gzTag)
	assert.Equal(t, http.StatusNotModified, res.Code)
	assert.Empty(t, res.Body.String())
	assert.Equal(t, gzTag, res.Header().Get("ETag"))
	assert.Equal(t, "Accept-Encoding", res.Header().Get("Vary"))

	res = serve(t, "/main.js", "If-None-Match", plainTag)
	assert.Equal(t, http.StatusNotModified, res.Code)
	assert.Empty(t, res.Body.String())

	res = serve(t, "/main.js", "Accept-Encoding", "gzip", "If-None-Match", plainTag)
	assert.Equal(t, http.StatusOK, res.Code, "the identity tag does not validate the gzip form")
	assert.Equal(t, "gzip", res.Header().Get("Content-Encoding"))
	res = serve(t, "/main.js", "If-None-Match", gzTag)
	assert.Equal(t, http.StatusOK, res.Code, "the gzip tag does not validate the identity form")
	assert.Empty(t, res.Header().Get("Content-Encoding"))

	res = serve(t, "/main.js", "Accept-Encoding", "gzip", "If-None-Match", plainTag+", "+gzTag)
	assert.Equal(t, http.StatusNotModified, res.Code, "a list naming the tag")
}

// TestAcceptEncoding: gzip is chosen only when the header accepts it with a
// weight above 0, by name or by "*".
func TestAcceptEncoding(t *testing.T) {
	for _, tc := range []struct {
		accept string
		gzip   bool
	}{
		{"", false},
		{"gzip", true},
		{"GZIP", true},
		{"x-gzip", true},
		{"br;q=1.0, gzip;q=0.8", true},
		{"gzip;q=0", false},
		{"gzip; q=0.000", false},
		{"gzip;q=nonsense", false},
		{"identity", false},
		{"deflate, br", false},
		{"*", true},
		{"*;q=0", false},
		{"gzip;q=0, *", false},
		{"*, gzip;q=0", false},
		{"identity;q=1, *;q=0.5", true},
		{"gzipped", false},
	} {
		res := serve(t, "/main.js", "Accept-Encoding", tc.accept)
		got := res.Header().Get("Content-Encoding") == "gzip"
		assert.Equal(t, tc.gzip, got, "Accept-Encoding: %q", tc.accept)
	}
}

// TestRangeGetsTheIdentity: a Range request is answered from the file as it
// is, never from its compressed bytes.
func TestRangeGetsTheIdentity(t *testing.T) {
	want, err := fs.ReadFile(web.Static, "main.js")
	require.NoError(t, err)
	res := serve(t, "/main.js", "Accept-Encoding", "gzip", "Range", "bytes=0-9")
	require.Equal(t, http.StatusPartialContent, res.Code)
	assert.Empty(t, res.Header().Get("Content-Encoding"))
	assert.Equal(t, want[:10], res.Body.Bytes())
	assert.Equal(t, "Accept-Encoding", res.Header().Get("Vary"))
}

// TestHeadOfGzip: HEAD answers the gzip form's headers without a body.
func TestHeadOfGzip(t *testing.T) {
	req := httptest.NewRequest(http.MethodHead, "/style.css", nil)
	req.Header.Set("Accept-Encoding", "gzip")
	rec := httptest.NewRecorder()
	web.Handler().ServeHTTP(rec, req)
	assert.Equal(t, http.StatusOK, rec.Code)
	assert.Equal(t, "gzip", rec.Header().Get("Content-Encoding"))
	assert.Empty(t, rec.Body.String())
}
