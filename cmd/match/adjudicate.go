package main

import (
	"context"
	"fmt"
	"os"
	"strings"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/endgame"
	"github.com/doushouqi/doushouqi/search"
	"github.com/doushouqi/doushouqi/uci"
)

// Adjudication ends games whose result is already known, the way cutechess
// and fishtest shorten engine matches: a game in the endgame tables ends
// with the tables' result; a game whose two engines agree, move after move,
// that one side is far ahead ends as a win for it; a long game whose two
// engines agree it is level ends as a draw. The zero Adjudication
// adjudicates nothing.
type Adjudication struct {
	// Tables, when not nil, end a game as soon as its position is in them
	// (their rules must be the match's).
	Tables *endgame.Tables

	// WinMoves > 0 ends a game as a win once the scores of WinMoves
	// consecutive moves of each engine (2*WinMoves half-moves) all put the
	// same side ahead by WinScore centi-rats or more; a mate score is
	// beyond any margin.
	WinScore, WinMoves int

	// DrawMoves > 0 ends a game as a draw once the scores of DrawMoves
	// consecutive moves of each engine, all played when the game had at
	// least DrawPlies half-moves, are within DrawScore of zero (a mate
	// score never is).
	DrawPlies, DrawScore, DrawMoves int

	// Nodes is the budget of this module's search scoring the position of
	// a move whose engine gave no score; 0 leaves such a move unscored,
	// which breaks every run of scores.
	Nodes uint64
}

// scores reports whether a's rules read engines' scores.
func (a Adjudication) scores() bool { return a.WinMoves > 0 || a.DrawMoves > 0 }

// Validate refuses thresholds that cannot be met or that would end games
// on nothing: a negative count, a win margin below 1 with win
// adjudication on, a draw band not below the win margin.
func (a Adjudication) Validate() error {
	switch {
	case a.WinMoves < 0 || a.DrawMoves < 0 || a.DrawPlies < 0 || a.DrawScore < 0:
		return fmt.Errorf("adjudication: -adj-win-moves %d, -adj-draw-moves %d, -adj-draw-ply %d, -adj-draw-score %d: want 0 or more", a.WinMoves, a.DrawMoves, a.DrawPlies, a.DrawScore)
	case a.WinMoves > 1000 || a.DrawMoves > 1000:
		return fmt.Errorf("adjudication: -adj-win-moves %d, -adj-draw-moves %d: want at most 1000", a.WinMoves, a.DrawMoves)
	case a.WinMoves > 0 && (a.WinScore < 1 || a.WinScore > search.Win):
		return fmt.Errorf("adjudication: -adj-win-score %d: want 1..%d", a.WinScore, search.Win)
	case a.WinMoves > 0 && a.DrawMoves > 0 && a.DrawScore >= a.WinScore:
		return fmt.Errorf("adjudication: -adj-draw-score %d: want below -adj-win-score %d", a.DrawScore, a.WinScore)
	case a.Nodes > 1e9:
		return fmt.Errorf("adjudication: -adj-nodes %d: want at most 1e9", a.Nodes)
	}
	return nil
}

// String says which rules are on, for the match's first line.
func (a Adjudication) String() string {
	var rules []string
	if a.Tables != nil {
		rules = append(rules, fmt.Sprintf("tablebase (%d tables)", len(a.Tables.Materials())))
	}
	if a.WinMoves > 0 {
		rules = append(rules, fmt.Sprintf("win at %d cp for %d moves each", a.WinScore, a.WinMoves))
	}
	if a.DrawMoves > 0 {
		rules = append(rules, fmt.Sprintf("draw within %d cp for %d moves each from ply %d", a.DrawScore, a.DrawMoves, a.DrawPlies))
	}
	if a.scores() {
		if a.Nodes > 0 {
			rules = append(rules, fmt.Sprintf("unscored moves scored at %d nodes", a.Nodes))
		} else {
			rules = append(rules, "unscored moves break the runs")
		}
	}
	if len(rules) == 0 {
		return "none"
	}
	return strings.Join(rules, ", ")
}

// The adjudication rules, as the records' Termination tags and the report
// name them.
const (
	ruleTablebase = "tablebase"
	ruleScore     = "score"
)

// openTables opens the endgame tables of dir for rules. A directory that
// cannot be read is an error; tables for other rules (or files that fail
// their checks) are a note, and no tablebase adjudication.
func openTables(dir string, rules dsq.Rules) (ts *endgame.Tables, note string, err error) {
	if _, err := os.ReadDir(dir); err != nil {
		return nil, "", fmt.Errorf("-tb %q: %w", dir, err)
	}
	ts, err = endgame.Open(dir, rules)
	if err != nil {
		return nil, fmt.Sprintf("no tablebase adjudication: %v", err), nil
	}
	if len(ts.Materials()) == 0 {
		return nil, fmt.Sprintf("no tablebase adjudication: %s holds no tables", dir), nil
	}
	return ts, "", nil
}

// verdict is how an adjudication ends a game.
type verdict struct {
	rule   string    // ruleTablebase or ruleScore; "" for no adjudication
	draw   bool      // a draw, else a win for winner
	winner dsq.Color //
}

// probe returns the tables' verdict on pos, if they hold it. The tables
// know no history: a win they see is a win under threefold repetition too,
// since the winner's line never comes back to a position.
func probe(ts *endgame.Tables, pos dsq.Position) (verdict, bool) {
	if ts == nil {
		return verdict{}, false
	}
	v, ok := ts.Probe(pos)
	if !ok {
		return verdict{}, false
	}
	switch v.Result {
	case endgame.Win:
		return verdict{rule: ruleTablebase, winner: pos.SideToMove()}, true
	case endgame.Loss:
		return verdict{rule: ruleTablebase, winner: pos.SideToMove().Other()}, true
	}
	return verdict{rule: ruleTablebase, draw: true}, true
}

// scoreJudge follows the scores of a game's moves, one half-move at a time,
// and says when they settle it under its Adjudication.
type scoreJudge struct {
	adj     Adjudication
	winRun  int       // consecutive half-moves whose scores put ahead ...
	ahead   dsq.Color // ... this side by the margin
	drawRun int       // consecutive half-moves scored near zero
}

// add takes the score s that mover gave (scored false if it gave none)
// with its move, played when the game had plies half-moves, and returns
// the verdict if the scores now settle the game.
func (j *scoreJudge) add(mover dsq.Color, s uci.Score, scored bool, plies int) (verdict, bool) {
	side, far := dsq.Color(0), false
	if scored {
		side, far = leader(mover, s, j.adj.WinScore)
	}
	switch {
	case far && j.winRun > 0 && side == j.ahead:
		j.winRun++
	case far:
		j.ahead, j.winRun = side, 1
	default:
		j.winRun = 0
	}
	if scored && !s.Mate && abs(s.Value) <= j.adj.DrawScore && plies >= j.adj.DrawPlies {
		j.drawRun++
	} else {
		j.drawRun = 0
	}
	switch {
	case j.adj.WinMoves > 0 && j.winRun >= 2*j.adj.WinMoves:
		return verdict{rule: ruleScore, winner: j.ahead}, true
	case j.adj.DrawMoves > 0 && j.drawRun >= 2*j.adj.DrawMoves:
		return verdict{rule: ruleScore, draw: true}, true
	}
	return verdict{}, false
}

// leader returns the side that mover's score s puts ahead by margin or
// more, if one is: a mate score puts its winner beyond any margin.
func leader(mover dsq.Color, s uci.Score, margin int) (dsq.Color, bool) {
	switch {
	case s.Mate && s.Value > 0, !s.Mate && s.Value >= margin:
		return mover, true
	case s.Mate, s.Value <= -margin:
		return mover.Other(), true
	}
	return 0, false
}

// referee scores, for the side to move, the positions of engines that gave
// no score, with this module's search at a fixed node budget.
type referee struct {
	nodes  uint64
	engine *search.Engine
}

// score returns the referee's score of g's position for the side to move.
func (r *referee) score(ctx context.Context, g *dsq.Game) (uci.Score, error) {
	if r.engine == nil {
		r.engine = search.NewEngine(16)
	}
	res, err := r.engine.SearchGame(ctx, g, search.Options{Nodes: r.nodes})
	if err != nil {
		return uci.Score{}, err
	}
	return resultOf(res.Move, res.Score, search.Win, res.Depth, res.Nodes, nil).Info.Score, nil
}

// end ends g as v says, so that its record carries the result: a win as
// the loser's resignation, a draw as an agreed one; the Termination tag
// says it was adjudicated and by which rule.
func end(g *dsq.Game, v verdict) error {
	var err error
	if v.draw {
		side := g.Position().SideToMove()
		if err = g.OfferDraw(side); err == nil {
			err = g.AcceptDraw(side.Other())
		}
	} else {
		err = g.Resign(v.winner.Other())
	}
	if err != nil {
		return err
	}
	return g.SetTag("Termination", "adjudicated: "+v.String())
}

// String names the rule and the result: "tablebase, red wins",
// "score, draw".
func (v verdict) String() string {
	if v.draw {
		return v.rule + ", draw"
	}
	return v.rule + ", " + v.winner.String() + " wins"
}

// adjudications counts a match's adjudicated games by rule, from A's point
// of view.
type adjudications map[string]*[3]int // rule -> A wins, draws, B wins

// add counts a game ended by rule with A's points.
func (c adjudications) add(rule string, points float64) {
	n := c[rule]
	if n == nil {
		n = new([3]int)
		c[rule] = n
	}
	switch points {
	case 1:
		n[0]++
	case 0.5:
		n[1]++
	default:
		n[2]++
	}
}

// total returns the number of adjudicated games.
func (c adjudications) total() int {
	sum := 0
	for _, n := range c {
		sum += n[0] + n[1] + n[2]
	}
	return sum
}
