package uci

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	dsq "github.com/doushouqi/doushouqi"
)

// maxMillis bounds a time read from a command (about 35 years), so that
// it converts to a time.Duration without overflow.
const maxMillis = 1 << 40

// Limits are the go command: the limits of a search. Several limits may
// be set; the engine stops at the first reached. None, or Infinite,
// searches until stopped.
//
// String writes the command and ParseGo reads it; MultiPV and Progress are
// the client's (Engine.Go), not part of the command.
type Limits struct {
	Depth    int           // plies; 0: none
	Nodes    uint64        // 0: none
	MoveTime time.Duration // 0: none; sent in whole milliseconds, at least 1
	// Time and Inc are the game clocks, indexed by dsq.Color (wtime and
	// winc are Red's, who moves first as White does); sent when either
	// Time is set, so that a clock at 0 is sent while the other runs.
	Time, Inc [2]time.Duration
	MovesToGo int  // moves until the clock's next control; 0: none
	Infinite  bool // search until stopped: the end of Go's context is then no error

	// MultiPV, above 0, is the number of best lines Go asks for: the
	// client sets the engine's MultiPV option to it before the search when
	// it differs from the last value set, and Result.Lines holds them.
	MultiPV int
	// Progress, if set, is called with each info line of the search, in
	// the caller's goroutine.
	Progress func(Info)
}

// String writes the go command: "go", then each limit set, as in "go
// depth 8 movetime 500".
func (l Limits) String() string {
	var b strings.Builder
	b.WriteString("go")
	if l.Depth > 0 {
		fmt.Fprintf(&b, " depth %d", l.Depth)
	}
	if l.Nodes > 0 {
		fmt.Fprintf(&b, " nodes %d", l.Nodes)
	}
	if l.MoveTime > 0 {
		fmt.Fprintf(&b, " movetime %d", max(l.MoveTime.Milliseconds(), 1))
	}
	if l.clocked() {
		fmt.Fprintf(&b, " wtime %d btime %d", max(l.Time[dsq.Red].Milliseconds(), 0), max(l.Time[dsq.Blue].Milliseconds(), 0))
		if l.Inc != [2]time.Duration{} {
			fmt.Fprintf(&b, " winc %d binc %d", max(l.Inc[dsq.Red].Milliseconds(), 0), max(l.Inc[dsq.Blue].Milliseconds(), 0))
		}
	}
	if l.MovesToGo > 0 {
		fmt.Fprintf(&b, " movestogo %d", l.MovesToGo)
	}
	if l.Infinite {
		b.WriteString(" infinite")
	}
	return b.String()
}

// clocked reports whether the limits carry a game clock.
func (l Limits) clocked() bool { return l.Time != [2]time.Duration{} }

// ParseGo reads a go command ("go [depth D] [nodes N] [movetime MS]
// [wtime MS] [btime MS] [winc MS] [binc MS] [movestogo N] [infinite]").
// A limit it does not know, or a value that is not a whole number, is an
// error wrapping ErrProtocol. Both clocks at 0 read as no clock.
func ParseGo(line string) (Limits, error) {
	var l Limits
	fields := strings.Fields(line)
	if len(fields) == 0 || fields[0] != "go" {
		return l, fmt.Errorf("%w: want go, got %q", ErrProtocol, line)
	}
	for i := 1; i < len(fields); i++ {
		name := fields[i]
		if name == "infinite" {
			l.Infinite = true
			continue
		}
		switch name {
		case "depth", "nodes", "movetime", "wtime", "btime", "winc", "binc", "movestogo":
		default:
			return Limits{}, fmt.Errorf("%w: go: unknown limit %q", ErrProtocol, name)
		}
		if i+1 >= len(fields) {
			return Limits{}, fmt.Errorf("%w: go: %s needs a value", ErrProtocol, name)
		}
		i++
		n, err := strconv.ParseUint(fields[i], 10, 64)
		if err != nil {
			return Limits{}, fmt.Errorf("%w: go: %s %q: want a whole number >= 0", ErrProtocol, name, fields[i])
		}
		ms := time.Duration(min(n, maxMillis)) * time.Millisecond
		small := int(min(n, 1<<30))
		switch name {
		case "depth":
			l.Depth = small
		case "nodes":
			l.Nodes = n
		case "movetime":
			l.MoveTime = max(ms, time.Millisecond)
		case "wtime":
			l.Time[dsq.Red] = ms
		case "btime":
			l.Time[dsq.Blue] = ms
		case "winc":
			l.Inc[dsq.Red] = ms
		case "binc":
			l.Inc[dsq.Blue] = ms
		case "movestogo":
			l.MovesToGo = small
		}
	}
	return l, nil
}

// CmdPosition is the position command: the game's start and its moves.
type CmdPosition struct {
	Start dsq.Position // the zero Position is the start position
	Moves []dsq.Move
}

// PositionOf is the position command of g: its start and its moves.
func PositionOf(g *dsq.Game) CmdPosition {
	return CmdPosition{Start: g.Start(), Moves: g.Moves()}
}

// String writes "position startpos" or "position fen START", then
// " moves" and the moves if there are any.
func (c CmdPosition) String() string {
	var b strings.Builder
	b.WriteString("position ")
	if c.Start.IsZero() || c.Start == dsq.StartPosition() {
		b.WriteString("startpos")
	} else {
		b.WriteString("fen " + c.Start.String())
	}
	if len(c.Moves) > 0 {
		b.WriteString(" moves")
		for _, m := range c.Moves {
			b.WriteString(" " + m.String())
		}
	}
	return b.String()
}

// ParsePosition reads a position command ("position startpos|fen F [moves
// M...]"). The moves are read, not played: Game plays them.
func ParsePosition(line string) (CmdPosition, error) {
	var c CmdPosition
	rest, ok := strings.CutPrefix(strings.TrimSpace(line), "position")
	if !ok || rest != "" && rest[0] != ' ' && rest[0] != '\t' {
		return c, fmt.Errorf("%w: want position, got %q", ErrProtocol, line)
	}
	setup, movesText, hasMoves := strings.Cut(rest, " moves")
	if hasMoves && movesText != "" && movesText[0] != ' ' && movesText[0] != '\t' {
		return c, fmt.Errorf("%w: position: want moves, got %q", ErrProtocol, rest)
	}
	setup = strings.TrimSpace(setup)
	switch {
	case setup == "startpos":
		c.Start = dsq.StartPosition()
	case strings.HasPrefix(setup, "fen "):
		start, err := dsq.ParsePosition(strings.TrimSpace(strings.TrimPrefix(setup, "fen ")))
		if err != nil {
			return CmdPosition{}, fmt.Errorf("%w: position: %w", ErrProtocol, err)
		}
		c.Start = start
	default:
		return CmdPosition{}, fmt.Errorf("%w: position: want startpos or fen F, got %q", ErrProtocol, setup)
	}
	for _, text := range strings.Fields(movesText) {
		m, err := dsq.ParseMove(text)
		if err != nil {
			return CmdPosition{}, fmt.Errorf("%w: position: move %q: %w", ErrProtocol, text, err)
		}
		c.Moves = append(c.Moves, m)
	}
	return c, nil
}

// Game plays the command's moves from its start under rules (the protocol
// carries no rules: an engine learns them another way, such as
// cmd/engine's Rules option). A move the rules refuse is an error that
// names it.
func (c CmdPosition) Game(rules dsq.Rules) (*dsq.Game, error) {
	start := c.Start
	if start.IsZero() {
		start = dsq.StartPosition()
	}
	g, err := dsq.NewGameRules(start, rules)
	if err != nil {
		return nil, fmt.Errorf("position: %w", err)
	}
	for _, m := range c.Moves {
		if err := g.Play(m); err != nil {
			return nil, fmt.Errorf("position: move %v: %w", m, err)
		}
	}
	return g, nil
}

// CmdSetOption is the setoption command.
type CmdSetOption struct {
	Name  string // the option's name, which may hold spaces
	Value string // "" for none (a button)
}

// String writes "setoption name NAME value VALUE" (" value VALUE" left out
// when Value is "").
func (c CmdSetOption) String() string {
	s := "setoption name " + c.Name
	if c.Value != "" {
		s += " value " + c.Value
	}
	return s
}

// check refuses what String cannot write as one command that reads back.
func (c CmdSetOption) check() error {
	switch {
	case strings.ContainsAny(c.Name+c.Value, "\r\n"):
		return fmt.Errorf("option %q value %q: want one line", c.Name, c.Value)
	case strings.TrimSpace(c.Name) == "" || strings.TrimSpace(c.Name) != c.Name:
		return fmt.Errorf("option %q: want a name without spaces around it", c.Name)
	case strings.Contains(" "+c.Name+" ", " value "):
		return fmt.Errorf("option %q: a name cannot hold the word value", c.Name)
	}
	return nil
}

// ParseSetOption reads a setoption command ("setoption name NAME [value
// VALUE]"), the name and value trimmed.
func ParseSetOption(line string) (CmdSetOption, error) {
	rest, ok := strings.CutPrefix(strings.TrimSpace(line), "setoption ")
	if !ok {
		return CmdSetOption{}, fmt.Errorf("%w: want setoption name NAME value VALUE, got %q", ErrProtocol, line)
	}
	rest, ok = strings.CutPrefix(strings.TrimSpace(rest), "name ")
	if !ok {
		return CmdSetOption{}, fmt.Errorf("%w: want setoption name NAME value VALUE, got %q", ErrProtocol, line)
	}
	name, value, _ := strings.Cut(rest, " value ")
	if v, ok := strings.CutSuffix(name, " value"); ok { // an empty value
		name, value = v, ""
	}
	c := CmdSetOption{Name: strings.TrimSpace(name), Value: strings.TrimSpace(value)}
	if c.Name == "" {
		return CmdSetOption{}, fmt.Errorf("%w: setoption: no name in %q", ErrProtocol, line)
	}
	return c, nil
}

// BestMove is the engine's answer to go.
type BestMove struct {
	Move   dsq.Move // dsq.NoMove when the game is over ("bestmove 0000")
	Ponder dsq.Move // the reply the engine expects; dsq.NoMove for none
}

// String writes "bestmove MOVE [ponder MOVE]".
func (b BestMove) String() string {
	s := "bestmove " + b.Move.String()
	if b.Ponder != dsq.NoMove && b.Move != dsq.NoMove {
		s += " ponder " + b.Ponder.String()
	}
	return s
}

// ParseBestMove reads "bestmove MOVE [ponder MOVE]"; "0000" and "(none)"
// are dsq.NoMove. A move that is not one (checked for its shape, not for
// legality: Engine.Go checks that in its game) is an error wrapping
// ErrProtocol; a ponder move that is not one is left out.
func ParseBestMove(line string) (BestMove, error) {
	fields := strings.Fields(line)
	if len(fields) == 0 || fields[0] != "bestmove" {
		return BestMove{}, fmt.Errorf("%w: want bestmove, got %q", ErrProtocol, line)
	}
	if len(fields) == 1 {
		return BestMove{}, fmt.Errorf("%w: bestmove names no move", ErrProtocol)
	}
	var b BestMove
	if fields[1] != "0000" && fields[1] != "(none)" {
		m, err := dsq.ParseMove(fields[1])
		if err != nil {
			return BestMove{}, fmt.Errorf("%w: %w", ErrProtocol, err)
		}
		b.Move = m
	}
	if len(fields) >= 4 && fields[2] == "ponder" {
		if p, err := dsq.ParseMove(fields[3]); err == nil {
			b.Ponder = p
		}
	}
	return b, nil
}
