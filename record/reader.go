package record

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/internal/recordtext"
)

// Parse reads one annotated record, as MarshalText writes it. A ';'
// comment is read as a {comment} at its place; comments before or among
// the tags are the game's Comment, before those that open the movetext.
// Comments after the result token are dropped, the one thing Parse reads
// and does not keep: no game follows them. Every fault
// is a *dsq.RecordError naming its line: a syntax error, an illegal move in
// any line, a move number out of turn, a variation that does not follow a
// move or is not closed, a tag or a result the main line does not allow (as
// [dsq.ParseRecord] has them), or text after the result token. Consecutive
// comments at one place are read as one, joined by a space.
func Parse(text string) (*Game, error) {
	sc := newScanner(strings.NewReader(text))
	g, err := readGame(sc)
	if err == io.EOF {
		return nil, &dsq.RecordError{Err: errors.New("no record")}
	}
	if err != nil {
		return nil, err
	}
	for { // comments may follow the result token, and are dropped
		tok, err := sc.Next()
		switch {
		case err != nil:
			return nil, scanFault(err)
		case tok.Kind == recordtext.EOF:
			return g, nil
		case tok.Kind != recordtext.Comment:
			return nil, &dsq.RecordError{Line: tok.Line, Err: errors.New("more after the result token")}
		}
	}
}

// UnmarshalText implements encoding.TextUnmarshaler with Parse. On an error
// a is left unchanged.
func (a *Game) UnmarshalText(text []byte) error {
	g, err := Parse(string(text))
	if err != nil {
		return err
	}
	*a = *g
	return nil
}

// Reader reads annotated records one after another from a stream, such as
// a file of many games, holding one game in memory at a time.
type Reader struct {
	sc   *recordtext.Scanner
	done bool
}

// NewReader returns a Reader that reads records from r.
func NewReader(r io.Reader) *Reader { return &Reader{sc: newScanner(r)} }

// newScanner returns the tokenizer of annotated records, which keeps the
// ';' comments that a plain reader skips.
func newScanner(r io.Reader) *recordtext.Scanner {
	sc := recordtext.NewScanner(r)
	sc.KeepLineComments()
	return sc
}

// Read returns the next game, and io.EOF after the last. A comment
// between two records is the next game's Comment; comments after the last
// record are dropped. A record that
// cannot be read gives its *dsq.RecordError, whose line counts from the
// start of the stream; the reader then skips to the next tag section, so
// that the next Read returns the record after the bad one. An error of the
// underlying reader ends the reading and is returned as it is.
func (r *Reader) Read() (*Game, error) {
	if r.done {
		return nil, io.EOF
	}
	g, err := readGame(r.sc)
	var re *dsq.RecordError
	switch {
	case err == io.EOF:
		r.done = true
	case errors.As(err, &re):
		more, skipErr := r.sc.SkipToTags()
		if skipErr != nil || !more {
			r.done = true
		}
	case err != nil:
		r.done = true
	}
	return g, err
}

// tagLine is a tag as written, and its line.
type tagLine struct {
	name, value string
	line        int
}

// frame is a line of the tree being read: the main line or a variation.
type frame struct {
	g         dsq.Game // the game at the end of the line so far
	before    dsq.Game // the game before the line's last move
	nodes     []*Node
	numbered  bool   // the next move has had its number
	afterMove bool   // the last token but comments was a move: a mark may follow
	pending   string // comments for the next move
}

// readGame reads one record from sc: io.EOF if the input holds no more.
func readGame(sc *recordtext.Scanner) (*Game, error) {
	var tags []tagLine
	var lead []string // comments before and among the tags, the game's own
	seen := map[string]bool{}
	var tok recordtext.Token
	for {
		var err error
		if tok, err = sc.Next(); err != nil {
			return nil, scanFault(err)
		}
		if tok.Kind == recordtext.Comment {
			if strings.Contains(tok.Text, "}") { // a ';' comment
				return nil, commentFault(tok)
			}
			lead = append(lead, tok.Text)
			continue
		}
		if tok.Kind != recordtext.Tag {
			break
		}
		if seen[tok.Text] {
			return nil, &dsq.RecordError{Line: tok.Line, Err: fmt.Errorf("tag %q given twice", tok.Text)}
		}
		seen[tok.Text] = true
		tags = append(tags, tagLine{tok.Text, tok.Value, tok.Line})
	}
	if tok.Kind == recordtext.EOF && len(tags) == 0 {
		return nil, io.EOF
	}

	// The game at the start, from the tags but Result and DrawOffer,
	// checked by the library's own reader.
	var head []tagLine
	for _, t := range tags {
		if t.name != "Result" && t.name != "DrawOffer" {
			head = append(head, t)
		}
	}
	base, err := dsq.ParseRecord(plainRecord(head, dsq.Position{}, nil, "*"))
	if err != nil {
		return nil, relocate(err, head, tok.Line)
	}

	a := &Game{Comment: strings.Join(lead, " ")}
	stack := []*frame{{g: *base}}
	var comments commentSink
	lastLine := tok.Line
	for ; ; tok, err = sc.Next() {
		if err != nil {
			return nil, scanFault(err)
		}
		if tok.Kind != recordtext.EOF {
			lastLine = tok.Line
		}
		if tok.Kind != recordtext.Comment {
			comments.flush()
		}
		f := stack[len(stack)-1]
		fault := func(err error) error {
			pos := f.g.Position()
			return &dsq.RecordError{Line: tok.Line, MoveNumber: pos.MoveNumber(), Side: pos.SideToMove(), Move: recordtext.Cut(tok.Text), Err: err}
		}
		switch tok.Kind {
		case recordtext.EOF:
			return nil, &dsq.RecordError{Line: lastLine, Err: errors.New("the moves do not end with a result token (1-0, 0-1, 1/2-1/2 or *): the record is cut short")}
		case recordtext.Tag:
			return nil, &dsq.RecordError{Line: tok.Line, Err: errors.New("a tag after the moves began")}
		case recordtext.Comment:
			if strings.Contains(tok.Text, "}") { // a ';' comment
				return nil, commentFault(tok)
			}
			switch {
			case len(f.nodes) > 0 && !f.numbered && f.pending == "":
				comments.add(&f.nodes[len(f.nodes)-1].After, tok.Text)
			case len(stack) == 1 && len(f.nodes) == 0 && !f.numbered:
				comments.add(&a.Comment, tok.Text)
			default:
				comments.add(&f.pending, tok.Text)
			}
			continue // a mark may still follow a move
		case recordtext.Number:
			if err := f.number(tok.Text); err != nil {
				return nil, fault(err)
			}
		case recordtext.Move:
			if err := f.play(tok.Text); err != nil {
				return nil, fault(err)
			}
		case recordtext.Mark:
			if !f.afterMove {
				return nil, &dsq.RecordError{Line: tok.Line, Err: fmt.Errorf("mark %q not after a move", tok.Text)}
			}
			f.nodes[len(f.nodes)-1].Mark, _ = ParseMark(tok.Text) // the tokenizer checked it
		case recordtext.Open:
			if len(f.nodes) == 0 || f.numbered {
				return nil, &dsq.RecordError{Line: tok.Line, Err: errors.New("a variation must follow the move it replaces")}
			}
			if len(stack) > MaxDepth {
				return nil, &dsq.RecordError{Line: tok.Line, Err: fmt.Errorf("variations nested deeper than %d", MaxDepth)}
			}
			stack = append(stack, &frame{g: f.before})
		case recordtext.Close:
			switch {
			case len(stack) == 1:
				return nil, &dsq.RecordError{Line: tok.Line, Err: errors.New("a ) without its (")}
			case len(f.nodes) == 0:
				return nil, &dsq.RecordError{Line: tok.Line, Err: errors.New("an empty variation")}
			case f.numbered:
				return nil, fault(errors.New("a move number without its move"))
			}
			stack = stack[:len(stack)-1]
			parent := stack[len(stack)-1]
			last := parent.nodes[len(parent.nodes)-1]
			last.Variations = append(last.Variations, f.nodes)
		case recordtext.Result:
			if len(stack) > 1 {
				return nil, &dsq.RecordError{Line: tok.Line, Err: errors.New("a result token inside a variation")}
			}
			if f.numbered {
				return nil, fault(errors.New("a move number without its move"))
			}
			a.Moves = f.nodes
			return a, a.finish(tags, tok, base.Start())
		}
		f.afterMove = tok.Kind == recordtext.Move
	}
}

// number reads a move number, which must be the position's.
func (f *frame) number(text string) error {
	pos := f.g.Position()
	num, _ := strings.CutSuffix(text, ".")
	blue := strings.HasSuffix(num, "..")
	n, err := strconv.Atoi(strings.TrimSuffix(num, ".."))
	want := recordtext.MoveNumber(pos.MoveNumber(), pos.SideToMove() == dsq.Blue)
	if err != nil || f.numbered || n != pos.MoveNumber() || blue != (pos.SideToMove() == dsq.Blue) {
		return fmt.Errorf("move number %q out of turn, want %q", text, want)
	}
	f.numbered = true
	return nil
}

// play reads and plays a move of the line.
func (f *frame) play(text string) error {
	pos := f.g.Position()
	if !f.numbered && pos.SideToMove() == dsq.Red {
		return errors.New("move without its number")
	}
	if !f.numbered && len(f.nodes) == 0 {
		return fmt.Errorf("the first move of a line needs its number %q", recordtext.MoveNumber(pos.MoveNumber(), true))
	}
	m, err := dsq.ParseMove(text)
	if err != nil {
		return err
	}
	before := f.g
	if err := f.g.Play(m); err != nil {
		return err
	}
	f.before = before
	f.nodes = append(f.nodes, &Node{Move: m, Before: f.pending})
	f.pending, f.numbered = "", false
	return nil
}

// finish checks the main line from start with its tags and result token
// end as the library's reader does, and fills the header from the game it reads.
func (a *Game) finish(tags []tagLine, end recordtext.Token, start dsq.Position) error {
	main, err := dsq.ParseRecord(plainRecord(tags, start, a.Moves, end.Text))
	if err != nil {
		return relocate(err, tags, end.Line)
	}
	a.Tags, a.Rules, a.Start, a.Outcome, a.DrawOffer = main.Tags(), main.Rules(), main.Start(), main.Outcome(), nil
	if c, ok := main.DrawOffer(); ok && !a.Outcome.IsDecided() {
		a.DrawOffer = &c
	}
	return nil
}

// plainRecord writes tags, one a line in the order given, then moves from
// start (the zero Position: the tags' Start, or the standard start) as
// numbered movetext on one line, and the result token.
func plainRecord(tags []tagLine, start dsq.Position, moves []*Node, token string) string {
	var b strings.Builder
	for _, t := range tags {
		recordtext.WriteTag(&b, t.name, t.value)
	}
	b.WriteString("\n")
	if len(moves) > 0 {
		number, blue := start.MoveNumber(), start.SideToMove() == dsq.Blue
		for i, n := range moves {
			if !blue || i == 0 {
				b.WriteString(recordtext.MoveNumber(number, blue) + " ")
			}
			b.WriteString(n.Move.String() + " ")
			if blue {
				number++
			}
			blue = !blue
		}
	}
	b.WriteString(token + "\n")
	return b.String()
}

// relocate gives a *dsq.RecordError of a plain record written by
// plainRecord from tags the line of the original text: a tag's own line,
// or line for the movetext.
func relocate(err error, tags []tagLine, line int) error {
	var re *dsq.RecordError
	if !errors.As(err, &re) {
		return err
	}
	moved := *re
	if re.Line >= 1 && re.Line <= len(tags) {
		moved.Line = tags[re.Line-1].line
	} else {
		moved.Line = line
	}
	return &moved
}

// commentFault refuses a ';' comment holding a '}': the game could not be
// written back, as a comment is written {...}.
func commentFault(tok recordtext.Token) error {
	return &dsq.RecordError{Line: tok.Line, Err: fmt.Errorf("%w: the ; comment %q holds a '}', which a comment written back as {...} cannot", dsq.ErrSyntax, recordtext.Cut(tok.Text))}
}

// scanFault turns an error of the tokenizer into a *dsq.RecordError.
func scanFault(err error) error {
	var se *recordtext.Error
	if errors.As(err, &se) {
		return &dsq.RecordError{Line: se.Line, Err: se.Err}
	}
	return err
}

// commentSink gathers the comments met at one place, to join them once:
// joining them one by one would take time quadratic in their number.
type commentSink struct {
	target *string
	parts  []string
}

// add adds a comment for target, after those gathered for it.
func (c *commentSink) add(target *string, text string) {
	if c.target != target {
		c.flush()
		c.target = target
	}
	c.parts = append(c.parts, text)
}

// flush joins the comments gathered to their target, by a space.
func (c *commentSink) flush() {
	if c.target == nil {
		return
	}
	if *c.target != "" {
		c.parts = append([]string{*c.target}, c.parts...)
	}
	*c.target = strings.Join(c.parts, " ")
	c.target, c.parts = nil, c.parts[:0]
}
