// Package web holds the play site's page: plain HTML, CSS and JavaScript,
// embedded in the server binary and served as they are (no build step).
// The page's views are /, /lessons and /stats (one index.html that picks
// its view from the path); the lessons are in static/lessons.json, the
// animal pictograms (drawn for this project) in static/pieces.svg, the
// rules guide of the "Ranks and rules" dialog in static/guide.js, and every
// word the page says, in English, German and Spanish, in static/i18n.js.
package web

import (
	"embed"
	"io/fs"
	"net/http"
)

//go:embed static
var files embed.FS

// Static is the page's files, rooted at static/.
var Static, _ = fs.Sub(files, "static")

// views are the page's paths that show index.html.
var views = map[string]bool{"/": true, "/lessons": true, "/stats": true}

// Handler serves the page's files. /, /lessons and /stats are index.html;
// other paths are the embedded files (404 when there is none).
func Handler() http.Handler {
	files := http.FileServerFS(Static)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if views[r.URL.Path] {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			http.ServeFileFS(w, r, Static, "index.html")
			return
		}
		if r.URL.Path == "/index.html" {
			http.Redirect(w, r, "/", http.StatusMovedPermanently)
			return
		}
		files.ServeHTTP(w, r)
	})
}
