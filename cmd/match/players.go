package main

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"strconv"
	"strings"
	"time"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/search"
	"github.com/doushouqi/doushouqi/uci"
)

// Spec is one side's engine configuration, read from a flag such as
// "engine=search,nodes=20000" or "engine=./dsq-engine,movetime=100ms".
type Spec struct {
	Name     string        // label in the output; the engine field by default
	Engine   string        // "search" (the library's) or the path of an engine binary speaking the protocol of cmd/engine
	Depth    int           // fixed depth per move; 0: none
	Nodes    uint64        // nodes per move; 0: none
	MoveTime time.Duration // time per move; 0: none
	Base     time.Duration // game clock: time for the game (tc=BASE+INC); 0: none
	Inc      time.Duration // game clock: added after each move
	Hash     int           // table size in MiB
	Options  [][2]string   // option.NAME=VALUE: setoption for an engine binary
	Level    search.Level  // engine=search at a level of the AI ladder, 1..search.MaxLevel; 0: none
	Seed     uint64        // the level's seed
}

// ParseSpec reads a comma-separated list of key=value fields: engine, name,
// depth, nodes, movetime (a Go duration), tc (a game clock BASE+INC, such
// as 10s+100ms), hash, option.NAME for engine binaries, and level (1..8)
// and seed for engine=search at a level of the AI ladder (search.Levels).
// At least one of depth, nodes, movetime, tc and level is needed; a level
// below the top is bounded by its node budget, the top level
// (search.MaxLevel) by movetime or tc, or else search.TopLevelTime.
func ParseSpec(s string) (Spec, error) {
	spec := Spec{Engine: "search", Hash: 16}
	for field := range strings.SplitSeq(s, ",") {
		key, value, ok := strings.Cut(strings.TrimSpace(field), "=")
		if !ok || value == "" {
			return Spec{}, fmt.Errorf("engine spec %q: field %q is not key=value", s, field)
		}
		var err error
		switch {
		case key == "engine":
			spec.Engine = value
		case key == "name":
			spec.Name = value
		case key == "depth":
			spec.Depth, err = strconv.Atoi(value)
			if err == nil && (spec.Depth < 1 || spec.Depth > 64) {
				err = errors.New("want 1..64")
			}
		case key == "nodes":
			spec.Nodes, err = strconv.ParseUint(value, 10, 64)
			if err == nil && spec.Nodes == 0 {
				err = errors.New("want at least 1")
			}
		case key == "movetime":
			spec.MoveTime, err = time.ParseDuration(value)
			if err == nil && spec.MoveTime <= 0 {
				err = errors.New("want a positive duration")
			}
		case key == "tc":
			base, inc, _ := strings.Cut(value, "+")
			spec.Base, err = time.ParseDuration(base)
			if err == nil && inc != "" {
				spec.Inc, err = time.ParseDuration(inc)
			}
			if err == nil && (spec.Base <= 0 || spec.Inc < 0) {
				err = errors.New("want a positive time and an increment >= 0, such as 10s+100ms")
			}
		case key == "hash":
			spec.Hash, err = strconv.Atoi(value)
			if err == nil && (spec.Hash < 1 || spec.Hash > 4096) {
				err = errors.New("want 1..4096 MiB")
			}
		case key == "level":
			var n int
			n, err = strconv.Atoi(value)
			spec.Level = search.Level(n)
			if _, ok := spec.Level.Info(); err == nil && !ok {
				err = fmt.Errorf("want 1..%d", int(search.MaxLevel))
			}
		case key == "seed":
			spec.Seed, err = strconv.ParseUint(value, 10, 64)
		case strings.HasPrefix(key, "option.") && len(key) > len("option."):
			spec.Options = append(spec.Options, [2]string{strings.TrimPrefix(key, "option."), value})
		default:
			return Spec{}, fmt.Errorf("engine spec %q: unknown field %q", s, key)
		}
		if err != nil {
			return Spec{}, fmt.Errorf("engine spec %q: %s %q: %v", s, key, value, err)
		}
	}
	if spec.Level == search.MaxLevel && spec.Depth == 0 && spec.Nodes == 0 && spec.MoveTime == 0 && spec.Base == 0 {
		spec.MoveTime = search.TopLevelTime
	}
	if spec.Depth == 0 && spec.Nodes == 0 && spec.MoveTime == 0 && spec.Base == 0 && spec.Level == 0 {
		return Spec{}, fmt.Errorf("engine spec %q: set depth, nodes, movetime, tc or level", s)
	}
	if spec.Level != 0 && spec.Engine != "search" {
		return Spec{}, fmt.Errorf("engine spec %q: level is for engine=search (an engine binary takes option.Level)", s)
	}
	if spec.Base > 0 && spec.MoveTime > 0 {
		return Spec{}, fmt.Errorf("engine spec %q: movetime and tc exclude each other", s)
	}
	if spec.Name == "" {
		spec.Name = spec.Engine
	}
	if len(spec.Options) > 0 && spec.Engine == "search" {
		return Spec{}, fmt.Errorf("engine spec %q: option.* is for engine binaries", s)
	}
	return spec, nil
}

// player plays one side of a match's games, one game at a time.
type player interface {
	// newGame prepares for a new game under rules.
	newGame(rules dsq.Rules) error
	// move returns the move for the side to move in g, with the engine's
	// report on it (its score for the side to move, its depth, nodes and
	// line; HasScore false if it gave none); with a game clock, clock holds
	// the time left of Red and Blue.
	move(ctx context.Context, g *dsq.Game, clock [2]time.Duration) (uci.Result, error)
	close() error
	// spec is the configuration the player was started from.
	spec() Spec
}

// newPlayer starts the engine of spec.
func newPlayer(spec Spec) (player, error) {
	switch spec.Engine {
	case "search":
		return &searchPlayer{s: spec, engine: search.NewEngine(spec.Hash)}, nil
	}
	return startEngine(spec)
}

type searchPlayer struct {
	s      Spec
	engine *search.Engine
}

func (p *searchPlayer) newGame(dsq.Rules) error { p.engine.NewGame(); return nil }

// moveTime is the time for this move: movetime, or a share of the clock.
func (spec Spec) moveTime(g *dsq.Game, clock [2]time.Duration) time.Duration {
	if spec.Base == 0 {
		return spec.MoveTime
	}
	pos := g.Position()
	return search.TimeForMove(clock[pos.SideToMove()], spec.Inc, 0)
}

func (p *searchPlayer) move(ctx context.Context, g *dsq.Game, clock [2]time.Duration) (uci.Result, error) {
	opts := search.Options{Depth: p.s.Depth, Nodes: p.s.Nodes, Time: p.s.moveTime(g, clock), Level: p.s.Level, Seed: p.s.Seed}
	r, err := p.engine.SearchGame(ctx, g, opts)
	return resultOf(r.Move, r.Score, search.Win, r.Depth, r.Nodes, r.PV), err
}

// resultOf is an in-process engine's answer as an engine binary would give
// it: a score within 1000 of win is a mate in moves, as cmd/engine
// prints it.
func resultOf(m dsq.Move, score, win, depth int, nodes uint64, pv []dsq.Move) uci.Result {
	s := uci.Score{Value: score}
	switch {
	case score > win-1000:
		s = uci.Score{Mate: true, Value: (win - score + 1) / 2}
	case score < -win+1000:
		s = uci.Score{Mate: true, Value: -(win + score + 1) / 2}
	}
	return uci.Result{Move: m, Info: uci.Info{Depth: depth, Nodes: nodes, PV: pv, HasScore: true, Score: s}}
}

func (p *searchPlayer) close() error { return nil }

func (p *searchPlayer) spec() Spec { return p.s }

// enginePlayer drives an engine binary through the uci package, in the
// protocol of cmd/engine.
type enginePlayer struct {
	s Spec
	e *uci.Engine
}

// startEngine starts the binary of spec and sets its options: Hash, then
// each option.NAME. An option the engine refuses is an error.
func startEngine(spec Spec) (*enginePlayer, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	// A late move is taken (a game clock's overrun is the game's business);
	// an engine that does not answer stop within the grace is dropped.
	// A search without time is bounded by move's context, not the client's
	// SearchTimeout.
	cfg := uci.Config{Timeout: 30 * time.Second, Grace: 5*time.Second + spec.MoveTime, SearchTimeout: -1}
	e, err := uci.Start(ctx, exec.Command(spec.Engine), cfg)
	if err != nil {
		return nil, fmt.Errorf("engine %q: %w", spec.Engine, err)
	}
	p := &enginePlayer{s: spec, e: e}
	options := append([][2]string{{"Hash", strconv.Itoa(spec.Hash)}}, spec.Options...)
	for _, o := range options {
		if err := e.SetOption(ctx, o[0], o[1]); err != nil {
			_ = e.Close()
			return nil, fmt.Errorf("engine %q: %w", spec.Engine, err)
		}
	}
	return p, nil
}

func (p *enginePlayer) spec() Spec { return p.s }

// newGame starts a new game, then sets its rules (the engine replays its
// current game under new rules, so it is first emptied).
func (p *enginePlayer) newGame(rules dsq.Rules) error {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := p.e.NewGame(ctx); err != nil {
		return fmt.Errorf("engine %q: %w", p.s.Engine, err)
	}
	if err := p.e.SetOption(ctx, "Rules", rules.String()); err != nil {
		return fmt.Errorf("engine %q: %w", p.s.Engine, err)
	}
	return nil
}

// move asks the engine for its move under the spec's limits. A search
// without time (depth, nodes) gets 60 s, a timed one ten times its time
// and 60 s more, before it counts as stuck.
func (p *enginePlayer) move(ctx context.Context, g *dsq.Game, clock [2]time.Duration) (uci.Result, error) {
	ctx, cancel := context.WithTimeout(ctx, 10*p.s.MoveTime+p.s.Base+60*time.Second)
	defer cancel()
	if err := p.e.Position(ctx, g); err != nil {
		return uci.Result{}, fmt.Errorf("engine %q: %w", p.s.Engine, err)
	}
	limits := uci.Limits{Depth: p.s.Depth, Nodes: p.s.Nodes, MoveTime: p.s.MoveTime}
	if p.s.Base > 0 {
		limits.Time, limits.Inc = clock, [2]time.Duration{p.s.Inc, p.s.Inc}
	}
	res, err := p.e.Go(ctx, limits)
	if err != nil && res.Move != dsq.NoMove && errors.Is(err, uci.ErrTimeout) && !errors.Is(err, context.DeadlineExceeded) {
		err = nil // late past its time and grace, but it answered stop
	}
	if err != nil {
		return res, fmt.Errorf("engine %q: %w", p.s.Engine, err)
	}
	return res, nil
}

func (p *enginePlayer) close() error { return p.e.Close() }
