package svg

import (
	"errors"
	"strconv"
)

// The reasons Board refuses an option: the Err of an [*Error]. A zero
// Position is refused with dsq.ErrNotAPosition.
var (
	ErrSize   = errors.New("size out of range")
	ErrSquare = errors.New("not a square of the board")
	ErrMove   = errors.New("not a step or a river jump")
	ErrArrow  = errors.New("an arrow joins two different squares")
	ErrColor  = errors.New("not a colour")
	ErrClass  = errors.New("not a list of class names")
)

// Error is an input Board and WriteBoard refuse, like strconv.NumError: which
// argument or option, its value as text, and the reason, one of the
// sentinels above or dsq.ErrNotAPosition (errors.Is works).
type Error struct {
	Arg   string // the refused argument or option: "pos", "Size", "LastMove", "Marks[2].Square", ...
	Value string // its value, as text: a square out of range is its number
	Err   error  // the reason
}

func (e *Error) Error() string {
	reason := "unknown reason"
	if e.Err != nil {
		reason = e.Err.Error()
	}
	return "svg: " + e.Arg + " " + strconv.Quote(e.Value) + ": " + reason
}

// Unwrap returns the reason, for errors.Is and errors.As.
func (e *Error) Unwrap() error { return e.Err }
