package main

import (
	"bufio"
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/search"
	"github.com/doushouqi/doushouqi/uci"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMain lets the test binary stand in for misty: with MISTY_FAKE=1 it
// answers misty's protocol (see fakeMisty) instead of running the tests.
func TestMain(m *testing.M) {
	if os.Getenv("MISTY_FAKE") == "1" {
		os.Exit(fakeMisty(os.Stdin, os.Stdout))
	}
	os.Exit(m.Run())
}

// fakeMisty answers as misty does: "uci" with its name and "uciok",
// "isready" with "readyok", "go" with a search line scored MISTY_FAKE_SCORE
// and "bestmove MISTY_FAKE_MOVE" (or it exits at once when that is "die").
// Every line it reads is appended to the file MISTY_FAKE_LOG.
func fakeMisty(in io.Reader, out io.Writer) int {
	log, err := os.OpenFile(os.Getenv("MISTY_FAKE_LOG"), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return 1
	}
	defer log.Close()
	move, score := os.Getenv("MISTY_FAKE_MOVE"), os.Getenv("MISTY_FAKE_SCORE")
	sc := bufio.NewScanner(in)
	for sc.Scan() {
		line := sc.Text()
		_, _ = io.WriteString(log, line+"\n")
		word, _, _ := strings.Cut(strings.TrimSpace(line), " ")
		switch word {
		case "uci":
			_, _ = io.WriteString(out, "id name Fake Misty 9.9\nid author nobody\ninfo string progress_limit 200\nuciok\n")
		case "isready":
			_, _ = io.WriteString(out, "readyok\n")
		case "go":
			if move == "die" {
				return 3
			}
			_, _ = io.WriteString(out, "info depth 3 nodes 10 nps 10000 time 1 score cp "+score+" pv "+move+"\nbestmove "+move+"\n")
		case "quit":
			return 0
		}
	}
	return 0
}

// useFakeMisty makes the test binary misty's stand-in for run, answering
// every go with move and score; it returns the file that logs what the
// stand-in is sent.
func useFakeMisty(t *testing.T, move, score string) (logFile string) {
	t.Helper()
	logFile = filepath.Join(t.TempDir(), "misty.log")
	t.Setenv("MISTY_FAKE", "1")
	t.Setenv("MISTY_FAKE_LOG", logFile)
	t.Setenv("MISTY_FAKE_MOVE", move)
	t.Setenv("MISTY_FAKE_SCORE", score)
	return logFile
}

// runLines runs the command on the given input lines and returns its exit
// status and its output lines.
func runLines(t *testing.T, args []string, input ...string) (int, []string) {
	t.Helper()
	var out, stderr strings.Builder
	code := run(args, strings.NewReader(strings.Join(input, "\n")+"\n"), &out, &stderr)
	return code, strings.Split(strings.TrimSpace(out.String()), "\n")
}

func readLog(t *testing.T, file string) []string {
	t.Helper()
	data, err := os.ReadFile(file)
	require.NoError(t, err)
	return strings.Split(strings.TrimSpace(string(data)), "\n")
}

const mistyStart = "t5l/1c3d1/e1w1p1r/7/7/7/R1P1W1E/1D3C1/L5T r 0 1" // misty's own start, from its tests

func TestMistyFENOfTheStartIsMistysStart(t *testing.T) {
	assert.Equal(t, mistyStart, mistyFEN(dsq.StartPosition()))
}

func TestMistyFENMirrorsTheFilesAndKeepsSideAndCounters(t *testing.T) {
	// Both sides' pieces, a Red rat in the water on c5 (misty's e5), a Blue
	// rat on Red's trap d2, Blue to move, 17 half-moves without a capture.
	pos, err := dsq.ParsePosition("l5t/1d3c1/4w2/7/2R4/7/E3P2/1C1r3/T5L b 17 42")
	require.NoError(t, err)
	assert.Equal(t, "t5l/1c3d1/2w4/7/4R2/7/2P3E/3r1C1/L5T b 17 42", mistyFEN(pos))
}

func TestMistyFENLeavesOutTheRulesField(t *testing.T) {
	rules, err := dsq.ParseRules("trapped-capture,move-limit=200")
	require.NoError(t, err)
	pos, err := dsq.StartPosition().WithRules(rules)
	require.NoError(t, err)
	require.Len(t, strings.Fields(pos.String()), 5)
	assert.Equal(t, mistyStart, mistyFEN(pos))
}

func TestMovesTranslateBothWaysAcrossTheDFile(t *testing.T) {
	for _, tc := range []struct{ ours, misty string }{
		{"g1f1", "a1b1"}, // the lion's first step
		{"a3a4", "g3g4"},
		{"f3f7", "b3b7"}, // a jump along a file
		{"a5d5", "g5d5"}, // a jump across the ranks
		{"d8d9", "d8d9"},
	} {
		m, err := dsq.ParseMove(tc.ours)
		require.NoError(t, err)
		assert.Equal(t, tc.misty, toMisty(m), "toMisty(%s)", tc.ours)
		back, err := fromMisty(tc.misty)
		require.NoError(t, err)
		assert.Equal(t, tc.ours, back.String(), "fromMisty(%s)", tc.misty)
	}
	for from := range dsq.Square(dsq.NumSquares) {
		for to := range dsq.Square(dsq.NumSquares) {
			if from == to {
				continue
			}
			m := dsq.NewMove(from, to)
			back, err := fromMisty(toMisty(m))
			require.NoError(t, err)
			require.Equal(t, m, back)
		}
	}
	for _, bad := range []string{"", "a1", "h1a1", "a0a1", "a1a1", "(none)"} {
		_, err := fromMisty(bad)
		assert.Error(t, err, "fromMisty(%q)", bad)
	}
}

func TestMistysFirstMoveIsLegalInOurStart(t *testing.T) {
	// Misty's start is ours mirrored, so its opening moves are legal here.
	m, err := fromMisty("a3a4") // misty's rat steps up: ours on g3
	require.NoError(t, err)
	assert.True(t, dsq.StartPosition().IsLegal(m))
	assert.Equal(t, dsq.NewPiece(dsq.Red, dsq.Rat), dsq.StartPosition().PieceAt(m.From()))
}

func newTestGame(t *testing.T, fen, rules string, moves ...string) *dsq.Game {
	t.Helper()
	pos, err := dsq.ParsePosition(fen)
	require.NoError(t, err)
	r, err := dsq.ParseRules(rules)
	require.NoError(t, err)
	g, err := dsq.NewGameRules(pos, r)
	require.NoError(t, err)
	for _, m := range moves {
		_, err := g.PlayText(m)
		require.NoError(t, err, m)
	}
	return g
}

func TestRepetitionSeedsAreThePositionsSeenTwice(t *testing.T) {
	g := newTestGame(t, dsq.StartNotation, mistyRules, "g1f1", "a9b9", "f1g1", "b9a9")
	// The start has now been seen twice; the three positions between once.
	assert.Equal(t, []string{"t5l/1c3d1/e1w1p1r/7/7/7/R1P1W1E/1D3C1/L5T r 4 3"}, repetitionSeeds(g))

	require.NoError(t, g.Play(dsq.NewMove(dsq.G1, dsq.F1)))
	assert.Equal(t, []string{
		"t5l/1c3d1/e1w1p1r/7/7/7/R1P1W1E/1D3C1/L5T r 4 3",
		"t5l/1c3d1/e1w1p1r/7/7/7/R1P1W1E/1D3C1/1L4T b 5 3",
	}, repetitionSeeds(g))
}

func TestRepetitionSeedsEndAtTheLastCapture(t *testing.T) {
	// Red's tiger a1 may take the Blue rat on a2; the lions shuffle first.
	const fen = "l6/7/7/7/7/7/7/r6/T5L r 0 1"
	g := newTestGame(t, fen, mistyRules, "g1f1", "a9b9", "f1g1", "b9a9")
	require.Len(t, repetitionSeeds(g), 1)

	_, err := g.PlayText("a1a2")
	require.NoError(t, err)
	assert.Empty(t, repetitionSeeds(g))
}

func TestRepetitionSeedsNeedThreefold(t *testing.T) {
	g := newTestGame(t, dsq.StartNotation, "trapped-capture,move-limit=200", "g1f1", "a9b9", "f1g1", "b9a9")
	assert.Empty(t, repetitionSeeds(g))
}

func TestScoresBecomeCentiRats(t *testing.T) {
	for _, tc := range []struct{ misty, want int }{
		{0, 0},
		{3, 15},
		{-144, -720},
		{-80, -400},                  // misty's draw contempt
		{999_995, search.Win - 5},    // a win in 5 plies stays a win in 5 plies
		{-999_990, -search.Win + 10}, // a loss likewise
		{1_000_000, search.Win},
		{999_000, search.Win - 1000},
		{998_999, search.Win - 1001}, // not a win: scaled, then held short of the wins
		{-998_999, -search.Win + 1001},
	} {
		assert.Equal(t, tc.want, centiRats(tc.misty, defaultScale), "centiRats(%d)", tc.misty)
	}
}

func TestGoLimitsBecomeMistysLimits(t *testing.T) {
	for _, tc := range []struct {
		args string
		side dsq.Color
		want string
	}{
		{"movetime 100", dsq.Red, "go movetime 100 nodes 1000000000000"},
		{"nodes 5000", dsq.Red, "go nodes 5000 movetime 0"},
		{"movetime 50 nodes 7", dsq.Blue, "go movetime 50 nodes 7"},
		{"movetime 0", dsq.Red, "go movetime 1 nodes 1000000000000"},
		{"wtime 30000 btime 3000 winc 0 binc 0", dsq.Blue, "go movetime 100 nodes 1000000000000"},
		{"wtime 30000 btime 3000 winc 0 binc 0 movetime 70", dsq.Red, "go movetime 70 nodes 1000000000000"},
		{"", dsq.Red, "go"},
	} {
		got, err := mistyGo("go "+tc.args, tc.side)
		require.NoError(t, err, tc.args)
		assert.Equal(t, tc.want, got, "mistyGo(%q)", tc.args)
	}
	for _, bad := range []string{"depth 5", "infinite", "nodes", "nodes -1", "movetime x", "ponder 1"} {
		_, err := mistyGo("go "+bad, dsq.Red)
		assert.Error(t, err, "mistyGo(%q)", bad)
	}
}

func TestAdapterSendsMistyThePositionAndAnswersInOurNotation(t *testing.T) {
	logFile := useFakeMisty(t, "a1b1", "20")
	code, out := runLines(t, []string{"-engine", os.Args[0]},
		"uci", "isready", "setoption name Hash value 16", "ucinewgame",
		"position startpos moves g1f1 a9b9 f1g1 b9a9", "go movetime 100", "quit")
	require.Equal(t, 0, code, out)
	assert.Equal(t, []string{
		"id name Fake Misty 9.9 (lab/match/misty)",
		"id author Mistboard; adapter: the doushouqi authors",
		"option name Hash type spin default 16 min 1 max 4096",
		"option name Rules type string default trapped-capture,move-limit=200,threefold",
		"uciok",
		"readyok",
		"info depth 3 score cp 100 nodes 10 nps 10000 time 1 pv g1f1",
		"bestmove g1f1",
	}, out)
	assert.Equal(t, []string{
		"uci",
		"ucinewgame",
		"position fen t5l/1c3d1/e1w1p1r/7/7/7/R1P1W1E/1D3C1/L5T r 4 3 reps t5l/1c3d1/e1w1p1r/7/7/7/R1P1W1E/1D3C1/L5T r 4 3",
		"go movetime 100 nodes 1000000000000",
		"quit",
	}, readLog(t, logFile))
}

func TestAdapterRefusesAnIllegalMoveOfMisty(t *testing.T) {
	useFakeMisty(t, "a1d1", "0") // misty's lion into its own den: ours g1d1, not even a step
	code, out := runLines(t, []string{"-engine", os.Args[0]}, "position startpos", "go nodes 100")
	require.Equal(t, 0, code, out)
	require.Len(t, out, 3) // misty's search line, the refusal, no move
	assert.True(t, strings.HasPrefix(out[1], "info string error: misty's move \"a1d1\" is not legal here"), out[1])
	assert.Equal(t, "bestmove 0000", out[2])
}

func TestAdapterRefusesNoMoveInAGameThatGoesOn(t *testing.T) {
	useFakeMisty(t, "(none)", "0")
	_, out := runLines(t, []string{"-engine", os.Args[0]}, "position startpos", "go nodes 100")
	require.Len(t, out, 3)
	assert.Equal(t, "info string error: misty names no move, but the game goes on (24 legal moves)", out[1])
	assert.Equal(t, "bestmove 0000", out[2])
}

func TestAdapterAnswersAnEndedGameWithoutMisty(t *testing.T) {
	logFile := useFakeMisty(t, "a1b1", "0")
	// Red's lion has entered Blue's den: the game is over.
	_, out := runLines(t, []string{"-engine", os.Args[0]},
		"position fen 3L3/7/7/7/7/7/7/7/r6 b 0 1", "go movetime 10", "quit")
	require.Len(t, out, 2)
	assert.True(t, strings.HasPrefix(out[0], "info string the game is over"), out[0])
	assert.Equal(t, "bestmove 0000", out[1])
	assert.Equal(t, []string{"uci", "quit"}, readLog(t, logFile))
}

func TestAdapterExitsWhenMistyDies(t *testing.T) {
	useFakeMisty(t, "die", "0")
	code, out := runLines(t, []string{"-engine", os.Args[0]}, "position startpos", "go nodes 100")
	assert.Equal(t, 1, code)
	assert.Equal(t, []string{"info string error: misty died: its output ended"}, out)
}

func TestAdapterTakesTheRulesOptionAndRefusesOthers(t *testing.T) {
	useFakeMisty(t, "a1b1", "0")
	// The lions shuffle until the start is seen a third time, and once more.
	const shuffle = "g1f1 a9b9 f1g1 b9a9 g1f1 a9b9 f1g1 b9a9 g1f1"
	_, out := runLines(t, []string{"-engine", os.Args[0]},
		"setoption name Threads value 2",
		"setoption name Rules value nonsense",
		"setoption name Hash value 0",
		"setoption name Rules value standard",
		"setoption name Rules value standard",
		"position startpos moves "+shuffle,
		"setoption name Rules value "+mistyRules,
		"quit")
	require.Len(t, out, 5, out)
	assert.Equal(t, `info string error: unknown option "Threads"`, out[0])
	assert.True(t, strings.HasPrefix(out[1], "info string error: Rules: "), out[1])
	assert.Equal(t, `info string error: Hash "0": want 1..4096 MiB`, out[2])
	// Said once, however often the match sets the rules.
	assert.Equal(t, "info string misty plays "+mistyRules+" whatever the game's rules (standard)", out[3])
	// The shuffle went on past the third occurrence under standard rules,
	// which threefold ends: the game cannot be replayed under misty's.
	assert.True(t, strings.HasPrefix(out[4], "info string error: Rules "+mistyRules+": the current game cannot be played under them"), out[4])
}

func TestAdapterRefusesBadFlagsAndAMissingMisty(t *testing.T) {
	for _, args := range [][]string{
		{"-rules", "nonsense"},
		{"-scale", "0"},
		{"extra"},
	} {
		code, _ := runLines(t, args)
		assert.Equal(t, 2, code, args)
	}
	code, out := runLines(t, []string{"-engine", filepath.Join(t.TempDir(), "none")})
	assert.Equal(t, 1, code)
	assert.True(t, strings.HasPrefix(out[0], "info string error: misty "), out[0])
}

// startAdapter runs the command in this process on pipes and drives it
// with the uci package, as the match tool does.
func startAdapter(t *testing.T, args ...string) *uci.Engine {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan int, 1)
	go func() {
		done <- run(args, inR, outW, io.Discard)
		_ = outW.Close()
		_ = inR.Close()
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	e, err := uci.New(ctx, outR, inW, uci.Config{})
	require.NoError(t, err)
	t.Cleanup(func() {
		_ = e.Close()
		<-done
	})
	return e
}

func TestAdapterSpeaksTheProtocolTheUCIPackageDrives(t *testing.T) {
	useFakeMisty(t, "a1b1", "-999995")
	e := startAdapter(t, "-engine", os.Args[0])
	ctx := context.Background()
	assert.Equal(t, "Fake Misty 9.9 (lab/match/misty)", e.Name())
	require.NoError(t, e.SetOption(ctx, "Hash", "16"))
	require.NoError(t, e.NewGame(ctx))
	require.NoError(t, e.SetOption(ctx, "Rules", mistyRules))
	g := newTestGame(t, dsq.StartNotation, mistyRules)
	require.NoError(t, e.Position(ctx, g))
	res, err := e.Go(ctx, uci.Limits{MoveTime: 50 * time.Millisecond})
	require.NoError(t, err)
	assert.Equal(t, "g1f1", res.Move.String())
	assert.Equal(t, uci.Score{Value: -search.Win + 5}, res.Info.Score)
}

// mistyBinary is the real misty, if it is built; the test is skipped
// otherwise.
func mistyBinary(t *testing.T) string {
	t.Helper()
	path := os.Getenv("MISTY")
	if path == "" {
		path = defaultEngine
	}
	if _, err := exec.LookPath(path); err != nil {
		t.Skipf("misty is not built at %s (see README.md): %v", path, err)
	}
	return path
}

func TestAdapterPlaysLegalMovesWithTheRealMisty(t *testing.T) {
	e := startAdapter(t, "-engine", mistyBinary(t))
	ctx := context.Background()
	require.NoError(t, e.NewGame(ctx))
	g := newTestGame(t, dsq.StartNotation, mistyRules)
	for ply := 0; ply < 8 && !g.IsOver(); ply++ {
		require.NoError(t, e.Position(ctx, g))
		res, err := e.Go(ctx, uci.Limits{Nodes: 2000})
		require.NoError(t, err, "ply %d", ply) // uci checks the move legal
		assert.True(t, res.Info.HasScore)
		require.NoError(t, g.Play(res.Move))
	}
	assert.Len(t, g.Moves(), 8)
}
