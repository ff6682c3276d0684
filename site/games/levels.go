package games

import (
	"context"
	"fmt"
	"hash/fnv"
	"time"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/endgame"
	"github.com/doushouqi/doushouqi/search"
)

// Level is one strength of the AI the site offers: a step of the search's
// ladder (search.Levels), from a first game to the engine at full strength.
// Its JSON is the API's (GET /api/levels), which the page names its
// choices from.
type Level struct {
	Number int    `json:"level"` // search.Level
	Name   string `json:"name"`  // the ladder's name for it, an animal, shown on the page
	About  string `json:"about"` // its character, in a few words for players (the page's English words)
	// Elo is the level's measured standing below the top level (0 at the
	// top; docs/ai-levels.md).
	Elo int `json:"elo"`
	// MinReply is the least time between the player's move and the reply:
	// a weak level finds its move in a few milliseconds, and an instant
	// answer reads as a machine, not an opponent. The wait is a timer
	// after the search, never a slower search, and holds no engine.
	MinReply time.Duration `json:"-"`
}

// Levels are the AI's strengths, weakest first, numbered from 1: the
// ladder of package search, the only place that says which levels the
// site has. Every level the API takes, a stored game's included, goes
// through LevelOf.
var Levels = ladder()

func ladder() []Level {
	levels := make([]Level, 0, search.MaxLevel)
	for _, info := range search.Levels {
		l := Level{Number: int(info.Level), Name: info.Name, About: info.About, Elo: info.Elo}
		if info.Level == search.MaxLevel {
			l.About = topAbout // the site's top level chooses its opening
		}
		switch {
		case info.Level < 6:
			l.MinReply = 700 * time.Millisecond
		case info.Level < search.MaxLevel:
			l.MinReply = 400 * time.Millisecond
		}
		levels = append(levels, l)
	}
	return levels
}

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
	return Level{}, Refuse(CodeBadRequest, fmt.Sprintf("level must be %d to %d", Levels[0].Number, Levels[len(Levels)-1].Number))
}

// options are the search's options for a move at level l in the game with
// id: the ladder's options, seeded by the game so that two games at one
// level differ; the top level thinks for the site's time per move, with
// the endgame tables; limit bounds every level.
func (l Level) options(id string, limit time.Duration, tables *endgame.Tables) search.Options {
	h := fnv.New64a()
	h.Write([]byte(id))
	opts, err := search.LevelOptions(search.Level(l.Number), h.Sum64())
	if err != nil { // cannot be, Levels being the ladder: play at full strength
		opts = search.Options{}
	}
	opts.Time = limit
	opts.Tables = tables
	return opts
}

// move searches level l's move in g under opts (l.options): the search's
// own choice, but for the top level's opening, which the site varies and
// keeps off its own traps (openingMove).
func (l Level) move(ctx context.Context, e *search.Engine, g *dsq.Game, opts search.Options) (search.Result, error) {
	if l.Number == int(search.MaxLevel) {
		if pos := g.Position(); inOpening(&pos) {
			return openingMove(ctx, e, g, opts)
		}
	}
	return e.SearchGame(ctx, g, opts)
}
