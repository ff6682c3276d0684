package doushouqi_test

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
)

// badTagValues are values no path may put into a game's tags: each is not
// one line of printable text.
var badTagValues = map[string]string{
	"NUL":                     "a\x00b",
	"ESC (a terminal escape)": "\x1b[31mred",
	"tab":                     "a\tb",
	"newline":                 "line one\nline two",
	"carriage return":         "a\rb",
	"DEL":                     "a\x7fb",
	"C1 control":              "a\u0085b",
	"line separator":          "a\u2028b",
	"paragraph separator":     "a\u2029b",
	"right-to-left override":  "alice\u202egpj.exe",
	"left-to-right isolate":   "a\u2066b",
	"pop directional isolate": "a\u2069b",
}

// TestTagValuesRefused checks that SetTag, ParseRecord and ParseRecordJSON
// all refuse the same values, with an error wrapping ErrTag, and that no
// path turns invalid UTF-8 into U+FFFD.
func TestTagValuesRefused(t *testing.T) {
	for what, value := range badTagValues {
		t.Run(what, func(t *testing.T) {
			g := dsq.NewGame()
			require.NoError(t, g.SetTag("Event", "kept"))
			err := g.SetTag("Event", value)
			assert.ErrorIs(t, err, dsq.ErrTag, "SetTag")
			assert.NotContains(t, err.Error(), value, "the message quotes the value escaped")
			v, _ := g.Tag("Event")
			assert.Equal(t, "kept", v, "a refused value changes nothing")
			assert.ErrorIs(t, g.SetTag("Red", value), dsq.ErrTag)
			_, set := g.Tag("Red")
			assert.False(t, set)

			record := "[Event " + strconv.Quote(value) + "]\n\n*\n"
			_, err = dsq.ParseRecord(record)
			assert.ErrorIs(t, err, dsq.ErrTag, "ParseRecord(%q)", record)
			assert.ErrorIs(t, err, dsq.ErrRecord)
			var re *dsq.RecordError
			require.ErrorAs(t, err, &re)
			assert.Equal(t, 1, re.Line)

			data, err := json.Marshal(map[string]any{"tags": map[string]string{"Event": value}, "moves": []string{}, "result": "*"})
			require.NoError(t, err)
			_, err = dsq.ParseRecordJSON(data)
			assert.ErrorIs(t, err, dsq.ErrTag, "ParseRecordJSON(%s)", data)
			var back dsq.Game
			assert.ErrorIs(t, json.Unmarshal(data, &back), dsq.ErrTag)
		})
	}
}

// TestTagValuesAccepted: printable text of any script survives the text
// record and JSON unchanged, joiners and right-to-left marks included.
func TestTagValuesAccepted(t *testing.T) {
	for _, value := range []string{"", "alice", "Ålice 中文 🐘", "👩\u200d👩\u200d👧", "\u200fمرحبا", `"quoted" \ [x] {y} ;z`, strings.Repeat("x", 1000)} {
		g := dsq.NewGame()
		require.NoError(t, g.SetTag("Event", value), "SetTag(%q)", value)
		fromText, err := dsq.ParseRecord(g.Record())
		require.NoError(t, err)
		v, _ := fromText.Tag("Event")
		assert.Equal(t, value, v)
		data, err := json.Marshal(g)
		require.NoError(t, err)
		fromJSON, err := dsq.ParseRecordJSON(data)
		require.NoError(t, err)
		v, _ = fromJSON.Tag("Event")
		assert.Equal(t, value, v)
	}
}

// TestTagsSurvive: every tag SetTag accepts comes back from the text record
// and from JSON; a tag a record cannot hold is refused when set.
func TestTagsSurvive(t *testing.T) {
	g := dsq.NewGame()
	tags := map[string]string{
		"Event":     `club "night"`,
		"Site":      "line one, line two",
		"Red":       "Ålice 中文 🐘 👩\u200d👩\u200d👧 \u200fمرحبا",
		"Blue":      "",
		"Zeta_9":    `back\slash`,
		"Annotator": "'quotes' and [brackets] {braces} ; semicolon",
	}
	for name, value := range tags {
		require.NoError(t, g.SetTag(name, value))
	}
	playAll(t, g, "a3a4")
	fromText, err := dsq.ParseRecord(g.Record())
	require.NoError(t, err, g.Record())
	assert.Equal(t, tags, fromText.Tags())
	data, err := json.Marshal(g)
	require.NoError(t, err)
	fromJSON, err := dsq.ParseRecordJSON(data)
	require.NoError(t, err)
	assert.Equal(t, tags, fromJSON.Tags())

	for _, name := range []string{"", "two words", "Result", "Start", "Rules", "bracket]", strings.Repeat("x", 65), "é"} {
		err := g.SetTag(name, "x")
		assert.ErrorIs(t, err, dsq.ErrTag, "SetTag(%q)", name)
		_, set := g.Tag(name)
		assert.False(t, set, "SetTag(%q) changed nothing", name)
	}
	assert.ErrorIs(t, g.SetTag("Event", "\xff not UTF-8"), dsq.ErrTag)
	v, _ := g.Tag("Event")
	assert.Equal(t, tags["Event"], v, "a refused value changes nothing")

	g.DeleteTag("Event")
	_, ok := g.Tag("Event")
	assert.False(t, ok)
	tagsCopy := g.Tags()
	tagsCopy["Site"] = "changed"
	v, _ = g.Tag("Site")
	assert.Equal(t, tags["Site"], v, "Tags returns a copy")
}

// TestReservedTagNamesAreRefusedInAnyCase: a reserved name in another case
// ("result", "START") is refused by SetTag, ParseRecord and
// ParseRecordJSON alike, rather than written next to the real one.
func TestReservedTagNamesAreRefusedInAnyCase(t *testing.T) {
	for _, name := range []string{"result", "START", "Drawoffer", "rULES"} {
		t.Run(name, func(t *testing.T) {
			g := dsq.NewGame()
			assert.ErrorIs(t, g.SetTag(name, "x"), dsq.ErrTag)
			assert.Nil(t, g.Tags(), "nothing changed")
			_, err := dsq.ParseRecord("[" + name + " \"x\"]\n\n*\n")
			assert.ErrorIs(t, err, dsq.ErrTag)
			_, err = dsq.ParseRecordJSON([]byte(`{"tags":{"` + name + `":"x"},"moves":[],"result":"*"}`))
			assert.ErrorIs(t, err, dsq.ErrTag)
		})
	}
	g := dsq.NewGame()
	require.NoError(t, g.SetTag("Resultant", "x"), "a name that only starts like one is a tag")
}
