package doushouqi

import (
	"errors"
	"fmt"
	"iter"
	"strings"
)

// Refusal is a rule that refuses a move, one of a closed list: the
// sentence a player reads (String), a stable code for programs and
// translations (Code), and the sentinel error of the refused move's
// [*MoveError] (Err). [Refusals] yields the whole list, so that a program
// that words or translates the rules can check it has them all.
//
// It is named Refusal, not Rule, because [Rules] names the house rules a
// position is played under; a Refusal is the reason a move was refused.
type Refusal uint8

// The refusals, in the order Play checks them.
const (
	NoRefusal               Refusal = iota // not a refusal: an error that is no rule's, or a legal move
	RefusalGameOver                        // the position is decided
	RefusalEmptySquare                     // no piece on the from square
	RefusalNotYourPiece                    // the piece is the other side's
	RefusalNotAStep                        // not one orthogonal step, nor a river jump
	RefusalNotAJumper                      // a river jump by an animal that does not jump
	RefusalJumpBlocked                     // a rat on the jump's water path
	RefusalOwnDen                          // onto the mover's own den
	RefusalWater                           // onto water by an animal other than the rat
	RefusalOwnPiece                        // onto a piece of the mover's own side
	RefusalWaterLandCapture                // a capture between water and land
	RefusalTrappedAttacker                 // a capture by a piece in an enemy trap
	RefusalElephantRat                     // the elephant capturing the rat
	RefusalRankTooLow                      // a capture of a higher rank
	numRefusals
)

// refusals holds each refusal's code and sentence: the one place a
// refusal is worded. The codes are on the play site's wire: never change
// one, add a new rule instead.
var refusals = [numRefusals]struct{ code, text string }{
	NoRefusal:               {"", "not a refusal"},
	RefusalGameOver:         {"game-over", "the game is over"},
	RefusalEmptySquare:      {"empty-square", "no piece on the from square"},
	RefusalNotYourPiece:     {"not-your-piece", "that piece belongs to the side not to move"},
	RefusalNotAStep:         {"not-a-step", "a piece moves one square up, down, left or right"},
	RefusalNotAJumper:       {"not-a-jumper", "only the lion and the tiger jump the river"},
	RefusalJumpBlocked:      {"jump-blocked", "a rat in the water blocks the jump"},
	RefusalOwnDen:           {"own-den", "no piece may enter its own den"},
	RefusalWater:            {"water", "only the rat may be on water"},
	RefusalOwnPiece:         {"own-piece", "a piece cannot capture its own side"},
	RefusalWaterLandCapture: {"water-land-capture", "no capture between water and land"},
	RefusalTrappedAttacker:  {"trapped-attacker", "a piece in an enemy trap cannot capture"},
	RefusalElephantRat:      {"elephant-rat", "the elephant cannot capture the rat"},
	RefusalRankTooLow:       {"rank-too-low", "a piece cannot capture a higher rank"},
}

// Refusals yields every refusal, NoRefusal excepted, in the order Play
// checks them.
func Refusals() iter.Seq[Refusal] {
	return func(yield func(Refusal) bool) {
		for r := NoRefusal + 1; r < numRefusals; r++ {
			if !yield(r) {
				return
			}
		}
	}
}

// Code returns the refusal's stable code, such as "water" or
// "rank-too-low": lower case words joined by hyphens, never changed once
// released. It is "" for NoRefusal and for a value that is not a refusal.
func (r Refusal) Code() string {
	if r >= numRefusals {
		return ""
	}
	return refusals[r].code
}

// String returns the rule as a player reads it, such as "only the rat may
// be on water"; "not a refusal" for NoRefusal and for a value that is not a
// refusal. A refused move's [MoveError.Reason] adds the animals and squares.
func (r Refusal) String() string {
	if r >= numRefusals {
		r = NoRefusal
	}
	return refusals[r].text
}

// Err returns the sentinel error of the refusal, such as [ErrWater]: the
// Err of a refused move's [*MoveError], for errors.Is. It is nil for
// NoRefusal and for a value that is not a refusal.
func (r Refusal) Err() error {
	if r == NoRefusal || r >= numRefusals {
		return nil
	}
	return refusalError(r)
}

// RefusalOf returns the refusal whose sentinel err wraps, as errors.Is
// finds it, or NoRefusal when err wraps none (nil, a parse error).
func RefusalOf(err error) Refusal {
	var re refusalError
	if errors.As(err, &re) {
		return Refusal(re)
	}
	return NoRefusal
}

// refusalError is the sentinel of a refusal: its message is the
// refusal's sentence, and two sentinels of one refusal are equal, as
// errors.Is compares them.
type refusalError Refusal

func (e refusalError) Error() string { return Refusal(e).String() }

// refusal words the rule m breaks for a player, with the animals,
// squares and ranks involved; "" when the rule's own sentence says it all.
func (p *Position) refusal(m Move, rule error) string {
	from, to := m.From(), m.To()
	piece, target := p.PieceAt(from), p.PieceAt(to)
	switch r := RefusalOf(rule); r {
	case RefusalGameOver:
		if p.IsZero() {
			return r.String() + ": the zero Position is not a position"
		}
		return r.String() + ": " + p.outcome().String()
	case RefusalEmptySquare:
		if m.strayBits() {
			return fmt.Sprintf("%#04x is not a move: bits above its two squares are set", uint16(m))
		}
		if from.IsValid() {
			return "there is no piece on " + from.String()
		}
	case RefusalNotYourPiece:
		return "that piece is " + capitalize(piece.Color().String()) + "'s"
	case RefusalNotAJumper:
		return fmt.Sprintf("%s, not the %s", r, piece.Animal())
	case RefusalJumpBlocked:
		path, _ := JumpPath(from, to)
		rats := path & (p.Pieces(Red, Rat) | p.Pieces(Blue, Rat))
		return fmt.Sprintf("the rat on %s blocks the %s's jump", rats.First(), piece.Animal())
	case RefusalWater:
		return fmt.Sprintf("the %s cannot enter the water: %s", piece.Animal(), r)
	case RefusalOwnPiece:
		return fmt.Sprintf("%s holds your own %s", to, target.Animal())
	case RefusalWaterLandCapture:
		if Water.Has(from) {
			return fmt.Sprintf("the %s cannot capture from the water onto land", piece.Animal())
		}
		return fmt.Sprintf("the %s cannot capture from land into the water", piece.Animal())
	case RefusalTrappedAttacker:
		return fmt.Sprintf("the %s stands in an enemy trap (rank 0) and cannot capture", piece.Animal())
	case RefusalRankTooLow:
		rules := p.Rules()
		a, d := piece.Animal(), target.Animal()
		return fmt.Sprintf("the %s (%d) cannot capture the %s (%d)", a, rules.Rank(a), d, rules.Rank(d))
	}
	return ""
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
