package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
)

// TestStatsMatchReplayedGames plays games with records saved, then replays
// every record and recomputes the statistics from them.
func TestStatsMatchReplayedGames(t *testing.T) {
	dir := t.TempDir()
	var out, errOut bytes.Buffer
	code := run(context.Background(), []string{"-games", "12", "-red", "ai:2", "-blue", "random", "-json", "-records", dir}, &out, &errOut)
	require.Equal(t, 0, code, errOut.String())
	var got Stats
	require.NoError(t, json.Unmarshal(out.Bytes(), &got))

	files, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	require.NoError(t, err)
	require.Len(t, files, 12)
	// The expected figures, computed here from the replayed records without
	// the code under test.
	var games, red, blue, draws, sum int
	minMoves, maxMoves := 1<<30, 0
	endings := map[string]int{}
	for _, f := range files {
		text, err := os.ReadFile(f)
		require.NoError(t, err)
		g, err := dsq.ParseRecord(string(text))
		require.NoError(t, err, f)
		n := len(g.Moves())
		games, sum = games+1, sum+n
		minMoves, maxMoves = min(minMoves, n), max(maxMoves, n)
		out := g.Outcome()
		endings[out.String()]++
		switch {
		case out.IsDraw():
			draws++
		case out.Winner == dsq.Red:
			red++
		default:
			blue++
		}
	}
	assert.Equal(t, games, got.Games)
	assert.Equal(t, [3]int{red, blue, draws}, [3]int{got.RedWins, got.BlueWins, got.Draws}, "red wins, blue wins, draws")
	assert.Equal(t, endings, got.Endings)
	assert.InDelta(t, float64(sum)/float64(games), got.AvgMoves, 1e-9, "average half-moves")
	assert.Equal(t, [2]int{minMoves, maxMoves}, [2]int{got.MinMoves, got.MaxMoves}, "shortest and longest game")
	assert.Equal(t, [2]int{red, blue}, [2]int{got.FirstWins, got.SecondWins}, "Red moves first in every game")
	assert.Equal(t, got.Games, got.RedWins+got.BlueWins+got.Draws+got.UnfinishedN)
	assert.Equal(t, got.RedWins, got.FirstWins)
	assert.Empty(t, errOut.String(), "no progress bar when stderr is not a terminal")
}

// TestStatsByHand checks the statistics of three games whose figures are
// worked out by hand: 1, 2 and 6 half-moves (average 3), a Red win, a Blue
// win and an agreed draw.
func TestStatsByHand(t *testing.T) {
	game := func(moves string, end func(*dsq.Game) error) *dsq.Game {
		g := dsq.NewGame()
		for _, m := range strings.Fields(moves) {
			_, err := g.PlayText(m)
			require.NoError(t, err)
		}
		require.NoError(t, end(g))
		return g
	}
	var s Stats
	s.add(game("a3a4", func(g *dsq.Game) error { return g.Resign(dsq.Blue) }))
	s.add(game("a3a4 a7a6", func(g *dsq.Game) error { return g.Resign(dsq.Red) }))
	s.add(game("a3a4 a7a6 a4a5 a6a5 g3g4 g7g6", func(g *dsq.Game) error {
		if err := g.OfferDraw(dsq.Red); err != nil {
			return err
		}
		return g.AcceptDraw(dsq.Blue)
	}))
	assert.Equal(t, 3, s.Games)
	assert.Equal(t, 3.0, s.AvgMoves)
	assert.Equal(t, [2]int{1, 6}, [2]int{s.MinMoves, s.MaxMoves})
	assert.Equal(t, [3]int{1, 1, 1}, [3]int{s.RedWins, s.BlueWins, s.Draws})
	assert.Equal(t, [2]int{1, 1}, [2]int{s.FirstWins, s.SecondWins})
}

func TestIsTerminal(t *testing.T) {
	assert.False(t, isTerminal(&bytes.Buffer{}))
	f, err := os.Create(filepath.Join(t.TempDir(), "log"))
	require.NoError(t, err)
	defer f.Close()
	assert.False(t, isTerminal(f), "a log file")
	dev, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	require.NoError(t, err)
	defer dev.Close()
	assert.True(t, isTerminal(dev), "a character device")
}

func TestTextOutput(t *testing.T) {
	var out, errOut bytes.Buffer
	code := run(context.Background(), []string{"-games", "4", "-red", "greedy", "-blue", "random"}, &out, &errOut)
	require.Equal(t, 0, code, errOut.String())
	for _, want := range []string{"games played      4", "red wins", "blue wins", "draws", "half-moves a game average", "first player (red) wins"} {
		assert.Contains(t, out.String(), want)
	}
}

func TestBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"-games", "0"}, {"-red", "chess"}, {"-blue", "ai:0"}, {"-blue", "ai:forever"}, {"-nope"}, {"extra"},
	} {
		var out, errOut bytes.Buffer
		code := run(context.Background(), args, &out, &errOut)
		assert.Equal(t, 2, code, "%v", args)
		assert.Equal(t, 1, strings.Count(errOut.String(), "\n"), "%v: %q", args, errOut.String())
	}
}
