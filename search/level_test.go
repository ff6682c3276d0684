package search_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/internal/longtest"
	"github.com/doushouqi/doushouqi/search"
)

// levelGame plays plies half-moves from the start: level with seed as Red,
// a depth-2 engine (deterministic) as Blue, and returns the moves.
func levelGame(t *testing.T, level search.Level, seed uint64, plies int) string {
	t.Helper()
	opts, err := search.LevelOptions(level, seed)
	require.NoError(t, err)
	red := search.EnginePlayer{Engine: search.NewEngine(1), Options: opts}
	blue := search.EnginePlayer{Engine: search.NewEngine(1), Options: search.Options{Depth: 2}}
	g, err := search.PlayGame(context.Background(), dsq.StartPosition(), red, blue, plies)
	require.NoError(t, err)
	var b strings.Builder
	for _, m := range g.Moves() {
		b.WriteString(m.String() + " ")
	}
	return b.String()
}

// TestLevelVariety: at every level below the top, 20 seeds against the
// same deterministic opponent give at least 15 different games by move 10
// (ten moves of each side), and one seed gives the same game twice. The
// two levels below the top are deep checks.
func TestLevelVariety(t *testing.T) {
	for level := search.Level(1); level < search.MaxLevel; level++ {
		t.Run(level.String(), func(t *testing.T) {
			if level >= search.MaxLevel-2 {
				longtest.Skip(t) // the two levels below the top search the most
			}
			games := map[string]bool{}
			for seed := uint64(1); seed <= 20; seed++ {
				games[levelGame(t, level, seed, 20)] = true
			}
			assert.GreaterOrEqual(t, len(games), 15, "different games of 20 plies from 20 seeds")
			t.Logf("%d different games of 20 plies from 20 seeds", len(games))
			if level == 1 || level == search.MaxLevel-1 {
				assert.Equal(t, levelGame(t, level, 7, 20), levelGame(t, level, 7, 20), "the same seed, the same game")
			}
		})
	}
}

// TestLevelsTable: the ladder is named and ordered; each level below the
// top searches more, and chooses less at random, than the one before;
// level 1 never searches, grabs what it sees and runs at the den.
func TestLevelsTable(t *testing.T) {
	raider := search.Levels[0]
	assert.Equal(t, 1.0, raider.Blunder, "level 1 never looks at a reply")
	assert.True(t, raider.Grab, "level 1 takes what it sees")
	assert.Positive(t, raider.Attack, "level 1 runs at the den")
	var names []string
	for i, lv := range search.Levels {
		assert.Equal(t, search.Level(i+1), lv.Level)
		assert.NotEmpty(t, lv.Name)
		assert.NotEmpty(t, lv.About)
		names = append(names, lv.Name)
		if lv.Level == search.MaxLevel {
			assert.Zero(t, lv.Nodes, "the top plays by time")
			assert.Zero(t, lv.Elo, "the ladder is anchored at the top")
			continue
		}
		assert.LessOrEqual(t, lv.Elo+100, search.Levels[i+1].Elo, "level %d: each step at least 100 Elo", lv.Level)
		assert.Positive(t, lv.Nodes)
		assert.Positive(t, lv.Width)
		if i > 0 {
			prev := search.Levels[i-1]
			assert.Greater(t, lv.Nodes, prev.Nodes, "level %d nodes", lv.Level)
			assert.LessOrEqual(t, lv.Width, prev.Width, "level %d width", lv.Level)
			assert.Less(t, lv.Spread, prev.Spread, "level %d spread", lv.Level)
			assert.LessOrEqual(t, lv.Blunder, prev.Blunder, "level %d blunders", lv.Level)
			assert.LessOrEqual(t, lv.Miss, prev.Miss, "level %d misses", lv.Level)
			assert.Zero(t, lv.Attack, "level %d: only level 1 runs at the den", lv.Level)
			assert.False(t, lv.Grab, "level %d: only level 1 grabs", lv.Level)
		}
	}
	slices.Sort(names)
	assert.Len(t, slices.Compact(names), int(search.MaxLevel), "names are unique")
	assert.Equal(t, "3 (Dog)", search.Level(3).String())
	assert.Equal(t, "Level(9)", search.Level(9).String())
}

// TestLevelOptions: the options of each level, and the levels refused.
func TestLevelOptions(t *testing.T) {
	for _, bad := range []search.Level{0, -1, search.MaxLevel + 1} {
		_, err := search.LevelOptions(bad, 1)
		assert.ErrorIs(t, err, search.ErrOptions, "level %d", bad)
		_, err = search.NewEngine(1).Search(context.Background(), dsq.StartPosition(), search.Options{Level: bad, Depth: 1})
		if bad != 0 {
			assert.ErrorIs(t, err, search.ErrOptions, "Options.Level %d", bad)
		} else {
			assert.NoError(t, err, "Options.Level 0 is the plain search")
		}
	}
	top, err := search.LevelOptions(search.MaxLevel, 5)
	require.NoError(t, err)
	assert.Equal(t, search.TopLevelTime, top.Time)
	low, err := search.LevelOptions(2, 5)
	require.NoError(t, err)
	assert.Equal(t, search.Options{Level: 2, Seed: 5}, low)
}

// TestLevelBudget: a level below the top stays within its node budget (the
// first iteration aside), reports its depth, and plays a legal move; an
// explicit smaller Nodes, a Time or an ended context bound it too.
func TestLevelBudget(t *testing.T) {
	ctx := context.Background()
	start := dsq.StartPosition()
	e := search.NewEngine(1)
	for _, lv := range search.Levels[:search.MaxLevel-1] {
		var first search.Result
		for seed := range uint64(8) {
			r, err := e.Search(ctx, start, search.Options{Level: lv.Level, Seed: seed})
			require.NoError(t, err)
			assert.True(t, start.IsLegal(r.Move))
			if r.Depth > 1 {
				assert.LessOrEqual(t, r.Nodes, lv.Nodes, "level %d", lv.Level)
			}
			if seed == 0 {
				first = r
			}
		}
		again, err := search.NewEngine(4).Search(ctx, start, search.Options{Level: lv.Level, Seed: 0})
		require.NoError(t, err)
		assert.Equal(t, first, again, "level %d: another engine, the same seed, the same result", lv.Level)
	}
	r, err := e.Search(ctx, start, search.Options{Level: search.MaxLevel - 1, Nodes: 2000})
	require.NoError(t, err)
	assert.LessOrEqual(t, r.Nodes, uint64(2000), "Nodes below the level's budget bounds it")
	begun := time.Now()
	_, err = e.Search(ctx, start, search.Options{Level: search.MaxLevel - 1, Time: 5 * time.Millisecond})
	require.NoError(t, err)
	assert.Less(t, time.Since(begun), time.Second, "Time bounds a level")
	done, cancel := context.WithCancel(ctx)
	cancel()
	_, err = e.Search(done, start, search.Options{Level: 1})
	assert.ErrorIs(t, err, context.Canceled)
}

// TestLevelOversights: the lowest level leaves pieces to be taken or
// passes up captures now and then; the level below the top, in the same
// positions, much less often. Each position has a capture that wins
// material at once.
func TestLevelOversights(t *testing.T) {
	// Red's lion on d5 can take Blue's undefended wolf on d6.
	pos, err := dsq.ParsePosition("l5t/1d3c1/r1p3e/3w3/3L3/7/R1P1W1E/1C3D1/T6 r 0 1")
	require.NoError(t, err)
	capture := dsq.NewMove(dsq.D5, dsq.D6)
	require.True(t, pos.IsLegal(capture), "the test position has the capture")
	require.Equal(t, dsq.NewPiece(dsq.Blue, dsq.Wolf), pos.PieceAt(dsq.D6), "the move is a capture")
	seeds := uint64(20)
	if longtest.Enabled() {
		seeds = 60
	}
	missed := func(level search.Level) int {
		n := 0
		for seed := range seeds {
			r, err := search.NewEngine(1).Search(context.Background(), pos, search.Options{Level: level, Seed: seed})
			require.NoError(t, err)
			if r.Move != capture {
				n++
			}
		}
		return n
	}
	raider, low, high := missed(1), missed(2), missed(search.MaxLevel-1)
	assert.Greater(t, low, int(seeds/10), "level 2 passes up the free wolf in some of %d seeds", seeds)
	assert.Less(t, high, low, "level %d misses it less often than level 2", search.MaxLevel-1)
	assert.Less(t, raider, int(seeds/2), "level 1 takes what it sees, most of the time")
	t.Logf("the free wolf passed up in %d seeds: level 1 %d, level 2 %d, level %d %d", seeds, raider, low, search.MaxLevel-1, high)
}

// immediatePositions are positions where one move decides the game at
// once: the side to move can enter the den (win), or the other side
// threatens to enter its den and one move alone, a capture, stops it
// (avoid).
var immediatePositions = []struct {
	name, fen string
	win       bool // a move wins at once; else every move but one loses at once
}{
	{"red lion next to the den, among pieces", "l5t/1d1L1c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T6 r 0 20", true},
	{"blue dog next to the den, a capture at hand", "l5t/5c1/r1p1w1e/7/7/7/E1W1P1R/1C1d1D1/T6 b 0 20", true},
	{"both next to a den, red to move", "l5t/3L1c1/r1p1w1e/7/7/7/E1W1P1R/1C1d1D1/T6 r 0 20", true},
	{"red cat takes the wolf in the trap, or the elephant takes the lion", "6t/7/7/7/7/l6/E6/2Cw3/7 r 0 20", false},
	{"blue cat takes the wolf in the trap, or the elephant takes the lion", "7/2cW3/e6/L6/7/7/7/7/T6 b 0 20", false},
}

// checkImmediate checks the move of level with seed in each of
// immediatePositions: a winning move taken at every level, a move that
// lets the other side win at once avoided from level 3.
func checkImmediate(t *testing.T, seeds uint64) {
	for _, tc := range immediatePositions {
		pos, err := dsq.ParsePosition(tc.fen)
		require.NoError(t, err, tc.name)
		us := pos.SideToMove()
		for level := search.Level(1); level <= search.MaxLevel; level++ {
			for seed := range seeds {
				opts, err := search.LevelOptions(level, seed)
				require.NoError(t, err)
				if level == search.MaxLevel {
					opts.Depth = 4 // a win or a loss in one is seen at depth 2
				}
				r, err := search.NewEngine(1).Search(context.Background(), pos, opts)
				require.NoError(t, err)
				after := pos
				require.NoError(t, after.Play(r.Move))
				if tc.win {
					o := after.Outcome()
					assert.True(t, o.IsDecided() && !o.IsDraw() && o.Winner == us,
						"%s: level %d, seed %d plays %v, not the win at once", tc.name, level, seed, r.Move)
					continue
				}
				if level < 3 {
					continue
				}
				for _, reply := range after.LegalMoves() {
					next := after
					next.MakeMove(reply)
					o := next.Outcome()
					assert.False(t, o.IsDecided() && !o.IsDraw() && o.Winner != us,
						"%s: level %d, seed %d plays %v, after which %v wins", tc.name, level, seed, r.Move, reply)
				}
			}
		}
	}
}

// TestLevelsTakeAWinInOne: at every level, a move that wins at once (a
// den entry) is played, and from level 3 a move after which the other
// side wins at once is not, for a few seeds; many seeds in the deep
// checks.
func TestLevelsTakeAWinInOne(t *testing.T) {
	seeds := uint64(6)
	if longtest.Enabled() {
		seeds = 100
	}
	checkImmediate(t, seeds)
}

func ExampleLevelOptions() {
	// Level 3 with seed 42: the same game and seed give the same move.
	opts, err := search.LevelOptions(3, 42)
	if err != nil {
		fmt.Println(err)
		return
	}
	a, _ := search.NewEngine(1).Search(context.Background(), dsq.StartPosition(), opts)
	b, _ := search.NewEngine(1).Search(context.Background(), dsq.StartPosition(), opts)
	fmt.Println(search.Level(3), a.Move == b.Move)
	info, _ := search.MaxLevel.Info()
	fmt.Println(search.MaxLevel, info.About)
	// Output:
	// 3 (Dog) true
	// 8 (Elephant) the engine at full strength, with the endgame tables
}
