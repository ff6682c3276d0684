package record_test

import (
	"io"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/record"
)

// FuzzParse: whatever Parse accepts, MarshalText writes and Parse reads
// back as the same tree, and dsq.ParseRecord reads the same input as the
// same main line.
func FuzzParse(f *testing.F) {
	f.Add("[Red \"a\"]\n\n{c} 1. a3a4!? {x} (1. g3g4 (1. b3b4) 1... g7g6?!) 1... a7a6 *\n")
	f.Add("[Result \"blue wins: resignation\"]\n[Rules \"threefold\"]\n\n1. a3a4 {a\nb} 0-1\n")
	f.Add("[Start \"7/7/3l3/7/7/7/3L3/7/7 b 0 4\"]\n[DrawOffer \"red\"]\n\n4... d7e7 (4... {why} d7c7!) 5. d3e3 *\n")
	f.Add("; a line comment\n[Event \"e\"]\n{among the tags}\n[Site \"s\"]\n\n1. a3a4 $5 ; why\n1... a7a6 $4 (1... g7g6 $1) *\n")
	f.Add("1. a3a4 $0 $7 ! $255 {c} a7a6 $14 (1... g7g6 $200 $2) *\n")
	f.Add("[Start \"3D3/7/7/7/7/7/7/7/l6 b 0 40\"]\n[Result \"red wins: den entered\"]\n\n1-0\n")
	f.Fuzz(func(t *testing.T, text string) {
		a, err := record.Parse(text)
		plain, plainErr := dsq.ParseRecord(text)
		if err != nil {
			return
		}
		require.NoError(t, plainErr, "dsq.ParseRecord refuses what record.Parse reads")
		main, err := a.Game()
		require.NoError(t, err)
		assert.Equal(t, plain.Record(), main.Record())

		out, err := a.MarshalText()
		require.NoError(t, err)
		back, err := record.Parse(string(out))
		require.NoError(t, err, "%s", out)
		again, err := back.MarshalText()
		require.NoError(t, err)
		assert.Equal(t, string(out), string(again))
	})
}

// FuzzReaderStream writes random annotated games (tags, comments, marks,
// NAGs, variations) as one stream, with corrupted records among them: a
// move the rules refuse, a stray parenthesis, a bad tag line, a start that
// does not parse, a record cut short, invalid UTF-8, a comment holding a
// line that starts with '[', a stray result token. Reading the stream returns every good game, equal to
// the one written and in order, an error for each bad record, and no game
// else.
func FuzzReaderStream(f *testing.F) {
	f.Add(uint64(1), uint64(2), []byte{0, 1, 2, 3, 4, 5, 6, 7})
	f.Add(uint64(7), uint64(9), []byte{9, 9, 9})
	f.Add(uint64(42), uint64(0), []byte{3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5})
	f.Fuzz(func(t *testing.T, seed1, seed2 uint64, kinds []byte) {
		rng := rand.New(rand.NewPCG(seed1, seed2))
		if len(kinds) > 8 {
			kinds = kinds[:8]
		}
		var stream strings.Builder
		var want []string
		bad := 0
		for _, k := range kinds {
			a := randomGame(rng)
			out, err := a.MarshalText()
			require.NoError(t, err)
			text := string(out)
			head, moves, ok := strings.Cut(text, "\n\n")
			require.True(t, ok)
			if len(a.Moves) == 0 && k%10 == 3 { // an illegal move needs a move to replace
				k = 0
			}
			switch k % 10 {
			case 0, 1, 2: // good
				want = append(want, text)
			case 3: // a move the rules refuse
				i := moveAt.FindStringIndex(moves)
				require.NotNil(t, i, moves)
				text = head + "\n\n" + moves[:i[0]] + "a3a9" + moves[i[1]:]
				bad++
			case 4: // a stray parenthesis, after a comment with a line that starts with '['
				text = head + "\n\n{see\n[Event \"not a tag\"]\n} ) " + moves
				bad++
			case 5: // a bad tag line
				text = "[Bad tag\n" + text
				bad++
			case 6: // cut short before its result token, outside a comment (a comment cut short runs to the next '}', as in PGN)
				end := strings.LastIndexAny(strings.TrimRight(moves, "\n"), " \n")
				cuts := []int{0} // the movetext gone
				depth := 0
				for i := range end + 1 {
					switch moves[i] {
					case '{':
						depth++
					case '}':
						depth--
					}
					if depth == 0 && moves[i] != '}' && i > 0 {
						cuts = append(cuts, i)
					}
				}
				text = head + "\n\n" + moves[:cuts[rng.IntN(len(cuts))]] + "\n"
				bad++
			case 7: // invalid UTF-8
				text = head + "\n\n{\xff} " + moves
				bad++
			case 8: // a stray result token after a good game
				want = append(want, text)
				text += "\n*\n"
				bad++
			case 9: // a start position that does not parse
				i := strings.Index(text, "[Start \"")
				require.GreaterOrEqual(t, i, 0, text)
				text = text[:i] + "[Start \"x" + text[i+len("[Start \""):]
				bad++
			}
			stream.WriteString(text + "\n")
		}
		r := record.NewReader(strings.NewReader(stream.String()))
		var got []string
		errs := 0
		for {
			a, err := r.Read()
			if err == io.EOF {
				break
			}
			if err != nil {
				var re *dsq.RecordError
				require.ErrorAs(t, err, &re)
				require.Positive(t, re.RecordLine, "%v", err)
				errs++
				require.LessOrEqual(t, errs, bad, "an error for a good record: %v\n%s", err, stream.String())
				continue
			}
			out, err := a.MarshalText()
			require.NoError(t, err)
			got = append(got, string(out))
		}
		require.Equal(t, want, got, "%s", stream.String())
		require.Equal(t, bad, errs, "%s", stream.String())
	})
}

// moveAt finds a move in a record's movetext.
var moveAt = regexp.MustCompile(`\b[a-g][1-9][a-g][1-9]\b`)

// randomGame returns a random annotated game: tags, a start, a main line
// with marks, NAGs, comments and variations, its result.
func randomGame(rng *rand.Rand) *record.Game {
	starts := []string{dsq.StartNotation, "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L b 0 7", "7/7/3l3/7/7/7/3L3/7/7 r 0 1"}
	pos, err := dsq.ParsePosition(starts[rng.IntN(len(starts))])
	if err != nil {
		panic(err)
	}
	g, err := dsq.NewGameRules(pos, dsq.Standard)
	if err != nil {
		panic(err)
	}
	a := &record.Game{Start: pos}
	for _, name := range []string{"Event", "Site", "Red", "Blue", "Note_1"} {
		if rng.IntN(2) == 0 {
			if a.Tags == nil {
				a.Tags = map[string]string{}
			}
			a.Tags[name] = []string{"", "club", "ünï ☺", `a "quoted" [value]`, "x]\n"}[rng.IntN(4)]
		}
	}
	if rng.IntN(3) == 0 {
		a.Comment = "the game's comment"
	}
	a.Moves = randomLine(rng, *g, rng.IntN(12), 0)
	var annotate func(nodes []*record.Node)
	annotate = func(nodes []*record.Node) {
		for _, n := range nodes {
			for range rng.IntN(3) {
				nag := uint8(rng.IntN(256))
				if nag >= 1 && nag <= 6 {
					nag = 0
				}
				n.NAGs = append(n.NAGs, nag)
			}
			for _, v := range n.Variations {
				annotate(v)
			}
		}
	}
	annotate(a.Moves)
	main, err := a.Game()
	if err != nil {
		panic(err)
	}
	a.Outcome = main.Outcome()
	if !a.Outcome.IsDecided() && rng.IntN(3) == 0 {
		a.Outcome = dsq.Outcome{Reason: dsq.Resigned, Winner: dsq.Color(rng.IntN(2))}
	}
	return a
}
