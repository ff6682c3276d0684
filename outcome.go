package doushouqi

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// Reason says how a game ended, or that it has not.
type Reason uint8

// The ways a position can be decided, checked in this order after every move.
const (
	Undecided   Reason = iota // the game goes on
	DenEntered                // a piece entered the enemy den: its side wins
	NoPieces                  // the side to move has no pieces left: it loses
	NoLegalMove               // the side to move has pieces but no legal move: it loses
	MoveLimit                 // the rules' number of half-moves without a capture (60): a draw

	// For a Game only: a repetition, and the endings decided outside the
	// rules, which Game.Undo takes back as it does a move.
	Resigned    // a side resigned: the other wins (Game.Resign)
	DrawAgreed  // both sides agreed a draw (Game.AcceptDraw)
	Repetition  // the third occurrence of a position under Rules.Threefold: a draw
	TimeForfeit // a side ran out of time: the other wins (Game.Forfeit)
	Abandoned   // a side left the game: the other wins (Game.Forfeit)
)

// reasonNames are the reasons' text forms, read and written by String,
// MarshalText and UnmarshalText, and in the outcomes of records.
var reasonNames = [...]string{
	Undecided:   "undecided",
	DenEntered:  "den entered",
	NoPieces:    "no pieces left",
	NoLegalMove: "no legal move",
	MoveLimit:   "no-capture move limit",
	Resigned:    "resignation",
	DrawAgreed:  "agreed",
	Repetition:  "threefold repetition",
	TimeForfeit: "time forfeit",
	Abandoned:   "abandonment",
}

// String describes the reason, such as "den entered".
func (r Reason) String() string {
	if int(r) < len(reasonNames) {
		return reasonNames[r]
	}
	return "reason?"
}

// Outcome is the result of a position or a game: whether it is decided,
// how, and who won.
//
// Every Outcome the package returns or reads has Winner NoColor unless a
// side won (an undecided game, a draw), so Winner == Red counts Red's wins
// only. The zero Outcome{} is not one of them: its Winner is Red, the zero
// Color; build an undecided outcome as Outcome{Winner: NoColor}.
type Outcome struct {
	Reason Reason
	Winner Color // the side that won; NoColor for an undecided game or a draw
}

// IsDecided reports whether the game is over.
func (o Outcome) IsDecided() bool { return o.Reason != Undecided }

// IsDraw reports whether the game ended in a draw.
func (o Outcome) IsDraw() bool {
	return o.Reason == MoveLimit || o.Reason == DrawAgreed || o.Reason == Repetition
}

// String describes the outcome, such as "red wins: den entered",
// "draw: no-capture move limit" or "undecided".
func (o Outcome) String() string {
	switch {
	case !o.IsDecided():
		return "undecided"
	case o.IsDraw():
		return "draw: " + o.Reason.String()
	}
	return o.Winner.String() + " wins: " + o.Reason.String()
}

// Outcome returns the result of the position, decided in the order of
// RULES.md: a piece in the enemy den wins; then a side to move with no legal
// move (or no piece) loses; then DrawHalfMoves half-moves without a capture
// draw. A decided position has no legal moves. Winner is NoColor unless a
// side won.
func (p Position) Outcome() Outcome { return p.outcome() }

func (p *Position) outcome() Outcome {
	switch {
	case p.board[D9] != NoPiece: // no piece enters its own den
		return Outcome{Reason: DenEntered, Winner: Red}
	case p.board[D1] != NoPiece:
		return Outcome{Reason: DenEntered, Winner: Blue}
	case p.occupied(p.side()) == 0:
		return Outcome{Reason: NoPieces, Winner: p.side().Other()}
	case p.countMoves() == 0:
		return Outcome{Reason: NoLegalMove, Winner: p.side().Other()}
	case p.clock >= p.drawAt:
		return Outcome{Reason: MoveLimit, Winner: NoColor}
	}
	return Outcome{Winner: NoColor}
}

// tidy returns o with Winner NoColor unless a side won.
func (o Outcome) tidy() Outcome {
	if !o.IsDecided() || o.IsDraw() {
		o.Winner = NoColor
	}
	return o
}

// outcomeJSON is the JSON form of an Outcome.
type outcomeJSON struct {
	Reason Reason `json:"reason"`
	Winner *Color `json:"winner,omitempty"`
}

// MarshalJSON writes the outcome as an object that reads as it is:
// {"reason":"den entered","winner":"red"}, {"reason":"agreed"} for a draw,
// {"reason":"undecided"} for a game that goes on. (As a map key an Outcome
// is its text form, "red wins: den entered".)
func (o Outcome) MarshalJSON() ([]byte, error) {
	if err := o.check(); err != nil {
		return nil, fmt.Errorf("doushouqi: Outcome.MarshalJSON: %w", err)
	}
	j := outcomeJSON{Reason: o.Reason}
	if o.IsDecided() && !o.IsDraw() {
		j.Winner = &o.Winner
	}
	return json.Marshal(j)
}

// UnmarshalJSON reads what MarshalJSON writes: "winner" is required for a
// won game and refused otherwise (the outcome read has Winner NoColor), and
// no other key is allowed, nor a key given twice (encoding/json would keep
// the last, so that one text could read as two outcomes). On an error o is
// left unchanged. JSON null changes nothing, as encoding/json does.
func (o *Outcome) UnmarshalJSON(data []byte) error {
	if string(data) == "null" {
		return nil
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(data, &fields); err != nil {
		return fmt.Errorf("doushouqi: Outcome.UnmarshalJSON: %w: %w", ErrSyntax, err)
	}
	for key := range fields {
		if key != "reason" && key != "winner" {
			return fmt.Errorf("doushouqi: Outcome.UnmarshalJSON: %w: unknown key %q", ErrSyntax, cutInput(key))
		}
	}
	if key, ok := repeatedKey(data); ok {
		return fmt.Errorf("doushouqi: Outcome.UnmarshalJSON: %w: key %q given twice", ErrSyntax, cutInput(key))
	}
	var j outcomeJSON
	if _, ok := fields["reason"]; !ok || json.Unmarshal(data, &j) != nil {
		return fmt.Errorf("doushouqi: Outcome.UnmarshalJSON: %w: want {\"reason\": ..., \"winner\": ...}", ErrSyntax)
	}
	parsed := Outcome{Reason: j.Reason, Winner: NoColor}
	won := parsed.IsDecided() && !parsed.IsDraw()
	if won != (j.Winner != nil) {
		return fmt.Errorf("doushouqi: Outcome.UnmarshalJSON: %w: a winner is given exactly for a won game", ErrSyntax)
	}
	if won {
		parsed.Winner = *j.Winner
	}
	*o = parsed
	return nil
}

// repeatedKey returns a key given twice in the JSON object data, which
// json.Unmarshal has read as an object.
func repeatedKey(data []byte) (string, bool) {
	dec := json.NewDecoder(bytes.NewReader(data))
	if _, err := dec.Token(); err != nil { // the '{'
		return "", false
	}
	seen := map[string]bool{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return "", false
		}
		key, _ := tok.(string) // dec.More inside an object: a key
		if seen[key] {
			return key, true
		}
		seen[key] = true
		var skip json.RawMessage
		if dec.Decode(&skip) != nil {
			return "", false
		}
	}
	return "", false
}
