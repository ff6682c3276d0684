// Package uci is the engine protocol of this project, a UCI-style text
// protocol (with JCEI's "jcei"/"jceiok" handshake), in both directions:
//
//   - typed messages that write and parse the protocol's lines, for an
//     engine or an adapter that speaks it (cmd/engine does): the go command
//     (Limits, ParseGo), position (CmdPosition), setoption (CmdSetOption),
//     an option declared in the handshake (Option), a search report (Info)
//     and the answer (BestMove). Each String writes the line its Parse
//     function reads back.
//   - a client, Engine, that drives an external engine through them: it
//     starts the engine, sets its options, sends the game, runs a search
//     under a limit and reads the engine's reports and its best move (and
//     its best lines, with Limits.MultiPV).
//
// Every call of an Engine is bounded: by its context, by Config.Timeout for
// a reply the engine owes at once (uciok, readyok), by the search's time
// plus Config.Grace for a timed search, and by Config.SearchTimeout (a
// minute unless set) for a search with no time (depth, nodes, infinite),
// after which the client sends stop and waits one more Grace. Close ends
// within three times Config.Quit and a second, whatever the engine and its
// children do. An
// engine that exits, closes its output, prints a line the protocol does not
// have, or names a move that is not legal in the game it was given is
// reported as an error wrapping ErrEngineDied, ErrProtocol or ErrTimeout,
// never as a hang or a panic: a match or a server can drop such an engine
// and go on. A command the engine refuses but survives wraps ErrRefused, a
// call on a closed Engine wraps ErrClosed, and a nil argument wraps
// ErrInvalid. Every error is an *Error naming the call; errors.Is tells
// these sentinels apart.
//
// An Engine runs one call at a time: its methods are meant for one goroutine
// (a second goroutine's call waits for the first to return). Stop and Close
// may be called from any goroutine at any time: Stop ends the running search
// early, Close ends the engine, killing its process if it does not quit.
package uci

import (
	"errors"
	"strconv"
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
	// named a move that is not legal in the game. The Parse functions'
	// errors wrap it too.
	ErrProtocol = errors.New("protocol error")
	// ErrRefused: the engine answered a command with "info string error:
	// ..." (as cmd/engine does for an option or a position it cannot
	// take). The engine is still usable.
	ErrRefused = errors.New("refused")
	// ErrClosed: the Engine was closed.
	ErrClosed = errors.New("engine closed")
	// ErrInvalid: a nil argument (context, reader, writer, command, game):
	// nothing was sent.
	ErrInvalid = errors.New("invalid argument")
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
