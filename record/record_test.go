package record_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/record"
)

// randomLine plays up to n random legal moves from g, each with a random
// mark and comments, and at depth < 3 some variations of its own.
func randomLine(rng *rand.Rand, g dsq.Game, n, depth int) []*record.Node {
	var nodes []*record.Node
	comments := []string{"", "", "", "quiet", "a {sharp} idea", "two\nlines", "ünïcode ☺"}
	for range n {
		moves := g.LegalMoves()
		if len(moves) == 0 {
			break
		}
		before := g
		m := moves[rng.IntN(len(moves))]
		if err := g.Play(m); err != nil {
			panic(err)
		}
		node := &record.Node{Move: m, Mark: record.Mark(rng.IntN(7)), After: comments[rng.IntN(len(comments))]}
		node.After = strings.ReplaceAll(node.After, "}", ")") // a comment holds no '}'
		node.After = strings.ReplaceAll(node.After, "{", "(")
		if rng.IntN(4) == 0 {
			node.Before = "before"
		}
		if depth < 3 && rng.IntN(3) == 0 {
			for range 1 + rng.IntN(2) {
				if v := randomLine(rng, before, 1+rng.IntN(4), depth+1); len(v) > 0 {
					node.Variations = append(node.Variations, v)
				}
			}
		}
		nodes = append(nodes, node)
	}
	return nodes
}

// TestAnnotatedRecordRoundTrip: random annotated games are written and
// read back as the same tree, and dsq.ParseRecord reads the same text as
// the main line.
func TestAnnotatedRecordRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 200 {
		g := dsq.NewGame()
		if i%3 == 0 {
			pos, err := dsq.ParsePosition("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L b 0 5")
			require.NoError(t, err)
			g, err = dsq.NewGameRules(pos, dsq.Rules{Threefold: true, TrappedCapture: true})
			require.NoError(t, err)
		}
		require.NoError(t, g.SetTag("Event", "round trip"))
		main := randomLine(rng, *g, rng.IntN(40), 0)
		for _, n := range main {
			require.NoError(t, g.Play(n.Move))
		}
		switch rng.IntN(4) {
		case 0:
			_ = g.Resign(dsq.Blue)
		case 1:
			_ = g.OfferDraw(dsq.Red)
		}
		a := record.FromGame(g)
		a.Moves = main
		if rng.IntN(2) == 0 {
			a.Comment = "from the club"
		}
		text, err := a.MarshalText()
		require.NoError(t, err)

		back, err := record.Parse(string(text))
		require.NoError(t, err, "%s", text)
		assert.Equal(t, a, back, "%s", text)
		again, err := back.MarshalText()
		require.NoError(t, err)
		assert.Equal(t, string(text), string(again))

		plain, err := dsq.ParseRecord(string(text))
		require.NoError(t, err, "%s", text)
		assert.Equal(t, g.Moves(), plain.Moves())
		assert.Equal(t, g.Outcome(), plain.Outcome())
		assert.Equal(t, g.Record(), plain.Record(), "the main line, header included")
	}
}

func TestFromGameAndBack(t *testing.T) {
	g := dsq.NewGame()
	for _, m := range []string{"a3a4", "a7a6"} {
		_, err := g.PlayText(m)
		require.NoError(t, err)
	}
	require.NoError(t, g.SetTag("Red", "alice"))
	require.NoError(t, g.OfferDraw(dsq.Blue))
	a := record.FromGame(g)
	require.NotNil(t, a.DrawOffer)
	assert.Equal(t, dsq.Blue, *a.DrawOffer)
	back, err := a.Game()
	require.NoError(t, err)
	assert.Equal(t, g.Record(), back.Record())
	text, err := a.MarshalText()
	require.NoError(t, err)
	assert.Equal(t, g.Record(), string(text), "a game without annotations is written as Record writes it")
}

func colorPtr(c dsq.Color) *dsq.Color { return &c }

func TestGameWithoutDrawOfferOffersNothing(t *testing.T) {
	a := &record.Game{Moves: []*record.Node{{Move: dsq.NewMove(dsq.A3, dsq.A4)}}}
	text, err := a.MarshalText()
	require.NoError(t, err)
	assert.NotContains(t, string(text), "DrawOffer")
	g, err := a.Game()
	require.NoError(t, err)
	_, offered := g.DrawOffer()
	assert.False(t, offered)

	a.DrawOffer = colorPtr(dsq.Red)
	g, err = a.Game()
	require.NoError(t, err)
	c, offered := g.DrawOffer()
	assert.True(t, offered)
	assert.Equal(t, dsq.Red, c)
}

func TestParseReadsNoDrawOfferAsNil(t *testing.T) {
	a, err := record.Parse("1. a3a4 *\n")
	require.NoError(t, err)
	assert.Nil(t, a.DrawOffer)
}

func TestNilNodeIsRefusedWithoutPanic(t *testing.T) {
	a3a4, a7a6 := dsq.NewMove(dsq.A3, dsq.A4), dsq.NewMove(dsq.A7, dsq.A6)
	for name, c := range map[string]struct {
		game  *record.Game
		where string
	}{
		"in the main line": {&record.Game{Moves: []*record.Node{{Move: a3a4}, nil}}, "the main line: node 2 is nil"},
		"in a variation": {&record.Game{Moves: []*record.Node{{Move: a3a4}, {Move: a7a6, Variations: [][]*record.Node{{nil}}}}},
			"the main line, node 2, variation 1: node 1 is nil"},
	} {
		t.Run(name, func(t *testing.T) {
			text, err := c.game.MarshalText()
			require.ErrorIs(t, err, dsq.ErrRecord)
			assert.ErrorContains(t, err, c.where)
			assert.Nil(t, text)
			assert.Empty(t, c.game.String())
			g, err := c.game.Game()
			require.ErrorIs(t, err, dsq.ErrRecord)
			assert.ErrorContains(t, err, c.where)
			assert.Nil(t, g)
		})
	}
}

func TestReservedTagInTagsIsRefusedByName(t *testing.T) {
	for _, name := range []string{"Start", "Rules", "Result", "DrawOffer"} {
		t.Run(name, func(t *testing.T) {
			a := &record.Game{Tags: map[string]string{"Red": "alice", name: "x"}, Moves: []*record.Node{{Move: dsq.NewMove(dsq.A3, dsq.A4)}}}
			_, err := a.MarshalText()
			require.ErrorIs(t, err, dsq.ErrRecord)
			require.ErrorIs(t, err, dsq.ErrTag)
			assert.ErrorContains(t, err, `tag "`+name+`" in Tags`)
			assert.NotContains(t, err.Error(), "line", "there is no text the caller saw")
			_, err = a.Game()
			assert.ErrorContains(t, err, `tag "`+name+`" in Tags`)
		})
	}
}

func TestWritingErrorsNameTheMoveAndTheLine(t *testing.T) {
	a3a4, a7a6 := dsq.NewMove(dsq.A3, dsq.A4), dsq.NewMove(dsq.A7, dsq.A6)
	for name, c := range map[string]struct {
		game         *record.Game
		number       int
		side         dsq.Color
		move, reason string
		sentinel     error
	}{
		"an illegal move in a variation": {
			&record.Game{Moves: []*record.Node{{Move: a3a4}, {Move: a7a6, Variations: [][]*record.Node{{{Move: dsq.NewMove(dsq.A7, dsq.A5)}}}}}},
			1, dsq.Blue, "a7a5", "the main line, node 2, variation 1: ", dsq.ErrNotAStep},
		"a comment with } after a move": {
			&record.Game{Moves: []*record.Node{{Move: a3a4, After: "x } y"}}},
			1, dsq.Red, "a3a4", "the main line: the comment after: ", nil},
		"an unknown mark": {
			&record.Game{Moves: []*record.Node{{Move: a3a4}, {Move: a7a6, Mark: 9}}},
			1, dsq.Blue, "a7a6", "the main line: mark 9", dsq.ErrSyntax},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := c.game.MarshalText()
			require.ErrorIs(t, err, dsq.ErrRecord)
			if c.sentinel != nil {
				require.ErrorIs(t, err, c.sentinel)
			}
			var re *dsq.RecordError
			require.ErrorAs(t, err, &re)
			assert.Equal(t, 0, re.Line)
			assert.Equal(t, c.number, re.MoveNumber)
			assert.Equal(t, c.side, re.Side)
			assert.Equal(t, c.move, re.Move)
			assert.Contains(t, re.Err.Error(), c.reason)
		})
	}
}

func TestGameErrorNamesTheMainLineMoveWithoutALine(t *testing.T) {
	a := &record.Game{Moves: []*record.Node{{Move: dsq.NewMove(dsq.A3, dsq.A4)}, {Move: dsq.NewMove(dsq.A7, dsq.A5)}}}
	_, err := a.Game()
	var re *dsq.RecordError
	require.ErrorAs(t, err, &re)
	require.ErrorIs(t, err, dsq.ErrNotAStep)
	assert.Equal(t, 0, re.Line, "the text with lines is the package's own")
	assert.Equal(t, 1, re.MoveNumber)
	assert.Equal(t, dsq.Blue, re.Side)
	assert.Equal(t, "a7a5", re.Move)
	assert.ErrorContains(t, err, "the main line")
}

// TestMarshalTextRefusesWhatCannotBeRead: an illegal move in any line, a
// comment with '}', an empty variation, an unknown mark and a header the
// main line does not allow are refused, and nothing is written.
func TestMarshalTextRefusesWhatCannotBeRead(t *testing.T) {
	a3a4, a7a6, g3g4 := dsq.NewMove(dsq.A3, dsq.A4), dsq.NewMove(dsq.A7, dsq.A6), dsq.NewMove(dsq.G3, dsq.G4)
	for name, a := range map[string]*record.Game{
		"illegal main line move":          {Moves: []*record.Node{{Move: dsq.NewMove(dsq.A3, dsq.A5)}}},
		"illegal variation move":          {Moves: []*record.Node{{Move: a3a4, Variations: [][]*record.Node{{{Move: a7a6}}}}}},
		"a comment with }":                {Moves: []*record.Node{{Move: a3a4, After: "x } y"}}},
		"a comment before, with }":        {Moves: []*record.Node{{Move: a3a4}, {Move: a7a6, Before: "}"}}},
		"a game comment with }":           {Comment: "}"},
		"an empty variation":              {Moves: []*record.Node{{Move: a3a4, Variations: [][]*record.Node{{}}}}},
		"an unknown mark":                 {Moves: []*record.Node{{Move: a3a4, Mark: 9}}},
		"a nil node in the main line":     {Moves: []*record.Node{nil}},
		"a nil node":                      {Moves: []*record.Node{{Move: a3a4, Variations: [][]*record.Node{{nil}}}}},
		"a reserved tag":                  {Tags: map[string]string{"Result": "*"}},
		"a result the moves do not give":  {Outcome: dsq.Outcome{Reason: dsq.DenEntered, Winner: dsq.Red}, Moves: []*record.Node{{Move: g3g4}}},
		"an offer in a game that is over": {Outcome: dsq.Outcome{Reason: dsq.Resigned, Winner: dsq.Red}, DrawOffer: colorPtr(dsq.Blue)},
	} {
		t.Run(name, func(t *testing.T) {
			text, err := a.MarshalText()
			assert.Error(t, err)
			assert.Nil(t, text)
			assert.Empty(t, a.String())
		})
	}
}

func TestMarks(t *testing.T) {
	for m, s := range map[record.Mark]string{record.NoMark: "", record.Brilliant: "!!", record.Good: "!", record.Interesting: "!?", record.Dubious: "?!", record.Mistake: "?", record.Blunder: "??"} {
		assert.Equal(t, s, m.String())
		back, err := record.ParseMark(s)
		require.NoError(t, err)
		assert.Equal(t, m, back)
	}
	for _, bad := range []string{"!!!", "?!?", "x", "！"} {
		_, err := record.ParseMark(bad)
		assert.ErrorIs(t, err, dsq.ErrSyntax, bad)
	}
	assert.Empty(t, record.Mark(7).String())
}

// TestDeepVariations: variations nest up to MaxDepth, and no deeper, on
// write and read.
func TestDeepVariations(t *testing.T) {
	a3a4, g3g4 := dsq.NewMove(dsq.A3, dsq.A4), dsq.NewMove(dsq.G3, dsq.G4)
	nest := func(depth int) *record.Game {
		inner := []*record.Node{{Move: g3g4}}
		for range depth - 1 {
			inner = []*record.Node{{Move: a3a4, Variations: [][]*record.Node{inner}}}
		}
		return &record.Game{Moves: []*record.Node{{Move: a3a4, Variations: [][]*record.Node{inner}}}}
	}
	text, err := nest(record.MaxDepth).MarshalText()
	require.NoError(t, err)
	_, err = record.Parse(string(text))
	require.NoError(t, err)
	_, err = nest(record.MaxDepth + 1).MarshalText()
	assert.Error(t, err)
	deep := "1. a3a4 " + strings.Repeat("(1. g3g4 ", record.MaxDepth+1) + strings.Repeat(")", record.MaxDepth+1) + " *\n"
	_, err = record.Parse(deep)
	assert.ErrorContains(t, err, "nested deeper")
	_, err = record.Parse("1. a3a4 " + strings.Repeat("(", 1_000_000) + " *\n")
	assert.Error(t, err, "a million open variations is an error, not a crash")
}

// TestTagNamesAreCheckedOnWrite: a name in Tags that dsq.Game.SetTag
// refuses (one that would write other tags, or other rules) is refused by
// MarshalText and Game with dsq.ErrTag, and nothing is written; so is a
// value SetTag refuses.
func TestTagNamesAreCheckedOnWrite(t *testing.T) {
	for name, tags := range map[string]map[string]string{
		"a name that writes a tag": {"Event \"x\"]\n[Rules": "threefold"},
		"a name with a space":      {"Two words": "x"},
		"an empty name":            {"": "x"},
		"a value with a newline":   {"Event": "x\"]\n[Rules \"threefold"},
	} {
		t.Run(name, func(t *testing.T) {
			for k, v := range tags {
				require.Error(t, dsq.NewGame().SetTag(k, v), "SetTag refuses it too")
			}
			a := &record.Game{Tags: tags, Moves: []*record.Node{{Move: dsq.NewMove(dsq.A3, dsq.A4)}}}
			text, err := a.MarshalText()
			assert.Nil(t, text)
			require.ErrorIs(t, err, dsq.ErrRecord)
			require.ErrorIs(t, err, dsq.ErrTag)
			_, err = a.Game()
			require.ErrorIs(t, err, dsq.ErrTag)
		})
	}
}

// TestDecidedStartsReadBack: a game decided at its start (the no-capture
// count at the limit, a den entered) is written by either writer and read
// back by both readers as the same game.
func TestDecidedStartsReadBack(t *testing.T) {
	for name, start := range map[string]string{
		"the no-capture count at the limit": "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L r 200 101 move-limit=200",
		"a den entered":                     "3D3/7/7/7/7/7/7/7/l6 b 0 40",
	} {
		t.Run(name, func(t *testing.T) {
			pos, err := dsq.ParsePosition(start)
			require.NoError(t, err)
			require.True(t, pos.Outcome().IsDecided(), "the start is decided")
			g, err := dsq.NewGameRules(pos, pos.Rules())
			require.NoError(t, err)
			for _, text := range []string{g.Record(), record.FromGame(g).String()} {
				require.NotEmpty(t, text)
				a, err := record.Parse(text)
				require.NoError(t, err, text)
				assert.Equal(t, g.Outcome(), a.Outcome)
				assert.Equal(t, pos, a.Start)
				plain, err := dsq.ParseRecord(text)
				require.NoError(t, err, text)
				assert.Equal(t, g.Record(), plain.Record())
			}
		})
	}
}
