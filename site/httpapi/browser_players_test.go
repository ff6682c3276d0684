package httpapi

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
)

// TestBrowserRatedGame: two browsers with names play a rated online game
// to its end, Red on a phone (390x844), Blue on a laptop (1366x768). Red
// is asked for a name the first time it starts an online game, Blue the
// first time it joins one; both sides show the names with the ratings the
// game began with (1500?, provisional). A third browser finds the game on
// the start screen's watch list, live with names, ratings and clocks, and
// follows it from there as a watcher. Blue resigns: both pages show the
// change (+162 and −162) and their Name buttons the new ratings (1662?,
// 1338?).
func TestBrowserRatedGame(t *testing.T) {
	b := newBrowser(t, newSite(t))
	laptop := screen{"laptop", 1366, 768, false}
	red, blue, watcher := b.tab(t, screens[0], ""), b.tab(t, laptop, ""), b.tab(t, laptop, "")
	redName, blueName := unique("Ann"), unique("Ben")

	// Red: the first online game asks for a name.
	red.open("/?lang=en")
	red.do(chromedp.Evaluate[chromedp.Void](`sessionStorage.setItem("dsq.test.askName", "1"); localStorage.removeItem("dsq.nameAsked")`))
	red.open("/?lang=en")
	assert.Equal(t, "Name", red.text("#name-open"), "no name yet")
	red.click("#new-details summary")
	red.click(`#new-game input[name=mode][value=online]`)
	red.do(chromedp.SetValue(chromedp.CSS("#clock"), "5+3"))
	red.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("clock").dispatchEvent(new Event("change", {bubbles: true}))`))
	red.poll(`!document.getElementById("rated-set").hidden`)
	assert.True(t, evalIn[bool](red, `document.getElementById("rated").checked`), "rated unless unticked")
	red.click("#start")
	red.poll(`document.getElementById("name-dlg").open`)
	red.do(chromedp.SendKeys(chromedp.CSS("#name-input"), "AI Tiger"))
	red.click("#name-save")
	red.poll(`document.getElementById("name-error").textContent === "That name belongs to the site or its AI."`)
	red.do(chromedp.SetValue(chromedp.CSS("#name-input"), redName))
	red.click("#name-save")
	red.poll(`!document.getElementById("share").hidden`)
	invite, _ := shareLinks(t, red)

	// Blue: joining asks for a name too.
	blue.open("/?lang=en")
	blue.do(chromedp.Evaluate[chromedp.Void](`sessionStorage.setItem("dsq.test.askName", "1"); localStorage.removeItem("dsq.nameAsked")`))
	blue.open(invite + "&lang=en")
	blue.poll(`!document.getElementById("join").hidden`)
	blue.click("#join")
	blue.poll(`document.getElementById("name-dlg").open`)
	blue.do(chromedp.SendKeys(chromedp.CSS("#name-input"), strings.ToUpper(redName)))
	blue.click("#name-save")
	blue.poll(`document.getElementById("name-error").textContent === "Another player has that name, or one that looks the same."`)
	blue.do(chromedp.SetValue(chromedp.CSS("#name-input"), blueName))
	blue.click("#name-save")
	red.poll(fmt.Sprintf(`document.getElementById("who-top").textContent === %q`, blueName+" 1500? (Blue) · connected"))
	assert.Equal(t, redName+" 1500? (you, Red)", red.text("#who-bottom"))
	blue.poll(fmt.Sprintf(`document.getElementById("who-top").textContent === %q`, redName+" 1500? (Red) · connected"))
	assert.Equal(t, blueName, blue.text("#name-open"), "no rated game yet: no rating on the button")
	red.move("a3", "a4")
	blue.poll(`document.getElementById("status").textContent === "Your move (Blue)"`)
	blue.move("a7", "a6")
	red.poll(`document.getElementById("clock-bottom").classList.contains("running")`)
	red.shot("rated-names")
	blue.shot("rated-names")

	// A watcher finds the game on the start screen, live, and follows it.
	watcher.open("/?lang=en")
	watcher.poll(fmt.Sprintf(`document.getElementById("featured-bottom").textContent.startsWith(%q)`, redName+" 1500? · "))
	assert.True(t, strings.HasPrefix(watcher.text("#featured-top"), blueName+" 1500? · 5:00"), watcher.text("#featured-top"))
	assert.Contains(t, watcher.text("#watch-list"), redName+" 1500? – "+blueName+" 1500?")
	red.move("g3", "g4")
	watcher.poll(`/[?&]v=\d+/.test(document.getElementById("featured-board").getAttribute("src")) && document.getElementById("featured-top").classList.contains("to-move")`)
	watcher.shot("watch")
	watcher.open(evalIn[string](watcher, `document.getElementById("featured").getAttribute("href")`) + "&lang=en") // where a tap goes
	watcher.poll(`document.getElementById("status").textContent.includes("You are watching this game")`)
	assert.Equal(t, blueName+" 1500? (Blue) · connected", watcher.text("#who-top"))

	// Blue resigns: the ratings move on both pages.
	blue.click("#resign")
	blue.click("#resign")
	red.poll(fmt.Sprintf(`document.getElementById("who-bottom").textContent === %q`, redName+" 1500? +162 (you, Red)"))
	assert.Equal(t, blueName+" 1500? \u2212162 (Blue)", red.text("#who-top"))
	red.poll(fmt.Sprintf(`document.getElementById("name-open").textContent === %q`, redName+" · 1662?"))
	blue.poll(fmt.Sprintf(`document.getElementById("who-bottom").textContent === %q`, blueName+" 1500? \u2212162 (you, Blue)"))
	blue.poll(fmt.Sprintf(`document.getElementById("name-open").textContent === %q`, blueName+" · 1338?"))
	watcher.poll(fmt.Sprintf(`document.getElementById("who-top").textContent === %q`, blueName+" 1500? \u2212162 (Blue)"))
	red.fitsScreen()
	red.shot("rated-end")
	blue.shot("rated-end")

	// My games: the opponent's name and the change the game made.
	red.open("/?lang=en")
	red.poll(`document.querySelector("#my-games-list .g-state") !== null`)
	assert.Contains(t, red.text("#my-games-list"), "Against "+blueName+" 1500? \u2212162 · you play Red")
	assert.Contains(t, red.text("#my-games-list"), "Finished: you won · rating +162")
	red.shot("rated-mygames")
	red.click("#name-open")
	red.poll(`document.getElementById("name-dlg").open`)
	assert.Equal(t, "Your ratings: Blitz 1662? (games: 1)", red.text("#name-ratings"))
	red.shot("rated-dialog")
}
