package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/search"
	"github.com/doushouqi/doushouqi/uci"
)

const openingsFile = "testdata/openings.txt"

func TestOpeningsFiles(t *testing.T) {
	for file, n := range map[string]int{openingsFile: 400} {
		list, err := loadOpenings(file)
		require.NoError(t, err)
		assert.Len(t, list, n)
		seen := map[string]bool{}
		for _, p := range list {
			assert.False(t, seen[p.String()], "duplicate opening %v", p)
			seen[p.String()] = true
		}
	}
}

func TestGenerateOpeningsIsReproducible(t *testing.T) {
	var a, b bytes.Buffer
	opts := genOptions{Count: 5, MinPlies: 2, MaxPlies: 4, Depth: 3, Margin: 100, Seed: 7}
	require.NoError(t, generateOpenings(context.Background(), &a, opts))
	require.NoError(t, generateOpenings(context.Background(), &b, opts))
	assert.Equal(t, a.String(), b.String())
	list, err := readOpenings(strings.NewReader(a.String()), "generated")
	require.NoError(t, err)
	assert.Len(t, list, 5)
}

// TestGenerateUnbalancedOpenings: with a least margin, every opening is
// judged by the same search as between the least and the largest |score|.
func TestGenerateUnbalancedOpenings(t *testing.T) {
	var out bytes.Buffer
	opts := genOptions{Count: 4, MinPlies: 8, MaxPlies: 16, Depth: 3, Least: 100, Margin: 400, Seed: 3}
	require.NoError(t, generateOpenings(context.Background(), &out, opts))
	list, err := readOpenings(strings.NewReader(out.String()), "generated")
	require.NoError(t, err)
	require.Len(t, list, 4)
	for _, pos := range list {
		r, err := search.NewEngine(16).Search(context.Background(), pos, search.Options{Depth: 3})
		require.NoError(t, err)
		assert.GreaterOrEqual(t, abs(r.Score), 100, "%v", pos)
		assert.LessOrEqual(t, abs(r.Score), 400, "%v", pos)
	}
}

func TestReadOpeningsRefusesBadLines(t *testing.T) {
	_, err := readOpenings(strings.NewReader("# c\nl5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L r 0 1\nnonsense\n"), "f")
	assert.ErrorContains(t, err, "f:3:")
	_, err = readOpenings(strings.NewReader("3L3/7/7/7/7/7/7/7/l6 b\n"), "f")
	assert.ErrorContains(t, err, "decided")
	_, err = readOpenings(strings.NewReader("# only a comment\n"), "f")
	assert.ErrorContains(t, err, "no openings")
}

func TestParseSpec(t *testing.T) {
	s, err := ParseSpec("engine=./old-engine,nodes=2000,hash=4,name=old")
	require.NoError(t, err)
	assert.Equal(t, Spec{Name: "old", Engine: "./old-engine", Nodes: 2000, Hash: 4}, s)
	s, err = ParseSpec("engine=/bin/x,movetime=100ms,option.Threads=2")
	require.NoError(t, err)
	assert.Equal(t, [][2]string{{"Threads", "2"}}, s.Options)
	for _, bad := range []string{"", "depth=0", "depth=65", "nodes=-1", "movetime=0s", "hash=0", "color=red,depth=1", "engine=search", "engine=search,depth=2,option.X=1", "depth",
		"level=0", "level=9", "level=x", "level=2,seed=-1", "engine=./old-engine,level=2", "seed=3"} {
		_, err := ParseSpec(bad)
		assert.Error(t, err, bad)
	}
	s, err = ParseSpec("level=3,seed=7")
	require.NoError(t, err)
	assert.Equal(t, Spec{Name: "search", Engine: "search", Hash: 16, Level: 3, Seed: 7}, s)
	s, err = ParseSpec("level=8")
	require.NoError(t, err)
	assert.Equal(t, search.TopLevelTime, s.MoveTime, "the top level plays by time")
}

// TestMatchLevels: two levels of the ladder play a match, as the ladder is
// measured, and the games differ with the openings.
func TestMatchLevels(t *testing.T) {
	file := filepath.Join(t.TempDir(), "games.txt")
	code, out, progress := runMatch(t, "-a", "level=1,name=L1", "-b", "level=2,seed=3,name=L2", "-openings", openingsFile, "-games", "4", "-sprt", "0,200", "-records", file)
	require.Equal(t, 0, code, progress)
	assert.Contains(t, out, "L1 vs L2: 4 games:")
	data, err := os.ReadFile(file)
	require.NoError(t, err)
	records := splitRecords(string(data))
	require.Len(t, records, 4)
	assert.NotEqual(t, records[0], records[2])
}

func runMatch(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = run(context.Background(), args, &out, &errOut)
	return code, out.String(), errOut.String()
}

// TestMatchCountsGames plays a short match and checks that the summary adds
// up with the progress lines, one per pair.
func TestMatchCountsGames(t *testing.T) {
	code, out, progress := runMatch(t, "-a", "depth=2", "-b", "depth=1,name=shallow", "-openings", openingsFile, "-games", "8", "-concurrency", "2", "-sprt", "0,200")
	require.Equal(t, 0, code, progress)
	assert.Equal(t, 4, strings.Count(progress, "pair "), progress)
	assert.Contains(t, out, "search vs shallow: 8 games:")
	assert.Contains(t, out, "SPRT elo0=0 elo1=200")
}

// TestMatchReportsMeanDepths: the summary gives each engine's mean
// reported depth, which at a fixed depth is that depth or less (a search
// may stop sooner on a won or lost position).
func TestMatchReportsMeanDepths(t *testing.T) {
	code, out, progress := runMatch(t, "-a", "depth=3,name=deep", "-b", "depth=1,name=shallow", "-openings", openingsFile, "-games", "2", "-sprt", "0,200")
	require.Equal(t, 0, code, progress)
	mean := func(name string) float64 {
		t.Helper()
		for line := range strings.SplitSeq(out, "\n") {
			if rest, ok := strings.CutPrefix(line, name+": "); ok {
				_, after, found := strings.Cut(rest, "; mean depth ")
				require.True(t, found, line)
				var d float64
				_, err := fmt.Sscanf(after, "%f", &d)
				require.NoError(t, err, line)
				return d
			}
		}
		t.Fatalf("no line for %s in %q", name, out)
		return 0
	}
	deep, shallow := mean("deep"), mean("shallow")
	assert.InDelta(t, 1, shallow, 1e-9, out)
	assert.Greater(t, deep, 2.0, out)
	assert.LessOrEqual(t, deep, 3.0, out)
}

// TestMatchRecords: -records writes every game, each read back by the
// library as the game that was played: its engines, its round, and for a
// game the match stopped at -max-plies, that ending.
func TestMatchRecords(t *testing.T) {
	file := filepath.Join(t.TempDir(), "games.txt")
	code, _, progress := runMatch(t, "-a", "depth=1,name=one", "-b", "depth=2,name=two", "-openings", openingsFile, "-games", "4", "-max-plies", "7", "-records", file)
	require.Equal(t, 0, code, progress)
	data, err := os.ReadFile(file)
	require.NoError(t, err)
	records := splitRecords(string(data))
	require.Len(t, records, 4)
	openings, err := loadOpenings(openingsFile)
	require.NoError(t, err)
	for i, text := range records {
		g, err := dsq.ParseRecord(text)
		require.NoError(t, err, text)
		pair, game := i/2, i%2
		red, blue := "one", "two"
		if game == 1 {
			red, blue = blue, red
		}
		for tag, want := range map[string]string{"Red": red, "Blue": blue, "Round": fmt.Sprintf("%d.%d", pair+1, game+1), "Termination": "ply cap, draw"} {
			got, _ := g.Tag(tag)
			assert.Equal(t, want, got, "record %d, tag %s", i, tag)
		}
		assert.Equal(t, openings[pair].String(), g.Start().String())
		assert.Len(t, g.Moves(), 7)
	}
	// A game the rules end carries no Termination tag, and its result.
	code, out, progress := runMatch(t, "-a", "depth=3", "-b", "depth=1", "-openings", openingsFile, "-games", "2", "-records", file)
	require.Equal(t, 0, code, progress)
	data, err = os.ReadFile(file)
	require.NoError(t, err)
	records = splitRecords(string(data))
	require.Len(t, records, 2)
	wins := 0
	for _, text := range records {
		g, err := dsq.ParseRecord(text)
		require.NoError(t, err, text)
		_, ok := g.Tag("Termination")
		assert.False(t, ok)
		require.True(t, g.IsOver())
		red, _ := g.Tag("Red")
		if o := g.Outcome(); !o.IsDraw() && (o.Winner == dsq.Red) == (red == "A:search") {
			wins++
		}
	}
	assert.Contains(t, out, fmt.Sprintf(": 2 games: +%d ", wins))
}

// splitRecords cuts the text of -records into its records: each begins with
// its tags, after the blank line that ends the one before.
func splitRecords(text string) []string {
	var records []string
	for _, part := range strings.Split(text, "\n\n[") {
		if !strings.HasPrefix(part, "[") {
			part = "[" + part
		}
		records = append(records, part)
	}
	return records
}

// TestSPRTStopsAWonMatch: a depth-4 engine against a depth-1 engine is
// accepted as stronger by 50 Elo long before 200 games.
func TestSPRTStopsAWonMatch(t *testing.T) {
	code, out, progress := runMatch(t, "-a", "depth=4", "-b", "depth=1", "-openings", openingsFile, "-games", "200", "-sprt", "0,50")
	require.Equal(t, 0, code, progress)
	assert.Contains(t, out, "H1 accepted", out)
	assert.NotContains(t, out, "B:search: 200 games", out)
	// The mirror image: the weak engine as A is accepted as not stronger.
	code, out, progress = runMatch(t, "-a", "depth=1", "-b", "depth=4", "-openings", openingsFile, "-games", "200", "-sprt", "0,50")
	require.Equal(t, 0, code, progress)
	assert.Contains(t, out, "H0 accepted", out)
}

func TestMatchRules(t *testing.T) {
	code, out, progress := runMatch(t, "-a", "depth=2", "-b", "name=b,depth=2", "-rules", "trapped-capture,move-limit=200,threefold", "-games", "2")
	require.Equal(t, 0, code, progress)
	assert.Contains(t, out, "rules trapped-capture,move-limit=200,threefold")
}

func TestBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"-a", "depth=x"},
		{"-b", "nodes=0"},
		{"-rules", "chess"},
		{"-sprt", "5"},
		{"-sprt", "5,0"},
		{"-alpha", "0"},
		{"-games", "1"},
		{"-concurrency", "0"},
		{"-concurrency", "257"},
		{"-openings", "testdata/missing.txt"},
		{"-gen-openings", "3", "-gen-plies", "5,2"},
		{"-gen-openings", "3", "-gen-margin", "200,100"},
		{"-gen-openings", "3", "-gen-margin", "-1"},
		{"-gen-openings", "3", "-gen-margin", "x,100"},
		{"stray"},
		{"-adj-win-moves", "-1"},
		{"-adj-win-moves", "3", "-adj-win-score", "0"},
		{"-adj-win-moves", "1001"},
		{"-adj-draw-moves", "-2"},
		{"-adj-draw-moves", "8", "-adj-draw-ply", "-1"},
		{"-adj-draw-moves", "8", "-adj-draw-score", "-5"},
		{"-adj-win-moves", "3", "-adj-win-score", "100", "-adj-draw-moves", "8", "-adj-draw-score", "100"},
		{"-adj-nodes", "-1"},
		{"-adj-nodes", "2000000000"},
		{"-tb", "testdata/no-such-dir"},
	} {
		code, out, errOut := runMatch(t, args...)
		assert.Equal(t, 2, code, "%v", args)
		assert.Empty(t, out, "%v", args)
		assert.Equal(t, 1, strings.Count(errOut, "\n"), "%v: %s", args, errOut)
	}
}

// TestMatchWithEngineBinary builds cmd/engine and plays it, through
// its protocol, against the in-process engine at the same depth: the same
// search either way, so every pair is split evenly (each side wins with
// the same colour, or both games are drawn).
func TestMatchWithEngineBinary(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "engine")
	out, err := exec.Command("go", "build", "-o", bin, "../engine").CombinedOutput()
	require.NoError(t, err, string(out))
	code, stdout, progress := runMatch(t, "-a", "engine="+bin+",depth=3,option.Threads=1", "-b", "depth=3", "-openings", openingsFile, "-games", "6", "-concurrency", "2", "-rules", "trapped-capture,move-limit=200,threefold", "-sprt", "0,200")
	require.Equal(t, 0, code, progress)
	assert.Contains(t, stdout, ": 6 games:")
	assert.Contains(t, stdout, "pairs (0, ½, 1, 1½, 2 points for A): [0 0 3 0 0]")
	// A binary that is not there is an error, not a hang.
	code, _, progress = runMatch(t, "-a", "engine="+bin+"-missing,depth=1", "-games", "2")
	assert.Equal(t, 1, code)
	assert.Contains(t, progress, "missing")
}

func TestGameClock(t *testing.T) {
	s, err := ParseSpec("tc=2s+50ms")
	require.NoError(t, err)
	assert.Equal(t, 2*time.Second, s.Base)
	assert.Equal(t, 50*time.Millisecond, s.Inc)
	for _, bad := range []string{"tc=0s", "tc=1s+-1s", "tc=x", "tc=1s,movetime=10ms"} {
		_, err := ParseSpec(bad)
		assert.Error(t, err, bad)
	}
	code, out, progress := runMatch(t, "-a", "tc=100ms+2ms", "-b", "name=b,tc=100ms+2ms", "-openings", openingsFile, "-games", "2", "-sprt", "0,200")
	require.Equal(t, 0, code, progress)
	assert.Contains(t, out, ": 2 games:") // a loaded machine may make a side lose on time
}

// steppedClock is a game clock's time that moves only when stepped.
type steppedClock struct{ now time.Time }

func (c *steppedClock) Now() time.Time { return c.now }

// slowPlayer plays the first legal move after a pause on the clock.
type slowPlayer struct {
	pause time.Duration
	clock *steppedClock
	s     Spec
}

func (p *slowPlayer) newGame(dsq.Rules) error { return nil }
func (p *slowPlayer) move(_ context.Context, g *dsq.Game, _ [2]time.Duration) (uci.Result, error) {
	p.clock.now = p.clock.now.Add(p.pause)
	pos := g.Position()
	return uci.Result{Move: pos.LegalMoves()[0]}, nil
}
func (p *slowPlayer) close() error { return nil }
func (p *slowPlayer) spec() Spec   { return p.s }

func TestTimeForfeit(t *testing.T) {
	// Red has 1 s for the game and spends 400 ms a move: it loses on time
	// on its third move; Blue, without a clock, does not.
	clock := &steppedClock{now: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	red := &slowPlayer{pause: 400 * time.Millisecond, clock: clock, s: Spec{Base: time.Second}}
	blue := &slowPlayer{clock: clock, s: Spec{Depth: 1}}
	gp, err := playGame(context.Background(), gameSetup{Start: dsq.StartPosition(), Rules: dsq.Standard, MaxPlies: 100, Now: clock.Now}, red, blue)
	require.NoError(t, err)
	assert.Equal(t, dsq.Outcome{Reason: timeForfeit, Winner: dsq.Blue}, gp.Outcome)
	assert.Len(t, gp.Game.Moves(), 4)
	assert.Equal(t, [2]time.Duration{1200 * time.Millisecond, 0}, gp.Think, "the clock's time, not the machine's")
	// With an increment that covers the pause, no forfeit.
	red.s.Inc = 500 * time.Millisecond
	gp, err = playGame(context.Background(), gameSetup{Start: dsq.StartPosition(), Rules: dsq.Standard, MaxPlies: 6, Now: clock.Now}, red, blue)
	require.NoError(t, err)
	assert.NotEqual(t, timeForfeit, gp.Outcome.Reason)
	assert.Len(t, gp.Game.Moves(), 6)
	// One that leaves it 0 after its move still moves: the flag falls below 0.
	red.s.Inc, red.pause = 0, 500*time.Millisecond
	gp, err = playGame(context.Background(), gameSetup{Start: dsq.StartPosition(), Rules: dsq.Standard, MaxPlies: 4, Now: clock.Now}, red, blue)
	require.NoError(t, err)
	assert.NotEqual(t, timeForfeit, gp.Outcome.Reason)
	assert.Len(t, gp.Game.Moves(), 4)
}

// TestConcurrencyPlaysTheSameGames: at a fixed depth, two games at a time
// (pinned or not) finish the same games with the same results as one.
func TestConcurrencyPlaysTheSameGames(t *testing.T) {
	summary := func(out string) string {
		for line := range strings.SplitSeq(out, "\n") {
			if strings.Contains(line, " games: +") {
				return line
			}
		}
		return ""
	}
	args := []string{"-a", "depth=2", "-b", "name=b,depth=1", "-openings", openingsFile, "-games", "8", "-sprt", "0,200"}
	code, one, progress := runMatch(t, append(args, "-concurrency", "1")...)
	require.Equal(t, 0, code, progress)
	require.Contains(t, one, ": 8 games: +")
	extras := [][]string{{"-concurrency", "2"}}
	if runtime.GOOS == "linux" {
		extras = append(extras, []string{"-concurrency", "2", "-pin"})
	}
	for _, extra := range extras {
		code, two, progress := runMatch(t, append(args, extra...)...)
		require.Equal(t, 0, code, progress)
		assert.Equal(t, summary(one), summary(two), extra)
		assert.Contains(t, two, "games per hour")
	}
}
