package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
)

// binary is the command, built once by TestMain.
var binary string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "dsq-engine-")
	if err != nil {
		panic(err)
	}
	binary = filepath.Join(dir, "engine")
	if out, err := exec.Command("go", "build", "-o", binary, ".").CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "go build: %v\n%s", err, out)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// proc is the engine process driven through its pipes.
type proc struct {
	t     *testing.T
	cmd   *exec.Cmd
	in    io.WriteCloser
	lines chan string
}

func start(t *testing.T) *proc {
	t.Helper()
	cmd := exec.Command(binary)
	in, err := cmd.StdinPipe()
	require.NoError(t, err)
	out, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	p := &proc{t: t, cmd: cmd, in: in, lines: make(chan string, 1000)}
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			p.lines <- sc.Text()
		}
		close(p.lines)
	}()
	t.Cleanup(func() {
		_ = in.Close()
		done := make(chan struct{})
		go func() { _ = cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			_ = cmd.Process.Kill()
			<-done
		}
	})
	return p
}

func (p *proc) send(lines ...string) {
	p.t.Helper()
	for _, l := range lines {
		_, err := io.WriteString(p.in, l+"\n")
		require.NoError(p.t, err)
	}
}

// expect returns the lines up to and including the first that starts with
// prefix.
func (p *proc) expect(prefix string) []string {
	p.t.Helper()
	var got []string
	timeout := time.After(20 * time.Second)
	for {
		select {
		case l, ok := <-p.lines:
			require.True(p.t, ok, "engine exited; wanted %q after %q", prefix, got)
			got = append(got, l)
			if strings.HasPrefix(l, prefix) {
				return got
			}
		case <-timeout:
			require.FailNow(p.t, "timeout", "no %q after %q", prefix, got)
		}
	}
}

func bestMove(t *testing.T, lines []string) dsq.Move {
	t.Helper()
	f := strings.Fields(lines[len(lines)-1])
	require.Len(t, f, 2, lines)
	m, err := dsq.ParseMove(f[1])
	require.NoError(t, err, lines)
	return m
}

func TestHandshakes(t *testing.T) {
	p := start(t)
	p.send("uci")
	lines := p.expect("uciok")
	assert.Contains(t, lines, "option name Hash type spin default 16 min 1 max 4096")
	assert.Contains(t, lines, "option name Rules type string default standard")
	assert.True(t, strings.HasPrefix(lines[0], "id name "))
	p.send("jcei")
	lines = p.expect("jceiok")
	assert.True(t, strings.HasPrefix(lines[0], "id name "))
	p.send("isready")
	assert.Equal(t, []string{"readyok"}, p.expect("readyok"))
}

func TestGoDepthReportsAndMoves(t *testing.T) {
	p := start(t)
	p.send("ucinewgame", "position startpos moves a3a4 a7a6", "go depth 4")
	lines := p.expect("bestmove")
	require.Len(t, lines, 5, lines) // info for depths 1..4, bestmove
	for i, l := range lines[:4] {
		f := strings.Fields(l)
		assert.Equal(t, []string{"info", "depth"}, f[:2])
		assert.Equal(t, fmt.Sprint(i+1), f[2])
		for _, key := range []string{"score", "nodes", "nps", "time", "pv"} {
			assert.Contains(t, f, key, l)
		}
	}
	pos := dsq.StartPosition()
	for _, s := range []string{"a3a4", "a7a6"} {
		m, _ := dsq.ParseMove(s)
		require.NoError(t, pos.Play(m))
	}
	assert.True(t, pos.IsLegal(bestMove(t, lines)))
}

func TestFenAndMate(t *testing.T) {
	p := start(t)
	p.send("position fen l6/3D3/7/7/7/7/7/7/6L r 0 1", "go depth 3")
	lines := p.expect("bestmove")
	assert.Equal(t, "bestmove d8d9", lines[len(lines)-1])
	assert.Contains(t, lines[0], "score mate 1")
	// After the den entry the game is over.
	p.send("position fen l6/3D3/7/7/7/7/7/7/6L r 0 1 moves d8d9", "go depth 3")
	lines = p.expect("bestmove")
	assert.Equal(t, "bestmove 0000", lines[len(lines)-1])
}

func TestNodesAndMovetimeAndClock(t *testing.T) {
	p := start(t)
	p.send("position startpos", "go nodes 5000")
	lines := p.expect("bestmove")
	assert.Greater(t, len(lines), 1)
	begin := time.Now()
	p.send("go movetime 200")
	p.expect("bestmove")
	assert.Less(t, time.Since(begin), 3*time.Second)
	p.send("go wtime 3000 btime 3000 winc 0 binc 0")
	p.expect("bestmove")
	p.send("setoption name Threads value 2", "go depth 5")
	lines = p.expect("bestmove")
	assert.Contains(t, lines[len(lines)-2], "info depth 5 ")
}

func TestStopEndsInfiniteSearch(t *testing.T) {
	p := start(t)
	p.send("position startpos", "go infinite")
	time.Sleep(100 * time.Millisecond)
	p.send("isready")
	p.expect("readyok") // answered while searching
	p.send("stop")
	m := bestMove(t, p.expect("bestmove"))
	pos := dsq.StartPosition()
	assert.True(t, pos.IsLegal(m))
}

// TestRefusedInputChangesNothing: bad commands get an error line and leave
// the position as it was.
func TestRefusedInputChangesNothing(t *testing.T) {
	p := start(t)
	p.send("position fen l6/3D3/7/7/7/7/7/7/6L r 0 1")
	for _, bad := range []string{
		"position startpos moves a3a4 a3a4",
		"position fen nonsense",
		"position somewhere",
		"go depth 99",
		"go nodes x",
		"go sideways 3",
		"setoption name Hash value 0",
		"setoption name Threads value 0",
		"setoption name Threads value 65",
		"setoption name Rules value chess",
		"setoption name Colour value red",
		"setoption Hash 3",
		"fly",
	} {
		p.send(bad, "isready")
		lines := p.expect("readyok")
		require.Len(t, lines, 2, "%q: %q", bad, lines)
		assert.True(t, strings.HasPrefix(lines[0], "info string error: "), "%q: %q", bad, lines)
	}
	p.send("go depth 3")
	lines := p.expect("bestmove")
	assert.Equal(t, "bestmove d8d9", lines[len(lines)-1])
}

// lastScore returns the score field of the last info line.
func lastScore(t *testing.T, lines []string) string {
	t.Helper()
	require.GreaterOrEqual(t, len(lines), 2, lines)
	f := strings.Fields(lines[len(lines)-2])
	for i, w := range f {
		if w == "score" && i+2 < len(f) {
			return f[i+1] + " " + f[i+2]
		}
	}
	t.Fatalf("no score in %q", lines)
	return ""
}

func TestRulesOption(t *testing.T) {
	// Red is a lion and a tiger up, two plies before the standard 60-move
	// draw: a draw under Standard, a win under a 200 limit.
	const fen = "position fen r6/7/7/7/7/7/E6/7/T5L r 58 40"
	p := start(t)
	p.send(fen, "go depth 4")
	assert.Equal(t, "cp 0", lastScore(t, p.expect("bestmove")))
	p.send("setoption name Rules value trapped-capture,move-limit=200,threefold", fen, "go depth 4")
	score := lastScore(t, p.expect("bestmove"))
	assert.NotEqual(t, "cp 0", score)
	assert.True(t, strings.HasPrefix(score, "cp "), score)
	p.send("setoption name Hash value 2", "isready")
	assert.Equal(t, []string{"readyok"}, p.expect("readyok"))
}

func TestQuitExits(t *testing.T) {
	p := start(t)
	p.send("position startpos", "go infinite", "quit")
	done := make(chan error, 1)
	go func() { done <- p.cmd.Wait() }()
	select {
	case err := <-done:
		assert.NoError(t, err)
	case <-time.After(5 * time.Second):
		t.Fatal("the engine did not exit on quit")
	}
}
