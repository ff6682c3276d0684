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

// DefaultSearchTimeout is Config.SearchTimeout's default: the longest a
// search without a time limit (depth, nodes, infinite) runs before the
// client stops it.
const DefaultSearchTimeout = time.Minute

// Config tunes an Engine. The zero Config is ready to use.
type Config struct {
	// Handshake is the first command: "uci" (the default) or "jcei"; the
	// engine ends its identification with "uciok" or "jceiok".
	Handshake string
	// Timeout bounds each reply the engine owes at once: the handshake's
	// uciok, each readyok, and the engine's reading of each command. 0
	// means 10 s.
	Timeout time.Duration
	// Grace is how long past its time a timed search may take to print its
	// bestmove before the client sends stop, and then how long it may take
	// to answer stop. 0 means 1 s.
	Grace time.Duration
	// SearchTimeout bounds a search whose limits carry no time (only a
	// depth, nodes, or none, or Infinite): after it the client sends stop,
	// as it does Grace after a timed search's time, and Go returns the
	// engine's move with an error wrapping ErrTimeout. 0 means
	// DefaultSearchTimeout; negative means none (then only Go's context
	// bounds such a search).
	SearchTimeout time.Duration
	// Quit is how long Close waits for the engine to exit after "quit"
	// before it kills it, and then how long it waits for the process to be
	// reaped (exec.Cmd.WaitDelay, if the command sets none, so that a child
	// of the engine holding its output cannot hold Close). 0 means 2 s.
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
	if c.SearchTimeout == 0 {
		c.SearchTimeout = DefaultSearchTimeout
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
	multiPV      int       // the MultiPV option last set by Go; 0 if never
}

// Start starts cmd, whose standard input and output must not be set yet,
// and does the handshake, bounded by ctx and cfg.Timeout. The engine's
// standard error goes where cmd.Stderr says (nowhere if nil). If
// cmd.WaitDelay is 0 it is set to cfg.Quit. On any error the process is
// killed. A nil ctx or cmd is an error wrapping ErrInvalid.
func Start(ctx context.Context, cmd *exec.Cmd, cfg Config) (*Engine, error) {
	if ctx == nil || cmd == nil {
		return nil, &Error{Op: "start", Err: fmt.Errorf("%w: nil context or command", ErrInvalid)}
	}
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, &Error{Op: "start", Err: err}
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, &Error{Op: "start", Err: err}
	}
	cfg = cfg.withDefaults()
	if cmd.WaitDelay == 0 {
		cmd.WaitDelay = cfg.Quit
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
// goroutine blocked in Read until its writer ends it. A nil ctx, r or w is
// an error wrapping ErrInvalid.
func New(ctx context.Context, r io.Reader, w io.Writer, cfg Config) (*Engine, error) {
	if ctx == nil || r == nil || w == nil {
		return nil, &Error{Op: "start", Err: fmt.Errorf("%w: nil context, reader or writer", ErrInvalid)}
	}
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

// begin starts a call: it refuses a nil context, takes the call lock and
// refuses a closed or broken engine.
func (e *Engine) begin(ctx context.Context, op string) error {
	if ctx == nil {
		return &Error{Op: op, Err: fmt.Errorf("%w: nil context", ErrInvalid), unsent: true}
	}
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

// SetOption sets an engine option ("setoption name NAME value VALUE") and
// waits until the engine is ready, so that a refusal ("info string error:
// ...") is returned here, wrapping ErrRefused. The option need not be one
// the engine declared: an engine ignores what it does not know.
func (e *Engine) SetOption(ctx context.Context, name, value string) error {
	const op = "setoption"
	if err := e.begin(ctx, op); err != nil {
		return err
	}
	defer e.call.Unlock()
	c := CmdSetOption{Name: name, Value: value}
	if err := c.check(); err != nil {
		return &Error{Op: op, Err: fmt.Errorf("%w: %w", ErrRefused, err)}
	}
	if err := e.send(ctx, op, c.String()); err != nil {
		return e.fail(err)
	}
	if strings.EqualFold(name, "MultiPV") {
		e.multiPV = 0 // unknown to Go until it sets it itself
	}
	return e.fail(e.sync(ctx, op, false))
}

// Ready sends "isready" and waits for "readyok", bounded by ctx and
// Config.Timeout.
func (e *Engine) Ready(ctx context.Context) error {
	if err := e.begin(ctx, "isready"); err != nil {
		return err
	}
	defer e.call.Unlock()
	return e.fail(e.sync(ctx, "isready", false))
}

// NewGame tells the engine a new game begins ("ucinewgame") and waits
// until it is ready.
func (e *Engine) NewGame(ctx context.Context) error {
	if err := e.begin(ctx, "ucinewgame"); err != nil {
		return err
	}
	defer e.call.Unlock()
	e.game = nil
	if err := e.send(ctx, "ucinewgame", "ucinewgame"); err != nil {
		return e.fail(err)
	}
	return e.fail(e.sync(ctx, "ucinewgame", false))
}

// sync sends "isready" and reads lines until "readyok", bounded by ctx and
// Config.Timeout. The first refusal among them is returned once readyok
// has come. With drain, what a search printed late (info and bestmove
// lines) is read and dropped, so that the next search's answer is its
// own; without, a bestmove is a protocol error.
func (e *Engine) sync(ctx context.Context, op string, drain bool) error {
	if err := e.send(ctx, op, "isready"); err != nil {
		return err
	}
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
		case "bestmove":
			if !drain {
				return &Error{Op: op, Line: line, Err: fmt.Errorf("%w: bestmove with no search", ErrProtocol)}
			}
		case "", "copyprotection", "registration":
		default:
			return &Error{Op: op, Line: line, Err: fmt.Errorf("%w: unexpected line", ErrProtocol)}
		}
	}
}

// Position gives the engine the game to search (PositionOf(g): "position
// startpos" or "position fen START", then the game's moves). It does not
// wait for an answer: an engine that refuses the position says so before
// the next Go searches, which returns an error wrapping ErrRefused. The
// client keeps a copy of g to check the engine's best move against, under
// g's rules: the protocol carries no rules, so the engine must be told
// them another way (for cmd/engine, its Rules option). A nil g is an error
// wrapping ErrInvalid.
func (e *Engine) Position(ctx context.Context, g *dsq.Game) error {
	if err := e.begin(ctx, "position"); err != nil {
		return err
	}
	defer e.call.Unlock()
	if g == nil {
		return &Error{Op: "position", Err: fmt.Errorf("%w: nil game", ErrInvalid)}
	}
	if err := e.send(ctx, "position", PositionOf(g).String()); err != nil {
		return e.fail(err)
	}
	e.game = g.Clone()
	return nil
}

// Result is the answer of a search.
type Result struct {
	// Move is the engine's best move, legal in the game; dsq.NoMove when the
	// game is over and the engine said so ("bestmove 0000").
	Move   dsq.Move
	Ponder dsq.Move // the reply the engine expects, if it named one (not checked)
	// Info is the last info line that carried a score (of line 1, when
	// the engine reports several): the engine's own evaluation of the
	// position, for the side to move, with the depth, nodes and line
	// behind it. Its HasScore is false if the engine printed no score.
	Info Info
	// Lines are the engine's best lines when it reported several (info
	// lines with multipv, as after Limits.MultiPV): Lines[k-1] is the
	// last scored info of line k. Nil if it reported none.
	Lines []Info
}

// Go searches the game of the last Position under the limits and returns
// the engine's best move, checked legal in that game.
//
// Before the go command the client sends isready (and, with
// Limits.MultiPV, the MultiPV option) and waits for readyok, dropping
// whatever an earlier search printed late, so that the bestmove read is
// the answer to this go; a refusal of the position or the option is
// returned then, wrapping ErrRefused, without a search.
//
// With a time limit (MoveTime, or the clock of the side to move, even at
// 0), an engine that has not answered Config.Grace after its time is sent
// stop: the move it then names is returned with an error wrapping
// ErrTimeout, so that the caller decides whether a late move counts. A
// search without a time (depth, nodes, infinite) is stopped so after
// Config.SearchTimeout. When ctx ends, the engine is sent stop too: Go
// returns the move it then names with an error wrapping ctx's (no error for
// an Infinite search, which ends that way). Either way, an engine that does
// not answer stop within another Grace is reported as ErrTimeout with no
// move.
//
// An error with a move, or wrapping ErrRefused or ErrInvalid, leaves the
// engine in step. After any other error the engine is out of step, and
// every later call returns the same error.
func (e *Engine) Go(ctx context.Context, limits Limits) (Result, error) {
	const op = "go"
	if err := e.begin(ctx, op); err != nil {
		return Result{}, err
	}
	defer e.call.Unlock()
	if e.game == nil {
		return Result{}, &Error{Op: op, Err: fmt.Errorf("%w: no position was set", ErrRefused)}
	}
	g := e.game
	if n := limits.MultiPV; n > 0 && n != e.multiPV {
		if err := e.send(ctx, op, CmdSetOption{Name: "MultiPV", Value: strconv.Itoa(n)}.String()); err != nil {
			return Result{}, e.fail(err)
		}
		e.multiPV = n
	}
	if err := e.sync(ctx, op, true); err != nil {
		if errors.Is(err, ErrRefused) {
			e.multiPV = 0
		}
		return Result{}, e.fail(err)
	}
	if err := e.send(ctx, op, limits.String()); err != nil {
		return Result{}, e.fail(err)
	}
	start := time.Now()
	var deadline time.Time
	var late error // the error of a search stopped at its deadline
	budget := time.Duration(-1)
	if limits.MoveTime > 0 {
		budget = limits.MoveTime
	}
	if limits.clocked() {
		side := g.Position().SideToMove()
		budget = max(budget, limits.Time[side]+limits.Inc[side])
	}
	switch {
	case budget >= 0 && !limits.Infinite:
		deadline = start.Add(budget + e.cfg.Grace)
		late = fmt.Errorf("%w: no bestmove within %v", ErrTimeout, budget+e.cfg.Grace)
	case e.cfg.SearchTimeout > 0:
		deadline = start.Add(e.cfg.SearchTimeout)
		late = fmt.Errorf("%w: no bestmove within the search timeout %v", ErrTimeout, e.cfg.SearchTimeout)
	}
	var res Result
	var stopped error // why stop was sent
	quietEnd := false // the search ended as asked: an Infinite search by its context
	for {
		line, err := e.next(ctx, deadline)
		if err != nil && stopped == nil && (err == errDeadline || ctx.Err() != nil) {
			// Out of time: ask for the move now, and give it Grace.
			stopped = err
			if err == errDeadline {
				stopped = late
			} else if limits.Infinite {
				quietEnd = true
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
			if msg, ok := strings.CutPrefix(info.Text, "error: "); ok {
				// A refusal of the go command: bestmove follows.
				return res, e.fail(e.refused(ctx, op, msg))
			}
			res.add(info)
			if limits.Progress != nil {
				limits.Progress(info)
			}
		case "bestmove":
			if err := res.readBestMove(g, line); err != nil {
				return res, e.fail(&Error{Op: op, Line: line, Err: err})
			}
			if stopped == nil || quietEnd {
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

// refused reads up to the bestmove that follows an engine's refusal of a
// go command, within Grace, and returns the refusal.
func (e *Engine) refused(ctx context.Context, op, msg string) error {
	deadline := time.Now().Add(e.cfg.Grace)
	for {
		line, err := e.next(ctx, deadline)
		if err == errDeadline {
			return &Error{Op: op, Err: fmt.Errorf("%w: no bestmove within %v of the refusal %q", ErrTimeout, e.cfg.Grace, msg)}
		}
		if err != nil {
			return &Error{Op: op, Err: err}
		}
		if word, _, _ := strings.Cut(strings.TrimSpace(line), " "); word == "bestmove" {
			return &Error{Op: op, Err: fmt.Errorf("%w: %s", ErrRefused, msg)}
		}
	}
}

// add keeps an info line of the search: the last scored one of line 1 as
// Info, and each line's last scored one in Lines.
func (r *Result) add(info Info) {
	if !info.HasScore {
		return
	}
	if info.MultiPV <= 1 {
		r.Info = info
	}
	if k := info.MultiPV; k >= 1 && k <= 1<<10 {
		for len(r.Lines) < k {
			r.Lines = append(r.Lines, Info{})
		}
		r.Lines[k-1] = info
	}
}

// readBestMove reads a bestmove line and checks its move in g.
func (r *Result) readBestMove(g *dsq.Game, line string) error {
	b, err := ParseBestMove(line)
	if err != nil {
		return err
	}
	if b.Move == dsq.NoMove {
		if g.IsOver() {
			r.Move = dsq.NoMove
			return nil
		}
		return fmt.Errorf("%w: no move named, but the game is not over", ErrProtocol)
	}
	if err := g.CheckMove(b.Move); err != nil {
		return fmt.Errorf("%w: %v is not legal: %w", ErrProtocol, b.Move, err)
	}
	r.Move, r.Ponder = b.Move, b.Ponder
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
// for a process, waits Config.Quit for it to exit before killing it, then
// at most Config.Quit and a second more for it to be reaped, whatever its
// children do with its output (at most three times Quit and a second in
// all). A call running in another goroutine returns ErrClosed.
// Close may be called more than once and from any goroutine; it returns
// the process's exit error, if any (nil for an engine that quit cleanly or
// was killed by Close).
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
			return
		case <-time.After(e.cfg.Quit):
		}
		_ = e.cmd.Process.Kill()
		// A child of the engine may hold its output open: closing our end
		// ends the reader, which reaps the process; cmd.WaitDelay bounds
		// the wait for the output the child holds.
		if c, ok := e.r.(io.Closer); ok {
			_ = c.Close()
		}
		select {
		case <-e.exited:
		case <-time.After(e.cfg.Quit + time.Second):
		}
	})
	return e.closeErr
}
