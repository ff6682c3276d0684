package main

import (
	"context"
	"errors"
	"time"

	"github.com/doushouqi/doushouqi/examples/server/ai"
	"github.com/doushouqi/doushouqi/examples/server/store"
	"github.com/doushouqi/doushouqi/search"
)

// levels are the AI's search depths by level 1..5.
var levels = []int{1, 2, 3, 4, 5}

// queueAI submits the AI's move in game id on ticket, unless this process
// is already thinking for that game.
func (s *Server) queueAI(id string, t *ai.Ticket) {
	s.mu.Lock()
	if s.thinking[id] {
		s.mu.Unlock()
		t.Release()
		return
	}
	s.thinking[id] = true
	s.mu.Unlock()
	t.Submit(func(ctx context.Context, e *search.Engine) {
		defer func() {
			s.mu.Lock()
			delete(s.thinking, id)
			s.mu.Unlock()
		}()
		s.playAI(ctx, e, id)
	})
}

// ensureAI queues the AI's move in rec's game when the AI is to move and
// nobody here is thinking for it: after a restart, or when the job that
// should have moved failed. Without room in the pool it does nothing; the
// next reader tries again.
func (s *Server) ensureAI(rec *store.Game) {
	if !aiToMove(rec) {
		return
	}
	s.mu.Lock()
	busy := s.thinking[rec.ID]
	s.mu.Unlock()
	if busy {
		return
	}
	if t, err := s.cfg.Pool.Reserve(); err == nil {
		s.queueAI(rec.ID, t)
	}
}

// playAI searches the AI's move in game id and stores it. It works on its
// own contexts, not a request's: the move is stored even if every client has
// gone. If the game changed during the search (a resignation, a draw offer,
// another process's AI move), it reads the game again and starts over.
func (s *Server) playAI(ctx context.Context, e *search.Engine, id string) {
	log := s.log.With("game", id)
	for range 3 {
		rec, err := s.readFresh(id)
		if err != nil {
			log.Error("AI move: read game", "err", err)
			return
		}
		if !aiToMove(rec) {
			return
		}
		g, err := replay(rec)
		if err != nil {
			log.Error("AI move: replay", "err", err)
			return
		}
		depth := levels[min(max(rec.Level, 1), len(levels))-1]
		res, err := e.SearchGame(ctx, g, search.Options{Depth: depth, Time: s.cfg.AITime, Tables: s.cfg.Tables}) // sees repetitions and the move limit
		if err != nil {
			log.Error("AI move: search", "err", err)
			return
		}
		if err := g.Play(res.Move); err != nil {
			log.Error("AI move: illegal", "move", res.Move.String(), "err", err)
			return
		}
		derive(rec, g)
		err = s.storeAI(rec)
		if errors.Is(err, store.ErrConflict) {
			s.cache.remove(id)
			continue
		}
		if err != nil {
			log.Error("AI move: store", "err", err)
			return
		}
		s.changed(rec)
		return
	}
}

func (s *Server) readFresh(id string) (*store.Game, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	return s.cfg.Store.Get(ctx, id)
}

// storeAI writes the AI's move under the game's lock (the version check
// refuses it if the game moved on during the search).
func (s *Server) storeAI(rec *store.Game) error {
	mu := s.lock(rec.ID)
	mu.Lock()
	defer mu.Unlock()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	return s.cfg.Store.Update(ctx, rec)
}
