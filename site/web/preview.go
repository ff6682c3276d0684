package web

import (
	"html"
	"net/http"
	"strings"
)

// Previewer returns the link preview of game id for the page at r, and
// whether there is one (false: no such game). It is asked when index.html
// is served for "/?game=ID".
type Previewer func(r *http.Request, id string) (Preview, bool)

// Preview is what a link to a game shows where it is shared: its Open Graph
// title, description and image (an absolute URL).
type Preview struct {
	Title       string
	Description string
	Image       string
}

// meta returns p as Open Graph (and Twitter card) <meta> elements, one a
// line, every value escaped for an HTML attribute.
func (p Preview) meta() string {
	var b strings.Builder
	tag := func(attr, name, value string) {
		if value == "" {
			return
		}
		b.WriteString(`<meta ` + attr + `="` + name + `" content="` + html.EscapeString(value) + "\">\n")
	}
	tag("property", "og:type", "website")
	tag("property", "og:site_name", "Dou Shou Qi")
	tag("property", "og:title", p.Title)
	tag("property", "og:description", p.Description)
	tag("property", "og:image", p.Image)
	if p.Image != "" {
		tag("property", "og:image:type", "image/svg+xml")
		tag("name", "twitter:card", "summary_large_image")
	}
	return b.String()
}
