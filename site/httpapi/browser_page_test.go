package httpapi

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/site/web"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The screens the page is checked at: a small phone, a large phone, a desktop.
var pageScreens = []screen{{"phone360", 360, 640, true}, {"phone", 390, 844, true}, {"desktop", 1280, 800, false}}

// TestBrowserPage checks the page in headless Chromium at three
// sizes: the board (pictograms, edge coordinates, terrain, themes, flip),
// the bar attached to it on a phone, motion and feedback, the move list as
// a story, the lessons and the rules guide against the engine, and the
// keyboard and axe in both themes.
func TestBrowserPage(t *testing.T) {
	t.Parallel()
	b := newBrowser(t, newSite(t))
	for _, size := range pageScreens {
		t.Run(size.name, func(t *testing.T) {
			t.Parallel()
			t.Run("board", func(t *testing.T) { t.Parallel(); pageBoard(t, b.tab(t, size, "")) })
			if size.name == "phone" {
				t.Run("bar", func(t *testing.T) { t.Parallel(); pageBar(t, b.tab(t, size, ""), b.tab(t, size, "")) })
				t.Run("story", func(t *testing.T) { t.Parallel(); pageStory(t, b.tab(t, size, "")) })
				t.Run("twice", func(t *testing.T) { t.Parallel(); pageTwice(t, b.tab(t, size, "")) })
				t.Run("lessons", func(t *testing.T) { t.Parallel(); pageLessons(t, b.tab(t, size, "")) })
				t.Run("guide", func(t *testing.T) { t.Parallel(); pageGuide(t, b.tab(t, size, "")) })
				t.Run("spanish", func(t *testing.T) { t.Parallel(); pageSpanish(t, b.tab(t, size, "es-ES,es;q=0.9")) })
			}
		})
	}
}

// colorScheme emulates the system's light or dark preference (and, with
// reduce, prefers-reduced-motion).
func (tb *tab) media(scheme string, reduce bool) {
	tb.t.Helper()
	motion := "no-preference"
	if reduce {
		motion = "reduce"
	}
	tb.do(func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Features: []*emulation.MediaFeature{
			{Name: "prefers-color-scheme", Value: scheme}, {Name: "prefers-reduced-motion", Value: motion},
		}})
		return chromedp.Void{}, err
	})
}

// share returns how much of an empty square's screenshot is near the
// colour of the CSS variable name (its terrain), from 0 to 1.
func (tb *tab) share(sq, cssVar string) float64 {
	tb.t.Helper()
	hex := evalIn[string](tb, fmt.Sprintf(`getComputedStyle(document.documentElement).getPropertyValue(%q).trim()`, cssVar))
	var c uint32
	_, err := fmt.Sscanf(strings.TrimPrefix(hex, "#"), "%06x", &c)
	require.NoError(tb.t, err, "%s is %q", cssVar, hex)
	img := tb.element(tb.sq(sq))
	bd := img.Bounds()
	return float64(countColor(img, rgb(c))) / float64(bd.Dx()*bd.Dy())
}

// tapTargets lists the visible buttons, links and fields of the play view
// and the header smaller than 44 px.
func (tb *tab) tapTargets() []string {
	return evalIn[[]string](tb, `(() => {
		const small = [];
		for (const el of document.querySelectorAll("#play-view button, #play-view select, #play-view summary, nav a, nav button, header select, header button")) {
			const r = el.getBoundingClientRect();
			if (r.width === 0 && r.height === 0) continue;
			if (r.height < 43.5 || r.width < 43.5) small.push((el.id || el.className || el.textContent) + " " + r.width + "x" + r.height);
		}
		return small;
	})()`)
}

// onScreen reports whether the element is inside the viewport, all of it.
func (tb *tab) onScreen(sel string) bool {
	return evalIn[bool](tb, fmt.Sprintf(`(() => { const r = document.querySelector(%q).getBoundingClientRect();
		return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight + 0.5 && r.left >= 0 && r.right <= innerWidth + 0.5; })()`, sel))
}

// pageBoard: pictograms with full names, coordinates on the edges only,
// terrain by side that shows around pieces, both themes, the flip button,
// nothing wider than the screen.
func pageBoard(t *testing.T, tb *tab) {
	tb.media("light", false)
	tb.open("/")
	tb.startGame("local", "")
	tb.poll(`document.getElementById("status").textContent === "Red to move"`)
	assert.Equal(t, 16, evalIn[int](tb, `document.querySelectorAll("#board .piece svg.art").length`), "every piece is drawn")
	animals := evalIn[[]string](tb, `[...new Set([...document.querySelectorAll("#board .piece")].map(p => p.className.match(/a-(\w+)/)[1]))].sort()`)
	assert.Equal(t, []string{"cat", "dog", "elephant", "leopard", "lion", "rat", "tiger", "wolf"}, animals)
	assert.True(t, strings.HasPrefix(tb.label("g3"), "red rat, g3, rank 1"), tb.label("g3"))
	assert.Equal(t, "Red elephant · rank 8", evalIn[string](tb, fmt.Sprintf(`document.querySelector(%q).title`, tb.sq("a3"))))
	assert.Equal(t, "", evalIn[string](tb, `[...document.querySelectorAll("#board .piece")].map(p => p.textContent).join("")`), "no words inside pieces to clip")
	// Coordinates: the rank on the left edge, the file on the bottom edge.
	coords := evalIn[[]string](tb, `[...document.querySelectorAll("#board .coord")].map(c => c.closest(".sq").dataset.sq + ":" + c.dataset.t)`)
	assert.Len(t, coords, 16)
	assert.Contains(t, coords, "a9:9")
	assert.Contains(t, coords, "g1:g")
	assert.Contains(t, coords, "a1:1")
	assert.Contains(t, coords, "a1:a")
	// Terrain reads at a glance, also around a piece.
	assert.Greater(t, tb.share("f5", "--water"), 0.5, "water")
	assert.Greater(t, tb.share("d4", "--land-1")+tb.share("d4", "--land-2"), 0.9, "land")
	assert.Greater(t, tb.share("d1", "--red-den"), 0.3, "Red's den")
	assert.Greater(t, tb.share("d9", "--blue-den"), 0.3, "Blue's den")
	assert.Greater(t, tb.share("c1", "--red-trap"), 0.4, "Red's trap")
	assert.Greater(t, tb.share("c9", "--blue-trap"), 0.4, "Blue's trap")
	assert.Greater(t, tb.share("a9", "--land-1")+tb.share("a9", "--land-2"), 0.12, "land shows around the lion")
	assert.Contains(t, tb.label("c1"), "your trap")
	assert.Contains(t, tb.label("d9"), "enemy den")
	tb.fitsScreen()
	assert.Empty(t, tb.tapTargets(), "tap targets under 44 px")
	tb.shot("page-board-light")

	// The move list's hint speaks of arrow keys only where there are keys.
	keysHint := "inline"
	if tb.size.mobile {
		keysHint = "none"
	}
	assert.Equal(t, keysHint, evalIn[string](tb, `getComputedStyle(document.querySelector("#moves-hint .keys-hint")).display`))

	// The flip button turns the board; a new game turns it back.
	tb.click("#flip")
	tb.poll(`document.querySelector("#board .sq").dataset.sq === "g1"`)
	assert.Equal(t, "true", evalIn[string](tb, `document.getElementById("flip").getAttribute("aria-pressed")`))
	tb.click("#flip")
	tb.poll(`document.querySelector("#board .sq").dataset.sq === "a9"`)

	// Dark: from the system, then the switch, kept after a reload.
	tb.media("dark", false)
	tb.poll(`getComputedStyle(document.body).backgroundColor === "rgb(20, 24, 21)"`)
	tb.poll(`document.getElementById("theme").getAttribute("aria-pressed") === "true"`)
	assert.Greater(t, tb.share("f5", "--water"), 0.5, "water in the dark")
	tb.shot("page-board-dark")
	tb.axeCheck("board, dark theme")
	tb.media("light", false)
	tb.poll(`getComputedStyle(document.body).backgroundColor === "rgb(236, 230, 216)"`)
	tb.click("#theme")
	tb.poll(`document.documentElement.dataset.theme === "dark"`)
	tb.open("/?game=" + tb.gameState().ID)
	tb.poll(`getComputedStyle(document.body).backgroundColor === "rgb(20, 24, 21)"`)
	tb.click("#theme")
	tb.poll(`document.documentElement.dataset.theme === "light"`)
	tb.axeCheck("board, light theme")
}

// pageBar: on a phone the status, the draw offer with its Decline, the
// share link and the Learn explanation are on screen with the board; a
// declined offer is told to the player who made it.
func pageBar(t *testing.T, red, blue *tab) {
	red.open("/")
	red.startGame("online", "red")
	red.poll(`!document.getElementById("share").hidden`)
	assert.True(t, red.onScreen("#board"), "the board is on screen")
	invite, _ := shareLinks(t, red)
	assert.True(t, red.onScreen("#invite-link"), "the invitation is on screen with the board")
	assert.True(t, red.onScreen("#copy-watch"), "so is the watch link")
	assert.True(t, red.onScreen("#status"))
	red.shot("page-bar-share")
	red.click("#copy-watch")
	red.poll(`document.getElementById("message").textContent === "Link copied"`)
	assert.True(t, evalIn[bool](red, `document.getElementById("message").classList.contains("info")`), "a notice, not in the colour of an error")
	blue.open(invite)
	blue.poll(`!document.getElementById("join").hidden`)
	blue.click("#join")
	red.poll(`document.getElementById("status").textContent === "Your move (Red)"`)
	assert.Equal(t, "Your move · Dou Shou Qi", evalIn[string](red, `document.title`), "the tab says it is your move")
	assert.True(t, red.onScreen("#offer") && red.onScreen("#resign"), "with both seats taken the links give way to the game's buttons")
	assert.Empty(t, red.text("#message"), "the copy's notice is done with once the opponent joined")
	blue.poll(`document.getElementById("status").textContent === "Waiting for Red"`)
	assert.Equal(t, "Dou Shou Qi", evalIn[string](blue, `document.title`))
	red.move("a3", "a4")
	blue.poll(`document.getElementById("last-move").textContent === "Last move: Red elephant a3a4"`)
	assert.Equal(t, "1", evalIn[string](blue, `document.body.dataset.anims`), "the opponent's move slides in")
	red.click("#offer")
	blue.poll(`!document.getElementById("decline").hidden`)
	for _, sel := range []string{"#board", "#status", "#draw-note", "#accept", "#decline"} {
		assert.True(t, blue.onScreen(sel), "%s is on screen with the board", sel)
	}
	blue.shot("page-bar-draw-offer")
	blue.click("#decline")
	red.poll(`document.getElementById("message").textContent === "Your draw offer was declined"`)
	assert.True(t, evalIn[bool](red, `document.getElementById("message").classList.contains("info")`))
	assert.True(t, red.onScreen("#message"))
	red.shot("page-bar-declined")
	// Then accepted: the result is in the bar. The answer to Red's offer is
	// held until the acceptance has come by the live stream, as a slow
	// network may do: the page keeps the later state.
	blue.move("a7", "a6")
	red.poll(`document.body.dataset.ply === "2"`)
	holdAnswer(red, "/draw", `document.body.dataset.over === "1"`, 0)
	red.click("#offer")
	blue.poll(`!document.getElementById("accept").hidden`)
	blue.click("#accept")
	red.poll(`document.body.dataset.over === "1"`)
	red.poll(`window.held`)
	assert.Equal(t, "Draw agreed", red.status(), "the offer's late answer does not undo the draw")
	assert.False(t, resultWon(red), "a draw is not written in the colour of a win")
	assert.True(t, red.onScreen("#status"))
	assert.True(t, red.onScreen("#new"), "a new game is a tap away")
	assert.False(t, evalIn[bool](red, `document.getElementById("new-details").open`),
		"the form stays folded after a game: the moves come after the board")
	red.click("#new")
	red.poll(`document.getElementById("new-details").open && document.activeElement.id === "start"`)
	// The next game folds the form away again.
	finished := red.gameState().ID
	red.click(`#new-game input[name=mode][value=local]`)
	red.click("#start")
	red.poll(`new URLSearchParams(location.search).get("game") !== "` + finished + `" && document.body.dataset.ply === "0"`)
	assert.False(t, evalIn[bool](red, `document.getElementById("new-details").open`), "the form folds when the next game starts")
	// A move's answer that comes after a restart does not bring the
	// thrown-away game back.
	thrown := red.gameState().ID
	// (Held a second past the restart, so that the new game's first live
	// state has come before it.)
	holdAnswer(red, "/moves", `new URLSearchParams(location.search).get("game") !== "`+thrown+`"`, 1000)
	red.move("a3", "a4") // shown by the live stream
	red.click("#restart")
	red.click("#restart")
	red.poll(`window.held`)
	assert.Equal(t, "0", evalIn[string](red, `document.body.dataset.ply`), "the new game stays on the board")
	assert.NotEqual(t, thrown, red.gameState().ID)
	assert.Empty(t, red.text("#last-move"))

	// Learn: the explanation starts on screen with the board.
	red.open("/?position=" + strings.ReplaceAll(blockedJump, " ", "%20"))
	red.click(red.sq("d5"))
	red.poll(`document.getElementById("explain").textContent.includes("blocked by the rat on b5")`)
	assert.True(t, red.onScreen("#board"))
	assert.True(t, evalIn[bool](red, `document.getElementById("explain").getBoundingClientRect().top < innerHeight - 40`), "the explanation starts on screen")
	assert.Contains(t, red.text("#explain"), "The red lion on d5")
	red.shot("page-bar-learn")
	assert.Empty(t, red.tapTargets(), "tap targets under 44 px")
	red.axeCheck("learn bar")
}

// holdAnswer makes the page's next request whose path ends in suffix wait
// for its answer until the JavaScript expression until is true (at most
// 20 s) and then settle more milliseconds, as a slow network may do, and
// sets window.held once the page has handled that answer.
func holdAnswer(tb *tab, suffix, until string, settle int) {
	tb.t.Helper()
	evalIn[bool](tb, fmt.Sprintf(`(() => {
		window.held = false;
		const real = window.fetch;
		window.fetch = async (input, init) => {
			const res = await real(input, init);
			if (!String(input).endsWith(%q)) return res;
			window.fetch = real;
			const t0 = Date.now();
			while (!(%s) && Date.now() - t0 < 20000) await new Promise(r => setTimeout(r, 20));
			await new Promise(r => setTimeout(r, %d));
			const json = res.json.bind(res);
			// The page handles the answer in the microtasks that follow its
			// body: a timer runs after them.
			res.json = async () => { const v = await json(); setTimeout(() => { window.held = true; }); return v; };
			return res;
		};
		return true;
	})()`, suffix, until, settle))
}

// pageTwice: a second tap while the first one's answer is awaited sends
// nothing: two taps on Start make one game, two on Undo one undo (the
// second would be refused as out of date and say so).
func pageTwice(t *testing.T, tb *tab) {
	tb.open("/")
	evalIn[bool](tb, `(() => {
		window.posts = [];
		const real = window.fetch;
		window.fetch = (input, init) => {
			if (init && init.method === "POST") window.posts.push(String(input));
			return real(input, init);
		};
		return true;
	})()`)
	posts := func(suffix string) int {
		return evalIn[int](tb, fmt.Sprintf(`window.posts.filter(p => p.endsWith(%q)).length`, suffix))
	}
	tb.click("#new-details summary") // under the start screen the form is folded
	tb.click(`#new-game input[name=mode][value=local]`)
	evalIn[bool](tb, `(() => { const f = document.getElementById("new-game"); f.requestSubmit(); f.requestSubmit(); return true; })()`)
	tb.poll(`new URLSearchParams(location.search).has("game") && document.body.dataset.ply === "0"`)
	assert.Equal(t, 1, posts("/api/games"), "two taps on Start make one game")
	tb.move("a3", "a4")
	tb.move("a7", "a6")
	evalIn[bool](tb, `(() => { const b = document.getElementById("undo"); b.click(); b.click(); return true; })()`)
	tb.poll(`document.body.dataset.ply === "1" && !document.getElementById("undo").hidden`)
	assert.Equal(t, 1, posts("/undo"), "two taps on Undo take back one move")
	assert.Empty(t, tb.text("#message"), "and say nothing of a refusal")
}

// pageStory: moves animate and are named; the move list names the pieces
// and steps through the game by click, buttons and keys; captures land in
// the trays; Escape deselects; the sound is off until turned on; the live
// region starts empty in a new game; reduced motion stops the animations.
func pageStory(t *testing.T, tb *tab) {
	tb.media("light", false)
	tb.open("/")
	tb.startGame("local", "")
	tb.poll(`document.getElementById("status").textContent === "Red to move"`)
	assert.Equal(t, "false", evalIn[string](tb, `document.getElementById("sound").getAttribute("aria-pressed")`), "sound is off by default")
	tb.move("c3", "d3")
	assert.Equal(t, "1", evalIn[string](tb, `document.body.dataset.anims`), "the move slid")
	assert.Equal(t, "Red wolf c3d3", tb.text("#announce"))
	assert.Equal(t, "Last move: Red wolf c3d3", tb.text("#last-move"))
	tb.click("#sound")
	tb.poll(`document.body.dataset.beeps === "1"`)
	tb.move("e7", "d7")
	tb.poll(`document.body.dataset.beeps === "2"`)
	tb.click("#sound")
	tb.move("d3", "d4")
	tb.move("d7", "d6")
	tb.move("d4", "d5")
	tb.move("d6", "d5") // Blue's wolf takes Red's
	assert.Equal(t, "Blue wolf d6d5, takes the red wolf", tb.text("#announce"))
	assert.Equal(t, "2", evalIn[string](tb, `document.body.dataset.beeps`), "no beep with the sound off")
	assert.Equal(t, 1, evalIn[int](tb, `document.querySelectorAll("#tray-top .mini").length`), "Blue's tray holds the red wolf")
	assert.Contains(t, evalIn[string](tb, `document.getElementById("tray-top").textContent`), "Taken by Blue: red wolf")

	// Escape drops a selection and its message.
	tb.click(tb.sq("e3"))
	tb.poll(fmt.Sprintf(`!!document.querySelector(%q)`, tb.sq("e3")+".selected"))
	tb.click(tb.sq("e4"))
	tb.poll(`document.getElementById("message").textContent.length > 0`)
	tb.do(chromedp.KeyEvent(kb.Escape))
	tb.poll(`!document.querySelector("#board .selected") && document.getElementById("message").textContent === ""`)
	// A far square says why nothing happened.
	tb.click(tb.sq("e3"))
	tb.poll(fmt.Sprintf(`!!document.querySelector(%q)`, tb.sq("e3")+".selected"))
	tb.click(tb.sq("a8"))
	tb.poll(`document.getElementById("message").textContent === "The red leopard cannot go to a8: choose a marked square"`)
	assert.True(t, evalIn[bool](tb, `!!document.querySelector('#board .sq[data-sq="e3"].selected') && document.querySelectorAll("#board .target").length > 0`),
		"the leopard stays selected with its squares marked")
	tb.do(chromedp.KeyEvent(kb.Escape))
	tb.poll(`!document.querySelector("#board .selected")`)

	// The move list names the pieces; a click shows a past position.
	assert.Equal(t, 6, evalIn[int](tb, `document.querySelectorAll("#moves .mv").length`))
	assert.Equal(t, "Red wolf c3d3", evalIn[string](tb, `document.querySelector('#moves .mv[data-ply="1"]').textContent`))
	assert.Equal(t, "Blue wolf d6d5, takes the red wolf", evalIn[string](tb, `document.querySelector('#moves .mv[data-ply="6"]').textContent`))
	assert.Equal(t, 6, evalIn[int](tb, `document.querySelectorAll("#moves li").length`), "one numbered line per move")
	tb.click(`#moves .mv[data-ply="1"]`)
	tb.poll(`document.body.dataset.view === "1"`)
	assert.True(t, strings.HasPrefix(tb.label("d3"), "red wolf, d3"), tb.label("d3"))
	assert.True(t, strings.HasPrefix(tb.label("e7"), "blue wolf, e7"), tb.label("e7"))
	assert.Equal(t, "Last move: Red wolf c3d3", tb.text("#last-move"))
	assert.Equal(t, "Position after 1. (Red), half-move 1 of 6", tb.text("#viewing-text"))
	tb.shot("page-story-past")
	tb.click("#forward")
	tb.poll(`document.body.dataset.view === "2"`)
	tb.click("#back")
	tb.click("#back")
	tb.poll(`document.body.dataset.view === "0"`)
	assert.True(t, evalIn[bool](tb, `document.getElementById("back").disabled`))
	// Keys step when the focus is off the board.
	tb.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("forward").focus()`))
	tb.do(chromedp.KeyEvent(kb.ArrowRight), chromedp.KeyEvent(kb.ArrowRight))
	tb.poll(`document.body.dataset.view === "2"`)
	tb.do(chromedp.KeyEvent(kb.End))
	tb.poll(`document.body.dataset.view === ""`)
	assert.Greater(t, evalIn[int](tb, `Number(document.body.dataset.anims)`), 6, "stepping slides the pieces")

	// Undo slides back; reduced motion stops the sliding.
	before := evalIn[int](tb, `Number(document.body.dataset.anims)`)
	tb.click("#undo")
	tb.poll(`document.body.dataset.ply === "5"`)
	assert.Equal(t, before+1, evalIn[int](tb, `Number(document.body.dataset.anims)`), "undo slides the piece back")
	tb.media("light", true)
	tb.move("d6", "d5")
	assert.Equal(t, before+1, evalIn[int](tb, `Number(document.body.dataset.anims)`), "no sliding with reduced motion")
	tb.media("light", false)
	tb.shot("page-story")
	tb.axeCheck("move list")

	// A new game starts with an empty live region.
	tb.click("#restart")
	tb.click("#restart")
	tb.poll(`document.body.dataset.ply === "0"`)
	assert.Equal(t, "", tb.text("#announce"))
	assert.Equal(t, "", tb.text("#last-move"))
	// The skip link takes the keyboard to the board.
	tb.do(chromedp.Evaluate[chromedp.Void](`document.querySelector(".skip").focus()`))
	tb.do(chromedp.KeyEvent(kb.Enter))
	tb.poll(`document.activeElement.classList.contains("sq")`)
}

// lessonChecks reads the lessons' checks as the test knows them.
func lessonChecks(t *testing.T) []struct {
	ID    string
	Check struct {
		Kind, Move, Code string
		Defences         []string
	}
	Text map[string]struct{ Answer string }
} {
	data, err := fs.ReadFile(web.Static, "lessons.json")
	require.NoError(t, err)
	var ls []struct {
		ID    string
		Check struct {
			Kind, Move, Code string
			Defences         []string
		}
		Text map[string]struct{ Answer string }
	}
	require.NoError(t, json.Unmarshal(data, &ls))
	return ls
}

// pageLessons: every lesson's written answer agrees with the verdict the
// page gets from /api/analysis; the boards can be played on.
func pageLessons(t *testing.T, tb *tab) {
	tb.open("/lessons")
	reasons := map[string]string{} // the page's English for a rule is the library's sentence
	for r := range dsq.Refusals() {
		reasons[r.Code()] = r.String()
	}
	assert.True(t, evalIn[bool](tb, `(() => { const c = document.querySelector(".lesson");
		return c.querySelector("h3").getBoundingClientRect().bottom <= c.querySelector(".board").getBoundingClientRect().top; })()`),
		"on a phone a lesson's question comes before its board")
	for _, l := range lessonChecks(t) {
		card := "#lesson-" + l.ID
		tb.click(card + " .reveal")
		tb.poll(fmt.Sprintf(`document.querySelector(%q).dataset.done === "1"`, card+" .engine"))
		engine := tb.text(card + " .engine")
		answer := l.Text["en"].Answer
		switch l.Check.Kind {
		case "move":
			if l.Check.Code == "" {
				assert.Equal(t, "Rules engine: "+l.Check.Move+" is legal", engine, l.ID)
				assert.True(t, strings.HasPrefix(answer, "Yes"), "%s: %s", l.ID, answer)
			} else {
				require.Contains(t, reasons, l.Check.Code, l.ID)
				assert.Equal(t, "Rules engine: "+l.Check.Move+" is refused: "+reasons[l.Check.Code], engine, l.ID)
				assert.True(t, strings.HasPrefix(answer, "No"), "%s: %s", l.ID, answer)
			}
		case "defences":
			list := strings.Join(l.Check.Defences, ", ")
			if list == "" {
				list = "none"
			}
			assert.Equal(t, "Rules engine: moves that meet every threat: "+list, engine, l.ID)
		case "outcome":
			assert.Equal(t, "Rules engine: after a1a2: Draw: 60 half-moves without a capture", engine, l.ID)
			assert.Contains(t, answer, "drawn", l.ID)
		}
	}
	// Play on a board: the blocked jump is refused, the open one played.
	card := "#lesson-rat-blocks-jump"
	tb.click(card + ` .sq[data-sq="d5"]`)
	tb.poll(fmt.Sprintf(`!!document.querySelector(%q)`, card+` .sq[data-sq="a5"].refused`))
	tb.click(card + ` .sq[data-sq="a5"]`)
	tb.poll(fmt.Sprintf(`document.querySelector(%q).textContent.length > 0`, card+" .verdict"))
	assert.Equal(t, "d5a5: refused, "+dsq.RefusalJumpBlocked.String(), tb.text(card+" .verdict"))
	card = "#lesson-jump-open"
	tb.click(card + ` .sq[data-sq="d5"]`)
	tb.poll(fmt.Sprintf(`!!document.querySelector(%q)`, card+` .sq[data-sq="a5"].target`))
	tb.click(card + ` .sq[data-sq="a5"]`)
	tb.poll(fmt.Sprintf(`document.querySelector(%q).textContent.length > 0`, card+" .verdict"))
	assert.Equal(t, "d5a5: legal (the rules engine plays it)", tb.text(card+" .verdict"))
	assert.True(t, strings.HasPrefix(evalIn[string](tb, fmt.Sprintf(`document.querySelector(%q).getAttribute("aria-label")`, card+` .sq[data-sq="a5"]`)), "red lion, a5"))
	tb.shotOf(card, "page-lesson-played")
	tb.click(card + " .reset")
	tb.poll(fmt.Sprintf(`document.querySelector(%q).getAttribute("aria-label").startsWith("red lion, d5")`, card+` .sq[data-sq="d5"]`))
	// The selection's analysis answered only after the move was tried (a
	// slow network) does not cover the moved position with its marks.
	holdAnswer(tb, "&square=d5", fmt.Sprintf(`document.querySelector(%q).textContent.length > 0`, card+" .verdict"), 0)
	tb.click(card + ` .sq[data-sq="d5"]`)
	tb.click(card + ` .sq[data-sq="a5"]`)
	tb.poll(`window.held`)
	assert.Equal(t, "d5a5: legal (the rules engine plays it)", tb.text(card+" .verdict"))
	assert.Zero(t, evalIn[int](tb, fmt.Sprintf(`document.querySelectorAll(%q).length`, card+" .sq.target")), "no marks of the old selection")
	assert.True(t, evalIn[bool](tb, fmt.Sprintf(`document.querySelector(%q).hidden`, card+" .explain")), "nor its explanation")
	tb.click(card + " .reset")
	tb.axeCheck("lessons with verdicts")
}

// pageGuide: the rules dialog opens at its top and carries the whole
// teaching in each language.
func pageGuide(t *testing.T, tb *tab) {
	tb.open("/")
	for _, lang := range []string{"en", "de", "es"} {
		tb.do(chromedp.SetValue(chromedp.CSS("#lang"), lang))
		tb.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("lang").dispatchEvent(new Event("change"))`))
		tb.click("#rules-open")
		tb.poll(`document.getElementById("rules").open`)
		assert.True(t, tb.onScreen("#rules-title"), "%s: the title is on screen", lang)
		assert.True(t, tb.onScreen("#rules-close"), "%s: so is the close button", lang)
		assert.Equal(t, "rules-title", evalIn[string](tb, `document.activeElement.id`))
		assert.Equal(t, 8, evalIn[int](tb, `document.querySelectorAll("#guide .qa dt").length`), lang)
		assert.Equal(t, 3, evalIn[int](tb, `document.querySelectorAll("#guide .stage .check").length`), lang)
		assert.Equal(t, 16, evalIn[int](tb, `document.querySelectorAll("#guide .diagram .piece").length`), lang)
		assert.GreaterOrEqual(t, evalIn[int](tb, `document.querySelectorAll("#guide h3").length`), 12, lang)
		assert.Equal(t, 1, evalIn[int](tb, `document.querySelectorAll("#guide .misread").length`), lang)
		assert.Equal(t, "/", evalIn[string](tb, `document.getElementById("guide-start").getAttribute("href")`))
		for _, id := range evalIn[[]string](tb, `[...document.querySelectorAll("#guide .stage a")].map(a => a.getAttribute("href").split("#lesson-")[1])`) {
			found := false
			for _, l := range lessonChecks(t) {
				found = found || l.ID == id
			}
			assert.True(t, found, "a practice stage points to lesson %q", id)
		}
		tb.shot("page-guide-" + lang)
		if lang == "de" {
			tb.do(chromedp.Evaluate[chromedp.Void](`document.querySelector("#guide .diagram").scrollIntoView()`))
			tb.shot("page-guide-diagram")
			tb.do(chromedp.Evaluate[chromedp.Void](`document.querySelector("#guide .stage").scrollIntoView()`))
			tb.shot("page-guide-practice")
		}
		if lang == "en" {
			tb.axeCheck("rules guide")
		}
		tb.click("#rules-close")
		tb.poll(`!document.getElementById("rules").open`)
	}
}

// pageSpanish: names with gender in labels, the live region and the last
// move line.
func pageSpanish(t *testing.T, tb *tab) {
	tb.open("/")
	tb.startGame("local", "")
	tb.poll(`document.body.dataset.ply === "0"`)
	assert.True(t, strings.HasPrefix(tb.label("g3"), "rata roja, g3"), tb.label("g3"))
	assert.True(t, strings.HasPrefix(tb.label("e7"), "lobo azul, e7"), tb.label("e7"))
	tb.move("g3", "g4")
	assert.Equal(t, "Rata roja g3g4", tb.text("#announce"))
	assert.Equal(t, "Última jugada: Rata roja g3g4", tb.text("#last-move"))
	tb.shot("page-spanish")
}
