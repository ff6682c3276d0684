package main

import (
	"context"
	"io"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/uci"
)

// TestPlaysThroughTheUCIClient drives the command, in the test's process,
// with the uci package's client as the match tool does: options, a game
// under the match's rules, a depth, a node and an infinite search.
func TestPlaysThroughTheUCIClient(t *testing.T) {
	cmdR, cmdW := io.Pipe()
	outR, outW := io.Pipe()
	go func() {
		run(cmdR, outW)
		outW.Close()
	}()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	e, err := uci.New(ctx, outR, cmdW, uci.Config{})
	require.NoError(t, err)
	defer e.Close()
	assert.Contains(t, e.Name(), "baseline")
	require.NoError(t, e.SetOption(ctx, "Hash", "1"))
	assert.ErrorIs(t, e.SetOption(ctx, "Hash", "0"), uci.ErrRefused)
	require.NoError(t, e.NewGame(ctx))
	rules, err := dsq.ParseRules("trapped-capture,move-limit=200,threefold")
	require.NoError(t, err)
	require.NoError(t, e.SetOption(ctx, "Rules", rules.String()))

	start, err := dsq.ParsePosition("l6/3D3/7/7/7/7/7/7/6L r 0 1")
	require.NoError(t, err)
	g, err := dsq.NewGameRules(start, rules)
	require.NoError(t, err)
	require.NoError(t, e.Position(ctx, g))
	res, err := e.Go(ctx, uci.Limits{Depth: 3})
	require.NoError(t, err)
	assert.Equal(t, "d8d9", res.Move.String(), "the den entry")
	assert.Equal(t, uci.Score{Mate: true, Value: 1}, res.Info.Score)

	g = dsq.NewGame()
	require.NoError(t, e.Position(ctx, g))
	res, err = e.Go(ctx, uci.Limits{Nodes: 2000})
	require.NoError(t, err)
	assert.True(t, g.IsLegal(res.Move))
	assert.Positive(t, res.Info.Depth)

	short, stop := context.WithTimeout(ctx, 100*time.Millisecond)
	defer stop()
	res, err = e.Go(short, uci.Limits{Infinite: true})
	require.NoError(t, err, "an infinite search ends with its context")
	assert.True(t, g.IsLegal(res.Move))
	require.NoError(t, e.Close())
}
