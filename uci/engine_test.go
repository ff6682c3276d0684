package uci_test

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/uci"
)

// fake is an engine in the test's process, speaking the protocol through
// two pipes. Its search plays the first legal move; what it does on go is
// set by onGo.
type fake struct {
	out    *io.PipeWriter // the engine's output
	in     *io.PipeReader // the engine's input
	onGo   func(f *fake, cmd string)
	game   *dsq.Game
	stop   chan struct{} // a stop command's signal to a running search
	refuse atomic.Bool   // refuse every position
	mute   atomic.Bool   // answer no isready
	dieOn  atomic.Value  // a command (string) at which the fake's output ends
	lieOn  atomic.Value  // a command (string) the fake answers with a stray bestmove
	mu     sync.Mutex
	lines  []string // the commands it received
}

// startFake runs a fake engine and connects a client to it.
func startFake(t *testing.T, cfg uci.Config, onGo func(f *fake, cmd string)) (*uci.Engine, *fake) {
	t.Helper()
	e, f, err := connectFake(cfg, onGo, nil)
	require.NoError(t, err)
	t.Cleanup(func() { _ = e.Close() })
	return e, f
}

// connectFake runs a fake engine whose answer to the handshake is
// handshake (nil: the usual one) and connects a client to it.
func connectFake(cfg uci.Config, onGo func(f *fake, cmd string), handshake func(f *fake, cmd string)) (*uci.Engine, *fake, error) {
	cmdR, cmdW := io.Pipe()
	outR, outW := io.Pipe()
	f := &fake{out: outW, in: cmdR, onGo: onGo, game: dsq.NewGame(), stop: make(chan struct{}, 1)}
	if handshake == nil {
		handshake = func(f *fake, cmd string) {
			f.say("id name fake engine")
			f.say("id author the tests")
			f.say("option name Hash type spin default 16 min 1 max 4096")
			f.say("option name Rules type string default standard")
			f.say(cmd + "ok")
		}
	}
	go f.serve(handshake)
	e, err := uci.New(context.Background(), outR, cmdW, cfg)
	return e, f, err
}

func (f *fake) say(line string) { _, _ = io.WriteString(f.out, line+"\n") }

func (f *fake) received() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.lines...)
}

func (f *fake) serve(handshake func(f *fake, cmd string)) {
	defer f.out.Close()
	defer f.in.Close() // as a process's input closes when it exits
	sc := bufio.NewScanner(f.in)
	for sc.Scan() {
		line := sc.Text()
		f.mu.Lock()
		f.lines = append(f.lines, line)
		f.mu.Unlock()
		cmd, rest, _ := strings.Cut(line, " ")
		if word, _ := f.dieOn.Load().(string); word == cmd {
			return
		}
		if word, _ := f.lieOn.Load().(string); word == cmd {
			f.say("bestmove a3a4")
			continue
		}
		switch cmd {
		case "uci", "jcei":
			handshake(f, cmd)
		case "isready":
			if !f.mute.Load() {
				f.say("readyok")
			}
		case "setoption":
			if strings.Contains(rest, "name Bad ") {
				f.say("info string error: unknown option \"Bad\"")
			}
		case "position":
			f.position(rest)
		case "go":
			go f.onGo(f, line)
		case "stop":
			select {
			case f.stop <- struct{}{}:
			default:
			}
		case "quit":
			return
		}
	}
}

func (f *fake) position(args string) {
	if f.refuse.Load() {
		f.say("info string error: position: not today")
		return
	}
	setup, moves, _ := strings.Cut(args, " moves ")
	start := dsq.StartPosition()
	if text, ok := strings.CutPrefix(setup, "fen "); ok {
		var err error
		if start, err = dsq.ParsePosition(text); err != nil {
			f.say("info string error: position: " + err.Error())
			return
		}
	}
	g, _ := dsq.NewGameFrom(start)
	for _, text := range strings.Fields(moves) {
		if _, err := g.PlayText(text); err != nil {
			f.say("info string error: position: " + err.Error())
			return
		}
	}
	f.game = g
}

// firstMove is the fake's choice: the first legal move, "0000" if none.
func (f *fake) firstMove() string {
	moves := f.game.LegalMoves()
	if len(moves) == 0 {
		return "0000"
	}
	return moves[0].String()
}

// answers plays at once, with a report that carries a score.
func answers(f *fake, _ string) {
	m := f.firstMove()
	f.say("info depth 1 score cp 7 nodes 20 pv " + m)
	f.say("info depth 2 seldepth 4 score cp -12 nodes 230 nps 1000 time 3 pv " + m)
	f.say("info string done")
	f.say("bestmove " + m)
}

// waitsForStop answers only after stop.
func waitsForStop(f *fake, _ string) {
	f.say("info depth 1 score mate 3 nodes 20 pv " + f.firstMove())
	<-f.stop
	f.say("bestmove " + f.firstMove())
}

// silent never answers, not even stop.
func silent(*fake, string) {}

func TestGoReturnsTheBestMoveAndTheLastScore(t *testing.T) {
	e, f := startFake(t, uci.Config{}, answers)
	ctx := context.Background()
	assert.Equal(t, "fake engine", e.Name())
	assert.Equal(t, "the tests", e.Author())
	assert.Equal(t, []uci.Option{
		{Name: "Hash", Type: "spin", Default: "16", Min: "1", Max: "4096"},
		{Name: "Rules", Type: "string", Default: "standard"},
	}, e.Options())
	require.NoError(t, e.NewGame(ctx))
	g := dsq.NewGame()
	_, err := g.PlayText("a3a4")
	require.NoError(t, err)
	require.NoError(t, e.Position(ctx, g))
	var progress []uci.Info
	res, err := e.Go(ctx, uci.Limits{Depth: 2, Nodes: 1000, Progress: func(i uci.Info) { progress = append(progress, i) }})
	require.NoError(t, err)
	want := g.LegalMoves()[0]
	assert.Equal(t, want, res.Move)
	assert.Equal(t, uci.Info{Depth: 2, SelDepth: 4, HasScore: true, Score: uci.Score{Value: -12}, Nodes: 230, NPS: 1000, Time: 3 * time.Millisecond, PV: []dsq.Move{want}}, res.Info)
	require.Len(t, progress, 3)
	assert.Equal(t, "done", progress[2].Text)
	assert.Equal(t, []string{"uci", "ucinewgame", "isready", "position startpos moves a3a4", "isready", "go depth 2 nodes 1000"}, f.received())
}

func TestJCEIHandshake(t *testing.T) {
	e, f := startFake(t, uci.Config{Handshake: "jcei"}, answers)
	assert.Equal(t, "fake engine", e.Name())
	assert.Equal(t, []string{"jcei"}, f.received())
	_, _, err := connectFake(uci.Config{Handshake: "xboard"}, answers, nil)
	assert.ErrorIs(t, err, uci.ErrProtocol)
}

func TestPositionSendsTheStartAndTheMoves(t *testing.T) {
	e, f := startFake(t, uci.Config{}, answers)
	ctx := context.Background()
	start, err := dsq.ParsePosition("7/7/3l3/7/7/7/3L3/7/7 r 0 1")
	require.NoError(t, err)
	g, err := dsq.NewGameFrom(start)
	require.NoError(t, err)
	_, err = g.PlayText("d3e3")
	require.NoError(t, err)
	require.NoError(t, e.Position(ctx, g))
	require.NoError(t, e.Position(ctx, dsq.NewGame()))
	require.NoError(t, e.Ready(ctx))
	assert.Equal(t, []string{"uci", "position fen " + start.String() + " moves d3e3", "position startpos", "isready"}, f.received())
}

func TestGoCommandCarriesEveryLimit(t *testing.T) {
	e, f := startFake(t, uci.Config{}, answers)
	ctx := context.Background()
	require.NoError(t, e.Position(ctx, dsq.NewGame()))
	for _, c := range []struct {
		limits uci.Limits
		want   string
	}{
		{uci.Limits{MoveTime: 250 * time.Millisecond}, "go movetime 250"},
		{uci.Limits{MoveTime: time.Microsecond}, "go movetime 1"},
		{uci.Limits{Time: [2]time.Duration{3 * time.Second, 4 * time.Second}, Inc: [2]time.Duration{100 * time.Millisecond, 200 * time.Millisecond}, MovesToGo: 20}, "go wtime 3000 btime 4000 winc 100 binc 200 movestogo 20"},
		{uci.Limits{Time: [2]time.Duration{time.Second, 0}}, "go wtime 1000 btime 0"},
		{uci.Limits{Depth: 3}, "go depth 3"},
	} {
		_, err := e.Go(ctx, c.limits)
		require.NoError(t, err, c.want)
		got := f.received()
		assert.Equal(t, c.want, got[len(got)-1])
	}
}

func TestSetOptionReturnsTheEnginesRefusal(t *testing.T) {
	e, f := startFake(t, uci.Config{}, answers)
	ctx := context.Background()
	require.NoError(t, e.SetOption(ctx, "Hash", "32"))
	err := e.SetOption(ctx, "Bad", "1")
	require.ErrorIs(t, err, uci.ErrRefused)
	assert.ErrorContains(t, err, `unknown option "Bad"`)
	assert.ErrorIs(t, e.SetOption(ctx, "Hash", "1\nquit"), uci.ErrRefused)
	// A refusal leaves the engine usable.
	require.NoError(t, e.Position(ctx, dsq.NewGame()))
	_, err = e.Go(ctx, uci.Limits{Depth: 1})
	require.NoError(t, err)
	assert.Equal(t, []string{"uci", "setoption name Hash value 32", "isready", "setoption name Bad value 1", "isready", "position startpos", "isready", "go depth 1"}, f.received())
}

func TestGoReturnsARefusedPositionAsRefused(t *testing.T) {
	e, f := startFake(t, uci.Config{}, answers)
	ctx := context.Background()
	f.refuse.Store(true)
	require.NoError(t, e.Position(ctx, dsq.NewGame()), "position waits for no answer")
	_, err := e.Go(ctx, uci.Limits{Depth: 1})
	require.ErrorIs(t, err, uci.ErrRefused)
	assert.ErrorContains(t, err, "position: not today")
	// The engine is still in step.
	f.refuse.Store(false)
	require.NoError(t, e.Position(ctx, dsq.NewGame()))
	_, err = e.Go(ctx, uci.Limits{Depth: 1})
	require.NoError(t, err)
}

func TestGoWithoutPositionIsRefused(t *testing.T) {
	e, _ := startFake(t, uci.Config{}, answers)
	_, err := e.Go(context.Background(), uci.Limits{Depth: 1})
	assert.ErrorIs(t, err, uci.ErrRefused)
}

func TestInfiniteSearchEndsWithTheContext(t *testing.T) {
	e, f := startFake(t, uci.Config{}, waitsForStop)
	require.NoError(t, e.Position(context.Background(), dsq.NewGame()))
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	res, err := e.Go(ctx, uci.Limits{Infinite: true})
	require.NoError(t, err)
	assert.Equal(t, dsq.NewGame().LegalMoves()[0], res.Move)
	assert.Equal(t, uci.Score{Mate: true, Value: 3}, res.Info.Score)
	got := f.received()
	assert.Equal(t, []string{"go infinite", "stop"}, got[len(got)-2:])
}

func TestStopFromAnotherGoroutineEndsTheSearch(t *testing.T) {
	e, _ := startFake(t, uci.Config{}, waitsForStop)
	ctx := context.Background()
	require.NoError(t, e.Position(ctx, dsq.NewGame()))
	go func() {
		time.Sleep(20 * time.Millisecond)
		_ = e.Stop()
	}()
	res, err := e.Go(ctx, uci.Limits{Infinite: true})
	require.NoError(t, err)
	assert.NotEqual(t, dsq.NoMove, res.Move)
}

func TestCancelledSearchReturnsItsMoveAndTheContextsError(t *testing.T) {
	e, _ := startFake(t, uci.Config{}, waitsForStop)
	require.NoError(t, e.Position(context.Background(), dsq.NewGame()))
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(20*time.Millisecond, cancel)
	res, err := e.Go(ctx, uci.Limits{Depth: 30})
	require.ErrorIs(t, err, context.Canceled)
	assert.NotErrorIs(t, err, uci.ErrTimeout)
	assert.NotEqual(t, dsq.NoMove, res.Move)
	// The engine answered stop: it is in step.
	require.NoError(t, e.Ready(context.Background()))
}

func TestCallWithAnEndedContextSendsNothing(t *testing.T) {
	e, f := startFake(t, uci.Config{}, answers)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	assert.ErrorIs(t, e.Position(ctx, dsq.NewGame()), context.Canceled)
	assert.ErrorIs(t, e.NewGame(ctx), context.Canceled)
	// Nothing was sent, so the engine is in step.
	require.NoError(t, e.Ready(context.Background()))
	assert.Equal(t, []string{"uci", "isready"}, f.received())
}

func TestSlowEngineIsStoppedAfterItsTimeAndGrace(t *testing.T) {
	e, f := startFake(t, uci.Config{Grace: 300 * time.Millisecond}, waitsForStop)
	ctx := context.Background()
	require.NoError(t, e.Position(ctx, dsq.NewGame()))
	begin := time.Now()
	res, err := e.Go(ctx, uci.Limits{MoveTime: 20 * time.Millisecond})
	require.ErrorIs(t, err, uci.ErrTimeout)
	assert.GreaterOrEqual(t, time.Since(begin), 320*time.Millisecond)
	assert.NotEqual(t, dsq.NoMove, res.Move, "the move it gave after stop")
	got := f.received()
	assert.Equal(t, "stop", got[len(got)-1])
}

func TestSilentEngineTimesOut(t *testing.T) {
	e, _ := startFake(t, uci.Config{Grace: 20 * time.Millisecond}, silent)
	ctx := context.Background()
	require.NoError(t, e.Position(ctx, dsq.NewGame()))
	_, err := e.Go(ctx, uci.Limits{MoveTime: 10 * time.Millisecond})
	require.ErrorIs(t, err, uci.ErrTimeout)
	// Out of step now: every later call says so at once.
	assert.ErrorIs(t, e.Position(ctx, dsq.NewGame()), uci.ErrTimeout)
	assert.ErrorIs(t, e.NewGame(ctx), uci.ErrTimeout)

	// Without a time limit, the context bounds it.
	e, _ = startFake(t, uci.Config{Grace: 20 * time.Millisecond}, silent)
	require.NoError(t, e.Position(ctx, dsq.NewGame()))
	short, cancel := context.WithTimeout(ctx, 20*time.Millisecond)
	defer cancel()
	_, err = e.Go(short, uci.Limits{Depth: 5})
	require.ErrorIs(t, err, uci.ErrTimeout)
	assert.ErrorIs(t, err, context.DeadlineExceeded)
}

func TestSilentHandshakeTimesOut(t *testing.T) {
	_, _, err := connectFake(uci.Config{Timeout: 20 * time.Millisecond}, answers, func(*fake, string) {})
	assert.ErrorIs(t, err, uci.ErrTimeout)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	cmdR, _ := io.Pipe()
	_, err = uci.New(ctx, cmdR, io.Discard, uci.Config{})
	assert.ErrorIs(t, err, context.DeadlineExceeded)
}

func TestEngineThatDoesNotReadTimesOut(t *testing.T) {
	outR, _ := io.Pipe()
	_, cmdW := io.Pipe() // nobody reads the commands
	_, err := uci.New(context.Background(), outR, cmdW, uci.Config{Timeout: 20 * time.Millisecond})
	assert.ErrorIs(t, err, uci.ErrTimeout)
}

func TestHandshakeSkipsABannerButNotEndlessOutput(t *testing.T) {
	e, _, err := connectFake(uci.Config{}, answers, func(f *fake, cmd string) {
		f.say("Fake 1.0 by the tests")
		f.say("id name banner fake")
		f.say("uciok")
	})
	require.NoError(t, err)
	assert.Equal(t, "banner fake", e.Name())
	require.NoError(t, e.Close())
	_, _, err = connectFake(uci.Config{}, answers, func(f *fake, cmd string) {
		for range 2000 {
			f.say("hello")
		}
	})
	assert.ErrorIs(t, err, uci.ErrProtocol)
	_, _, err = connectFake(uci.Config{}, answers, func(f *fake, cmd string) {
		f.say("option type spin")
		f.say("uciok")
	})
	assert.ErrorIs(t, err, uci.ErrProtocol)
}

func TestEngineDyingMidSearchIsAnError(t *testing.T) {
	dies := func(f *fake, _ string) {
		f.say("info depth 1 score cp 3 pv " + f.firstMove())
		f.out.Close()
	}
	e, _ := startFake(t, uci.Config{}, dies)
	ctx := context.Background()
	require.NoError(t, e.Position(ctx, dsq.NewGame()))
	res, err := e.Go(ctx, uci.Limits{Depth: 4})
	require.ErrorIs(t, err, uci.ErrEngineDied)
	assert.True(t, res.Info.HasScore, "what it said before it died is kept")
	assert.ErrorIs(t, e.Ready(ctx), uci.ErrEngineDied)
}

func TestGarbageIsAProtocolError(t *testing.T) {
	ctx := context.Background()
	for name, say := range map[string][]string{
		"unknown line":          {"hello world"},
		"info number":           {"info depth two"},
		"info score":            {"info score pawns 3"},
		"info pv":               {"info depth 1 pv a3a4 zz"},
		"bestmove empty":        {"bestmove"},
		"bestmove not a move":   {"bestmove e2e4x"},
		"bestmove illegal":      {"bestmove a9a8"},
		"bestmove none in play": {"bestmove 0000"},
	} {
		t.Run(name, func(t *testing.T) {
			e, _ := startFake(t, uci.Config{}, func(f *fake, _ string) {
				for _, line := range say {
					f.say(line)
				}
			})
			require.NoError(t, e.Position(ctx, dsq.NewGame()))
			_, err := e.Go(ctx, uci.Limits{Depth: 1})
			require.ErrorIs(t, err, uci.ErrProtocol)
			var uerr *uci.Error
			require.ErrorAs(t, err, &uerr)
			assert.Equal(t, "go", uerr.Op)
			assert.Equal(t, say[len(say)-1], uerr.Line)
			assert.ErrorIs(t, e.Ready(ctx), uci.ErrProtocol, "out of step after garbage")
		})
	}
}

func TestGoOnAFinishedGameAcceptsNoMove(t *testing.T) {
	e, _ := startFake(t, uci.Config{}, answers)
	ctx := context.Background()
	g, err := dsq.NewGameFrom(dsq.StartPosition())
	require.NoError(t, err)
	require.NoError(t, g.Resign(dsq.Blue))
	require.NoError(t, e.Position(ctx, g))
	res, err := e.Go(ctx, uci.Limits{Depth: 1})
	// The fake does not know of the resignation and names a move: not
	// legal in the game given.
	require.ErrorIs(t, err, uci.ErrProtocol)
	assert.Equal(t, dsq.NoMove, res.Move)

	e, _ = startFake(t, uci.Config{}, func(f *fake, _ string) { f.say("bestmove 0000") })
	require.NoError(t, e.Position(ctx, g))
	res, err = e.Go(ctx, uci.Limits{Depth: 1})
	require.NoError(t, err)
	assert.Equal(t, dsq.NoMove, res.Move)
}

func TestCloseEndsACallInAnotherGoroutine(t *testing.T) {
	e, _ := startFake(t, uci.Config{}, silent)
	ctx := context.Background()
	require.NoError(t, e.Position(ctx, dsq.NewGame()))
	time.AfterFunc(20*time.Millisecond, func() { _ = e.Close() })
	_, err := e.Go(ctx, uci.Limits{Infinite: true})
	require.ErrorIs(t, err, uci.ErrClosed)
	assert.ErrorIs(t, e.Ready(ctx), uci.ErrClosed)
	assert.NoError(t, e.Close(), "twice is fine")
}

func TestStartReportsAMissingBinary(t *testing.T) {
	_, err := uci.Start(context.Background(), exec.Command(filepath.Join(t.TempDir(), "missing")), uci.Config{})
	require.ErrorIs(t, err, uci.ErrEngineDied)
	var uerr *uci.Error
	require.True(t, errors.As(err, &uerr))
	assert.Equal(t, "start", uerr.Op)
}

func TestProcessExitIsReported(t *testing.T) {
	// A shell that does the handshake and then exits with status 3.
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	script := `read line; echo "id name quitter"; echo uciok; read line; exit 3`
	e, err := uci.Start(context.Background(), exec.Command(sh, "-c", script), uci.Config{})
	require.NoError(t, err)
	defer e.Close()
	err = e.Ready(context.Background())
	require.ErrorIs(t, err, uci.ErrEngineDied)
	assert.ErrorContains(t, err, "exit status 3")
}

func TestCloseKillsAStuckProcess(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	// Answers the handshake, then ignores quit and its closed input.
	script := `read line; echo uciok; trap '' TERM; while :; do sleep 1; done`
	e, err := uci.Start(context.Background(), exec.Command(sh, "-c", script), uci.Config{Quit: 50 * time.Millisecond})
	require.NoError(t, err)
	begin := time.Now()
	_ = e.Close()
	assert.Less(t, time.Since(begin), 5*time.Second)
}

func TestNilArgumentsAreErrors(t *testing.T) {
	ctx := context.Background()
	r, w := io.Pipe()
	defer r.Close()
	var nilCtx context.Context // a nil context is an input under test
	for name, call := range map[string]func() error{
		"New nil reader":  func() error { _, err := uci.New(ctx, nil, w, uci.Config{}); return err },
		"New nil writer":  func() error { _, err := uci.New(ctx, r, nil, uci.Config{}); return err },
		"New nil context": func() error { _, err := uci.New(nilCtx, r, w, uci.Config{}); return err },
		"Start nil cmd":   func() error { _, err := uci.Start(ctx, nil, uci.Config{}); return err },
		"Start nil context": func() error {
			_, err := uci.Start(nilCtx, exec.Command("true"), uci.Config{})
			return err
		},
	} {
		err := call()
		require.ErrorIs(t, err, uci.ErrInvalid, name)
	}
	e, f := startFake(t, uci.Config{}, answers)
	require.ErrorIs(t, e.Position(ctx, nil), uci.ErrInvalid)
	_, err := e.Go(nilCtx, uci.Limits{Depth: 1})
	require.ErrorIs(t, err, uci.ErrInvalid)
	require.ErrorIs(t, e.Ready(nilCtx), uci.ErrInvalid)
	// Nothing was sent: the engine is in step.
	require.NoError(t, e.Position(ctx, dsq.NewGame()))
	_, err = e.Go(ctx, uci.Limits{Depth: 1})
	require.NoError(t, err)
	assert.Equal(t, []string{"uci", "position startpos", "isready", "go depth 1"}, f.received())
}

// A bestmove printed after the answer (a stale one) is not the next
// search's answer: the isready before each go drains it.
func TestStaleBestMoveIsNotTheNextAnswer(t *testing.T) {
	twice := func(f *fake, _ string) {
		moves := f.game.LegalMoves()
		// One write, so that the stale lines come before any later answer
		// of the fake (its readyok), as they would from an engine.
		f.say("bestmove " + moves[0].String() +
			"\ninfo depth 9 score cp 999 pv " + moves[1].String() +
			"\nbestmove " + moves[1].String()) // stale
	}
	e, _ := startFake(t, uci.Config{}, twice)
	ctx := context.Background()
	g := dsq.NewGame()
	for range 3 {
		require.NoError(t, e.Position(ctx, g))
		res, err := e.Go(ctx, uci.Limits{Depth: 1})
		require.NoError(t, err)
		assert.Equal(t, g.LegalMoves()[0], res.Move)
		assert.False(t, res.Info.HasScore, "the stale report is not this search's")
	}
}

// Each call that waits for a readyok gives up after Config.Timeout when
// the engine does not answer.
func TestCallsWaitingForReadyokTimeOut(t *testing.T) {
	ctx := context.Background()
	for name, call := range map[string]func(e *uci.Engine) error{
		"Ready":     func(e *uci.Engine) error { return e.Ready(ctx) },
		"SetOption": func(e *uci.Engine) error { return e.SetOption(ctx, "Hash", "1") },
		"NewGame":   func(e *uci.Engine) error { return e.NewGame(ctx) },
		"Go": func(e *uci.Engine) error {
			require.NoError(t, e.Position(ctx, dsq.NewGame()))
			_, err := e.Go(ctx, uci.Limits{Depth: 1})
			return err
		},
	} {
		t.Run(name, func(t *testing.T) {
			e, f := startFake(t, uci.Config{Timeout: 50 * time.Millisecond}, answers)
			f.mute.Store(true)
			begin := time.Now()
			require.ErrorIs(t, call(e), uci.ErrTimeout)
			assert.Less(t, time.Since(begin), 5*time.Second)
		})
	}
}

// A search with no time (depth, nodes, none, infinite) is stopped after
// Config.SearchTimeout; an engine that does not answer stop either is
// given up Grace later.
func TestSearchWithoutTimeIsBoundedBySearchTimeout(t *testing.T) {
	ctx := context.Background()
	for _, limits := range []uci.Limits{{Depth: 30}, {Nodes: 1 << 40}, {}, {Infinite: true}} {
		t.Run(limits.String(), func(t *testing.T) {
			e, _ := startFake(t, uci.Config{SearchTimeout: 50 * time.Millisecond, Grace: 50 * time.Millisecond}, waitsForStop)
			require.NoError(t, e.Position(ctx, dsq.NewGame()))
			res, err := e.Go(ctx, limits)
			require.ErrorIs(t, err, uci.ErrTimeout)
			assert.NotEqual(t, dsq.NoMove, res.Move, "the move it named after stop")
			require.NoError(t, e.Ready(ctx), "in step")

			e, _ = startFake(t, uci.Config{SearchTimeout: 50 * time.Millisecond, Grace: 50 * time.Millisecond}, silent)
			require.NoError(t, e.Position(ctx, dsq.NewGame()))
			begin := time.Now()
			_, err = e.Go(ctx, limits)
			require.ErrorIs(t, err, uci.ErrTimeout)
			assert.Less(t, time.Since(begin), 5*time.Second)
		})
	}
}

// A game clock at 0 for the side to move, the other's running, bounds
// the search to Grace: it does not wait for SearchTimeout or forever.
func TestGoWithTheMoversClockAtZeroIsBounded(t *testing.T) {
	e, f := startFake(t, uci.Config{Grace: 50 * time.Millisecond}, silent)
	ctx := context.Background()
	require.NoError(t, e.Position(ctx, dsq.NewGame()))
	begin := time.Now()
	_, err := e.Go(ctx, uci.Limits{Time: [2]time.Duration{0, 10 * time.Second}})
	require.ErrorIs(t, err, uci.ErrTimeout)
	assert.Less(t, time.Since(begin), 5*time.Second)
	assert.Contains(t, f.received(), "go wtime 0 btime 10000")
}

// multiPV answers with three lines, each depth's, the best first.
func multiPV(f *fake, _ string) {
	moves := f.game.LegalMoves()
	for depth := 1; depth <= 2; depth++ {
		for k := 1; k <= 3; k++ {
			f.say(fmt.Sprintf("info depth %d multipv %d score cp %d nodes 10 pv %v", depth, k, 100*depth-10*k, moves[k-1]))
		}
	}
	f.say("bestmove " + moves[0].String())
}

func TestGoAsksForAndReturnsSeveralLines(t *testing.T) {
	e, f := startFake(t, uci.Config{}, multiPV)
	ctx := context.Background()
	g := dsq.NewGame()
	require.NoError(t, e.Position(ctx, g))
	res, err := e.Go(ctx, uci.Limits{Depth: 2, MultiPV: 3})
	require.NoError(t, err)
	moves := g.LegalMoves()
	require.Len(t, res.Lines, 3)
	for k, l := range res.Lines {
		assert.Equal(t, k+1, l.MultiPV)
		assert.Equal(t, 2, l.Depth)
		assert.Equal(t, 200-10*(k+1), l.Score.Value)
		assert.Equal(t, []dsq.Move{moves[k]}, l.PV)
	}
	assert.Equal(t, res.Lines[0], res.Info, "Info is line 1's, not the last printed")
	assert.Equal(t, moves[0], res.Move)
	// The option is sent once while it does not change.
	require.NoError(t, e.Position(ctx, g))
	_, err = e.Go(ctx, uci.Limits{Depth: 2, MultiPV: 3})
	require.NoError(t, err)
	assert.Equal(t, []string{"uci", "position startpos", "setoption name MultiPV value 3", "isready", "go depth 2",
		"position startpos", "isready", "go depth 2"}, f.received())
}

// fakeModeEnv names the behaviour of the test binary re-executed as an
// engine process (see TestMain).
const fakeModeEnv = "UCI_TEST_FAKE_ENGINE"

// TestMain runs the tests, or, with fakeModeEnv set, the test binary as an
// engine process: "plays" answers as an engine does, with the first legal
// move, and exits at quit; "hangs" answers the handshake and isready, but
// never a go, and neither quit nor the end of its input ends it.
func TestMain(m *testing.M) {
	if mode := os.Getenv(fakeModeEnv); mode != "" {
		fakeProcess(mode, os.Stdin, os.Stdout)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func fakeProcess(mode string, in io.Reader, out io.Writer) {
	g := dsq.NewGame()
	sc := bufio.NewScanner(in)
	for sc.Scan() {
		line := sc.Text()
		word, _, _ := strings.Cut(line, " ")
		switch word {
		case "uci":
			fmt.Fprintln(out, "id name fake process\nuciok")
		case "isready":
			fmt.Fprintln(out, "readyok")
		case "position":
			c, err := uci.ParsePosition(line)
			if err == nil {
				g, err = c.Game(dsq.Rules{})
			}
			if err != nil {
				fmt.Fprintln(out, "info string error:", err)
			}
		case "go":
			if mode == "plays" {
				fmt.Fprintln(out, uci.BestMove{Move: g.LegalMoves()[0]})
			}
		case "quit":
			if mode == "plays" {
				return
			}
		}
	}
	if mode == "hangs" {
		time.Sleep(time.Hour)
	}
}

// startProcess starts the test binary as an engine in mode under sh, with
// a child of its own started before it (the shell text child, ending with
// "&"), whose process id is killed when the test ends.
func startProcess(t *testing.T, mode, child string, cfg uci.Config) *uci.Engine {
	t.Helper()
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	self, err := os.Executable()
	require.NoError(t, err)
	pidFile := filepath.Join(t.TempDir(), "child.pid")
	script := child + ` echo $! > "$1"; exec "$2" -test.run=^$`
	cmd := exec.Command(sh, "-c", script, "sh", pidFile, self)
	cmd.Env = append(os.Environ(), fakeModeEnv+"="+mode)
	cmd.Stderr = &lockedBuffer{} // not a file: exec copies it in a goroutine that Wait awaits
	e, err := uci.Start(context.Background(), cmd, cfg)
	require.NoError(t, err)
	t.Cleanup(func() {
		_ = e.Close()
		text, err := os.ReadFile(pidFile)
		if err != nil {
			return
		}
		if pid, err := strconv.Atoi(strings.TrimSpace(string(text))); err == nil {
			if p, err := os.FindProcess(pid); err == nil {
				_ = p.Kill()
			}
		}
	})
	return e
}

// lockedBuffer is a writer for the engine's standard error.
type lockedBuffer struct {
	mu  sync.Mutex
	buf strings.Builder
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

// TestProcessPlays: the test binary as an engine process answers a search.
func TestProcessPlays(t *testing.T) {
	e := startProcess(t, "plays", "", uci.Config{})
	ctx := context.Background()
	require.NoError(t, e.Position(ctx, dsq.NewGame()))
	res, err := e.Go(ctx, uci.Limits{Depth: 1})
	require.NoError(t, err)
	assert.Equal(t, dsq.NewGame().LegalMoves()[0], res.Move)
	require.NoError(t, e.Close())
}

// Close ends within its grace while a child of the engine holds its
// output and standard error (here for 20 s; without exec.Cmd.WaitDelay
// Close waited for it).
func TestCloseEndsWhileAChildHoldsTheOutput(t *testing.T) {
	e := startProcess(t, "plays", "sleep 20 &", uci.Config{Quit: 200 * time.Millisecond})
	require.NoError(t, e.Ready(context.Background()))
	begin := time.Now()
	_ = e.Close()
	assert.Less(t, time.Since(begin), 5*time.Second, "the child holds on for far longer")
}

// Close ends within its grace when the engine ignores quit and a child of
// it never exits.
func TestCloseEndsWhenTheEngineAndItsChildNeverExit(t *testing.T) {
	e := startProcess(t, "hangs", "(trap '' TERM HUP; while :; do sleep 1; done) &", uci.Config{Quit: 200 * time.Millisecond, Grace: 50 * time.Millisecond})
	ctx := context.Background()
	require.NoError(t, e.Position(ctx, dsq.NewGame()))
	_, err := e.Go(ctx, uci.Limits{MoveTime: 10 * time.Millisecond})
	require.Error(t, err)
	begin := time.Now()
	_ = e.Close()
	assert.Less(t, time.Since(begin), 5*time.Second, "the child holds on for far longer")
}

// Each call that waits for an answer reports an engine that dies at its
// command as ErrEngineDied, and one that answers its isready with a line
// of another command as ErrProtocol.
func TestCallsReportAnEngineThatDiesOrLies(t *testing.T) {
	ctx := context.Background()
	calls := []struct {
		name, word string
		call       func(e *uci.Engine) error
	}{
		{"Ready", "isready", func(e *uci.Engine) error { return e.Ready(ctx) }},
		{"SetOption", "setoption", func(e *uci.Engine) error { return e.SetOption(ctx, "Hash", "1") }},
		{"NewGame", "ucinewgame", func(e *uci.Engine) error { return e.NewGame(ctx) }},
		{"Go", "go", func(e *uci.Engine) error {
			require.NoError(t, e.Position(ctx, dsq.NewGame()))
			_, err := e.Go(ctx, uci.Limits{Depth: 1})
			return err
		}},
	}
	for _, c := range calls {
		t.Run(c.name+" dies", func(t *testing.T) {
			e, f := startFake(t, uci.Config{Timeout: 5 * time.Second}, answers)
			f.dieOn.Store(c.word)
			require.ErrorIs(t, c.call(e), uci.ErrEngineDied)
		})
		if c.word == "go" {
			continue // Go's lies (garbage, an illegal move): TestGarbageIsAProtocolError
		}
		t.Run(c.name+" lies", func(t *testing.T) {
			e, f := startFake(t, uci.Config{Timeout: 5 * time.Second}, answers)
			f.lieOn.Store("isready") // a bestmove instead of readyok
			require.ErrorIs(t, c.call(e), uci.ErrProtocol)
		})
	}
}
