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

// TestStatsByHand checks the statistics of three games against figures
// worked out by hand: games of 1, 4 and 9 half-moves average 14/3.
func TestStatsByHand(t *testing.T) {
	records := []string{
		"1. a3a4 0-1\n", // Red resigns after one half-move
		"1. a3a4 a7a6 2. g3g4 g7g6 1/2-1/2\n",
		"[Start \"7/3D3/7/7/7/7/7/7/l6 r 0 1\"]\n\n1. d8d7 a1a2 2. d7d8 a2a1 3. d8c8 a1a2 4. c8d8 a2a1 5. d8d9 1-0\n",
	}
	var s Stats
	for _, text := range records {
		g, err := dsq.ParseRecord(text)
		require.NoError(t, err, text)
		s.add(g)
	}
	assert.InDelta(t, 14.0/3, s.AvgMoves, 1e-9)
	s.AvgMoves = 0
	assert.Equal(t, Stats{
		Games: 3, RedWins: 1, BlueWins: 1, Draws: 1,
		Endings:  map[string]int{"blue wins: resignation": 1, "draw: agreed": 1, "red wins: den entered": 1},
		MinMoves: 1, MaxMoves: 9,
		FirstWins: 1, SecondWins: 1,
	}, s)
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
