package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
	"time"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/examples/match/internal/baseline"
	"github.com/doushouqi/doushouqi/search"
)

// Spec is one side's engine configuration, read from a flag such as
// "engine=search,nodes=20000" or "engine=./dsq-engine,movetime=100ms".
type Spec struct {
	Name     string        // label in the output; the engine field by default
	Engine   string        // "search" (this module's), "baseline" (the frozen pre-issue-13 engine) or the path of an engine binary speaking the protocol of examples/engine
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
	if len(spec.Options) > 0 && (spec.Engine == "search" || spec.Engine == "baseline") {
		return Spec{}, fmt.Errorf("engine spec %q: option.* is for engine binaries", s)
	}
	return spec, nil
}

// player plays one side of a match's games, one game at a time.
type player interface {
	// newGame prepares for a new game under rules.
	newGame(rules dsq.Rules) error
	// move returns the move for the side to move in g; with a game clock,
	// clock holds the time left of Red and Blue.
	move(ctx context.Context, g *dsq.Game, clock [2]time.Duration) (dsq.Move, error)
	close() error
	// spec is the configuration the player was started from.
	spec() Spec
}

// newPlayer starts the engine of spec.
func newPlayer(spec Spec) (player, error) {
	switch spec.Engine {
	case "search":
		return &searchPlayer{s: spec, engine: search.NewEngine(spec.Hash)}, nil
	case "baseline":
		return &baselinePlayer{s: spec, engine: baseline.NewEngine(spec.Hash)}, nil
	}
	return startProcess(spec)
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

func (p *searchPlayer) move(ctx context.Context, g *dsq.Game, clock [2]time.Duration) (dsq.Move, error) {
	opts := search.Options{Depth: p.s.Depth, Nodes: p.s.Nodes, Time: p.s.moveTime(g, clock), Level: p.s.Level, Seed: p.s.Seed}
	r, err := p.engine.SearchGame(ctx, g, opts)
	return r.Move, err
}

func (p *searchPlayer) close() error { return nil }

func (p *searchPlayer) spec() Spec { return p.s }

// baselinePlayer plays the frozen engine, which searches positions only: it
// knows the move limit (a position's rules) but not repetitions.
type baselinePlayer struct {
	s      Spec
	engine *baseline.Engine
}

func (p *baselinePlayer) newGame(dsq.Rules) error { p.engine.NewGame(); return nil }

func (p *baselinePlayer) move(ctx context.Context, g *dsq.Game, clock [2]time.Duration) (dsq.Move, error) {
	depth := p.s.Depth
	if depth == 0 {
		depth = 64
	}
	r, err := p.engine.Search(ctx, g.Position(), baseline.Options{Depth: depth, Nodes: p.s.Nodes, Time: p.s.moveTime(g, clock)})
	return r.Move, err
}

func (p *baselinePlayer) close() error { return nil }

func (p *baselinePlayer) spec() Spec { return p.s }

func (p *processPlayer) spec() Spec { return p.s }

// processPlayer drives an engine binary through the UCI-style protocol of
// examples/engine.
type processPlayer struct {
	s     Spec
	cmd   *exec.Cmd
	in    io.WriteCloser
	lines chan string
}

func startProcess(spec Spec) (*processPlayer, error) {
	cmd := exec.Command(spec.Engine)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("engine %q: %w", spec.Engine, err)
	}
	p := &processPlayer{s: spec, cmd: cmd, in: in, lines: make(chan string, 64)}
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			p.lines <- sc.Text()
		}
		close(p.lines)
	}()
	if err := p.send("uci"); err != nil {
		return nil, err
	}
	if _, err := p.await(context.Background(), "uciok", 10*time.Second); err != nil {
		_ = p.close()
		return nil, err
	}
	if err := p.send(fmt.Sprintf("setoption name Hash value %d", spec.Hash)); err != nil {
		return nil, err
	}
	for _, o := range spec.Options {
		if err := p.send(fmt.Sprintf("setoption name %s value %s", o[0], o[1])); err != nil {
			return nil, err
		}
	}
	return p, nil
}

func (p *processPlayer) send(line string) error {
	_, err := io.WriteString(p.in, line+"\n")
	if err != nil {
		return fmt.Errorf("engine %q: %w", p.s.Engine, err)
	}
	return nil
}

// await reads lines until one starts with prefix and returns it.
func (p *processPlayer) await(ctx context.Context, prefix string, timeout time.Duration) (string, error) {
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	for {
		select {
		case line, ok := <-p.lines:
			if !ok {
				return "", fmt.Errorf("engine %q exited while %q was awaited", p.s.Engine, prefix)
			}
			if line == prefix || strings.HasPrefix(line, prefix+" ") {
				return line, nil
			}
		case <-timer.C:
			return "", fmt.Errorf("engine %q: no %q within %v", p.s.Engine, prefix, timeout)
		case <-ctx.Done():
			return "", ctx.Err()
		}
	}
}

func (p *processPlayer) newGame(rules dsq.Rules) error {
	if err := p.send("setoption name Rules value " + rules.String()); err != nil {
		return err
	}
	if err := p.send("ucinewgame"); err != nil {
		return err
	}
	if err := p.send("isready"); err != nil {
		return err
	}
	_, err := p.await(context.Background(), "readyok", 30*time.Second)
	return err
}

func (p *processPlayer) move(ctx context.Context, g *dsq.Game, clock [2]time.Duration) (dsq.Move, error) {
	var b strings.Builder
	b.WriteString("position fen ")
	b.WriteString(g.Start().String())
	if moves := g.Moves(); len(moves) > 0 {
		b.WriteString(" moves")
		for _, m := range moves {
			b.WriteString(" " + m.String())
		}
	}
	if err := p.send(b.String()); err != nil {
		return dsq.NoMove, err
	}
	goCmd := "go"
	if p.s.Depth > 0 {
		goCmd += " depth " + strconv.Itoa(p.s.Depth)
	}
	if p.s.Nodes > 0 {
		goCmd += " nodes " + strconv.FormatUint(p.s.Nodes, 10)
	}
	if p.s.MoveTime > 0 {
		goCmd += " movetime " + strconv.FormatInt(p.s.MoveTime.Milliseconds(), 10)
	}
	if p.s.Base > 0 {
		goCmd += fmt.Sprintf(" wtime %d btime %d winc %d binc %d", clock[dsq.Red].Milliseconds(), clock[dsq.Blue].Milliseconds(), p.s.Inc.Milliseconds(), p.s.Inc.Milliseconds())
	}
	if err := p.send(goCmd); err != nil {
		return dsq.NoMove, err
	}
	line, err := p.await(ctx, "bestmove", 10*p.s.MoveTime+p.s.Base+60*time.Second)
	if err != nil {
		return dsq.NoMove, err
	}
	fields := strings.Fields(line)
	if len(fields) < 2 {
		return dsq.NoMove, fmt.Errorf("engine %q: %q names no move", p.s.Engine, line)
	}
	m, err := dsq.ParseMove(fields[1])
	if err != nil {
		return dsq.NoMove, fmt.Errorf("engine %q: %q: %w", p.s.Engine, line, err)
	}
	return m, nil
}

func (p *processPlayer) close() error {
	_ = p.send("quit")
	_ = p.in.Close()
	done := make(chan error, 1)
	go func() { done <- p.cmd.Wait() }()
	select {
	case err := <-done:
		return err
	case <-time.After(5 * time.Second):
		_ = p.cmd.Process.Kill()
		return <-done
	}
}
