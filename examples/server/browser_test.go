package main

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	dsq "github.com/doushouqi/doushouqi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// blockedJump is Red's lion on d5 with a blue rat on b5 in the river.
const blockedJump = "l5t/7/7/7/1r1L3/7/7/7/T6 r 0 1"

func TestBrowser(t *testing.T) {
	b := newBrowser(t, newSite(t))
	for _, size := range screens {
		t.Run(size.name, func(t *testing.T) {
			t.Run("learn", func(t *testing.T) { browseLearn(t, b.tab(t, size, "")) })
			t.Run("lessons", func(t *testing.T) { browseLessons(t, b.tab(t, size, "")) })
			t.Run("german", func(t *testing.T) { browseGerman(t, b.tab(t, size, "de-DE,de;q=0.9")) })
		})
	}
}

// browseLearn: the learn overlay on an analysis board shows terrain by
// side, the blocked jump with its path and rat, and the refusal's reason on
// hover (title) and on tap.
func browseLearn(t *testing.T, tb *tab) {
	tb.open("/?position=" + strings.ReplaceAll(blockedJump, " ", "%20"))
	tb.poll(`document.getElementById("learn").checked && !document.getElementById("legend").hidden`)
	tb.fitsScreen()
	tb.checkTerrain("red")
	tb.click(tb.sq("d5"))
	tb.poll(fmt.Sprintf(`!!document.querySelector(%q)`, tb.sq("a5")+".refused"))
	assert.Equal(t, "a rat in the water blocks the jump", evalIn[string](tb, fmt.Sprintf(`document.querySelector(%q).title`, tb.sq("a5"))))
	assert.True(t, evalIn[bool](tb, fmt.Sprintf(`document.querySelector(%q).classList.contains("blocker")`, tb.sq("b5"))))
	assert.Greater(t, countColor(tb.element(tb.sq("b5")), rgb(0x8b0000)), 20, "the blocking rat is outlined")
	assert.Contains(t, tb.text("#explain"), "blocked by the rat on b5")
	assert.Contains(t, tb.text("#explain"), "open")
	tb.click(tb.sq("a5"))
	tb.poll(`document.getElementById("message").textContent.length > 0`)
	assert.Equal(t, "Not allowed: a rat in the water blocks the jump", tb.text("#message"))
	tb.shot("learn-blocked-jump")
	tb.axeCheck("learn overlay")
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
	assert.Contains(t, tb.text(first+" .engine"), "d5a5 is refused: a rat in the water blocks the jump")
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
	assert.Contains(t, evalIn[string](tb, fmt.Sprintf(`document.querySelector(%q).getAttribute("aria-label")`, tb.sq("d5"))), "Löwe (rot), d5")
	tb.shot("german")
	tb.axeCheck("german page")
	tb.do(chromedp.SetValue(chromedp.CSS("#lang"), "es"))
	tb.do(chromedp.Evaluate[chromedp.Void](`document.getElementById("lang").dispatchEvent(new Event("change"))`))
	tb.poll(`document.getElementById("nav-play").textContent === "Jugar"`)
	tb.open("/lessons")
	tb.poll(`document.documentElement.lang === "es"`)
	assert.Equal(t, "Análisis de posiciones", tb.text("#lessons-view h2"))
}

var _ = kb.ArrowUp
var _ = rand.New
var _ = dsq.StartPosition
var _ = require.NoError
