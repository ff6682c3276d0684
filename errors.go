package doushouqi

import (
	"errors"
	"fmt"
	"strconv"
)

// Parse errors: the Err of a [*ParseError], one kind per field of the text.
var (
	ErrSyntax    = errors.New("syntax error")
	ErrSquare    = errors.New("invalid square")
	ErrRankCount = errors.New("wrong number of ranks")
	ErrFileCount = errors.New("wrong number of files in a rank")
	ErrLetter    = errors.New("unknown piece letter")
	ErrSide      = errors.New("invalid side to move")
	ErrCounter   = errors.New("invalid counter")
)

// Position errors: the Err of a [*PositionError], a board the rules cannot
// reach. ErrWater and ErrOwnDen are shared with the move errors below, since
// they are the same rules.
var (
	ErrDuplicateAnimal = errors.New("more than one of an animal on a side")
	ErrBothDens        = errors.New("pieces in both dens")
)

// Move errors: the Err of a [*MoveError], one reason per rule of RULES.md.
var (
	ErrGameOver         = errors.New("game already decided")
	ErrEmptySquare      = errors.New("no piece on the from square")
	ErrNotYourPiece     = errors.New("piece of the side not to move")
	ErrNotAStep         = errors.New("not a one-square orthogonal step or a river jump")
	ErrOwnDen           = errors.New("piece in its own den")
	ErrWater            = errors.New("only the rat may be on water")
	ErrJumpBlocked      = errors.New("river jump blocked by a rat")
	ErrOwnPiece         = errors.New("own piece on the target square")
	ErrWaterLandCapture = errors.New("capture between water and land")
	ErrTrappedAttacker  = errors.New("piece in an enemy trap cannot capture")
	ErrElephantRat      = errors.New("elephant cannot capture the rat")
	ErrRankTooLow       = errors.New("rank too low to capture")
)

// ParseError records a failed parse, like strconv.NumError: the function, the
// input (cut to 64 bytes) and the reason, whose chain holds one of the parse
// sentinels or a [*PositionError].
type ParseError struct {
	Func  string // the failing function: "ParseSquare", "ParseMove", "ParsePosition"
	Input string // the input, at most 64 bytes of it
	Err   error  // the reason
}

func (e *ParseError) Error() string {
	return "doushouqi." + e.Func + ": parsing " + strconv.Quote(e.Input) + ": " + e.Err.Error()
}

// Unwrap returns the reason, for errors.Is and errors.As.
func (e *ParseError) Unwrap() error { return e.Err }

func newParseError(fn, input string, err error) *ParseError {
	return &ParseError{Func: fn, Input: cutInput(input), Err: err}
}

// wrapf adds detail to a sentinel, keeping it visible to errors.Is.
func wrapf(sentinel error, format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{sentinel}, args...)...)
}

const maxQuotedInput = 64

func cutInput(s string) string {
	if len(s) > maxQuotedInput {
		return s[:maxQuotedInput]
	}
	return s
}

// PositionError says why a board cannot occur under the rules: the square at
// fault, the piece on it, and a sentinel such as [ErrWater].
type PositionError struct {
	Square Square // the offending square, NoSquare if the fault is not one square's
	Piece  Piece  // the piece on it, NoPiece if none
	Err    error  // the rule broken
}

func (e *PositionError) Error() string {
	if e.Square == NoSquare {
		return "invalid position: " + e.Err.Error()
	}
	return fmt.Sprintf("invalid position: %s on %s: %s", e.Piece, e.Square, e.Err)
}

// Unwrap returns the rule broken.
func (e *PositionError) Unwrap() error { return e.Err }

// MoveError says why [Position.Play] refused a move.
type MoveError struct {
	Move Move  // the move refused
	Err  error // the rule it breaks, one of the move sentinels
}

func (e *MoveError) Error() string {
	return "illegal move " + e.Move.String() + ": " + e.Err.Error()
}

// Unwrap returns the rule broken.
func (e *MoveError) Unwrap() error { return e.Err }
