package games

import (
	"fmt"
	"time"

	"github.com/doushouqi/doushouqi/endgame"
	"github.com/doushouqi/doushouqi/search"
)

// Level is one strength of the AI the site offers.
type Level struct {
	Number int // the API's "level"
	Depth  int // the search's depth limit
}

// Levels are the AI's strengths, weakest first, numbered from 1: the only
// place that says which levels the site has. Every level the API takes, a
// stored game's included, goes through LevelOf.
var Levels = []Level{{1, 1}, {2, 2}, {3, 3}, {4, 4}, {5, 5}}

// DefaultLevel is the level of an AI game created without one.
const DefaultLevel = 3

// LevelOf returns level n, or an Invalid refusal naming the levels there
// are.
func LevelOf(n int) (Level, error) {
	for _, l := range Levels {
		if l.Number == n {
			return l, nil
		}
	}
	return Level{}, refuse(Invalid, fmt.Sprintf("level must be %d to %d", Levels[0].Number, Levels[len(Levels)-1].Number))
}

// options are the search's options for a move at level l: the site's time
// for a move, and its endgame tables.
func (l Level) options(limit time.Duration, tables *endgame.Tables) search.Options {
	return search.Options{Depth: l.Depth, Time: limit, Tables: tables}
}
