package record_test

import (
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/record"
)

// TestParseRefusals: each fault is a *dsq.RecordError naming its line.
func TestParseRefusals(t *testing.T) {
	for _, c := range []struct {
		name, text, want string
		line             int
	}{
		{"a variation before any move", "[Red \"a\"]\n\n(1. a3a4) *\n", "must follow the move", 3},
		{"a variation after a number", "1. a3a4 1... (1... a7a6) *\n", "must follow the move", 1},
		{"a ) without (", "1. a3a4 ) *\n", "without its (", 1},
		{"an empty variation", "1. a3a4 () *\n", "an empty variation", 1},
		{"a variation not closed", "1. a3a4\n(1. g3g4 *\n", "inside a variation", 2},
		{"a variation cut short", "1. a3a4\n(1. g3g4\n", "cut short", 2},
		{"an illegal move in a variation", "1. a3a4\n(1. g3g5) *\n", "illegal move g3g5", 2},
		{"a variation's number out of turn", "1. a3a4 a7a6\n(2. g7g6) *\n", "out of turn", 2},
		{"a variation's first move without number", "1. a3a4 (g3g4) *\n", "without its number", 1},
		{"a nested variation's illegal move", "1. a3a4 a7a6 (1... g7g6 (1... a7a5)) *\n", "illegal move a7a5", 1},
		{"a mark not after a move", "1. ! a3a4 *\n", "not after a move", 1},
		{"two marks", "1. a3a4 ! ? *\n", "has its mark already", 1},
		{"a mark after a variation", "1. a3a4 (1. g3g4) ! *\n", "not after a move", 1},
		{"an unknown mark", "1. a3a4!!! *\n", "mark", 1},
		{"more after the result", "1. a3a4 * {fine}\n2. b2b3\n", "a result token before the end of the moves", 1},
		{"a result the main line does not give", "[Result \"red wins: den entered\"]\n\n1. a3a4 1-0\n", "but the moves give", 1},
		{"a result token against the tag", "[Result \"*\"]\n\n1. a3a4\n1-0\n", "result token", 4},
		{"a tag given twice", "[Red \"a\"]\n[Red \"b\"]\n\n*\n", "given twice", 2},
		{"a bad start", "[Red \"a\"]\n[Start \"7/7 r\"]\n\n*\n", "start position", 2},
		{"an offer in a finished game", "[Result \"draw: agreed\"]\n[DrawOffer \"red\"]\n\n1/2-1/2\n", "draw offer", 2},
		{"a comment not closed", "1. a3a4 {open\n*\n", "not closed", 1},
		{"no record", "\n\n", "no record", 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			g, err := record.Parse(c.text)
			assert.Nil(t, g)
			var re *dsq.RecordError
			require.True(t, errors.As(err, &re), "Parse(%q) = %v, want a *dsq.RecordError", c.text, err)
			assert.Contains(t, err.Error(), c.want)
			assert.Equal(t, c.line, re.Line, "%v", err)
			assert.ErrorIs(t, err, dsq.ErrRecord)
		})
	}
}

// TestReaderResumesAfterABadRecord: after each kind of bad record, the
// reader reports it with its line in the stream and reads the next one.
func TestReaderResumesAfterABadRecord(t *testing.T) {
	good := "[Event \"good\"]\n\n1. a3a4 *\n\n"
	for _, c := range []struct {
		name, bad string
		line      int // of the fault, the bad record starting on line 5
	}{
		{"an illegal move", "[Event \"bad\"]\n[Red \"x\"]\n\n1. a3a5 *\n\n", 8},
		{"a bad tag", "[Event bad]\n[Red \"x\"]\n\n1. a3a4 *\n\n", 5},
		{"a bad start tag", "[Start \"x\"]\n[Red \"x\"]\n\n1. a3a4 *\n\n", 5},
		{"no result token", "[Event \"bad\"]\n\n1. a3a4\n\n", 9},
		{"a comment not closed", "[Event \"bad\"]\n\n1. a3a4 {oops\n\n", 7},
		{"invalid UTF-8", "[Event \"bad\"]\n\n1. a3a4 \xff *\n\n", 7},
		{"a result not given", "[Event \"bad\"]\n[Result \"red wins: den entered\"]\n\n1. a3a4 1-0\n\n", 6},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := record.NewReader(strings.NewReader(good + c.bad + good))
			a, err := r.Read()
			require.NoError(t, err)
			assert.Equal(t, "good", a.Tags["Event"])
			_, err = r.Read()
			var re *dsq.RecordError
			require.True(t, errors.As(err, &re), "%v", err)
			assert.Equal(t, c.line, re.Line, "%v", err)
			a, err = r.Read()
			require.NoError(t, err, "the record after the bad one")
			assert.Equal(t, "good", a.Tags["Event"])
			_, err = r.Read()
			assert.Equal(t, io.EOF, err)
			_, err = r.Read()
			assert.Equal(t, io.EOF, err, "and io.EOF again")
		})
	}
}

// gameStream produces n records on demand, so that the whole stream is
// never in memory.
type gameStream struct {
	n, done int
	buf     strings.Reader
}

func (s *gameStream) Read(p []byte) (int, error) {
	for s.buf.Len() == 0 {
		if s.done == s.n {
			return 0, io.EOF
		}
		s.done++
		var b strings.Builder
		fmt.Fprintf(&b, "[Event \"game %d\"]\n[Rules \"no-move-limit\"]\n[Result \"*\"]\n\n", s.done)
		for i := range 25 {
			fmt.Fprintf(&b, "%d. a3a4 {there} a7a6 (%d... g7g6 %d. a4a3) %d. a4a3 a6a7 ", 2*i+1, 2*i+1, 2*i+2, 2*i+2)
		}
		b.WriteString("*\n\n")
		s.buf.Reset(b.String())
	}
	return s.buf.Read(p)
}

// TestReaderReadsThousandsOfGames reads 3,000 annotated games of 100
// half-moves (300 under -short) from a stream made on demand.
func TestReaderReadsThousandsOfGames(t *testing.T) {
	n := 3000
	if testing.Short() {
		n = 300
	}
	r := record.NewReader(&gameStream{n: n})
	count := 0
	for {
		a, err := r.Read()
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		count++
		require.Len(t, a.Moves, 100)
		require.Equal(t, fmt.Sprintf("game %d", count), a.Tags["Event"])
		require.Len(t, a.Moves[1].Variations, 1)
	}
	assert.Equal(t, n, count)
}

// failingReader fails after its text.
type failingReader struct{ text io.Reader }

var errDisk = errors.New("disk on fire")

func (f failingReader) Read(p []byte) (int, error) {
	n, err := f.text.Read(p)
	if err == io.EOF {
		return n, errDisk
	}
	return n, err
}

func TestReaderStopsOnTheStreamsError(t *testing.T) {
	r := record.NewReader(failingReader{strings.NewReader("[Event \"a\"]\n\n1. a3a4 *\n[Event \"b\"]\n\n1. a3a4")})
	a, err := r.Read()
	require.NoError(t, err)
	assert.Equal(t, "a", a.Tags["Event"])
	_, err = r.Read()
	assert.ErrorIs(t, err, errDisk)
	_, err = r.Read()
	assert.Equal(t, io.EOF, err)
}

func TestUnmarshalTextLeavesTheGameOnError(t *testing.T) {
	var a record.Game
	require.NoError(t, a.UnmarshalText([]byte("[Red \"x\"]\n\n1. a3a4! *\n")))
	before := a
	assert.Error(t, a.UnmarshalText([]byte("1. a3a5 *\n")))
	assert.Equal(t, before, a)
	assert.Equal(t, record.Good, a.Moves[0].Mark)
}

// TestManyCommentsAreJoinedOnce: comments met at one place are joined by a
// space, in time linear in their number.
func TestManyCommentsAreJoinedOnce(t *testing.T) {
	const n = 200_000
	a, err := record.Parse("1. a3a4 " + strings.Repeat("{ab} ", n) + "1... {x} {y} a7a6 *\n")
	require.NoError(t, err)
	assert.Equal(t, strings.TrimSuffix(strings.Repeat("ab ", n), " "), a.Moves[0].After)
	assert.Equal(t, "x y", a.Moves[1].Before)
}

// TestCommentsBetweenRecords: a comment after the result token of a record
// read alone is dropped (there is no game after it); in a stream a comment
// between two records is the next game's comment, before those after its
// tags, and never makes a record of its own.
func TestCommentsBetweenRecords(t *testing.T) {
	a, err := record.Parse("[Event \"a\"]\n\n1. a3a4 * {played online}\n")
	require.NoError(t, err)
	assert.Equal(t, "a", a.Tags["Event"])
	r := record.NewReader(strings.NewReader("[Event \"a\"]\n\n1. a3a4 *\n{between}\n\n[Event \"b\"]\n\n{b's own} 1. a3a4 *\n{tagless} 1. g3g4 *\n"))
	var got []string
	for {
		a, err := r.Read()
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		got = append(got, a.Tags["Event"]+"|"+a.Comment)
	}
	assert.Equal(t, []string{"a|", "b|between b's own", "|tagless"}, got)
}

// TestLineCommentsAreKept: a ';' comment is read as a {comment} at its
// place, before or among the tags included, and written back in braces.
func TestLineCommentsAreKept(t *testing.T) {
	a, err := record.Parse("; before the tags\n[Event \"e\"]\n; among them\n[Site \"s\"]\n\n1. a3a4 ; why\n1... ; the reply\na7a6 *\n")
	require.NoError(t, err)
	assert.Equal(t, "before the tags among them", a.Comment)
	assert.Equal(t, "s", a.Tags["Site"])
	require.Len(t, a.Moves, 2)
	assert.Equal(t, "why", a.Moves[0].After)
	assert.Equal(t, "the reply", a.Moves[1].Before)
	text, err := a.MarshalText()
	require.NoError(t, err)
	assert.Contains(t, string(text), "{before the tags among them} 1. a3a4 {why} 1... {the reply} a7a6 *")

	plain, err := dsq.ParseRecord("; before the tags\n[Event \"e\"]\n{among them}\n[Site \"s\"]\n\n1. a3a4 *\n")
	require.NoError(t, err, "the plain reader takes comments among the tags too")
	site, _ := plain.Tag("Site")
	assert.Equal(t, "s", site)
}

// TestLineCommentWithBraceIsRefused: a ';' comment holding '}' could not
// be written back in braces, so it is refused rather than changed.
func TestLineCommentWithBraceIsRefused(t *testing.T) {
	_, err := record.Parse("1. a3a4 ; a } here\na7a6 *\n")
	require.ErrorIs(t, err, dsq.ErrRecord)
	var re *dsq.RecordError
	require.ErrorAs(t, err, &re)
	assert.Equal(t, 1, re.Line)
	assert.ErrorContains(t, err, "holds a '}'")
}

// TestNumericAnnotationsAreMarks: PGN's $1 to $6 are read as the marks they
// stand for and written back as symbols; a second mark, and $n past 255,
// are refused.
func TestNumericAnnotationsAreMarks(t *testing.T) {
	a, err := record.Parse("1. a3a4 $5 a7a6 $4 (1... g7g6 $3) 2. g3g4 $6 *\n")
	require.NoError(t, err)
	assert.Equal(t, record.Interesting, a.Moves[0].Mark)
	assert.Equal(t, record.Blunder, a.Moves[1].Mark)
	assert.Equal(t, record.Brilliant, a.Moves[1].Variations[0][0].Mark)
	assert.Equal(t, record.Dubious, a.Moves[2].Mark)
	text, err := a.MarshalText()
	require.NoError(t, err)
	assert.Contains(t, string(text), "1. a3a4!? a7a6?? (1... g7g6!!) 2. g3g4?! *")

	for _, bad := range []string{"1. a3a4 $256 *\n", "1. a3a4 $-1 *\n", "1. a3a4! $1 *\n"} {
		_, err := record.Parse(bad)
		require.ErrorIs(t, err, dsq.ErrRecord, bad)
		_, err = dsq.ParseRecord(bad)
		require.ErrorIs(t, err, dsq.ErrRecord, bad)
	}
}

// TestNumericAnnotationsSurvive: $0 and $7 to $255 are kept in the move's
// NAGs, in order, next to its mark, and written back as read.
func TestNumericAnnotationsSurvive(t *testing.T) {
	text := "1. a3a4!? $0 $7 $255 {why} a7a6 $14 (1... g7g6 $200) *\n"
	a, err := record.Parse(text)
	require.NoError(t, err)
	assert.Equal(t, record.Interesting, a.Moves[0].Mark)
	assert.Equal(t, []uint8{0, 7, 255}, a.Moves[0].NAGs)
	assert.Equal(t, []uint8{14}, a.Moves[1].NAGs)
	assert.Equal(t, []uint8{200}, a.Moves[1].Variations[0][0].NAGs)
	out, err := a.MarshalText()
	require.NoError(t, err)
	assert.Contains(t, string(out), "1. a3a4!? $0 $7 $255 {why} 1... a7a6 $14 (1... g7g6 $200) *")
	back, err := record.Parse(string(out))
	require.NoError(t, err)
	assert.Equal(t, a, back)

	a.Moves[0].NAGs = []uint8{3} // $3 is the mark !!, the Mark field's
	_, err = a.MarshalText()
	require.ErrorIs(t, err, dsq.ErrRecord)
	assert.ErrorContains(t, err, "NAG $3")
}

// TestReaderReturnsEveryGoodGameAfterABadOne: whatever the bad record
// holds, the good record after it is read, the bad one's error names the
// line it starts on, and no game is made of a stray token.
func TestReaderReturnsEveryGoodGameAfterABadOne(t *testing.T) {
	good := "[Event \"good\"]\n\n1. a3a4 *\n\n"
	for _, c := range []struct {
		name, bad string
		errors    int // the errors the bad text gives
	}{
		{"a comment with a line that starts with [", "[Event \"bad\"]\n\n1. a3a5 {see\n[Event \"not a tag\"]\n} *\n\n", 1},
		{"a bad tag with no movetext", "[Event \"bad\"]\n[Bad tag\n\n", 1},
		{"a bad start tag with no movetext", "[Start \"x\"]\n\n", 1},
		{"a bad start tag with a result token alone", "[Start \"x\"]\n\n*\n\n", 1},
		{"good tags with no movetext", "[Event \"bad\"]\n\n", 1},
		{"a stray result token", "*\n\n", 1},
		{"a bad tag in a comment's place", "[Event \"bad\"]\n{\n[Red \"x\"]\n\n1. a3a5 *\n\n", 1},
		{"a record longer than the limit", "[Event \"" + strings.Repeat("x", 300) + "\"]\n\n1. a3a4 *\n\n", 1},
		{"a move line longer than the limit", "[Event \"bad\"]\n\n" + strings.Repeat("1. a3a4 a7a6 2. a4a3 a6a7 ", 20) + "*\n\n", 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			text := good + c.bad + good
			r := record.NewReader(strings.NewReader(text), record.MaxRecordSize(200))
			var games, errs []string
			for {
				a, err := r.Read()
				if err == io.EOF {
					break
				}
				if err != nil {
					var re *dsq.RecordError
					require.ErrorAs(t, err, &re)
					assert.Equal(t, 5, re.RecordLine, "the bad record starts on line 5: %v", err)
					assert.Contains(t, err.Error(), "from line 5:")
					errs = append(errs, err.Error())
					continue
				}
				games = append(games, a.Tags["Event"])
			}
			assert.Equal(t, []string{"good", "good"}, games, "%q", text)
			assert.Len(t, errs, c.errors, "%q", errs)
		})
	}
}

// TestReaderNeverMakesAGameOfAStrayToken: a second result token after a
// record is an error, not an empty game.
func TestReaderNeverMakesAGameOfAStrayToken(t *testing.T) {
	r := record.NewReader(strings.NewReader("[Event \"a\"]\n\n1. a3a4 * *\n"))
	a, err := r.Read()
	require.NoError(t, err)
	assert.Equal(t, "a", a.Tags["Event"])
	a, err = r.Read()
	assert.Nil(t, a)
	var re *dsq.RecordError
	require.ErrorAs(t, err, &re)
	assert.Equal(t, 3, re.Line)
	_, err = r.Read()
	assert.Equal(t, io.EOF, err)
}

// TestReadHeaderSkipsTheMoves: ReadHeader returns every tag of each record
// as written, without reading the moves (an illegal one is not seen), and
// goes on after a record cut short.
func TestReadHeaderSkipsTheMoves(t *testing.T) {
	text := "{first}\n[Event \"a\"]\n[Result \"red wins: resignation\"]\n\n1. a3a4 {a * in a comment} (1. b3b4 *) ; *\n 2. a3a9?? $300 1-0\n\n" +
		"[Event \"b\"]\n\n1. a3a4\n\n" +
		"[Event \"c\"]\n[Start \"x\"]\n*\n"
	r := record.NewReader(strings.NewReader(text))
	h, err := r.ReadHeader()
	require.NoError(t, err)
	assert.Equal(t, map[string]string{"Event": "a", "Result": "red wins: resignation"}, h.Tags)
	assert.Equal(t, 1, h.Line)
	_, err = r.ReadHeader()
	var re *dsq.RecordError
	require.ErrorAs(t, err, &re, "b has no result token")
	assert.Equal(t, 8, re.RecordLine)
	h, err = r.ReadHeader()
	require.NoError(t, err)
	assert.Equal(t, map[string]string{"Event": "c", "Start": "x"}, h.Tags)
	_, err = r.ReadHeader()
	assert.Equal(t, io.EOF, err)
}

// TestReadHeaderThenRead: ReadHeader and Read may take turns.
func TestReadHeaderThenRead(t *testing.T) {
	r := record.NewReader(&gameStream{n: 4})
	for i := 1; i <= 4; i++ {
		if i%2 == 1 {
			h, err := r.ReadHeader()
			require.NoError(t, err)
			assert.Equal(t, fmt.Sprintf("game %d", i), h.Tags["Event"])
			continue
		}
		a, err := r.Read()
		require.NoError(t, err)
		assert.Equal(t, fmt.Sprintf("game %d", i), a.Tags["Event"])
		assert.Len(t, a.Moves, 100)
	}
	_, err := r.Read()
	assert.Equal(t, io.EOF, err)
}

// TestMaxRecordSize: a record as long as the limit is read; one byte more
// is refused, with ErrTooLong's reason, and the reader goes on.
func TestMaxRecordSize(t *testing.T) {
	rec := "[Event \"x\"]\n\n1. a3a4 *\n"
	r := record.NewReader(strings.NewReader(rec+rec+"\n"+rec), record.MaxRecordSize(int64(len(rec))))
	_, err := r.Read()
	require.NoError(t, err)
	_, err = r.Read()
	require.NoError(t, err)
	_, err = r.Read()
	require.ErrorIs(t, err, dsq.ErrRecord, "the blank line before it counts with the record")
	assert.ErrorContains(t, err, "longer than")
	_, err = r.Read()
	assert.Equal(t, io.EOF, err)
	assert.Equal(t, int64(16<<20), int64(record.DefaultMaxRecordSize))
}

// allocated returns the bytes f allocates.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestReadingTakesMemoryInProportion: reading a record of many tags or
// many half-moves allocates a small multiple of its length (about 6 and
// 36 bytes a byte, measured by BenchmarkReadLargeRecord; the bounds here
// are twice that and more).
func TestReadingTakesMemoryInProportion(t *testing.T) {
	for _, c := range []struct {
		name  string
		text  string
		bound float64
	}{
		{"tags", manyTags(20_000), 16},
		{"plies", manyPlies(20_000), 80},
	} {
		t.Run(c.name, func(t *testing.T) {
			for name, read := range map[string]func(){
				"Parse":  func() { _, err := record.Parse(c.text); require.NoError(t, err) },
				"Reader": func() { _, err := record.NewReader(strings.NewReader(c.text)).Read(); require.NoError(t, err) },
			} {
				perByte := float64(allocated(read)) / float64(len(c.text))
				assert.Less(t, perByte, c.bound, "%s allocates %.1f bytes a byte of input", name, perByte)
			}
		})
	}
}

// TestReaderTellsTwoBadRecordsApart: tags without moves, then a record
// whose first tag line is bad, are two errors, each naming its own record;
// the good record after them is read.
func TestReaderTellsTwoBadRecordsApart(t *testing.T) {
	text := "[Event \"a\"]\n\n[Bad tag\n[Red \"x\"]\n\n1. a3a4 *\n\n[Event \"good\"]\n\n1. a3a4 *\n"
	r := record.NewReader(strings.NewReader(text))
	var re *dsq.RecordError
	_, err := r.Read()
	require.ErrorAs(t, err, &re)
	assert.Equal(t, 1, re.RecordLine, "%v", err)
	assert.ErrorContains(t, err, "tags without moves")
	_, err = r.Read()
	require.ErrorAs(t, err, &re)
	assert.Equal(t, 3, re.RecordLine, "%v", err)
	assert.Equal(t, 3, re.Line, "%v", err)
	a, err := r.Read()
	require.NoError(t, err)
	assert.Equal(t, "good", a.Tags["Event"])
	_, err = r.Read()
	assert.Equal(t, io.EOF, err)
}
