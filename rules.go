package doushouqi

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Rules selects the house rules a position is played under. The zero value,
// also named Standard, is RULES.md. Every public Jungle engine differs from
// RULES.md somewhere; these options play the common differences exactly, so
// that a server can offer them and anyone can cross-check this library
// against those engines.
//
// A position carries its rules (Threefold aside, which only a Game applies):
// Position.WithRules and Setup.Rules set them, and the notation writes them
// as a fifth field when they are not Standard, so that a position's text
// and JSON never lose them (see ParsePosition).
type Rules struct {
	// TrappedCapture lets a piece standing in an enemy trap capture at its
	// full rank, as every public engine surveyed plays. Standard: it has rank
	// 0 and captures nothing.
	TrappedCapture bool
	// SwapDogWolf gives the dog rank 4 and the wolf rank 3, as some editions
	// print them. Standard: dog 3, wolf 4.
	SwapDogWolf bool
	// MoveLimit is the number of consecutive half-moves without a capture
	// after which the game is drawn: 0 means DrawHalfMoves (60), NoMoveLimit
	// means never, and any number from 1 to MaxMoveLimit is that number (200
	// is common elsewhere). DrawHalfMoves itself is the standard limit, so
	// what the package reads or returns writes it as 0: ParseRules, a
	// position's and a game's Rules, so that one game has one Rules value,
	// equal to Standard when nothing else differs.
	MoveLimit int
	// Threefold makes the third occurrence of the same position with the same
	// side to move a draw. It needs the history, so only a Game applies it;
	// positions and perft ignore it. Standard: off.
	Threefold bool
}

// Standard is the rules of RULES.md: the zero Rules.
var Standard = Rules{}

// NoMoveLimit as Rules.MoveLimit means no draw by the no-capture count.
const NoMoveLimit = -1

// MaxMoveLimit is the largest Rules.MoveLimit.
const MaxMoveLimit = 10_000

// ErrRules is the error of rules that cannot be played.
var ErrRules = errors.New("invalid rules")

// Validate reports rules that cannot be played: a MoveLimit other than 0,
// NoMoveLimit or 1..MaxMoveLimit.
func (r Rules) Validate() error {
	if r.MoveLimit != NoMoveLimit && (r.MoveLimit < 0 || r.MoveLimit > MaxMoveLimit) {
		return fmt.Errorf("doushouqi: %w: move limit %d, want %d (none), 0 (%d) or 1..%d", ErrRules, r.MoveLimit, NoMoveLimit, DrawHalfMoves, MaxMoveLimit)
	}
	return nil
}

// DrawLimit returns the number of consecutive half-moves without a capture
// after which a game under r is drawn (60 under the standard rules), or -1
// when r has no such limit. It is the one place the limit is read from
// Rules: positions, the search and the endgame tables all ask it.
func (r Rules) DrawLimit() int {
	if r.MoveLimit == NoMoveLimit {
		return -1
	}
	return int(r.drawAt())
}

// canonical returns r with the standard limit written as 0, the one form
// of the standard limit that the package returns.
func (r Rules) canonical() Rules {
	if r.MoveLimit == DrawHalfMoves {
		r.MoveLimit = 0
	}
	return r
}

// drawAt is the no-capture count that draws under r; never reached when
// there is no limit.
func (r Rules) drawAt() uint32 {
	switch r.MoveLimit {
	case 0:
		return DrawHalfMoves
	case NoMoveLimit:
		return 1<<32 - 1
	}
	return uint32(r.MoveLimit)
}

// variant packs the rules the move generator needs into two bits.
func (r Rules) variant() uint8 {
	var v uint8
	if r.TrappedCapture {
		v |= variantTrappedCapture
	}
	if r.SwapDogWolf {
		v |= variantSwapDogWolf
	}
	return v
}

const (
	variantTrappedCapture = 1 << iota
	variantSwapDogWolf
	numVariants = 4
)

// Rank returns the rank of animal a under r: its Rank(), with dog and wolf
// exchanged when SwapDogWolf is set.
func (r Rules) Rank(a Animal) int {
	if r.SwapDogWolf {
		switch a {
		case Dog:
			return Wolf.Rank()
		case Wolf:
			return Dog.Rank()
		}
	}
	return a.Rank()
}

// String writes the rules as ParseRules reads them: "standard", or the
// options that differ joined by commas, such as
// "trapped-capture,move-limit=200". A MoveLimit of DrawHalfMoves is the
// standard limit and is not written.
func (r Rules) String() string {
	r = r.canonical()
	var parts []string
	if r.TrappedCapture {
		parts = append(parts, "trapped-capture")
	}
	if r.SwapDogWolf {
		parts = append(parts, "swap-dog-wolf")
	}
	switch r.MoveLimit {
	case 0:
	case NoMoveLimit:
		parts = append(parts, "no-move-limit")
	default:
		parts = append(parts, "move-limit="+strconv.Itoa(r.MoveLimit))
	}
	if r.Threefold {
		parts = append(parts, "threefold")
	}
	if len(parts) == 0 {
		return "standard"
	}
	return strings.Join(parts, ",")
}

// ParseRules reads what Rules.String writes: "standard" (or ""), or
// options joined by commas in any order. An option given twice, or
// "no-move-limit" with "move-limit=N", is refused, and so is a limit
// written with a sign or a leading zero. "move-limit=60" is the standard
// limit and reads as MoveLimit 0, so that it equals Standard. Errors are
// *ParseError naming the option, with ErrRules.
func ParseRules(s string) (Rules, error) {
	var r Rules
	if s == "standard" || s == "" {
		return r, nil
	}
	fail := func(format string, args ...any) (Rules, error) {
		return Rules{}, newParseError("ParseRules", s, wrapf(ErrRules, format, args...))
	}
	seen := map[string]string{} // what an option sets: the option that set it
	for _, part := range strings.Split(s, ",") {
		name, value, hasValue := strings.Cut(part, "=")
		key := name
		if name == "no-move-limit" {
			key = "move-limit" // both set the limit
		}
		if first, ok := seen[key]; ok {
			if first == name {
				return fail("option %q given twice", cutInput(name))
			}
			return fail("%q and %q both set the move limit", first, name)
		}
		seen[key] = name
		switch {
		case name == "trapped-capture" && !hasValue:
			r.TrappedCapture = true
		case name == "swap-dog-wolf" && !hasValue:
			r.SwapDogWolf = true
		case name == "no-move-limit" && !hasValue:
			r.MoveLimit = NoMoveLimit
		case name == "threefold" && !hasValue:
			r.Threefold = true
		case name == "move-limit" && hasValue:
			n, err := strconv.Atoi(value)
			if err != nil || n < 1 || n > MaxMoveLimit || value != strconv.Itoa(n) {
				return fail("move limit %q, want 1..%d written without sign or leading zero", cutInput(value), MaxMoveLimit)
			}
			r.MoveLimit = n
		default:
			return fail("unknown option %q", cutInput(part))
		}
	}
	return r.canonical(), nil
}

// Rules returns the rules p is played under.
func (p Position) Rules() Rules {
	r := Rules{
		TrappedCapture: p.variant&variantTrappedCapture != 0,
		SwapDogWolf:    p.variant&variantSwapDogWolf != 0,
	}
	switch p.drawAt {
	case DrawHalfMoves:
	case 1<<32 - 1:
		r.MoveLimit = NoMoveLimit
	default:
		r.MoveLimit = int(p.drawAt)
	}
	return r
}

// WithRules returns a copy of p played under r (Threefold aside, which only
// a Game applies).
func (p Position) WithRules(r Rules) (Position, error) {
	if err := r.Validate(); err != nil {
		return Position{}, err
	}
	p.variant = r.variant()
	p.drawAt = r.drawAt()
	return p, nil
}
