package recordtext

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Place is where a comment stands in a line of moves.
type Place uint8

// The places of a comment.
const (
	GameComment Place = iota // before or among the tags, or before the main line's first move number
	BeforeMove               // before the next move of the line
	AfterMove                // after the line's last move
)

// Visitor is told a record's parts by Parser.Read, in the order of the
// text. Its errors are the record's faults: Read returns an error of Move
// in a *Fault with the line, the move and its turn, and those of Tag,
// Begin and End as they are (they name their own lines).
type Visitor interface {
	// Tag is called for each tag, in order.
	Tag(tok Token) error
	// Begin is called once the tags are read, before the movetext.
	Begin() error
	// Turn returns the move number and side to move of the line being read.
	Turn() (number int, blue bool)
	// Move plays a move on the line being read.
	Move(text string) error
	// Annotate gives the last move of the line a numeric annotation: 1 to
	// 6 for a mark (see NAGMarks).
	Annotate(nag int)
	// Comment gives a comment its place; comments met at one place come
	// joined, by a space, in one call.
	Comment(at Place, text string)
	// Variation starts a line played in place of the last move of the line
	// being read, and reports whether to skip it: a skipped variation
	// (and every one inside it) is checked for its shape only.
	Variation() (skip bool)
	// EndVariation ends the variation being read.
	EndVariation()
	// End is called with the result token that ends the main line.
	End(result Token) error
}

// Fault is a fault of a record at a line: for a move (or a token in its
// place), the move as written and the turn it came on.
type Fault struct {
	Line   int
	Move   string // cut to 64 bytes; "" if the fault is not a move's
	Number int    // the move number of the turn
	Blue   bool   // the side of the turn is Blue
	Err    error
}

func (f *Fault) Error() string { return "line " + strconv.Itoa(f.Line) + ": " + f.Err.Error() }

// Unwrap returns the reason.
func (f *Fault) Unwrap() error { return f.Err }

// ErrCutShort is the reason of a record that ends without its result token.
var ErrCutShort = errors.New("the moves do not end with a result token (1-0, 0-1, 1/2-1/2 or *): the record is cut short")

// frame is the state of a line being read: the main line or a variation.
type frame struct {
	moves     int  // the line's moves so far
	numbered  bool // the next move has had its number
	afterMove bool // the last token but comments was the last move or its annotation
	marked    bool // the last move has its mark
	before    bool // a comment waits for the next move
	skipped   bool // only the shape is checked
}

// Parser reads whole records from a Scanner, checking their shape (tags
// before moves, numbers in turn, marks after moves, variations after the
// move they replace, closed, not empty and at most MaxDepth deep, the
// result token at the end) and telling a Visitor what it reads.
type Parser struct {
	sc *Scanner
	// Stream makes the Parser read records one after another: a record
	// made of a result token alone (a stray token between two records) is
	// refused, and a tag that follows a blank line after tags starts the
	// next record (the one before has no moves).
	Stream bool
	// First is the line of the first token of the record read last.
	First    int
	held     error // a fault of the next record, met reading the one before
	heldLine int   // the line the held fault's record starts on
	inTags   bool  // the last fault came in the tag section
	ended    bool  // the last fault came at the end of its record: nothing to skip
	lastLine int
	stack    []frame
	gather   gather
}

// NewParser returns a Parser reading from sc.
func NewParser(sc *Scanner) *Parser { return &Parser{sc: sc} }

// Read reads the next record, telling v; io.EOF if the input holds none
// (comments alone are dropped). A fault is an *Error, a *Fault, or an
// error of v's Tag, Begin or End; an error of the reader is returned as it
// is. After a fault, Skip moves on to the next record.
func (p *Parser) Read(v Visitor) error {
	if err := p.begin(); err != nil {
		return err
	}
	p.gather = gather{v: v}
	tags := 0
	var tok Token
	for {
		var err error
		if tok, err = p.next(); err != nil {
			return p.tagFault(err, tags)
		}
		if tok.Kind == Comment {
			if err := p.lineComment(tok); err != nil {
				return err
			}
			p.gather.add(GameComment, tok.Text)
			continue
		}
		if tok.Kind != Tag {
			break
		}
		if p.Stream && tags > 0 && tok.Blank {
			p.sc.Unread(tok)
			p.ended = true
			return &Fault{Line: p.First, Err: errNoMoves}
		}
		tags++
		if err := v.Tag(tok); err != nil {
			return err
		}
	}
	if tok.Kind == EOF && tags == 0 {
		return io.EOF
	}
	if p.Stream && tags == 0 && tok.Kind == Result {
		p.ended = true
		return &Fault{Line: tok.Line, Err: errors.New("a result token without a record before it")}
	}
	p.inTags = false
	if err := v.Begin(); err != nil {
		p.ended = tok.Kind == Result // a movetext of the result token alone is read
		return err
	}
	return p.moves(v, tok)
}

// begin starts a record: the one whose bad tag line tagFault held, or the
// next in the input.
func (p *Parser) begin() error {
	p.sc.BeginRecord()
	p.First, p.inTags, p.ended, p.lastLine = 0, true, false, 0
	if p.held != nil {
		err := p.held
		p.First, p.held = p.heldLine, nil
		return err
	}
	return nil
}

// tagFault returns err, a fault met in the tag section after tags tags.
// In a Stream, a tag line that cannot be read after a blank line that
// follows tags is the next record's: the record read so far is refused as
// one without moves, and err is held for the next record, which it starts.
func (p *Parser) tagFault(err error, tags int) error {
	var se *Error
	if !p.Stream || tags == 0 || !p.sc.tagLine || !p.sc.blank || !errors.As(err, &se) {
		return err
	}
	p.held, p.heldLine, p.ended = err, se.Line, true
	p.sc.blank = false
	return &Fault{Line: p.First, Err: errNoMoves}
}

// errNoMoves is the reason of a record in a stream whose tags the next
// record's follow.
var errNoMoves = errors.New("tags without moves or a result token: the record is cut short")

// next returns the next token, keeping the record's first and last lines.
func (p *Parser) next() (Token, error) {
	tok, err := p.sc.Next()
	if err != nil {
		if p.First == 0 {
			p.First = p.sc.Line()
		}
		return tok, err
	}
	if tok.Kind != EOF {
		if p.First == 0 {
			p.First = tok.Line
		}
		p.lastLine = tok.Line
	}
	return tok, nil
}

// lineComment refuses a ';' comment holding a '}': it could not be written
// back, as comments are, in braces.
func (p *Parser) lineComment(tok Token) error {
	if tok.Value == ";" && strings.Contains(tok.Text, "}") {
		return &Fault{Line: tok.Line, Err: fmt.Errorf("the ; comment %q holds a '}', which a comment written back as {...} cannot", Cut(tok.Text))}
	}
	return nil
}

// moves reads the movetext that starts with tok, up to its result token.
func (p *Parser) moves(v Visitor, tok Token) error {
	p.stack = append(p.stack[:0], frame{})
	for {
		if tok.Kind != Comment {
			p.gather.flush()
		}
		switch err := p.token(v, tok); err {
		case nil:
		case errEnd:
			return p.end(v, tok)
		default:
			return err
		}
		var err error
		if tok, err = p.next(); err != nil {
			return err
		}
	}
}

// errEnd is token's report of the main line's result token.
var errEnd = errors.New("end")

// token reads one token of the movetext.
func (p *Parser) token(v Visitor, tok Token) error {
	f := &p.stack[len(p.stack)-1]
	fault := func(err error) error {
		out := &Fault{Line: tok.Line, Move: Cut(tok.Text), Err: err}
		if !f.skipped {
			out.Number, out.Blue = v.Turn()
		}
		return out
	}
	plain := func(format string, args ...any) error {
		return &Fault{Line: tok.Line, Err: fmt.Errorf(format, args...)}
	}
	switch tok.Kind {
	case EOF:
		return &Fault{Line: p.lastLine, Err: ErrCutShort}
	case Tag:
		return plain("a tag after the moves began")
	case Comment:
		if err := p.lineComment(tok); err != nil {
			return err
		}
		if f.skipped {
			return nil
		}
		switch {
		case f.moves > 0 && !f.numbered && !f.before:
			p.gather.add(AfterMove, tok.Text)
		case len(p.stack) == 1 && f.moves == 0 && !f.numbered:
			p.gather.add(GameComment, tok.Text)
		default:
			f.before = true
			p.gather.add(BeforeMove, tok.Text)
		}
		return nil // a mark may still follow a move
	case Number:
		if !f.skipped {
			number, blue := v.Turn()
			if f.numbered || !numberIs(tok.Text, number, blue) {
				return fault(fmt.Errorf("move number %q out of turn, want %q", tok.Text, MoveNumber(number, blue)))
			}
		}
		f.numbered = true
	case Move:
		if !f.skipped {
			number, blue := v.Turn()
			switch {
			case !f.numbered && !blue:
				return fault(errors.New("move without its number"))
			case !f.numbered && f.moves == 0:
				return fault(fmt.Errorf("the first move of a line needs its number %q", MoveNumber(number, blue)))
			}
			if err := v.Move(tok.Text); err != nil {
				return fault(err)
			}
		}
		f.moves++
		f.numbered, f.before, f.marked = false, false, false
		f.afterMove = true
		return nil
	case Mark, NAG:
		if !f.afterMove {
			return plain("mark %q not after a move", Cut(tok.Text))
		}
		nag := MarkNAG(tok.Text)
		if tok.Kind == NAG {
			nag, _ = ParseNAG(tok.Text) // the scanner checked it
		}
		if nag >= 1 && nag <= len(NAGMarks) {
			if f.marked {
				return plain("mark %q: the move has its mark already", Cut(tok.Text))
			}
			f.marked = true
		}
		if !f.skipped {
			v.Annotate(nag)
		}
		return nil
	case Open:
		if f.moves == 0 || f.numbered {
			return plain("a variation must follow the move it replaces")
		}
		if len(p.stack) > MaxDepth {
			return plain("variations nested deeper than %d", MaxDepth)
		}
		skip := f.skipped || v.Variation()
		f.afterMove = false
		p.stack = append(p.stack, frame{skipped: skip})
		return nil
	case Close:
		switch {
		case len(p.stack) == 1:
			return plain("a ) without its (")
		case f.moves == 0:
			return plain("an empty variation")
		case f.numbered:
			return fault(errors.New("a move number without its move"))
		}
		if !f.skipped {
			v.EndVariation()
		}
		p.stack = p.stack[:len(p.stack)-1]
	case Result:
		if len(p.stack) > 1 {
			return plain("a result token inside a variation")
		}
		if f.numbered {
			return fault(errors.New("a move number without its move"))
		}
		return errEnd
	}
	f.afterMove = false
	return nil
}

// numberIs reports whether a move number as written, "12." for Red or
// "12..." for Blue (leading zeros allowed), is number for the side.
func numberIs(text string, number int, blue bool) bool {
	digits := strings.TrimRight(text, ".")
	dots := len(text) - len(digits)
	if dots != 1 && dots != 3 || (dots == 3) != blue {
		return false
	}
	n, err := strconv.Atoi(digits)
	return err == nil && n == number
}

// end reads the result token at the end of the main line. A Parser that is
// not a Stream wants the end of the input after it, but for comments.
func (p *Parser) end(v Visitor, tok Token) error {
	if !p.Stream {
		for {
			next, err := p.sc.Next()
			if err != nil {
				return err
			}
			if next.Kind == EOF {
				break
			}
			if next.Kind != Comment {
				number, blue := v.Turn()
				return &Fault{Line: tok.Line, Move: tok.Text, Number: number, Blue: blue, Err: errors.New("a result token before the end of the moves")}
			}
		}
	}
	p.ended = true
	return v.End(tok)
}

// Skip moves on to the next record after a fault of Read: past the rest of
// the bad record, to the next one's tags. It returns an error of the reader
// only.
func (p *Parser) Skip() error {
	switch {
	case p.ended:
		return nil
	case p.inTags:
		return p.sc.SkipTagSection()
	}
	_, err := p.sc.SkipRecord()
	return err
}

// ReadTags reads the next record's tags, telling v's Tag, and skips its
// moves without reading them: only comments and the result token are
// found. It returns io.EOF if the input holds no more records, and a
// *Fault for a record without its result token.
func (p *Parser) ReadTags(v Visitor) error {
	if err := p.begin(); err != nil {
		return err
	}
	tags := 0
	var tok Token
	for {
		var err error
		if tok, err = p.next(); err != nil {
			return p.tagFault(err, tags)
		}
		if tok.Kind == Comment {
			continue
		}
		if tok.Kind != Tag {
			break
		}
		if p.Stream && tags > 0 && tok.Blank {
			p.sc.Unread(tok)
			p.ended = true
			return &Fault{Line: p.First, Err: errNoMoves}
		}
		tags++
		if err := v.Tag(tok); err != nil {
			return err
		}
	}
	switch {
	case tok.Kind == EOF && tags == 0:
		return io.EOF
	case tok.Kind == EOF:
		p.ended = true
		return &Fault{Line: p.lastLine, Err: ErrCutShort}
	case tok.Kind == Result && tags == 0 && p.Stream:
		p.ended = true
		return &Fault{Line: tok.Line, Err: errors.New("a result token without a record before it")}
	case tok.Kind == Result:
		p.ended = true
		return nil
	}
	p.inTags, p.ended = false, true
	ended, err := p.sc.SkipRecord()
	if err != nil {
		return err
	}
	if !ended { // stopped at a tag or the end
		return &Fault{Line: p.First, Err: ErrCutShort}
	}
	return nil
}

// gather gathers the comments met at one place, to give them joined once:
// joining them one by one would take time quadratic in their number.
type gather struct {
	v     Visitor
	at    Place
	parts []string
}

// add adds a comment at a place, after those gathered for it.
func (g *gather) add(at Place, text string) {
	if len(g.parts) > 0 && g.at != at {
		g.flush()
	}
	g.at = at
	g.parts = append(g.parts, text)
}

// flush gives the comments gathered to the visitor.
func (g *gather) flush() {
	if len(g.parts) == 0 {
		return
	}
	g.v.Comment(g.at, strings.Join(g.parts, " "))
	clear(g.parts)
	g.parts = g.parts[:0]
}

// Main reads a record's main line into a game of package doushouqi, which
// provides it through NewMain: package record builds its tree around it,
// so that both read tags, moves and results with the same code.
type Main interface {
	Tag(tok Token) error
	Begin() error
	Turn() (number int, blue bool)
	Move(text string) error
	// End checks the result token against the game and applies the Result
	// and DrawOffer tags; a zero Token (kind EOF) stands for the token
	// the result gives, for a game made from data rather than text.
	End(result Token) error
	Game() any               // the *doushouqi.Game read so far, from Begin on
	Tags() map[string]string // the game's own tags as read (the map the game holds: never write it)
	Fault(err error) error   // the *doushouqi.RecordError for an error of Parser.Read
}

// NewMain returns a new Main. Package doushouqi sets it when it starts,
// which is before any of its importers runs.
var NewMain func() Main
