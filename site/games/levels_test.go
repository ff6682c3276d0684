package games

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/search"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLevels: the levels the service takes are those of Levels, and only
// an AI game has one.
func TestLevels(t *testing.T) {
	t.Parallel()
	s := newService(t)
	ctx := context.Background()
	level := func(n int) *int { return &n }
	for _, n := range []int{0, -1, len(Levels) + 1} {
		_, err := s.Create(ctx, Spec{Mode: "ai", Level: level(n)})
		var refusal *Error
		require.True(t, errors.As(err, &refusal), "level %d", n)
		assert.Equal(t, CodeBadRequest, refusal.Code)
		assert.Equal(t, "level must be 1 to 8", refusal.Message)
	}
	for _, l := range Levels {
		c, err := s.Create(ctx, Spec{Mode: "ai", Level: level(l.Number)})
		require.NoError(t, err)
		assert.Equal(t, l.Number, c.Game.Level)
	}
	c, err := s.Create(ctx, Spec{Mode: "ai"})
	require.NoError(t, err)
	assert.Equal(t, DefaultLevel, c.Game.Level)
	_, err = s.Create(ctx, Spec{Mode: "online", Level: level(3)})
	assert.Error(t, err, "only an AI game has a level")
	// A stored level the site no longer has is played at the nearest.
	assert.Equal(t, search.MaxLevel, s.searchOptions(&Game{Level: 99}).Level)
	assert.Equal(t, search.Level(1), s.searchOptions(&Game{Level: 0}).Level)
	// Two games at one level are seeded apart.
	assert.NotEqual(t, s.searchOptions(&Game{ID: "a", Level: 2}).Seed, s.searchOptions(&Game{ID: "b", Level: 2}).Seed)
}

// The opponents the levels' cards are measured against (levels_test.go):
// scripts a person could write in an afternoon, in test code only.

// scriptValue is what the scripted players think each animal is worth.
var scriptValue = [dsq.NumAnimals]int{
	dsq.Rat: 400, dsq.Cat: 200, dsq.Dog: 300, dsq.Wolf: 400,
	dsq.Leopard: 500, dsq.Tiger: 800, dsq.Lion: 900, dsq.Elephant: 1000,
}

// denDistance is the number of steps (files plus ranks) from sq to the
// den that c attacks.
func denDistance(sq dsq.Square, c dsq.Color) int {
	den := dsq.DenOf(c.Other()).First()
	return abs(sq.File()-den.File()) + abs(sq.Rank()-den.Rank())
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// greedyPlayer is the scripted greedy player: it enters the den when it
// can, else captures the most valuable piece it can, else makes the move
// that ends closest to the den it attacks; ties are broken by rng.
type greedyPlayer struct{ rng *rand.Rand }

func (p greedyPlayer) Move(_ context.Context, pos dsq.Position) (dsq.Move, error) {
	moves := pos.LegalMoves()
	if len(moves) == 0 {
		return dsq.NoMove, search.ErrNoMove
	}
	us := pos.SideToMove()
	var best []dsq.Move
	bestScore := math.MinInt
	for _, m := range moves {
		var score int
		switch victim := pos.PieceAt(m.To()); {
		case dsq.DenOf(us.Other()).Has(m.To()):
			score = 1 << 30
		case victim.IsValid():
			score = 1<<20 + scriptValue[victim.Animal()]
		default:
			score = -denDistance(m.To(), us)
		}
		switch {
		case score > bestScore:
			best, bestScore = append(best[:0], m), score
		case score == bestScore:
			best = append(best, m)
		}
	}
	return best[p.rng.IntN(len(best))], nil
}

// twoPlyPlayer looks at each of its moves and every reply (a 2-ply
// minimax): a den entry or a side without pieces decides, otherwise
// material (scriptValue) and, lightly, how near its pieces stand to the
// den they attack; ties are broken by rng.
type twoPlyPlayer struct{ rng *rand.Rand }

const twoPlyWin = 1 << 30

// scriptEval is pos's worth for side c: material, plus 5 centi-rats per
// step each piece stands nearer the den it attacks than 16 steps.
func scriptEval(pos *dsq.Position, c dsq.Color) int {
	v := 0
	for sq := dsq.Square(0); sq < dsq.NumSquares; sq++ {
		p := pos.PieceAt(sq)
		if !p.IsValid() {
			continue
		}
		w := scriptValue[p.Animal()] + 5*(16-denDistance(sq, p.Color()))
		if p.Color() != c {
			w = -w
		}
		v += w
	}
	return v
}

// outcomeFor scores a decided position for c, and reports whether it is
// decided.
func outcomeFor(pos *dsq.Position, c dsq.Color) (int, bool) {
	o := pos.Outcome()
	switch {
	case !o.IsDecided():
		return 0, false
	case o.IsDraw():
		return 0, true
	case o.Winner == c:
		return twoPlyWin, true
	}
	return -twoPlyWin, true
}

func (p twoPlyPlayer) Move(_ context.Context, pos dsq.Position) (dsq.Move, error) {
	moves := pos.LegalMoves()
	if len(moves) == 0 {
		return dsq.NoMove, search.ErrNoMove
	}
	us := pos.SideToMove()
	var best []dsq.Move
	bestScore := math.MinInt
	for _, m := range moves {
		child := pos
		child.MakeMove(m)
		score, done := outcomeFor(&child, us)
		if !done {
			score = math.MaxInt
			for _, r := range child.LegalMoves() {
				grand := child
				grand.MakeMove(r)
				s, done := outcomeFor(&grand, us)
				if !done {
					s = scriptEval(&grand, us)
				}
				score = min(score, s)
			}
		}
		switch {
		case score > bestScore:
			best, bestScore = append(best[:0], m), score
		case score == bestScore:
			best = append(best, m)
		}
	}
	return best[p.rng.IntN(len(best))], nil
}

// levelPlayer plays the site's level (Level.move) with seed; nodes, when
// not 0, replaces the top level's time by a node budget, so that a
// measurement does not depend on the machine's load; plain plays the
// search's own choice, without the site's opening (the top level as it
// was).
type levelPlayer struct {
	level Level
	seed  uint64
	nodes uint64
	plain bool
	e     *search.Engine
}

func newLevelPlayer(n int, seed, nodes uint64) *levelPlayer {
	return &levelPlayer{level: Levels[n-1], seed: seed, nodes: nodes, e: search.NewEngine(16)}
}

func (p *levelPlayer) options() search.Options {
	opts, err := search.LevelOptions(search.Level(p.level.Number), p.seed)
	if err != nil {
		panic(err)
	}
	if p.nodes > 0 && p.level.Number == int(search.MaxLevel) {
		opts.Time, opts.Nodes = 0, p.nodes
	}
	return opts
}

func (p *levelPlayer) MoveInGame(ctx context.Context, g *dsq.Game) (dsq.Move, error) {
	if p.plain {
		r, err := p.e.SearchGame(ctx, g, p.options())
		return r.Move, err
	}
	r, err := p.level.move(ctx, p.e, g, p.options())
	return r.Move, err
}

func (p *levelPlayer) Move(ctx context.Context, pos dsq.Position) (dsq.Move, error) {
	g, err := dsq.NewGameFrom(pos)
	if err != nil {
		return dsq.NoMove, err
	}
	return p.MoveInGame(ctx, g)
}

// tally is a match's result for one side: wins, draws, losses.
type tally struct{ w, d, l int }

func (t *tally) add(o dsq.Outcome, us dsq.Color) {
	switch {
	case !o.IsDecided() || o.IsDraw():
		t.d++
	case o.Winner == us:
		t.w++
	default:
		t.l++
	}
}

func (t tally) games() int { return t.w + t.d + t.l }

// score is the share of the points won.
func (t tally) score() float64 { return (float64(t.w) + float64(t.d)/2) / float64(t.games()) }

// elo is the rating difference the score gives, and its 95% interval by
// the normal approximation of the per-game scores' variance.
func (t tally) elo() (e, lo, hi float64) {
	n := float64(t.games())
	s := t.score()
	v := (float64(t.w)*(1-s)*(1-s) + float64(t.d)*(0.5-s)*(0.5-s) + float64(t.l)*s*s) / n
	se := math.Sqrt(v / n)
	return eloOf(s), eloOf(s - 1.96*se), eloOf(s + 1.96*se)
}

func eloOf(s float64) float64 {
	s = min(max(s, 0.001), 0.999)
	return -400 * math.Log10(1/s-1)
}

// maxPlies bounds a measured game; the standard rules' move limit ends
// almost every game long before.
const maxPlies = 600

// playMatch plays games between players a(i) and b(i), a with Red in the
// even games, and returns a's tally; watch, if not nil, sees each game.
func playMatch(games int, a, b func(i int) search.Player, watch func(i int, g *dsq.Game, aColor dsq.Color)) (tally, error) {
	var t tally
	for i := range games {
		pa, pb := a(i), b(i)
		red, blue, aColor := pa, pb, dsq.Red
		if i%2 == 1 {
			red, blue, aColor = pb, pa, dsq.Blue
		}
		g, err := search.PlayGame(context.Background(), dsq.StartPosition(), red, blue, maxPlies)
		if err != nil {
			return t, err
		}
		t.add(g.Outcome(), aColor)
		if watch != nil {
			watch(i, g, aColor)
		}
	}
	return t, nil
}

var (
	measure     = flag.Bool("levels.measure", false, "measure the levels' cards (TestMeasureLevels): minutes of CPU")
	measureWhat = flag.String("levels.what", "scripts,openings", "what to measure: scripts, openings, ladder")
	measureN    = flag.Int("levels.games", 20, "games per level and opponent")
	topNodes    = flag.Uint64("levels.topnodes", 640000, "the top level's nodes a move (instead of its time)")
	ladderPairs = flag.Int("levels.pairs", 20, "colour-swapped pairs of the top level against level 7")
	levelsList  = flag.String("levels.levels", "1,2,3,4,5,6,7,8", "levels measured against the scripts")
)

// sideStats counts what one side did in a game: its moves, the moves it
// had a capture at hand, the captures it made, the moves that took a
// piece nearer the den it attacks, its den entries.
type sideStats struct {
	moves, chances, captures, forward, dens int
}

func (s *sideStats) watch(g *dsq.Game, us dsq.Color) {
	for i, m := range g.Moves() {
		pos, _ := g.PositionAfter(i)
		if pos.SideToMove() != us {
			continue
		}
		s.moves++
		for _, c := range pos.LegalMoves() {
			if pos.PieceAt(c.To()).IsValid() {
				s.chances++
				break
			}
		}
		if pos.PieceAt(m.To()).IsValid() {
			s.captures++
		}
		if denDistance(m.To(), us) < denDistance(m.From(), us) {
			s.forward++
		}
		if dsq.DenOf(us.Other()).Has(m.To()) {
			s.dens++
		}
	}
}

func (s sideStats) String() string {
	return fmt.Sprintf("moves %d, captured %d of %d chances (%.0f%%), forward %.0f%%, den entries %d",
		s.moves, s.captures, s.chances, 100*float64(s.captures)/float64(max(s.chances, 1)),
		100*float64(s.forward)/float64(max(s.moves, 1)), s.dens)
}

// TestMeasureLevels measures the claims of the levels' cards (run by hand,
// minutes of CPU; lab/levels/ has the records):
//
//	go test -count=1 -run TestMeasureLevels -levels.measure ./games
func TestMeasureLevels(t *testing.T) {
	// Not parallel: a measurement run by hand (-levels.measure), minutes of CPU.
	if !*measure {
		t.Skip("run with -levels.measure")
	}
	what := *measureWhat
	if strings.Contains(what, "scripts") {
		measureScripts(t)
	}
	if strings.Contains(what, "openings") {
		for _, plain := range []bool{true, false} {
			measureOpenings(t, plain)
		}
	}
	if strings.Contains(what, "ladder") {
		measureLadder(t)
	}
}

func measureScripts(t *testing.T) {
	scripts := []struct {
		name string
		mk   func(i int) search.Player
	}{
		{"greedy", func(i int) search.Player { return greedyPlayer{rand.New(rand.NewPCG(uint64(i), 1))} }},
		{"2-ply", func(i int) search.Player { return twoPlyPlayer{rand.New(rand.NewPCG(uint64(i), 2))} }},
	}
	t.Logf("| level | opponent | games | level's W-D-L | level's score | level's play |")
	t.Logf("|---|---|---|---|---|---|")
	for _, f := range strings.Split(*levelsList, ",") {
		var n int
		fmt.Sscan(f, &n)
		for _, sc := range scripts {
			var st sideStats
			level := func(i int) search.Player { return newLevelPlayer(n, uint64(1000*n+i), *topNodes) }
			res, err := playMatch(*measureN, level, sc.mk, func(_ int, g *dsq.Game, us dsq.Color) { st.watch(g, us) })
			require.NoError(t, err)
			t.Logf("| %d | %s | %d | %d-%d-%d | %.1f%% | %v |", n, sc.name, res.games(), res.w, res.d, res.l, 100*res.score(), st)
		}
	}
}

// measureOpenings plays 20 games of the top level against itself (seeds
// apart) to its 10th move each, and counts the distinct openings and the
// times a tiger, lion or elephant was put on its own traps; plain plays
// the search's own choice (the top level before the site chose its
// opening).
func measureOpenings(t *testing.T, plain bool) {
	const games, plies = 20, 2 * openingMoves
	distinct := map[int]map[string]bool{2: {}, 4: {}, 6: {}, 10: {}, 20: {}}
	parked := 0
	byAnimal := map[dsq.Animal]int{}
	for i := range games {
		red, blue := newLevelPlayer(8, uint64(2*i+1), *topNodes), newLevelPlayer(8, uint64(2*i+2), *topNodes)
		red.plain, blue.plain = plain, plain
		g, err := search.PlayGame(t.Context(), dsq.StartPosition(), red, blue, plies)
		require.NoError(t, err)
		var line []string
		for j, m := range g.Moves() {
			pos, _ := g.PositionAfter(j)
			if parks(&pos, m) {
				parked++
				byAnimal[pos.PieceAt(m.From()).Animal()]++
			}
			line = append(line, m.String())
			if d, ok := distinct[j+1]; ok {
				d[strings.Join(line, " ")] = true
			}
		}
		t.Logf("plain=%v game %d: %s", plain, i+1, strings.Join(line, " "))
	}
	t.Logf("plain=%v: distinct openings over %d games: first 2 plies %d, 4 plies %d, 6 plies %d, 10 plies %d, 20 plies %d",
		plain, games, len(distinct[2]), len(distinct[4]), len(distinct[6]), len(distinct[10]), len(distinct[20]))
	t.Logf("plain=%v: tiger, lion or elephant put on its own traps in the first %d moves of each side, %d games: %d (tiger %d, lion %d, elephant %d)",
		plain, openingMoves, games, parked, byAnimal[dsq.Tiger], byAnimal[dsq.Lion], byAnimal[dsq.Elephant])
}

// measureLadder plays the top level (with its opening) against level 7,
// colour-swapped pairs from the start, each pair with its own seeds.
func measureLadder(t *testing.T) {
	top := func(i int) search.Player { return newLevelPlayer(8, uint64(8000+i/2), *topNodes) }
	seven := func(i int) search.Player { return newLevelPlayer(7, uint64(7000+i/2), 0) }
	var sofar tally
	res, err := playMatch(2**ladderPairs, top, seven, func(i int, g *dsq.Game, us dsq.Color) {
		sofar.add(g.Outcome(), us)
		t.Logf("game %d: the top level %v, %v after %d plies; so far %+v", i+1, us, g.Outcome(), len(g.Moves()), sofar)
	})
	require.NoError(t, err)
	e, lo, hi := res.elo()
	t.Logf("level 8 (%d nodes a move, the site's opening) against level 7, %d games from the start: +%d =%d -%d (%.1f%%), Elo %+.1f [%+.1f, %+.1f]",
		*topNodes, res.games(), res.w, res.d, res.l, 100*res.score(), e, lo, hi)
}

// cardClaims are what the levels' cards (search.Levels' About, the page's
// level.about keys) say of the scripted players, pinned on a few games
// with fixed seeds: level 1 loses to the greedy script most of the time,
// level 2 beats it but not the 2-ply script, level 3 beats both. The
// higher levels' claims are measured in lab/levels/ (TestMeasureLevels).
var cardClaims = []struct {
	level  int
	script string
	games  int
	beats  bool // the level scores more than half, else less
}{
	{1, "greedy", 30, false},
	{1, "2-ply", 10, false},
	{2, "greedy", 10, true},
	{2, "2-ply", 10, false},
	{3, "greedy", 10, true},
	{3, "2-ply", 10, true},
}

// scriptPlayer is the scripted player named by script, seeded by game i.
func scriptPlayer(script string) func(i int) search.Player {
	if script == "greedy" {
		return func(i int) search.Player { return greedyPlayer{rand.New(rand.NewPCG(uint64(i), 1))} }
	}
	return func(i int) search.Player { return twoPlyPlayer{rand.New(rand.NewPCG(uint64(i), 2))} }
}

// TestLevelsAgainstTheScripts: the cards' claims on the scripted players
// hold over a few games (cardClaims), and level 1 attacks while it loses:
// it takes a capture at most of its chances and moves forward almost
// always.
func TestLevelsAgainstTheScripts(t *testing.T) {
	t.Parallel()
	for _, c := range cardClaims {
		var st sideStats
		level := func(i int) search.Player { return newLevelPlayer(c.level, uint64(1000*c.level+i), 0) }
		res, err := playMatch(c.games, level, scriptPlayer(c.script), func(_ int, g *dsq.Game, us dsq.Color) { st.watch(g, us) })
		require.NoError(t, err)
		if c.beats {
			assert.Greater(t, res.score(), 0.5, "level %d beats the %s script: %+v", c.level, c.script, res)
		} else {
			assert.Less(t, res.score(), 0.5, "level %d loses to the %s script: %+v", c.level, c.script, res)
		}
		if c.level == 1 {
			assert.GreaterOrEqual(t, st.captures*10, st.chances*6, "level 1 takes what it sees: %v", st)
			assert.GreaterOrEqual(t, st.forward*10, st.moves*9, "level 1 runs at the den: %v", st)
		}
		t.Logf("level %d against %s: %+v, %v", c.level, c.script, res, st)
	}
}
