package games

import (
	"context"
	"math/rand/v2"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/search"
)

// topAbout is the site's top level, for players: search.Levels' words
// for the engine, and what the site adds (site/web's i18n.js has them in
// each language).
const topAbout = "the master, the engine at full strength: a new opening each game, the endgame tables for the ending"

// The top level's opening, chosen here rather than in the search, so that
// the engine's own play (cmd/engine, search.MaxLevel) stays as measured:
// at full strength the search plays the same first moves in every game and
// likes its tiger, lion and elephant on its own traps (its evaluation
// rewards the defence), a dull opponent to meet twice. In the top level's
// first openingMoves moves the site asks the search for openingLines best
// lines (search.Options.MultiPV) and plays:
//
//   - in its first varietyMoves moves, one drawn by the game's seed from
//     the lines within varietyMargin of the best: a game's first moves
//     differ from another's;
//   - never a line that parks its tiger, lion or elephant on one of its own
//     traps (parks), unless every line within parkMargin of the best does:
//     a defence the position needs is still played.
const (
	openingMoves  = 10  // the top level's moves in which the rules below hold
	varietyMoves  = 3   // the first moves drawn among near-equal lines
	openingLines  = 5   // lines searched in the opening
	varietyMargin = 30  // centi-rats below the best a varied move may be
	parkMargin    = 150 // centi-rats the top level gives up not to park
)

// inOpening reports whether the top level chooses its move in pos by
// openingMove.
func inOpening(pos *dsq.Position) bool { return pos.MoveNumber() <= openingMoves }

// parks reports whether m, a move of pos's side to move, puts its tiger,
// lion or elephant on one of its own traps.
func parks(pos *dsq.Position, m dsq.Move) bool {
	p := pos.PieceAt(m.From())
	if !p.IsValid() {
		return false
	}
	switch p.Animal() {
	case dsq.Tiger, dsq.Lion, dsq.Elephant:
		return dsq.TrapsOf(p.Color()).Has(m.To())
	}
	return false
}

// openingMove plays the top level's move in g, in the opening (inOpening),
// by a multi-PV search under opts (see the rules above); seed draws the
// varied moves, with the position, so that one game and seed give one
// move.
func openingMove(ctx context.Context, e *search.Engine, g *dsq.Game, opts search.Options) (search.Result, error) {
	opts.MultiPV = openingLines
	res, err := e.SearchGame(ctx, g, opts)
	if err != nil || len(res.Lines) < 2 {
		return res, err // the endgame tables' move, or a single line
	}
	pos := g.Position()
	return chooseLine(&pos, res, opts.Seed), nil
}

// chooseLine is openingMove's choice among res.Lines (best first) in pos.
func chooseLine(pos *dsq.Position, res search.Result, seed uint64) search.Result {
	best := res.Lines[0].Score
	margin := 0
	if pos.MoveNumber() <= varietyMoves {
		margin = varietyMargin
	}
	var near, kept []search.Line
	for _, l := range res.Lines {
		if parks(pos, l.Move) {
			continue
		}
		if l.Score >= best-margin {
			near = append(near, l)
		}
		if l.Score >= best-parkMargin {
			kept = append(kept, l)
		}
	}
	var l search.Line
	switch {
	case len(near) > 0:
		rng := rand.New(rand.NewPCG(seed, pos.Hash()))
		l = near[rng.IntN(len(near))]
	case len(kept) > 0:
		l = kept[0]
	default:
		return res
	}
	res.Move, res.Score, res.PV = l.Move, l.Score, l.PV
	return res
}
