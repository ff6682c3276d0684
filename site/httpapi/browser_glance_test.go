package httpapi

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// guardedTrap is Blue's trap d8 guarded by Blue's lion on c8 and dog on
// e8, Red's wolf on d6 and a blue rat in the river on b5.
const guardedTrap = "7/2l1d2/7/3W3/1r5/7/7/7/7 r 0 1"

// TestBrowserLearnGlance: Learn reads at a glance on a phone: one line per
// trap with its guards grouped, the colour legend shown, refusal marks of
// 24 px, and the explanation after the game's bar, covering none of it.
func TestBrowserLearnGlance(t *testing.T) {
	t.Parallel()
	b := newBrowser(t, newSite(t))
	for _, size := range []screen{{"phone360", 360, 640, true}, {"phone", 390, 844, true}} {
		t.Run(size.name, func(t *testing.T) {
			t.Parallel()
			tb := b.tab(t, size, "")
			tb.open("/?position=" + strings.ReplaceAll(guardedTrap, " ", "%20"))
			tb.poll(`document.getElementById("explain").textContent.includes("Trap control")`)
			traps := evalIn[[]string](tb, `[...document.querySelectorAll("#explain .traps li")].map(li => li.textContent)`)
			assert.Len(t, traps, 6, "one line per trap")
			assert.Contains(t, traps, "d8, blue trap: The blue lion (c8) and the blue dog (e8) may capture any piece stepping in")
			assert.True(t, evalIn[bool](tb, `(() => { const l = document.getElementById("legend").getBoundingClientRect(), c = document.querySelector("#panel .tools").getBoundingClientRect();
				return l.height > 0 && l.right <= innerWidth && l.top >= c.bottom; })()`), "the legend is shown at a phone's width, after the game's bar")
			tb.click(tb.sq("d6"))
			tb.poll(`!!document.querySelector("#board .sq .x")`)
			size := evalIn[[]float64](tb, `(() => { const r = document.querySelector("#board .sq .x").getBoundingClientRect(); return [r.width, r.height]; })()`)
			assert.GreaterOrEqual(t, size[0], 24.0)
			assert.GreaterOrEqual(t, size[1], 24.0)
			tb.do(chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`))
			tb.poll(`document.getElementById("explain").textContent.includes("The red wolf on d6")`)
			assert.True(t, tb.onScreen("#board"), "the board stays in view")
			assert.True(t, evalIn[bool](tb, `(() => { const e = document.getElementById("explain").getBoundingClientRect(), c = document.querySelector("#panel .tools").getBoundingClientRect();
				return e.top >= c.bottom; })()`), "the explanation comes after the game's bar, covering none of it")
			tb.shot("learn-sheet")
			tb.axeCheck("learn sheet")
		})
	}
}

// TestBrowserRoughEdges: the sound is a switch, the trays' tokens and the
// coordinates read clearly, the statistics say each thing once, a
// resignation reads as one in Spanish, the review and the lessons have
// words of their own, and the editorial note links to the issue tracker.
func TestBrowserRoughEdges(t *testing.T) {
	t.Parallel()
	site := newSite(t)
	b := newBrowser(t, site)
	tb := b.tab(t, screens[0], "es-ES,es;q=0.9")

	// An online game Blue resigns: Red's page says the opponent resigned.
	var created struct {
		Game   struct{ ID string }
		Seats  map[string]string
		Invite string
	}
	postSeat(t, site+"/api/games", "", map[string]any{"mode": "online", "color": "red"}, &created)
	var joined struct{ Seats map[string]string }
	postSeat(t, site+"/api/games/"+created.Game.ID+"/join", "", map[string]any{"invite": created.Invite}, &joined)
	postSeat(t, site+"/api/games/"+created.Game.ID+"/moves", created.Seats["red"], map[string]any{"move": "a3a4", "ply": 0}, nil)
	postSeat(t, site+"/api/games/"+created.Game.ID+"/moves", joined.Seats["blue"], map[string]any{"move": "a7a6", "ply": 1}, nil)
	postSeat(t, site+"/api/games/"+created.Game.ID+"/moves", created.Seats["red"], map[string]any{"move": "g3g4", "ply": 2}, nil)
	postSeat(t, site+"/api/games/"+created.Game.ID+"/resign", joined.Seats["blue"], map[string]any{}, nil)
	tb.open("/")
	tb.do(chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`localStorage.setItem("dsq.seats.%s", JSON.stringify({red: %q}))`, created.Game.ID, created.Seats["red"])))
	tb.open("/?game=" + created.Game.ID)
	tb.poll(`document.body.dataset.over === "1"`)
	assert.Equal(t, "Ganas: tu rival se ha rendido", tb.status())
	assert.Equal(t, "Revisión", tb.text("#review"), "the review is not called as the lessons are")
	assert.NotContains(t, tb.text("#nav-lessons")+tb.text("#moves-title"), "Revisión")
	// The trays: Red took the blue... nothing yet; tokens of a capture are
	// checked below. The coordinates stand clear of the pieces.
	clear := evalIn[bool](tb, `(() => {
		const pieces = [...document.querySelectorAll("#board .piece")].map(p => p.getBoundingClientRect());
		return [...document.querySelectorAll("#board .coord")].every(c => { const r = c.getBoundingClientRect();
			return pieces.every(p => r.right <= p.left || r.left >= p.right || r.bottom <= p.top || r.top >= p.bottom); });
	})()`)
	assert.True(t, clear, "no coordinate under a piece")
	assert.Equal(t, "false", evalIn[string](tb, `document.getElementById("sound").getAttribute("aria-pressed")`))
	tb.click("#sound")
	tb.poll(`document.getElementById("sound").getAttribute("aria-pressed") === "true"`)
	assert.Equal(t, "none", evalIn[string](tb, `getComputedStyle(document.querySelector("#sound .mute")).display`), "sounding, the speaker is not struck out")
	tb.click("#sound")
	tb.shot("rough-es-resigned")

	// A capture in a game on one device: the tray's token is large.
	var local struct {
		Game  struct{ ID string }
		Seats map[string]string
	}
	postSeat(t, site+"/api/games", "", map[string]any{"mode": "local"}, &local)
	for i, m := range []string{"c3d3", "e7d7", "d3d4", "d7d6", "d4d5", "d6d5"} {
		color := map[bool]string{true: "red", false: "blue"}[i%2 == 0]
		postSeat(t, site+"/api/games/"+local.Game.ID+"/moves", local.Seats[color], map[string]any{"move": m, "ply": i}, nil)
	}
	tb.do(chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`localStorage.setItem("dsq.seats.%s", JSON.stringify({red: %q, blue: %q}))`, local.Game.ID, local.Seats["red"], local.Seats["blue"])))
	tb.open("/?game=" + local.Game.ID)
	tb.poll(`document.body.dataset.ply === "6"`)
	assert.GreaterOrEqual(t, evalIn[float64](tb, `document.querySelector(".tray .mini").getBoundingClientRect().width`), 24.0)
	tb.click("#resign")
	tb.click("#resign")
	tb.poll(`document.body.dataset.over === "1"`)
	assert.Equal(t, "Ganan las azules: las rojas se rinden", tb.status())

	// The statistics: reasons capitalised, Red's wins said once.
	tb.open("/stats")
	tb.poll(`!!document.querySelector("#stats .stats-overall table")`)
	reasons := evalIn[[]string](tb, `[...document.querySelectorAll("#stats .stats-overall .reasons th")].map(th => th.textContent)`)
	require.NotEmpty(t, reasons)
	for _, r := range reasons {
		assert.Equal(t, strings.ToUpper(r[:1]), r[:1], "%q starts with a capital", r)
	}
	assert.NotContains(t, tb.text("#stats"), "primer jugador", "the first player's wins are Red's, said once")
	tb.shot("rough-stats-es")

	// The editorial note links to the project's issue tracker.
	tb.open("/")
	tb.click("#rules-open")
	tb.poll(`document.getElementById("rules").open`)
	href := evalIn[string](tb, `(document.querySelector("#guide .note a") || {}).href || ""`)
	assert.Equal(t, "https://github.com/doushouqi/doushouqi/issues", href)
	res, err := http.Get(site + "/")
	require.NoError(t, err)
	res.Body.Close()
}
