// Package search is a Dou Shou Qi opponent built on the doushouqi rules
// engine. It finds a move for a position, or for a game with its history
// (where a repetition under Rules.Threefold and the no-capture move limit
// count as the rules count them), within the limits the caller sets: a
// depth, a number of nodes, a time, a context. It plays at full strength
// or at a step of a ladder of eight levels (Level), from a beginner's
// first game up. With endgame tables (Options.Tables, package endgame) it
// plays solved endings perfectly.
//
// At a fixed depth or node count, without a time limit, on one thread and
// on a table no other engine writes to, a search after NewGame is
// deterministic: the same position and options give the same result. A level below the top
// plays the same move from the same game and seed on any machine.
//
// An Engine is not safe for concurrent use; give each goroutine its own.
// Engines may share a Table (NewEngineWithTable), so that many of them,
// one per game of a server, cost one table. docs/ai.md describes the
// search's techniques and how each was measured.
package search

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/endgame"
)

// Scores are from the side to move's point of view, in centi-rats. A won
// position scores Win minus the plies to the win.
const (
	Win      = 1_000_000
	winBound = Win - 1000 // scores beyond this are wins found by search
	maxDepth = 64
	maxPly   = 128 // deepest ply a search reaches, extensions included
)

// MaxThreads is the largest Options.Threads.
const MaxThreads = 256

// MaxDepth is the largest Options.Depth.
const MaxDepth = maxDepth

// Options limit a search. The zero value searches to depth 4.
//
// A search must end: one whose only limit is Depth 64 (given, or implied by
// Depth 0 with Infinite), with no Time, no Nodes and a context without a
// deadline, is refused with ErrUnbounded unless Infinite is set and the
// context can be cancelled. A fixed Depth below 64 is accepted as it is,
// but deep ones can take hours: a server should set Time or Nodes.
type Options struct {
	Depth int           // deepest iteration in plies, 0..64; 0 means 4 unless Time, Nodes or Infinite is set, then 64; others are refused
	Time  time.Duration // stop after this long, keeping the last finished iteration (or a better move the unfinished one proved); 0: no limit; negative is refused
	Nodes uint64        // stop after about this many nodes (of the main thread), likewise; 0: no limit
	// Infinite asks for a search that ends only when its context does (or
	// at Time or Nodes, if set), as the "go infinite" of engine protocols:
	// the context must be cancellable (ctx.Done() not nil).
	Infinite bool
	// Threads is the number of goroutines that search together, sharing
	// the table (Lazy SMP): 0 or 1 for one, at most MaxThreads (others are
	// refused). The move and score are the main thread's; a search on
	// several threads is not deterministic.
	Threads int
	// Level, 1..MaxLevel, plays at a step of the AI ladder (see Levels and
	// LevelOptions). Below MaxLevel the level's node budget bounds the
	// search (with Nodes, the smaller), on one thread, without endgame
	// tables; Depth, Time and the context bound it too. MaxLevel and 0 are
	// the engine at full strength under the other fields.
	Level Level
	// Seed chooses a level's random draws (see LevelInfo): the same game,
	// level and seed give the same move. Unused at full strength.
	Seed uint64
	// Contempt is what the side to move at the root gives up to avoid a
	// draw, in centi-rats: draws inside the search score -Contempt for it
	// (+Contempt for the other side). 0 scores draws as 0; a stronger
	// engine plays for a win with a positive value.
	Contempt int
	// Progress, if not nil, is called after each finished iteration with its
	// result, for engine protocols that report the search as it goes.
	Progress func(Result)
	// Tables, if not nil, are endgame tables the search probes: a root
	// position whose material they hold gets the tables' best move without
	// a search (Result.Endgame), and a position inside the tree gets its
	// exact value, scored as a den entry at that distance would be: a win
	// in d half-moves, ply half-moves below the root, scores Win-(ply+d),
	// a loss the negation, a draw as any draw. Tables solved under other
	// rules than the position's are not used. They are only read, so one
	// set may serve any number of engines at once.
	Tables *endgame.Tables
	// MultiPV above 1 asks for that many best lines (Result.Lines), as the
	// MultiPV option of engine protocols: one search, whose every
	// iteration searches the root once per line, each time without the
	// root moves of the lines already found (see multipv.go). More lines
	// than legal moves give every move. It costs about a search per line,
	// and is not used by a level below MaxLevel or a root the endgame
	// tables answer. 0 or 1 is the usual search; negative is refused.
	MultiPV int
}

// Result is the outcome of a search.
type Result struct {
	Move  dsq.Move   // the move chosen
	Score int        // its score for the side to move
	Depth int        // the deepest iteration finished
	Nodes uint64     // positions visited by every thread (in Progress, a helper's as of its last time check)
	PV    []dsq.Move // the expected line, Move first
	// Endgame is true when Move comes from the endgame tables, without a
	// search (Depth 0): the root's material is solved, and Score is exact.
	Endgame bool
	// Lines are the best lines of a search with Options.MultiPV above 1,
	// best first (Lines[0] is Move, Score and PV), from its last finished
	// iteration; nil otherwise.
	Lines []Line
}

// ErrNoMove is returned for a position with no legal move, and for a game
// that is over.
var ErrNoMove = errors.New("search: no legal move")

// Errors for calls the engine refuses, before it searches. Each error
// returned wraps one of them, so that errors.Is tells them apart; the
// message says what was wrong.
var (
	// ErrOptions: an Options field is out of its range.
	ErrOptions = errors.New("search: invalid options")
	// ErrUnbounded: the options and the context set no limit the search
	// would reach (see Options). It wraps ErrOptions.
	ErrUnbounded = fmt.Errorf("%w: no limit (set Time, Nodes, a Depth below %d, a context deadline, or Infinite with a cancellable context)", ErrOptions, maxDepth)
	// ErrNilContext: the context is nil.
	ErrNilContext = errors.New("search: nil context")
	// ErrNilGame: SearchGame was given a nil game.
	ErrNilGame = errors.New("search: nil game")
	// ErrNilEngine: a method was called on a nil *Engine.
	ErrNilEngine = errors.New("search: nil engine")
)

// check returns an error for options and a context a search refuses.
func (opts *Options) check(ctx context.Context) error {
	if ctx == nil {
		return ErrNilContext
	}
	switch {
	case opts.Depth < 0 || opts.Depth > maxDepth:
		return fmt.Errorf("%w: depth %d, want 0..%d", ErrOptions, opts.Depth, maxDepth)
	case opts.Time < 0:
		return fmt.Errorf("%w: time %v, want >= 0", ErrOptions, opts.Time)
	case opts.Threads < 0 || opts.Threads > MaxThreads:
		return fmt.Errorf("%w: threads %d, want 0..%d", ErrOptions, opts.Threads, MaxThreads)
	case opts.Level < 0 || opts.Level > MaxLevel:
		return fmt.Errorf("%w: level %d, want 0..%d", ErrOptions, int(opts.Level), int(MaxLevel))
	case opts.MultiPV < 0:
		return fmt.Errorf("%w: multipv %d, want >= 0", ErrOptions, opts.MultiPV)
	}
	if opts.depth() < maxDepth || opts.Time > 0 || opts.Nodes > 0 || opts.weak() {
		return nil
	}
	if _, ok := ctx.Deadline(); ok {
		return nil
	}
	if opts.Infinite && ctx.Done() != nil {
		return nil
	}
	if opts.Infinite {
		return fmt.Errorf("%w: Infinite with a context that is never done", ErrUnbounded)
	}
	return ErrUnbounded
}

// depth is the deepest iteration opts ask for.
func (opts *Options) depth() int {
	if opts.Depth > 0 {
		return min(opts.Depth, maxDepth)
	}
	if opts.Time > 0 || opts.Nodes > 0 || opts.Infinite {
		return maxDepth
	}
	return 4
}

// DefaultHashMiB is the size, in MiB, of the table a zero Engine makes at
// its first search at full strength.
const DefaultHashMiB = 16

// Engine searches positions. It keeps its transposition table between
// searches of one game; NewGame clears it. With Options.Threads above 1 it
// searches on that many goroutines sharing the table (Lazy SMP).
//
// The zero Engine is ready to use: it allocates a table of DefaultHashMiB
// at its first search at full strength; NewEngine chooses the size, and
// NewEngineWithTable shares a table between engines. An engine that plays
// only levels below MaxLevel never allocates a table: those searches use
// small tables lent for the duration of a move.
type Engine struct {
	tt      *Table
	shared  bool      // tt is shared with other engines: NewGame leaves it alone
	workers []*worker // workers[0] is the main thread; the others help
}

// worker is one search thread: everything but the table is its own.
type worker struct {
	tt    *Table
	nodes uint64
	// published is nodes as of the last time check (every 1024 nodes),
	// for the main thread to report the helpers' nodes while they search.
	published atomic.Uint64
	helpers   []*worker // the main thread's helpers in this search
	maxNodes  uint64
	deadline  time.Time
	ctx       context.Context
	stopped   bool

	drawAt    int      // the no-capture count that draws; -1 without a limit
	salt      uint64   // mixed into the table keys: 0 under the standard rules
	threefold bool     // third occurrences are draws (Rules.Threefold)
	stack     []uint64 // hashes of the game since its last capture, then of the search path
	rootIndex int      // index in stack of the root position
	// counts holds, when counted, how often each hash of stack up to the
	// root occurs there (loadGame): read-only during a search, and shared
	// with the helpers.
	counts   map[uint64]int32
	counted  bool
	contempt int // Options.Contempt

	tables      *endgame.Tables // Options.Tables, if they fit the rules
	tablePieces int             // the most pieces of a table held; 0 without tables

	killers [maxPly + 1][2]dsq.Move
	// played[ply] is the move that led to the node at ply+1; counters holds,
	// for each side and the other side's last move (from, to), the quiet
	// move that last refuted it.
	played   [maxPly + 1]dsq.Move
	counters [2][64][64]dsq.Move
	history  [2][64][64]int32

	// exactDepth, for tests, takes table scores only from entries of
	// exactly the depth asked and turns off everything that prunes or
	// reduces (late-move reductions, futility pruning, aspiration), so
	// that a fixed-depth search returns the plain minimax score with
	// quiescence.
	exactDepth bool
}

// NewEngine returns an engine with a transposition table of its own, of
// about hashMiB MiB: hashMiB is clamped to 1..MaxHashMiB.
func NewEngine(hashMiB int) *Engine {
	tt := newTable(hashMiB)
	return &Engine{tt: tt, workers: []*worker{newWorker(tt)}}
}

// NewEngineWithTable returns an engine that searches with t, which other
// engines may use at the same time; with a nil or zero t, a zero Engine. Such an
// engine costs almost no memory while it does not search: its search
// state is made at its first search at full strength.
//
// Engines sharing a table profit from each other's work, but a search at
// a fixed depth or node count is then deterministic only while no other
// engine writes to the table, and NewGame does not clear it (Table.Clear
// does).
func NewEngineWithTable(t *Table) *Engine {
	if t == nil || len(t.slots) == 0 {
		return &Engine{}
	}
	return &Engine{tt: t, shared: true}
}

func newWorker(tt *Table) *worker {
	return &worker{tt: tt, stack: make([]uint64, 0, 256)}
}

// ready makes the table of a zero Engine and the main worker, for a
// search at full strength.
func (e *Engine) ready() {
	if e.tt == nil {
		e.tt = newTable(DefaultHashMiB)
	}
	if len(e.workers) == 0 {
		e.workers = []*worker{newWorker(e.tt)}
	}
}

// NewGame forgets what earlier searches learned, so that a search depends
// only on its position and options: it clears the engine's table (not a
// table shared with NewEngineWithTable, which other engines use) and its
// move-ordering statistics. On a nil Engine it does nothing.
func (e *Engine) NewGame() {
	if e == nil {
		return
	}
	if e.tt != nil && !e.shared {
		e.tt.clear()
	}
	for _, w := range e.workers {
		w.history = [2][64][64]int32{}
		w.counters = [2][64][64]dsq.Move{}
	}
}

// Search finds a move for the side to move in pos, under pos's rules and
// without a history: no repetition is known before pos. It returns an error
// wrapping dsq.ErrNotAPosition for a value that is not a position of the
// game (the zero Position, or one an unchecked MakeMove of an illegal move
// damaged), rather than searching it, ErrNoMove if there is no move, and
// the context's error if ctx ends before the first
// iteration finishes; after that, an ended context, time or node limit
// returns the best move of the last finished iteration, or the move the
// unfinished iteration proved better than it. Options it refuses (see
// Options) and a nil ctx return an error without a search.
func (e *Engine) Search(ctx context.Context, pos dsq.Position, opts Options) (Result, error) {
	if e == nil {
		return Result{}, ErrNilEngine
	}
	if err := opts.check(ctx); err != nil {
		return Result{}, err
	}
	if err := checkPosition(pos); err != nil {
		return Result{}, err
	}
	return e.run(ctx, pos, opts, func(w *worker) {
		w.stack = append(w.stack[:0], pos.Hash())
		w.threefold, w.counted = false, false
	})
}

// checkPosition refuses a value that is not a position of the game, as
// dsq.NewGameFrom does: the zero Position, a setup that Validate refuses,
// or a position that does not match its own setup.
func checkPosition(pos dsq.Position) error {
	if pos.IsZero() {
		return fmt.Errorf("search: %w (the zero Position)", dsq.ErrNotAPosition)
	}
	s := pos.Setup()
	if err := s.Validate(); err != nil {
		return fmt.Errorf("search: %w: %w", dsq.ErrNotAPosition, err)
	}
	if check, _ := dsq.NewPosition(s); check != pos {
		return fmt.Errorf("search: %w (inconsistent: an illegal move made unchecked?)", dsq.ErrNotAPosition)
	}
	return nil
}

// SearchGame finds a move for the side to move in g, under g's rules: with
// Rules.Threefold, a position that would occur for the third time counts as
// a draw, as does (a usual engine practice) one that repeats a position of
// the search's own line, since the side that wanted it can repeat again. It
// returns ErrNoMove if g is over, ErrNilGame if g is nil; otherwise as
// Search.
func (e *Engine) SearchGame(ctx context.Context, g *dsq.Game, opts Options) (Result, error) {
	if e == nil {
		return Result{}, ErrNilEngine
	}
	if err := opts.check(ctx); err != nil {
		return Result{}, err
	}
	if g == nil {
		return Result{}, ErrNilGame
	}
	if g.IsOver() {
		return Result{}, ErrNoMove
	}
	return e.run(ctx, g.Position(), opts, func(w *worker) { w.loadGame(g) })
}

// run searches pos with the options, checked, on the worker that suits
// them, after load has given that worker the history.
func (e *Engine) run(ctx context.Context, pos dsq.Position, opts Options, load func(*worker)) (Result, error) {
	if opts.weak() {
		w := levelWorkers.Get().(*worker)
		defer levelWorkers.Put(w)
		load(w)
		return searchLevel(ctx, w, pos, opts)
	}
	e.ready()
	load(e.workers[0])
	return e.search(ctx, pos, opts)
}

// loadGame readies the worker to search g's position with g's history:
// the hashes of the positions since the last capture (no earlier one can
// come back, as a capture cannot be undone), oldest first, and under
// Threefold how often each occurred, so that repetition looks up the game
// instead of walking it. It costs time linear in the game's length.
func (e *worker) loadGame(g *dsq.Game) {
	pos := g.Position()
	e.threefold = g.Rules().Threefold
	moves := g.Moves()
	first := max(len(moves)-pos.NoCaptureHalfMoves(), 0)
	p, _ := g.PositionAfter(first)
	e.stack = append(e.stack[:0], p.Hash())
	for _, m := range moves[first:] {
		p.MakeMove(m)
		e.stack = append(e.stack, p.Hash())
	}
	e.counted = e.threefold
	if e.counted {
		if e.counts == nil {
			e.counts = make(map[uint64]int32, len(e.stack))
		}
		clear(e.counts)
		for _, h := range e.stack {
			e.counts[h]++
		}
	}
}

// search runs the main worker, and helpers when opts.Threads asks for them,
// from pos; the main worker's stack holds the history.
func (e *Engine) search(ctx context.Context, pos dsq.Position, opts Options) (Result, error) {
	threads := min(max(opts.Threads, 1), MaxThreads)
	for len(e.workers) < threads {
		e.workers = append(e.workers, newWorker(e.tt))
	}
	main := e.workers[0]
	if opts.Tables != nil && len(pos.LegalMoves()) > 0 && ctx.Err() == nil {
		root := pos // a copy, so that pos stays off the heap
		main.begin(ctx, &root, opts)
		if r, ok := main.tableRoot(root); ok {
			if opts.Progress != nil {
				opts.Progress(r)
			}
			return r, nil
		}
	}
	if threads == 1 {
		return main.iterate(ctx, pos, opts, 0)
	}
	helpCtx, stop := context.WithCancel(ctx)
	var wg sync.WaitGroup
	for i, h := range e.workers[1:threads] {
		h.threefold = main.threefold
		h.counts, h.counted = main.counts, main.counted
		h.stack = append(h.stack[:0], main.stack...)
		h.exactDepth = main.exactDepth
		h.published.Store(0)
		helperOpts := Options{Depth: opts.Depth, Time: opts.Time, Infinite: opts.Infinite, Contempt: opts.Contempt, Tables: opts.Tables}
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, _ = h.iterate(helpCtx, pos, helperOpts, 1+i%2)
		}()
	}
	main.helpers = e.workers[1:threads]
	r, err := main.iterate(ctx, pos, opts, 0)
	stop()
	wg.Wait()
	main.helpers = nil
	for _, h := range e.workers[1:threads] {
		r.Nodes += h.nodes
	}
	return r, err
}

// iterate is iterative deepening from pos; a helper (skip > 0) starts at
// depth 1+skip, so that the threads spread over depths.
func (e *worker) iterate(ctx context.Context, pos dsq.Position, opts Options, skip int) (Result, error) {
	if opts.MultiPV > 1 && skip == 0 {
		return e.iterateLines(ctx, pos, opts)
	}
	depth := opts.depth()
	moves := pos.LegalMoves()
	if len(moves) == 0 {
		return Result{}, ErrNoMove
	}
	if err := ctx.Err(); err != nil {
		return Result{}, err
	}
	e.begin(ctx, &pos, opts)
	best := Result{Move: moves[0]}
	for d := 1 + skip; d <= depth; d++ {
		if d > 1 && e.shouldStop() {
			break // no time for another iteration
		}
		score, move := e.aspirate(&pos, d, best.Score, nil)
		if e.stopped {
			if d == 1+skip {
				if err := ctx.Err(); err != nil {
					return Result{}, err
				}
			}
			if score > -Win-1 && move != best.Move {
				// The unfinished iteration found a better move than the
				// last finished one's: play it (its depth is not finished).
				best.Move, best.Score, best.PV = move, score, e.pv(pos, move, d-1)
			}
			break
		}
		best = Result{Move: move, Score: score, Depth: d, Nodes: e.nodes, PV: e.pv(pos, move, d)}
		for _, h := range e.helpers {
			best.Nodes += h.published.Load()
		}
		if opts.Progress != nil {
			opts.Progress(best)
		}
		if score > winBound || score < -winBound {
			break // a forced result is found; deeper search changes nothing
		}
	}
	best.Nodes = e.nodes
	e.stack = e.stack[:e.rootIndex+1]
	return best, nil
}

// begin readies the engine for a search from pos, whose hash is the top of
// e.stack.
func (e *worker) begin(ctx context.Context, pos *dsq.Position, opts Options) {
	e.ctx, e.stopped, e.nodes, e.maxNodes = ctx, false, 0, opts.Nodes
	e.deadline = time.Time{}
	if opts.Time > 0 {
		e.deadline = time.Now().Add(opts.Time)
	}
	e.drawAt = pos.Rules().DrawLimit()
	e.salt = rulesSalt(pos.Rules())
	e.contempt = 0
	if !e.exactDepth {
		e.contempt = min(max(opts.Contempt, -winBound/2), winBound/2)
	}
	e.rootIndex = len(e.stack) - 1
	e.useTables(pos, opts)
	e.killers = [maxPly + 1][2]dsq.Move{}
}

// rulesSalt sets apart the table keys of positions played under other
// rules than the standard ones, whose values differ: the capture rules
// and the move limit. Under the standard rules it is 0.
func rulesSalt(r dsq.Rules) uint64 {
	limit := r.DrawLimit()
	if !r.TrappedCapture && !r.SwapDogWolf && limit == dsq.DrawHalfMoves {
		return 0
	}
	s := uint64(uint32(limit))
	if r.TrappedCapture {
		s |= 1 << 32
	}
	if r.SwapDogWolf {
		s |= 1 << 33
	}
	s = (s ^ s>>29 + 0x9e3779b97f4a7c15) * 0xbf58476d1ce4e5b9
	return s ^ s>>31
}

// repetition reports whether pos, the top of the stack, is a draw by
// repetition under Threefold (its third occurrence in the game and the
// line, or a repeat of a position of the line below the root), and whether
// it occurred before at all, in the game or the line: a position seen
// before may have a repetition one move below it that its table entry,
// stored from another path, does not know. Without Threefold, neither.
// Below the root it walks the line alone and looks the game up in counts
// (when loadGame made them), so that a long game costs nothing per node.
func (e *worker) repetition(pos *dsq.Position) (draw, seen bool) {
	if !e.threefold {
		return false, false
	}
	top := len(e.stack) - 1 // pos itself
	h := e.stack[top]
	bottom := max(top-pos.NoCaptureHalfMoves(), 0) // the position after the last capture
	lookUp := e.counted && top > e.rootIndex && bottom <= e.rootIndex
	low := bottom
	if lookUp {
		// No capture on the line: the whole game in the stack is in the
		// window (loadGame starts it after the game's last capture).
		low = e.rootIndex + 1
	}
	count := 0
	for i := top - 2; i >= low; i -= 2 {
		if e.stack[i] == h {
			if i > e.rootIndex {
				return true, true
			}
			count++
		}
	}
	if lookUp {
		count += int(e.counts[h])
	}
	return count >= 2, count > 0
}

// scoreToTT and scoreFromTT store win scores as distances from the node
// rather than from the root, so that an entry reads right at any ply.
func scoreToTT(s, ply int) int {
	switch {
	case s > winBound:
		return s + ply
	case s < -winBound:
		return s - ply
	}
	return s
}

func scoreFromTT(s, ply int) int {
	switch {
	case s > winBound:
		return s - ply
	case s < -winBound:
		return s + ply
	}
	return s
}

func (e *worker) shouldStop() bool {
	e.published.Store(e.nodes)
	if e.ctx.Err() != nil || e.maxNodes != 0 && e.nodes >= e.maxNodes {
		return true
	}
	return !e.deadline.IsZero() && time.Now().After(e.deadline)
}

// key is a position's table key: the Zobrist hash covers pieces and side,
// and the no-capture count decides how near the move-limit draw is. Far from
// the limit (further than any search reaches) the count is left out, so
// that transpositions with different counts share their entries.
func (e *worker) key(pos *dsq.Position) uint64 {
	k := pos.Hash() ^ e.salt
	if clock := pos.NoCaptureHalfMoves(); e.drawAt >= 0 && e.drawAt-clock <= maxPly {
		k ^= uint64(clock+1) * 0x9e3779b97f4a7c15
	}
	return k
}

func (e *worker) probeMove(pos *dsq.Position) dsq.Move {
	if t, ok := e.tt.probe(e.key(pos)); ok {
		return t.move
	}
	return dsq.NoMove
}

func (e *worker) store(pos *dsq.Position, depth, score int, bound uint8, m dsq.Move) {
	e.tt.store(e.key(pos), entry{move: m, score: int32(score), depth: int8(depth), bound: bound})
}

// pv follows the table from pos after move for the expected line, at most
// depth moves, stopping at a move that is not legal (an overwritten entry).
func (e *worker) pv(pos dsq.Position, move dsq.Move, depth int) []dsq.Move {
	line := []dsq.Move{move}
	pos.MakeMove(move)
	for len(line) < depth {
		m := e.probeMove(&pos)
		if m == dsq.NoMove || !pos.IsLegal(m) {
			break
		}
		line = append(line, m)
		pos.MakeMove(m)
	}
	return line
}

// terminal scores a decided position, outcome o, for side, ply half-moves
// below the root.
func terminal(o dsq.Outcome, side dsq.Color, ply int) int {
	switch {
	case o.IsDraw():
		return 0
	case o.Winner == side:
		return Win - ply
	}
	return -Win + ply
}
