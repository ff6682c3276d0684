package ai_test

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/examples/server/ai"
	"github.com/doushouqi/doushouqi/search"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestPoolBounds(t *testing.T) {
	p := ai.New(2, 1, 1) // two engines, one queued job
	release := make(chan struct{})
	var ran atomic.Int32
	block := func(ctx context.Context, e *search.Engine) { <-release; ran.Add(1) }
	for range 3 {
		tk, err := p.Reserve()
		require.NoError(t, err)
		tk.Submit(block)
	}
	_, err := p.Reserve()
	assert.ErrorIs(t, err, ai.ErrBusy, "two running and one queued: full")
	assert.ErrorIs(t, p.Do(context.Background(), block), ai.ErrBusy)
	assert.Equal(t, 3, p.Pending())

	close(release)
	require.NoError(t, p.Close(context.Background()))
	assert.Equal(t, int32(3), ran.Load(), "Close waits for queued jobs")
	_, err = p.Reserve()
	assert.ErrorIs(t, err, ai.ErrClosed)
}

func TestTicketRelease(t *testing.T) {
	p := ai.New(1, 0, 1)
	tk, err := p.Reserve()
	require.NoError(t, err)
	_, err = p.Reserve()
	assert.ErrorIs(t, err, ai.ErrBusy)
	tk.Release()
	tk.Release() // again: nothing
	tk.Submit(func(context.Context, *search.Engine) { t.Error("a released ticket ran a job") })
	tk2, err := p.Reserve()
	require.NoError(t, err)
	tk2.Release()
	require.NoError(t, p.Close(context.Background()))
}

func TestPoolSearch(t *testing.T) {
	p := ai.New(1, 4, 1)
	var move dsq.Move
	err := p.Do(context.Background(), func(ctx context.Context, e *search.Engine) {
		res, err := e.Search(ctx, dsq.StartPosition(), search.Options{Depth: 2})
		require.NoError(t, err)
		move = res.Move
	})
	require.NoError(t, err)
	pos := dsq.StartPosition()
	assert.True(t, pos.IsLegal(move))
	require.NoError(t, p.Close(context.Background()))
}

func TestCloseTimeout(t *testing.T) {
	p := ai.New(1, 0, 1)
	tk, err := p.Reserve()
	require.NoError(t, err)
	stopped := make(chan struct{})
	tk.Submit(func(ctx context.Context, e *search.Engine) { <-ctx.Done(); close(stopped) })
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	assert.ErrorIs(t, p.Close(ctx), context.DeadlineExceeded)
	select {
	case <-stopped:
	default:
		t.Fatal("Close returned before the cancelled job ended")
	}
}
