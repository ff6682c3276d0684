// Command engine plays the frozen baseline search (package baseline) as a
// process speaking the project's engine protocol, that of cmd/engine, read
// and written with the uci package's typed messages, so that the match
// tool can play it as it once did in-process (engine=baseline):
//
//	go -C lab build -o /tmp/baseline ./match/baseline/engine
//	go -C cmd run ./match -a engine=search,nodes=20000 \
//	    -b engine=/tmp/baseline,nodes=20000,name=baseline ...
//
// It answers uci/jcei, isready, setoption (Hash, MiB, 1..search.MaxHashMiB;
// Rules, doushouqi.ParseRules text), ucinewgame, position, go, stop and
// quit. As the match tool's in-process player did, it searches the game's
// position (under the game's rules) without its history, to depth 64
// unless go gives a depth, bounded by go's nodes, movetime or the side to
// move's clock (search.TimeForMove); a go without a limit, or go infinite,
// searches until stop. After the search it prints one info line (depth,
// score, nodes, the move) and bestmove. A command it cannot take is
// answered "info string error: ..." (a refused go with "bestmove 0000"
// too, so that the client's wait ends) and changes nothing.
package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/lab/match/baseline"
	"github.com/doushouqi/doushouqi/search"
	"github.com/doushouqi/doushouqi/uci"
)

func main() { os.Exit(run(os.Stdin, os.Stdout)) }

// session is the protocol state of one process.
type session struct {
	out    io.Writer
	outMu  sync.Mutex
	engine *baseline.Engine
	hash   int
	rules  dsq.Rules
	game   *dsq.Game
	cancel context.CancelFunc // ends the running search, if any
	done   chan struct{}      // closed when the running search has printed bestmove
}

// run serves the protocol on in and out until quit or the end of in.
func run(in io.Reader, out io.Writer) int {
	s := &session{out: out, hash: search.DefaultHashMiB, game: dsq.NewGame()}
	s.engine = baseline.NewEngine(s.hash)
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	for sc.Scan() {
		if !s.handle(strings.TrimSpace(sc.Text())) {
			break
		}
	}
	s.stop()
	return 0
}

func (s *session) println(v fmt.Stringer) {
	s.outMu.Lock()
	defer s.outMu.Unlock()
	fmt.Fprintln(s.out, v)
}

func (s *session) say(text string) { s.println(uci.Info{Text: text}) }

func (s *session) errorf(format string, args ...any) {
	s.say("error: " + fmt.Sprintf(format, args...))
}

// line is a protocol line with no typed message (id, uciok, readyok).
type line string

func (l line) String() string { return string(l) }

// handle runs one command and reports whether to go on.
func (s *session) handle(text string) bool {
	word, _, _ := strings.Cut(text, " ")
	switch word {
	case "":
	case "uci", "jcei":
		s.println(line("id name baseline (pre-issue-13 search, lab/match/baseline)"))
		s.println(line("id author the doushouqi authors"))
		s.println(uci.Option{Name: "Hash", Type: "spin", Default: strconv.Itoa(search.DefaultHashMiB), Min: "1", Max: strconv.Itoa(search.MaxHashMiB)})
		s.println(uci.Option{Name: "Rules", Type: "string", Default: "standard"})
		s.println(line(word + "ok"))
	case "isready":
		s.println(line("readyok"))
	case "setoption":
		s.stop()
		s.setOption(text)
	case "ucinewgame":
		s.stop()
		s.engine.NewGame()
		s.game, _ = dsq.NewGameRules(dsq.StartPosition(), s.rules)
	case "position":
		s.stop()
		c, err := uci.ParsePosition(text)
		var g *dsq.Game
		if err == nil {
			g, err = c.Game(s.rules)
		}
		if err != nil {
			s.errorf("%v", err)
			return true
		}
		s.game = g
	case "go":
		s.stop()
		s.goSearch(text)
	case "stop":
		s.stop()
	case "quit":
		return false
	default:
		s.errorf("unknown command %q", word)
	}
	return true
}

func (s *session) setOption(text string) {
	c, err := uci.ParseSetOption(text)
	if err != nil {
		s.errorf("%v", err)
		return
	}
	switch strings.ToLower(c.Name) {
	case "hash":
		n, err := strconv.Atoi(c.Value)
		if err != nil || n < 1 || n > search.MaxHashMiB {
			s.errorf("Hash %q: want 1..%d MiB", c.Value, search.MaxHashMiB)
			return
		}
		if n != s.hash {
			s.hash, s.engine = n, baseline.NewEngine(n)
		}
	case "rules":
		r, err := dsq.ParseRules(c.Value)
		if err == nil {
			var g *dsq.Game
			g, err = uci.PositionOf(s.game).Game(r)
			if err == nil {
				s.rules, s.game = r, g
				return
			}
		}
		s.errorf("Rules: %v", err)
	default:
		s.errorf("unknown option %q", c.Name)
	}
}

// goSearch starts the search of the go command text in a goroutine of its
// own, which prints its info line and bestmove.
func (s *session) goSearch(text string) {
	l, err := uci.ParseGo(text)
	if err == nil && l.Depth > 64 {
		err = fmt.Errorf("go: depth %d: want 1..64", l.Depth)
	}
	if err != nil {
		s.errorf("%v", err)
		s.println(uci.BestMove{})
		return
	}
	g := s.game
	if g.IsOver() {
		s.say("the game is over: " + g.Outcome().String())
		s.println(uci.BestMove{})
		return
	}
	pos := g.Position()
	opts := baseline.Options{Depth: l.Depth, Nodes: l.Nodes, Time: l.MoveTime}
	if opts.Depth == 0 {
		opts.Depth = 64
	}
	if l.Time != [2]time.Duration{} && opts.Time == 0 {
		side := pos.SideToMove()
		opts.Time = search.TimeForMove(l.Time[side], l.Inc[side], l.MovesToGo)
	}
	// Without a limit, as with infinite, the search runs until stop.
	hold := l.Infinite || l.Depth == 0 && l.Nodes == 0 && opts.Time == 0
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	s.cancel, s.done = cancel, done
	engine := s.engine
	go func() {
		defer close(done)
		r, err := engine.Search(ctx, pos, opts)
		if hold {
			<-ctx.Done()
		}
		switch {
		case errors.Is(err, baseline.ErrNoMove):
			s.println(uci.BestMove{})
		case err != nil: // stopped before the first iteration finished
			s.println(uci.BestMove{Move: pos.LegalMoves()[0]})
		default:
			s.println(uci.Info{Depth: r.Depth, HasScore: true, Score: scoreOf(r.Score), Nodes: r.Nodes, PV: []dsq.Move{r.Move}})
			s.println(uci.BestMove{Move: r.Move})
		}
	}()
}

// scoreOf is a baseline score as the protocol says it: centi-rats, or the
// moves to a forced result.
func scoreOf(score int) uci.Score {
	switch {
	case score > baseline.Win-1000:
		return uci.Score{Mate: true, Value: (baseline.Win - score + 1) / 2}
	case score < -baseline.Win+1000:
		return uci.Score{Mate: true, Value: -(baseline.Win + score + 1) / 2}
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
