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

// TestRecordRefusesInvalidUTF8: a record with bytes that are not UTF-8 is
// refused, naming the line, rather than read with U+FFFD in their place.
func TestRecordRefusesInvalidUTF8(t *testing.T) {
	for _, c := range []struct {
		record string
		line   int
	}{
		{"[Event \"caf\xe9\"]\n\n*\n", 1},
		{"[Event \"x\"]\n[Red \"\xff\xfe\"]\n\n*\n", 2},
		{"[Event \"x\"]\n\n1. a3a4 {caf\xe9} *\n", 3},
		{"\xef\xbb[Event \"x\"]\n\n*\n", 1}, // a byte-order mark cut short
	} {
		_, err := dsq.ParseRecord(c.record)
		require.Error(t, err, "ParseRecord(%q)", c.record)
		assert.ErrorIs(t, err, dsq.ErrRecord)
		assert.Contains(t, err.Error(), "UTF-8")
		var re *dsq.RecordError
		require.ErrorAs(t, err, &re)
		assert.Equal(t, c.line, re.Line, "ParseRecord(%q)", c.record)
	}
	_, err := dsq.ParseRecordJSON([]byte("{\"tags\":{\"Event\":\"caf\xe9\"},\"moves\":[],\"result\":\"*\"}"))
	assert.ErrorIs(t, err, dsq.ErrRecord)
	assert.Contains(t, err.Error(), "UTF-8")
	// JSON's escapes of invalid UTF-8: surrogates that are not a pair.
	for _, value := range []string{`\ud800`, `x\uDBFFy`, `\udc00`, `\ud800\u0041`, `\ud83d`} {
		data := `{"tags":{"Event":"` + value + `"},"moves":[],"result":"*"}`
		_, err := dsq.ParseRecordJSON([]byte(data))
		assert.ErrorIs(t, err, dsq.ErrRecord, data)
		assert.Contains(t, err.Error(), "UTF-8", data)
	}
	// A pair, and escaped backslashes before a u, are text.
	for value, want := range map[string]string{`\ud83d\udc18`: "🐘", `\\ud800`: `\ud800`, `\\\u00e9`: `\é`} {
		data := `{"tags":{"Event":"` + value + `"},"moves":[],"result":"*"}`
		g, err := dsq.ParseRecordJSON([]byte(data))
		require.NoError(t, err, data)
		v, _ := g.Tag("Event")
		assert.Equal(t, want, v, data)
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

// TestByteOrderMarkSkipped: a leading U+FEFF, as some editors write at the
// start of a file, is skipped by the readers of records and positions.
func TestByteOrderMarkSkipped(t *testing.T) {
	const bom = "\uFEFF"
	g := dsq.NewGame()
	require.NoError(t, g.SetTag("Event", "bom"))
	playAll(t, g, "a3a4", "a7a6")
	loaded, err := dsq.ParseRecord(bom + g.Record())
	require.NoError(t, err)
	requireSameGame(t, g, loaded)
	data, err := json.Marshal(g)
	require.NoError(t, err)
	loaded, err = dsq.ParseRecordJSON(append([]byte(bom), data...))
	require.NoError(t, err)
	requireSameGame(t, g, loaded)

	pos, err := dsq.ParsePosition(bom + dsq.StartNotation)
	require.NoError(t, err)
	assert.Equal(t, dsq.StartPosition(), pos)
	var p dsq.Position
	require.NoError(t, p.UnmarshalText([]byte(bom+dsq.StartNotation)))
	assert.Equal(t, dsq.StartPosition(), p)

	_, err = dsq.ParsePosition(dsq.StartNotation[:10] + bom + dsq.StartNotation[10:])
	assert.ErrorIs(t, err, dsq.ErrLetter, "only a leading mark is skipped")
	_, err = dsq.ParseRecord(bom + bom + g.Record())
	assert.Error(t, err, "one mark is skipped, not two")
}
