package recordtext_test

import (
	"errors"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/doushouqi/doushouqi/internal/recordtext"
)

// tokens scans text to its end.
func tokens(t *testing.T, text string) []recordtext.Token {
	t.Helper()
	sc := recordtext.NewScanner(strings.NewReader(text))
	var out []recordtext.Token
	for {
		tok, err := sc.Next()
		require.NoError(t, err, text)
		if tok.Kind == recordtext.EOF {
			return out
		}
		out = append(out, tok)
	}
}

func TestScannerSplitsAnnotatedMovetext(t *testing.T) {
	text := "\uFEFF[Event \"a \\\"b\\\"\"]\n\n{opening} 1.a3a4!? {good\nidea} (1. g3g4 ?) 1... a7a6 ; skipped\n2. b2b3?? 1-0\n"
	got := tokens(t, text)
	type kt struct {
		kind recordtext.Kind
		text string
		line int
	}
	var have []kt
	for _, tok := range got {
		have = append(have, kt{tok.Kind, tok.Text, tok.Line})
	}
	assert.Equal(t, []kt{
		{recordtext.Tag, "Event", 1},
		{recordtext.Comment, "opening", 3},
		{recordtext.Number, "1.", 3},
		{recordtext.Move, "a3a4", 3},
		{recordtext.Mark, "!?", 3},
		{recordtext.Comment, "good\nidea", 3},
		{recordtext.Open, "(", 4},
		{recordtext.Number, "1.", 4},
		{recordtext.Move, "g3g4", 4},
		{recordtext.Mark, "?", 4},
		{recordtext.Close, ")", 4},
		{recordtext.Number, "1...", 4},
		{recordtext.Move, "a7a6", 4},
		{recordtext.Number, "2.", 5},
		{recordtext.Move, "b2b3", 5},
		{recordtext.Mark, "??", 5},
		{recordtext.Result, "1-0", 5},
	}, have)
	assert.Equal(t, `a "b"`, got[0].Value)
}

func TestScannerRefusals(t *testing.T) {
	for _, c := range []struct {
		text, want string
		line       int
	}{
		{"1. a3a4 {open\n", "not closed", 1},
		{"1. a3a4!!! *", `mark "!!!"`, 1},
		{"[Event x]\n", "is not a quoted string", 1},
		{"[Two words \"x\"]\n", "is not a quoted string", 1},
		{"[Ev-ent \"x\"]\n", "is not [Name", 1},
		{"\n1. a3a4\n[Event \"x\"]\n", "a tag after the moves began", 3},
		{"1. a3a4 } *", "a } without its {", 1},
		{"1. a3a4\n\xff *", "not valid UTF-8", 2},
	} {
		sc := recordtext.NewScanner(strings.NewReader(c.text))
		var err error
		for err == nil {
			var tok recordtext.Token
			tok, err = sc.Next()
			if err == nil && tok.Kind == recordtext.EOF {
				break
			}
		}
		var se *recordtext.Error
		require.True(t, errors.As(err, &se), "%q: %v is not an *Error", c.text, err)
		assert.Contains(t, err.Error(), c.want, c.text)
		assert.Equal(t, c.line, se.Line, c.text)
	}
}

// TestScannerAllowsTagsAfterAResult: a result token ends a record, and the
// next record's tags may follow.
func TestScannerAllowsTagsAfterAResult(t *testing.T) {
	got := tokens(t, "1. a3a4 *\n[Event \"next\"]\n\n*\n")
	require.Len(t, got, 5)
	assert.Equal(t, recordtext.Tag, got[3].Kind)
}

// TestScannerSkipRecord: after a fault in the moves, the scanner skips to
// the record's result token, or to the next tag section of a record cut
// short, over tokens that cannot be read and a comment holding a line that
// starts with '['.
func TestScannerSkipRecord(t *testing.T) {
	for _, c := range []struct {
		name, text string
		line       int // of the Event tag read next
	}{
		{"to the result token", "1. a3a4 {x\n[not a tag\n} a7a6 *\n[Event \"b\"]\n*\n", 4},
		{"a record cut short", "1. a3a4 a7a6\n  [Event \"b\"]\n*\n", 2},
		{"over faults", "1. a3a4 } ] $999 !!!\n\xff\n*\n[Event \"b\"]\n*\n", 4},
		{"an unclosed comment", "1. a3a4 {x\n\xff junk\n  [Event \"b\"]\n*\n", 3},
	} {
		t.Run(c.name, func(t *testing.T) {
			sc := recordtext.NewScanner(strings.NewReader(c.text))
			_, err := sc.Next()
			require.NoError(t, err)
			_, err = sc.SkipRecord()
			require.NoError(t, err)
			tok, err := sc.Next()
			require.NoError(t, err)
			assert.Equal(t, "Event", tok.Text)
			assert.Equal(t, c.line, tok.Line)
		})
	}
}

// TestScannerSkipTagSection: after a fault among the tags, the scanner
// skips the tag section; a tag section after a blank line is the next
// record's, moves after it the bad record's.
func TestScannerSkipTagSection(t *testing.T) {
	for text, line := range map[string]int{
		"[Bad\n[Red \"x\"]\n\n[Event \"b\"]\n\n*\n":            4,
		"[Bad\n[Red \"x\"]\n\n1. a3a4 *\n[Event \"b\"]\n\n*\n": 5,
		"[Bad\n1. a3a4 *\n\n[Event \"b\"]\n\n*\n":              4,
	} {
		sc := recordtext.NewScanner(strings.NewReader(text))
		_, err := sc.Next()
		require.Error(t, err)
		require.NoError(t, sc.SkipTagSection())
		tok, err := sc.Next()
		require.NoError(t, err)
		assert.Equal(t, "Event", tok.Text, text)
		assert.Equal(t, line, tok.Line, text)
	}
}

// TestScannerLimit: a line that passes the limit of its record is an
// error, and the next record is counted afresh.
func TestScannerLimit(t *testing.T) {
	sc := recordtext.NewScanner(strings.NewReader("[Event \"" + strings.Repeat("x", 100) + "\"]\n*\n[Event \"b\"]\n*\n"))
	sc.SetLimit(50)
	sc.BeginRecord()
	_, err := sc.Next()
	require.ErrorIs(t, err, recordtext.ErrTooLong)
	require.NoError(t, sc.SkipTagSection())
	sc.BeginRecord()
	tok, err := sc.Next()
	require.NoError(t, err)
	assert.Equal(t, "b", tok.Value)
}

func TestSortTags(t *testing.T) {
	names := []string{"Note", "Blue", "Annotator", "Event", "Red", "Date"}
	recordtext.SortTags(names)
	assert.Equal(t, []string{"Event", "Date", "Red", "Blue", "Annotator", "Note"}, names)
}

func TestScannerKeepsLineCommentsWhenTold(t *testing.T) {
	sc := recordtext.NewScanner(strings.NewReader("1. a3a4 ;  to the end  \r\na7a6 *\n"))
	sc.KeepLineComments()
	var comments []recordtext.Token
	for {
		tok, err := sc.Next()
		require.NoError(t, err)
		if tok.Kind == recordtext.EOF {
			break
		}
		if tok.Kind == recordtext.Comment {
			comments = append(comments, tok)
		}
	}
	require.Len(t, comments, 1)
	assert.Equal(t, "to the end", comments[0].Text)
	assert.Equal(t, 1, comments[0].Line)
}

func TestScannerReadsNumericAnnotations(t *testing.T) {
	for _, nag := range []string{"$0", "$1", "$6", "$7", "$10", "$255"} {
		got := tokens(t, "1. a3a4 "+nag+" *\n")
		require.Len(t, got, 4, nag)
		assert.Equal(t, recordtext.Token{Kind: recordtext.NAG, Text: nag, Line: 1}, got[2])
	}
	for _, nag := range []string{"$256", "$", "$x", "$01", "$+1", "$1000"} {
		sc := recordtext.NewScanner(strings.NewReader("1. a3a4 " + nag + " *\n"))
		var err error
		for err == nil {
			var tok recordtext.Token
			if tok, err = sc.Next(); tok.Kind == recordtext.EOF && err == nil {
				break
			}
		}
		var se *recordtext.Error
		require.ErrorAs(t, err, &se, nag)
		assert.ErrorContains(t, err, "want $0 to $255", nag)
	}
}

// TestScannerSkipsALongCommentInBoundedMemory: skipping a record whose
// comment spans many lines holds at most the limit of it.
func TestScannerSkipsALongCommentInBoundedMemory(t *testing.T) {
	const lines = 20_000
	text := "1. a3a4 {" + strings.Repeat(strings.Repeat("x", 99)+"\n", lines) + "} *\n[Event \"b\"]\n*\n"
	sc := recordtext.NewStringScanner(text) // lines are not copied: what is allocated is the comment's
	sc.SetLimit(1000)
	_, err := sc.Next()
	require.NoError(t, err)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	ended, err := sc.SkipRecord()
	runtime.ReadMemStats(&after)
	require.NoError(t, err)
	assert.True(t, ended)
	assert.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(len(text)/10), "the comment is not gathered")
	tok, err := sc.Next()
	require.NoError(t, err)
	assert.Equal(t, "b", tok.Value)
}
