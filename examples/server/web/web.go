// Package web holds the play site's page: plain HTML, CSS and JavaScript,
// embedded in the server binary and served as they are (no build step).
// The page's views are /, /lessons and /stats (one index.html that picks
// its view from the path); the lessons are in static/lessons.json, the
// animal pictograms (drawn for this project) in static/pieces.svg, the
// rules guide of the "Ranks and rules" dialog in static/guide.js, and every
// word the page says, in English, German and Spanish, in static/i18n.js.
package web

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"io/fs"
	"net/http"
	"strings"
)

//go:embed static
var files embed.FS

// Static is the page's files, rooted at static/.
var Static, _ = fs.Sub(files, "static")

// views are the page's paths that show index.html.
var views = map[string]bool{"/": true, "/lessons": true, "/stats": true}

// Handler serves the page's files. /, /lessons and /stats are index.html;
// other paths are the embedded files (404 when there is none). Each file
// carries an ETag, its content's hash, and "Cache-Control: no-cache": a
// browser keeps the files and asks each time whether they changed, so a
// return visit downloads nothing until a new server version changes them.
func Handler() http.Handler {
	tags := etags()
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
		if tag, ok := tags[name]; ok {
			w.Header().Set("ETag", tag)
			w.Header().Set("Cache-Control", "no-cache")
		}
		if view {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			http.ServeFileFS(w, r, Static, "index.html")
			return
		}
		files.ServeHTTP(w, r) // answers 304 when If-None-Match names the ETag
	})
}

// etags returns each embedded file's strong ETag: the first 16 bytes of
// its SHA-256, quoted. Reading embedded files does not fail; a file that
// could not be read would only be served without a tag.
func etags() map[string]string {
	tags := map[string]string{}
	_ = fs.WalkDir(Static, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(Static, name)
		if err != nil {
			return err
		}
		sum := sha256.Sum256(data)
		tags[name] = `"` + hex.EncodeToString(sum[:16]) + `"`
		return nil
	})
	return tags
}
