// Package web holds the play site's page: plain HTML, CSS and JavaScript,
// embedded in the server binary and served as they are (no build step).
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

// Handler serves the page's files; "/" is index.html.
func Handler() http.Handler { return http.FileServerFS(Static) }
