package web_test

import (
	"fmt"
	"io/fs"
	"regexp"
	"strings"
	"testing"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/site/games"
	"github.com/doushouqi/doushouqi/site/web"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTranslationsComplete: German and Spanish have every English string,
// every rule that refuses a move (the library's list) a German and a
// Spanish sentence, and every way the library ends a game a text, in
// each language. A refusal's English sentence is the library's, served in
// rules.js: i18n.js does not restate it.
func TestTranslationsComplete(t *testing.T) {
	data, err := fs.ReadFile(web.Static, "i18n.js")
	require.NoError(t, err)
	src := string(data)
	key := regexp.MustCompile(`"([a-zA-Z0-9_.\- ]+)":\s*"`)
	keys := map[string]map[string]bool{}
	for _, lang := range []string{"en", "de", "es"} {
		start := strings.Index(src, "\n  "+lang+": {")
		require.GreaterOrEqual(t, start, 0, lang)
		end := strings.Index(src[start:], "\n  },")
		require.Greater(t, end, 0, lang)
		keys[lang] = map[string]bool{}
		for _, m := range key.FindAllStringSubmatch(src[start:start+end], -1) {
			keys[lang][m[1]] = true
		}
	}
	require.Greater(t, len(keys["en"]), 100)
	refusals := map[string]bool{} // "code.water": a key whose English is the library's
	n := 0
	for r := range dsq.Refusals() {
		key := "code." + r.Code()
		refusals[key] = true
		assert.False(t, keys["en"][key], "i18n.js restates the library's English for %s", r.Code())
		assert.True(t, keys["de"][key], "German lacks the rule %s (%q)", r.Code(), r)
		assert.True(t, keys["es"][key], "Spanish lacks the rule %s (%q)", r.Code(), r)
		n++
	}
	require.Equal(t, 13, n, "the library's list of refusals was read")
	for k := range keys["en"] {
		assert.True(t, keys["de"][k], "German lacks %q", k)
		assert.True(t, keys["es"][k], "Spanish lacks %q", k)
	}
	for _, lang := range []string{"de", "es"} {
		for k := range keys[lang] {
			if strings.HasPrefix(k, "code.") && k != "code.illegal-move" {
				assert.True(t, refusals[k], "%s translates %q, which is no rule of the library's", lang, k)
				continue
			}
			assert.True(t, keys["en"][k], "%s has %q, English does not", lang, k)
		}
	}
	// Every way the library ends a game, by its own word (the API's).
	n = 0
	for r := dsq.DenEntered; ; r++ {
		word, err := r.MarshalText()
		if err != nil {
			break
		}
		assert.True(t, keys["en"]["reason."+string(word)], "no text for the outcome %q", word)
		n++
	}
	assert.GreaterOrEqual(t, n, 7)
}

// TestLevelCardsAreTheServers: each AI level's card says in English what
// the server says of it (GET /api/levels' about, games.Levels): the page
// translates the server's words, it keeps no other account of the levels.
func TestLevelCardsAreTheServers(t *testing.T) {
	en := translations(t, "en")
	for _, l := range games.Levels {
		key := fmt.Sprintf("level.about.%d", l.Number)
		assert.Equal(t, l.About, en[key], key)
	}
	_, extra := en[fmt.Sprintf("level.about.%d", len(games.Levels)+1)]
	assert.False(t, extra, "a card for a level the server does not have")
}
