// Command engine runs the search package's engine as a process speaking a
// UCI-style text protocol on standard input and output, so that GUIs, match
// tools and servers in any language can use it. It also answers the
// "jcei" handshake ("jceiok") that an existing open Jungle engine's GUI
// sends.
//
//	go -C cmd run ./engine
//
// Commands, one per line:
//
//	uci | jcei                   identify, list the options, end with uciok | jceiok
//	isready                      readyok
//	setoption name N value V     Hash (MiB, 1..4096), Threads (1..64), Rules (doushouqi.ParseRules text),
//	                             Contempt (centi-rats a draw costs the engine, -1000..1000, default 0),
//	                             EGTB (a directory of endgame tables made by go -C cmd run ./egtb
//	                             under the same rules; <empty> for none),
//	                             Level (the AI ladder's level, 1..8, default 8: full strength),
//	                             Seed (a level's random seed, 1..2^53; 0, the default, draws
//	                             a new one for each game)
//	ucinewgame                   forget the previous game (clear the table)
//	position startpos [moves M...]
//	position fen F [moves M...]  F is the position notation (its four fields)
//	go [depth D] [nodes N] [movetime MS] [wtime MS] [btime MS] [winc MS] [binc MS] [movestogo N] [infinite]
//	stop                         end the search now: bestmove follows (after go infinite,
//	                             bestmove waits for stop even when the search is done)
//	quit                         exit
//
// While it searches the engine prints "info depth D score cp S|mate M nodes
// N nps X time MS pv M..." after each finished iteration, then "bestmove
// M" ("bestmove 0000" when the game is over). Scores are in centi-rats for
// the side to move. A command it cannot read is answered with "info string
// error: ..." and changes nothing.
//
// Level below 8 plays at that level of the AI ladder (search.Levels): a
// node budget and human-like mistakes, the same moves from the same game
// and Seed (with Seed 0, each ucinewgame draws a seed, so that a GUI that
// sets none meets varied games, as players of the site do); go depth, nodes, movetime and clocks bound it further, and a
// go without a limit ends at the level's budget. Level 8 is the engine at
// full strength, bounded by the go command, with the EGTB tables.
//
// With EGTB set, a position whose material the tables hold is answered at
// once with the tables' best move: "info depth 0 score mate M ... pv ...",
// where M counts moves to the next capture or den entry that keeps the win,
// then "info string endgame tables: blue wins in 17" (in half-moves), then
// bestmove. Inside a search, positions the tables hold get their exact
// value. After a Rules change the tables are read again from the directory;
// if they were solved under other rules, they are not used until the rules
// match again (an info string says so).
package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/endgame"
	"github.com/doushouqi/doushouqi/search"
)

func main() {
	os.Exit(run(os.Stdin, os.Stdout))
}

const (
	defaultHash = 16
	maxHash     = 4096
	maxThreads  = 64
	maxSeed     = 1 << 53 // exact in any GUI's number type
)

// session is the protocol state of one engine process.
type session struct {
	out      io.Writer
	outMu    sync.Mutex
	engine   *search.Engine
	hash     int
	threads  int
	contempt int
	level    search.Level // the AI ladder's level; search.MaxLevel is full strength
	seed     uint64       // the Seed option: 0 draws gameSeed anew for each game
	gameSeed uint64       // the seed of this game's searches
	rules    dsq.Rules
	game     *dsq.Game
	cancel   context.CancelFunc // ends the running search, if any
	done     chan struct{}      // closed when the running search has printed bestmove
	infinite bool               // the running search has no limit
	newHash  bool               // the table must be reallocated before the next search
	egtbDir  string             // the EGTB option, "" for none
	tables   *endgame.Tables    // the tables of egtbDir under rules; nil if none fit
}

func run(in io.Reader, out io.Writer) int {
	s := &session{out: out, hash: defaultHash, threads: 1, level: search.MaxLevel, game: dsq.NewGame()}
	s.newGameSeed()
	s.engine = search.NewEngine(s.hash)
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	quit := false
	for sc.Scan() {
		if !s.handle(strings.TrimSpace(sc.Text())) {
			quit = true
			break
		}
	}
	if !quit && s.done != nil && !s.infinite {
		<-s.done // end of input: a bounded search still answers
	}
	s.stop()
	return 0
}

func (s *session) println(format string, args ...any) {
	s.outMu.Lock()
	defer s.outMu.Unlock()
	fmt.Fprintf(s.out, format+"\n", args...)
}

func (s *session) errorf(format string, args ...any) {
	s.println("info string error: "+format, args...)
}

// handle runs one command and reports whether to go on.
func (s *session) handle(line string) bool {
	cmd, rest, _ := strings.Cut(line, " ")
	rest = strings.TrimSpace(rest)
	switch cmd {
	case "":
	case "uci", "jcei":
		s.println("id name doushouqi search")
		s.println("id author the doushouqi authors")
		s.println("option name Hash type spin default %d min 1 max %d", defaultHash, maxHash)
		s.println("option name Threads type spin default 1 min 1 max %d", maxThreads)
		s.println("option name Rules type string default standard")
		s.println("option name Contempt type spin default 0 min -1000 max 1000")
		s.println("option name EGTB type string default <empty>")
		s.println("option name Level type spin default %d min 1 max %d", search.MaxLevel, search.MaxLevel)
		s.println("option name Seed type spin default 0 min 0 max %d", maxSeed)
		s.println("%sok", cmd)
	case "isready":
		s.println("readyok")
	case "setoption":
		s.setOption(rest)
	case "ucinewgame":
		s.stop()
		s.engine.NewGame()
		s.game, _ = dsq.NewGameRules(dsq.StartPosition(), s.rules)
		s.newGameSeed()
	case "position":
		s.position(rest)
	case "go":
		s.goSearch(rest)
	case "stop":
		s.stop()
	case "quit":
		return false
	default:
		s.errorf("unknown command %q", cmd)
	}
	return true
}

func (s *session) setOption(args string) {
	name, value, ok := strings.Cut(strings.TrimPrefix(args, "name "), " value ")
	if !strings.HasPrefix(args, "name ") || !ok {
		s.errorf("want setoption name NAME value VALUE, got %q", args)
		return
	}
	name, value = strings.TrimSpace(name), strings.TrimSpace(value)
	s.stop()
	switch strings.ToLower(name) {
	case "hash":
		n, err := strconv.Atoi(value)
		if err != nil || n < 1 || n > maxHash {
			s.errorf("Hash %q: want 1..%d MiB", value, maxHash)
			return
		}
		if n != s.hash {
			s.hash, s.newHash = n, true
		}
	case "threads":
		n, err := strconv.Atoi(value)
		if err != nil || n < 1 || n > maxThreads {
			s.errorf("Threads %q: want 1..%d", value, maxThreads)
			return
		}
		s.threads = n
	case "contempt":
		n, err := strconv.Atoi(value)
		if err != nil || n < -1000 || n > 1000 {
			s.errorf("Contempt %q: want -1000..1000", value)
			return
		}
		s.contempt = n
	case "rules":
		r, err := dsq.ParseRules(value)
		if err != nil {
			s.errorf("Rules: %v", err)
			return
		}
		g, err := dsq.NewGameRules(s.game.Start(), r)
		if err == nil {
			err = replay(g, s.game.Moves())
		}
		if err != nil {
			s.errorf("Rules %s: the current game cannot be played under them: %v", r, err)
			return
		}
		s.rules, s.game = r, g
		s.reloadTables()
	case "egtb":
		s.setTables(value)
	case "level":
		n, err := strconv.Atoi(value)
		if err != nil || n < 1 || n > int(search.MaxLevel) {
			s.errorf("Level %q: want 1..%d", value, search.MaxLevel)
			return
		}
		s.level = search.Level(n)
	case "seed":
		n, err := strconv.ParseUint(value, 10, 64)
		if err != nil || n > maxSeed {
			s.errorf("Seed %q: want 0..%d", value, uint64(maxSeed))
			return
		}
		s.seed = n
		s.newGameSeed()
	default:
		s.errorf("unknown option %q", name)
	}
}

// setTables reads the endgame tables in dir for the current rules; "" or
// "<empty>" turns them off. A directory that cannot be read, holds no
// table or holds tables of other rules is refused.
func (s *session) setTables(dir string) {
	if dir == "" || dir == "<empty>" {
		s.egtbDir, s.tables = "", nil
		return
	}
	ts, err := openTables(dir, s.rules)
	if err != nil {
		s.errorf("EGTB: %v", err)
		return
	}
	s.egtbDir, s.tables = dir, ts
	s.println("info string EGTB: %d tables from %s", len(ts.Materials()), dir)
}

// reloadTables reads the tables of the EGTB directory again for new rules.
func (s *session) reloadTables() {
	if s.egtbDir == "" {
		return
	}
	ts, err := openTables(s.egtbDir, s.rules)
	if err != nil {
		s.tables = nil
		s.println("info string EGTB: tables of %s not used under rules %s: %v", s.egtbDir, s.rules, err)
		return
	}
	s.tables = ts
	s.println("info string EGTB: %d tables from %s", len(ts.Materials()), s.egtbDir)
}

func openTables(dir string, rules dsq.Rules) (*endgame.Tables, error) {
	ts, err := endgame.Open(dir, rules)
	if err != nil {
		return nil, err
	}
	if len(ts.Materials()) == 0 {
		return nil, fmt.Errorf("no table files (*%s) in %s; make them with go -C cmd run ./egtb", endgame.FileExt, dir)
	}
	return ts, nil
}

func replay(g *dsq.Game, moves []dsq.Move) error {
	for _, m := range moves {
		if err := g.Play(m); err != nil {
			return err
		}
	}
	return nil
}

// position sets the game from "startpos|fen F [moves M...]". Nothing
// changes if any part is refused.
func (s *session) position(args string) {
	setup, movesText, _ := strings.Cut(args, "moves")
	setup = strings.TrimSpace(setup)
	var start dsq.Position
	switch {
	case setup == "startpos":
		start = dsq.StartPosition()
	case strings.HasPrefix(setup, "fen "):
		var err error
		start, err = dsq.ParsePosition(strings.TrimSpace(strings.TrimPrefix(setup, "fen ")))
		if err != nil {
			s.errorf("position: %v", err)
			return
		}
	default:
		s.errorf("position: want startpos or fen F, got %q", setup)
		return
	}
	g, err := dsq.NewGameRules(start, s.rules)
	if err != nil {
		s.errorf("position: %v", err)
		return
	}
	for _, text := range strings.Fields(movesText) {
		m, err := dsq.ParseMove(text)
		if err == nil {
			err = g.Play(m)
		}
		if err != nil {
			s.errorf("position: move %q: %v", text, err)
			return
		}
	}
	s.stop()
	s.game = g
}

// limits reads the go command's arguments into search options.
func (s *session) limits(args string) (search.Options, error) {
	var opts search.Options
	var clock [2]time.Duration // wtime, btime
	var inc [2]time.Duration
	movesToGo := 0
	clocked := false
	fields := strings.Fields(args)
	for i := 0; i < len(fields); i++ {
		name := fields[i]
		if name == "infinite" {
			continue
		}
		if i+1 >= len(fields) {
			return opts, fmt.Errorf("go: %s needs a value", name)
		}
		i++
		n, err := strconv.ParseInt(fields[i], 10, 64)
		if err != nil || n < 0 {
			return opts, fmt.Errorf("go: %s %q: want a whole number >= 0", name, fields[i])
		}
		ms := time.Duration(n) * time.Millisecond
		switch name {
		case "depth":
			if n < 1 || n > 64 {
				return opts, fmt.Errorf("go: depth %d: want 1..64", n)
			}
			opts.Depth = int(n)
		case "nodes":
			opts.Nodes = uint64(n)
		case "movetime":
			opts.Time = max(ms, time.Millisecond)
		case "wtime", "btime":
			clock[map[string]int{"wtime": 0, "btime": 1}[name]] = ms
			clocked = true
		case "winc", "binc":
			inc[map[string]int{"winc": 0, "binc": 1}[name]] = ms
		case "movestogo":
			movesToGo = int(n)
		default:
			return opts, fmt.Errorf("go: unknown limit %q", name)
		}
	}
	if clocked && opts.Time == 0 {
		// wtime is Red's clock (Red moves first, as White does).
		pos := s.game.Position()
		side := pos.SideToMove()
		opts.Time = search.TimeForMove(clock[side], inc[side], movesToGo)
	}
	// Every search here ends at stop, so none is refused as unbounded; one
	// without a limit (go infinite, go, go depth 64) runs until stop.
	opts.Infinite = true
	if (opts.Depth == 0 || opts.Depth == search.MaxDepth) && opts.Nodes == 0 && opts.Time == 0 && s.level == search.MaxLevel {
		s.infinite = true // a level below the top ends at its budget
	}
	return opts, nil
}

func (s *session) goSearch(args string) {
	s.stop()
	s.infinite = false
	opts, err := s.limits(args)
	if err != nil {
		s.errorf("%v", err)
		return
	}
	opts.Threads = s.threads
	opts.Contempt = s.contempt
	opts.Tables = s.tables
	if s.level < search.MaxLevel {
		opts.Level, opts.Seed = s.level, s.gameSeed
	}
	if s.newHash {
		s.engine, s.newHash = search.NewEngine(s.hash), false
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	s.cancel, s.done = cancel, done
	g, engine := s.game, s.engine
	start := time.Now()
	// "go infinite" promises no bestmove before stop, whatever ends the
	// search first (a level's budget, the tables, a forced move).
	hold := slices.Contains(strings.Fields(args), "infinite")
	if hold {
		s.infinite = true
	}
	opts.Progress = func(r search.Result) {
		elapsed := time.Since(start)
		nps := uint64(float64(r.Nodes) / max(elapsed.Seconds(), 1e-6))
		var pv strings.Builder
		for _, m := range r.PV {
			pv.WriteString(" " + m.String())
		}
		s.println("info depth %d score %s nodes %d nps %d time %d pv%s", r.Depth, scoreText(r.Score), r.Nodes, nps, elapsed.Milliseconds(), pv.String())
		if r.Endgame {
			if v, ok := opts.Tables.Verdict(g.Position()); ok {
				v.Best = nil
				s.println("info string endgame tables: %s", v)
			}
		}
	}
	go func() {
		defer close(done)
		r, err := engine.SearchGame(ctx, g, opts)
		if hold {
			<-ctx.Done()
		}
		switch {
		case errors.Is(err, search.ErrNoMove):
			s.println("info string the game is over: %s", g.Outcome())
			s.println("bestmove 0000")
		case err != nil: // stopped before the first iteration finished
			pos := g.Position()
			s.println("bestmove %s", pos.LegalMoves()[0])
		default:
			s.println("bestmove %s", r.Move)
		}
	}()
}

// scoreText writes a score as UCI does: "cp N", or "mate N" in moves
// (negative when the side to move is mated).
func scoreText(score int) string {
	switch {
	case score > search.Win-1000:
		return "mate " + strconv.Itoa((search.Win-score+1)/2)
	case score < -search.Win+1000:
		return "mate -" + strconv.Itoa((search.Win+score+1)/2)
	}
	return "cp " + strconv.Itoa(score)
}

// stop ends the running search, if any, and waits for its bestmove.
func (s *session) stop() {
	if s.cancel == nil {
		return
	}
	s.cancel()
	<-s.done
	s.cancel, s.done = nil, nil
}

// newGameSeed sets the seed of the game's searches: the Seed option, or
// when it is 0 a random one (below 2^53, as a GUI would print it).
func (s *session) newGameSeed() {
	s.gameSeed = s.seed
	if s.seed == 0 {
		s.gameSeed = rand.Uint64N(maxSeed) + 1
	}
}
