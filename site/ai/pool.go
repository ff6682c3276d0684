// Package ai runs the site's AI moves on a fixed pool of engines: N engines,
// each with its own transposition table (allocated once, reused across
// games), and a bounded number of places for jobs reserved, queued or
// running. Jobs that find no place are refused at once, never left waiting,
// so the server can answer 503.
//
// A caller reserves a place first (ReserveFor), then does whatever must not
// happen without a place (storing the player's move), then submits the job
// on its ticket: a job with a ticket always runs.
//
// The engines are shared between clients (the site's callers: an IP
// address) the way a scheduler shares a processor. Each client's jobs wait
// in a queue of their own, and the engines serve the clients with queued
// jobs in turn, one job each: a job waits for one job of each other client
// at most, however many jobs another client has queued. A client holds at
// most PerClient places; and once the pool holds as many places as it has
// (Capacity), a client is refused only when it holds its share of them
// already (Capacity divided among the clients holding places, itself among
// them, and one place at least), so that clients who filled the pool never
// keep out one who holds less. The places taken that way are bounded too:
// the pool never holds more than twice its capacity.
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

// ErrBusy is returned when the client holds its most places, or its share
// of a full pool.
var ErrBusy = errors.New("ai: no place for the job: the pool, or the client's share of it, is full")

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

// Pool is a fixed set of engines, and the places of the jobs for them.
type Pool struct {
	capacity  int // places before the pool counts as full
	perClient int // the most places one client holds
	ctx       context.Context
	cancel    context.CancelFunc
	wg        sync.WaitGroup

	mu       sync.Mutex
	ready    *sync.Cond // a job or a task was queued, or the workers stop
	closed   bool       // no more places or tasks are taken
	stopping bool       // the workers return once no job is queued
	total    int        // places reserved, queued or running
	held     map[string]int
	queues   map[string][]Job // each client's jobs not yet started
	turns    []string         // the clients with queued jobs, in the order they are served
	tasks    []Task           // background tasks between their steps
	tasked   int              // background tasks queued or running
	taskCap  int
	// outstanding counts the places reserved and not yet given back.
	outstanding sync.WaitGroup
}

// DefaultBackground is the number of background tasks a pool holds when
// New is not told otherwise (WithBackground).
const DefaultBackground = 64

// New starts a pool of engines engines with hashMiB MiB of table each, and
// room for queue jobs beyond the running ones; it holds DefaultBackground
// background tasks.
func New(engines, queue, hashMiB int) *Pool {
	return WithBackground(engines, queue, hashMiB, DefaultBackground)
}

// WithBackground is New holding up to background background tasks (queued
// or running) at once.
func WithBackground(engines, queue, hashMiB, background int) *Pool {
	engines = max(engines, 1)
	queue = max(queue, 0)
	p := &Pool{
		capacity: engines + queue,
		// A quarter of the places, and at least one per engine: four
		// clients fill the pool before the shares count.
		perClient: max(engines, (engines+queue)/4),
		held:      map[string]int{},
		queues:    map[string][]Job{},
		taskCap:   max(background, 0),
	}
	p.ready = sync.NewCond(&p.mu)
	p.ctx, p.cancel = context.WithCancel(context.Background())
	for range engines {
		e := search.NewEngine(hashMiB)
		p.wg.Go(func() { p.work(e) })
	}
	return p
}

// Capacity returns the number of places: the engines and the queue.
func (p *Pool) Capacity() int { return p.capacity }

// PerClient returns the most places one client may hold.
func (p *Pool) PerClient() int { return p.perClient }

// next waits for the next job, or a background task's step when no job is
// queued; both nil once the pool stops.
func (p *Pool) next() (Job, Task) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for {
		if len(p.turns) > 0 {
			client := p.turns[0]
			p.turns = p.turns[1:]
			q := p.queues[client]
			job := q[0]
			q[0] = nil
			if q = q[1:]; len(q) == 0 {
				delete(p.queues, client)
			} else {
				p.queues[client] = q
				p.turns = append(p.turns, client) // behind the others
			}
			return job, nil
		}
		if p.stopping {
			return nil, nil
		}
		if len(p.tasks) > 0 {
			task := p.tasks[0]
			p.tasks[0] = nil
			p.tasks = p.tasks[1:]
			return nil, task
		}
		p.ready.Wait()
	}
}

// work runs jobs, and steps of background tasks when no job waits, on
// engine e until the pool stops. Tasks still queued then are left undone
// (their owners know them as unfinished: see Background).
func (p *Pool) work(e *search.Engine) {
	for {
		job, task := p.next()
		if job == nil && task == nil {
			return
		}
		e.NewGame() // each search depends only on its position and limits
		if task != nil {
			more := task(p.ctx, e)
			p.mu.Lock()
			if more {
				p.tasks = append(p.tasks, task) // its place is kept
				p.ready.Signal()
			} else {
				p.tasked--
			}
			p.mu.Unlock()
			continue
		}
		job(p.ctx, e) // gives its place back (Submit)
	}
}

// Ticket is a reserved place in the pool: Submit it or Release it.
type Ticket struct {
	p      *Pool
	client string
	used   bool
}

// Client returns the client the ticket's place is counted for.
func (t *Ticket) Client() string {
	if t == nil {
		return ""
	}
	return t.client
}

// Reserve takes a place for one job of no client (the server's own work,
// such as a game taken up after a restart), or returns ErrBusy (ErrClosed)
// at once. Such places count only against the pool's capacity.
func (p *Pool) Reserve() (*Ticket, error) { return p.ReserveFor("") }

// ReserveFor takes a place for one job of client, or returns ErrBusy
// (ErrClosed) at once: ErrBusy when the client holds PerClient places, or
// when the pool is full and the client holds its share of it (see the
// package doc); "" is no client, refused only when the pool is full.
func (p *Pool) ReserveFor(client string) (*Ticket, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return nil, ErrClosed
	}
	if !p.admits(client) {
		return nil, ErrBusy
	}
	p.held[client]++
	p.total++
	p.outstanding.Add(1)
	return &Ticket{p: p, client: client}, nil
}

// admits reports whether client may take one more place.
func (p *Pool) admits(client string) bool {
	h := p.held[client]
	switch {
	case p.total >= 2*p.capacity:
		return false
	case client == "":
		return p.total < p.capacity
	case h >= p.perClient:
		return false
	case p.total < p.capacity:
		return true
	}
	clients := len(p.held)
	if h == 0 {
		clients++
	}
	return h < max(p.capacity/clients, 1)
}

// Submit queues job on the ticket's place, behind the client's own jobs;
// it never blocks. A ticket is used once: Submit or Release again does
// nothing.
func (t *Ticket) Submit(job Job) {
	if t == nil || t.used {
		return
	}
	t.used = true
	p, key := t.p, t.client
	run := func(ctx context.Context, e *search.Engine) {
		defer p.release(key)
		job(ctx, e)
	}
	p.mu.Lock()
	if len(p.queues[key]) == 0 {
		p.turns = append(p.turns, key)
	}
	p.queues[key] = append(p.queues[key], run)
	p.ready.Signal()
	p.mu.Unlock()
}

// Release gives the place back unused.
func (t *Ticket) Release() {
	if t == nil || t.used {
		return
	}
	t.used = true
	t.p.release(t.client)
}

// release gives back one place of client's.
func (p *Pool) release(client string) {
	p.mu.Lock()
	if p.held[client]--; p.held[client] <= 0 {
		delete(p.held, client)
	}
	p.total--
	p.mu.Unlock()
	p.outstanding.Done()
}

// Do runs job on an engine for no client and waits for it: ErrBusy at once
// if there is no place, ctx's error if ctx ends first (the job then still
// runs to its end).
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
	if p.tasked >= p.taskCap {
		return ErrBusy
	}
	p.tasked++
	p.tasks = append(p.tasks, task)
	p.ready.Signal()
	return nil
}

// BackgroundFree returns the number of background tasks Background can
// still take.
func (p *Pool) BackgroundFree() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.taskCap - p.tasked
}

// Pending returns the number of jobs reserved, queued or running.
func (p *Pool) Pending() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.total
}

// Free returns the number of places that Reserve (no client) can still
// take before the pool is full.
func (p *Pool) Free() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return max(p.capacity-p.total, 0)
}

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
	p.mu.Lock()
	p.stopping = true
	p.ready.Broadcast()
	p.mu.Unlock()
	p.wg.Wait()
	p.cancel()
	return err
}
