package web_test

import (
	"io/fs"
	"regexp"
	"strings"
	"testing"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/site/web"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTranslationsComplete: German and Spanish have every English string,
// every rule code of the API has a reason, and every way the library
// ends a game a text, in each language.
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
	for k := range keys["en"] {
		assert.True(t, keys["de"][k], "German lacks %q", k)
		assert.True(t, keys["es"][k], "Spanish lacks %q", k)
	}
	for _, lang := range []string{"de", "es"} {
		for k := range keys[lang] {
			assert.True(t, keys["en"][k], "%s has %q, English does not", lang, k)
		}
	}
	for _, code := range []string{"game-over", "empty-square", "not-your-piece", "not-a-step", "own-den", "water",
		"jump-blocked", "own-piece", "water-land-capture", "trapped-attacker", "elephant-rat", "rank-too-low"} {
		assert.True(t, keys["en"]["code."+code], "no reason for %s", code)
	}
	// Every way the library ends a game, by its own word (the API's).
	n := 0
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
