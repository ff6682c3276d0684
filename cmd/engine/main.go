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
//	setoption name N value V     Hash (MiB, 1..search.MaxHashMiB), Threads (1..search.MaxThreads),
//	                             Rules (doushouqi.ParseRules text),
//	                             Contempt (centi-rats a draw costs the engine, -1000..1000, default 0),
//	                             EGTB (a directory of endgame tables made by go -C cmd run ./egtb
//	                             under the same rules; <empty> for none),
//	                             Level (the AI ladder's level, 1..8, default 8: full strength),
//	                             Seed (a level's random seed, 1..2^53; 0, the default, draws
//	                             a new one for each game),
//	                             MultiPV (the best lines to report, 1..doushouqi.MaxMoves, default 1)
//	ucinewgame                   forget the previous game (clear the table)
//	position startpos [moves M...]
//	position fen F [moves M...]  F is the position notation (its four fields)
//	go [depth D] [nodes N] [movetime MS] [wtime MS] [btime MS] [winc MS] [binc MS] [movestogo N] [infinite]
//	stop                         end the search now: bestmove follows (after go infinite,
//	                             bestmove waits for stop even when the search is done)
//	quit                         exit
//
// While it searches the engine prints "info depth D score cp S|mate M nodes
// N nps X time MS pv M..." after each finished iteration (fields at zero,
// such as a time under a millisecond, are left out), then "bestmove M"
// ("bestmove 0000" when the game is over). With MultiPV N above 1 it prints
// N info lines per iteration, "info depth D multipv K score ...", the best
// line (K = 1) first (see search.Options.MultiPV). Scores are in centi-rats
// for the side to move. A command it cannot read is answered with "info
// string error: ..." and changes nothing. The commands and the lines are
// read and written with the uci package's typed messages, the one place
// the protocol is written.
//
// Level below 8 plays at that level of the AI ladder (search.Levels): a
// node budget and human-like mistakes, the same moves from the same game
// and Seed (with Seed 0, each ucinewgame draws a seed, so that a GUI that
// sets none meets varied games, as players of the site do); go depth, nodes, movetime and clocks bound it further, and a
// go without a limit ends at the level's budget. Level 8 is the engine at
// full strength, bounded by the go command, with the EGTB tables.
//
// With EGTB set, a position whose material the tables hold is answered at
// once with the tables' best move: "info score mate M ... pv ..." (depth 0),
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
	"strconv"
	"strings"
	"sync"
	"time"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/endgame"
	"github.com/doushouqi/doushouqi/search"
	"github.com/doushouqi/doushouqi/uci"
)

func main() {
	os.Exit(run(os.Stdin, os.Stdout))
}

// maxSeed is the largest Seed: exact in any GUI's number type.
const maxSeed = 1 << 53

// session is the protocol state of one engine process.
type session struct {
	out      io.Writer
	outMu    sync.Mutex
	engine   *search.Engine
	hash     int
	threads  int
	multiPV  int
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
	s := &session{out: out, hash: search.DefaultHashMiB, threads: 1, multiPV: 1, level: search.MaxLevel, game: dsq.NewGame()}
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
	cmd, _, _ := strings.Cut(line, " ")
	switch cmd {
	case "":
	case "uci", "jcei":
		s.println("id name doushouqi search")
		s.println("id author the doushouqi authors")
		for _, o := range options {
			s.println("%s", o)
		}
		s.println("%sok", cmd)
	case "isready":
		s.println("readyok")
	case "setoption":
		s.setOption(line)
	case "ucinewgame":
		s.stop()
		s.engine.NewGame()
		s.game, _ = dsq.NewGameRules(dsq.StartPosition(), s.rules)
		s.newGameSeed()
	case "position":
		s.position(line)
	case "go":
		s.goSearch(line)
	case "stop":
		s.stop()
	case "quit":
		return false
	default:
		s.errorf("unknown command %q", cmd)
	}
	return true
}

// options are the options the engine declares, with their ranges from
// the library's constants.
var options = []uci.Option{
	{Name: "Hash", Type: "spin", Default: strconv.Itoa(search.DefaultHashMiB), Min: "1", Max: strconv.Itoa(search.MaxHashMiB)},
	{Name: "Threads", Type: "spin", Default: "1", Min: "1", Max: strconv.Itoa(search.MaxThreads)},
	{Name: "Rules", Type: "string", Default: "standard"},
	{Name: "Contempt", Type: "spin", Default: "0", Min: "-1000", Max: "1000"},
	{Name: "EGTB", Type: "string", Default: "<empty>"},
	{Name: "Level", Type: "spin", Default: strconv.Itoa(int(search.MaxLevel)), Min: "1", Max: strconv.Itoa(int(search.MaxLevel))},
	{Name: "Seed", Type: "spin", Default: "0", Min: "0", Max: strconv.Itoa(maxSeed)},
	{Name: "MultiPV", Type: "spin", Default: "1", Min: "1", Max: strconv.Itoa(dsq.MaxMoves)},
}

func (s *session) setOption(line string) {
	c, err := uci.ParseSetOption(line)
	if err != nil {
		s.errorf("want setoption name NAME value VALUE, got %q", line)
		return
	}
	name, value := c.Name, c.Value
	s.stop()
	switch strings.ToLower(name) {
	case "hash":
		n, err := strconv.Atoi(value)
		if err != nil || n < 1 || n > search.MaxHashMiB {
			s.errorf("Hash %q: want 1..%d MiB", value, search.MaxHashMiB)
			return
		}
		if n != s.hash {
			s.hash, s.newHash = n, true
		}
	case "threads":
		n, err := strconv.Atoi(value)
		if err != nil || n < 1 || n > search.MaxThreads {
			s.errorf("Threads %q: want 1..%d", value, search.MaxThreads)
			return
		}
		s.threads = n
	case "multipv":
		n, err := strconv.Atoi(value)
		if err != nil || n < 1 || n > dsq.MaxMoves {
			s.errorf("MultiPV %q: want 1..%d", value, dsq.MaxMoves)
			return
		}
		s.multiPV = n
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

// position sets the game from "position startpos|fen F [moves M...]".
// Nothing changes if any part is refused.
func (s *session) position(line string) {
	c, err := uci.ParsePosition(line)
	var g *dsq.Game
	if err == nil {
		g, err = c.Game(s.rules)
	}
	if err != nil {
		s.errorf("%v", err)
		return
	}
	s.stop()
	s.game = g
}

// limits reads the go command into search options.
func (s *session) limits(line string) (search.Options, bool, error) {
	var opts search.Options
	l, err := uci.ParseGo(line)
	if err != nil {
		return opts, false, err
	}
	if strings.Contains(" "+line+" ", " depth ") && (l.Depth < 1 || l.Depth > search.MaxDepth) {
		return opts, false, fmt.Errorf("go: depth %d: want 1..%d", l.Depth, search.MaxDepth)
	}
	opts.Depth, opts.Nodes, opts.Time = l.Depth, l.Nodes, l.MoveTime
	if l.Time != [2]time.Duration{} && opts.Time == 0 {
		// wtime is Red's clock (Red moves first, as White does).
		side := s.game.Position().SideToMove()
		opts.Time = search.TimeForMove(l.Time[side], l.Inc[side], l.MovesToGo)
	}
	// Every search here ends at stop, so none is refused as unbounded; one
	// without a limit (go infinite, go, go depth 64) runs until stop.
	opts.Infinite = true
	if (opts.Depth == 0 || opts.Depth == search.MaxDepth) && opts.Nodes == 0 && opts.Time == 0 && s.level == search.MaxLevel {
		s.infinite = true // a level below the top ends at its budget
	}
	return opts, l.Infinite, nil
}

func (s *session) goSearch(line string) {
	s.stop()
	s.infinite = false
	opts, hold, err := s.limits(line)
	if err != nil {
		s.errorf("%v", err)
		return
	}
	opts.Threads = s.threads
	opts.Contempt = s.contempt
	opts.Tables = s.tables
	opts.MultiPV = s.multiPV
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
	if hold {
		s.infinite = true
	}
	opts.Progress = func(r search.Result) {
		elapsed := time.Since(start)
		nps := uint64(float64(r.Nodes) / max(elapsed.Seconds(), 1e-6))
		info := uci.Info{Depth: r.Depth, HasScore: true, Score: scoreOf(r.Score), Nodes: r.Nodes, NPS: nps, Time: elapsed, PV: r.PV}
		if len(r.Lines) > 1 {
			for k, l := range r.Lines {
				info.MultiPV, info.Score, info.PV = k+1, scoreOf(l.Score), l.PV
				s.println("%s", info)
			}
		} else {
			s.println("%s", info)
		}
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
			s.println("%s", uci.BestMove{})
		case err != nil: // stopped before the first iteration finished
			pos := g.Position()
			s.println("%s", uci.BestMove{Move: pos.LegalMoves()[0]})
		default:
			s.println("%s", uci.BestMove{Move: r.Move})
		}
	}()
}

// scoreOf is a search score as the protocol says it: centi-rats, or the
// moves to a forced result ("mate N", negative when the side to move is
// mated).
func scoreOf(score int) uci.Score {
	switch {
	case score > search.Win-1000:
		return uci.Score{Mate: true, Value: (search.Win - score + 1) / 2}
	case score < -search.Win+1000:
		return uci.Score{Mate: true, Value: -(search.Win + score + 1) / 2}
	}
	return uci.Score{Value: score}
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
