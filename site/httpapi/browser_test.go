package httpapi

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	dsq "github.com/doushouqi/doushouqi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// blockedJump is Red's lion on d5 with a blue rat on b5 in the river.
const blockedJump = "l5t/7/7/7/1r1L3/7/7/7/T6 r 0 1"

// TestBrowser plays the site in headless Chromium at a phone size and a
// desktop size: a keyboard move and a visible capture marker in a game on
// one device, an AI game as Blue played to the end (on the phone), an online game between
// two browsers ending in an agreed draw, the statistics after them, the
// learn overlay, a lesson and the German page; axe-core checks each.
func TestBrowser(t *testing.T) {
	t.Parallel()
	b := newBrowser(t, newSite(t))
	for _, size := range screens {
		t.Run(size.name, func(t *testing.T) {
			t.Parallel()
			var finished atomic.Int32           // the games played to their end at this size
			t.Run("games", func(t *testing.T) { // over before the statistics below
				t.Run("local", func(t *testing.T) { t.Parallel(); browseLocal(t, b.tab(t, size, "")); finished.Add(1) })
				if size.mobile { // at the desktop's size TestBrowserReview plays the AI to its end
					t.Run("ai-blue", func(t *testing.T) { t.Parallel(); browseAIAsBlue(t, b.tab(t, size, "")); finished.Add(1) })
				}
				t.Run("online", func(t *testing.T) {
					t.Parallel()
					browseOnline(t, b.tab(t, size, ""), b.tab(t, size, ""), b.tab(t, size, ""))
					finished.Add(1)
				})
			})
			t.Run("stats", func(t *testing.T) { browseStats(t, b.tab(t, size, ""), int(finished.Load())) })
			t.Run("errors", func(t *testing.T) { t.Parallel(); browseErrors(t, b.tab(t, size, "")) })
			t.Run("learn", func(t *testing.T) { t.Parallel(); browseLearn(t, b.tab(t, size, "")) })
			t.Run("lessons", func(t *testing.T) { t.Parallel(); browseLessons(t, b.tab(t, size, "")) })
			t.Run("german", func(t *testing.T) { t.Parallel(); browseGerman(t, b.tab(t, size, "de-DE,de;q=0.9")) })
		})
	}
}

func (tb *tab) label(sq string) string {
	return evalIn[string](tb, fmt.Sprintf(`document.querySelector(%q).getAttribute("aria-label")`, tb.sq(sq)))
}

// browseLocal: two players on one device. A move made with the keyboard
// alone, a refused move explained, a capture whose ring is drawn over the
// enemy piece, undo, and resignation said from the sides' point of view.
func browseLocal(t *testing.T, tb *tab) {
	tb.open("/")
	tb.startGame("local", "")
	tb.poll(`document.getElementById("status").textContent === "Red to move"`)
	tb.fitsScreen()

	// Keyboard only: the focus starts on a1; up twice to a3, Enter, up, Enter.
	tb.do(chromedp.Evaluate[chromedp.Void](`document.querySelector('#board .sq[tabindex="0"]').focus()`))
	require.Equal(t, "a1", evalIn[string](tb, `document.activeElement.dataset.sq`))
	tb.do(chromedp.KeyEvent(kb.ArrowUp), chromedp.KeyEvent(kb.ArrowUp))
	require.Equal(t, "a3", evalIn[string](tb, `document.activeElement.dataset.sq`))
	tb.do(chromedp.KeyEvent(kb.Enter))
	tb.poll(fmt.Sprintf(`!!document.querySelector(%q)`, tb.sq("a4")+".target"))
	assert.Contains(t, tb.label("a4"), "can move here")
	tb.do(chromedp.KeyEvent(kb.ArrowUp), chromedp.KeyEvent(kb.Enter))
	tb.poll(`document.body.dataset.ply === "1"`)
	assert.True(t, strings.HasPrefix(tb.label("a4"), "red elephant, a4"), tb.label("a4"))
	assert.Contains(t, tb.label("a4"), "last move")
	assert.Equal(t, "Red elephant a3a4", tb.text("#announce"))
	assert.Equal(t, "a4", evalIn[string](tb, `document.activeElement.dataset.sq`), "the focus stays on the board")

	// Blue moves; Red's leopard may not enter the water, and the page says why.
	tb.move("e7", "d7")
	tb.click(tb.sq("e3"))
	tb.poll(fmt.Sprintf(`!!document.querySelector(%q)`, tb.sq("e3")+".selected"))
	tb.click(tb.sq("e4")) // the page asks the analysis why, then says it
	tb.poll(`document.getElementById("message").textContent.length > 0`)
	assert.Equal(t, "Not allowed: "+dsq.RefusalWater.String(), tb.text("#message"))

	// Walk the wolves towards each other; Blue's steps onto d5.
	tb.move("c3", "d3")
	tb.move("d7", "d6")
	tb.move("d3", "d4")
	tb.move("d6", "d5")
	assert.Zero(t, countColor(tb.element(tb.sq("d5")), colorRing), "no ring before a piece is selected")
	tb.click(tb.sq("d4"))
	tb.poll(fmt.Sprintf(`!!document.querySelector(%q)`, tb.sq("d5")+".target"))
	img := tb.element(tb.sq("d5"))
	assert.Greater(t, countColor(img, colorRing), 150, "the capture ring is drawn")
	assert.Greater(t, countColor(img, colorBlue), 100, "the blue piece under the ring stays visible")
	assert.Contains(t, tb.label("d5"), "can capture here")
	tb.shot("local-capture-ring")
	tb.axeCheck("local game with a capture shown")
	tb.click(tb.sq("d5"))
	tb.poll(`document.body.dataset.ply === "7"`)
	assert.True(t, strings.HasPrefix(tb.label("d5"), "red wolf, d5"), tb.label("d5"))
	assert.Equal(t, "Red wolf d4d5, takes the blue wolf", tb.text("#announce"))
	assert.Equal(t, 7, evalIn[int](tb, `document.querySelectorAll("#moves li").length`), "one numbered line per move")
	// The game's record is a download away, and the file replays the moves.
	href := evalIn[string](tb, `document.getElementById("export-line").hidden ? "" : document.getElementById("export").href`)
	require.True(t, strings.HasSuffix(href, "/record"), "the export link: %q", href)
	text, err := chromedp.Run(tb.ctx, chromedp.Evaluate[string](`fetch(document.getElementById("export").href).then((r) => r.text())`, chromedp.EvalAwaitPromise))
	require.NoError(t, err)
	exported, err := dsq.ParseRecord(text)
	require.NoError(t, err, "the exported record reads back: %q", text)
	assert.Len(t, exported.Moves(), 7)

	// Undo takes the capture back.
	tb.click("#undo")
	tb.poll(`document.body.dataset.ply === "6"`)
	assert.True(t, strings.HasPrefix(tb.label("d5"), "blue wolf, d5"), tb.label("d5"))

	// A reload resumes the game from the URL with the seats kept.
	id := tb.gameState().ID
	tb.open("/?game=" + id)
	tb.poll(`document.body.dataset.ply === "6"`)
	assert.True(t, strings.HasPrefix(tb.label("d5"), "blue wolf, d5"), tb.label("d5"))
	assert.Equal(t, "Red to move", tb.status())
	assert.False(t, evalIn[bool](tb, `document.getElementById("undo").hidden`), "the seats came back")

	// Red resigns (two taps): Blue wins.
	tb.click("#resign")
	tb.click("#resign")
	tb.poll(`document.body.dataset.over === "1"`)
	assert.Equal(t, "Blue wins: resignation", tb.status())
}

// browseAIAsBlue: the board turns for Blue, the AI opens with a thinking
// sign, and the game is played to its end; the result is the player's.
func browseAIAsBlue(t *testing.T, tb *tab) {
	tb.open("/")
	tb.do(chromedp.Evaluate[chromedp.Void](`window.sawThinking = false;
		new MutationObserver(() => { if (document.getElementById("status").classList.contains("thinking")) window.sawThinking = true; })
			.observe(document.getElementById("status"), {attributes: true, childList: true, characterData: true, subtree: true})`))
	tb.startGame("ai", "blue")
	tb.poll(`document.body.dataset.ply === "1" || document.body.dataset.over === "1"`)
	assert.True(t, evalIn[bool](tb, `window.sawThinking`), "a thinking sign while the AI opens")
	if evalIn[string](tb, `document.body.dataset.ply`) == "1" {
		tb.poll(`Number(document.body.dataset.anims) >= 1`) // the AI's move slides in
	}
	assert.Equal(t, "g1", evalIn[string](tb, `document.querySelector("#board .sq").dataset.sq`), "Blue plays from the bottom: g1 is top left")
	assert.Equal(t, "a9", evalIn[string](tb, `document.querySelector("#board .sq:last-child").dataset.sq`))
	tb.checkTerrain("blue")
	assert.True(t, evalIn[bool](tb, `document.getElementById("undo").hidden`), "nothing of the player's to take back yet")
	tb.fitsScreen()
	tb.shot("ai-blue-start")

	rng := rand.New(rand.NewPCG(1, uint64(tb.size.width)))
	for turn := 0; ; turn++ {
		require.Less(t, turn, 200, "the game should have ended")
		tb.poll(`document.body.dataset.over === "1" || document.getElementById("status").textContent.startsWith("Your move")`)
		g := tb.gameState()
		if g.Over {
			break
		}
		require.Equal(t, "blue", g.SideToMove)
		if turn == 2 && g.Ply >= 3 { // undo takes back the player's move and the AI's reply
			tb.click("#undo")
			tb.poll(fmt.Sprintf(`document.body.dataset.ply === "%d"`, g.Ply-2))
			g = tb.gameState()
		}
		pos, err := dsq.ParsePosition(g.Position)
		require.NoError(t, err)
		m := pickMove(&pos, rng)
		before := g.Ply
		tb.move(m.From().String(), m.To().String())
		tb.poll(fmt.Sprintf(`Number(document.body.dataset.ply) >= %d || document.body.dataset.over === "1"`, before+2))
	}
	status := tb.status()
	assert.Regexp(t, `^(You win|You lose|Draw): `, status)
	g := tb.gameState()
	switch {
	case g.Outcome.Winner == "blue":
		assert.True(t, strings.HasPrefix(status, "You win: "), status)
	case g.Outcome.Winner == "red":
		assert.True(t, strings.HasPrefix(status, "You lose: "), status)
	}
	assert.Contains(t, tb.text("#announce"), strings.SplitN(status, ": ", 2)[0])
	assert.Equal(t, g.Ply, evalIn[int](tb, `document.querySelectorAll("#moves .mv").length`), "every move is in the list")
	tb.shot("ai-blue-end")
	tb.axeCheck("finished AI game")

	// Reload: the game comes back from the URL and the kept seat.
	tb.open("/?game=" + g.ID)
	tb.poll(`document.body.dataset.over === "1"`)
	assert.Equal(t, status, tb.status())
}

// pickMove plays like a beginner: a capture if there is one, else any move.
func pickMove(p *dsq.Position, rng *rand.Rand) dsq.Move {
	moves := p.LegalMoves()
	var captures []dsq.Move
	for _, m := range moves {
		if p.PieceAt(m.To()) != dsq.NoPiece {
			captures = append(captures, m)
		}
	}
	if len(captures) > 0 {
		return captures[rng.IntN(len(captures))]
	}
	return moves[rng.IntN(len(moves))]
}

// shareLinks returns an online game's invitation and watch links as the
// creator's page shows them, as paths to open in another tab.
func shareLinks(t *testing.T, tb *tab) (invite, watch string) {
	t.Helper()
	tb.poll(`!document.getElementById("invite-box").hidden && document.getElementById("invite-link").value !== ""`)
	invite = evalIn[string](tb, `document.getElementById("invite-link").value`)
	watch = evalIn[string](tb, `document.getElementById("watch-link").value`)
	require.Regexp(t, `/\?game=[0-9a-f]{32}#invite=[0-9a-f]{32}$`, invite)
	require.Regexp(t, `/\?game=[0-9a-f]{32}$`, watch)
	require.True(t, strings.HasPrefix(invite, watch+"#"), "both links name the same game")
	return invite[strings.Index(invite, "/?game="):], watch[strings.Index(watch, "/?game="):]
}

// browseOnline: Red creates an online game and sees both links; a watcher
// opening the watch link cannot take the seat; Blue opens the invitation
// in another browser and joins, and the invitation leaves Blue's address
// bar; the moves arrive live at Blue and at the watcher; Red offers a draw
// and Blue accepts. A reload gives the creator the invitation again.
func browseOnline(t *testing.T, red, blue, watcher *tab) {
	red.open("/")
	red.startGame("online", "red")
	red.poll(`!document.getElementById("share").hidden`)
	assert.Equal(t, "Waiting for an opponent", red.status())
	invite, watch := shareLinks(t, red)
	assert.Equal(t, "Invite a player", red.text("#invite-label"))
	assert.Equal(t, "Watch link", red.text("#watch-label"))
	assert.True(t, red.onScreen("#invite-link"), "the invitation is on screen with the board")
	red.shot("online-links")
	red.axeCheck("online game with its invitation and watch links")

	// After a reload the creator gets the same invitation from the server.
	red.open(watch)
	again, _ := shareLinks(t, red)
	assert.Equal(t, invite, again, "the invitation comes back after a reload")

	watcher.open(watch)
	watcher.poll(`document.getElementById("status").textContent.length > 0 && document.body.dataset.ply === "0"`)
	assert.Equal(t, "Waiting for a second player · You are watching this game", watcher.status())
	assert.True(t, evalIn[bool](watcher, `document.getElementById("join").hidden`), "a watcher has no Join button")
	assert.True(t, evalIn[bool](watcher, `document.getElementById("share").hidden`))

	// A made-up invitation shows Join, but the server refuses it.
	watcher.open(watch + "#invite=" + strings.Repeat("0", 32))
	watcher.poll(`!document.getElementById("join").hidden`)
	watcher.click("#join")
	watcher.poll(`document.getElementById("message").textContent.length > 0`)
	assert.Equal(t, "This invitation is not valid. Ask for a new link.", watcher.text("#message"))
	assert.True(t, evalIn[bool](watcher, `document.getElementById("join").hidden`))
	assert.Equal(t, "", evalIn[string](watcher, `location.hash`))

	blue.open(invite)
	blue.poll(`!document.getElementById("join").hidden`)
	assert.Equal(t, "A seat is free: press Join as Blue to play", blue.status())
	blue.click("#join")
	blue.poll(`document.getElementById("status").textContent === "Waiting for Red"`)
	assert.Equal(t, "", evalIn[string](blue, `location.hash`), "the invitation is gone from the address bar")
	assert.Equal(t, watch, evalIn[string](blue, `location.pathname + location.search`))
	assert.True(t, evalIn[bool](blue, `document.getElementById("invite-box").hidden`), "the joiner has no invitation to give")
	assert.True(t, evalIn[bool](blue, `document.getElementById("share").hidden`), "during play the address bar is the watch link")
	red.poll(`document.getElementById("share").hidden`)
	watcher.poll(`document.getElementById("status").textContent === "Red to move · You are watching this game"`)
	assert.True(t, evalIn[bool](watcher, `document.getElementById("join").hidden`))
	assert.Equal(t, "g1", evalIn[string](blue, `document.querySelector("#board .sq").dataset.sq`), "Blue sees its side at the bottom")
	red.poll(`document.getElementById("status").textContent === "Your move (Red)"`)

	red.move("a3", "a4")
	blue.poll(`document.body.dataset.ply === "1"`)
	assert.Contains(t, blue.label("a4"), "last move", "the move arrives live")
	assert.Equal(t, "Red elephant a3a4", blue.text("#announce"))
	watcher.poll(`document.body.dataset.ply === "1"`)
	assert.Contains(t, watcher.label("a4"), "last move", "the watcher follows the game")
	assert.True(t, evalIn[bool](watcher, `document.getElementById("join").hidden`))
	watcher.shot("online-watcher")
	blue.move("a7", "a6")
	red.poll(`document.body.dataset.ply === "2"`)
	assert.Contains(t, red.label("a6"), "last move")

	red.click("#offer")
	red.poll(`document.getElementById("draw-note").textContent === "You offered a draw"`)
	blue.poll(`!document.getElementById("accept").hidden`)
	assert.Equal(t, "Red offers a draw", blue.text("#draw-note"))
	blue.shotOf("body", "online-draw-offer")
	blue.axeCheck("online game with a draw offer")
	blue.click("#accept")
	blue.poll(`document.body.dataset.over === "1"`)
	red.poll(`document.body.dataset.over === "1"`)
	assert.Equal(t, "Draw agreed", blue.status())
	assert.Equal(t, "Draw agreed", red.status())
	red.shot("online-draw-red")

	// A game created as Blue: whoever opens the invitation joins as Red;
	// opened again later, the used invitation only lets one watch.
	blue.open("/")
	blue.startGame("online", "blue")
	blue.poll(`!document.getElementById("share").hidden`)
	assert.Equal(t, "Waiting for an opponent", blue.status())
	invite, _ = shareLinks(t, blue)
	red.open(invite)
	red.poll(`!document.getElementById("join").hidden`)
	assert.Equal(t, "Join as Red", red.text("#join"))
	assert.Equal(t, "A seat is free: press Join as Red to play", red.status())
	red.click("#join")
	red.poll(`document.getElementById("status").textContent === "Your move (Red)"`)
	blue.poll(`document.getElementById("status").textContent === "Waiting for Red"`)
	watcher.open(invite)
	watcher.poll(`document.getElementById("message").textContent.length > 0`)
	assert.Equal(t, "Someone else has taken the seat already; you can watch the game.", watcher.text("#message"))
	assert.True(t, evalIn[bool](watcher, `document.getElementById("join").hidden`))
	assert.Equal(t, "", evalIn[string](watcher, `location.hash`))
}

// browseErrors: a game that does not exist, and the rules one tap away.
func browseErrors(t *testing.T, tb *tab) {
	tb.open("/?game=" + strings.Repeat("0", 32))
	tb.poll(`document.getElementById("message").textContent.length > 0`)
	assert.Equal(t, "This game does not exist (any more). Start a new one.", tb.text("#message"))
	tb.click("#rules-open")
	tb.poll(`document.getElementById("rules").open`)
	assert.Equal(t, 8, evalIn[int](tb, `document.querySelectorAll("#rank-list li").length`))
	assert.Equal(t, "rat 1", tb.text("#rank-list li:first-child"))
	assert.Equal(t, "elephant 8", tb.text("#rank-list li:last-child"))
	tb.shot("rules")
	tb.axeCheck("rules dialog")
	tb.click("#rules-close")
	tb.poll(`!document.getElementById("rules").open`)
}

// browseStats: the statistics page counts the finished games.
func browseStats(t *testing.T, tb *tab, finished int) {
	tb.open("/stats")
	tb.poll(`!!document.querySelector("#stats .stats-overall")`)
	if finished == 0 { // run alone: nothing played yet
		assert.Contains(t, tb.text("#stats .stats-overall"), "No finished games yet.")
		return
	}
	games := evalIn[string](tb, `document.querySelector("#stats .stats-overall tr td").textContent`)
	n, err := strconv.Atoi(games)
	require.NoError(t, err, games)
	assert.GreaterOrEqual(t, n, finished)
	assert.Contains(t, tb.text("#stats"), "How games ended")
	assert.NotContains(t, tb.text("#stats"), "First player wins", "every game here starts with Red: the line would repeat Red's wins")
	tb.shot("stats")
	tb.axeCheck("statistics")
}

// browseLearn: the learn overlay on an analysis board shows terrain by
// side, the blocked jump with its path and rat, and the refusal's reason on
// hover (title) and on tap.
func browseLearn(t *testing.T, tb *tab) {
	tb.open("/?position=" + strings.ReplaceAll(blockedJump, " ", "%20"))
	tb.poll(`document.getElementById("learn").checked && !document.getElementById("explain").hidden`)
	tb.fitsScreen()
	tb.checkTerrain("red")
	tb.click(tb.sq("d5"))
	tb.poll(fmt.Sprintf(`!!document.querySelector(%q)`, tb.sq("a5")+".refused"))
	assert.Equal(t, dsq.RefusalJumpBlocked.String(), evalIn[string](tb, fmt.Sprintf(`document.querySelector(%q).title`, tb.sq("a5"))))
	assert.True(t, evalIn[bool](tb, fmt.Sprintf(`document.querySelector(%q).classList.contains("blocker")`, tb.sq("b5"))))
	assert.Greater(t, countColor(tb.element(tb.sq("b5")), rgb(0x8b0000)), 20, "the blocking rat is outlined")
	assert.Contains(t, tb.text("#explain"), "blocked by the rat on b5")
	assert.Contains(t, tb.text("#explain"), "open")
	tb.click(tb.sq("a5"))
	tb.poll(`document.getElementById("message").textContent.length > 0`)
	assert.Equal(t, "Not allowed: "+dsq.RefusalJumpBlocked.String(), tb.text("#message"))
	tb.shot("learn-blocked-jump")
	tb.axeCheck("learn overlay")

	// Two den threats Blue cannot both meet; the attackers of a piece.
	tb.open("/?position=" + strings.ReplaceAll("1rL1T2/7/7/7/7/7/7/7/7 b 0 1", " ", "%20"))
	tb.poll(`document.getElementById("explain").textContent.includes("Den threats")`)
	assert.Contains(t, tb.text("#explain"), "Red threatens to enter the den: e9d9, c9d9")
	assert.Contains(t, tb.text("#explain"), "Blue cannot meet every threat.")
	assert.Contains(t, tb.label("c9"), "threatens to enter the den")
	assert.Contains(t, tb.label("e9"), "threatens to enter the den")
	tb.click(tb.sq("c9"))
	tb.poll(`document.getElementById("explain").textContent.includes("Attacked by: b9")`)
	assert.Contains(t, tb.label("b9"), "attacks the selected piece")
	assert.Contains(t, tb.text("#explain"), "blue trap c9: the lion in it can be taken by b9")
	tb.shot("learn-den-threats")
}

// browseLessons: a lesson's answer is revealed with its reason and the rules
// engine's verdict.
func browseLessons(t *testing.T, tb *tab) {
	tb.open("/lessons")
	n := evalIn[int](tb, `document.querySelectorAll("#lessons .lesson").length`)
	assert.GreaterOrEqual(t, n, 8)
	first := "#lessons .lesson:first-child"
	assert.True(t, evalIn[bool](tb, `document.querySelector("#lessons .lesson .answer").hidden`), "the answer starts hidden")
	tb.click(first + " .reveal")
	tb.poll(`document.querySelector("#lessons .lesson .engine").textContent.includes("refused")`)
	assert.Contains(t, tb.text(first+" .answer"), "No.")
	assert.Contains(t, tb.text(first+" .engine"), "d5a5 is refused: "+dsq.RefusalJumpBlocked.String())
	assert.Equal(t, "true", evalIn[string](tb, `document.querySelector("#lessons .lesson .reveal").getAttribute("aria-expanded")`))
	tb.shot("lessons")
	tb.shotOf(first, "lesson-revealed")
	tb.axeCheck("lessons")
}

// browseGerman: the browser's language picks German; rule reasons come in
// German; the switch changes to Spanish and the choice survives a reload.
func browseGerman(t *testing.T, tb *tab) {
	tb.open("/lessons")
	tb.poll(`document.documentElement.lang === "de"`)
	assert.Equal(t, "Stellungsanalysen", tb.text("#lessons-view h2"))
	assert.Equal(t, "Lektionen", tb.text("#nav-lessons"))
	tb.open("/?position=" + strings.ReplaceAll(blockedJump, " ", "%20"))
	tb.click(tb.sq("d5"))
	tb.poll(fmt.Sprintf(`!!document.querySelector(%q)`, tb.sq("a5")+".refused"))
	tb.click(tb.sq("a5"))
	tb.poll(`document.getElementById("message").textContent.length > 0`)
	assert.Equal(t, "Nicht erlaubt: eine Ratte im Wasser sperrt den Sprung", tb.text("#message"))
	assert.Contains(t, tb.label("d5"), "roter Löwe, d5")
	tb.shot("german")
	tb.axeCheck("german page")
	tb.do(chromedp.SetValue(chromedp.CSS("#lang"), "es"))
	tb.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("lang").dispatchEvent(new Event("change"))`))
	tb.poll(`document.getElementById("nav-play").textContent === "Jugar"`)
	tb.open("/lessons")
	tb.poll(`document.documentElement.lang === "es"`)
	assert.Equal(t, "Análisis de posiciones", tb.text("#lessons-view h2"))
}
