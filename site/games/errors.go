package games

import (
	"time"

	dsq "github.com/doushouqi/doushouqi"
)

// Kind is the sort of a refusal, which the API turns into its status.
type Kind uint8

// The kinds of refusal.
const (
	NotFound  Kind = iota + 1 // no such game
	NoSeat                    // the call needs a seat token of this game
	Forbidden                 // the call is not this client's to make (a wrong invitation)
	Conflict                  // the game's state refuses the call now
	Invalid                   // the call itself is wrong (a level the site has not)
	Illegal                   // the rules refuse the move; Err is the library's *dsq.MoveError
	Busy                      // the AI has no room for the work the change would leave it
)

// Error is a refusal: its kind and a message for players (never a Go
// error's text, so nothing of the inside leaks).
type Error struct {
	Kind    Kind
	Code    string // a finer code for the API than Kind's, or ""
	Message string
	Move    dsq.Move // the refused move, for Illegal
	Err     error    // the rules' reason, for Illegal
	// RetryAfter, when not zero, is how long until the same call may be
	// granted (an abandonment claim made too early), so that a client can
	// say when in its own words instead of quoting Message.
	RetryAfter time.Duration
}

func (e *Error) Error() string { return e.Message }

// Unwrap returns the rules' reason of an Illegal refusal.
func (e *Error) Unwrap() error { return e.Err }

func refuse(kind Kind, message string) *Error { return &Error{Kind: kind, Message: message} }

// The refusals used in more than one place.
var (
	ErrNotFound   = refuse(NotFound, "no such game")
	ErrNoSeat     = refuse(NoSeat, "this needs the seat token of a player of this game")
	ErrChanged    = refuse(Conflict, "the game changed meanwhile: reload it and try again")
	errOver       = refuse(Conflict, "the game is over")
	errNotYours   = refuse(Conflict, "it is not your turn")
	errAIThinking = refuse(Conflict, "the AI is thinking")
	errNoOpponent = refuse(Conflict, "waiting for the other player to join")
	errStale      = refuse(Conflict, "the game moved on during the search")
	errBusy       = refuse(Busy, "the AI is busy")
	errTimeUp     = &Error{Kind: Conflict, Code: "time-up", Message: "the game is over: time ran out"}
	errAborted    = &Error{Kind: Conflict, Code: "aborted", Message: "the game was aborted: the first move did not come in time"}
)
