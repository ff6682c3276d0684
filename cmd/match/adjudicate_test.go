package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/endgame"
	"github.com/doushouqi/doushouqi/uci"
)

// cp, mate and none are one half-move's score, as its mover reported it.
func cp(v int) ply   { return ply{score: uci.Score{Value: v}, scored: true} }
func mate(v int) ply { return ply{score: uci.Score{Mate: true, Value: v}, scored: true} }

var none = ply{}

type ply struct {
	score  uci.Score
	scored bool
}

// TestScoreJudgeSettlesGames feeds the judge the scores of half-moves
// played alternately by Red (first) and Blue from the game's start, each
// from its mover's point of view, and checks the half-move at which it
// settles the game, if any.
func TestScoreJudgeSettlesGames(t *testing.T) {
	win := Adjudication{WinScore: 500, WinMoves: 2}
	draw := Adjudication{DrawPlies: 4, DrawScore: 20, DrawMoves: 2}
	both := Adjudication{WinScore: 500, WinMoves: 2, DrawPlies: 0, DrawScore: 20, DrawMoves: 2}
	cases := []struct {
		name   string
		adj    Adjudication
		scores []ply
		at     int // 1-based half-move that settles the game; 0: none does
		want   verdict
	}{
		{"both see red ahead for two moves each", win, []ply{cp(600), cp(-600), cp(700), cp(-500)}, 4, verdict{rule: ruleScore, winner: dsq.Red}},
		{"both see blue ahead", win, []ply{cp(-900), cp(900), cp(-800), cp(501), cp(0)}, 4, verdict{rule: ruleScore, winner: dsq.Blue}},
		{"the margin is inclusive", win, []ply{cp(500), cp(-500), cp(500), cp(-500)}, 4, verdict{rule: ruleScore, winner: dsq.Red}},
		{"one engine short of the margin", win, []ply{cp(600), cp(-499), cp(600), cp(-499), cp(600), cp(-499)}, 0, verdict{}},
		{"a run broken starts again", win, []ply{cp(600), cp(-600), cp(100), cp(-600), cp(600), cp(-600), cp(600)}, 7, verdict{rule: ruleScore, winner: dsq.Red}},
		{"a run for the other side starts again", win, []ply{cp(600), cp(-600), cp(-600), cp(600), cp(-600), cp(600)}, 6, verdict{rule: ruleScore, winner: dsq.Blue}},
		{"mate scores are beyond any margin", Adjudication{WinScore: 900_000, WinMoves: 2}, []ply{mate(5), mate(-4), mate(4), mate(0)}, 4, verdict{rule: ruleScore, winner: dsq.Red}},
		{"a mated mover is behind", Adjudication{WinScore: 900_000, WinMoves: 1}, []ply{mate(-3), mate(3)}, 2, verdict{rule: ruleScore, winner: dsq.Blue}},
		{"an unscored move breaks the run", win, []ply{cp(600), cp(-600), cp(600), none, cp(600), cp(-600)}, 0, verdict{}},
		{"win adjudication off", Adjudication{WinScore: 500}, []ply{cp(600), cp(-600), cp(600), cp(-600)}, 0, verdict{}},
		{"level after the minimum length", draw, []ply{cp(0), cp(0), cp(0), cp(5), cp(-20), cp(20), cp(0), cp(10)}, 8, verdict{rule: ruleScore, draw: true}},
		{"a score outside the band breaks the run", draw, []ply{cp(0), cp(0), cp(0), cp(0), cp(0), cp(21), cp(0), cp(0), cp(0), cp(0)}, 10, verdict{rule: ruleScore, draw: true}},
		{"a mate score is never level", draw, []ply{cp(0), cp(0), cp(0), cp(0), cp(0), mate(0), cp(0), cp(0), cp(0)}, 0, verdict{}},
		{"an unscored move is never level", draw, []ply{cp(0), cp(0), cp(0), cp(0), none, cp(0), cp(0), cp(0)}, 0, verdict{}},
		{"draw adjudication off", Adjudication{DrawScore: 20}, []ply{cp(0), cp(0), cp(0), cp(0), cp(0), cp(0)}, 0, verdict{}},
		{"level, then one side ahead", both, []ply{cp(0), cp(0), cp(0), cp(-600), cp(600), cp(-600), cp(600)}, 7, verdict{rule: ruleScore, winner: dsq.Red}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			j := scoreJudge{adj: c.adj}
			at, got := 0, verdict{}
			for i, p := range c.scores {
				mover := dsq.Red
				if i%2 == 1 {
					mover = dsq.Blue
				}
				if v, ok := j.add(mover, p.score, p.scored, i); ok { // i half-moves played before it
					at, got = i+1, v
					break
				}
			}
			assert.Equal(t, c.at, at, "half-move settling the game")
			assert.Equal(t, c.want, got)
		})
	}
}

func TestAdjudicationValidate(t *testing.T) {
	good := []Adjudication{
		{},
		{WinScore: 1000, WinMoves: 3, DrawPlies: 80, DrawScore: 20, DrawMoves: 8, Nodes: 10000},
		{WinScore: 0, DrawScore: 0, DrawMoves: 1}, // a margin matters only with win adjudication on
	}
	for _, a := range good {
		assert.NoError(t, a.Validate(), "%+v", a)
	}
	bad := []Adjudication{
		{WinMoves: -1, WinScore: 100},
		{DrawMoves: -1},
		{DrawPlies: -1, DrawMoves: 1},
		{DrawScore: -1, DrawMoves: 1},
		{WinMoves: 3, WinScore: 0},
		{WinMoves: 3, WinScore: 2_000_000},
		{WinMoves: 1001, WinScore: 100},
		{WinMoves: 3, WinScore: 100, DrawMoves: 3, DrawScore: 100},
		{Nodes: 2e9},
	}
	for _, a := range bad {
		assert.Error(t, a.Validate(), "%+v", a)
	}
}

// lionRat returns a directory with the tables of lion against rat (and of
// the endings their captures lead to) under rules.
func lionRat(t *testing.T, rules dsq.Rules) string {
	t.Helper()
	ts, err := endgame.NewTables(rules)
	require.NoError(t, err)
	m, err := endgame.ParseMaterial("Lvr")
	require.NoError(t, err)
	require.NoError(t, ts.Generate([]endgame.Material{m}, endgame.Options{}))
	dir := t.TempDir()
	for _, m := range ts.Materials() {
		require.NoError(t, ts.Table(m).WriteFile(dir))
	}
	return dir
}

// lionRatOpening is a lion against a rat, Red to move.
const lionRatOpening = "7/7/7/7/3r3/7/7/2L4/7 r 0 1"

// TestTablebaseAdjudicatesAtOnce: a game that starts in the tables ends
// there with their result, in its record and in the report; tables for
// other rules adjudicate nothing.
func TestTablebaseAdjudicatesAtOnce(t *testing.T) {
	dir := lionRat(t, dsq.Standard)
	ts, note, err := openTables(dir, dsq.Standard)
	require.NoError(t, err)
	require.Empty(t, note)
	pos, err := dsq.ParsePosition(lionRatOpening)
	require.NoError(t, err)
	v, ok := probe(ts, pos)
	require.True(t, ok)
	want, _ := ts.Probe(pos)
	switch want.Result {
	case endgame.Win:
		assert.Equal(t, verdict{rule: ruleTablebase, winner: dsq.Red}, v)
	case endgame.Loss:
		assert.Equal(t, verdict{rule: ruleTablebase, winner: dsq.Blue}, v)
	default:
		assert.Equal(t, verdict{rule: ruleTablebase, draw: true}, v)
	}
	full, err := dsq.ParsePosition("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L r 0 1")
	require.NoError(t, err)
	_, ok = probe(ts, full)
	assert.False(t, ok, "a material without a table")
	_, ok = probe(nil, pos)
	assert.False(t, ok, "no tables")

	openings := filepath.Join(t.TempDir(), "openings.txt")
	require.NoError(t, os.WriteFile(openings, []byte(lionRatOpening+"\n"), 0o644))
	records := filepath.Join(t.TempDir(), "games.txt")
	code, out, progress := runMatch(t, "-a", "depth=1", "-b", "name=b,depth=1", "-openings", openings, "-games", "2", "-tb", dir, "-records", records)
	require.Equal(t, 0, code, progress)
	assert.Contains(t, out, "adjudication: tablebase (")
	data, err := os.ReadFile(records)
	require.NoError(t, err)
	texts := splitRecords(string(data))
	require.Len(t, texts, 2)
	for _, text := range texts {
		g, err := dsq.ParseRecord(text)
		require.NoError(t, err, text)
		assert.Empty(t, g.Moves(), "adjudicated before the first move")
		tag, _ := g.Tag("Termination")
		assert.Equal(t, "adjudicated: "+v.String(), tag)
		require.True(t, g.IsOver())
		o := g.Outcome()
		assert.Equal(t, v.draw, o.IsDraw())
		if !v.draw {
			assert.Equal(t, v.winner, o.Winner)
		}
	}
	if v.draw {
		assert.Contains(t, out, "adjudicated: 2 of 2 games; tablebase 2 (A wins 0, draws 2, B wins 0)")
	} else {
		assert.Contains(t, out, "adjudicated: 2 of 2 games; tablebase 2 (A wins 1, draws 0, B wins 1)")
	}

	// Tables for other rules: a note, and the games are played out.
	code, out, progress = runMatch(t, "-a", "depth=1", "-b", "name=b,depth=1", "-openings", openings, "-games", "2", "-tb", dir, "-rules", "trapped-capture", "-max-plies", "6")
	require.Equal(t, 0, code, progress)
	assert.Contains(t, progress, "no tablebase adjudication")
	assert.Contains(t, out, "adjudication: none")
	assert.Contains(t, out, "adjudicated: 0 of 2 games\n")
}

// scriptedPlayer plays the first legal move and reports a fixed score, or
// none.
type scriptedPlayer struct {
	score  uci.Score
	scored bool
}

func (p *scriptedPlayer) newGame(dsq.Rules) error { return nil }
func (p *scriptedPlayer) move(_ context.Context, g *dsq.Game, _ [2]time.Duration) (uci.Result, error) {
	pos := g.Position()
	return uci.Result{Move: pos.LegalMoves()[0], Info: uci.Info{HasScore: p.scored, Score: p.score}}, nil
}
func (p *scriptedPlayer) close() error { return nil }
func (p *scriptedPlayer) spec() Spec   { return Spec{Depth: 1} }

// TestPlayGameAdjudicatesByScore: engines that agree on a side's lead end
// the game as its win; engines that give no score are scored by the
// referee, and without one are never adjudicated.
func TestPlayGameAdjudicatesByScore(t *testing.T) {
	adj := Adjudication{WinScore: 1000, WinMoves: 2}
	red := &scriptedPlayer{score: uci.Score{Value: -1500}, scored: true}
	blue := &scriptedPlayer{score: uci.Score{Value: 1500}, scored: true}
	gp, err := playGame(context.Background(), gameSetup{Start: dsq.StartPosition(), Rules: dsq.Standard, MaxPlies: 100, Adjudicate: adj}, red, blue)
	require.NoError(t, err)
	assert.Len(t, gp.Game.Moves(), 4)
	assert.Equal(t, verdict{rule: ruleScore, winner: dsq.Blue}, gp.Adjudicated)
	assert.Equal(t, dsq.Outcome{Reason: dsq.Resigned, Winner: dsq.Blue}, gp.Outcome)
	tag, _ := gp.Game.Tag("Termination")
	assert.Equal(t, "adjudicated: score, blue wins", tag)

	// Red has elephant, lion and tiger against a lone rat far away: the
	// referee sees Red far ahead for both silent engines.
	start, err := dsq.ParsePosition("r6/7/7/7/7/7/7/E1T1L2/7 r 0 1")
	require.NoError(t, err)
	silent := &scriptedPlayer{}
	set := gameSetup{Start: start, Rules: dsq.Standard, MaxPlies: 100, Adjudicate: adj, Referee: &referee{nodes: 2000}}
	gp, err = playGame(context.Background(), set, silent, silent)
	require.NoError(t, err)
	assert.Equal(t, verdict{rule: ruleScore, winner: dsq.Red}, gp.Adjudicated)
	assert.Len(t, gp.Game.Moves(), 4)
	// Without a referee the silent engines' game is played out.
	set.Referee, set.MaxPlies = nil, 10
	gp, err = playGame(context.Background(), set, silent, silent)
	require.NoError(t, err)
	assert.Equal(t, verdict{}, gp.Adjudicated)
	assert.Len(t, gp.Game.Moves(), 10)
}

// TestAdjudicatedDrawIsAgreed: a draw by the scores ends the game as an
// agreed draw, whose record reads back so.
func TestAdjudicatedDrawIsAgreed(t *testing.T) {
	level := &scriptedPlayer{scored: true}
	adj := Adjudication{DrawPlies: 3, DrawScore: 10, DrawMoves: 1}
	gp, err := playGame(context.Background(), gameSetup{Start: dsq.StartPosition(), Rules: dsq.Standard, MaxPlies: 100, Adjudicate: adj}, level, level)
	require.NoError(t, err)
	// The moves played when the game had 3 and 4 half-moves count.
	assert.Len(t, gp.Game.Moves(), 5)
	assert.Equal(t, verdict{rule: ruleScore, draw: true}, gp.Adjudicated)
	g, err := dsq.ParseRecord(gp.Game.Record())
	require.NoError(t, err)
	assert.Equal(t, dsq.DrawAgreed, g.Outcome().Reason)
	tag, _ := g.Tag("Termination")
	assert.Equal(t, "adjudicated: score, draw", tag)
}

func TestAdjudicationsCount(t *testing.T) {
	c := adjudications{}
	for _, p := range []float64{1, 1, 0.5, 0} {
		c.add(ruleScore, p)
	}
	c.add(ruleTablebase, 0)
	assert.Equal(t, 5, c.total())
	assert.Equal(t, [3]int{2, 1, 1}, *c[ruleScore])
	var b strings.Builder
	reportAdjudications(&b, 9, c)
	assert.Equal(t, "adjudicated: 5 of 9 games; tablebase 1 (A wins 0, draws 0, B wins 1); score 4 (A wins 2, draws 1, B wins 1)\n", b.String())
}

// TestMatchReportCountsAdjudications: the summary counts as adjudicated
// exactly the games whose records say so, with their results for A.
func TestMatchReportCountsAdjudications(t *testing.T) {
	records := filepath.Join(t.TempDir(), "games.txt")
	code, out, progress := runMatch(t, "-a", "depth=2,name=two", "-b", "depth=1,name=one", "-openings", openingsFile, "-games", "6",
		"-adj-win-moves", "1", "-adj-win-score", "300", "-adj-draw-moves", "2", "-adj-draw-ply", "30", "-records", records)
	require.Equal(t, 0, code, progress)
	data, err := os.ReadFile(records)
	require.NoError(t, err)
	var counts [3]int // A wins, draws, B wins
	for _, text := range splitRecords(string(data)) {
		g, err := dsq.ParseRecord(text)
		require.NoError(t, err, text)
		tag, _ := g.Tag("Termination")
		if !strings.HasPrefix(tag, "adjudicated: score, ") {
			continue
		}
		red, _ := g.Tag("Red")
		switch o := g.Outcome(); {
		case o.IsDraw():
			counts[1]++
		case (o.Winner == dsq.Red) == (red == "two"):
			counts[0]++
		default:
			counts[2]++
		}
	}
	n := counts[0] + counts[1] + counts[2]
	require.Positive(t, n, "some games adjudicated: %s", out)
	assert.Contains(t, out, fmt.Sprintf("adjudicated: %d of 6 games; score %d (A wins %d, draws %d, B wins %d)\n", n, n, counts[0], counts[1], counts[2]))
	assert.Contains(t, progress, fmt.Sprintf("adjudicated: score %d", n))
}
