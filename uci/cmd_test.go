package uci_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/uci"
)

func TestGoCommandRoundTrip(t *testing.T) {
	for _, c := range []struct {
		limits uci.Limits
		line   string
	}{
		{uci.Limits{}, "go"},
		{uci.Limits{Depth: 7, Nodes: 20000}, "go depth 7 nodes 20000"},
		{uci.Limits{MoveTime: 250 * time.Millisecond}, "go movetime 250"},
		{uci.Limits{Time: [2]time.Duration{3 * time.Second, 4 * time.Second}, Inc: [2]time.Duration{100 * time.Millisecond, 200 * time.Millisecond}, MovesToGo: 20}, "go wtime 3000 btime 4000 winc 100 binc 200 movestogo 20"},
		{uci.Limits{Time: [2]time.Duration{0, time.Second}}, "go wtime 0 btime 1000"},
		{uci.Limits{Infinite: true}, "go infinite"},
	} {
		assert.Equal(t, c.line, c.limits.String())
		got, err := uci.ParseGo(c.line)
		require.NoError(t, err, c.line)
		assert.Equal(t, c.limits, got, c.line)
	}
	got, err := uci.ParseGo("go btime 5 infinite  wtime 7")
	require.NoError(t, err)
	assert.Equal(t, uci.Limits{Time: [2]time.Duration{7 * time.Millisecond, 5 * time.Millisecond}, Infinite: true}, got, "any order, any spacing")
	got, err = uci.ParseGo("go movetime 0")
	require.NoError(t, err)
	assert.Equal(t, time.Millisecond, got.MoveTime, "at least a millisecond")
}

func TestParseGoRefusesWhatIsNotTheCommand(t *testing.T) {
	for _, line := range []string{"", "stop", "gone", "go depth", "go depth -1", "go depth x", "go nodes 1.5", "go ponder", "go mate 3", "go searchmoves a3a4"} {
		_, err := uci.ParseGo(line)
		assert.ErrorIs(t, err, uci.ErrProtocol, "%q", line)
	}
}

func TestPositionCommandRoundTrip(t *testing.T) {
	start, err := dsq.ParsePosition("7/7/3l3/7/7/7/3L3/7/7 r 0 1")
	require.NoError(t, err)
	d3e3, _ := dsq.ParseMove("d3e3")
	a3a4, _ := dsq.ParseMove("a3a4")
	for _, c := range []struct {
		cmd  uci.CmdPosition
		line string
	}{
		{uci.CmdPosition{Start: dsq.StartPosition()}, "position startpos"},
		{uci.CmdPosition{Start: dsq.StartPosition(), Moves: []dsq.Move{a3a4}}, "position startpos moves a3a4"},
		{uci.CmdPosition{Start: start, Moves: []dsq.Move{d3e3}}, "position fen " + start.String() + " moves d3e3"},
		{uci.CmdPosition{Start: start}, "position fen " + start.String()},
	} {
		assert.Equal(t, c.line, c.cmd.String())
		got, err := uci.ParsePosition(c.line)
		require.NoError(t, err, c.line)
		assert.Equal(t, c.cmd, got, c.line)
	}
	assert.Equal(t, "position startpos", uci.CmdPosition{}.String(), "the zero start is the start position")
}

func TestPositionCommandGamePlaysTheMovesUnderTheRules(t *testing.T) {
	g := dsq.NewGame()
	for _, m := range []string{"a3a4", "g7g6", "a4a5"} {
		_, err := g.PlayText(m)
		require.NoError(t, err)
	}
	c := uci.PositionOf(g)
	assert.Equal(t, "position startpos moves a3a4 g7g6 a4a5", c.String())
	rules, err := dsq.ParseRules("trapped-capture")
	require.NoError(t, err)
	got, err := c.Game(rules)
	require.NoError(t, err)
	assert.Equal(t, g.Position().Setup().Board, got.Position().Setup().Board)
	assert.Equal(t, rules, got.Rules())

	bad, err := uci.ParsePosition("position startpos moves a3a4 a4a6")
	require.NoError(t, err, "the moves are read, not played")
	_, err = bad.Game(dsq.Rules{})
	assert.ErrorContains(t, err, "a4a6")
}

func TestParsePositionRefusesWhatIsNotTheCommand(t *testing.T) {
	for _, line := range []string{"", "positions startpos", "position", "position start", "position fen x/y r", "position startpos moves a3a4 zz", "position startpos movesa3a4"} {
		_, err := uci.ParsePosition(line)
		assert.ErrorIs(t, err, uci.ErrProtocol, "%q", line)
	}
}

func TestSetOptionCommandRoundTrip(t *testing.T) {
	for _, c := range []struct {
		cmd  uci.CmdSetOption
		line string
	}{
		{uci.CmdSetOption{Name: "Hash", Value: "32"}, "setoption name Hash value 32"},
		{uci.CmdSetOption{Name: "Clear Hash"}, "setoption name Clear Hash"},
		{uci.CmdSetOption{Name: "Rules", Value: "trapped-capture,move-limit=200"}, "setoption name Rules value trapped-capture,move-limit=200"},
		{uci.CmdSetOption{Name: "EGTB", Value: "/tmp/a dir"}, "setoption name EGTB value /tmp/a dir"},
	} {
		assert.Equal(t, c.line, c.cmd.String())
		got, err := uci.ParseSetOption(c.line)
		require.NoError(t, err, c.line)
		assert.Equal(t, c.cmd, got, c.line)
	}
	got, err := uci.ParseSetOption("setoption name  Hash  value ")
	require.NoError(t, err)
	assert.Equal(t, uci.CmdSetOption{Name: "Hash"}, got)
	for _, line := range []string{"", "setoption", "setoption Hash value 3", "setoption name", "setoption name  value 3"} {
		_, err := uci.ParseSetOption(line)
		assert.ErrorIs(t, err, uci.ErrProtocol, "%q", line)
	}
}

func TestBestMoveRoundTrip(t *testing.T) {
	a3a4, _ := dsq.ParseMove("a3a4")
	g7g6, _ := dsq.ParseMove("g7g6")
	for _, c := range []struct {
		b    uci.BestMove
		line string
	}{
		{uci.BestMove{Move: a3a4}, "bestmove a3a4"},
		{uci.BestMove{Move: a3a4, Ponder: g7g6}, "bestmove a3a4 ponder g7g6"},
		{uci.BestMove{}, "bestmove 0000"},
	} {
		assert.Equal(t, c.line, c.b.String())
		got, err := uci.ParseBestMove(c.line)
		require.NoError(t, err, c.line)
		assert.Equal(t, c.b, got, c.line)
	}
	got, err := uci.ParseBestMove("bestmove (none)")
	require.NoError(t, err)
	assert.Equal(t, dsq.NoMove, got.Move)
	got, err = uci.ParseBestMove("bestmove a3a4 ponder zz")
	require.NoError(t, err)
	assert.Equal(t, uci.BestMove{Move: a3a4}, got, "a bad ponder move is left out")
	for _, line := range []string{"", "bestmove", "bestmove e2e4x", "best a3a4"} {
		_, err := uci.ParseBestMove(line)
		assert.ErrorIs(t, err, uci.ErrProtocol, "%q", line)
	}
}
