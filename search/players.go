package search

import (
	"context"
	"math/rand/v2"

	dsq "github.com/doushouqi/doushouqi"
)

// Player chooses moves: the AI, or the simple players it is measured
// against.
type Player interface {
	// Move returns a legal move for the side to move in pos, which has one.
	Move(ctx context.Context, pos dsq.Position) (dsq.Move, error)
}

// RandomPlayer plays a uniformly random legal move.
type RandomPlayer struct{ Rand *rand.Rand }

// Move implements Player.
func (p RandomPlayer) Move(_ context.Context, pos dsq.Position) (dsq.Move, error) {
	moves := pos.LegalMoves()
	if len(moves) == 0 {
		return dsq.NoMove, ErrNoMove
	}
	return moves[p.Rand.IntN(len(moves))], nil
}

// GreedyPlayer looks one ply ahead: it takes a win if there is one, else the
// move after which the evaluation (material first) is best, ties broken at
// random.
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
			score = -evaluate(&child)
		}
		switch {
		case score > bestScore:
			best, bestScore = append(best[:0], m), score
		case score == bestScore:
			best = append(best, m)
		}
	}
	return best[p.Rand.IntN(len(best))], nil
}

// EnginePlayer plays the Engine's choice under Options.
type EnginePlayer struct {
	Engine  *Engine
	Options Options
}

// Move implements Player.
func (p EnginePlayer) Move(ctx context.Context, pos dsq.Position) (dsq.Move, error) {
	r, err := p.Engine.Search(ctx, pos, p.Options)
	return r.Move, err
}

// PlayGame plays a game between red and blue from start to its end, or
// until maxPlies half-moves, and returns it.
func PlayGame(ctx context.Context, start dsq.Position, red, blue Player, maxPlies int) (*dsq.Game, error) {
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
		m, err := player.Move(ctx, pos)
		if err != nil {
			return g, err
		}
		if err := g.Play(m); err != nil {
			return g, err
		}
	}
	return g, nil
}
