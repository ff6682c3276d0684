// Command match plays two engine configurations against each other, the way
// chess engine authors test a change: colour-swapped pairs of games from a
// file of balanced openings, several games at once, W/D/L and the Elo
// difference with its 95% interval, and a sequential probability ratio test
// (SPRT) that stops the match as soon as it is decided.
//
//	go -C cmd run ./match -a SPEC -b SPEC [-openings FILE] [-rules R]
//	    [-games N] [-concurrency N] [-pin] [-sprt ELO0,ELO1] [-alpha A]
//	    [-beta B] [-max-time D] [-max-plies N] [-records FILE] [-tb DIR]
//	    [-adj-win-score CP] [-adj-win-moves N] [-adj-draw-ply N]
//	    [-adj-draw-score CP] [-adj-draw-moves N] [-adj-nodes N]
//	go -C cmd run ./match -gen-openings N [-gen-plies MIN,MAX]
//	    [-gen-depth D] [-gen-margin CP|MIN,MAX] [-seed S] > FILE
//
// A SPEC is comma-separated key=value fields: engine=search (the library's
// engine, the default) or engine=PATH (a binary speaking the
// protocol of cmd/engine, driven through the uci package: one that
// dies, hangs, refuses an option or names an illegal move ends the match
// with an error that says so); depth=N, nodes=N or movetime=DURATION per
// move, or tc=BASE+INC, a game clock such as 10s+100ms (at least one);
// hash=MiB; name=LABEL; option.NAME=VALUE (setoption
// for binaries); level=N[,seed=S] plays engine=search at level N of the AI
// ladder (search.Levels: below the top a node budget, no other limit
// needed; the top by movetime or tc, else search.TopLevelTime). Results are from A's point of view. -rules takes the
// notation of doushouqi.ParseRules, such as "standard" or
// "trapped-capture,move-limit=200,threefold" (the public engines' rules).
//
// Adjudication ends games whose result is already known, as cutechess and
// fishtest do (all off by default). -tb DIR names a directory of endgame
// tables (cmd/egtb writes them): a position they hold ends the game
// with their result, if they are tables for the match's rules (tables for
// other rules are a note and adjudicate nothing). -adj-win-moves N ends a
// game as a win once both engines' own scores, each from its mover's point
// of view, have put the same side ahead by -adj-win-score centi-rats or
// more for N consecutive moves of each engine (a mate score is beyond any
// margin). -adj-draw-moves N ends a game as a draw once both engines'
// scores have stayed within -adj-draw-score of zero for N consecutive moves
// of each, all played after the game's first -adj-draw-ply half-moves. For
// an engine that prints no score, this module's search scores the position
// at -adj-nodes nodes. An adjudicated win is recorded as the loser's
// resignation, a draw as an agreed one, so that the record carries the
// result.
//
// -concurrency N plays N games at once, one per worker; -pin binds each
// worker to a CPU of its own (Linux: the worker's thread is locked and
// bound with sched_setaffinity; its in-process engines search on that
// thread and the engine binaries it starts inherit the binding). The match
// samples the load average (/proc/loadavg) every 5 s and warns, in the
// summary, when it went above N cores and a half: other work then shared
// the cores, and timed games lost speed.
//
// Progress goes to standard error, one line per finished pair; the summary
// to standard output: W/D/L, Elo, the SPRT, the games each adjudication
// ended (and for whom), games per hour of wall clock, each engine's
// average time per move (against its movetime, if it has one) and mean
// reported depth, and the load.
// The match ends after -games games, when the SPRT accepts a hypothesis, or
// after -max-time, whichever comes first. -records FILE writes every
// finished game there as a game record (the library's text form, records
// separated by a blank line, in the order the pairs finish) with tags Red,
// Blue, Round (pair.game) and, for a game ended by the match rather than
// the rules, Termination ("ply cap, draw", "time forfeit, red wins",
// "adjudicated: tablebase, blue wins", "adjudicated: score, draw"). Bad
// flags print one line to standard error and exit with status 2.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/uci"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Stdout, os.Stderr))
}

// maxConcurrency is the most games -concurrency plays at once.
const maxConcurrency = 256

// config is a match's settings.
type config struct {
	A, B        Spec
	Openings    []dsq.Position
	Rules       dsq.Rules
	Games       int // at most, rounded up to whole pairs
	Concurrency int
	Test        SPRT
	MaxTime     time.Duration
	MaxPlies    int       // half-moves after which a game is adjudicated a draw
	Records     io.Writer // where finished games' records go; nil: nowhere
	Adjudicate  Adjudication
	Pin         bool         // bind each worker, and its engines, to a CPU of its own
	Load        *loadMonitor // samples the load average during the match; nil: none
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("match", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var (
		aFlag     = fs.String("a", "engine=search,depth=4", "engine A")
		bFlag     = fs.String("b", "engine=search,depth=3", "engine B")
		openings  = fs.String("openings", "", "openings file, one position per line (default: the start position only)")
		rules     = fs.String("rules", "standard", "house rules")
		games     = fs.Int("games", 1000, "games at most (whole colour-swapped pairs)")
		conc      = fs.Int("concurrency", 1, "games played at once")
		sprt      = fs.String("sprt", "0,5", "SPRT Elo hypotheses elo0,elo1 (logistic Elo)")
		alpha     = fs.Float64("alpha", 0.05, "SPRT false positive rate")
		beta      = fs.Float64("beta", 0.05, "SPRT false negative rate")
		maxTime   = fs.Duration("max-time", 0, "stop the match after this long (0: no limit)")
		maxPlies  = fs.Int("max-plies", 1000, "adjudicate a game a draw after this many half-moves")
		records   = fs.String("records", "", "write the games' records to this file")
		gen       = fs.Int("gen-openings", 0, "write this many balanced openings to standard output and exit")
		genPlies  = fs.String("gen-plies", "4,8", "random half-moves of a generated opening: min,max")
		genDepth  = fs.Int("gen-depth", 6, "search depth that judges a generated opening")
		genMargin = fs.String("gen-margin", "100", "largest |score| of a generated opening, or MIN,MAX for unbalanced openings")
		seed      = fs.Uint64("seed", 1, "random seed for -gen-openings")
		tb        = fs.String("tb", "", "endgame tables directory: a game in the tables ends with their result (empty: off)")
		winScore  = fs.Int("adj-win-score", 1000, "win adjudication: the margin, in centi-rats, both engines must see")
		winMoves  = fs.Int("adj-win-moves", 0, "win adjudication: consecutive moves of each engine beyond the margin (0: off)")
		drawPly   = fs.Int("adj-draw-ply", 80, "draw adjudication: half-moves the game must have had")
		drawScore = fs.Int("adj-draw-score", 20, "draw adjudication: the largest |score|, in centi-rats")
		drawMoves = fs.Int("adj-draw-moves", 0, "draw adjudication: consecutive moves of each engine within the band (0: off)")
		adjNodes  = fs.Uint64("adj-nodes", 10000, "nodes of this module's search scoring a move whose engine gave no score (0: none)")
		pin       = fs.Bool("pin", false, "bind each game's engines to a CPU of their own (Linux)")
	)
	usage := func(err error) int {
		fmt.Fprintf(stderr, "match: %v (usage: match -a SPEC -b SPEC [-openings FILE] [-rules R] [-games N] [-concurrency N] [-sprt ELO0,ELO1] [-alpha A] [-beta B] [-max-time D] [-max-plies N] [-records FILE] [-tb DIR] [-adj-win-score CP] [-adj-win-moves N] [-adj-draw-ply N] [-adj-draw-score CP] [-adj-draw-moves N] [-adj-nodes N] [-pin] | match -gen-openings N [-gen-plies MIN,MAX] [-gen-depth D] [-gen-margin CP|MIN,MAX] [-seed S])\n", err)
		return 2
	}
	if err := fs.Parse(args); err != nil {
		return usage(err)
	}
	if fs.NArg() > 0 {
		return usage(fmt.Errorf("unexpected argument %q", fs.Arg(0)))
	}
	if *gen > 0 {
		lo, hi, err := pairOf[int](*genPlies, strconv.Atoi)
		least, most, errMargin := marginOf(*genMargin)
		if err != nil || errMargin != nil || lo < 0 || hi < lo || *genDepth < 1 || least < 0 || most < least {
			return usage(fmt.Errorf("-gen-plies %q, -gen-depth %d, -gen-margin %q: want 0 <= min <= max, depth >= 1, 0 <= margin or 0 <= min <= max", *genPlies, *genDepth, *genMargin))
		}
		opts := genOptions{Count: *gen, MinPlies: lo, MaxPlies: hi, Depth: *genDepth, Least: least, Margin: most, Seed: *seed}
		if err := generateOpenings(ctx, stdout, opts); err != nil {
			fmt.Fprintln(stderr, "match:", err)
			return 1
		}
		return 0
	}
	var cfg config
	var err error
	if cfg.A, err = ParseSpec(*aFlag); err != nil {
		return usage(err)
	}
	if cfg.B, err = ParseSpec(*bFlag); err != nil {
		return usage(err)
	}
	if cfg.A.Name == cfg.B.Name {
		cfg.A.Name, cfg.B.Name = "A:"+cfg.A.Name, "B:"+cfg.B.Name
	}
	if cfg.Rules, err = dsq.ParseRules(*rules); err != nil {
		return usage(err)
	}
	elo0, elo1, err := pairOf(*sprt, func(s string) (float64, error) { return strconv.ParseFloat(s, 64) })
	if err != nil {
		return usage(fmt.Errorf("-sprt %q: %v", *sprt, err))
	}
	cfg.Test = SPRT{Elo0: elo0, Elo1: elo1, Alpha: *alpha, Beta: *beta}
	if err := cfg.Test.Validate(); err != nil {
		return usage(err)
	}
	if *games < 2 || *conc < 1 || *conc > maxConcurrency || *maxPlies < 1 || *maxTime < 0 {
		return usage(fmt.Errorf("-games %d, -concurrency %d, -max-plies %d, -max-time %v: want at least 2, 1..%d, at least 1 and 0", *games, *conc, *maxPlies, *maxTime, maxConcurrency))
	}
	cfg.Games, cfg.Concurrency, cfg.MaxTime, cfg.MaxPlies = *games, *conc, *maxTime, *maxPlies
	if cfg.Openings, err = loadOpenings(*openings); err != nil {
		return usage(err)
	}
	cfg.Adjudicate = Adjudication{WinScore: *winScore, WinMoves: *winMoves, DrawPlies: *drawPly, DrawScore: *drawScore, DrawMoves: *drawMoves, Nodes: *adjNodes}
	if err := cfg.Adjudicate.Validate(); err != nil {
		return usage(err)
	}
	if *tb != "" {
		ts, note, err := openTables(*tb, cfg.Rules)
		if err != nil {
			return usage(err)
		}
		if note != "" {
			fmt.Fprintln(stderr, "match: note:", note)
		}
		if ts != nil {
			defer ts.Close()
			cfg.Adjudicate.Tables = ts
		}
	}
	cfg.Pin = *pin
	if cpus, err := allowedCPUs(); cfg.Pin && (err != nil || cfg.Concurrency > len(cpus)) {
		fmt.Fprintf(stderr, "match: note: -pin with %d games at once on CPUs %v (%v): games share CPUs\n", cfg.Concurrency, cpus, err)
	}
	cfg.Load = &loadMonitor{read: readLoadAvg, every: 5 * time.Second}
	var recordsFile *os.File
	if *records != "" {
		if recordsFile, err = os.Create(*records); err != nil {
			return usage(err)
		}
		cfg.Records = recordsFile
	}
	pinned := ""
	if cfg.Pin {
		pinned = " (pinned)"
	}
	fmt.Fprintf(stdout, "match: A = %s (%s), B = %s (%s), rules %s, %d openings, up to %d games, concurrency %d%s\n",
		cfg.A.Name, *aFlag, cfg.B.Name, *bFlag, cfg.Rules, len(cfg.Openings), cfg.Games, cfg.Concurrency, pinned)
	fmt.Fprintf(stdout, "adjudication: %v\n", cfg.Adjudicate)
	if pairs := (cfg.Games + 1) / 2; pairs > len(cfg.Openings) {
		fmt.Fprintf(stderr, "match: note: %d pairs on %d openings: after pair %d the openings repeat, and at fixed nodes or depth so do the games\n", pairs, len(cfg.Openings), len(cfg.Openings))
	}
	st, err := playMatch(ctx, cfg, stderr)
	report(stdout, cfg, st)
	if recordsFile != nil {
		if errClose := recordsFile.Close(); err == nil && errClose != nil {
			err = fmt.Errorf("writing records: %w", errClose)
		}
	}
	if err != nil {
		fmt.Fprintln(stderr, "match:", err)
		return 1
	}
	return 0
}

// marginOf reads -gen-margin: "MAX" (balanced: 0..MAX) or "MIN,MAX".
func marginOf(s string) (least, most int, err error) {
	if !strings.Contains(s, ",") {
		most, err = strconv.Atoi(s)
		return 0, most, err
	}
	return pairOf[int](s, strconv.Atoi)
}

// pairOf reads "x,y".
func pairOf[T any](s string, parse func(string) (T, error)) (T, T, error) {
	var zero T
	a, b, ok := strings.Cut(s, ",")
	if !ok {
		return zero, zero, errors.New("want two values separated by a comma")
	}
	x, err := parse(strings.TrimSpace(a))
	if err != nil {
		return zero, zero, err
	}
	y, err := parse(strings.TrimSpace(b))
	if err != nil {
		return zero, zero, err
	}
	return x, y, nil
}

// pairResult is A's points in the two games of a pair: A red, then A blue.
type pairResult struct {
	index  int
	points [2]float64
	plies  [2]int
	ends   [2]string // how each game ended
	adj    [2]string // the adjudication rule that ended each game; "" for none
	games  [2]string // each game's record
	think  [2]time.Duration
	moves  [2]int // A's and B's moves and thinking time over the pair
	depth  depths // A's and B's reported depths over the pair
	err    error
}

// matchStats is what a match measured: the score, the adjudications, the
// time the engines spent and the wall clock.
type matchStats struct {
	Score
	adjudicated adjudications
	think       [2]time.Duration // A's and B's thinking time in all
	moves       [2]int           // A's and B's moves in all
	depth       depths           // A's and B's reported depths in all
	elapsed     time.Duration
}

// depths sums the depths two engines reported, A's and B's (or Red's and
// Blue's), over the moves that reported one.
type depths struct {
	sum, moves [2]int
}

// add counts a move of engine i that reported depth d; a move without a
// depth (d 0) is not counted.
func (d *depths) add(i, depth int) {
	if depth > 0 {
		d.sum[i] += depth
		d.moves[i]++
	}
}

// merge adds o's engine j into d's engine i.
func (d *depths) merge(i int, o depths, j int) {
	d.sum[i] += o.sum[j]
	d.moves[i] += o.moves[j]
}

// playMatch plays pairs on cfg.Concurrency workers until the games are
// played, the SPRT decides, the time is up or ctx ends, and returns the
// figures of the pairs that finished.
func playMatch(ctx context.Context, cfg config, progress io.Writer) (matchStats, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	if cfg.MaxTime > 0 {
		var c context.CancelFunc
		ctx, c = context.WithTimeout(ctx, cfg.MaxTime)
		defer c()
	}
	if cfg.Load != nil {
		go cfg.Load.run(ctx)
	}
	var cpus []int
	if cfg.Pin {
		var err error
		if cpus, err = allowedCPUs(); err != nil || len(cpus) == 0 {
			return matchStats{}, fmt.Errorf("-pin: the CPUs of this process: %v", err)
		}
	}
	pairs := (cfg.Games + 1) / 2
	jobs := make(chan int)
	results := make(chan pairResult)
	var wg sync.WaitGroup
	for k := range cfg.Concurrency {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if cfg.Pin {
				if err := pinThread(cpus[k%len(cpus)]); err != nil {
					results <- pairResult{err: fmt.Errorf("-pin: %w", err)}
					return
				}
			}
			worker(ctx, cfg, jobs, results)
		}()
	}
	go func() {
		defer close(jobs)
		for i := range pairs {
			select {
			case jobs <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() { wg.Wait(); close(results) }()

	st := matchStats{adjudicated: adjudications{}}
	ends := map[string]int{}
	defer func() {
		keys := make([]string, 0, len(ends))
		for k := range ends {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		var parts []string
		for _, k := range keys {
			parts = append(parts, fmt.Sprintf("%s %d", k, ends[k]))
		}
		fmt.Fprintf(progress, "endings: %s\n", strings.Join(parts, ", "))
	}()
	var firstErr error
	start := time.Now()
	lower, upper := cfg.Test.Bounds()
	for r := range results {
		if r.err != nil {
			if firstErr == nil && ctx.Err() == nil {
				firstErr = r.err
				cancel()
			}
			continue
		}
		for i, p := range r.points {
			st.addGame(p)
			ends[r.ends[i]]++
			if r.adj[i] != "" {
				st.adjudicated.add(r.adj[i], p)
			}
			if cfg.Records != nil {
				if _, err := io.WriteString(cfg.Records, r.games[i]+"\n"); err != nil && firstErr == nil {
					firstErr = fmt.Errorf("writing records: %w", err)
					cancel()
				}
			}
		}
		for i := range st.think {
			st.think[i] += r.think[i]
			st.moves[i] += r.moves[i]
			st.depth.merge(i, r.depth, i)
		}
		st.addPair(r.points[0], r.points[1])
		elo, lo, hi := st.Elo()
		fmt.Fprintf(progress, "pair %d (opening %d, %d+%d plies): %s %s | games %d: +%d =%d -%d | Elo %.1f [%.1f, %.1f] | LLR %.2f [%.2f, %.2f] | %s\n",
			st.Games()/2, r.index%len(cfg.Openings)+1, r.plies[0], r.plies[1], points(r.points[0]), points(r.points[1]),
			st.Games(), st.Wins, st.Draws, st.Losses, elo, lo, hi,
			cfg.Test.LLR(st.Score), lower, upper, time.Since(start).Round(time.Second))
		if cfg.Test.Decision(st.Score) != "" {
			cancel()
		}
	}
	st.elapsed = time.Since(start)
	return st, firstErr
}

func points(p float64) string {
	switch p {
	case 1:
		return "1"
	case 0.5:
		return "½"
	}
	return "0"
}

// worker plays the pairs it receives with its own two engines (and its own
// referee, when adjudication scores moves whose engine gave none).
func worker(ctx context.Context, cfg config, jobs <-chan int, results chan<- pairResult) {
	a, err := newPlayer(cfg.A)
	if err != nil {
		results <- pairResult{err: err}
		return
	}
	defer a.close()
	b, err := newPlayer(cfg.B)
	if err != nil {
		results <- pairResult{err: err}
		return
	}
	defer b.close()
	var ref *referee
	if cfg.Adjudicate.scores() && cfg.Adjudicate.Nodes > 0 {
		ref = &referee{nodes: cfg.Adjudicate.Nodes}
	}
	for i := range jobs {
		opening := cfg.Openings[i%len(cfg.Openings)]
		r := pairResult{index: i}
		for game, red := range [2]player{a, b} {
			blue := b
			aColor := dsq.Red
			if red == b {
				blue, aColor = a, dsq.Blue
			}
			gp, err := playGame(ctx, gameSetup{Start: opening, Rules: cfg.Rules, MaxPlies: cfg.MaxPlies, Adjudicate: cfg.Adjudicate, Referee: ref}, red, blue)
			if err != nil {
				r.err = fmt.Errorf("pair %d game %d: %w", i, game+1, err)
				break
			}
			g, out := gp.Game, gp.Outcome
			r.plies[game] = len(g.Moves())
			for c, who := range [2]int{int(aColor), 1 - int(aColor)} { // Red's and Blue's engine: A or B
				r.think[who] += gp.Think[c]
				r.moves[who] += gp.Moves[c]
				r.depth.merge(who, gp.Depth, c)
			}
			// The tag names are valid; SetTag refuses only a value that is
			// not UTF-8 (a name given so), and the record goes without it.
			_ = g.SetTag("Red", red.spec().Name)
			_ = g.SetTag("Blue", blue.spec().Name)
			_ = g.SetTag("Round", fmt.Sprintf("%d.%d", i+1, game+1))
			switch {
			case gp.Adjudicated.rule != "":
				r.ends[game] = "adjudicated: " + gp.Adjudicated.rule
				r.adj[game] = gp.Adjudicated.rule
			case out.Reason == timeForfeit:
				r.ends[game] = "time forfeit"
				_ = g.SetTag("Termination", "time forfeit, "+out.Winner.String()+" wins")
			case !out.IsDecided():
				r.ends[game] = "adjudicated at the ply cap"
				_ = g.SetTag("Termination", "ply cap, draw")
			default:
				r.ends[game] = out.Reason.String()
			}
			r.games[game] = g.Record()
			switch {
			case !out.IsDecided() || out.IsDraw():
				r.points[game] = 0.5
			case out.Winner == aColor:
				r.points[game] = 1
			}
		}
		if r.err != nil && ctx.Err() != nil {
			return // the match was stopped: the unfinished pair does not count
		}
		select {
		case results <- r:
		case <-ctx.Done():
			return
		}
	}
}

// timeForfeit is the Reason of a game lost on time: not a reason of the
// rules, so outside their range.
const timeForfeit dsq.Reason = 100

// gameSetup is how a game is played: from where, under which rules, how
// long at most and which adjudications end it early.
type gameSetup struct {
	Start      dsq.Position
	Rules      dsq.Rules
	MaxPlies   int // half-moves after which the game stops undecided
	Adjudicate Adjudication
	Referee    *referee // scores the moves of an engine that gives no score; nil: none
	// Now reads the time the game clocks run on; nil: time.Now (tests
	// give a clock they step, so that no test waits on the real one).
	Now func() time.Time
}

// playedGame is a finished game and what the match measured of it.
type playedGame struct {
	Game *dsq.Game
	// Outcome is the game's outcome: undecided if stopped at MaxPlies,
	// timeForfeit if a clock ran out; an adjudicated game is ended in the
	// Game itself, a win by the loser's resignation, a draw by agreement.
	Outcome     dsq.Outcome
	Adjudicated verdict    // rule "" if the game was not adjudicated
	Reports     []uci.Info // each move's engine report: its score for the mover, before the move
	Think       [2]time.Duration
	Moves       [2]int // Red's and Blue's thinking time and moves
	Depth       depths // Red's and Blue's reported depths
}

// playGame plays one game as set up and returns it. A move the rules
// refuse is an error naming the engine.
func playGame(ctx context.Context, set gameSetup, red, blue player) (playedGame, error) {
	g, err := dsq.NewGameRules(set.Start, set.Rules)
	if err != nil {
		return playedGame{}, err
	}
	if err := red.newGame(set.Rules); err != nil {
		return playedGame{}, err
	}
	if err := blue.newGame(set.Rules); err != nil {
		return playedGame{}, err
	}
	pg := playedGame{Game: g}
	judge := scoreJudge{adj: set.Adjudicate}
	now := set.Now
	if now == nil {
		now = time.Now
	}
	// Each side's game clock, if its engine plays on one.
	specs := [2]Spec{red.spec(), blue.spec()}
	clock := [2]time.Duration{specs[0].Base, specs[1].Base}
	adjudicate := func(v verdict) (playedGame, error) {
		if err := end(g, v); err != nil {
			return playedGame{}, err
		}
		pg.Adjudicated, pg.Outcome = v, g.Outcome()
		return pg, nil
	}
	for plies := 0; !g.IsOver(); plies++ {
		pos := g.Position()
		if v, ok := probe(set.Adjudicate.Tables, pos); ok {
			return adjudicate(v)
		}
		if plies >= set.MaxPlies {
			break
		}
		p := red
		side := pos.SideToMove()
		if side == dsq.Blue {
			p = blue
		}
		begin := now()
		res, err := p.move(ctx, g, clock)
		if err != nil {
			return playedGame{}, err
		}
		took := now().Sub(begin)
		pg.Think[side] += took
		pg.Moves[side]++
		if specs[side].Base > 0 {
			clock[side] -= took
			if clock[side] < 0 {
				pg.Outcome = dsq.Outcome{Reason: timeForfeit, Winner: side.Other()}
				return pg, nil
			}
			clock[side] += specs[side].Inc
		}
		score, scored := res.Info.Score, res.Info.HasScore
		if !scored && set.Referee != nil && set.Adjudicate.scores() {
			if score, err = set.Referee.score(ctx, g); err != nil {
				return playedGame{}, err
			}
			scored = true
		}
		played := len(g.Moves())
		if err := g.Play(res.Move); err != nil {
			return playedGame{}, fmt.Errorf("%s played %v in %v: %w", pos.SideToMove(), res.Move, pos, err)
		}
		pg.Reports = append(pg.Reports, res.Info)
		pg.Depth.add(int(side), res.Info.Depth)
		if set.Adjudicate.scores() && !g.IsOver() {
			if v, ok := judge.add(side, score, scored, played); ok {
				return adjudicate(v)
			}
		}
	}
	pg.Outcome = g.Outcome()
	return pg, nil
}

// report writes the match summary.
func report(w io.Writer, cfg config, st matchStats) {
	s := st.Score
	elo, lo, hi := s.Elo()
	n := float64(s.Games())
	pct := 50.0
	if n > 0 {
		pct = 100 * (float64(s.Wins) + float64(s.Draws)/2) / n
	}
	fmt.Fprintf(w, "%s vs %s: %d games: +%d =%d -%d (%.1f%%)\n", cfg.A.Name, cfg.B.Name, s.Games(), s.Wins, s.Draws, s.Losses, pct)
	fmt.Fprintf(w, "pairs (0, ½, 1, 1½, 2 points for A): %v\n", s.Pairs)
	fmt.Fprintf(w, "Elo %.1f, 95%% interval [%.1f, %.1f]\n", elo, lo, hi)
	lower, upper := cfg.Test.Bounds()
	verdict := "undecided"
	switch cfg.Test.Decision(s) {
	case "H1":
		verdict = fmt.Sprintf("H1 accepted: A is stronger by about %g Elo or more", cfg.Test.Elo1)
	case "H0":
		verdict = fmt.Sprintf("H0 accepted: A is not stronger by %g Elo", cfg.Test.Elo1)
	}
	fmt.Fprintf(w, "SPRT elo0=%g elo1=%g alpha=%g beta=%g: LLR %.2f [%.2f, %.2f]: %s\n",
		cfg.Test.Elo0, cfg.Test.Elo1, cfg.Test.Alpha, cfg.Test.Beta, cfg.Test.LLR(s), lower, upper, verdict)
	reportAdjudications(w, s.Games(), st.adjudicated)
	perHour := 0.0
	if st.elapsed > 0 {
		perHour = float64(s.Games()) / st.elapsed.Hours()
	}
	fmt.Fprintf(w, "%d games in %v: %.0f games per hour\n", s.Games(), st.elapsed.Round(time.Millisecond), perHour)
	for i, spec := range [2]Spec{cfg.A, cfg.B} {
		fmt.Fprintf(w, "%s: %s%s\n", spec.Name, timeUse(spec, st.think[i], st.moves[i]), depthUse(st.depth, i))
	}
	if cfg.Load != nil {
		cfg.Load.report(w, cfg.Concurrency)
	}
}

// reportAdjudications writes how many of games each rule ended, with the
// results from A's point of view.
func reportAdjudications(w io.Writer, games int, c adjudications) {
	fmt.Fprintf(w, "adjudicated: %d of %d games", c.total(), games)
	for _, rule := range []string{ruleTablebase, ruleScore} {
		if n := c[rule]; n != nil {
			fmt.Fprintf(w, "; %s %d (A wins %d, draws %d, B wins %d)", rule, n[0]+n[1]+n[2], n[0], n[1], n[2])
		}
	}
	fmt.Fprintln(w)
}

// depthUse says engine i's mean reported depth, when it reported any.
func depthUse(d depths, i int) string {
	if d.moves[i] == 0 {
		return ""
	}
	return fmt.Sprintf("; mean depth %.1f over the %d moves that reported one", float64(d.sum[i])/float64(d.moves[i]), d.moves[i])
}

// timeUse says how long an engine thought per move, against its time per
// move when it has one.
func timeUse(spec Spec, think time.Duration, moves int) string {
	if moves == 0 {
		return "no moves"
	}
	avg := think / time.Duration(moves)
	text := fmt.Sprintf("%v a move on average over %d moves", avg.Round(time.Microsecond), moves)
	switch {
	case spec.MoveTime > 0:
		text += fmt.Sprintf(", %.1f%% of its %v", 100*float64(avg)/float64(spec.MoveTime), spec.MoveTime)
	case spec.Base > 0:
		text += fmt.Sprintf(", on a clock of %v+%v", spec.Base, spec.Inc)
	}
	return text
}
