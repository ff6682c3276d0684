package ai_test

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/search"
	"github.com/doushouqi/doushouqi/site/ai"
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

// TestClientLimits: a client is refused beyond PerClient places, others
// are not; once clients fill the pool, one holding less than its share is
// still let in and those holding their share are not.
func TestClientLimits(t *testing.T) {
	p := ai.New(1, 15, 1) // 16 places, 4 per client
	require.Equal(t, 16, p.Capacity())
	require.Equal(t, 4, p.PerClient())
	var tickets []*ai.Ticket
	take := func(client string) error {
		tk, err := p.ReserveFor(client)
		if err == nil {
			tickets = append(tickets, tk)
		}
		return err
	}
	for range 4 {
		require.NoError(t, take("hog1"))
	}
	assert.ErrorIs(t, take("hog1"), ai.ErrBusy, "a client's fifth place")
	for _, hog := range []string{"hog2", "hog3", "hog4"} {
		for range 4 {
			require.NoError(t, take(hog))
		}
	}
	assert.Equal(t, 0, p.Free(), "four clients fill the pool")
	_, err := p.Reserve()
	assert.ErrorIs(t, err, ai.ErrBusy, "no place for work of no client")
	require.NoError(t, take("fair"), "a client with no place gets one in a full pool")
	for _, hog := range []string{"hog1", "hog2", "hog3", "hog4"} {
		assert.ErrorIs(t, take(hog), ai.ErrBusy, "%s holds its share", hog)
	}
	// Five clients hold places: a share is 16/5 = 3, so the fair client may
	// hold three, and a sixth client may come in.
	require.NoError(t, take("fair"))
	require.NoError(t, take("fair"))
	assert.ErrorIs(t, take("fair"), ai.ErrBusy, "the fair client at its share")
	require.NoError(t, take("other"))
	assert.Equal(t, 20, p.Pending())
	// More clients than places: each still gets one, up to twice the
	// capacity.
	for i := range 12 {
		require.NoError(t, take(fmt.Sprintf("client%d", i)), "client %d", i)
	}
	assert.ErrorIs(t, take("late"), ai.ErrBusy, "twice the capacity: nobody more")
	assert.Equal(t, 32, p.Pending())
	for _, tk := range tickets {
		tk.Release()
	}
	assert.Equal(t, 16, p.Free())
	require.NoError(t, p.Close(context.Background()))
}

// TestClientsTakeTurns: while hogs keep their places filled, each queuing
// a new job as soon as one of theirs ends, a player who queues a job after
// each of its answers waits for one job of each hog at most, never for the
// hogs' queues; a first-come queue would have it wait for all of them.
func TestClientsTakeTurns(t *testing.T) {
	const hogs, rounds = 3, 20
	p := ai.New(1, 15, 1)
	var (
		mu       sync.Mutex
		started  int // jobs started so far: the scheduler's turns
		asked    int // started when the player's job was queued
		waits    []int
		stop     bool
		finished = make(chan struct{})
	)
	var hogJob func(client string) ai.Job
	queue := func(client string, job ai.Job) bool {
		tk, err := p.ReserveFor(client)
		if err != nil {
			return false
		}
		tk.Submit(job)
		return true
	}
	hogJob = func(client string) ai.Job {
		return func(context.Context, *search.Engine) {
			mu.Lock()
			started++
			done := stop
			mu.Unlock()
			if !done {
				for queue(client, hogJob(client)) { // as many as it is let
				}
			}
		}
	}
	var playerJob ai.Job
	playerJob = func(context.Context, *search.Engine) {
		mu.Lock()
		started++
		waits = append(waits, started-1-asked)
		if len(waits) == rounds {
			stop = true
			mu.Unlock()
			close(finished)
			return
		}
		asked = started
		mu.Unlock()
		require.True(t, queue("player", playerJob), "the player's next job")
	}
	// The engine is held while the hogs fill their places.
	hold, release := make(chan struct{}), make(chan struct{})
	require.True(t, queue("holder", func(context.Context, *search.Engine) { close(hold); <-release }))
	<-hold
	for h := range hogs {
		client := fmt.Sprintf("hog%d", h)
		for queue(client, hogJob(client)) {
		}
	}
	assert.Equal(t, 1+hogs*p.PerClient(), p.Pending(), "each hog holds its most places")
	mu.Lock()
	asked = started
	mu.Unlock()
	require.True(t, queue("player", playerJob), "a player is let in beside the hogs")
	close(release)
	<-finished
	require.NoError(t, p.Close(context.Background()))
	mu.Lock()
	defer mu.Unlock()
	require.Len(t, waits, rounds)
	for i, w := range waits {
		assert.LessOrEqual(t, w, hogs, "round %d: the player waited for %d jobs", i, w)
	}
	assert.Greater(t, started, rounds*hogs, "the hogs kept queuing")
}
