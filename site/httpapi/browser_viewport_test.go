package httpapi

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
)

// viewportScreens are the four sizes a player tried the site at: an upright
// phone, a small one, a turned one and a laptop.
var viewportScreens = []screen{
	{"phone", 390, 844, true}, {"phone360", 360, 640, true},
	{"landscape", 844, 390, true}, {"laptop", 1366, 768, false},
}

// TestBrowserViewport: at each of the four sizes, in English, German and
// Spanish, every control of each screen of a game (a running game, Learn
// on, the two confirmations, the end, an offered draw) is inside the
// viewport with the page at its top, not covered by anything, its label
// not cut (scrollWidth <= clientWidth) and on at most two lines.
func TestBrowserViewport(t *testing.T) {
	t.Parallel()
	b := newBrowser(t, newSite(t))
	for _, size := range viewportScreens {
		t.Run(size.name, func(t *testing.T) {
			t.Parallel()
			for _, lang := range phoneLanguages {
				t.Run(lang, func(t *testing.T) { t.Parallel(); viewportLocal(t, b.tab(t, size, ""), lang) })
			}
			t.Run("offer", func(t *testing.T) { t.Parallel(); viewportOffer(t, b.tab(t, size, ""), b.tab(t, size, "")) })
		})
	}
}

// shown asserts, with the page scrolled to its top, that each control is
// whole in the viewport, the topmost thing at its centre, its label not
// cut, and a game's button (the bar's actions) on at most two lines.
func (tb *tab) shown(what string, sels ...string) {
	tb.t.Helper()
	tb.do(chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`))
	for _, sel := range sels {
		type fit struct {
			Found, Inside, OnTop, Whole, TwoLines bool
			Text                                  string
			Rect                                  []float64
		}
		f := evalIn[fit](tb, fmt.Sprintf(`(() => {
			const el = document.querySelector(%q);
			if (!el || el.hidden) return {found: false};
			const r = el.getBoundingClientRect();
			const inside = r.height > 0 && r.top >= -0.5 && r.bottom <= innerHeight + 0.5 && r.left >= -0.5 && r.right <= innerWidth + 0.5;
			const hit = inside ? document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2) : null;
			const onTop = !!hit && (el === hit || el.contains(hit) || hit.contains(el) && hit.tagName === "LABEL");
			const whole = el.scrollWidth <= el.clientWidth + 0.5 || getComputedStyle(el).display === "inline";
			const lh = parseFloat(getComputedStyle(el).lineHeight) || parseFloat(getComputedStyle(el).fontSize) * 1.2;
			const twoLines = !el.closest(".actions") || r.height <= Math.max(48, 2 * lh + 16);
			return {found: true, inside, onTop, whole, twoLines, text: el.textContent.trim(), rect: [r.left, r.top, r.width, r.height]};
		})()`, sel))
		where := fmt.Sprintf("%s: %s %q at %dx%d (%v)", what, sel, f.Text, tb.size.width, tb.size.height, f.Rect)
		if !assert.True(tb.t, f.Found, "%s is shown", where) {
			continue
		}
		assert.True(tb.t, f.Inside, "%s is in the viewport", where)
		assert.True(tb.t, f.Inside && f.OnTop, "%s is not covered", where)
		assert.True(tb.t, f.Whole, "%s: its label is not cut", where)
		assert.True(tb.t, f.TwoLines, "%s: its label takes at most two lines", where)
	}
}

// viewportLocal goes through a game on one device in lang: running, Learn
// on with a piece explained, each confirmation, and the end.
func viewportLocal(t *testing.T, tb *tab, lang string) {
	tb.media("light", false)
	tb.open("/?lang=" + lang)
	tb.shown("start", "#quick-ai", "#quick-online", "#quick-local")
	assert.Zero(t, evalIn[float64](tb, `document.getElementById("board").getBoundingClientRect().height`), "no board to play on under the start screen")
	tb.click("#quick-local")
	tb.poll(`new URLSearchParams(location.search).has("game") && document.body.dataset.ply === "0"`)
	assert.True(t, evalIn[bool](tb, `document.activeElement.matches("#board .sq")`), "the keyboard's focus moves to the board")
	tb.move("a3", "a4")
	tb.poll(`!document.getElementById("undo").hidden`)
	tb.shown("running "+lang, "#board", "#status", "#undo", "#restart", "#resign")
	// The tools under them (the steps, flip, sound and Learn) come after:
	// on the small phone, the board of 44 px squares and the game's
	// buttons fill the screen, and the tools are a scroll away.
	if tb.size.name != "phone360" {
		tb.shown("running "+lang, "label.switch", "#flip", "#sound")
	}
	tb.shot("viewport-running-" + lang)

	tb.click("#learn")
	tb.click(tb.sq("g7"))
	tb.poll(`!document.getElementById("explain").hidden && document.getElementById("explain").textContent.length > 20`)
	tb.shown("learn "+lang, "#status", "#undo", "#restart", "#resign")
	if tb.size.name != "phone360" {
		tb.shown("learn "+lang, "label.switch")
	}
	assert.True(t, evalIn[bool](tb, `document.getElementById("explain").getBoundingClientRect().top >= document.querySelector("#panel .tools").getBoundingClientRect().bottom`),
		"the explanation comes after the game's bar")
	tb.shot("viewport-learn-" + lang)
	tb.media("dark", false)
	tb.shot("viewport-learn-" + lang + "-dark")
	tb.axeCheck("learn, dark, " + lang)
	tb.media("light", false)
	tb.click("#learn")
	tb.poll(`document.getElementById("explain").hidden`)
	tb.shown("learn off "+lang, "#status", "#undo", "#restart", "#resign")

	tb.click("#restart")
	tb.poll(`!document.getElementById("confirm-note").hidden`)
	// The question comes under the buttons, which stay where they were:
	// on the small phone it is a scroll away, the button saying what it
	// does ("Yes, leave").
	tb.shown("leave? "+lang, "#restart", "#resign", "#status")
	if tb.size.name != "phone360" {
		tb.shown("leave? "+lang, "#confirm-note")
	}
	tb.shot("viewport-leave-" + lang)
	tb.axeCheck("leave? " + lang)
	tb.open("/?game=" + tb.gameState().ID + "&lang=" + lang)
	tb.poll(`!document.getElementById("resign").hidden`)
	tb.click("#resign")
	tb.poll(`!document.getElementById("confirm-note").hidden`)
	tb.shown("resign? "+lang, "#resign", "#status")
	if tb.size.name != "phone360" {
		tb.shown("resign? "+lang, "#confirm-note")
	}
	tb.shot("viewport-resign-" + lang)
	tb.click("#resign")
	tb.poll(`document.body.dataset.over === "1"`)
	tb.shown("end "+lang, "#status", "#restart", "#new", "#review")
	if tb.size.name != "phone360" { // its second row of buttons is a scroll away
		tb.shown("end "+lang, "#analyse")
	}
	tb.shot("viewport-end-" + lang)
	tb.media("dark", false)
	tb.shot("viewport-end-" + lang + "-dark")
	tb.axeCheck("end, dark, " + lang)
}

// viewportOffer: Red offers a draw; Blue sees the offer's answers in each
// language.
func viewportOffer(t *testing.T, red, blue *tab) {
	red.open("/")
	red.click("#quick-online")
	red.poll(`!document.getElementById("share").hidden`)
	invite, _ := shareLinks(t, red)
	blue.open(invite)
	blue.poll(`!document.getElementById("join").hidden`)
	blue.shown("invited", "#join", "#status")
	blue.click("#join")
	red.poll(`!document.getElementById("offer").hidden`)
	red.shown("online", "#status", "#offer", "#resign", "#who-top", "#who-bottom")
	red.move("a3", "a4")
	red.click("#offer")
	blue.poll(`!document.getElementById("accept").hidden`)
	game := strings.SplitN(strings.TrimPrefix(invite, "/?game="), "#", 2)[0]
	for _, lang := range phoneLanguages {
		blue.open("/?game=" + game + "&lang=" + lang)
		blue.poll(`!document.getElementById("accept").hidden`)
		blue.shown("offer "+lang, "#status", "#draw-note", "#accept", "#decline", "#resign", "#who-top", "#who-bottom")
		blue.shot("viewport-offer-" + lang)
	}
}
