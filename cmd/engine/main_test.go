package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/endgame"
	"github.com/doushouqi/doushouqi/uci"
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
		for _, key := range []string{"score", "nodes", "pv"} { // time and nps may be 0, left out
			assert.Contains(t, f, key, l)
		}
		_, err := uci.ParseInfo(l)
		assert.NoError(t, err, l)
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
		"setoption name Threads value 257", // search.MaxThreads is 256
		"setoption name MultiPV value 0",
		"setoption name MultiPV value x",
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

// writeTables solves the named materials (and those their captures lead
// to) under rules into a new directory, as go -C cmd run ./egtb does.
func writeTables(t *testing.T, rules dsq.Rules, names ...string) string {
	t.Helper()
	ts, err := endgame.NewTables(rules)
	require.NoError(t, err)
	var ms []endgame.Material
	for _, n := range names {
		m, err := endgame.ParseMaterial(n)
		require.NoError(t, err)
		ms = append(ms, m)
	}
	require.NoError(t, ts.Generate(ms, endgame.Options{}))
	dir := t.TempDir()
	for _, m := range ts.Materials() {
		require.NoError(t, ts.Table(m).WriteFile(dir))
	}
	return dir
}

func TestEGTBOption(t *testing.T) {
	dir := writeTables(t, dsq.Standard, "ELve")
	const fen = "position fen 7/7/2e4/7/E6/L6/7/7/7 b 0 1" // Blue wins in 17 half-moves
	p := start(t)
	p.send("uci")
	assert.Contains(t, p.expect("uciok"), "option name EGTB type string default <empty>")

	// Refused: a directory that does not exist, or holds no table.
	for _, bad := range []string{filepath.Join(dir, "missing"), t.TempDir()} {
		p.send("setoption name EGTB value "+bad, "isready")
		lines := p.expect("readyok")
		require.Len(t, lines, 2, lines)
		assert.True(t, strings.HasPrefix(lines[0], "info string error: EGTB: "), lines)
	}
	p.send(fen, "go depth 3")
	lines := p.expect("bestmove")
	assert.NotContains(t, strings.Join(lines, "\n"), "endgame tables")

	p.send("setoption name EGTB value "+dir, "isready")
	lines = p.expect("readyok")
	assert.Equal(t, "info string EGTB: "+fmt.Sprint(len(mustOpen(t, dir).Materials()))+" tables from "+dir, lines[0])
	p.send(fen, "go depth 3")
	lines = p.expect("bestmove")
	require.Len(t, lines, 3, lines)
	assert.True(t, strings.HasPrefix(lines[0], "info score mate 9 nodes 1 "), lines[0]) // depth 0 is left out
	assert.Equal(t, "info string endgame tables: blue wins in 17", lines[1])
	assert.Equal(t, "bestmove c7d7", lines[2])

	// The same position 10 half-moves before the move limit is a draw.
	p.send("position fen 7/7/2e4/7/E6/L6/7/7/7 b 50 1", "go depth 3")
	lines = p.expect("bestmove")
	assert.Contains(t, lines[0], " score cp 0 ")
	assert.Equal(t, "info string endgame tables: draw", lines[1])

	// Under other rules the standard tables are not used; back under
	// Standard they are.
	p.send("setoption name Rules value trapped-capture", "isready")
	lines = p.expect("readyok")
	assert.True(t, strings.HasPrefix(lines[0], "info string EGTB: tables of "+dir+" not used under rules trapped-capture"), lines)
	p.send(fen, "go depth 3")
	lines = p.expect("bestmove")
	assert.NotContains(t, strings.Join(lines, "\n"), "endgame tables")
	assert.True(t, strings.HasPrefix(lines[0], "info depth 1 "), lines)
	p.send("setoption name Rules value standard", fen, "go depth 3")
	assert.Equal(t, "bestmove c7d7", p.expect("bestmove")[3])

	// <empty> turns them off.
	p.send("setoption name EGTB value <empty>", fen, "go depth 2")
	lines = p.expect("bestmove")
	assert.NotContains(t, strings.Join(lines, "\n"), "endgame tables")
}

func mustOpen(t *testing.T, dir string) *endgame.Tables {
	t.Helper()
	ts, err := endgame.Open(dir, dsq.Standard)
	require.NoError(t, err)
	return ts
}

// TestLevelOption: Level and Seed are listed and checked; a level below
// the top ends by itself (its node budget) with a legal move, the same move
// from the same game and seed, varied games at the default seed 0; movetime and clocks bound it; Level 8 is
// the full engine again.
func TestLevelOption(t *testing.T) {
	p := start(t)
	p.send("uci")
	lines := p.expect("uciok")
	assert.Contains(t, lines, "option name Level type spin default 8 min 1 max 8")
	assert.Contains(t, lines, fmt.Sprintf("option name Seed type spin default 0 min 0 max %d", uint64(1)<<53))
	for _, bad := range []string{"Level value 0", "Level value 9", "Level value x", "Seed value -1", "Seed value 99999999999999999"} {
		p.send("setoption name "+bad, "isready")
		lines := p.expect("readyok")
		assert.Contains(t, lines[0], "info string error: ", bad)
	}

	pos := dsq.StartPosition()
	moves := func(level, seed int) []dsq.Move {
		q := start(t)
		q.send(fmt.Sprintf("setoption name Level value %d", level), fmt.Sprintf("setoption name Seed value %d", seed))
		var played []dsq.Move
		for range 6 {
			q.send("position startpos moves"+movesText(played), "go")
			played = append(played, bestMove(t, q.expect("bestmove")))
		}
		return played
	}
	a, b := moves(2, 11), moves(2, 11)
	assert.Equal(t, a, b, "the same level and seed play the same moves")
	assert.True(t, pos.IsLegal(a[0]))
	differ := false
	for seed := 12; seed < 18 && !differ; seed++ {
		differ = !slices.Equal(moves(2, seed), a)
	}
	assert.True(t, differ, "another seed plays other moves")

	// Seed 0, the default: each new game draws a seed of its own.
	q := start(t)
	q.send("setoption name Level value 2")
	games := map[string]bool{}
	for range 6 {
		q.send("ucinewgame")
		var played []dsq.Move
		for range 6 {
			q.send("position startpos moves"+movesText(played), "go")
			played = append(played, bestMove(t, q.expect("bestmove")))
		}
		games[movesText(played)] = true
	}
	assert.Greater(t, len(games), 1, "six new games at the default seed all played %v", games)

	p.send("setoption name Level value 7", "position startpos")
	for _, limit := range []string{"go movetime 20", "go wtime 300 btime 300"} {
		begun := time.Now()
		p.send(limit)
		assert.True(t, pos.IsLegal(bestMove(t, p.expect("bestmove"))), limit)
		assert.Less(t, time.Since(begun), 2*time.Second, "%s bounds level 7 (100,000 nodes)", limit)
	}
	// go infinite: a level's search ends at its budget, but its bestmove
	// waits for stop, as the protocol asks.
	p.send("go infinite")
	time.Sleep(300 * time.Millisecond) // level 7's 100,000 nodes take a few ms here
	p.send("isready")
	for _, line := range p.expect("readyok") {
		assert.False(t, strings.HasPrefix(line, "bestmove"), "bestmove before stop: %q", line)
	}
	p.send("stop")
	assert.True(t, pos.IsLegal(bestMove(t, p.expect("bestmove"))))

	p.send("setoption name Level value 8", "go depth 3")
	lines = p.expect("bestmove")
	require.Len(t, lines, 4, "level 8 reports each iteration: %q", lines)
}

func movesText(moves []dsq.Move) string {
	var b strings.Builder
	for _, m := range moves {
		b.WriteString(" " + m.String())
	}
	return b.String()
}

// TestMultiPVReportsTheBestLines: with MultiPV 3 each iteration prints
// three info lines, multipv 1 to 3, three different first moves ordered
// by score, and bestmove is line 1's move.
func TestMultiPVReportsTheBestLines(t *testing.T) {
	p := start(t)
	// The lion can take Blue's undefended tiger: the one winning move.
	p.send("setoption name MultiPV value 3", "position fen l6/7/1t5/7/7/7/1L5/7/7 r 0 1", "go depth 4")
	lines := p.expect("bestmove")
	require.Len(t, lines, 4*3+1, lines)
	for d := 1; d <= 4; d++ {
		var infos []uci.Info
		for k := 1; k <= 3; k++ {
			info, err := uci.ParseInfo(lines[(d-1)*3+k-1])
			require.NoError(t, err)
			assert.Equal(t, d, info.Depth)
			assert.Equal(t, k, info.MultiPV)
			infos = append(infos, info)
		}
		assert.NotEqual(t, infos[0].PV[0], infos[1].PV[0])
		assert.NotEqual(t, infos[1].PV[0], infos[2].PV[0])
		assert.NotEqual(t, infos[0].PV[0], infos[2].PV[0])
		assert.GreaterOrEqual(t, infos[0].Score.Value, infos[1].Score.Value)
		assert.GreaterOrEqual(t, infos[1].Score.Value, infos[2].Score.Value)
		if d == 4 {
			assert.Equal(t, "b3b7", infos[0].PV[0].String())
		}
	}
	assert.Equal(t, "bestmove b3b7", lines[len(lines)-1])
	// Back to one line: no multipv field.
	p.send("setoption name MultiPV value 1", "go depth 2")
	lines = p.expect("bestmove")
	require.Len(t, lines, 3, lines)
	assert.NotContains(t, lines[0], "multipv")
}

// TestRealEngineThroughTheClient drives the engine through the uci
// package's client, both handshakes: options, a game, two short searches
// and a multi-PV one.
func TestRealEngineThroughTheClient(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	for _, hs := range []string{"uci", "jcei"} {
		t.Run(hs, func(t *testing.T) {
			e, err := uci.Start(ctx, exec.Command(binary), uci.Config{Handshake: hs})
			require.NoError(t, err)
			defer e.Close()
			assert.Equal(t, "doushouqi search", e.Name())
			names := []string{}
			for _, o := range e.Options() {
				names = append(names, o.Name)
			}
			assert.Contains(t, names, "Hash")
			assert.Contains(t, names, "MultiPV")
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
				assert.Nil(t, res.Lines)
				require.NoError(t, g.Play(res.Move))
			}
			require.NoError(t, e.Position(ctx, g))
			res, err := e.Go(ctx, uci.Limits{Depth: 3, MultiPV: 2})
			require.NoError(t, err)
			require.Len(t, res.Lines, 2)
			assert.Equal(t, res.Move, res.Lines[0].PV[0])
			assert.NotEqual(t, res.Lines[0].PV[0], res.Lines[1].PV[0])
			require.NoError(t, e.Close())
		})
	}
}
