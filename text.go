package doushouqi

import (
	"fmt"
	"strings"
)

// Text forms. Square, Color, Animal, Piece, Move, Position, Rules, Reason
// and Outcome implement encoding.TextMarshaler, encoding.TextUnmarshaler and
// encoding.TextAppender, so that they read as text in JSON values and map
// keys, in flags and in logs. Each writes its String form, and UnmarshalText
// reads exactly what MarshalText writes; on an error (a *ParseError) the
// receiver is left unchanged. A value with no text form (a Color that is
// not a side, an Animal past the elephant, ...) is refused by MarshalText
// with an error.

// AppendText implements encoding.TextAppender: the square's name, such as
// "c7", or "-" for NoSquare.
func (sq Square) AppendText(b []byte) ([]byte, error) {
	if sq > NoSquare {
		return b, valueError(fmt.Sprintf("Square(%d)", uint8(sq)), wrapf(ErrSquare, "not a square of the board, nor NoSquare"))
	}
	return append(b, sq.String()...), nil
}

// MarshalText implements encoding.TextMarshaler with AppendText.
func (sq Square) MarshalText() ([]byte, error) { return sq.AppendText(nil) }

// UnmarshalText implements encoding.TextUnmarshaler: a square's name, or "-"
// for NoSquare.
func (sq *Square) UnmarshalText(text []byte) error {
	if string(text) == "-" {
		*sq = NoSquare
		return nil
	}
	s, err := ParseSquare(string(text))
	if err != nil {
		return err
	}
	*sq = s
	return nil
}

// AppendText implements encoding.TextAppender: "red" or "blue".
func (c Color) AppendText(b []byte) ([]byte, error) {
	if c > Blue {
		return b, valueError(fmt.Sprintf("Color(%d)", uint8(c)), wrapf(ErrBadColor, "want Red or Blue"))
	}
	return append(b, c.String()...), nil
}

// MarshalText implements encoding.TextMarshaler with AppendText.
func (c Color) MarshalText() ([]byte, error) { return c.AppendText(nil) }

// UnmarshalText implements encoding.TextUnmarshaler: "red" or "blue".
func (c *Color) UnmarshalText(text []byte) error {
	switch string(text) {
	case "red":
		*c = Red
	case "blue":
		*c = Blue
	default:
		return newParseError("UnmarshalText", string(text), wrapf(ErrBadColor, "want red or blue"))
	}
	return nil
}

// AppendText implements encoding.TextAppender: the animal's name, such as
// "rat".
func (a Animal) AppendText(b []byte) ([]byte, error) {
	if a >= NumAnimals {
		return b, valueError(fmt.Sprintf("Animal(%d)", uint8(a)), wrapf(ErrSyntax, "not an animal, want Rat..Elephant"))
	}
	return append(b, a.String()...), nil
}

// MarshalText implements encoding.TextMarshaler with AppendText.
func (a Animal) MarshalText() ([]byte, error) { return a.AppendText(nil) }

// UnmarshalText implements encoding.TextUnmarshaler: an animal's name.
func (a *Animal) UnmarshalText(text []byte) error {
	for i, name := range animalNames {
		if string(text) == name {
			*a = Animal(i)
			return nil
		}
	}
	return newParseError("UnmarshalText", string(text), wrapf(ErrSyntax, "not an animal, want rat, cat, dog, wolf, leopard, tiger, lion or elephant"))
}

// AppendText implements encoding.TextAppender: "red lion" and the like, or
// "none" for NoPiece.
func (p Piece) AppendText(b []byte) ([]byte, error) {
	if p != NoPiece && !p.IsValid() {
		return b, valueError(fmt.Sprintf("Piece(%d)", uint8(p)), wrapf(ErrLetter, "not a piece (NewPiece makes them) nor NoPiece"))
	}
	return append(b, p.String()...), nil
}

// MarshalText implements encoding.TextMarshaler with AppendText.
func (p Piece) MarshalText() ([]byte, error) { return p.AppendText(nil) }

// UnmarshalText implements encoding.TextUnmarshaler: "red lion" and the
// like, or "none".
func (p *Piece) UnmarshalText(text []byte) error {
	if string(text) == "none" {
		*p = NoPiece
		return nil
	}
	side, animal, ok := strings.Cut(string(text), " ")
	var c Color
	var a Animal
	if !ok || c.UnmarshalText([]byte(side)) != nil || a.UnmarshalText([]byte(animal)) != nil {
		return newParseError("UnmarshalText", string(text), wrapf(ErrLetter, "want a side and an animal, such as \"red lion\", or \"none\""))
	}
	*p = NewPiece(c, a)
	return nil
}

// AppendText implements encoding.TextAppender: "<from><to>" such as "a3a4",
// and "0000" for NoMove. A Move whose squares are not two different squares
// of the board is refused.
func (m Move) AppendText(b []byte) ([]byte, error) {
	if m == NoMove {
		return append(b, "0000"...), nil
	}
	if !m.isWellFormed() {
		return b, m.textError()
	}
	return m.appendText(b), nil
}

// textError says why a Move that is not well formed has no text: the move
// the caller has, named by its squares where they are on the board.
func (m Move) textError() error {
	from, to := m.From(), m.To()
	switch {
	case !from.IsValid() || !to.IsValid():
		return valueError(fmt.Sprintf("Move(%d)", uint16(m)), wrapf(ErrSquare, "its squares are not both on the board"))
	case m.strayBits():
		return valueError(from.String()+to.String(), wrapf(ErrSquare, "bits above its two squares are set (NewMove makes moves)"))
	}
	return valueError(from.String()+to.String(), wrapf(ErrSquare, "from and to are the same square"))
}

// valueError is the error of MarshalText for a value with no text form,
// named in Go syntax or by its squares.
func valueError(value string, err error) error {
	return &ParseError{Func: "MarshalText", Input: value, Err: err}
}

// MarshalText implements encoding.TextMarshaler with AppendText.
func (m Move) MarshalText() ([]byte, error) { return m.AppendText(nil) }

// UnmarshalText implements encoding.TextUnmarshaler with [ParseMove], and
// reads "0000" as NoMove.
func (m *Move) UnmarshalText(text []byte) error {
	if string(text) == "0000" {
		*m = NoMove
		return nil
	}
	mv, err := parseMove("UnmarshalText", string(text))
	if err != nil {
		return err
	}
	*m = mv
	return nil
}

// AppendText implements encoding.TextAppender with the notation, as String
// writes it, and nothing for the zero Position.
//
// The text holds the whole position, rules included: the pieces, the side
// to move, both counters, and, for a position under house rules, a fifth
// field with the rules ("... r 70 36 move-limit=200"). A standard position
// writes the four standard fields only. So a position 70 half-moves without
// a capture under a move limit of 200 reads back undecided, as it was, and
// never as a standard position drawn by the limit of 60. A Position's JSON
// is this text, as a JSON string.
func (p Position) AppendText(b []byte) ([]byte, error) {
	if p.IsZero() {
		return b, nil
	}
	return p.appendText(b), nil
}

// MarshalText implements encoding.TextMarshaler with AppendText.
func (p Position) MarshalText() ([]byte, error) { return p.AppendText(nil) }

// UnmarshalText implements encoding.TextUnmarshaler with ParsePosition
// (rules field and byte-order mark included), and reads "" as the zero
// Position (as MarshalText writes it).
func (p *Position) UnmarshalText(text []byte) error {
	if len(text) == 0 {
		*p = Position{}
		return nil
	}
	pos, err := parsePosition("UnmarshalText", string(text))
	if err != nil {
		return err
	}
	*p = pos
	return nil
}

// AppendText implements encoding.TextAppender with String. Rules that
// Validate refuses are refused.
func (r Rules) AppendText(b []byte) ([]byte, error) {
	if err := r.Validate(); err != nil {
		return b, err
	}
	return append(b, r.String()...), nil
}

// MarshalText implements encoding.TextMarshaler with AppendText.
func (r Rules) MarshalText() ([]byte, error) { return r.AppendText(nil) }

// UnmarshalText implements encoding.TextUnmarshaler with ParseRules.
func (r *Rules) UnmarshalText(text []byte) error {
	parsed, err := ParseRules(string(text))
	if err != nil {
		return err
	}
	*r = parsed
	return nil
}

// AppendText implements encoding.TextAppender: the reason's String, such as
// "den entered".
func (r Reason) AppendText(b []byte) ([]byte, error) {
	if int(r) >= len(reasonNames) {
		return b, valueError(fmt.Sprintf("Reason(%d)", uint8(r)), wrapf(ErrSyntax, "not a reason"))
	}
	return append(b, reasonNames[r]...), nil
}

// MarshalText implements encoding.TextMarshaler with AppendText.
func (r Reason) MarshalText() ([]byte, error) { return r.AppendText(nil) }

// UnmarshalText implements encoding.TextUnmarshaler: what String writes.
func (r *Reason) UnmarshalText(text []byte) error {
	for i, name := range reasonNames {
		if string(text) == name {
			*r = Reason(i)
			return nil
		}
	}
	return newParseError("UnmarshalText", string(text), wrapf(ErrSyntax, "not a reason"))
}

// AppendText implements encoding.TextAppender with String: "undecided",
// "red wins: den entered", "draw: agreed".
func (o Outcome) AppendText(b []byte) ([]byte, error) {
	if err := o.check(); err != nil {
		return b, valueError(fmt.Sprintf("Outcome{Reason: %d, Winner: %d}", uint8(o.Reason), uint8(o.Winner)), err)
	}
	return append(b, o.String()...), nil
}

// MarshalText implements encoding.TextMarshaler with AppendText.
func (o Outcome) MarshalText() ([]byte, error) { return o.AppendText(nil) }

// UnmarshalText implements encoding.TextUnmarshaler with ParseOutcome.
func (o *Outcome) UnmarshalText(text []byte) error {
	parsed, err := parseOutcome("UnmarshalText", string(text))
	if err != nil {
		return err
	}
	*o = parsed
	return nil
}

// ParseOutcome reads what Outcome.String writes: "undecided", "draw:
// <reason>" for the drawing reasons, "<side> wins: <reason>" for the others.
func ParseOutcome(s string) (Outcome, error) { return parseOutcome("ParseOutcome", s) }

func parseOutcome(fn, s string) (Outcome, error) {
	if s == "undecided" {
		return Outcome{Winner: NoColor}, nil
	}
	o := Outcome{Winner: NoColor}
	head, reason, ok := strings.Cut(s, ": ")
	if ok && o.Reason.UnmarshalText([]byte(reason)) == nil {
		side, wins := strings.CutSuffix(head, " wins")
		switch {
		case head == "draw" && o.IsDraw():
			return o, nil
		case wins && !o.IsDraw() && o.IsDecided() && o.Winner.UnmarshalText([]byte(side)) == nil:
			return o, nil
		}
	}
	return Outcome{}, newParseError(fn, s, wrapf(ErrSyntax, "want \"undecided\", \"draw: <reason>\" or \"<side> wins: <reason>\""))
}

// check reports an Outcome with no text form: an unknown reason, or a
// winner that is not a side in a won game.
func (o Outcome) check() error {
	if int(o.Reason) >= len(reasonNames) {
		return wrapf(ErrSyntax, "%d is not a reason", uint8(o.Reason))
	}
	if o.IsDecided() && !o.IsDraw() && o.Winner > Blue {
		return wrapf(ErrBadColor, "winner %d", uint8(o.Winner))
	}
	return nil
}
