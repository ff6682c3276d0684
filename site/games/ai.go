package games

import (
	"context"
	"errors"
	"time"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/search"
	"github.com/doushouqi/doushouqi/site/ai"
	"github.com/doushouqi/doushouqi/site/store"
)

// drawMargin is how far behind (centi-rats, for the AI) the AI must judge
// itself to accept a draw offer.
const drawMargin = 300

// clientKey is the context key of the client a request comes from.
type clientKey struct{}

// WithClient returns ctx carrying client, the address a request comes from:
// the AI jobs a call on ctx leaves (Create, Change, Get) are counted for
// that client in the AI pool, which serves its clients in turn and bounds
// each one's places (package ai). A call without a client (the server's
// own, such as Resume) takes places of no client, bounded by the pool's
// capacity alone.
func WithClient(ctx context.Context, client string) context.Context {
	return context.WithValue(ctx, clientKey{}, client)
}

// reserveAI takes a place in the AI pool for a job of ctx's client.
func (s *Service) reserveAI(ctx context.Context) (*ai.Ticket, error) {
	client, _ := ctx.Value(clientKey{}).(string)
	return s.cfg.Pool.ReserveFor(client)
}

// queueAI submits the AI's job in game id on ticket, unless this process
// has one queued or running for that game already.
func (s *Service) queueAI(id string, t *ai.Ticket) {
	s.mu.Lock()
	if s.thinking[id] {
		s.mu.Unlock()
		t.Release()
		return
	}
	s.thinking[id] = true
	s.mu.Unlock()
	client := t.Client()
	t.Submit(func(ctx context.Context, e *search.Engine) {
		if reply := s.think(ctx, e, id); reply != nil {
			reply.client = client
			// The engine goes back to the pool; the game stays marked as
			// thinking until the reply is stored.
			s.later(id, reply)
			return
		}
		s.doneThinking(id)
	})
}

// later stores reply r in game id after r.wait, or at once when draining.
func (s *Service) later(id string, r *reply) {
	finish := func() {
		defer s.replies.Done()
		s.storeReply(id, r)
		s.doneThinking(id)
	}
	s.replies.Add(1)
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.draining {
		go finish()
		return
	}
	var t *time.Timer
	t = time.AfterFunc(r.wait, func() {
		s.mu.Lock()
		_, mine := s.delayed[t]
		delete(s.delayed, t)
		s.mu.Unlock()
		if mine {
			finish()
		}
	})
	s.delayed[t] = finish
}

// Drain stores at once the AI replies still waiting for their level's
// MinReply, and waits until they are stored: called on shutdown, after the
// AI pool has finished its jobs, so that no reply found is lost. The
// reviews left unfinished are released for another process to take up.
func (s *Service) Drain() {
	defer s.releaseReviews()
	s.mu.Lock()
	s.draining = true
	var now []func()
	for t, finish := range s.delayed {
		t.Stop()
		delete(s.delayed, t)
		now = append(now, finish)
	}
	s.mu.Unlock()
	for _, finish := range now {
		finish()
	}
	s.replies.Wait()
}

// doneThinking unmarks game id: a later reader may queue its AI again.
func (s *Service) doneThinking(id string) {
	s.mu.Lock()
	delete(s.thinking, id)
	s.mu.Unlock()
}

// reply is an AI move found before its level's MinReply had passed: it is
// stored by a timer after wait, on version g if the game is still there.
type reply struct {
	g      *Game
	move   dsq.Move
	wait   time.Duration
	client string // the client the job was counted for
}

// storeReply stores a delayed reply; if the game moved on meanwhile, the
// job is queued again for the game as it now is.
func (s *Service) storeReply(id string, r *reply) {
	err := s.store(r.g, func(next *dsq.Game) error { return next.Play(r.move) })
	switch {
	case errors.Is(err, errStale) || errors.Is(err, store.ErrConflict):
		s.doneThinking(id)
		if g, err := s.loadFor(id); err == nil {
			s.ensureAI(WithClient(context.Background(), r.client), g)
		}
	case err != nil:
		s.cfg.Log.Error("AI: store", "game", id, "err", err)
	}
}

// ensureAI queues the AI's job in g, counted for ctx's client, when it has
// something to do and nobody here is at it. Without room in the pool it
// does nothing; the next reader tries again.
func (s *Service) ensureAI(ctx context.Context, g *Game) {
	if !g.AIThinking() {
		return
	}
	s.mu.Lock()
	busy := s.thinking[g.ID]
	s.mu.Unlock()
	if busy {
		return
	}
	if t, err := s.reserveAI(ctx); err == nil {
		s.queueAI(g.ID, t)
	}
}

// think does the AI's part in game id: it answers the player's draw offer,
// then moves if it is to move. Each step searches a version of the game with
// no lock held, then stores its result as a change of that version; if the
// game moved on meanwhile (a resignation, another process's job), it reads
// the game again and starts that step over. It works on its own contexts,
// not a request's: the result is stored even if every client has gone. A
// move found sooner than its level's MinReply after the player's move is
// returned instead, for a timer to store.
func (s *Service) think(ctx context.Context, e *search.Engine, id string) *reply {
	log := s.cfg.Log.With("game", id)
	for range 4 { // an answer, a move, and a start over or two
		g, err := s.loadFor(id)
		if err != nil {
			log.Error("AI: read game", "err", err)
			return nil
		}
		var act func(*dsq.Game) error
		switch {
		case g.aiToAnswer():
			accept, err := s.judgeDraw(ctx, e, g)
			if err != nil {
				log.Error("AI: draw offer", "err", err)
				return nil
			}
			act = func(next *dsq.Game) error {
				if accept {
					return next.AcceptDraw(g.AIColor)
				}
				return next.DeclineDraw(g.AIColor)
			}
		case g.aiToMove():
			if s.searching != nil {
				s.searching(id)
			}
			res, err := s.level(g).move(ctx, e, g.play, s.searchOptions(g)) // sees repetitions and the move limit
			if err != nil {
				log.Error("AI: search", "err", err)
				return nil
			}
			if wait := s.minReply(g) - time.Since(g.Updated); wait > 0 {
				return &reply{g: g, move: res.Move, wait: wait}
			}
			act = func(next *dsq.Game) error { return next.Play(res.Move) }
		default:
			return nil
		}
		err = s.store(g, act)
		if errors.Is(err, errStale) || errors.Is(err, store.ErrConflict) {
			continue
		}
		if err != nil {
			log.Error("AI: store", "err", err)
			return nil
		}
	}
	return nil
}

// loadFor reads game id for the AI's job.
func (s *Service) loadFor(id string) (*Game, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	return s.load(ctx, id, false)
}

// store makes act, the AI's step decided on version g, on game g.ID, unless
// the game has moved on from g (errStale).
func (s *Service) store(g *Game, act func(*dsq.Game) error) error {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_, err := s.commit(ctx, g.ID, func(cur *Game) (*change, error) {
		if cur.Version != g.Version {
			return nil, errStale
		}
		c := &change{next: cur.copy()}
		return c, act(c.next.play)
	}, false)
	return err
}

// judgeDraw has the AI judge the player's offer in g by a short search: it
// accepts when it finds itself clearly behind.
func (s *Service) judgeDraw(ctx context.Context, e *search.Engine, g *Game) (bool, error) {
	if s.searching != nil {
		s.searching(g.ID)
	}
	pos := g.Position()
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	res, err := e.Search(ctx, pos, search.Options{Depth: 3, Time: time.Second})
	if err != nil {
		return false, err
	}
	score := res.Score
	if pos.SideToMove() != g.AIColor {
		score = -score
	}
	return score <= -drawMargin, nil
}
