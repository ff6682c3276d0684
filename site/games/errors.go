package games

import (
	"time"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/site/teach"
)

// The codes of the site's refusals, as the API sends them (API.md,
// Errors). Package httpapi maps each code to its HTTP status in one table;
// an illegal move's code is the rule's (teach.RuleOf), all 422.
const (
	CodeBadRequest        = "bad-request"         // the call itself is wrong (a level the site has not)
	CodeNoSeat            = "no-seat"             // the call needs a seat token of this game
	CodeNotYourSeat       = "not-your-seat"       // a seat taken without the game's invitation
	CodeNotFound          = "not-found"           // no such game
	CodeConflict          = "conflict"            // the game's state refuses the call now
	CodeTimeUp            = "time-up"             // a conflict: the game ended on time
	CodeOpponentConnected = "opponent-connected"  // a conflict: a claim against a player who is here
	CodeOpponentMayReturn = "opponent-may-return" // a conflict: a claim made too early
	CodeAborted           = "aborted"             // a conflict: the game ended before its first moves
	CodeOpening           = "opening"             // a conflict: a claim before both first moves
	CodeTooLate           = "too-late"            // a conflict: an abort after both first moves
	CodeNoPlayer          = "no-player"           // an X-Player secret the site does not know
	CodeBadName           = "bad-name"            // a name identity.CheckName refuses
	CodeNameTaken         = "name-taken"          // a name another player holds (by its skeleton)
	CodeNameRequired      = "name-required"       // a rated game asked for without a name
	CodeBusy              = "busy"                // no room for the work (the AI's queue, watchers)
	CodeInternal          = "internal"            // the server failed: its error stays in the log
)

// Error is the play site's one refusal: its API code and a message for
// players (never a Go error's text, so nothing of the inside leaks), as
// the API answers it: {"code": ..., "message": ...}.
type Error struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	// Move and Err are the refused move and the rules' reason (a
	// *dsq.MoveError), for an illegal move.
	Move dsq.Move `json:"-"`
	Err  error    `json:"-"`
	// RetryAfter, when not zero, is how long until the same call may be
	// granted (an abandonment claim made too early, a full AI queue), so
	// that a client can say when in its own words instead of quoting
	// Message.
	RetryAfter time.Duration `json:"-"`
}

func (e *Error) Error() string { return e.Code + ": " + e.Message }

// Unwrap returns the rules' reason of an illegal move.
func (e *Error) Unwrap() error { return e.Err }

// Refuse returns the refusal with code and message.
func Refuse(code, message string) *Error { return &Error{Code: code, Message: message} }

// illegal is the refusal of move m, which the rules refuse with err: coded
// by the rule, in the rule's words.
func illegal(m dsq.Move, err error) *Error {
	rule := teach.RuleOf(err)
	return &Error{Code: rule.Code, Message: m.String() + ": " + rule.Message, Move: m, Err: err}
}

// The refusals used in more than one place.
var (
	ErrNotFound     = Refuse(CodeNotFound, "no such game")
	ErrNoSeat       = Refuse(CodeNoSeat, "this needs the seat token of a player of this game")
	ErrChanged      = Refuse(CodeConflict, "the game changed meanwhile: reload it and try again")
	errOver         = Refuse(CodeConflict, "the game is over")
	errNotYours     = Refuse(CodeConflict, "it is not your turn")
	errAIThinking   = Refuse(CodeConflict, "the AI is thinking")
	errNoOpponent   = Refuse(CodeConflict, "waiting for the other player to join")
	errStale        = Refuse(CodeConflict, "the game moved on during the search")
	errBusy         = Busy("the AI is busy")
	errTimeUp       = Refuse(CodeTimeUp, "the game is over: time ran out")
	errAborted      = Refuse(CodeAborted, "the game was aborted: the first move did not come in time")
	errNameRequired = Refuse(CodeNameRequired, "a rated game needs a name: choose one first")
)

// Busy is the refusal of work there is no room for now (what: "the AI is
// busy", "too many watchers"), to be tried again in a few seconds.
func Busy(what string) *Error {
	return &Error{Code: CodeBusy, Message: what + ": try again in a few seconds", RetryAfter: 5 * time.Second}
}
