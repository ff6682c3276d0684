package httpapi

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/search"
	"github.com/doushouqi/doushouqi/site/games"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBrowserReview plays an AI game to its end on the page and opens the
// engine's review: each move gets its evaluation, the
// move that threw the win away is marked, and stepping to it shows the
// better move on the board and in words, at a phone's and a desktop's
// size, in both themes and in Spanish, with axe clean.
func TestBrowserReview(t *testing.T) {
	s := newTestServer(t, testOptions{reviewNodes: 5_000})
	b := newBrowser(t, serveSite(t, s.Handler()))
	// A longer game: the engine against a greedy player, resigned by the
	// player (Red) after 40 half-moves; the same for every size.
	long, err := search.PlayGame(context.Background(), dsq.StartPosition(),
		search.GreedyPlayer{Rand: rand.New(rand.NewPCG(3, 30))}, search.EnginePlayer{Options: search.Options{Nodes: 2_000}}, 40)
	require.NoError(t, err)
	if !long.IsOver() {
		require.NoError(t, long.Resign(dsq.Red))
	}
	for _, size := range []screen{{"phone", 390, 844, true}, {"phone360", 360, 640, true}, {"desktop", 1280, 800, false}} {
		t.Run(size.name, func(t *testing.T) {
			tb := b.tab(t, size, "")
			if size.name == "phone" {
				winGame(t, s, tb)
			}
			reviewGame(t, s, tb)
			if size.name != "phone360" { // the small phone's fit is checked above: spare CI the time
				reviewLong(t, s, b.tab(t, size, ""), long)
			}
		})
	}
}

// resultWon reports whether the status is drawn as a win: the class and
// the accent colour.
func resultWon(tb *tab) bool {
	tb.t.Helper()
	return evalIn[bool](tb, `(() => {
		const st = document.getElementById("status"), probe = document.createElement("span");
		probe.style.color = "var(--accent)";
		document.body.append(probe);
		const accent = getComputedStyle(probe).color;
		probe.remove();
		return st.classList.contains("won") && getComputedStyle(st).color === accent;
	})()`)
}

// reviewLong opens the review of a longer game, steps to its first
// mistake and checks the note's words against the review's numbers.
func reviewLong(t *testing.T, s *Server, tb *tab, play *dsq.Game) {
	g := storePlay(t, s, dsq.Blue, play)
	tb.media("dark", false)
	tb.open("/?game=" + g.ID)
	tb.poll(`document.body.dataset.over === "1"`)
	tb.click("#review")
	n := len(play.Moves())
	tb.poll(fmt.Sprintf(`document.querySelectorAll("#moves .ev").length === %d`, n))
	marked := evalIn[[]string](tb, `[...document.querySelectorAll("#moves .mv.marked")].map(b => b.dataset.ply)`)
	require.NotEmpty(t, marked, "the greedy player errs")
	tb.click(`#moves .mv[data-ply="` + marked[0] + `"]`)
	tb.poll(`document.body.dataset.view === "` + marked[0] + `" || document.body.dataset.view === ""`)
	assert.True(t, tb.onScreen("#board"), "a move tapped in the list brings the board into view")
	note := tb.text("#review-note")
	assert.Contains(t, note, "Mistake", note)
	assert.Contains(t, note, "Better: ", note)
	assert.Equal(t, 2, evalIn[int](tb, `document.querySelectorAll("#board .better").length`), "the better move on the board")
	// The words for screen readers stay inside the scrolled list: the page
	// is no longer than its content.
	assert.LessOrEqual(t, evalIn[float64](tb, `document.documentElement.scrollHeight`),
		evalIn[float64](tb, `document.querySelector(".moves").getBoundingClientRect().bottom + scrollY + 40`))
	tb.shot("review-long-dark")
	tb.media("light", false)
	tb.do(chromedp.Evaluate[chromedp.Void](`document.querySelector("#moves .mv.current").scrollIntoView({block: "center"})`))
	tb.shot("review-long-list-light")
	tb.axeCheck("review of a longer game")
}

// openLionsGame stores an AI game (Blue at level 8) from a position where
// Red's lion on d8 could enter Blue's den and Blue's lion on d2 Red's, and
// opens it in tb as Red's player, Red to move.
func openLionsGame(t *testing.T, s *Server, tb *tab) *games.Game {
	t.Helper()
	pos, err := dsq.ParsePosition("7/3L3/7/7/7/7/7/3l3/7 r 0 1")
	require.NoError(t, err)
	play, err := dsq.NewGameFrom(pos)
	require.NoError(t, err)
	g := storePlayAt(t, s, dsq.Blue, 8, play)
	tb.open("/")
	tb.do(chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`localStorage.setItem("dsq.seats.%s", JSON.stringify({red: "player"}))`, g.ID)))
	tb.open("/?game=" + g.ID)
	tb.poll(`document.getElementById("status").textContent.startsWith("Your move")`)
	return g
}

// winGame: from reviewGame's position the player enters Blue's den and
// wins; the result is written in the accent colour.
func winGame(t *testing.T, s *Server, tb *tab) {
	g := openLionsGame(t, s, tb)
	tb.move("d8", "d9")
	tb.poll(`document.body.dataset.over === "1"`)
	assert.Equal(t, "You win: den entered", tb.status())
	assert.True(t, resultWon(tb), "a win in the accent colour")
	// Play again: a game with the same settings, level included, though
	// the page was opened on the game rather than made it.
	tb.click("#restart")
	tb.poll(`new URLSearchParams(location.search).get("game") !== "` + g.ID + `" && document.body.dataset.ply === "0"`)
	again := tb.gameState()
	assert.Equal(t, "ai", again.Mode)
	if assert.NotNil(t, again.Level) {
		assert.Equal(t, 8, *again.Level)
	}
}

// reviewGame: Red (the player) could enter Blue's den with its lion, and
// Blue's lion stands beside Red's: the player steps aside instead, and the
// AI (Blue, full strength) wins at once.
func reviewGame(t *testing.T, s *Server, tb *tab) {
	tb.media("light", false)
	openLionsGame(t, s, tb)
	assert.True(t, evalIn[bool](tb, `document.getElementById("review").hidden`), "no review during the game")
	tb.move("d8", "c8")
	tb.poll(`document.body.dataset.over === "1"`)
	assert.Equal(t, "You lose: den entered", tb.status())
	assert.False(t, resultWon(tb), "a loss is not written in the colour of a win")
	assert.Equal(t, "Play again", tb.text("#restart"), "the next game with the same settings is one tap")

	tb.click("#review")
	tb.poll(`document.querySelectorAll("#moves .ev").length === 2`)
	assert.Equal(t, "true", evalIn[string](tb, `document.getElementById("review").getAttribute("aria-pressed")`))
	assert.Equal(t, []string{"1"}, evalIn[[]string](tb, `[...document.querySelectorAll("#moves .mv.marked")].map(b => b.dataset.ply)`),
		"the lion's step aside is the mistake")
	first := evalIn[string](tb, `document.querySelector('#moves .mv[data-ply="1"]').textContent`)
	assert.Contains(t, first, "Red lion d8c8", "the move in words")
	assert.Contains(t, first, "Blue wins with the next move, mistake", "its evaluation and mark for screen readers")
	assert.Contains(t, evalIn[string](tb, `document.querySelector('#moves .mv[data-ply="2"]').textContent`), "Blue has won")
	assert.Equal(t, "Review ready. Mistakes marked: 1", tb.text("#announce"))
	// The latest move: its evaluation only.
	assert.Equal(t, "Engine: Blue has won", tb.text("#review-note"))
	assert.Zero(t, evalIn[int](tb, `document.querySelectorAll("#board .better").length`))

	// Stepping to the mistake shows the better move.
	tb.click("#back")
	tb.poll(`document.body.dataset.view === "1"`)
	assert.Equal(t, "Engine: Blue wins with the next move · Mistake, it changes the result. Better: Red lion d8d9", tb.text("#review-note"))
	assert.True(t, evalIn[bool](tb, `document.querySelector('#board .sq[data-sq="d8"]').classList.contains("better-from")`))
	assert.True(t, evalIn[bool](tb, `document.querySelector('#board .sq[data-sq="d9"]').classList.contains("better-to")`))
	assert.Contains(t, tb.label("d9"), "better move")
	if tb.size.mobile {
		if tb.size.name == "phone" { // 390x844: the bar attached to the board
			tb.do(chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`))
			assert.True(t, tb.onScreen("#board") && tb.onScreen("#review-note"), "the note is on screen with the board")
		}
		tb.fitsScreen()
		assert.Empty(t, tb.tapTargets())
	}
	tb.shot("review-light")
	tb.axeCheck("review, light")
	tb.media("dark", false)
	tb.shot("review-dark")
	tb.axeCheck("review, dark")
	tb.do(chromedp.Evaluate[chromedp.Void](`document.querySelector('#moves .mv[data-ply="1"]').scrollIntoView({block: "center"})`))
	tb.shot("review-list-dark")
	tb.media("light", false)
	tb.shot("review-list-light")

	// In Spanish, with the genders of the phrase helpers.
	tb.do(chromedp.Evaluate[chromedp.Void](`(() => { const s = document.getElementById("lang"); s.value = "es"; s.dispatchEvent(new Event("change")); })()`))
	tb.poll(`document.getElementById("review-note").textContent.includes("Mejor")`)
	note := tb.text("#review-note")
	assert.Equal(t, "Motor: Ganan las azules con la próxima jugada · Error, cambia el resultado. Mejor: León rojo d8d9", note)
	assert.False(t, strings.Contains(note, "rata rojo"))
	tb.do(chromedp.Evaluate[chromedp.Void](`(() => { const s = document.getElementById("lang"); s.value = "en"; s.dispatchEvent(new Event("change")); })()`))

	// Off again: no marks, no better move.
	tb.click("#review")
	tb.poll(`document.querySelectorAll("#moves .ev").length === 0`)
	assert.Zero(t, evalIn[int](tb, `document.querySelectorAll("#board .better").length`))
	assert.True(t, evalIn[bool](tb, `document.getElementById("review-note").hidden`))
}
