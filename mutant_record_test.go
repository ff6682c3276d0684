package doushouqi_test

// Tests that kill hand-made mutants of record.go (lab/mutation/handmade):
// each names the mutant it was written for.

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
)

// mutantShuffle is twenty half-moves, ten move numbers, that two pieces make back
// and forth: a3a4 a7a6 a4a3 a6a7, five times.
func mutantShuffle() []string {
	var moves []string
	for range 5 {
		moves = append(moves, "a3a4", "a7a6", "a4a3", "a6a7")
	}
	return moves
}

// TestMutantRecordGluedNumbersPastNine reads move numbers glued to their
// moves ("9.a3a4", "9...a7a6", "10.a4a3") up to two digits, each digit 0
// to 9. Kills: appendMoveTokens's digit test with its bound '9' moved down
// ('9'-1: "9.a3a4" is one word, no move), and with one operand dropped.
func TestMutantRecordGluedNumbersPastNine(t *testing.T) {
	moves := mutantShuffle()
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
		assert.Equal(t, moves, mutantMoveTexts(g.Moves()), b.String())
	}
}

// TestMutantRecordCommentBetweenMoves reads a {comment} written with no space
// on either side as a space. splitRecord writes a space both where a comment
// opens and where it closes, so deleting either alone is an equivalent
// mutant (lab/mutation/SURVIVORS.md); this test keeps at least one of them.
func TestMutantRecordCommentBetweenMoves(t *testing.T) {
	for _, text := range []string{
		"1. a3a4{Red moves first}a7a6 *\n",
		"1. a3a4{a comment\nover two lines}a7a6 *\n",
	} {
		g, err := dsq.ParseRecord(text)
		require.NoError(t, err, text)
		assert.Equal(t, []string{"a3a4", "a7a6"}, mutantMoveTexts(g.Moves()), text)
	}
}

// TestMutantRecordDigitsAlone refuses a word of digits alone, or digits and
// a letter, in the movetext (no dot: not a move number) with a RecordError
// that names the word as written. Kills: appendMoveTokens reading past the
// word (len(word)+1: an index out of range) and splitting "1x" as if it were
// "1.x" (the test for the dot dropped).
func TestMutantRecordDigitsAlone(t *testing.T) {
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

// TestMutantRecordNotANumber refuses words that look like a number glued to a
// move but are not one, naming the whole word: only digits before the dots
// make a move number. Kills: appendMoveTokens's digit test with the bound
// '0' moved down ('/' a digit) or '9' moved up (':' a digit) or without
// its upper bound (letters are digits), its number test without digits > 0
// (".a3a4" split), and its move part dropped when it is one character
// (dots < len(word)-1: "2.x" read as "2." alone, and the record accepted).
func TestMutantRecordNotANumber(t *testing.T) {
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

// TestMutantRecordTagSectionComments reads blank lines and ; comment lines
// before and between the tags. Kills: splitRecord's skip of such lines with
// either test dropped, or its continue deleted (the line would start the
// movetext, and the next tag be refused).
func TestMutantRecordTagSectionComments(t *testing.T) {
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
		assert.Equal(t, []string{"a3a4"}, mutantMoveTexts(g.Moves()), text)
	}
}

func mutantMoveTexts(ms []dsq.Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.String()
	}
	return out
}

// TestMutantRecordLengthLimit reads records of 1 MiB and of a byte more:
// there is no length limit.
func TestMutantRecordLengthLimit(t *testing.T) {
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

// TestMutantRecordOneWordCutShort: a movetext of one word that is not a
// result token is a record cut short, and the error names the word's line.
// Kills: ParseRecord's len(tokens) > 0 moved up (the line of a lone token
// would be 0).
func TestMutantRecordOneWordCutShort(t *testing.T) {
	_, err := dsq.ParseRecord("[Event \"e\"]\n\n1.\n")
	var re *dsq.RecordError
	require.True(t, errors.As(err, &re), "%v is not a *RecordError", err)
	assert.Equal(t, 3, re.Line)
}

// TestMutantRecordTagNotClosed refuses a tag line without its closing
// bracket, naming its line, though the rest of it reads as a tag. Kills:
// the deletion of parseTag's return for a line that does not end with ']'.
func TestMutantRecordTagNotClosed(t *testing.T) {
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

// TestMutantRecordErrorNamesLineOne: an error on a record's first line says
// "line 1", as one on any other line says its number. Kills: RecordError's
// e.Line > 0 moved up (line 1 was left out of the message).
func TestMutantRecordErrorNamesLineOne(t *testing.T) {
	_, err := dsq.ParseRecord("[Event \"e\"\n\n1. a3a4 *\n")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "game record line 1:")
	err = &dsq.RecordError{Line: 1, Err: dsq.ErrRecord}
	assert.Contains(t, err.Error(), " line 1:")
}

// TestMutantRecordInvalidUTF8AfterReplacementChar: a record with a genuine
// U+FFFD (valid UTF-8) on its first line and an invalid byte on its third
// is refused at line 3. Kills: ParseRecord's search for the first bad byte
// with size == 1 dropped (it stopped at the valid U+FFFD, line 1).
func TestMutantRecordInvalidUTF8AfterReplacementChar(t *testing.T) {
	_, err := dsq.ParseRecord("[Event \"\uFFFD\"]\n; x\n; \xff\n\n1. a3a4 *\n")
	var re *dsq.RecordError
	require.True(t, errors.As(err, &re), "%v is not a *RecordError", err)
	assert.Equal(t, 3, re.Line)
}

// TestMutantRecordResultTokenAlone reads a record without a Result tag
// whose movetext ends with 1-0, 0-1 or 1/2-1/2 on an undecided position:
// the token alone stands for a resignation or an agreed draw. Kills: the
// deletion of any of resultFromToken's returns (the token read as "*").
func TestMutantRecordResultTokenAlone(t *testing.T) {
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

// TestMutantRecordResultTokenInTheMiddle refuses a result token followed by
// more moves with the reason that says so (the token is no move), on its
// line. Kills: the deletion of replay's return for a result token (the
// token was then read as a move, and refused as one).
func TestMutantRecordResultTokenInTheMiddle(t *testing.T) {
	_, err := dsq.ParseRecord("1. a3a4\n1-0 a7a6 *\n")
	var re *dsq.RecordError
	require.True(t, errors.As(err, &re), "%v is not a *RecordError", err)
	assert.Equal(t, 2, re.Line)
	assert.Equal(t, "1-0", re.Move)
	assert.Contains(t, err.Error(), "a result token before the end of the moves")
}

// TestMutantRecordBlueMoveNumberWanted: a move number out of turn on
// Blue's move is refused with the number Blue's move wants, "1...". Kills:
// the deletion of moveNumberText's return for Blue (it said "1.").
func TestMutantRecordBlueMoveNumberWanted(t *testing.T) {
	_, err := dsq.ParseRecord("1. a3a4 2. a7a6 *\n")
	require.Error(t, err)
	assert.Contains(t, err.Error(), `want "1..."`)
}

// TestMutantRecordTagLineShape refuses a tag line that is not [Name "value"]
// as such, at its own line, before any later fault: a name that is not a
// tag name, and a name without a value. Kills: parseTag's test
// !ok || !validTagName(name) with either operand dropped (the line was read
// as a tag with a bad name, refused later and elsewhere, or as a tag whose
// value is not quoted).
func TestMutantRecordTagLineShape(t *testing.T) {
	for _, tag := range []string{`[Ev-ent "x"]`, `[Event]`} {
		text := tag + "\n\n1. a3a4 [Site \"s\"]\n"
		_, err := dsq.ParseRecord(text)
		var re *dsq.RecordError
		require.True(t, errors.As(err, &re), "%q: %v is not a *RecordError", text, err)
		assert.Equal(t, 1, re.Line, text)
		assert.Contains(t, err.Error(), `is not [Name "value"]`, text)
	}
}
