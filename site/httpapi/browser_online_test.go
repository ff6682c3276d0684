package httpapi

import (
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBrowserOnlinePlay: an online game with a clock between two browsers,
// at the phone sizes. The creator picks "5 min + 3 s a move" under Other
// settings; both clocks show once the second player joins, and run from
// both first moves on (until then either player may abort); each player
// sees whether the other is here. When Blue leaves, Red sees Blue away and
// the claim button counting down (in Red's language) to when the win may
// be claimed, disabled until then; Blue's return takes it away. After Blue resigns, Red's
// rematch reaches Blue live, Blue accepts, and both pages move to the new
// game with the colours swapped, the first move due. Every control is in
// the viewport in English, German and Spanish.
func TestBrowserOnlinePlay(t *testing.T) {
	// An opponent is shown away a second after it left, not five.
	s := newTestServer(t, testOptions{config: func(c *Config) { c.AwayGrace = time.Second }})
	b := newBrowser(t, serveSite(t, s.Handler()))
	for _, size := range []screen{{"phone", 390, 844, true}, {"phone360", 360, 640, true}} {
		t.Run(size.name, func(t *testing.T) { onlinePlay(t, b.tab(t, size, ""), b.tab(t, size, "")) })
	}
}

var clockText = regexp.MustCompile(`^\d+:\d\d(\.\d)?$`)

func onlinePlay(t *testing.T, red, blue *tab) {
	red.open("/?lang=en")
	assert.False(t, evalIn[bool](red, `document.getElementById("new-details").open`), "under the start screen the other settings are folded")
	assert.Equal(t, "Other settings", red.text("#new-details summary"), "one heading says New game")
	red.click("#new-details summary")
	red.click(`#new-game input[name=mode][value=online]`)
	red.poll(`!document.getElementById("clock-set").hidden`)
	assert.Equal(t, "5 min + 3 s a move", evalIn[string](red, `document.querySelector('#clock option[value="5+3"]').textContent`))
	assert.True(t, evalIn[bool](red, `document.getElementById("level-set").hidden`), "no AI level for an online game")
	red.do(chromedp.SetValue(chromedp.CSS("#clock"), "5+3"))
	red.click("#start")
	red.poll(`!document.getElementById("share").hidden`)
	assert.Equal(t, "5:00", red.text("#clock-bottom"), "the clock waits for the second player")
	assert.False(t, evalIn[bool](red, `document.getElementById("clock-bottom").classList.contains("running")`))
	invite, _ := shareLinks(t, red)
	game := strings.SplitN(strings.TrimPrefix(invite, "/?game="), "#", 2)[0]

	blue.open(invite + "&lang=en")
	blue.poll(`!document.getElementById("join").hidden`)
	blue.click("#join")
	red.poll(`document.getElementById("status").textContent === "Your move (Red)"`)
	red.poll(`document.getElementById("who-top").textContent === "Opponent (Blue) · connected"`)
	red.poll(`!document.getElementById("abort").hidden`)
	assert.Equal(t, "5:00", red.text("#clock-bottom"), "the clock waits for both first moves")
	assert.False(t, evalIn[bool](red, `document.getElementById("clock-bottom").classList.contains("running")`))
	red.inView("opening", "#board", "#status", "#abort", "#resign")
	red.move("a3", "a4")
	blue.poll(`document.getElementById("status").textContent === "Your move (Blue)" && !document.getElementById("abort").hidden`)
	assert.False(t, evalIn[bool](blue, `document.getElementById("clock-bottom").classList.contains("running")`), "one move: no clock yet")
	blue.move("a7", "a6")
	red.poll(`document.getElementById("clock-bottom").classList.contains("running") && document.getElementById("abort").hidden`)
	assert.Regexp(t, clockText, red.text("#clock-bottom"))
	assert.Equal(t, "5:00", red.text("#clock-top"), "the side not to move's clock stands")
	start := red.text("#clock-bottom")
	red.poll(fmt.Sprintf(`document.getElementById("clock-bottom").textContent !== %q`, start)) // it counts down
	red.inView("clock", "#board", "#status", "#clock-top", "#clock-bottom", "#who-top", "#who-bottom", "#offer", "#resign")
	red.move("g3", "g4")
	red.poll(`/^5:0[0-3]$/.test(document.getElementById("clock-bottom").textContent) && !document.getElementById("clock-bottom").classList.contains("running")`) // 3 s added after the move
	blue.poll(`document.getElementById("clock-bottom").classList.contains("running") && !document.getElementById("clock-top").classList.contains("running")`)
	blue.poll(`document.getElementById("who-top").textContent === "Opponent (Red) · connected"`)
	red.shot("online-clock")

	// Blue leaves: Red sees it, and the claim button counts down to when
	// the win may be claimed (Blue's time left, as if its clock ran),
	// disabled until then: nothing offered that cannot succeed.
	blue.open("/lessons")
	red.poll(`document.getElementById("who-top").textContent === "Opponent (Blue) · not connected"`)
	countdown := map[string]string{
		"en": `^Claim the win in [45]:[0-5]\d$`,
		"de": `^Sieg in [45]:[0-5]\d$`,
		"es": `^Victoria en [45]:[0-5]\d$`,
	}
	red.poll(`!document.getElementById("claim").hidden`)
	assert.Equal(t, "Blue is not connected", red.status())
	for _, lang := range phoneLanguages {
		red.open("/?game=" + game + "&lang=" + lang)
		red.poll(`!document.getElementById("claim").hidden && document.getElementById("claim").textContent.includes(":")`)
		assert.Regexp(t, countdown[lang], red.text("#claim"))
		assert.True(t, evalIn[bool](red, `document.getElementById("claim").disabled`), "no claim before it may succeed")
		first := red.text("#claim")
		red.poll(fmt.Sprintf(`document.getElementById("claim").textContent !== %q`, first)) // it counts down
		red.inView("opponent away "+lang, "#board", "#status", "#claim", "#clock-top", "#clock-bottom", "#resign")
		red.shot("online-away-" + lang)
	}
	red.open("/?game=" + game + "&lang=en")
	blue.open("/?game=" + game + "&lang=en")
	red.poll(`document.getElementById("who-top").textContent === "Opponent (Blue) · connected" && document.getElementById("claim").hidden`)

	// The end, and a rematch that reaches the other player live.
	blue.click("#resign")
	blue.click("#resign")
	red.poll(`document.body.dataset.over === "1" && !document.getElementById("rematch").hidden`)
	assert.True(t, evalIn[bool](red, `document.getElementById("clock-bottom").textContent !== "" && !document.getElementById("clock-bottom").classList.contains("running")`), "the clocks stop at the end")
	for _, lang := range phoneLanguages {
		red.open("/?game=" + game + "&lang=" + lang)
		red.poll(`!document.getElementById("rematch").hidden`)
		red.inView("the end "+lang, "#board", "#status", "#rematch", "#new")
		assert.True(t, evalIn[bool](red, `document.getElementById("restart").hidden`), "one button for the same settings: the rematch")
	}
	red.open("/?game=" + game + "&lang=en")
	red.poll(`!document.getElementById("rematch").hidden`)
	red.shot("online-end")
	red.click("#rematch")
	red.poll(`document.getElementById("rematch-note").textContent === "Rematch offered: waiting for Blue"`)
	assert.True(t, evalIn[bool](red, `document.getElementById("rematch").hidden`))
	for _, lang := range phoneLanguages {
		if lang != "en" {
			blue.open("/?game=" + game + "&lang=" + lang)
		}
		blue.poll(`!document.getElementById("rematch-accept").hidden`)
		blue.inView("rematch offered "+lang, "#board", "#status", "#rematch-note", "#rematch-accept", "#rematch-decline")
		blue.shot("online-rematch-offered-" + lang)
	}
	blue.open("/?game=" + game + "&lang=en")
	blue.poll(`!document.getElementById("rematch-accept").hidden`)
	assert.Equal(t, "Red offers a rematch", blue.text("#rematch-note"))
	blue.click("#rematch-accept")

	// Both pages are in the new game, colours swapped, the first move due.
	onNew := `new URLSearchParams(location.search).get("game") !== %q && document.body.dataset.ply === "0" && document.body.dataset.over === ""`
	red.poll(fmt.Sprintf(onNew, game))
	blue.poll(fmt.Sprintf(onNew, game))
	rematch := red.gameState().ID
	assert.Equal(t, rematch, blue.gameState().ID, "both are in the same new game")
	red.poll(`document.getElementById("who-bottom").textContent === "You (Blue)"`)
	blue.poll(`document.getElementById("status").textContent === "Your move (Red)"`)
	blue.poll(`!document.getElementById("abort").hidden`)
	assert.False(t, evalIn[bool](blue, `document.getElementById("clock-bottom").classList.contains("running")`), "the clock waits for both first moves")
	red.poll(`document.getElementById("status").textContent === "Waiting for Red"`)
	blue.move("a3", "a4")
	red.poll(`document.getElementById("status").textContent === "Your move (Blue)"`)
	red.shot("online-rematch")
	blue.shot("online-rematch-red")
	blue.axeCheck("online game with a clock")
}

// TestBrowserOnlineTakeback: in an online game between two browsers Red
// asks to take back its move; Blue sees the request with its answers
// (in the viewport at 390x844 and, in German and Spanish, at 360x640,
// as is Red's row of Takeback, Offer a draw and Resign) and accepts: the
// board goes back on both pages, Red to move again and told so. The game
// is set up through the API, to keep the test short.
func TestBrowserOnlineTakeback(t *testing.T) {
	site := newSite(t)
	b := newBrowser(t, site)
	api := &client{T: t, URL: site}
	g := api.Create(`{"mode":"online","clock":"5+3"}`)
	red, blue := g.Seats["red"], joinOn(t, api, g)
	playOpening(t, api, g.ID, red, blue)
	res := api.As(red, "POST", "/api/games/"+g.ID+"/moves", `{"move":"g3g4","ply":2}`)
	require.Equal(t, http.StatusOK, res.Status, res.Raw)
	// seated opens the game in tb holding seat token, in language lang.
	seated := func(tb *tab, color, token, lang string) {
		tb.open("/?lang=" + lang)
		tb.do(chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`localStorage.setItem("dsq.seats.%s", JSON.stringify({%s: %q}))`, g.ID, color, token)))
		tb.open("/?game=" + g.ID + "&lang=" + lang)
		tb.poll(`document.body.dataset.ply === "3"`)
	}

	redTab := b.tab(t, screen{"phone360", 360, 640, true}, "")
	for _, lang := range []string{"de", "es", "en"} {
		seated(redTab, "red", red, lang)
		redTab.poll(`!document.getElementById("takeback").hidden`)
		redTab.inView("takeback "+lang, "#board", "#status", "#takeback", "#offer", "#resign")
	}
	blueTab := b.tab(t, screen{"phone", 390, 844, true}, "")
	seated(blueTab, "blue", blue, "en")
	assert.True(t, evalIn[bool](blueTab, `document.getElementById("takeback").hidden`), "Blue's only move is its first: nothing to take back")

	redTab.click("#takeback")
	redTab.poll(`document.getElementById("takeback-note").textContent === "You asked for a takeback"`)
	assert.True(t, evalIn[bool](redTab, `document.getElementById("takeback").hidden && document.getElementById("offer").hidden`), "one request at a time")
	blueTab.poll(`!document.getElementById("takeback-accept").hidden`)
	assert.Equal(t, "Red asks for a takeback", blueTab.text("#takeback-note"))
	blueTab.inView("takeback prompt", "#board", "#status", "#takeback-note", "#takeback-accept", "#takeback-decline", "#resign")
	blueTab.fitsScreen()
	blueTab.shot("takeback-prompt")

	blue360 := b.tab(t, screen{"phone360", 360, 640, true}, "")
	for _, lang := range []string{"de", "es", "en"} {
		seated(blue360, "blue", blue, lang)
		blue360.poll(`!document.getElementById("takeback-accept").hidden`)
		blue360.inView("takeback prompt "+lang, "#board", "#takeback-note", "#takeback-accept", "#takeback-decline", "#resign")
		blue360.shot("takeback-prompt-" + lang)
	}

	blueTab.click("#takeback-accept")
	for _, tb := range []*tab{blueTab, redTab} {
		tb.poll(`document.body.dataset.ply === "2" && document.getElementById("takeback-note").hidden`)
	}
	redTab.poll(`document.getElementById("status").textContent === "Your move (Red)"`)
	assert.Equal(t, "Your takeback was accepted: your move again", redTab.text("#message"))
	for _, tb := range []*tab{blueTab, redTab} {
		assert.Contains(t, tb.label("g3"), "red rat", "the rat is back on g3")
		assert.NotContains(t, tb.label("g4"), "rat")
	}
	assert.Equal(t, 2, redTab.gameState().Ply)
}
