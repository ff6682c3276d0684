package web_test

import (
	"io/fs"
	"regexp"
	"strings"
	"testing"

	"github.com/doushouqi/doushouqi/site/web"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// translations reads the strings of one language from i18n.js.
func translations(t *testing.T, lang string) map[string]string {
	t.Helper()
	data, err := fs.ReadFile(web.Static, "i18n.js")
	require.NoError(t, err)
	src := string(data)
	start := strings.Index(src, "\n  "+lang+": {")
	require.GreaterOrEqual(t, start, 0, lang)
	end := strings.Index(src[start:], "\n  },")
	require.Greater(t, end, 0, lang)
	out := map[string]string{}
	pair := regexp.MustCompile(`"([a-zA-Z0-9_.\- ]+)":\s*"([^"]*)"`)
	for _, m := range pair.FindAllStringSubmatch(src[start:start+end], -1) {
		out[m[1]] = m[2]
	}
	return out
}

// TestGenderedPieceNames holds every piece's name to its language's
// grammar: the noun's gender picks the article and the adjective's ending
// (German: roter Hund, rote Ratte, den roten Löwen; Spanish: rata roja,
// gato rojo, al perro rojo), and German nouns keep their capital.
func TestGenderedPieceNames(t *testing.T) {
	want := map[string]map[string][]string{
		// animal: label red, label blue, subject "the red ...", object "the red ...", the, an
		"de": {
			"rat":      {"rote Ratte", "blaue Ratte", "die rote Ratte", "die rote Ratte", "die Ratte", "eine Ratte"},
			"cat":      {"rote Katze", "blaue Katze", "die rote Katze", "die rote Katze", "die Katze", "eine Katze"},
			"dog":      {"roter Hund", "blauer Hund", "der rote Hund", "den roten Hund", "der Hund", "ein Hund"},
			"wolf":     {"roter Wolf", "blauer Wolf", "der rote Wolf", "den roten Wolf", "der Wolf", "ein Wolf"},
			"leopard":  {"roter Leopard", "blauer Leopard", "der rote Leopard", "den roten Leoparden", "der Leopard", "ein Leopard"},
			"tiger":    {"roter Tiger", "blauer Tiger", "der rote Tiger", "den roten Tiger", "der Tiger", "ein Tiger"},
			"lion":     {"roter Löwe", "blauer Löwe", "der rote Löwe", "den roten Löwen", "der Löwe", "ein Löwe"},
			"elephant": {"roter Elefant", "blauer Elefant", "der rote Elefant", "den roten Elefanten", "der Elefant", "ein Elefant"},
		},
		"es": {
			"rat":      {"rata roja", "rata azul", "la rata roja", "a la rata roja", "la rata", "una rata"},
			"cat":      {"gato rojo", "gato azul", "el gato rojo", "al gato rojo", "el gato", "un gato"},
			"dog":      {"perro rojo", "perro azul", "el perro rojo", "al perro rojo", "el perro", "un perro"},
			"wolf":     {"lobo rojo", "lobo azul", "el lobo rojo", "al lobo rojo", "el lobo", "un lobo"},
			"leopard":  {"leopardo rojo", "leopardo azul", "el leopardo rojo", "al leopardo rojo", "el leopardo", "un leopardo"},
			"tiger":    {"tigre rojo", "tigre azul", "el tigre rojo", "al tigre rojo", "el tigre", "un tigre"},
			"lion":     {"león rojo", "león azul", "el león rojo", "al león rojo", "el león", "un león"},
			"elephant": {"elefante rojo", "elefante azul", "el elefante rojo", "al elefante rojo", "el elefante", "un elefante"},
		},
		"en": {
			"rat":      {"red rat", "blue rat", "the red rat", "the red rat", "the rat", "a rat"},
			"elephant": {"red elephant", "blue elephant", "the red elephant", "the red elephant", "the elephant", "an elephant"},
		},
	}
	for lang, animals := range want {
		tr := translations(t, lang)
		for animal, forms := range animals {
			keys := []string{"pc.red.", "pc.blue.", "pc.def.red.", "pc.obj.red.", "the.", "an."}
			for i, k := range keys {
				assert.Equal(t, forms[i], tr[k+animal], "%s %s%s", lang, k, animal)
			}
		}
	}
	// No template puts a colour word next to an animal word by itself: the
	// gendered phrases above are the only way a piece is named.
	for _, lang := range []string{"en", "de", "es"} {
		for k, v := range translations(t, lang) {
			assert.False(t, strings.Contains(v, "{color} {animal}") || strings.Contains(v, "{animal} {color}") || strings.Contains(v, "{animal} ({color})"),
				"%s %s builds a name word by word: %q", lang, k, v)
		}
	}
}
