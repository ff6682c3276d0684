package ai_test

import (
	"context"
	"fmt"
	"sync"
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

// TestBackgroundBelowJobs: with background tasks queued, a job submitted
// runs before their next steps, and the tasks' steps interleave; a full
// background queue refuses at once.
func TestBackgroundBelowJobs(t *testing.T) {
	p := ai.WithBackground(1, 2, 1, 2)
	var (
		mu    sync.Mutex
		order []string
	)
	note := func(s string) { mu.Lock(); order = append(order, s); mu.Unlock() }
	// The one engine is held by a job while the tasks are queued.
	hold, release, served := make(chan struct{}), make(chan struct{}), make(chan struct{})
	tk, err := p.Reserve()
	require.NoError(t, err)
	tk.Submit(func(context.Context, *search.Engine) { close(hold); <-release })
	<-hold
	task := func(name string, steps int) ai.Task {
		return func(context.Context, *search.Engine) bool {
			steps--
			note(fmt.Sprintf("%s%d", name, steps))
			if name == "a" && steps == 2 { // a job arrives during a task's step
				tk, err := p.Reserve()
				require.NoError(t, err)
				tk.Submit(func(context.Context, *search.Engine) { note("job"); close(served) })
			}
			return steps > 0
		}
	}
	require.NoError(t, p.Background(task("a", 3)))
	require.NoError(t, p.Background(task("b", 2)))
	assert.ErrorIs(t, p.Background(task("c", 1)), ai.ErrBusy, "two tasks held: full")
	assert.Equal(t, 0, p.BackgroundFree())
	late, err := p.Reserve() // queued behind the holder, ahead of every step
	require.NoError(t, err)
	late.Submit(func(context.Context, *search.Engine) { note("early") })
	close(release)
	<-served
	mu.Lock()
	assert.Equal(t, []string{"early", "a2", "job"}, order[:3], "jobs run before any step, and before the next step")
	mu.Unlock()
	require.NoError(t, p.Close(context.Background()))
}

// TestBackgroundSteps: tasks run to their end, a step at a time, taking
// turns; their places come back.
func TestBackgroundSteps(t *testing.T) {
	p := ai.WithBackground(1, 0, 1, 2)
	var mu sync.Mutex
	var order []string
	done := make(chan struct{}, 2)
	task := func(name string, steps int) ai.Task {
		return func(context.Context, *search.Engine) bool {
			steps--
			mu.Lock()
			order = append(order, fmt.Sprintf("%s%d", name, steps))
			mu.Unlock()
			if steps == 0 {
				done <- struct{}{}
			}
			return steps > 0
		}
	}
	hold, release := make(chan struct{}), make(chan struct{})
	tk, err := p.Reserve()
	require.NoError(t, err)
	tk.Submit(func(context.Context, *search.Engine) { close(hold); <-release })
	<-hold
	require.NoError(t, p.Background(task("a", 3)))
	require.NoError(t, p.Background(task("b", 2)))
	close(release)
	<-done
	<-done
	mu.Lock()
	assert.Equal(t, []string{"a2", "b1", "a1", "b0", "a0"}, order, "one step each in turn")
	mu.Unlock()
	require.Eventually(t, func() bool { return p.BackgroundFree() == 2 }, 10*time.Second, time.Millisecond)
	require.NoError(t, p.Close(context.Background()))
	assert.ErrorIs(t, p.Background(task("c", 1)), ai.ErrClosed)
}
