// Package ai runs the site's AI moves on a fixed pool of engines: N engines,
// each with its own transposition table (allocated once, reused across
// games), and a bounded queue. Jobs that find the queue full are refused at
// once, never left waiting, so the server can answer 503.
//
// A caller reserves a place first (Reserve), then does whatever must not
// happen without a place (storing the player's move), then submits the job
// on its ticket: a job with a ticket always runs.
//
// Work that may wait (the reviews of finished games) goes in below, as
// background tasks of short steps (Background): an engine takes a step only
// when no job waits, and a task goes back behind the others after each
// step, so that a job waits for one step at most, never for a whole task.
package ai

import (
	"context"
	"errors"
	"sync"

	"github.com/doushouqi/doushouqi/search"
)

// ErrBusy is returned when every engine is busy and the queue is full.
var ErrBusy = errors.New("ai: all engines busy and the queue full")

// ErrClosed is returned once the pool is closing.
var ErrClosed = errors.New("ai: pool closed")

// Job is work for an engine. ctx ends only when the pool is stopped
// without waiting (Close's own context ended); a job should finish promptly
// by itself (a search with a time limit).
type Job func(ctx context.Context, e *search.Engine)

// Task is background work done a step at a time: each call does one short
// step (a search with a node limit) and reports whether steps remain. The
// engine's table is cleared before each step.
type Task func(ctx context.Context, e *search.Engine) (more bool)

// Pool is a fixed set of engines and a bounded queue.
type Pool struct {
	slots  chan struct{} // one per job reserved, queued or running
	jobs   chan Job
	tasks  chan Task     // background tasks between their steps
	tasked chan struct{} // one per background task queued or running
	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup

	mu          sync.Mutex
	closed      bool
	outstanding sync.WaitGroup // places reserved and not yet given back
}

// DefaultBackground is the number of background tasks a pool holds when
// New is not told otherwise (WithBackground).
const DefaultBackground = 64

// New starts a pool of engines engines with hashMiB MiB of table each, and a
// queue of queue jobs beyond the running ones; it holds DefaultBackground
// background tasks.
func New(engines, queue, hashMiB int) *Pool {
	return WithBackground(engines, queue, hashMiB, DefaultBackground)
}

// WithBackground is New holding up to background background tasks (queued
// or running) at once.
func WithBackground(engines, queue, hashMiB, background int) *Pool {
	engines = max(engines, 1)
	queue = max(queue, 0)
	background = max(background, 0)
	p := &Pool{
		slots:  make(chan struct{}, engines+queue),
		jobs:   make(chan Job, engines+queue),
		tasks:  make(chan Task, background),
		tasked: make(chan struct{}, background),
	}
	p.ctx, p.cancel = context.WithCancel(context.Background())
	for range engines {
		e := search.NewEngine(hashMiB)
		p.wg.Go(func() { p.work(e) })
	}
	return p
}

// work runs jobs, and steps of background tasks when no job waits, on
// engine e until the pool closes. Tasks still queued then are left undone
// (their owners know them as unfinished: see Background).
func (p *Pool) work(e *search.Engine) {
	for {
		var (
			job  Job
			task Task
			ok   bool
		)
		select { // a job first, whenever one waits
		case job, ok = <-p.jobs:
		default:
			select {
			case job, ok = <-p.jobs:
			case task = <-p.tasks:
				ok = true
			}
		}
		if !ok {
			return // closed
		}
		e.NewGame() // each search depends only on its position and limits
		if task != nil {
			if task(p.ctx, e) {
				p.tasks <- task // its place is kept: never blocks
			} else {
				<-p.tasked
			}
			continue
		}
		job(p.ctx, e)
		<-p.slots
		p.outstanding.Done()
	}
}

// Ticket is a reserved place in the pool: Submit it or Release it.
type Ticket struct {
	p    *Pool
	used bool
}

// Reserve takes a place for one job, or returns ErrBusy (ErrClosed) at once.
func (p *Pool) Reserve() (*Ticket, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return nil, ErrClosed
	}
	select {
	case p.slots <- struct{}{}:
		p.outstanding.Add(1)
		return &Ticket{p: p}, nil
	default:
		return nil, ErrBusy
	}
}

// Submit queues job on the ticket's place; it never blocks. A ticket is
// used once: Submit or Release again does nothing.
func (t *Ticket) Submit(job Job) {
	if t == nil || t.used {
		return
	}
	t.used = true
	t.p.jobs <- job // room is reserved: never blocks
}

// Release gives the place back unused.
func (t *Ticket) Release() {
	if t == nil || t.used {
		return
	}
	t.used = true
	<-t.p.slots
	t.p.outstanding.Done()
}

// Do runs job on an engine and waits for it: ErrBusy at once if there is no
// place, ctx's error if ctx ends first (the job then still runs to its end).
func (p *Pool) Do(ctx context.Context, job Job) error {
	t, err := p.Reserve()
	if err != nil {
		return err
	}
	done := make(chan struct{})
	t.Submit(func(ctx context.Context, e *search.Engine) {
		defer close(done)
		job(ctx, e)
	})
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Background queues task below every job, or returns ErrBusy at once when
// the pool holds its most background tasks already (ErrClosed once closing).
// A closing pool finishes its jobs, not its tasks: a task's owner must treat
// a task not finished by then as never done.
func (p *Pool) Background(task Task) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return ErrClosed
	}
	select {
	case p.tasked <- struct{}{}:
		p.tasks <- task // room is reserved: never blocks
		return nil
	default:
		return ErrBusy
	}
}

// BackgroundFree returns the number of background tasks Background can
// still take.
func (p *Pool) BackgroundFree() int { return cap(p.tasked) - len(p.tasked) }

// Pending returns the number of jobs reserved, queued or running.
func (p *Pool) Pending() int { return len(p.slots) }

// Close stops taking jobs and waits for every reserved place to be submitted
// or released and every job to finish. If ctx ends first, the jobs' context
// is cancelled (searches stop with the best move so far) and Close still
// waits for them, then returns ctx's error.
func (p *Pool) Close(ctx context.Context) error {
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		return nil
	}
	p.closed = true
	p.mu.Unlock()
	done := make(chan struct{})
	go func() { p.outstanding.Wait(); close(done) }()
	var err error
	select {
	case <-done:
	case <-ctx.Done():
		err = ctx.Err()
		p.cancel()
		<-done
	}
	close(p.jobs)
	p.wg.Wait()
	p.cancel()
	return err
}

// Free returns the number of places that Reserve can still take.
func (p *Pool) Free() int { return cap(p.slots) - len(p.slots) }
