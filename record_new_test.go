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
			assert.Equal(t, dsq.Outcome{Reason: dsq.DrawAgreed}, back.Outcome())
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

// FuzzRecordRoundTrip plays a random legal game from the fuzz bytes, with
// random rules, tags, draw offers, undos and endings (resignation, agreed
// draw, the rules' own), and checks that both record forms read back as
// the same game.
func FuzzRecordRoundTrip(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add([]byte{2, 0, 0, 0, 0, 0, 0, 0, 5, 1, 7, 0})
	f.Add([]byte{1, 3, 0, 1, 0, 2, 5, 2, 0, 3, 1, 0, 6, 0})
	f.Add([]byte("\x04\x02Red\x00alice\x02Note\x00\xe4\xb8\xad\x00\x05\x01"))
	f.Add([]byte{7, 0, 0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 9, 9})
	starts := []string{
		dsq.StartNotation,
		"7/7/3l3/7/7/7/3L3/7/7 r 0 1",
		"l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L b 0 7",
		"7/7/3L3/7/7/7/7/7/e6 r 0 1",
		"2e4/7/7/7/7/7/7/7/2L4 b 55 30",
	}
	tagNames := []string{"Event", "Site", "Date", "Red", "Blue", "Note", "Round_2", "z"}
	f.Fuzz(func(t *testing.T, data []byte) {
		next := func() int {
			if len(data) == 0 {
				return 0
			}
			b := data[0]
			data = data[1:]
			return int(b)
		}
		head := next()
		pos, err := dsq.ParsePosition(starts[head%len(starts)])
		require.NoError(t, err)
		rules := dsq.Rules{
			TrappedCapture: head&8 != 0,
			SwapDogWolf:    head&16 != 0,
			Threefold:      head&32 != 0,
			MoveLimit:      []int{0, dsq.NoMoveLimit, 3, 200}[head>>6],
		}
		g, err := dsq.NewGameRules(pos, rules)
		require.NoError(t, err)
		for len(data) > 0 {
			switch next() % 10 {
			case 0, 1, 2, 3: // a move
				if moves := g.LegalMoves(); len(moves) > 0 {
					require.NoError(t, g.Play(moves[next()%len(moves)]))
				}
			case 4: // a tag, its value from the bytes up to a 0
				name := tagNames[next()%len(tagNames)]
				end := strings.IndexByte(string(data), 0)
				if end < 0 {
					end = len(data)
				}
				value := string(data[:end])
				data = data[end:]
				_ = g.SetTag(name, value) // a value a record cannot hold is refused, and then nothing changes
			case 5:
				g.DeleteTag(tagNames[next()%len(tagNames)])
			case 6:
				_ = g.OfferDraw(dsq.Color(next() % 2))
			case 7:
				_ = g.Undo()
			case 8:
				if next()%2 == 0 {
					_ = g.Resign(dsq.Color(next() % 2))
				} else {
					_ = g.AcceptDraw(dsq.Color(next() % 2))
				}
			case 9:
				_ = g.DeclineDraw(dsq.Color(next() % 2))
			}
		}
		requireRoundTrip(t, g)
	})
}

// BenchmarkParseRecordLongest reads back the record of a legal game of
// 160,000 half-moves (about 1.35 MB of text), and its JSON.
func BenchmarkParseRecordLongest(b *testing.B) {
	g := longGame(b, 160_000)
	text := g.Record()
	data, err := json.Marshal(g)
	require.NoError(b, err)
	b.Run("text", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(text)))
		for range b.N {
			if _, err := dsq.ParseRecord(text); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("JSON", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(data)))
		for range b.N {
			if _, err := dsq.ParseRecordJSON(data); err != nil {
				b.Fatal(err)
			}
		}
	})
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
		{"two marks", "1. a3a4 !? ! *\n", "not after a move", 1},
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
