package httpapi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	dsq "github.com/doushouqi/doushouqi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBrowserMyGames: a game started with one tap stays a tap away: the
// Play tab returns to it from the lessons, the rules' "Start a game" link
// and a new tab of the same browser list it under My games with its
// opponent, colour and whose move, and one tap opens it again. Leaving an
// unfinished game says it stays unfinished; a finished one offers the same
// game again and other settings, once each.
func TestBrowserMyGames(t *testing.T) {
	t.Parallel()
	b := newBrowser(t, newSite(t))
	tb := b.tab(t, screens[0], "")
	tb.open("/")
	assert.True(t, tb.onScreen("#quick-ai"), "the start screen's buttons come first")
	tb.click("#quick-ai")
	tb.poll(`new URLSearchParams(location.search).has("game") && document.body.dataset.ply === "0"`)
	id := tb.gameState().ID
	assert.Equal(t, "ai", tb.gameState().Mode)
	assert.Equal(t, "/?game="+id, evalIn[string](tb, `document.getElementById("nav-play").getAttribute("href")`), "the Play tab leads to the game")
	assert.Equal(t, "You (Red)", tb.text("#who-bottom"))
	assert.Equal(t, "AI · Dog, level 3 (Blue)", tb.text("#who-top"))
	tb.move("a3", "a4")
	tb.poll(`document.body.dataset.ply === "2"`)

	// Lessons, then the Play tab: the game is back, not an empty board.
	tb.click("#nav-lessons")
	tb.arrive(`location.pathname === "/lessons"`)
	assert.Equal(t, "/?game="+id, evalIn[string](tb, `document.getElementById("nav-play").getAttribute("href")`))
	tb.click("#nav-play")
	tb.arrive(`document.body.dataset.ply === "2"`)
	assert.Equal(t, id, tb.gameState().ID)

	// The rules' "Start a game" leads to the start screen, which lists the
	// running game.
	tb.click("#rules-open")
	tb.poll(`document.getElementById("rules").open`)
	tb.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("guide-start").scrollIntoView()`))
	tb.click("#guide-start")
	tb.arrive(`location.search === ""`)
	link := `#my-games-list a[data-game="` + id + `"]`
	tb.poll(fmt.Sprintf(`!!document.querySelector(%q)`, link))
	assert.True(t, tb.onScreen(link), "the running game is on screen with the start buttons")

	// A new tab of the same browser (the first one left for another site,
	// as a closed tab would be) lists the game and opens it with one tap.
	tb.do(chromedp.Navigate("about:blank"))
	ctx, cancel := chromedp.NewContext(tb.ctx)
	t.Cleanup(cancel)
	again := &tab{t: t, b: b, ctx: ctx, size: tb.size}
	again.do(chromedp.EmulateViewport(tb.size.width, tb.size.height, chromedp.EmulateMobile, chromedp.EmulateTouch))
	again.open("/")
	again.poll(fmt.Sprintf(`!!document.querySelector(%q)`, link))
	entry := again.text(link)
	assert.Contains(t, entry, "Against the AI · Dog, level 3 · you play Red")
	assert.Contains(t, entry, "Your move")
	assert.Contains(t, entry, "Last move")
	again.shot("mygames-list")
	again.axeCheck("start screen with My games")
	again.click(link)
	again.arrive(`document.body.dataset.ply === "2"`)
	assert.True(t, strings.HasPrefix(again.status(), "Your move"), again.status())
	assert.False(t, evalIn[bool](again, `document.getElementById("resign").hidden`), "the seat came with the list")

	// Leaving it for a new game says what becomes of it.
	again.click("#restart")
	assert.Equal(t, "Leave this game? It stays unfinished in My games, not counted as a loss", again.text("#confirm-note"))
	assert.Equal(t, "Yes, leave", again.text("#restart"))
	again.click("#restart")
	again.poll(fmt.Sprintf(`new URLSearchParams(location.search).get("game") !== %q && document.body.dataset.ply === "0"`, id))
	again.poll(fmt.Sprintf(`!!document.querySelector(%q)`, link))
	assert.Contains(t, again.text(link), "Your move", "the game left is listed, unfinished")

	// The end of a game: the same game again, or other settings, once each.
	again.click("#resign")
	again.click("#resign")
	again.poll(`document.body.dataset.over === "1"`)
	assert.Equal(t, "You lose: you resigned", again.status())
	assert.Equal(t, "Play again", again.text("#restart"))
	assert.Equal(t, "Other settings", again.text("#new"))
	labels := evalIn[[]string](again, `[...document.querySelectorAll("#play-view button, #play-view summary")].filter(b => b.getClientRects().length).map(b => b.textContent.trim()).filter(Boolean)`)
	seen := map[string]bool{}
	for _, l := range labels {
		if l == "Copy link" {
			continue
		}
		assert.False(t, seen[l], "%q is on one button only: %v", l, labels)
		seen[l] = true
	}
	assert.Equal(t, "You lose: you resigned · Dou Shou Qi", evalIn[string](again, `document.title`))

	// On a desktop the start screen and the list lead the page too.
	wide := &tab{t: t, b: b, ctx: ctx, size: screens[1]}
	wide.do(chromedp.EmulateViewport(wide.size.width, wide.size.height))
	wide.open("/")
	wide.poll(`document.querySelectorAll("#my-games-list a").length === 2`)
	wide.inView("desktop start", "#quick-ai", "#quick-online", "#quick-local", "#my-games-list")
	wide.shot("mygames-start")
	wide.axeCheck("desktop start screen")
}

// TestBrowserMoveNumbers: the move list, the replay line and the review
// count moves one by one; past 40 half-moves without a capture the page
// says how many remain before the draw.
func TestBrowserMoveNumbers(t *testing.T) {
	t.Parallel()
	site := newSite(t)
	b := newBrowser(t, site)
	tb := b.tab(t, screens[0], "")
	// A game on one device with 41 half-moves and no capture, played
	// through the API.
	var created struct {
		Game  struct{ ID string }
		Seats map[string]string
	}
	postSeat(t, site+"/api/games", "", map[string]any{"mode": "local"}, &created)
	play := dsq.NewGame()
	rng := rand.New(rand.NewPCG(7, 41))
	for ply := 0; ply < 41; ply++ {
		p := play.Position()
		var quiet []dsq.Move
		for _, m := range play.LegalMoves() {
			next := play.Clone()
			if p.PieceAt(m.To()) == dsq.NoPiece && next.Play(m) == nil && !next.IsOver() {
				quiet = append(quiet, m)
			}
		}
		require.NotEmpty(t, quiet)
		m := quiet[rng.IntN(len(quiet))]
		require.NoError(t, play.Play(m))
		color := "red"
		if ply%2 == 1 {
			color = "blue"
		}
		postSeat(t, site+"/api/games/"+created.Game.ID+"/moves", created.Seats[color], map[string]any{"move": m.String(), "ply": ply}, nil)
	}
	tb.open("/")
	seats, err := json.Marshal(created.Seats)
	require.NoError(t, err)
	tb.do(chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`localStorage.setItem("dsq.seats.%s", %q)`, created.Game.ID, seats)))
	tb.open("/?game=" + created.Game.ID)
	tb.poll(`document.body.dataset.ply === "41"`)
	assert.Equal(t, "19 more moves without a capture and the game is drawn", tb.text("#nocapture"))
	assert.True(t, tb.onScreen("#nocapture"), "the warning is on screen with the board")
	values := evalIn[[]int](tb, `[...document.querySelectorAll("#moves li")].map(li => li.value)`)
	require.Len(t, values, 41, "one line per move")
	assert.Equal(t, []int{1, 1, 2, 2}, values[:4], "numbered in pairs: Red's move and Blue's answer")
	assert.Equal(t, 21, values[40])
	tb.click(`#moves .mv[data-ply="22"]`)
	tb.poll(`document.body.dataset.view === "22"`)
	assert.Equal(t, "Position after 11… (Blue), half-move 22 of 41", tb.text("#viewing-text"), "the list's number is the replay's")
	assert.True(t, evalIn[bool](tb, `document.getElementById("nocapture").hidden`), "a past position has no warning")
	tb.click("#last")
	tb.poll(`document.body.dataset.view === ""`)
	tb.shot("nocapture")
}

// arrive waits for the page a click navigated to: ready, and the
// JavaScript expression true (asked again while the old page goes away).
func (tb *tab) arrive(expr string) {
	tb.t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		ok, err := chromedp.Run(tb.ctx, chromedp.Evaluate[bool](`document.readyState === "complete" && document.body.dataset.ready === "1" && (`+expr+`)`))
		if err == nil && ok {
			return
		}
		if time.Now().After(deadline) {
			tb.shot("failed-" + strings.NewReplacer("/", "_", " ", "_").Replace(tb.t.Name()))
			require.Fail(tb.t, "page not reached", "%s: %v", expr, err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// postSeat sends a JSON body with a seat token (if any) and decodes the answer
// into out (if not nil).
func postSeat(t *testing.T, url, token string, body, out any) {
	t.Helper()
	data, err := json.Marshal(body)
	require.NoError(t, err)
	req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(data))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer res.Body.Close()
	require.Less(t, res.StatusCode, 300, url)
	if out != nil {
		require.NoError(t, json.NewDecoder(res.Body).Decode(out))
	}
}
