package httpapi

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/doushouqi/doushouqi/site/internal/testenv"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBrowserLobby: three browsers on the start screen's lobby, on SQLite
// and on two instances sharing PostgreSQL (the two players on different
// instances). Quick pairing: A taps 5+3 and waits, C (a third browser)
// sees A's seek appear, B taps 5+3 and both have the game, with opposite
// colours; C sees the seek go. A posted seek: A taps 10+5, B takes it from
// the list. At 390x844 (light, English), 1366x768 (dark, Spanish) and
// 360x640 (German).
func TestBrowserLobby(t *testing.T) {
	b := newBrowser(t, "")
	t.Run("sqlite", func(t *testing.T) {
		site := newSite(t)
		lobbyPlay(t, b, site, site, "sqlite")
	})
	t.Run("postgres", func(t *testing.T) {
		dsn := testenv.PostgresURL(t)
		one := serveSite(t, newTestServer(t, testOptions{db: dsn}).Handler())
		two := serveSite(t, newTestServer(t, testOptions{db: dsn}).Handler())
		lobbyPlay(t, b, one, two, "postgres")
	})
}

// siteTab is b's tab of size on site.
func siteTab(t *testing.T, b *browser, site string, size screen) *tab {
	bs := *b
	bs.site = site
	return bs.tab(t, size, "")
}

// lobbyReady waits until the tab's lobby is open (its buttons usable).
func (tb *tab) lobbyReady() {
	tb.t.Helper()
	tb.poll(`(() => { const b = document.querySelector('#lobby-quick button[data-control="5+3"]'); return !!b && !b.disabled; })()`)
}

// inGame waits until the tab shows an online game of control with itself
// seated, and returns the game's id and the tab's colour.
func (tb *tab) inGame(control string) (string, string) {
	tb.t.Helper()
	tb.poll(`document.getElementById("start-screen").hidden && /^\/\?game=/.test(location.pathname + location.search) && !!document.getElementById("who-bottom").dataset.side`)
	id := evalIn[string](tb, `new URLSearchParams(location.search).get("game")`)
	color := evalIn[string](tb, `document.getElementById("who-bottom").dataset.side`)
	seats := evalIn[map[string]string](tb, `JSON.parse(localStorage.getItem("dsq.seats." + new URLSearchParams(location.search).get("game")) || "{}")`)
	assert.Len(tb.t, seats, 1, "the page holds one seat")
	assert.NotEmpty(tb.t, seats[color], "its own colour's, at the bottom")
	got, err := chromedp.Run(tb.ctx, chromedp.Evaluate[string](
		`fetch("/api/games/"+`+fmt.Sprintf("%q", id)+`).then(r => r.json()).then(g => g.mode + " " + g.clock.control)`, chromedp.EvalAwaitPromise))
	require.NoError(tb.t, err)
	assert.Equal(tb.t, "online "+control, got, "the game's time control")
	return id, color
}

// listed waits until the tab's list of players waiting shows seeks of
// exactly these controls, in order.
func (tb *tab) listed(controls ...string) {
	tb.t.Helper()
	tb.poll(fmt.Sprintf(`[...document.querySelectorAll("#lobby-list li .seek-what")].map(e => e.textContent.split(" ")[0]).join(",") === %q`,
		strings.Join(controls, ",")))
}

// lobbyFits checks the start screen with its lobby at the tab's size: no
// sideways scrolling, every control of the lobby a tap target.
func (tb *tab) lobbyFits(what string) {
	tb.t.Helper()
	type sizes struct {
		ScrollWidth float64
		Small       []string
	}
	s := evalIn[sizes](tb, `(() => {
		const small = [];
		for (const el of document.querySelectorAll("#lobby button, #lobby input")) {
			const r = el.getBoundingClientRect();
			if (r.width === 0 && r.height === 0) continue;
			const box = el.type === "checkbox" ? el.closest("label").getBoundingClientRect() : r;
			if (box.height < 40 || box.width < 40) small.push((el.id || el.textContent) + " " + box.width + "x" + box.height);
		}
		return {scrollWidth: document.documentElement.scrollWidth, small};
	})()`)
	assert.LessOrEqual(tb.t, s.ScrollWidth, float64(tb.size.width), "%s: no sideways scrolling", what)
	assert.Empty(tb.t, s.Small, "%s: controls smaller than 40 px", what)
}

func lobbyPlay(t *testing.T, b *browser, siteA, siteB, db string) {
	a := siteTab(t, b, siteA, screen{"phone", 390, 844, true})
	p := siteTab(t, b, siteB, screen{"desktop1366", 1366, 768, false})
	c := siteTab(t, b, siteB, screen{"phone360", 360, 640, true})
	a.media("light", false)
	p.media("dark", false)
	c.media("light", false)
	a.open("/?lang=en")
	p.open("/?lang=es")
	c.open("/?lang=de") // the longest words
	for _, tb := range []*tab{a, p, c} {
		tb.lobbyReady()
	}
	a.lobbyFits("390x844")
	c.lobbyFits("360x640")
	p.lobbyFits("1366x768")

	// A seek cancelled leaves every list.
	c.click(`#lobby-quick button[data-control="3+2"]`)
	c.poll(`!document.getElementById("lobby-wait").hidden`)
	a.listed("3+2")
	c.listed("3+2")
	assert.Equal(t, "du", c.text("#lobby-list .seek-mine"), "the seeker sees its own seek, with nothing to take")
	c.click("#lobby-cancel")
	c.poll(`document.getElementById("lobby-wait").hidden`)
	a.listed()
	c.listed()

	// Quick pairing: A waits, C sees A's seek, B's tap pairs them.
	a.click(`#lobby-quick button[data-control="5+3"]`)
	a.poll(`!document.getElementById("lobby-wait").hidden`)
	assert.Equal(t, "Waiting for an opponent: 5 min + 3 s a move Cancel", a.text("#lobby-wait"))
	c.listed("5+3")
	p.listed("5+3")
	assert.Contains(t, c.text("#lobby-list li"), "5+3 · ungewertet")
	assert.Contains(t, p.text("#lobby-list li"), "5+3 · amistosa")
	a.inView("waiting", "#lobby-wait", "#lobby-cancel")
	a.shot("lobby-waiting-" + db)
	p.shot("lobby-list-" + db)
	c.shot("lobby-list-" + db)
	if db == "sqlite" { // once: the page is the same on either database
		a.axeCheck("the lobby waiting")
		p.axeCheck("the lobby's list, dark")
	}
	p.click(`#lobby-quick button[data-control="5+3"]`)
	gameA, colorA := a.inGame("5+3")
	gameB, colorB := p.inGame("5+3")
	assert.Equal(t, gameA, gameB, "one game")
	assert.NotEqual(t, colorA, colorB, "opposite colours")
	c.listed()
	c.poll(`!document.getElementById("lobby-empty").hidden`)
	a.shot("lobby-paired-" + db)

	// A seek posted by C, taken by A from the list.
	c.click(`#lobby-quick button[data-control="10+5"]`)
	c.poll(`!document.getElementById("lobby-wait").hidden`)
	a.open("/?lang=en")
	a.listed("10+5")
	a.click(`#lobby-list li button`)
	gameA, colorA = a.inGame("10+5")
	gameC, colorC := c.inGame("10+5")
	assert.Equal(t, gameA, gameC)
	assert.NotEqual(t, colorA, colorC)
	c.shot("lobby-paired-" + db)
}

// TestBrowserLobbyStreamLeavesWithThePage: a player waiting in the lobby
// who goes to another page of the site leaves the lobby at once, its seek
// with it, though the browser may keep the page in its back-forward cache
// (whose connections it keeps open until it evicts the page, a minute in
// Chromium); back on the start screen, the lobby's stream is open again.
func TestBrowserLobbyStreamLeavesWithThePage(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, testOptions{})
	site := serveSite(t, s.Handler())
	b := newBrowser(t, site)
	api := &client{T: t, URL: site}
	// lobby is the number of lobby streams open and of seeks listed.
	lobby := func() (streams int64, seeks int) {
		res := api.Req("GET", "/api/lobby", "")
		var l lobbyState
		if res.Status != http.StatusOK || json.Unmarshal([]byte(res.Raw), &l) != nil {
			return s.lobby.streams.Load(), -1
		}
		return s.lobby.streams.Load(), len(l.Seeks)
	}
	tb := b.tab(t, screens[0], "")
	tb.open("/?lang=en")
	tb.lobbyReady()
	tb.click(`#lobby-quick button[data-control="5+3"]`)
	tb.poll(`!document.getElementById("lobby-wait").hidden`)
	streams, seeks := lobby()
	require.Equal(t, []int{1, 1}, []int{int(streams), seeks}, "the start screen's lobby stream and the player's seek")
	tb.do(chromedp.Evaluate[chromedp.Void](`addEventListener("pageshow", (e) => { window.fromCache = e.persisted; })`))

	tb.open("/lessons")
	assert.Eventually(t, func() bool { streams, seeks = lobby(); return streams == 0 && seeks == 0 }, 2*time.Second, 20*time.Millisecond,
		"the lobby's stream and the seek outlived the page")
	assert.Equal(t, []int{0, 0}, []int{int(streams), seeks}, "lobby streams and seeks after the page left")

	// Back: from the cache, whose restore has no load event to wait on,
	// and under which chromedp's polls lose the page: each check asks anew.
	tb.do(chromedp.Evaluate[chromedp.Void](`history.back()`))
	soon := func(expr, what string) {
		t.Helper()
		require.Eventually(t, func() bool {
			ok, err := chromedp.Run(tb.ctx, chromedp.Evaluate[bool](expr))
			return err == nil && ok
		}, 10*time.Second, 50*time.Millisecond, what)
	}
	soon(`location.pathname === "/" && document.body.dataset.ready === "1"`, "back on the start screen")
	soon(`window.fromCache === true`, "the page came back from the back-forward cache")
	assert.Eventually(t, func() bool { streams, _ = lobby(); return streams == 1 }, 5*time.Second, 20*time.Millisecond, "the stream is open again")
	soon(`document.getElementById("lobby-wait").hidden && !document.querySelector('#lobby-quick button[data-control="5+3"]').disabled`,
		"the seek went with the page: nothing waited on, the lobby open")
}
