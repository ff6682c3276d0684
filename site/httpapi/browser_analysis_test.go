package httpapi

import (
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	dsq "github.com/doushouqi/doushouqi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBrowserFinishedAIGame: a finished AI game read by a visitor of its
// link says who won by colour (not "You win"), in English and Spanish; its
// player reads "You win", may take the end back with Undo, and opens the
// position on an analysis board, whose engine line is written in pairs and
// follows a move played on it.
func TestBrowserFinishedAIGame(t *testing.T) {
	s := newTestServer(t, testOptions{})
	site := serveSite(t, s.Handler())
	b := newBrowser(t, site)
	// Red's lion enters Blue's den: the player (Red) has won.
	g := storeGame(t, s, "7/3L3/7/7/7/7/7/7/e6 r 0 1", "d8d9")

	visitor := b.tab(t, viewportScreens[0], "")
	visitor.open("/?game=" + g.ID)
	visitor.poll(`document.body.dataset.over === "1"`)
	assert.Equal(t, "Red wins: den entered", visitor.status())
	assert.True(t, evalIn[bool](visitor, `document.getElementById("undo").hidden`), "a visitor has nothing to take back")
	visitor.open("/?game=" + g.ID + "&lang=es")
	visitor.poll(`document.body.dataset.over === "1"`)
	assert.Equal(t, "Ganan las rojas: entrada en la guarida", visitor.status())
	assert.Equal(t, "Rojas", visitor.text("#who-bottom"), "a side alone is a name, capitalised")
	visitor.shot("visitor-finished-ai-es")

	player := b.tab(t, viewportScreens[0], "")
	player.open("/")
	player.do(chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`localStorage.setItem("dsq.seats.%s", JSON.stringify({red: "player"}))`, g.ID)))
	player.open("/?game=" + g.ID)
	player.poll(`document.body.dataset.over === "1"`)
	assert.Equal(t, "You win: den entered", player.status())
	href := evalIn[string](player, `document.getElementById("analyse").getAttribute("href")`)
	q, err := url.ParseQuery(strings.TrimPrefix(href, "/?"))
	require.NoError(t, err, href)
	assert.Equal(t, g.Position().String(), q.Get("position"), "the analysis board of the position shown")
	player.shown("end", "#undo", "#restart", "#analyse")
	player.click("#undo")
	player.poll(`document.body.dataset.over !== "1" && document.body.dataset.ply === "0"`)
	assert.Equal(t, "Your move (Red)", player.status())

	board := b.tab(t, viewportScreens[0], "")
	board.open("/?position=" + url.QueryEscape(dsq.StartPosition().String()))
	board.poll(`!document.getElementById("engine-lines").hidden && !!document.querySelector("#engine-lines .pv")`)
	assert.Regexp(t, `^[+-][0-9]+\.[0-9] · 1\. [a-g][1-9][a-g][1-9]`, board.text("#engine-lines .pv"))
	board.click(board.sq("a3"))
	board.poll(fmt.Sprintf(`!!document.querySelector(%q)`, board.sq("a4")+".target"))
	board.click(board.sq("a4"))
	board.poll(`new URLSearchParams(location.search).get("position").split(" ")[1] === "b"`)
	board.poll(`(document.querySelector("#engine-lines .pv") || {textContent: ""}).textContent.includes("1… ")`)
	board.shown("analysis board", "#status", "label.switch")
	assert.True(t, evalIn[bool](board, `document.getElementById("engine-lines").getBoundingClientRect().top >= document.getElementById("explain").getBoundingClientRect().bottom`),
		"the engine's line follows the explanation")
	board.shot("analysis-board")
	board.media("dark", false)
	board.shot("analysis-board-dark")
	board.axeCheck("analysis board, dark")
}
