package uci_test

import (
	"bufio"
	"context"
	"errors"
	"io"
	"os/exec"
	"path/filepath"
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
	sc := bufio.NewScanner(f.in)
	for sc.Scan() {
		line := sc.Text()
		f.mu.Lock()
		f.lines = append(f.lines, line)
		f.mu.Unlock()
		cmd, rest, _ := strings.Cut(line, " ")
		switch cmd {
		case "uci", "jcei":
			handshake(f, cmd)
		case "isready":
			f.say("readyok")
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
	assert.Equal(t, []string{"uci", "ucinewgame", "isready", "position startpos moves a3a4", "go depth 2 nodes 1000"}, f.received())
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
	assert.Equal(t, []string{"uci", "setoption name Hash value 32", "isready", "setoption name Bad value 1", "isready", "position startpos", "go depth 1"}, f.received())
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

// buildEngine builds cmd/engine into a temporary directory.
func buildEngine(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "engine")
	out, err := exec.Command("go", "build", "-C", "../cmd", "-o", bin, "./engine").CombinedOutput() // a module of its own
	require.NoError(t, err, string(out))
	return bin
}

// TestRealEngine drives cmd/engine, built here, through both
// handshakes: options, a game, two short searches.
func TestRealEngine(t *testing.T) {
	bin := buildEngine(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	for _, hs := range []string{"uci", "jcei"} {
		t.Run(hs, func(t *testing.T) {
			e, err := uci.Start(ctx, exec.Command(bin), uci.Config{Handshake: hs})
			require.NoError(t, err)
			defer e.Close()
			assert.Equal(t, "doushouqi search", e.Name())
			names := []string{}
			for _, o := range e.Options() {
				names = append(names, o.Name)
			}
			assert.Contains(t, names, "Hash")
			require.NoError(t, e.SetOption(ctx, "Hash", "1"))
			assert.ErrorIs(t, e.SetOption(ctx, "Hash", "0"), uci.ErrRefused)
			require.NoError(t, e.SetOption(ctx, "Rules", "trapped-capture,move-limit=200,threefold"))
			require.NoError(t, e.NewGame(ctx))
			g, err := dsq.NewGameRules(dsq.StartPosition(), dsq.Rules{})
			require.NoError(t, err)
			for range 2 {
				require.NoError(t, e.Position(ctx, g))
				res, err := e.Go(ctx, uci.Limits{Depth: 2})
				require.NoError(t, err)
				assert.True(t, g.IsLegal(res.Move))
				assert.Equal(t, 2, res.Info.Depth)
				assert.True(t, res.Info.HasScore)
				assert.NotEmpty(t, res.Info.PV)
				assert.Equal(t, res.Move, res.Info.PV[0])
				require.NoError(t, g.Play(res.Move))
			}
			require.NoError(t, e.Close())
		})
	}
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
