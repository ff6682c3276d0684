package doushouqi_test

import (
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"testing"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/record"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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

func TestRecordReadsATagOverOneMiB(t *testing.T) {
	text := "[Event \"" + strings.Repeat("x", 1<<20) + "\"]\n\n*\n"
	g, err := dsq.ParseRecord(text)
	require.NoError(t, err, "a record has no length limit")
	assert.Equal(t, strings.Repeat("x", 1<<20), g.Tags()["Event"])
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

func TestRecordRoundTrip(t *testing.T) {
	for seed := range uint64(40) {
		g := randomGame(t, seed, 300)
		if seed%5 == 1 && !g.IsOver() {
			require.NoError(t, g.Resign(dsq.Blue))
		}
		if seed%5 == 2 && !g.IsOver() {
			require.NoError(t, g.OfferDraw(dsq.Red))
			require.NoError(t, g.AcceptDraw(dsq.Blue))
		}
		text := g.Record()
		loaded, err := dsq.ParseRecord(text)
		require.NoError(t, err, text)
		requireSameGame(t, g, loaded)
		assert.Equal(t, text, loaded.Record())

		data, err := json.Marshal(g)
		require.NoError(t, err)
		var fromJSON dsq.Game
		require.NoError(t, json.Unmarshal(data, &fromJSON))
		requireSameGame(t, g, &fromJSON)
	}
}

func TestRecordFormat(t *testing.T) {
	pos, err := dsq.ParsePosition("l5t/1d3c1/r1p1w1e/7/7/E6/2W1P1R/1C3D1/T5L b 1 1")
	require.NoError(t, err)
	g, err := dsq.NewGameFrom(pos)
	require.NoError(t, err)
	require.NoError(t, g.SetTag("Red", "alice"))
	require.NoError(t, g.SetTag("Event", "club night"))
	require.NoError(t, g.SetTag("Zeta", "last"))
	playAll(t, g, "a7a6", "g3g4", "g7g6")
	want := `[Event "club night"]
[Red "alice"]
[Zeta "last"]
[Start "l5t/1d3c1/r1p1w1e/7/7/E6/2W1P1R/1C3D1/T5L b 1 1"]
[Result "*"]

1... a7a6 2. g3g4 g7g6 *
`
	assert.Equal(t, want, g.Record())
}

func TestRecordTampered(t *testing.T) {
	g := randomGame(t, 7, 30)
	text := g.Record()
	moves := g.Moves()
	cases := map[string]struct {
		text     string
		moveNo   int
		reason   error
		contains string
	}{
		"illegal move": {strings.Replace(text, " "+moves[4].String()+" ", " a1a9 ", 1), 3, dsq.ErrNotAStep, `move 3 (red) "a1a9"`},
		"not a move":   {strings.Replace(text, " "+moves[5].String()+" ", " zz99 ", 1), 3, dsq.ErrSquare, `move 3 (blue) "zz99"`},
		"wrong number": {strings.Replace(text, " 4. ", " 5. ", 1), 4, nil, "out of turn"},
		"wrong result": {strings.Replace(text, `[Result "*"]`, `[Result "red wins: den entered"]`, 1), 0, nil, "the moves give"},
		"bad tag":      {strings.Replace(text, `[Red "random red"]`, `[Red random]`, 1), 0, nil, "quoted"},
		"bad start":    {strings.Replace(text, dsq.StartNotation, "7/7 r", 1), 0, dsq.ErrRankCount, "start position"},
		"twice":        {strings.Replace(text, `[Date "2026.11.29"]`, `[Red "again"]`, 1), 0, nil, `tag "Red" given twice`},
		"no number":    {strings.Replace(text, "1. ", "", 1), 1, nil, "without its number"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			require.NotEqual(t, text, c.text, "the tampering took")
			loaded, err := dsq.ParseRecord(c.text)
			require.Error(t, err)
			assert.Nil(t, loaded, "no partial game")
			assert.ErrorIs(t, err, dsq.ErrRecord)
			if c.reason != nil {
				assert.ErrorIs(t, err, c.reason)
			}
			var re *dsq.RecordError
			require.True(t, errors.As(err, &re))
			assert.Equal(t, c.moveNo, re.MoveNumber)
			assert.Contains(t, err.Error(), c.contains)
		})
	}

	// JSON: a tampered move is refused and the target left unchanged.
	data, err := json.Marshal(g)
	require.NoError(t, err)
	bad := strings.Replace(string(data), `"`+moves[4].String()+`"`, `"a1a9"`, 1)
	target := dsq.NewGame()
	playAll(t, target, "a3a4")
	before := target.Moves()
	err = json.Unmarshal([]byte(bad), target)
	assert.ErrorIs(t, err, dsq.ErrNotAStep)
	assert.Equal(t, before, target.Moves())
}

// shuffleMoves is twenty half-moves, ten move numbers, that two pieces make back
// and forth: a3a4 a7a6 a4a3 a6a7, five times.
func shuffleMoves() []string {
	var moves []string
	for range 5 {
		moves = append(moves, "a3a4", "a7a6", "a4a3", "a6a7")
	}
	return moves
}

// TestRecordGluedNumbersPastNine reads move numbers glued to their
// moves ("9.a3a4", "9...a7a6", "10.a4a3") up to two digits, each digit 0
// to 9.
func TestRecordGluedNumbersPastNine(t *testing.T) {
	moves := shuffleMoves()
	for _, blueGlued := range []bool{false, true} {
		var b strings.Builder
		for i, m := range moves {
			n := i/2 + 1
			switch {
			case i%2 == 0:
				b.WriteString(strconv.Itoa(n) + "." + m + " ")
			case blueGlued:
				b.WriteString(strconv.Itoa(n) + "..." + m + " ")
			default:
				b.WriteString(m + " ")
			}
		}
		b.WriteString("*\n")
		g, err := dsq.ParseRecord(b.String())
		require.NoError(t, err, b.String())
		assert.Equal(t, moves, moveTexts(g.Moves()), b.String())
	}
}

// TestRecordCommentBetweenMoves reads a {comment} written with no space
// on either side as a space, so the words on either side stay apart.
func TestRecordCommentBetweenMoves(t *testing.T) {
	for _, text := range []string{
		"1. a3a4{Red moves first}a7a6 *\n",
		"1. a3a4{a comment\nover two lines}a7a6 *\n",
	} {
		g, err := dsq.ParseRecord(text)
		require.NoError(t, err, text)
		assert.Equal(t, []string{"a3a4", "a7a6"}, moveTexts(g.Moves()), text)
	}
}

// TestRecordRefusesDigitsAlone refuses a word of digits alone, or digits and
// a letter, in the movetext (no dot: not a move number) with a RecordError
// that names the word as written.
func TestRecordRefusesDigitsAlone(t *testing.T) {
	for text, word := range map[string]string{
		"1. 12 *\n":      "12",
		"1. a3a4 7 *\n":  "7",
		"1. 1x *\n":      "1x",
		"1. a3a4 9z *\n": "9z",
	} {
		g, err := dsq.ParseRecord(text)
		require.Error(t, err, text)
		assert.Nil(t, g, text)
		var re *dsq.RecordError
		require.True(t, errors.As(err, &re), "%q: %T is not a *RecordError", text, err)
		assert.Equal(t, word, re.Move, text)
		assert.Equal(t, 1, re.Line, text)
	}
}

// TestRecordRefusesWordsThatAreNotNumbers refuses words that look like a number glued to a
// move but are not one, naming the whole word: only digits before the dots
// make a move number.
func TestRecordRefusesWordsThatAreNotNumbers(t *testing.T) {
	for _, word := range []string{"x.a3a4", "/.a3a4", ":.a3a4", ".a3a4", "1/.a3a4"} {
		text := "1. " + word + " *\n"
		_, err := dsq.ParseRecord(text)
		var re *dsq.RecordError
		require.True(t, errors.As(err, &re), "%q: %v is not a *RecordError", text, err)
		assert.Equal(t, word, re.Move, text)
	}
	text := "1. a3a4 a7a6 2.x *\n"
	_, err := dsq.ParseRecord(text)
	var re *dsq.RecordError
	require.True(t, errors.As(err, &re), "%q: %v is not a *RecordError", text, err)
	assert.Equal(t, "x", re.Move, text)
	assert.Equal(t, 2, re.MoveNumber, text)
}

// TestRecordTagSectionComments reads blank lines and ; comment lines
// before and between the tags.
func TestRecordTagSectionComments(t *testing.T) {
	for _, head := range []string{
		"\n[Event \"e\"]\n",
		"; a comment\n[Event \"e\"]\n",
		"[Event \"e\"]\n\n; a comment\n\n[Site \"s\"]\n",
	} {
		text := head + "\n1. a3a4 *\n"
		g, err := dsq.ParseRecord(text)
		require.NoError(t, err, text)
		event, _ := g.Tag("Event")
		assert.Equal(t, "e", event, text)
		assert.Equal(t, []string{"a3a4"}, moveTexts(g.Moves()), text)
	}
}

// TestRecordHasNoLengthLimit reads records of 1 MiB and of a byte more:
// whatever Record writes, ParseRecord reads.
func TestRecordHasNoLengthLimit(t *testing.T) {
	const limit = 1 << 20
	moves := "1. a3a4 *\n"
	pad := func(n int) string { // a ; comment line that makes the record n bytes
		return "; " + strings.Repeat("x", n-len(moves)-3) + "\n" + moves
	}
	g, err := dsq.ParseRecord(pad(limit))
	require.NoError(t, err)
	assert.Len(t, g.Moves(), 1)
	g, err = dsq.ParseRecord(pad(limit + 1))
	require.NoError(t, err)
	assert.Len(t, g.Moves(), 1)
}

// TestRecordOfOneWordCutShort: a movetext of one word that is not a
// result token is a record cut short, and the error names the word's line.
func TestRecordOfOneWordCutShort(t *testing.T) {
	_, err := dsq.ParseRecord("[Event \"e\"]\n\n1.\n")
	var re *dsq.RecordError
	require.True(t, errors.As(err, &re), "%v is not a *RecordError", err)
	assert.Equal(t, 3, re.Line)
}

// TestRecordRefusesATagNotClosed refuses a tag line without its closing
// bracket, naming its line, though the rest of it reads as a tag.
func TestRecordRefusesATagNotClosed(t *testing.T) {
	for text, line := range map[string]int{
		"[Event \"e\"\n\n1. a3a4 *\n":               1,
		"[Event \"e\"]\n[Site \"s\"\n\n1. a3a4 *\n": 2,
	} {
		g, err := dsq.ParseRecord(text)
		assert.Nil(t, g, text)
		var re *dsq.RecordError
		require.True(t, errors.As(err, &re), "%q: %v is not a *RecordError", text, err)
		assert.Equal(t, line, re.Line, text)
	}
}

// TestRecordErrorNamesLineOne: an error on a record's first line says
// "line 1", as one on any other line says its number.
func TestRecordErrorNamesLineOne(t *testing.T) {
	_, err := dsq.ParseRecord("[Event \"e\"\n\n1. a3a4 *\n")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "game record line 1:")
	err = &dsq.RecordError{Line: 1, Err: dsq.ErrRecord}
	assert.Contains(t, err.Error(), " line 1:")
}

// TestRecordInvalidUTF8AfterAReplacementChar: a record with a genuine
// U+FFFD (valid UTF-8) on its first line and an invalid byte on its third
// is refused at line 3.
func TestRecordInvalidUTF8AfterAReplacementChar(t *testing.T) {
	_, err := dsq.ParseRecord("[Event \"\uFFFD\"]\n; x\n; \xff\n\n1. a3a4 *\n")
	var re *dsq.RecordError
	require.True(t, errors.As(err, &re), "%v is not a *RecordError", err)
	assert.Equal(t, 3, re.Line)
}

// TestRecordResultTokenAlone reads a record without a Result tag
// whose movetext ends with 1-0, 0-1 or 1/2-1/2 on an undecided position:
// the token alone stands for a resignation or an agreed draw.
func TestRecordResultTokenAlone(t *testing.T) {
	for token, want := range map[string]string{
		"1-0":     "red wins: resignation",
		"0-1":     "blue wins: resignation",
		"1/2-1/2": "draw: agreed",
	} {
		g, err := dsq.ParseRecord("1. a3a4 a7a6 " + token + "\n")
		require.NoError(t, err, token)
		assert.Equal(t, want, g.Outcome().String(), token)
	}
}

// TestRecordRefusesAResultTokenInTheMiddle refuses a result token followed by
// more moves with the reason that says so (the token is no move), on its
// line.
func TestRecordRefusesAResultTokenInTheMiddle(t *testing.T) {
	_, err := dsq.ParseRecord("1. a3a4\n1-0 a7a6 *\n")
	var re *dsq.RecordError
	require.True(t, errors.As(err, &re), "%v is not a *RecordError", err)
	assert.Equal(t, 2, re.Line)
	assert.Equal(t, "1-0", re.Move)
	assert.Contains(t, err.Error(), "a result token before the end of the moves")
}

// TestRecordWantsBluesMoveNumber: a move number out of turn on
// Blue's move is refused with the number Blue's move wants, "1...".
func TestRecordWantsBluesMoveNumber(t *testing.T) {
	_, err := dsq.ParseRecord("1. a3a4 2. a7a6 *\n")
	require.Error(t, err)
	assert.Contains(t, err.Error(), `want "1..."`)
}

// TestRecordTagLineShape refuses a tag line that is not [Name "value"]
// as such, at its own line, before any later fault: a name that is not a
// tag name, and a name without a value.
func TestRecordTagLineShape(t *testing.T) {
	for _, tag := range []string{`[Ev-ent "x"]`, `[Event]`} {
		text := tag + "\n\n1. a3a4 [Site \"s\"]\n"
		_, err := dsq.ParseRecord(text)
		var re *dsq.RecordError
		require.True(t, errors.As(err, &re), "%q: %v is not a *RecordError", text, err)
		assert.Equal(t, 1, re.Line, text)
		assert.Contains(t, err.Error(), `is not [Name "value"]`, text)
	}
}

// TestGameRulesSurvive: a game under house rules (Threefold included) reads
// back from its record and its JSON with its rules, and its start position
// carries them.
func TestGameRulesSurvive(t *testing.T) {
	start, err := dsq.ParsePosition("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L r 70 36")
	require.NoError(t, err)
	all := append([]dsq.Rules{{Threefold: true}, {Threefold: true, MoveLimit: 200}}, houseRules...)
	for _, rules := range all {
		t.Run(rules.String(), func(t *testing.T) {
			if rules.MoveLimit == 0 || rules.MoveLimit == 1 {
				t.Skip("drawn at the start under these rules") // 70 >= 60, 70 >= 1
			}
			g, err := dsq.NewGameRules(start, rules)
			require.NoError(t, err)
			require.False(t, g.IsOver())
			playAll(t, g, "a3a4", "a7a6")
			record := g.Record()
			positionRules := rules
			positionRules.Threefold = false
			if positionRules != dsq.Standard {
				assert.Contains(t, record, "r 70 36 "+positionRules.String()+`"]`, "the Start tag carries the position's rules")
			}
			fromText, err := dsq.ParseRecord(record)
			require.NoError(t, err, record)
			requireSameGame(t, g, fromText)
			assert.Equal(t, rules, fromText.Rules())
			assert.Equal(t, g.Start(), fromText.Start())

			data, err := json.Marshal(g)
			require.NoError(t, err)
			fromJSON, err := dsq.ParseRecordJSON(data)
			require.NoError(t, err, "%s", data)
			requireSameGame(t, g, fromJSON)
			assert.Equal(t, rules, fromJSON.Rules())
			assert.Equal(t, g.Start(), fromJSON.Start())
		})
	}
}

// TestStartRulesMustAgree: a start position written with its rules must
// agree with the game's rules; one written without them (records written
// before positions carried rules) takes the game's.
func TestStartRulesMustAgree(t *testing.T) {
	const board = "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L r 0 1"
	for _, c := range []struct {
		start, rules string
		ok           bool
	}{
		{board, "move-limit=200", true},
		{board + " move-limit=200", "move-limit=200", true},
		{board + " move-limit=200", "move-limit=200,threefold", true},
		{board + " move-limit=200", "", false},
		{board + " move-limit=200", "move-limit=100", false},
		{board + " trapped-capture", "swap-dog-wolf", false},
	} {
		record := `[Start "` + c.start + `"]` + "\n"
		if c.rules != "" {
			record += `[Rules "` + c.rules + `"]` + "\n"
		}
		record += "\n*\n"
		_, err := dsq.ParseRecord(record)
		j := map[string]any{"start": c.start, "moves": []string{}, "result": "*"}
		if c.rules != "" {
			j["rules"] = c.rules
		}
		data, jerr := json.Marshal(j)
		require.NoError(t, jerr)
		_, jerr = dsq.ParseRecordJSON(data)
		if c.ok {
			assert.NoError(t, err, record)
			assert.NoError(t, jerr, "%s", data)
			continue
		}
		assert.ErrorIs(t, err, dsq.ErrRules, record)
		assert.ErrorIs(t, err, dsq.ErrRecord)
		assert.ErrorIs(t, jerr, dsq.ErrRules, "%s", data)
		assert.True(t, strings.Contains(err.Error(), "start position"), err.Error())
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

// requireSameRecordedGame checks that back is the game g as its records
// carry it: rules, start, moves, the position after each move, outcome,
// tags and pending draw offer.
func requireSameRecordedGame(t *testing.T, g, back *dsq.Game, form string) {
	t.Helper()
	require.NotNil(t, back, form)
	assert.Equal(t, g.Rules(), back.Rules(), "%s: rules", form)
	assert.Equal(t, g.Start(), back.Start(), "%s: start", form)
	moves := g.Moves()
	require.Equal(t, moves, back.Moves(), "%s: moves", form)
	for i := 0; i <= len(moves); i++ {
		want, _ := g.PositionAfter(i)
		got, ok := back.PositionAfter(i)
		if !ok || got != want {
			require.Equal(t, want, got, "%s: position after %d moves (there: %v)", form, i, ok)
		}
	}
	assert.Equal(t, g.Outcome(), back.Outcome(), "%s: outcome", form)
	assert.Equal(t, g.Tags(), back.Tags(), "%s: tags", form)
	wantSide, wantPending := g.DrawOffer()
	wantPending = wantPending && !g.IsOver() // an offer lapses with the game
	gotSide, gotPending := back.DrawOffer()
	assert.Equal(t, wantPending, gotPending, "%s: draw offer pending", form)
	if wantPending {
		assert.Equal(t, wantSide, gotSide, "%s: draw offer side", form)
	}
}

// requireRoundTrip writes g in both forms, reads each back (the JSON form
// both with ParseRecordJSON and json.Unmarshal) and checks the same game
// comes back, and that writing it again gives the same text.
func requireRoundTrip(t *testing.T, g *dsq.Game) {
	t.Helper()
	text := g.Record()
	back, err := dsq.ParseRecord(text)
	require.NoError(t, err, "ParseRecord(%q)", cutText(text))
	requireSameRecordedGame(t, g, back, "text")
	assert.Equal(t, text, back.Record(), "the record written again")

	data, err := json.Marshal(g)
	require.NoError(t, err)
	back, err = dsq.ParseRecordJSON(data)
	require.NoError(t, err, "ParseRecordJSON(%s)", cutText(string(data)))
	requireSameRecordedGame(t, g, back, "JSON")
	var into dsq.Game
	require.NoError(t, json.Unmarshal(data, &into))
	requireSameRecordedGame(t, g, &into, "json.Unmarshal")
}

func cutText(s string) string {
	if len(s) > 300 {
		return s[:300] + "..."
	}
	return s
}

func TestRecordKeepsPendingDrawOffer(t *testing.T) {
	for _, c := range []struct {
		name  string
		moves []string
		by    dsq.Color
	}{
		{"by the side not to move", []string{"a3a4"}, dsq.Red},
		{"by the side to move", []string{"a3a4"}, dsq.Blue},
		{"before any move", nil, dsq.Red},
		{"after Blue's move", []string{"a3a4", "a7a6"}, dsq.Blue},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := dsq.NewGame()
			for _, m := range c.moves {
				_, err := g.PlayText(m)
				require.NoError(t, err)
			}
			require.NoError(t, g.OfferDraw(c.by))
			assert.Contains(t, g.Record(), `[DrawOffer "`+c.by.String()+`"]`)
			requireRoundTrip(t, g)
			back, err := dsq.ParseRecord(g.Record())
			require.NoError(t, err)
			require.NoError(t, back.AcceptDraw(c.by.Other()), "the offer read back can be accepted")
			assert.Equal(t, dsq.Outcome{Reason: dsq.DrawAgreed, Winner: dsq.NoColor}, back.Outcome())
		})
	}
}

func TestRecordRefusesDrawOfferTheGameCannotHave(t *testing.T) {
	for name, text := range map[string]string{
		"after a resignation":  "[Result \"blue wins: resignation\"]\n[DrawOffer \"red\"]\n\n1. a3a4 0-1\n",
		"after an agreed draw": "[Result \"draw: agreed\"]\n[DrawOffer \"blue\"]\n\n1. a3a4 1/2-1/2\n",
		"after a den entry": "[Start \"7/7/3L3/7/7/7/7/7/e6 r 0 1\"]\n[Result \"red wins: den entered\"]\n" +
			"[DrawOffer \"blue\"]\n\n1. d7d8 a1a2 2. d8d9 1-0\n",
		"not a side":         "[Result \"*\"]\n[DrawOffer \"green\"]\n\n1. a3a4 *\n",
		"a side in capitals": "[Result \"*\"]\n[DrawOffer \"Red\"]\n\n1. a3a4 *\n",
		"given twice":        "[DrawOffer \"red\"]\n[DrawOffer \"red\"]\n\n1. a3a4 *\n",
	} {
		t.Run(name, func(t *testing.T) {
			g, err := dsq.ParseRecord(text)
			var re *dsq.RecordError
			require.True(t, errors.As(err, &re), "ParseRecord(%q) = %v, want a *RecordError", text, err)
			assert.Nil(t, g)
			assert.Positive(t, re.Line, "the line of the DrawOffer tag")
		})
	}
	for name, data := range map[string]string{
		"after a resignation": `{"moves":["a3a4"],"result":"blue wins: resignation","drawOffer":"red"}`,
		"as a tag":            `{"moves":[],"result":"*","tags":{"DrawOffer":"red"}}`,
	} {
		t.Run("JSON "+name, func(t *testing.T) {
			g, err := dsq.ParseRecordJSON([]byte(data))
			assert.ErrorIs(t, err, dsq.ErrRecord, data)
			assert.Nil(t, g)
		})
	}
}

// TestRecordReadsUndecidedAsGoingOn: the Result tag "undecided", as
// Outcome.String writes a game going on, is read where "*" is, in both
// forms, and refused like "*" for a game that is over.
func TestRecordReadsUndecidedAsGoingOn(t *testing.T) {
	g, err := dsq.ParseRecord("[Result \"undecided\"]\n\n1. a3a4 *\n")
	require.NoError(t, err)
	assert.False(t, g.IsOver())
	assert.Len(t, g.Moves(), 1)
	g, err = dsq.ParseRecordJSON([]byte(`{"moves":["a3a4"],"result":"undecided"}`))
	require.NoError(t, err)
	assert.False(t, g.IsOver())

	over := "[Start \"7/7/3L3/7/7/7/7/7/e6 r 0 1\"]\n[Result \"undecided\"]\n\n1. d7d8 a1a2 2. d8d9 *\n"
	_, err = dsq.ParseRecord(over)
	assert.ErrorIs(t, err, dsq.ErrRecord)
	_, err = dsq.ParseRecordJSON([]byte(`{"start":"7/7/3L3/7/7/7/7/7/e6 r 0 1","moves":["d7d8","a1a2","d8d9"],"result":"undecided"}`))
	assert.ErrorIs(t, err, dsq.ErrRecord)
}

// TestRecordJSONRefusesKeysGivenTwice: a JSON record with a key given twice,
// in the record or among its tags, is refused, as the text form refuses a
// tag given twice; the error names the key.
func TestRecordJSONRefusesKeysGivenTwice(t *testing.T) {
	for _, c := range []struct{ name, data, key string }{
		{"moves", `{"moves":["a3a4"],"result":"*","moves":[]}`, `"moves"`},
		{"result", `{"moves":[],"result":"*","result":"*"}`, `"result"`},
		{"tags", `{"tags":{},"moves":[],"result":"*","tags":{"Red":"x"}}`, `"tags"`},
		{"rules", `{"rules":"standard","moves":[],"result":"*","rules":"threefold"}`, `"rules"`},
		{"start", `{"start":"` + dsq.StartNotation + `","start":"` + dsq.StartNotation + `","moves":[],"result":"*"}`, `"start"`},
		{"drawOffer", `{"moves":[],"result":"*","drawOffer":"red","drawOffer":"blue"}`, `"drawOffer"`},
		{"a tag", `{"tags":{"Red":"a","Blue":"b","Red":"c"},"moves":[],"result":"*"}`, `"Red"`},
		{"a tag escaped", `{"tags":{"Red":"a","\u0052ed":"c"},"moves":[],"result":"*"}`, `"Red"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			g, err := dsq.ParseRecordJSON([]byte(c.data))
			require.ErrorIs(t, err, dsq.ErrRecord, c.data)
			assert.Nil(t, g)
			assert.Contains(t, err.Error(), c.key+" given twice")
			var into dsq.Game
			assert.Error(t, json.Unmarshal([]byte(c.data), &into))
		})
	}
	_, err := dsq.ParseRecordJSON([]byte(`{"moves":[],"result":"*"} {}`))
	assert.ErrorIs(t, err, dsq.ErrRecord, "a second value after the record")
}

// TestRecordTextRefusesTagsGivenTwice pins the text side of the one policy.
func TestRecordTextRefusesTagsGivenTwice(t *testing.T) {
	for _, text := range []string{
		"[Red \"a\"]\n[Red \"b\"]\n\n*\n",
		"[Result \"*\"]\n[Result \"*\"]\n\n*\n",
		"[Rules \"threefold\"]\n[Rules \"threefold\"]\n\n*\n",
	} {
		_, err := dsq.ParseRecord(text)
		assert.ErrorContains(t, err, "given twice", text)
	}
}

// TestRecordRefusesStrictFieldsInTags: the Start and Rules tags are read
// with the strict notation: a fault there is the record's, at its line.
func TestRecordRefusesStrictFieldsInTags(t *testing.T) {
	for _, c := range []struct {
		text string
		want error
	}{
		{"[Start \"l5t/1d3c1/r1p1w1e/16/7/7/E1W1P1R/1C3D1/T5L r 0 1\"]\n\n*\n", dsq.ErrSyntax},
		{"[Start \"l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L r 01 1\"]\n\n*\n", dsq.ErrCounter},
		{"[Rules \"move-limit=200,move-limit=300\"]\n\n*\n", dsq.ErrRules},
	} {
		_, err := dsq.ParseRecord(c.text)
		require.ErrorIs(t, err, c.want, c.text)
		var re *dsq.RecordError
		require.ErrorAs(t, err, &re)
		assert.Equal(t, 1, re.Line, c.text)
		var pe *dsq.ParseError
		assert.ErrorAs(t, err, &pe, "the field's own *ParseError is in the chain")
	}
}

// longGame plays n half-moves of the lions' shuffle d3e3 d7e7 e3d3 e7d7
// with no move limit.
func longGame(t testing.TB, n int) *dsq.Game {
	t.Helper()
	pos, err := dsq.ParsePosition("7/7/3l3/7/7/7/3L3/7/7 r 0 1 no-move-limit")
	require.NoError(t, err)
	g, err := dsq.NewGameFrom(pos)
	require.NoError(t, err)
	cycle := []dsq.Move{dsq.NewMove(dsq.D3, dsq.E3), dsq.NewMove(dsq.D7, dsq.E7), dsq.NewMove(dsq.E3, dsq.D3), dsq.NewMove(dsq.E7, dsq.D7)}
	for i := range n {
		require.NoError(t, g.Play(cycle[i%4]))
	}
	return g
}

// TestRecordOverOneMegabyteReadsBack: a legal game of 160,000 half-moves
// and a tag of 2 MiB are written and read back in both forms.
func TestRecordOverOneMegabyteReadsBack(t *testing.T) {
	g := longGame(t, 160_000)
	require.NoError(t, g.OfferDraw(dsq.Blue))
	text := g.Record()
	require.Greater(t, len(text), 1<<20)
	data, err := json.Marshal(g)
	require.NoError(t, err)
	require.Greater(t, len(data), 1<<20)
	requireRoundTrip(t, g)

	tagged := dsq.NewGame()
	require.NoError(t, tagged.SetTag("Note", strings.Repeat("x", 2<<20)))
	requireRoundTrip(t, tagged)
}

// TestParseRecordReadsNumericAnnotations: $0 to $255 are skipped, any
// number of them after a move; a number past 255 is refused with its
// reason, and so is a second mark ($1 to $6 are marks).
func TestParseRecordReadsNumericAnnotations(t *testing.T) {
	g, err := dsq.ParseRecord("1. a3a4 $1 $14 a7a6 $2 $0 $255 2. g3g4 $6 $7 *\n")
	require.NoError(t, err)
	assert.Len(t, g.Moves(), 3)
	_, err = dsq.ParseRecord("1. a3a4 $256 *\n")
	var re *dsq.RecordError
	require.ErrorAs(t, err, &re)
	assert.Equal(t, 1, re.Line)
	assert.ErrorContains(t, err, `numeric annotation "$256"`)
	_, err = dsq.ParseRecord("1. a3a4 $7 ! $2 *\n")
	assert.ErrorContains(t, err, `mark "$2": the move has its mark already`)
}

// TestParseRecordLimitsNestingAsPackageRecordDoes: variations nest up to
// 64 deep, the limit of package record, and a record nested deeper is
// refused by both readers rather than read by one alone.
func TestParseRecordLimitsNestingAsPackageRecordDoes(t *testing.T) {
	nested := func(depth int) string {
		return "1. a3a4 " + strings.Repeat("(1. g3g4 ", depth) + strings.Repeat(")", depth) + " *\n"
	}
	_, err := dsq.ParseRecord(nested(64))
	require.NoError(t, err)
	_, err = record.Parse(nested(64))
	require.NoError(t, err)

	_, err = dsq.ParseRecord(nested(65))
	require.ErrorIs(t, err, dsq.ErrRecord)
	assert.ErrorContains(t, err, "nested deeper than 64")
	_, err = record.Parse(nested(65))
	assert.ErrorContains(t, err, "nested deeper than 64")

	_, err = dsq.ParseRecord(nested(100_000))
	assert.ErrorContains(t, err, "nested deeper than 64")
}

// TestParseRecordReadsTheMainLineOfAnAnnotatedRecord: comments, marks and
// variations (as package record writes them) are skipped, and their
// nesting checked.
func TestParseRecordReadsTheMainLineOfAnAnnotatedRecord(t *testing.T) {
	text := "[Red \"a\"]\n\n{opening} 1. a3a4!? {x} (1. g3g4 (1. b3b4 {y}) 1... g7g6?!) 1... {before} a7a6 ?? 2. g3g4 * {after}\n"
	g, err := dsq.ParseRecord(text)
	require.NoError(t, err)
	assert.Equal(t, []dsq.Move{dsq.NewMove(dsq.A3, dsq.A4), dsq.NewMove(dsq.A7, dsq.A6), dsq.NewMove(dsq.G3, dsq.G4)}, g.Moves())

	for _, c := range []struct {
		name, text, want string
		line             int
	}{
		{"a ) without its (", "1. a3a4 ) *\n", "without its (", 1},
		{"a variation before any move", "(1. a3a4) 1. a3a4 *\n", "must follow the move", 1},
		{"a variation after a number", "1. a3a4 1... (1... a7a6) a7a6 *\n", "must follow the move", 1},
		{"a result inside a variation", "1. a3a4 (1. g3g4 *) *\n", "inside a variation", 1},
		{"a variation not closed", "1. a3a4\n(1. g3g4\n", "cut short", 2},
		{"a mark not after a move", "1. ! a3a4 *\n", "not after a move", 1},
		{"two marks", "1. a3a4 !? ! *\n", "has its mark already", 1},
		{"an unknown mark", "1. a3a4?!? *\n", "mark", 1},
		{"moves after the result", "1. a3a4 * a7a6\n", "before the end of the moves", 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			g, err := dsq.ParseRecord(c.text)
			assert.Nil(t, g)
			var re *dsq.RecordError
			require.True(t, errors.As(err, &re), "ParseRecord(%q) = %v, want a *RecordError", c.text, err)
			assert.Contains(t, err.Error(), c.want)
			assert.Equal(t, c.line, re.Line, "%v", err)
		})
	}
}

// TestRecordKeepsAForfeit: a game lost on time or by abandonment reads back
// from both forms with its outcome, and the forfeit can then be taken back
// as it could on the game that was written.
func TestRecordKeepsAForfeit(t *testing.T) {
	for _, reason := range []dsq.Reason{dsq.TimeForfeit, dsq.Abandoned} {
		for _, loser := range []dsq.Color{dsq.Red, dsq.Blue} {
			g := dsq.NewGame()
			_, err := g.PlayText("a3a4")
			require.NoError(t, err)
			require.NoError(t, g.Forfeit(loser, reason))
			want := dsq.Outcome{Reason: reason, Winner: loser.Other()}
			require.Equal(t, want, g.Outcome())
			assert.Contains(t, g.Record(), `[Result "`+want.String()+`"]`)
			requireRoundTrip(t, g)
			back, err := dsq.ParseRecord(g.Record())
			require.NoError(t, err)
			assert.Equal(t, want, back.Outcome())
			require.NoError(t, back.Undo(), "the forfeit is taken back")
			assert.False(t, back.IsOver())
			assert.Len(t, back.Moves(), 1, "the move before it stays")
		}
	}
}

// TestDrawOfferTagIsWrittenFromTheGame: DrawOffer is a tag the record writes
// from the game's pending offer, so SetTag refuses it like Result.
func TestDrawOfferTagIsWrittenFromTheGame(t *testing.T) {
	g := dsq.NewGame()
	assert.ErrorIs(t, g.SetTag("DrawOffer", "red"), dsq.ErrTag)
	_, ok := g.Tag("DrawOffer")
	assert.False(t, ok)
	_, err := dsq.ParseRecord("[DrawOffer \"green\"]\n\n*\n")
	assert.ErrorIs(t, err, dsq.ErrRecord)
}
