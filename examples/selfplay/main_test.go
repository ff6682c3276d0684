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
	var want Stats
	for _, f := range files {
		text, err := os.ReadFile(f)
		require.NoError(t, err)
		g, err := dsq.ParseRecord(string(text))
		require.NoError(t, err, f)
		want.add(g)
	}
	assert.Equal(t, want, got)
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
