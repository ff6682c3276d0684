package search

import (
	"context"
	"errors"
	"math/rand/v2"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/internal/eval"
)

// Player chooses moves: the AI, or the simple players it is measured
// against.
type Player interface {
	// Move returns a legal move for the side to move in pos, which has one.
	Move(ctx context.Context, pos dsq.Position) (dsq.Move, error)
}

// ErrNoPlayer is returned by PlayGame when a player is nil.
var ErrNoPlayer = errors.New("search: PlayGame: nil player")

// GamePlayer is a Player that can also choose from a game, knowing its
// history and house rules (repetitions); PlayGame prefers it.
type GamePlayer interface {
	Player
	// MoveInGame returns a legal move for the side to move in g, which is
	// not over.
	MoveInGame(ctx context.Context, g *dsq.Game) (dsq.Move, error)
}

// RandomPlayer plays a uniformly random legal move, drawn from Rand, or
// from the math/rand/v2 global source when Rand is nil (the zero value).
type RandomPlayer struct{ Rand *rand.Rand }

// Move implements Player.
func (p RandomPlayer) Move(_ context.Context, pos dsq.Position) (dsq.Move, error) {
	moves := pos.LegalMoves()
	if len(moves) == 0 {
		return dsq.NoMove, ErrNoMove
	}
	return moves[intN(p.Rand, len(moves))], nil
}

func intN(r *rand.Rand, n int) int {
	if r == nil {
		return rand.IntN(n)
	}
	return r.IntN(n)
}

// GreedyPlayer looks one ply ahead: it takes a win if there is one, else the
// move after which the evaluation (material first) is best, ties broken at
// random from Rand (the global source when nil).
type GreedyPlayer struct{ Rand *rand.Rand }

// Move implements Player.
func (p GreedyPlayer) Move(_ context.Context, pos dsq.Position) (dsq.Move, error) {
	moves := pos.LegalMoves()
	if len(moves) == 0 {
		return dsq.NoMove, ErrNoMove
	}
	var best []dsq.Move
	bestScore := -Win - 1
	for _, m := range moves {
		child := pos
		child.MakeMove(m)
		var score int
		if out := child.Outcome(); out.IsDecided() {
			score = -terminal(out, child.SideToMove(), 1)
		} else {
			score = -eval.Evaluate(&child)
		}
		switch {
		case score > bestScore:
			best, bestScore = append(best[:0], m), score
		case score == bestScore:
			best = append(best, m)
		}
	}
	return best[intN(p.Rand, len(best))], nil
}

// EnginePlayer plays the Engine's choice under Options. With a nil Engine
// (the zero value) each move is searched by a new 1 MiB engine (none for a
// level below the top, which needs no table of its own), after the options
// are checked.
type EnginePlayer struct {
	Engine  *Engine
	Options Options
}

// engine is the player's engine, or for a nil Engine and options a search
// accepts, a new 1 MiB one; for options it refuses, a zero Engine, which
// refuses them without making a table.
func (p EnginePlayer) engine(ctx context.Context) *Engine {
	if p.Engine != nil {
		return p.Engine
	}
	if p.Options.check(ctx) != nil || p.Options.weak() {
		return new(Engine)
	}
	return NewEngine(1)
}

// Move implements Player.
func (p EnginePlayer) Move(ctx context.Context, pos dsq.Position) (dsq.Move, error) {
	r, err := p.engine(ctx).Search(ctx, pos, p.Options)
	return r.Move, err
}

// MoveInGame implements GamePlayer with Engine.SearchGame.
func (p EnginePlayer) MoveInGame(ctx context.Context, g *dsq.Game) (dsq.Move, error) {
	r, err := p.engine(ctx).SearchGame(ctx, g, p.Options)
	return r.Move, err
}

// PlayGame plays a game between red and blue from start, under start's
// rules, to its end or until maxPlies half-moves, and returns it. A
// GamePlayer is asked with MoveInGame.
func PlayGame(ctx context.Context, start dsq.Position, red, blue Player, maxPlies int) (*dsq.Game, error) {
	if red == nil || blue == nil {
		return nil, ErrNoPlayer
	}
	g, err := dsq.NewGameFrom(start)
	if err != nil {
		return nil, err
	}
	for ply := 0; ply < maxPlies && !g.IsOver(); ply++ {
		pos := g.Position()
		player := red
		if pos.SideToMove() == dsq.Blue {
			player = blue
		}
		var m dsq.Move
		var err error
		if gp, ok := player.(GamePlayer); ok {
			m, err = gp.MoveInGame(ctx, g)
		} else {
			m, err = player.Move(ctx, pos)
		}
		if err != nil {
			return g, err
		}
		if err := g.Play(m); err != nil {
			return g, err
		}
	}
	return g, nil
}
