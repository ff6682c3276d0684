// Package teach turns the library's rule answers into what the page shows a
// learner: a stable code for each refused-move reason, and the analysis of a
// position (terrain, targets, refusals, river jumps, attackers, trap control,
// den threats and defences, and with endgame tables the exact verdict on a
// solved ending).
package teach

import (
	"errors"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/endgame"
)

// Teacher analyses positions, with endgame tables when it has them. The
// zero Teacher has none; the package's Analyze and Handler are its.
type Teacher struct {
	// Tables, if not nil, give the verdict (Analysis.Endgame) on positions
	// whose material they hold. They are only read: one set may serve any
	// number of requests at once.
	Tables *endgame.Tables
}

// Code returns the stable code of the rule err breaks, the library's
// dsq.Refusal.Code ("water", "rank-too-low"), or "illegal-move" when err
// wraps no rule of the library's list.
func Code(err error) string {
	if c := dsq.RefusalOf(err).Code(); c != "" {
		return c
	}
	return "illegal-move"
}

// Rule is the rule a refused move breaks, as the API and the page show it:
// its stable code (Code) and the library's words for the player
// (dsq.MoveError.Reason, "the dog (3) cannot capture the wolf (4)").
type Rule struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// RuleOf returns the rule of err, a refusal of the library's Play or
// CheckMove. Its message is never an internal error's text: an error that
// is not a *dsq.MoveError reads "illegal move".
func RuleOf(err error) Rule {
	r := Rule{Code: Code(err), Message: "illegal move"}
	if me, ok := errors.AsType[*dsq.MoveError](err); ok && me.Err != nil {
		r.Message = me.Reason()
	}
	return r
}
