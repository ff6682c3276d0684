package main

import (
	"context"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/search"
	"github.com/doushouqi/doushouqi/uci"
)

func TestResultOfWritesMatesInMoves(t *testing.T) {
	for _, c := range []struct {
		score int
		want  uci.Score
	}{
		{35, uci.Score{Value: 35}},
		{-200, uci.Score{Value: -200}},
		{search.Win - 1, uci.Score{Mate: true, Value: 1}},
		{search.Win - 5, uci.Score{Mate: true, Value: 3}},
		{-search.Win + 2, uci.Score{Mate: true, Value: -1}},
	} {
		r := resultOf(dsq.NoMove, c.score, search.Win, 3, 100, nil)
		assert.True(t, r.Info.HasScore)
		assert.Equal(t, c.want, r.Info.Score, "score %d", c.score)
	}
}

// TestPlayersReportTheirScores: every kind of player says, with each move,
// what its engine thought of it: the match loop has the scores to
// adjudicate with.
func TestPlayersReportTheirScores(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "engine")
	out, err := exec.Command("go", "build", "-o", bin, "../engine").CombinedOutput()
	require.NoError(t, err, string(out))
	players := map[string]player{}
	for _, text := range []string{"engine=search,depth=2", "engine=" + bin + ",depth=2,option.Threads=1"} {
		spec, err := ParseSpec(text)
		require.NoError(t, err)
		p, err := newPlayer(spec)
		require.NoError(t, err)
		defer p.close()
		players[spec.Engine] = p
	}
	for name, red := range players {
		gp, err := playGame(context.Background(), gameSetup{Start: dsq.StartPosition(), Rules: dsq.Standard, MaxPlies: 4}, red, players["search"])
		require.NoError(t, err, name)
		require.Len(t, gp.Reports, 4, name)
		for i, r := range gp.Reports {
			assert.True(t, r.HasScore, "%s ply %d", name, i)
			assert.Equal(t, 2, r.Depth, "%s ply %d", name, i)
		}
		assert.Len(t, gp.Game.Moves(), 4)
	}

	// An option the engine refuses stops the start with the engine's words.
	spec, err := ParseSpec("engine=" + bin + ",depth=1,option.Bogus=1")
	require.NoError(t, err)
	_, err = newPlayer(spec)
	require.ErrorIs(t, err, uci.ErrRefused)
	assert.ErrorContains(t, err, "Bogus")
}
