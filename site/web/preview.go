package web

import (
	"fmt"
	"html"
	"net/http"
	"strconv"
	"strings"

	dsq "github.com/doushouqi/doushouqi"
)

// Previewer returns the link preview of game id for the page at r, and
// whether there is one (false: no such game). It is asked when index.html
// is served for "/?game=ID".
type Previewer func(r *http.Request, id string) (Preview, bool)

// Preview is what a link to a game shows where it is shared: its Open Graph
// title, description and image (an absolute URL of a PNG of PNGWidth x
// PNGHeight pixels), in the language Lang ("en", "de", "es").
type Preview struct {
	Title       string
	Description string
	Image       string
	Lang        string
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
		tag("property", "og:image:type", "image/png")
		tag("property", "og:image:width", strconv.Itoa(PNGWidth))
		tag("property", "og:image:height", strconv.Itoa(PNGHeight))
		tag("name", "twitter:card", "summary_large_image")
	}
	tag("property", "og:locale", map[string]string{"en": "en_GB", "de": "de_DE", "es": "es_ES"}[p.Lang])
	return b.String()
}

// Languages are the languages of the page (i18n.js), English first.
var Languages = []string{"en", "de", "es"}

// Language is the language of the page asked for by r: its lang parameter
// when the page speaks it, else the first language of Accept-Language the
// page speaks, else English.
func Language(r *http.Request) string {
	speaks := func(tag string) string {
		base, _, _ := strings.Cut(strings.ToLower(strings.TrimSpace(tag)), "-")
		for _, l := range Languages {
			if base == l {
				return l
			}
		}
		return ""
	}
	if l := speaks(r.URL.Query().Get("lang")); l != "" {
		return l
	}
	best, bestQ := "", 0.0
	for part := range strings.SplitSeq(r.Header.Get("Accept-Language"), ",") {
		tag, params, _ := strings.Cut(part, ";")
		q := 1.0
		if v, ok := strings.CutPrefix(strings.TrimSpace(params), "q="); ok {
			if f, err := strconv.ParseFloat(v, 64); err == nil {
				q = f
			}
		}
		if l := speaks(tag); l != "" && q > bestQ {
			best, bestQ = l, q
		}
	}
	if best == "" {
		return "en"
	}
	return best
}

// GameFacts are what a link preview says of a game.
type GameFacts struct {
	Mode      string    // "ai", "online" or "local"
	Player    dsq.Color // an AI game's player
	Level     int       // an AI game's level
	HalfMoves int
	ToMove    dsq.Color
	Outcome   dsq.Outcome
}

// previewWords are the preview's sentences in each language; %s and %d
// stand as the comments say.
var previewWords = map[string]map[string]string{
	"en": {
		"site": "Dou Shou Qi", "ai": "%s against the AI, level %d", "online": "An online game", "local": "A game on one device",
		"red": "Red", "blue": "Blue", "start": "Not started yet: %s moves first.", "on": "After %s, %s to move.",
		"over": "Finished after %s. %s", "won": "%s wins: %s.", "draw": "Draw: %s.", "half1": "1 half-move", "halfN": "%d half-moves",
	},
	"de": {
		"site": "Dou Shou Qi", "ai": "%s gegen die KI, Stufe %d", "online": "Eine Online-Partie", "local": "Eine Partie an einem Gerät",
		"red": "Rot", "blue": "Blau", "start": "Noch nicht begonnen: %s zieht zuerst.", "on": "Nach %s, %s am Zug.",
		"over": "Beendet nach %s. %s", "won": "%s gewinnt: %s.", "draw": "Remis: %s.", "half1": "1 Halbzug", "halfN": "%d Halbzügen",
	},
	"es": {
		"site": "Dou Shou Qi", "ai": "%s contra la IA, nivel %d", "online": "Una partida en línea", "local": "Una partida en un dispositivo",
		"red": "Rojas", "blue": "Azules", "start": "Aún sin empezar: empiezan las %s.", "on": "Tras %s, juegan las %s.",
		"over": "Terminada tras %s. %s", "won": "Ganan las %s: %s.", "draw": "Tablas: %s.", "half1": "1 medio movimiento", "halfN": "%d medios movimientos",
	},
}

// reasonWords name the ways a game ends (the page's "reason." strings).
var reasonWords = map[string]map[dsq.Reason]string{
	"en": {dsq.DenEntered: "den entered", dsq.NoPieces: "no pieces left", dsq.NoLegalMove: "no legal move left", dsq.MoveLimit: "60 half-moves without a capture",
		dsq.Repetition: "the same position three times", dsq.Resigned: "resignation", dsq.DrawAgreed: "agreed", dsq.TimeForfeit: "time ran out", dsq.Abandoned: "the game was abandoned"},
	"de": {dsq.DenEntered: "Höhle betreten", dsq.NoPieces: "keine Figuren mehr", dsq.NoLegalMove: "kein legaler Zug mehr", dsq.MoveLimit: "60 Halbzüge ohne Schlag",
		dsq.Repetition: "dreimal dieselbe Stellung", dsq.Resigned: "Aufgabe", dsq.DrawAgreed: "vereinbart", dsq.TimeForfeit: "Zeit abgelaufen", dsq.Abandoned: "Partie verlassen"},
	"es": {dsq.DenEntered: "entrada en la guarida", dsq.NoPieces: "sin piezas", dsq.NoLegalMove: "sin jugadas legales", dsq.MoveLimit: "60 medios movimientos sin captura",
		dsq.Repetition: "tres veces la misma posición", dsq.Resigned: "abandono", dsq.DrawAgreed: "acordadas", dsq.TimeForfeit: "tiempo agotado", dsq.Abandoned: "partida abandonada"},
}

// Describe returns the preview's title and description of the game f in
// lang (English for a language the page does not speak).
func Describe(lang string, f GameFacts) (title, description string) {
	w, ok := previewWords[lang]
	if !ok {
		lang, w = "en", previewWords["en"]
	}
	side := func(c dsq.Color) string {
		if c == dsq.Blue {
			return w["blue"]
		}
		return w["red"]
	}
	switch f.Mode {
	case "ai":
		title = fmt.Sprintf(w["ai"], side(f.Player), f.Level)
	case "online":
		title = w["online"]
	default:
		title = w["local"]
	}
	title = w["site"] + " · " + title
	n := w["half1"]
	if f.HalfMoves != 1 {
		n = fmt.Sprintf(w["halfN"], f.HalfMoves)
	}
	sideLower := func(c dsq.Color) string {
		if lang == "de" {
			return side(c)
		}
		return strings.ToLower(side(c))
	}
	switch {
	case f.Outcome.IsDecided():
		reason := reasonWords[lang][f.Outcome.Reason]
		result := fmt.Sprintf(w["draw"], reason)
		if f.Outcome.Winner == dsq.Red || f.Outcome.Winner == dsq.Blue {
			winner := side(f.Outcome.Winner)
			if lang == "es" {
				winner = sideLower(f.Outcome.Winner)
			}
			result = fmt.Sprintf(w["won"], winner, reason)
		}
		description = fmt.Sprintf(w["over"], n, result)
	case f.HalfMoves == 0:
		description = fmt.Sprintf(w["start"], sideLower(f.ToMove))
	default:
		description = fmt.Sprintf(w["on"], n, sideLower(f.ToMove))
	}
	if lang == "en" && f.HalfMoves == 0 && !f.Outcome.IsDecided() {
		description = fmt.Sprintf(w["start"], side(f.ToMove))
	}
	return title, description
}
