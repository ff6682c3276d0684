package doushouqi_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
)

// requireRecordError checks that err is a *RecordError (errors.Is
// ErrRecord) and returns it.
func requireRecordError(t *testing.T, err error, what string) *dsq.RecordError {
	t.Helper()
	require.Error(t, err, what)
	assert.ErrorIs(t, err, dsq.ErrRecord, what)
	var re *dsq.RecordError
	require.True(t, errors.As(err, &re), "%s: %T is not a *RecordError", what, err)
	assert.True(t, strings.HasPrefix(err.Error(), "doushouqi: "), err.Error())
	return re
}

// endedGames are games that end each way, for the truncation tests.
func endedGames(t *testing.T) map[string]*dsq.Game {
	t.Helper()
	games := map[string]*dsq.Game{}
	resigned := randomGame(t, 11, 20)
	require.NoError(t, resigned.Resign(dsq.Red))
	games["resigned"] = resigned
	agreed := randomGame(t, 12, 21)
	require.NoError(t, agreed.OfferDraw(dsq.Blue))
	require.NoError(t, agreed.AcceptDraw(dsq.Red))
	games["agreed"] = agreed
	for seed := uint64(0); ; seed++ {
		if g := randomGame(t, seed, 400); g.IsOver() {
			games["by the rules"] = g
			break
		}
	}
	games["going on"] = randomGame(t, 13, 12)
	return games
}

// TestRecordCutShortIsRefused cuts each record after every byte: no prefix
// loads (but the whole record, with or without its final newline), so a
// record cut at a move boundary is never read as a shorter game.
func TestRecordCutShortIsRefused(t *testing.T) {
	for name, g := range endedGames(t) {
		t.Run(name, func(t *testing.T) {
			text := g.Record()
			for n := range len(text) - 1 {
				loaded, err := dsq.ParseRecord(text[:n])
				requireRecordError(t, err, name+": "+text[:n])
				require.Nil(t, loaded)
			}
			loaded, err := dsq.ParseRecord(strings.TrimSuffix(text, "\n"))
			require.NoError(t, err)
			requireSameGame(t, g, loaded)

			data, err := json.Marshal(g)
			require.NoError(t, err)
			for n := range len(data) {
				loaded, err := dsq.ParseRecordJSON(data[:n])
				requireRecordError(t, err, name+": "+string(data[:n]))
				require.Nil(t, loaded)
			}
			loaded, err = dsq.ParseRecordJSON(data)
			require.NoError(t, err)
			requireSameGame(t, g, loaded)
		})
	}
}

// TestRecordResults: the result token ends the moves and agrees with the
// Result tag and the moves; "*" is refused for a game that is over.
func TestRecordResults(t *testing.T) {
	den := "[Start \"7/3D3/7/7/7/7/7/7/l6 r 0 1\"]\n"
	cases := []struct {
		name, text string
		want       string // the outcome, or "" for an error
		line       int    // the line the error names
	}{
		{"resigned", "[Result \"blue wins: resignation\"]\n\n1. a3a4 0-1\n", "blue wins: resignation", 0},
		{"token alone says resigned", "1. a3a4 1-0\n", "red wins: resignation", 0},
		{"token alone says agreed", "1. a3a4 1/2-1/2\n", "draw: agreed", 0},
		{"going on", "[Result \"*\"]\n\n1. a3a4 *\n", "undecided", 0},
		{"no moves", "[Result \"*\"]\n\n*\n", "undecided", 0},
		{"den", den + "[Result \"red wins: den entered\"]\n\n1. d8d9 1-0\n", "red wins: den entered", 0},
		{"den, token alone", den + "\n1. d8d9 1-0\n", "red wins: den entered", 0},
		{"resignation erased by *", "[Result \"*\"]\n\n1. a3a4 0-1\n", "", 3},
		{"star for a decided game", den + "[Result \"*\"]\n\n1. d8d9 *\n", "", 2},
		{"star token for a decided game", den + "\n1. d8d9 *\n", "", 3},
		{"token disagrees with the tag", "[Result \"blue wins: resignation\"]\n\n1. a3a4 1-0\n", "", 3},
		{"token disagrees with the moves", den + "\n1. d8d9 0-1\n", "", 3},
		{"no token", "[Result \"blue wins: resignation\"]\n\n1. a3a4\n", "", 3},
		{"nothing at all", "", "", 0},
		{"token before the end", "1. a3a4 1-0 a7a6\n", "", 1},
		{"two tokens", "1. a3a4 1-0 1-0\n", "", 1},
		{"bad start names its line", "[Event \"x\"]\n[Start \"7/7 r\"]\n\n*\n", "", 2},
		{"bad rules name their line", "[Event \"x\"]\n\n[Rules \"chess\"]\n\n*\n", "", 3},
		{"bad result names its line", "[Result \"red wins: checkmate\"]\n\n1. a3a4 1-0\n", "", 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g, err := dsq.ParseRecord(c.text)
			if c.want == "" {
				re := requireRecordError(t, err, c.text)
				assert.Nil(t, g)
				assert.Equal(t, c.line, re.Line, "the line named: %v", err)
				return
			}
			require.NoError(t, err, c.text)
			assert.Equal(t, c.want, g.Outcome().String())
			again, err := dsq.ParseRecord(g.Record())
			require.NoError(t, err, g.Record())
			requireSameGame(t, g, again)
		})
	}
}

// TestRecordMoveNumbers: numbers follow the position, and a "N..." number
// must be Blue's turn (the first move of a record from the start is Red's).
func TestRecordMoveNumbers(t *testing.T) {
	good := []string{
		"1. a3a4 a7a6 2. g3g4 *",
		"1.a3a4 a7a6 2.g3g4 *",                     // number glued to the move
		"1. a3a4 1... a7a6 2. g3g4 *",              // Blue's number repeated, as after a comment
		"1. a3a4 {a comment} 1... a7a6 *",          // a comment
		"1. a3a4 ; to the end of the line\na7a6 *", // a ; comment
		"{a comment\nover lines} 1. a3a4 *",        // a comment over lines
	}
	for _, text := range good {
		g, err := dsq.ParseRecord(text + "\n")
		require.NoError(t, err, text)
		assert.NotEmpty(t, g.Moves(), text)
	}
	blueFirst := "[Start \"l5t/1d3c1/r1p1w1e/7/7/E6/2W1P1R/1C3D1/T5L b 1 1\"]\n\n"
	_, err := dsq.ParseRecord(blueFirst + "1... a7a6 2. g3g4 *\n")
	require.NoError(t, err)

	bad := map[string]string{
		"1... a3a4 *":            "out of turn", // Red's move under Blue's number
		"1. a3a4 2... a7a6 *":    "out of turn",
		"2. a3a4 *":              "out of turn",
		"1. a3a4 a7a6 g3g4 *":    "without its number",
		"1. 1. a3a4 *":           "out of turn",
		"a3a4 *":                 "without its number",
		"1. a3a4 {unclosed *":    "not closed",
		"1. a3a4\n[Red \"x\"] *": "a tag after the moves",
		"1. *":                   "a move number without its move",
		"1. a3a4 a7a6 2. *":      "a move number without its move",
		"1. a3a4 1... *":         "a move number without its move",
	}
	for text, want := range bad {
		g, err := dsq.ParseRecord("[Result \"*\"]\n\n" + text + "\n")
		requireRecordError(t, err, text)
		assert.Nil(t, g)
		assert.Contains(t, err.Error(), want, text)
	}
	_, err = dsq.ParseRecord(blueFirst + "a7a6 2. g3g4 *\n")
	assert.ErrorContains(t, err, "needs its number")
}

func TestRecordJSONStrict(t *testing.T) {
	cases := map[string]string{
		"result the moves do not give": `{"moves":["a3a4"],"result":"red wins: den entered"}`,
		"star for a decided game":      `{"start":"7/3D3/7/7/7/7/7/7/l6 r 0 1","moves":["d8d9"],"result":"*"}`,
		"unknown key":                  `{"moves":[],"result":"*","extra":1}`,
		"wrong case":                   `{"Moves":[],"result":"*"}`,
		"wrong case of a known key":    `{"moves":[],"Result":"*"}`,
		"no result":                    `{"moves":[]}`,
		"no moves":                     `{"result":"*"}`,
		"null":                         `null`,
		"not an object":                `[1,2]`,
		"trailing data":                `{"moves":[],"result":"*"} {}`,
		"empty start":                  `{"start":"","moves":[],"result":"*"}`,
		"bad start":                    `{"start":"7/7 r","moves":[],"result":"*"}`,
		"bad rules":                    `{"rules":"chess","moves":[],"result":"*"}`,
		"illegal move":                 `{"moves":["a3a5"],"result":"*"}`,
		"not a move":                   `{"moves":["zz"],"result":"*"}`,
		"bad tag name":                 `{"tags":{"two words":"x"},"moves":[],"result":"*"}`,
		"reserved tag":                 `{"tags":{"Result":"x"},"moves":[],"result":"*"}`,
		"bad draw offer":               `{"moves":[],"result":"*","drawOffer":"green"}`,
		"empty":                        ``,
	}
	for name, data := range cases {
		t.Run(name, func(t *testing.T) {
			g, err := dsq.ParseRecordJSON([]byte(data))
			requireRecordError(t, err, data)
			assert.Nil(t, g)

			// json.Unmarshal into a Game refuses it too and changes nothing
			// (null is a no-op, as encoding/json has it).
			target := dsq.NewGame()
			playAll(t, target, "a3a4")
			before := target.Clone()
			if data != "null" {
				assert.Error(t, json.Unmarshal([]byte(data), target))
			}
			requireSameGame(t, before, target)
		})
	}
	g, err := dsq.ParseRecordJSON([]byte(`{"moves":["a3a4"],"result":"*","drawOffer":"red"}`))
	require.NoError(t, err)
	c, pending := g.DrawOffer()
	assert.True(t, pending)
	assert.Equal(t, dsq.Red, c)
}

func TestRecordTextLimit(t *testing.T) {
	text := "[Event \"" + strings.Repeat("x", 1<<20) + "\"]\n\n*\n"
	g, err := dsq.ParseRecord(text)
	require.NoError(t, err, "a record has no length limit")
	assert.Equal(t, strings.Repeat("x", 1<<20), g.Tags()["Event"])
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

// TestGameMarshalsByValue: a Game held by value in a struct or a map
// marshals whole, moves included.
func TestGameMarshalsByValue(t *testing.T) {
	g := dsq.NewGame()
	playAll(t, g, "a3a4")
	type room struct {
		Game dsq.Game `json:"game"`
	}
	data, err := json.Marshal(room{Game: *g})
	require.NoError(t, err)
	assert.Contains(t, string(data), `"moves":["a3a4"]`)
	data, err = json.Marshal(map[string]dsq.Game{"a": *g})
	require.NoError(t, err)
	assert.Contains(t, string(data), `"moves":["a3a4"]`)
	var back map[string]dsq.Game
	require.NoError(t, json.Unmarshal(data, &back))
	game := back["a"]
	requireSameGame(t, g, &game)
}

// TestRecordTagOrder: the usual tags come first in their order (Event, Site,
// Date, Red, Blue), then the others sorted by name, whatever order the map
// of tags yields them in (the record is built many times to see several).
func TestRecordTagOrder(t *testing.T) {
	g := dsq.NewGame()
	for _, name := range []string{"Zeta", "Blue", "Annotator", "Event", "Mode", "Date"} {
		require.NoError(t, g.SetTag(name, "x"))
	}
	requireTagOrder(t, g, "Event", "Date", "Blue", "Annotator", "Mode", "Zeta")
	// The first usual tag against one that sorts before it by name.
	g = dsq.NewGame()
	require.NoError(t, g.SetTag("Annotator", "x"))
	require.NoError(t, g.SetTag("Event", "x"))
	requireTagOrder(t, g, "Event", "Annotator")
}

func requireTagOrder(t *testing.T, g *dsq.Game, want ...string) {
	t.Helper()
	want = append(want, "Start", "Result")
	for range 50 {
		var got []string
		for _, line := range strings.Split(g.Record(), "\n") {
			if name, _, ok := strings.Cut(strings.TrimPrefix(line, "["), " "); ok && strings.HasPrefix(line, "[") {
				got = append(got, name)
			}
		}
		require.Equal(t, want, got)
	}
}
