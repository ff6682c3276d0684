// Package uci drives an external Dou Shou Qi engine over the UCI-style text
// protocol that cmd/engine speaks (and JCEI's "jcei"/"jceiok"
// handshake): it starts the engine, sets its options, sends the game, runs a
// search under a limit and reads the engine's reports and its best move.
//
// Every call is bounded: by its context, by Config.Timeout for a reply the
// engine owes at once (uciok, readyok), and for a timed search by its time
// plus Config.Grace, after which the client sends stop and waits one more
// Grace. An engine that exits, closes its output, prints a line the protocol
// does not have, or names a move that is not legal in the game it was given
// is reported as an error wrapping ErrEngineDied, ErrProtocol or ErrTimeout,
// never as a hang or a panic: a match or a server can drop such an engine
// and go on. A command the engine refuses but survives wraps ErrRefused, and
// a call on a closed Engine wraps ErrClosed. Every error is an *Error naming
// the call; errors.Is tells these five sentinels apart.
//
// An Engine runs one call at a time: its methods are meant for one goroutine
// (a second goroutine's call waits for the first to return). Stop and Close
// may be called from any goroutine at any time: Stop ends the running search
// early, Close ends the engine, killing its process if it does not quit.
package uci

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"

	dsq "github.com/doushouqi/doushouqi"
)

// The kinds of failure, for errors.Is. Every error of an Engine is an
// *Error; one of the engine's wraps one of these (a context's error is
// wrapped too, beside ErrTimeout for a deadline).
var (
	// ErrEngineDied: the engine's process exited or its pipes closed.
	ErrEngineDied = errors.New("engine died")
	// ErrTimeout: the engine did not answer in time.
	ErrTimeout = errors.New("timeout")
	// ErrProtocol: the engine printed a line the protocol does not have, or
	// named a move that is not legal in the game.
	ErrProtocol = errors.New("protocol error")
	// ErrRefused: the engine answered a command with "info string error:
	// ..." (as cmd/engine does for an option or a position it cannot
	// take). The engine is still usable.
	ErrRefused = errors.New("refused")
	// ErrClosed: the Engine was closed.
	ErrClosed = errors.New("engine closed")
)

// Error is a failure of one call to an engine.
type Error struct {
	Op   string // the call: "start", "handshake", "setoption", "isready", "ucinewgame", "position", "go", "stop"
	Line string // the engine's line at fault, if any
	Err  error  // wraps one of the sentinels

	unsent bool // the command was not sent: the engine is still in step
}

func (e *Error) Error() string {
	s := "uci: " + e.Op + ": " + e.Err.Error()
	if e.Line != "" {
		s += ": " + strconv.Quote(e.Line)
	}
	return s
}

// Unwrap returns Err, so that errors.Is finds the sentinel the failure
// wraps (and a context's error, where one ended the call).
func (e *Error) Unwrap() error { return e.Err }

// Config tunes an Engine. The zero Config is ready to use.
type Config struct {
	// Handshake is the first command: "uci" (the default) or "jcei"; the
	// engine ends its identification with "uciok" or "jceiok".
	Handshake string
	// Timeout bounds each reply the engine owes at once: the handshake's
	// uciok and each readyok. 0 means 10 s.
	Timeout time.Duration
	// Grace is how long past its time a timed search may take to print its
	// bestmove before the client sends stop, and then how long it may take
	// to answer stop. 0 means 1 s.
	Grace time.Duration
	// Quit is how long Close waits for the engine to exit after "quit"
	// before it kills it. 0 means 2 s.
	Quit time.Duration
}

func (c Config) withDefaults() Config {
	if c.Handshake == "" {
		c.Handshake = "uci"
	}
	if c.Timeout <= 0 {
		c.Timeout = 10 * time.Second
	}
	if c.Grace <= 0 {
		c.Grace = time.Second
	}
	if c.Quit <= 0 {
		c.Quit = 2 * time.Second
	}
	return c
}

// maxLine bounds one line of the engine's output.
const maxLine = 1 << 20

// maxBanner bounds the lines an engine may print before its handshake
// answer (a banner, a licence) before it is judged not to speak the
// protocol.
const maxBanner = 1000

// Option is an option the engine declared in its handshake ("option name
// Hash type spin default 16 min 1 max 4096").
type Option struct {
	Name, Type, Default string
	Min, Max            string   // for type spin; "" if not given
	Vars                []string // for type combo
}

// Engine is a running engine, after its handshake. Start and New make one;
// the zero Engine is not usable.
type Engine struct {
	cfg    Config
	r      io.Reader
	w      io.Writer
	cmd    *exec.Cmd
	lines  chan string   // the engine's output, closed at its end
	done   chan struct{} // closed by Close
	exited chan struct{} // closed when the process has been waited for
	exit   error         // the process's exit status, once exited is closed
	rerr   error         // why the output ended, once lines is closed

	call      sync.Mutex // held by each call
	writeMu   sync.Mutex // held while a line is written
	closeOnce sync.Once
	closeErr  error
	broken    error // a failure that leaves the engine out of step; later calls return it

	name, author string
	options      []Option
	game         *dsq.Game // the game of the last Position
}

// Start starts cmd, whose standard input and output must not be set yet,
// and does the handshake, bounded by ctx and cfg.Timeout. The engine's
// standard error goes where cmd.Stderr says (nowhere if nil). On any error
// the process is killed.
func Start(ctx context.Context, cmd *exec.Cmd, cfg Config) (*Engine, error) {
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, &Error{Op: "start", Err: err}
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, &Error{Op: "start", Err: err}
	}
	if err := cmd.Start(); err != nil {
		return nil, &Error{Op: "start", Err: fmt.Errorf("%w: %w", ErrEngineDied, err)}
	}
	e := newEngine(out, in, cmd, cfg)
	if err := e.handshake(ctx); err != nil {
		_ = e.Close()
		return nil, err
	}
	return e, nil
}

// New drives an engine that reads commands from w and writes its output to
// r (such as the two ends of io.Pipe around an engine in the same process)
// and does the handshake, bounded by ctx and cfg.Timeout. Close closes r
// and w if they are io.Closers; a reader that cannot be closed keeps one
// goroutine blocked in Read until its writer ends it.
func New(ctx context.Context, r io.Reader, w io.Writer, cfg Config) (*Engine, error) {
	e := newEngine(r, w, nil, cfg)
	if err := e.handshake(ctx); err != nil {
		_ = e.Close()
		return nil, err
	}
	return e, nil
}

func newEngine(r io.Reader, w io.Writer, cmd *exec.Cmd, cfg Config) *Engine {
	e := &Engine{
		cfg: cfg.withDefaults(), r: r, w: w, cmd: cmd,
		lines: make(chan string, 64), done: make(chan struct{}), exited: make(chan struct{}),
	}
	go e.read()
	return e
}

// read passes the engine's lines to e.lines until its output ends, then
// waits for its process.
func (e *Engine) read() {
	sc := bufio.NewScanner(e.r)
	sc.Buffer(make([]byte, 0, 4096), maxLine)
	for sc.Scan() {
		select {
		case e.lines <- strings.TrimRight(sc.Text(), "\r"):
		case <-e.done:
			e.rerr = ErrClosed
			close(e.lines)
			e.wait()
			return
		}
	}
	e.rerr = sc.Err()
	if errors.Is(e.rerr, bufio.ErrTooLong) {
		e.rerr = fmt.Errorf("%w: a line longer than %d bytes", ErrProtocol, maxLine)
	}
	close(e.lines)
	e.wait()
}

// wait reaps the process once its output has ended (exec.Cmd.Wait must
// not run before the reads are done).
func (e *Engine) wait() {
	if e.cmd != nil {
		e.exit = e.cmd.Wait()
	}
	close(e.exited)
}

// Name is the engine's name from its handshake ("id name ..."), or "".
func (e *Engine) Name() string { return e.name }

// Author is the engine's author from its handshake ("id author ..."), or "".
func (e *Engine) Author() string { return e.author }

// Options are the options the engine declared in its handshake, in its
// order.
func (e *Engine) Options() []Option { return append([]Option(nil), e.options...) }

// begin starts a call: it takes the call lock and refuses a closed or
// broken engine.
func (e *Engine) begin(op string) error {
	e.call.Lock()
	select {
	case <-e.done:
		e.call.Unlock()
		return &Error{Op: op, Err: ErrClosed}
	default:
	}
	if e.broken != nil {
		e.call.Unlock()
		return e.broken
	}
	return nil
}

// fail records err as breaking the engine unless it leaves the engine in
// step: a refusal, a closed engine, a command not sent.
func (e *Engine) fail(err error) error {
	var unsent *Error
	if errors.As(err, &unsent) && unsent.unsent {
		return err
	}
	if err != nil && !errors.Is(err, ErrRefused) && !errors.Is(err, ErrClosed) {
		e.broken = err
	}
	return err
}

// send writes one line, bounded by ctx and cfg.Timeout: an engine that
// stops reading its input blocks the write, not the caller.
func (e *Engine) send(ctx context.Context, op, line string) error {
	if ctx.Err() != nil {
		return &Error{Op: op, Err: ctxErr(ctx), unsent: true}
	}
	written := e.write(line)
	timer := time.NewTimer(e.cfg.Timeout)
	defer timer.Stop()
	select {
	case err := <-written:
		if err != nil {
			return &Error{Op: op, Err: e.deathCause(err)}
		}
		return nil
	case <-ctx.Done():
		return &Error{Op: op, Err: ctxErr(ctx)}
	case <-timer.C:
		return &Error{Op: op, Err: fmt.Errorf("%w: the engine did not read %q within %v", ErrTimeout, line, e.cfg.Timeout)}
	case <-e.done:
		return &Error{Op: op, Err: ErrClosed}
	}
}

// write writes one line in a goroutine of its own and reports its error
// on the channel.
func (e *Engine) write(line string) <-chan error {
	written := make(chan error, 1)
	go func() {
		e.writeMu.Lock()
		defer e.writeMu.Unlock()
		_, err := io.WriteString(e.w, line+"\n")
		written <- err
	}()
	return written
}

func ctxErr(ctx context.Context) error {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return fmt.Errorf("%w: %w", ErrTimeout, ctx.Err())
	}
	return ctx.Err()
}

// deathCause says why the engine is gone: its exit status if it has
// exited, else the error of the pipe.
func (e *Engine) deathCause(err error) error {
	select {
	case <-e.done:
		return ErrClosed
	default:
	}
	if e.cmd != nil {
		select {
		case <-e.exited:
			if e.exit != nil {
				return fmt.Errorf("%w: %w", ErrEngineDied, e.exit)
			}
			return fmt.Errorf("%w: exited", ErrEngineDied)
		case <-time.After(time.Second): // its output may end a moment before it exits
		}
	}
	if err == nil || err == io.EOF {
		return fmt.Errorf("%w: its output ended", ErrEngineDied)
	}
	if errors.Is(err, ErrProtocol) {
		return err
	}
	return fmt.Errorf("%w: %w", ErrEngineDied, err)
}

// errDeadline is next's error when its own deadline (not the context's)
// passes.
var errDeadline = errors.New("deadline")

// next returns the engine's next line, waiting until ctx ends or the
// deadline passes (none if zero).
func (e *Engine) next(ctx context.Context, deadline time.Time) (string, error) {
	var timeout <-chan time.Time
	if !deadline.IsZero() {
		timer := time.NewTimer(time.Until(deadline))
		defer timer.Stop()
		timeout = timer.C
	}
	select {
	case line, ok := <-e.lines:
		if !ok {
			return "", e.deathCause(e.rerr)
		}
		return line, nil
	case <-ctx.Done():
		return "", ctxErr(ctx)
	case <-timeout:
		return "", errDeadline
	case <-e.done:
		return "", ErrClosed
	}
}

func (e *Engine) handshake(ctx context.Context) error {
	const op = "handshake"
	hs := e.cfg.Handshake
	if hs != "uci" && hs != "jcei" {
		return &Error{Op: op, Err: fmt.Errorf("%w: handshake %q: want uci or jcei", ErrProtocol, hs)}
	}
	if err := e.send(ctx, op, hs); err != nil {
		return err
	}
	deadline := time.Now().Add(e.cfg.Timeout)
	for n := 0; ; n++ {
		line, err := e.next(ctx, deadline)
		if err == errDeadline {
			return &Error{Op: op, Err: fmt.Errorf("%w: no %sok within %v", ErrTimeout, hs, e.cfg.Timeout)}
		}
		if err != nil {
			return &Error{Op: op, Err: err}
		}
		word, rest, _ := strings.Cut(strings.TrimSpace(line), " ")
		switch word {
		case hs + "ok":
			return nil
		case "id":
			key, value, _ := strings.Cut(strings.TrimSpace(rest), " ")
			switch key {
			case "name":
				e.name = strings.TrimSpace(value)
			case "author":
				e.author = strings.TrimSpace(value)
			}
		case "option":
			o, err := parseOption(rest)
			if err != nil {
				return &Error{Op: op, Line: line, Err: err}
			}
			e.options = append(e.options, o)
		default:
			// A banner before the answer is allowed, within reason.
			if n >= maxBanner {
				return &Error{Op: op, Err: fmt.Errorf("%w: no %sok in the first %d lines", ErrProtocol, hs, maxBanner)}
			}
		}
	}
}

// parseOption reads the part of an option line after "option".
func parseOption(text string) (Option, error) {
	var o Option
	key := ""
	var value []string
	flush := func() {
		v := strings.Join(value, " ")
		switch key {
		case "name":
			o.Name = v
		case "type":
			o.Type = v
		case "default":
			o.Default = v
		case "min":
			o.Min = v
		case "max":
			o.Max = v
		case "var":
			o.Vars = append(o.Vars, v)
		}
		value = value[:0]
	}
	for _, f := range strings.Fields(text) {
		switch f {
		case "name", "type", "default", "min", "max", "var":
			if key != "name" || f == "type" {
				flush()
				key = f
				continue
			}
		}
		if key == "" {
			return Option{}, fmt.Errorf("%w: option: want name first", ErrProtocol)
		}
		value = append(value, f)
	}
	flush()
	if o.Name == "" || o.Type == "" {
		return Option{}, fmt.Errorf("%w: option: want a name and a type", ErrProtocol)
	}
	return o, nil
}

// SetOption sets an engine option ("setoption name NAME value VALUE") and
// waits until the engine is ready, so that a refusal ("info string error:
// ...") is returned here, wrapping ErrRefused. The option need not be one
// the engine declared: an engine ignores what it does not know.
func (e *Engine) SetOption(ctx context.Context, name, value string) error {
	if err := e.begin("setoption"); err != nil {
		return err
	}
	defer e.call.Unlock()
	if strings.ContainsAny(name+value, "\r\n") || strings.TrimSpace(name) == "" {
		return &Error{Op: "setoption", Err: fmt.Errorf("%w: option %q value %q: want one line and a name", ErrRefused, name, value)}
	}
	if err := e.send(ctx, "setoption", "setoption name "+name+" value "+value); err != nil {
		return e.fail(err)
	}
	if err := e.send(ctx, "setoption", "isready"); err != nil {
		return e.fail(err)
	}
	return e.fail(e.ready(ctx, "setoption"))
}

// Ready sends "isready" and waits for "readyok", bounded by ctx and
// Config.Timeout.
func (e *Engine) Ready(ctx context.Context) error {
	if err := e.begin("isready"); err != nil {
		return err
	}
	defer e.call.Unlock()
	if err := e.send(ctx, "isready", "isready"); err != nil {
		return e.fail(err)
	}
	return e.fail(e.ready(ctx, "isready"))
}

// NewGame tells the engine a new game begins ("ucinewgame") and waits
// until it is ready.
func (e *Engine) NewGame(ctx context.Context) error {
	if err := e.begin("ucinewgame"); err != nil {
		return err
	}
	defer e.call.Unlock()
	e.game = nil
	if err := e.send(ctx, "ucinewgame", "ucinewgame"); err != nil {
		return e.fail(err)
	}
	if err := e.send(ctx, "ucinewgame", "isready"); err != nil {
		return e.fail(err)
	}
	return e.fail(e.ready(ctx, "ucinewgame"))
}

// ready reads lines until readyok. The first refusal among them is
// returned once readyok has come.
func (e *Engine) ready(ctx context.Context, op string) error {
	deadline := time.Now().Add(e.cfg.Timeout)
	var refusal error
	for {
		line, err := e.next(ctx, deadline)
		if err == errDeadline {
			return &Error{Op: op, Err: fmt.Errorf("%w: no readyok within %v", ErrTimeout, e.cfg.Timeout)}
		}
		if err != nil {
			return &Error{Op: op, Err: err}
		}
		word, rest, _ := strings.Cut(strings.TrimSpace(line), " ")
		switch word {
		case "readyok":
			return refusal
		case "info":
			info, err := parseInfo(rest)
			if err != nil {
				return &Error{Op: op, Line: line, Err: err}
			}
			if msg, ok := strings.CutPrefix(info.Text, "error: "); ok && refusal == nil {
				refusal = &Error{Op: op, Err: fmt.Errorf("%w: %s", ErrRefused, msg)}
			}
		case "", "copyprotection", "registration":
		default:
			return &Error{Op: op, Line: line, Err: fmt.Errorf("%w: unexpected line", ErrProtocol)}
		}
	}
}

// Position gives the engine the game to search: "position startpos" or
// "position fen START", then the game's moves. It does not wait for an
// answer: an engine that refuses the position says so during the next Go,
// which returns an error wrapping ErrRefused. The client keeps a copy of g
// to check the engine's best move against, under g's rules: the protocol
// carries no rules, so the engine must be told them another way (for
// cmd/engine, its Rules option).
func (e *Engine) Position(ctx context.Context, g *dsq.Game) error {
	if err := e.begin("position"); err != nil {
		return err
	}
	defer e.call.Unlock()
	var b strings.Builder
	b.WriteString("position ")
	if start := g.Start(); start == dsq.StartPosition() {
		b.WriteString("startpos")
	} else {
		b.WriteString("fen " + start.String())
	}
	if moves := g.Moves(); len(moves) > 0 {
		b.WriteString(" moves")
		for _, m := range moves {
			b.WriteString(" " + m.String())
		}
	}
	if err := e.send(ctx, "position", b.String()); err != nil {
		return e.fail(err)
	}
	e.game = g.Clone()
	return nil
}

// Limits bound a search (the go command). Several limits may be set; the
// engine stops at the first reached. None, or Infinite, searches until the
// context of Go ends or Stop is called.
type Limits struct {
	Depth    int           // plies; 0: none
	Nodes    uint64        // 0: none
	MoveTime time.Duration // 0: none; sent in whole milliseconds, at least 1
	// Time and Inc are the game clocks, indexed by dsq.Color (wtime and
	// winc are Red's, who moves first as White does); sent when either
	// Time is set.
	Time, Inc [2]time.Duration
	MovesToGo int  // moves until the clock's next control; 0: none
	Infinite  bool // search until stopped: the end of Go's context is then no error
	// Progress, if set, is called with each info line of the search, in
	// the caller's goroutine.
	Progress func(Info)
}

// command writes the go command of the limits.
func (l Limits) command() string {
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
	if l.Time != [2]time.Duration{} {
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

// Result is the answer of a search.
type Result struct {
	// Move is the engine's best move, legal in the game; dsq.NoMove when the
	// game is over and the engine said so ("bestmove 0000").
	Move   dsq.Move
	Ponder dsq.Move // the reply the engine expects, if it named one (not checked)
	// Info is the last info line that carried a score: the engine's own
	// evaluation of the position, for the side to move, with the depth,
	// nodes and line behind it. Its HasScore is false if the engine printed
	// no score.
	Info Info
}

// Go searches the game of the last Position under the limits and returns
// the engine's best move, checked legal in that game.
//
// With a time limit (MoveTime, or the clock of the side to move), an engine
// that has not answered Config.Grace after its time is sent stop: the move
// it then names is returned with an error wrapping ErrTimeout, so that the
// caller decides whether a late move counts. When ctx ends, the engine is
// sent stop too: Go returns the move it then names with an error wrapping
// ctx's (no error for an Infinite search, which ends that way). Either way,
// an engine that does not answer stop within another Grace is reported as
// ErrTimeout with no move. Depth and node limits have no time of their own:
// ctx bounds them.
//
// An error with a move, or wrapping ErrRefused, leaves the engine in step.
// After any other error the engine is out of step, and every later call
// returns the same error.
func (e *Engine) Go(ctx context.Context, limits Limits) (Result, error) {
	const op = "go"
	if err := e.begin(op); err != nil {
		return Result{}, err
	}
	defer e.call.Unlock()
	if e.game == nil {
		return Result{}, &Error{Op: op, Err: fmt.Errorf("%w: no position was set", ErrRefused)}
	}
	g := e.game
	if err := e.send(ctx, op, limits.command()); err != nil {
		return Result{}, e.fail(err)
	}
	start := time.Now()
	var deadline time.Time
	budget := limits.MoveTime
	if limits.Time != [2]time.Duration{} {
		side := g.Position().SideToMove()
		budget = max(budget, limits.Time[side]+limits.Inc[side])
	}
	if budget > 0 && !limits.Infinite {
		deadline = start.Add(budget + e.cfg.Grace)
	}
	var res Result
	var refusal, stopped error // stopped: why stop was sent
	for {
		line, err := e.next(ctx, deadline)
		if err != nil && stopped == nil && (err == errDeadline || ctx.Err() != nil) {
			// Out of time: ask for the move now, and give it Grace.
			stopped = err
			if err == errDeadline {
				stopped = fmt.Errorf("%w: no bestmove within %v", ErrTimeout, budget+e.cfg.Grace)
			}
			if err := e.send(context.Background(), op, "stop"); err != nil {
				return res, e.fail(err)
			}
			ctx = context.Background()
			deadline = time.Now().Add(e.cfg.Grace)
			continue
		}
		if err == errDeadline {
			return res, e.fail(&Error{Op: op, Err: fmt.Errorf("%w, nor within %v of stop", stopped, e.cfg.Grace)})
		}
		if err != nil {
			return res, e.fail(&Error{Op: op, Err: err})
		}
		word, rest, _ := strings.Cut(strings.TrimSpace(line), " ")
		switch word {
		case "info":
			info, err := parseInfo(rest)
			if err != nil {
				return res, e.fail(&Error{Op: op, Line: line, Err: err})
			}
			if msg, ok := strings.CutPrefix(info.Text, "error: "); ok && refusal == nil {
				refusal = &Error{Op: op, Err: fmt.Errorf("%w: %s", ErrRefused, msg)}
			}
			if info.HasScore {
				res.Info = info
			}
			if limits.Progress != nil {
				limits.Progress(info)
			}
		case "bestmove":
			if refusal != nil {
				return res, refusal
			}
			if err := res.readBestMove(g, rest); err != nil {
				return res, e.fail(&Error{Op: op, Line: line, Err: err})
			}
			if stopped == nil || limits.Infinite {
				return res, nil
			}
			// Late or cut short, but in step: the engine stays usable.
			return res, &Error{Op: op, Err: stopped}
		case "", "copyprotection", "registration":
		default:
			return res, e.fail(&Error{Op: op, Line: line, Err: fmt.Errorf("%w: unexpected line", ErrProtocol)})
		}
	}
}

// readBestMove reads "MOVE [ponder MOVE]" and checks MOVE in g.
func (r *Result) readBestMove(g *dsq.Game, text string) error {
	fields := strings.Fields(text)
	if len(fields) == 0 {
		return fmt.Errorf("%w: bestmove names no move", ErrProtocol)
	}
	if fields[0] == "0000" || fields[0] == "(none)" {
		if g.IsOver() {
			r.Move = dsq.NoMove
			return nil
		}
		return fmt.Errorf("%w: no move named, but the game is not over", ErrProtocol)
	}
	m, err := dsq.ParseMove(fields[0])
	if err != nil {
		return fmt.Errorf("%w: %w", ErrProtocol, err)
	}
	if err := g.CheckMove(m); err != nil {
		return fmt.Errorf("%w: %v is not legal: %w", ErrProtocol, m, err)
	}
	r.Move = m
	if len(fields) >= 3 && fields[1] == "ponder" {
		if p, err := dsq.ParseMove(fields[2]); err == nil {
			r.Ponder = p
		}
	}
	return nil
}

// Stop asks the running search to end now; its Go returns the engine's
// best move. It may be called from any goroutine, and does nothing if no
// search runs (an engine ignores a stray stop).
func (e *Engine) Stop() error {
	ctx, cancel := context.WithTimeout(context.Background(), e.cfg.Timeout)
	defer cancel()
	return e.send(ctx, "stop", "stop")
}

// Close ends the engine: it sends "quit", closes the engine's input and,
// for a process, waits Config.Quit for it to exit before killing it. A call
// running in another goroutine returns ErrClosed. Close may be called more
// than once and from any goroutine; it returns the process's exit error,
// if any (nil for an engine that quit cleanly or was killed by Close).
func (e *Engine) Close() error {
	e.closeOnce.Do(func() {
		close(e.done)
		select {
		case <-e.write("quit"):
		case <-time.After(min(e.cfg.Quit, 500*time.Millisecond)):
		}
		if c, ok := e.w.(io.Closer); ok {
			_ = c.Close()
		}
		if e.cmd == nil {
			if c, ok := e.r.(io.Closer); ok {
				_ = c.Close()
			}
			return
		}
		select {
		case <-e.exited:
			e.closeErr = e.exit
		case <-time.After(e.cfg.Quit):
			_ = e.cmd.Process.Kill()
			// A child of the engine may hold its output open: closing our
			// end ends the reader, which reaps the process.
			if c, ok := e.r.(io.Closer); ok {
				_ = c.Close()
			}
			<-e.exited
		}
	})
	return e.closeErr
}
