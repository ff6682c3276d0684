package doushouqi

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
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
// reach. ErrWater and ErrOwnDen, from the move errors below, are too, since
// they are the same rules.
var (
	ErrDuplicateAnimal = errors.New("more than one of an animal on a side")
	ErrBothDens        = errors.New("pieces in both dens")
)

// Move errors: the Err of a [*MoveError], one per [Refusal], whose
// sentence is the message. ErrWater and ErrOwnDen are also the Err of a
// [*PositionError].
var (
	ErrGameOver         = RefusalGameOver.Err()
	ErrEmptySquare      = RefusalEmptySquare.Err()
	ErrNotYourPiece     = RefusalNotYourPiece.Err()
	ErrNotAStep         = RefusalNotAStep.Err()
	ErrNotAJumper       = RefusalNotAJumper.Err()
	ErrJumpBlocked      = RefusalJumpBlocked.Err()
	ErrOwnDen           = RefusalOwnDen.Err()
	ErrWater            = RefusalWater.Err()
	ErrOwnPiece         = RefusalOwnPiece.Err()
	ErrWaterLandCapture = RefusalWaterLandCapture.Err()
	ErrTrappedAttacker  = RefusalTrappedAttacker.Err()
	ErrElephantRat      = RefusalElephantRat.Err()
	ErrRankTooLow       = RefusalRankTooLow.Err()
)

// ErrNotAPosition is the error of a Position value that is not a position of
// the game: the zero Position, or one left inconsistent by MakeMove given an
// illegal move.
var ErrNotAPosition = errors.New("not a position of the game")

// ParseError records a failed parse, like strconv.NumError: the function, the
// input (cut to 64 bytes) and the reason, whose chain holds one of the parse
// sentinels or a [*PositionError]. MarshalText reports a value with no text
// form with a ParseError too: its Input names the value, as a move's
// squares ("b2b2") or in Go syntax ("Square(70)").
type ParseError struct {
	Func  string // the failing function: "ParseSquare", "ParseMove", "ParsePosition"
	Input string // the input, at most 64 bytes of it
	Err   error  // the reason
}

func (e *ParseError) Error() string {
	if e.Func == "MarshalText" { // a value with no text form: nothing was parsed
		return "doushouqi: " + e.Func + ": " + e.Input + ": " + reasonText(e.Err)
	}
	return "doushouqi: " + e.Func + ": parsing " + strconv.Quote(e.Input) + ": " + reasonText(e.Err)
}

// reasonText is err's message without the package prefix, for an error that
// quotes another; "unknown reason" for nil (a zero error struct).
func reasonText(err error) string {
	if err == nil {
		return "unknown reason"
	}
	return tidyText(strings.TrimPrefix(err.Error(), "doushouqi: "))
}

// tidyText drops the package prefix of errors quoted inside a message, so
// that a message says "doushouqi:" once, at its start.
func tidyText(msg string) string { return strings.ReplaceAll(msg, ": doushouqi: ", ": ") }

// tidyError is an error from tidyf: fmt.Errorf's chain with a tidy message.
type tidyError struct {
	msg string
	err error
}

func (e *tidyError) Error() string { return e.msg }
func (e *tidyError) Unwrap() error { return e.err }

// tidyf is fmt.Errorf for a message that quotes other errors of the
// package: the chain is kept, the message says "doushouqi:" once.
func tidyf(format string, args ...any) error {
	err := fmt.Errorf(format, args...)
	return &tidyError{msg: tidyText(err.Error()), err: err}
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

// cutInput cuts s to at most 64 bytes for quoting in an error, at a
// character boundary, so that valid UTF-8 stays valid.
func cutInput(s string) string {
	if len(s) <= maxQuotedInput {
		return s
	}
	n := maxQuotedInput
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// PositionError says why a board cannot occur under the rules: the square at
// fault, the piece on it, and a sentinel such as [ErrWater].
type PositionError struct {
	Square Square // the offending square, NoSquare if the fault is not one square's
	Piece  Piece  // the piece on it, NoPiece if none
	Err    error  // the rule broken
}

func (e *PositionError) Error() string {
	if !e.Square.IsValid() {
		return "doushouqi: invalid position: " + reasonText(e.Err)
	}
	return fmt.Sprintf("doushouqi: invalid position: %s on %s: %s", e.Piece, e.Square, reasonText(e.Err))
}

// Unwrap returns the rule broken.
func (e *PositionError) Unwrap() error { return e.Err }

// MoveError says why a move was refused ([Position.Play], [Game.Play],
// [Game.PlayText]). Its message says what a player needs, such as
// "doushouqi: illegal move c3c4: the dog (3) cannot capture the wolf (4)";
// [MoveError.Reason] is that reason alone, for showing to the player, and
// [MoveError.Refusal] the rule, for a program.
type MoveError struct {
	Move Move   // the move refused; NoMove if the text was not a move
	Text string // the move as written, for Game.PlayText; "" otherwise
	Err  error  // the rule it breaks (a Refusal's Err), or the *ParseError of Text
	// detail is the player's reason with the animals, squares and ranks
	// involved; "" means Err's message says it.
	detail string
}

func (e *MoveError) Error() string {
	var pe *ParseError
	if e.Move == NoMove && (e.Text != "" || errors.As(e.Err, &pe)) {
		// Text that is not a move, the empty text included.
		return "doushouqi: move " + strconv.Quote(e.Text) + ": " + e.Reason()
	}
	return "doushouqi: illegal move " + e.Move.String() + ": " + e.Reason()
}

// Reason returns why the move was refused, worded for a player: "that piece
// is Blue's", "the dog (3) cannot capture the wolf (4)", "no piece may enter
// its own den".
func (e *MoveError) Reason() string {
	if e.detail != "" {
		return e.detail
	}
	var pe *ParseError
	if errors.As(e.Err, &pe) {
		return reasonText(pe.Err)
	}
	return reasonText(e.Err)
}

// Refusal returns the rule that refused the move, such as [RefusalWater],
// read from Err; NoRefusal when Text was not a move at all. Its Code is
// what a program or a translation keys on.
func (e *MoveError) Refusal() Refusal { return RefusalOf(e.Err) }

// Unwrap returns the rule broken.
func (e *MoveError) Unwrap() error { return e.Err }
