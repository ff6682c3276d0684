package search

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sync"
	"time"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/internal/eval"
)

// Level is a step of the AI ladder, from 1 (a beginner's first game) to
// MaxLevel (the engine at full strength). Options.Level plays at a level;
// LevelOptions gives a level's options; Levels describes each.
type Level int

// MaxLevel is the top of the ladder: the engine at full strength.
const MaxLevel Level = 8

// TopLevelTime is the time per move LevelOptions gives the top level. A
// server may give it another Time, or a share of a clock.
const TopLevelTime = time.Second

// LevelInfo describes a level of the ladder. At every level, a move that
// wins at once (a den entry) is played: no level walks past a won game.
// From level 3 up, a move after which the other side wins at once is never
// played when another move avoids that. Otherwise, below the top, a move
// is found in four steps:
//
//  1. With probability Blunder, the level looks only at the board after
//     each of its moves (no reply, no capture sequence): it grabs material
//     and leaves pieces where they can be taken. Otherwise it searches
//     every root move to a full score (as a multi-PV search does) by
//     iterative deepening, within Nodes nodes.
//  2. With probability Miss, it overlooks the captures it could make (when
//     it has another move).
//  3. It keeps the Width best moves by that score plus the Attack bonus
//     (their worth); a level that grabs (Grab) keeps, of those, the
//     captures of the most valuable piece it can take, if any.
//  4. It plays the one whose worth plus a random bonus, uniform in
//     0..Spread centi-rats, is highest: a move Spread worse than the best
//     may be chosen, one more than Spread worse never (from the kept ones).
//
// The random draws come from Options.Seed and the position, so a level
// plays the same move from the same game and seed, whatever the machine's
// load (nodes, not time, bound it), and varies with the seed.
type LevelInfo struct {
	Level Level
	Name  string // a short name for a page: an animal of the game, by rank
	About string // what the level is, in a few words for players
	// Nodes is the node budget of a move; 0 at the top, which plays by
	// time.
	Nodes uint64
	Width int // root moves kept, best first; 0 at the top
	// Spread is the largest random bonus, in centi-rats (a rat is about
	// 400), added to a kept move's score.
	Spread  int
	Blunder float64 // probability that a move is chosen without a search
	Miss    float64 // probability that the captures at hand are overlooked
	// Grab: of the kept moves, a level that grabs plays a capture of the
	// most valuable piece it can take, when it can take one.
	Grab bool
	// Attack, in centi-rats, is added to a move's score for each step
	// (files plus ranks) it takes a piece nearer the den it attacks, and
	// taken off for each step away: a level that runs at the den.
	Attack int
	// Elo is the level's measured rating relative to the top level (0 at
	// MaxLevel, negative below): the sum of the steps between them, each
	// measured by the match tool against its neighbour under the standard
	// rules (docs/ai-levels.md). A standing for a page, not a promise to
	// the point: each step's 95% interval is about +-50.
	Elo int
}

// Levels is the ladder, Levels[0] being level 1. Step sizes measured by
// the match tool are in docs/ai-levels.md.
var Levels = [MaxLevel]LevelInfo{
	{Level: 1, Name: "Rat", About: "a raider that runs at your den and grabs what it sees, never minding your answer; a greedy script beats it", Nodes: 60, Width: 10, Spread: 400, Blunder: 1, Miss: 0.2, Grab: true, Attack: 150, Elo: -1205},
	{Level: 2, Name: "Cat", About: "a pickpocket that takes the pieces you leave but often misses your answer; beats a greedy script, not one that looks a move ahead", Nodes: 300, Width: 6, Spread: 200, Blunder: 0.15, Miss: 0.15, Elo: -910},
	{Level: 3, Name: "Dog", About: "a guard, careful with its pieces and its den, with no plan; beats scripts that look a move ahead", Nodes: 1000, Width: 5, Spread: 120, Blunder: 0.06, Miss: 0.05, Elo: -680},
	{Level: 4, Name: "Wolf", About: "a hunter that looks a few moves ahead for your pieces", Nodes: 3000, Width: 4, Spread: 100, Blunder: 0.03, Miss: 0.02, Elo: -465},
	{Level: 5, Name: "Leopard", About: "a patient stalker with a club player's care", Nodes: 8000, Width: 4, Spread: 75, Blunder: 0.015, Elo: -354},
	{Level: 6, Name: "Tiger", About: "a tactician, strong and rarely loose", Nodes: 30000, Width: 3, Spread: 55, Blunder: 0.015, Elo: -231},
	{Level: 7, Name: "Lion", About: "a strategist that plans deep, with little variety", Nodes: 100000, Width: 2, Spread: 15, Elo: -104},
	{Level: 8, Name: "Elephant", About: "the engine at full strength, with the endgame tables"},
}

// Info returns the level's entry of Levels, and false for a level outside
// 1..MaxLevel.
func (l Level) Info() (LevelInfo, bool) {
	if l < 1 || l > MaxLevel {
		return LevelInfo{}, false
	}
	return Levels[l-1], true
}

// String returns the level's number and name, such as "3 (Dog)".
func (l Level) String() string {
	info, ok := l.Info()
	if !ok {
		return fmt.Sprintf("Level(%d)", int(l))
	}
	return fmt.Sprintf("%d (%s)", int(l), info.Name)
}

// LevelOptions returns the options that play at level with seed: below
// the top, Level and Seed (the level's node budget bounds the search); at
// MaxLevel, the full engine with Time TopLevelTime. The caller adds
// Tables (used at the top only), and may add a Time or a context deadline,
// which bound any level.
func LevelOptions(level Level, seed uint64) (Options, error) {
	if _, ok := level.Info(); !ok {
		return Options{}, fmt.Errorf("%w: level %d, want 1..%d", ErrOptions, int(level), int(MaxLevel))
	}
	if level == MaxLevel {
		return Options{Level: level, Seed: seed, Time: TopLevelTime}, nil
	}
	return Options{Level: level, Seed: seed}, nil
}

// weak reports whether opts ask for a level below the top.
func (opts *Options) weak() bool { return opts.Level >= 1 && opts.Level < MaxLevel }

// levelTableMiB is the size of the table of searches below the top: their
// node budgets are small, and the table is cleared before each, so that a
// move depends only on the game, the level and the seed.
const levelTableMiB = 1

// levelWorkers lends searches below the top a worker with a table of its
// own, for one move: an engine that plays levels holds no table between
// moves.
var levelWorkers = sync.Pool{New: func() any { return newWorker(newTable(levelTableMiB)) }}

// searchLevel plays pos, the top of w's stack, at opts.Level below the top
// (see LevelInfo).
func searchLevel(ctx context.Context, w *worker, pos dsq.Position, opts Options) (Result, error) {
	lv := Levels[opts.Level-1]
	var buf [dsq.MaxMoves]dsq.Move
	moves := pos.AppendLegalMoves(buf[:0])
	if len(moves) == 0 {
		return Result{}, ErrNoMove
	}
	if err := ctx.Err(); err != nil {
		return Result{}, err
	}
	rng := rand.New(rand.NewPCG(opts.Seed, levelStream(&pos)))
	blunder := rng.Float64() < lv.Blunder
	miss := rng.Float64() < lv.Miss

	if win := winningMove(&pos, moves); win != dsq.NoMove {
		r := Result{Move: win, Score: Win - 1, Depth: 1, Nodes: 1, PV: []dsq.Move{win}}
		if opts.Progress != nil {
			opts.Progress(r)
		}
		return r, nil
	}
	var losing [dsq.MaxMoves]bool
	avoid := lv.Level >= careLevel && markLosing(&pos, moves, losing[:len(moves)])

	w.tt.clear()
	w.history = [2][64][64]int32{}
	w.counters = [2][64][64]dsq.Move{}

	budget := lv.Nodes
	if opts.Nodes > 0 {
		budget = min(budget, opts.Nodes)
	}
	w.begin(ctx, &pos, Options{Time: opts.Time, Contempt: opts.Contempt})
	var scores [dsq.MaxMoves]int
	depth := 0
	if !blunder {
		depth = w.scoreRoot(&pos, moves, scores[:len(moves)], opts, budget)
	}
	nodes := w.nodes
	w.stack = w.stack[:w.rootIndex+1]
	if depth == 0 {
		staticScores(&pos, moves, scores[:len(moves)])
	}

	// The kept moves, best first (the generator's order among equals).
	var kept [dsq.MaxMoves]int
	n := 0
	for i, m := range moves {
		if miss && pos.PieceAt(m.To()) != dsq.NoPiece || avoid && losing[i] {
			continue
		}
		kept[n] = i
		n++
	}
	if n == 0 { // nothing but captures: play them after all
		for i := range moves {
			if !avoid || !losing[i] {
				kept[n] = i
				n++
			}
		}
	}
	// Each move's worth to the level: its score, plus the Attack bonus.
	var worth [dsq.MaxMoves]int
	us := pos.SideToMove()
	for i, m := range moves {
		worth[i] = scores[i] + lv.Attack*(denSteps(m.From(), us)-denSteps(m.To(), us))
	}
	for i := 1; i < n; i++ {
		for j := i; j > 0 && worth[kept[j]] > worth[kept[j-1]]; j-- {
			kept[j], kept[j-1] = kept[j-1], kept[j]
		}
	}
	n = min(n, lv.Width)
	if lv.Grab {
		n = grab(&pos, moves, kept[:n])
	}
	choice, bestValue := kept[0], -1<<62
	for _, i := range kept[:n] {
		value := worth[i]*1024 + int(rng.Float64()*float64(lv.Spread*1024))
		if value > bestValue {
			choice, bestValue = i, value
		}
	}
	r := Result{Move: moves[choice], Score: scores[choice], Depth: depth, Nodes: nodes, PV: []dsq.Move{moves[choice]}}
	if opts.Progress != nil {
		opts.Progress(r)
	}
	return r, nil
}

// careLevel is the lowest level that never plays a move after which the
// other side wins at once, when it has another.
const careLevel Level = 3

// winningMove returns a move of pos that wins the game at once (a den
// entry, or a capture of the last enemy piece or of its last move), or
// NoMove.
func winningMove(pos *dsq.Position, moves []dsq.Move) dsq.Move {
	us := pos.SideToMove()
	for _, m := range moves {
		child := *pos
		child.MakeMove(m)
		if wins(child.Outcome(), us) {
			return m
		}
	}
	return dsq.NoMove
}

// wins reports whether o is a win for side.
func wins(o dsq.Outcome, side dsq.Color) bool {
	return o.IsDecided() && !o.IsDraw() && o.Winner == side
}

// markLosing sets losing[i] for each move i of pos after which the other
// side has a move that wins at once, and reports whether some move is not
// losing: then the losing ones can be avoided.
func markLosing(pos *dsq.Position, moves []dsq.Move, losing []bool) bool {
	them := pos.SideToMove().Other()
	avoidable := false
	var buf [dsq.MaxMoves]dsq.Move
	for i, m := range moves {
		child := *pos
		child.MakeMove(m)
		if !child.Outcome().IsDecided() {
			for _, reply := range child.AppendLegalMoves(buf[:0]) {
				grandchild := child
				grandchild.MakeMove(reply)
				if wins(grandchild.Outcome(), them) {
					losing[i] = true
					break
				}
			}
		}
		avoidable = avoidable || !losing[i]
	}
	return avoidable
}

// scoreRoot scores every move of pos, the root, by iterative deepening
// with a full window at the root, into scores; the first iteration is
// not cut by the node budget. It returns the depth of the last finished
// iteration, 0 if none finished (time or the context ended it).
func (w *worker) scoreRoot(pos *dsq.Position, moves []dsq.Move, scores []int, opts Options, budget uint64) int {
	var next [dsq.MaxMoves]int
	depth := 0
	for d := 1; d <= opts.depthOr(maxDepth); d++ {
		if d > 1 {
			w.maxNodes = budget
			if w.shouldStop() {
				break
			}
		}
		best := -Win - 1
		for i, m := range moves {
			u := pos.MakeMove(m)
			w.stack = append(w.stack, pos.Hash())
			w.played[0] = m
			next[i] = -w.negamax(pos, d-1, 1, -Win-1, Win+1)
			w.stack = w.stack[:len(w.stack)-1]
			pos.UnmakeMove(m, u)
			if w.stopped {
				return depth
			}
			best = max(best, next[i])
		}
		copy(scores, next[:len(moves)])
		depth = d
		if best > winBound || best < -winBound {
			break // a forced result: deeper search changes nothing
		}
	}
	return depth
}

// depthOr is the deepest iteration opts set, or def when Depth is 0.
func (opts *Options) depthOr(def int) int {
	if opts.Depth > 0 {
		return min(opts.Depth, maxDepth)
	}
	return def
}

// staticScores scores each move of pos by the position after it alone: a
// decided game as the rules decide it, else the evaluation, with no reply
// considered.
func staticScores(pos *dsq.Position, moves []dsq.Move, scores []int) {
	for i, m := range moves {
		child := *pos
		child.MakeMove(m)
		if out := child.Outcome(); out.IsDecided() {
			scores[i] = -terminal(out, child.SideToMove(), 1)
		} else {
			scores[i] = -eval.Evaluate(&child)
		}
	}
}

// levelStream is the random stream of a level's move from pos: the
// position and its no-capture count, so that the same game and seed give
// the same move.
func levelStream(pos *dsq.Position) uint64 {
	return pos.Hash() ^ uint64(pos.NoCaptureHalfMoves()+1)*0x9e3779b97f4a7c15
}

// denSteps is the number of steps (files plus ranks) from sq to the den
// that side us attacks.
func denSteps(sq dsq.Square, us dsq.Color) int {
	den := dsq.DenOf(us.Other()).First()
	return abs(sq.File()-den.File()) + abs(sq.Rank()-den.Rank())
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// grab moves to the front of kept (indices of moves in pos) the captures
// of the most valuable piece among them, and returns their number; with
// no capture among them, it returns len(kept).
func grab(pos *dsq.Position, moves []dsq.Move, kept []int) int {
	best := 0
	for _, i := range kept {
		if p := pos.PieceAt(moves[i].To()); p != dsq.NoPiece {
			best = max(best, pieceValue[p.Animal()])
		}
	}
	if best == 0 {
		return len(kept)
	}
	n := 0
	for j, i := range kept {
		if p := pos.PieceAt(moves[i].To()); p != dsq.NoPiece && pieceValue[p.Animal()] == best {
			kept[n], kept[j] = kept[j], kept[n]
			n++
		}
	}
	return n
}
