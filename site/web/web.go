// Package web holds the play site's page: plain HTML, CSS and JavaScript,
// embedded in the server binary and served as they are (no build step).
// The page's views are /, /lessons and /stats (one index.html that picks
// its view from the path); the lessons are in static/lessons.json, the
// animal pictograms (drawn for this project) are the svg package's, served
// as /pieces.svg, the rules guide of the "Ranks and rules" dialog in static/guide.js, and every
// word the page says, in English, German and Spanish, in static/i18n.js.
package web

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"
	"sync"
	"time"

	"github.com/doushouqi/doushouqi/svg"
)

//go:embed static
var files embed.FS

// Static is the page's files: static/, and rules.js, the board and the
// rules as the library has them (rules.go).
var Static = pageFiles()

// views are the page's paths that show index.html.
var views = map[string]bool{"/": true, "/lessons": true, "/stats": true}

// Handler serves the page's files, with no link previews (NewHandler).
func Handler() http.Handler { return NewHandler(nil) }

// NewHandler serves the page's files. /, /lessons and /stats are
// index.html; other paths are the embedded files (404 when there is none).
//
// Each file carries a strong ETag and "Cache-Control: no-cache": a browser
// keeps the files and asks each time whether they changed, so a return
// visit downloads nothing until a new server version changes them. A
// client that accepts gzip gets the files gzip-compressed (compressed once,
// when first served), under their own ETag (the file's with "-gz"), with
// "Vary: Accept-Encoding" on both forms; a Range request gets ranges of
// the uncompressed file.
//
// For "/?game=ID", when preview knows the game, index.html carries its link
// preview (Open Graph title, description and image) for the chats and
// sites a link to the game is shared on.
func NewHandler(preview Previewer) http.Handler {
	files := http.FileServerFS(Static)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/index.html" {
			http.Redirect(w, r, "/", http.StatusMovedPermanently)
			return
		}
		view := views[r.URL.Path]
		name := strings.TrimPrefix(r.URL.Path, "/") // an unclean path gets FileServer's redirect, untagged
		if view {
			name = "index.html"
		}
		a, ok := loadAssets()[name]
		if !ok {
			files.ServeHTTP(w, r) // a directory's redirect, or 404
			return
		}
		if id := r.URL.Query().Get("game"); r.URL.Path == "/" && id != "" && preview != nil {
			if p, ok := preview(r, id); ok {
				a = a.withHead(p.meta())
			}
		}
		a.serve(w, r)
	})
}

// asset is one embedded file ready to serve: its bytes and ETag, and its
// gzip form, made when first asked for (nil when compressing does not make
// it smaller).
type asset struct {
	name     string
	ctype    string
	body     []byte
	tag      string
	compress func() []byte // nil: never compressed
}

// loadAssets returns the embedded files by name, with pieces.svg, the svg
// package's pictograms (svg.Pieces), each read and tagged once, at the
// first request, and compressed at the first request that takes it
// compressed.
var loadAssets = sync.OnceValue(func() map[string]*asset {
	all := map[string]*asset{}
	_ = fs.WalkDir(Static, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(Static, name) // embedded files do not fail to read
		if err != nil {
			return err
		}
		all[name] = newAsset(name, data, true)
		return nil
	})
	all["pieces.svg"] = newAsset("pieces.svg", []byte(svg.Pieces()), true)
	return all
})

// newAsset tags data and, if compress, gzips it.
func newAsset(name string, data []byte, compress bool) *asset {
	a := &asset{name: name, body: data, tag: etag(data)}
	a.ctype = mime.TypeByExtension(path.Ext(name))
	if a.ctype == "" {
		a.ctype = http.DetectContentType(data)
	}
	if compress {
		a.compress = sync.OnceValue(func() []byte {
			if gz := gzipped(data); len(gz) < len(data) {
				return gz
			}
			return nil // compressing does not pay
		})
	}
	return a
}

// etag returns the strong ETag of data: the first 16 bytes of its SHA-256,
// quoted.
func etag(data []byte) string {
	sum := sha256.Sum256(data)
	return `"` + hex.EncodeToString(sum[:16]) + `"`
}

// gzipTag is the ETag of the gzip form of the file whose ETag is tag.
func gzipTag(tag string) string { return strings.TrimSuffix(tag, `"`) + `-gz"` }

// withHead returns a copy of a (index.html) with extra inserted before
// </head>, uncompressed: it is made for one request. a itself is returned
// when it has no </head>.
func (a *asset) withHead(extra string) *asset {
	i := bytes.Index(a.body, []byte("</head>"))
	if i < 0 || extra == "" {
		return a
	}
	data := make([]byte, 0, len(a.body)+len(extra))
	data = append(append(append(data, a.body[:i]...), extra...), a.body[i:]...)
	b := newAsset(a.name, data, false)
	b.ctype = a.ctype
	return b
}

// serve answers r with a: gzip when the client accepts it and asks for no
// range, else the file as it is; 304 when If-None-Match names the ETag of
// the form chosen.
func (a *asset) serve(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Type", a.ctype)
	h.Set("Cache-Control", "no-cache")
	body, tag := a.body, a.tag
	if a.compress != nil {
		h.Add("Vary", "Accept-Encoding")
		if r.Header.Get("Range") == "" && acceptsGzip(r.Header.Values("Accept-Encoding")) {
			if gz := a.compress(); gz != nil {
				body, tag = gz, gzipTag(a.tag)
				h.Set("Content-Encoding", "gzip")
			}
		}
	}
	h.Set("ETag", tag)
	// ServeContent answers If-None-Match (304), HEAD and Range; the zero
	// time sends no Last-Modified, the ETag is the validator.
	http.ServeContent(w, r, a.name, time.Time{}, bytes.NewReader(body))
}
