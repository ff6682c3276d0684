// Package ai runs the site's AI moves on a fixed pool of engines: N engines,
// each with its own transposition table (allocated once, reused across
// games), and a bounded queue. Jobs that find the queue full are refused at
// once, never left waiting, so the server can answer 503.
//
// A caller reserves a place first (Reserve), then does whatever must not
// happen without a place (storing the player's move), then submits the job
// on its ticket: a job with a ticket always runs.
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

// Pool is a fixed set of engines and a bounded queue.
type Pool struct {
	slots  chan struct{} // one per job reserved, queued or running
	jobs   chan Job
	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup

	mu          sync.Mutex
	closed      bool
	outstanding sync.WaitGroup // places reserved and not yet given back
}

// New starts a pool of engines engines with hashMiB MiB of table each, and a
// queue of queue jobs beyond the running ones.
func New(engines, queue, hashMiB int) *Pool {
	engines = max(engines, 1)
	queue = max(queue, 0)
	p := &Pool{
		slots: make(chan struct{}, engines+queue),
		jobs:  make(chan Job, engines+queue),
	}
	p.ctx, p.cancel = context.WithCancel(context.Background())
	for range engines {
		e := search.NewEngine(hashMiB)
		p.wg.Go(func() {
			for job := range p.jobs {
				e.NewGame() // each job's search depends only on its position
				job(p.ctx, e)
				<-p.slots
				p.outstanding.Done()
			}
		})
	}
	return p
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
