package main

import (
	"context"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/examples/server/games"
	"github.com/doushouqi/doushouqi/examples/server/store"
)

// The calls events.go makes, by the signatures it was written against
// (stored rows and a replay), kept while that file is rewritten on another
// branch. When it is merged, events.go should call s.games.Get and
// gameState(g) instead, and this file go: replay here parses the record
// again for each event, as events.go did before.

// view reads game id for watching: its stored form and the library's game.
func (s *Server) view(ctx context.Context, id string) (*store.Game, *dsq.Game, error) {
	g, err := s.games.Get(ctx, id)
	if err != nil {
		return nil, nil, apiErrorOf(err)
	}
	r, err := g.Row()
	if err != nil {
		return nil, nil, err
	}
	return r, g.Game, nil
}

// replay loads the library's game of a stored row.
func replay(r *store.Game) (*dsq.Game, error) {
	g, err := games.FromRow(r)
	if err != nil {
		return nil, err
	}
	return g.Game, nil
}

// stateOf is the state of the stored game r, whose library game is g.
func stateOf(r *store.Game, g *dsq.Game) State {
	loaded, err := games.WithGame(r, g)
	if err != nil {
		return State{ID: r.ID}
	}
	return gameState(loaded)
}

// ensureAI is done by s.games.Get, which view calls.
func (s *Server) ensureAI(*store.Game) {}

// validID reports whether id has the shape of a game id.
func validID(id string) bool { return games.ValidID(id) }
