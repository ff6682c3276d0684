package httpapi

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
)

// phoneScreens are the phones a game must fit on: upright, small and
// turned.
var phoneScreens = []screen{{"phone", 390, 844, true}, {"phone360", 360, 640, true}, {"landscape", 844, 390, true}}

// TestBrowserPhone: on a phone, with the page at its top, a game starts
// with one tap from buttons that come first, and during the game the board
// and the game's controls (the status, undo, restart, resign, an offered
// draw's Accept and Decline) are all in the viewport, in English, German
// and Spanish; turned, the board and its bar stand side by side.
func TestBrowserPhone(t *testing.T) {
	t.Parallel()
	b := newBrowser(t, newSite(t))
	for _, size := range phoneScreens {
		t.Run(size.name, func(t *testing.T) {
			t.Parallel()
			t.Run("local", func(t *testing.T) { t.Parallel(); phoneLocal(t, b.tab(t, size, "")) })
			t.Run("online", func(t *testing.T) { t.Parallel(); phoneOnline(t, b.tab(t, size, ""), b.tab(t, size, "")) })
		})
	}
}

var phoneLanguages = []string{"en", "de", "es"}

// inView asserts that each element is inside the viewport with the page
// scrolled to its top.
func (tb *tab) inView(what string, sels ...string) {
	tb.t.Helper()
	tb.do(chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`))
	for _, sel := range sels {
		assert.True(tb.t, tb.onScreen(sel), "%s: %s is in the viewport at %dx%d", what, sel, tb.size.width, tb.size.height)
	}
}

// sideBySide asserts, on a turned phone, that the bar is right of the board.
func (tb *tab) sideBySide() {
	tb.t.Helper()
	if tb.size.width < tb.size.height {
		return
	}
	assert.True(tb.t, evalIn[bool](tb, `document.getElementById("board").getBoundingClientRect().right <= document.getElementById("panel").getBoundingClientRect().left`),
		"turned, the bar stands beside the board")
}

func phoneLocal(t *testing.T, tb *tab) {
	tb.media("light", false)
	for _, lang := range phoneLanguages {
		tb.open("/?lang=" + lang)
		tb.inView("start "+lang, "#quick-ai", "#quick-online", "#quick-local")
		assert.Zero(t, evalIn[float64](tb, `document.getElementById("board").getBoundingClientRect().height`),
			"no board to play on under the start buttons")
		tb.shot("start-" + lang)
	}
	tb.open("/?lang=en")
	tb.click("#quick-local")
	tb.poll(`new URLSearchParams(location.search).has("game") && document.body.dataset.ply === "0"`)
	tb.move("a3", "a4")
	id := tb.gameState().ID
	for _, lang := range phoneLanguages {
		tb.open("/?game=" + id + "&lang=" + lang)
		tb.poll(`document.body.dataset.ply === "1" && !document.getElementById("undo").hidden`)
		tb.inView("local game "+lang, "#board", "#status", "#who-top", "#who-bottom", "#undo", "#restart", "#resign")
		tb.sideBySide()
		tb.shot("local-" + lang)
	}
	tb.media("dark", false)
	tb.shot("local-es-dark")
	tb.axeCheck("phone, local game, dark")
}

func phoneOnline(t *testing.T, red, blue *tab) {
	red.open("/")
	red.click("#quick-online")
	red.poll(`!document.getElementById("share").hidden`)
	red.inView("waiting", "#board", "#status")
	if red.size.height >= 800 {
		red.inView("waiting", "#invite-link", "#copy-invite")
	}
	invite, _ := shareLinks(t, red)
	blue.open(invite)
	blue.poll(`!document.getElementById("join").hidden`)
	blue.inView("invited", "#board", "#status", "#join")
	blue.click("#join")
	red.poll(`document.getElementById("status").textContent === "Your move (Red)"`)
	red.inView("your move", "#board", "#status", "#offer", "#resign")
	assert.Equal(t, "Your move · Dou Shou Qi", evalIn[string](red, `document.title`))
	assert.Equal(t, "You (Red)", red.text("#who-bottom"))
	red.poll(`document.getElementById("who-top").textContent === "Opponent (Blue) · connected"`)
	red.move("a3", "a4")
	red.click("#offer")
	blue.poll(`!document.getElementById("accept").hidden`)
	game := strings.SplitN(strings.TrimPrefix(invite, "/?game="), "#", 2)[0]
	for _, lang := range phoneLanguages {
		blue.open("/?game=" + game + "&lang=" + lang)
		blue.poll(`!document.getElementById("accept").hidden`)
		blue.inView("draw offered "+lang, "#board", "#status", "#draw-note", "#accept", "#decline", "#resign", "#who-top", "#who-bottom")
		blue.sideBySide()
		assert.True(t, strings.HasSuffix(evalIn[string](blue, `document.title`), " · Dou Shou Qi"), "the tab says whose move")
		assert.NotEqual(t, "Dou Shou Qi", evalIn[string](blue, `document.title`))
		blue.shot(fmt.Sprintf("offer-%s", lang))
	}
	blue.media("dark", false)
	blue.shot("offer-es-dark")
	blue.axeCheck("phone, draw offered, dark")
	blue.media("light", false)
	blue.click("#decline")
	red.poll(`document.getElementById("message").textContent === "Your draw offer was declined"`)
	red.inView("declined", "#board", "#status", "#message", "#offer", "#resign")
	red.shot("declined")
}
