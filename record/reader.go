package record

import (
	"errors"
	"fmt"
	"io"
	"strings"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/internal/recordtext"
)

// Parse reads one annotated record, as MarshalText writes it. A ';'
// comment is read as a {comment} at its place; comments before or among
// the tags are the game's Comment, before those that open the movetext.
// Comments after the result token are dropped, the one thing Parse reads
// and does not keep: no game follows them. Every fault is a
// *dsq.RecordError naming its line: a syntax error, an illegal move in any
// line, a move number out of turn, a variation that does not follow a move
// or is not closed, a tag or a result the main line does not allow (as
// [dsq.ParseRecord] has them), or text after the result token. Consecutive
// comments at one place are read as one, joined by a space. The text may be
// of any length; the game takes memory in proportion to it.
func Parse(text string) (*Game, error) {
	sc := recordtext.NewStringScanner(text)
	sc.KeepLineComments()
	t := newTree()
	err := recordtext.NewParser(sc).Read(t)
	if err == io.EOF {
		return nil, &dsq.RecordError{Err: errors.New("no record")}
	}
	if err != nil {
		return nil, t.m.Fault(err)
	}
	return t.a, nil
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

// DefaultMaxRecordSize is the largest record, in bytes, that a Reader
// accepts unless told otherwise (MaxRecordSize): 16 MiB, more than a game
// of a million half-moves.
const DefaultMaxRecordSize = 16 << 20

// ReaderOption sets an option of a Reader.
type ReaderOption func(*Reader)

// MaxRecordSize sets the largest record, in bytes, that a Reader accepts,
// comments between records counted with the record after them; n <= 0
// means no limit. A longer record is an error, and the reader skips it
// holding at most n bytes of it (one line) at a time. The memory of a
// Reader is so bounded by a small multiple of n.
func MaxRecordSize(n int64) ReaderOption {
	return func(r *Reader) { r.sc.SetLimit(n) }
}

// Reader reads annotated records one after another from a stream, such as
// a file of many games, holding one game in memory at a time.
type Reader struct {
	sc   *recordtext.Scanner
	p    *recordtext.Parser
	done bool
	err  error // the reader's error, for the Read after the record it ended
}

// NewReader returns a Reader that reads records from r, of at most
// DefaultMaxRecordSize bytes each unless an option says otherwise.
func NewReader(r io.Reader, opts ...ReaderOption) *Reader {
	sc := recordtext.NewScanner(r)
	sc.KeepLineComments()
	sc.SetLimit(DefaultMaxRecordSize)
	rd := &Reader{sc: sc, p: recordtext.NewParser(sc)}
	rd.p.Stream = true
	for _, o := range opts {
		o(rd)
	}
	return rd
}

// Read returns the next game, and io.EOF after the last. A comment between
// two records is the next game's Comment; comments after the last record
// are dropped. A record that cannot be read gives its *dsq.RecordError,
// whose RecordLine is the line the record starts on and whose Line is the
// fault's, counted from the start of the stream; the reader then skips the
// rest of the bad record (to its result token, or to the next tag section if
// it was cut short), so that the next Read returns the record after it. A
// result token alone, with no record before it, is such an error, never an
// empty game. An error of the underlying reader ends the reading and is
// returned as it is.
func (r *Reader) Read() (*Game, error) {
	if r.done {
		return nil, r.end()
	}
	t := newTree()
	err := r.p.Read(t)
	if err == nil {
		return t.a, nil
	}
	return nil, r.fault(t.m.Fault(err))
}

// end returns what a Reader that is done returns: the reader's error once,
// then io.EOF.
func (r *Reader) end() error {
	err := r.err
	r.err = nil
	if err == nil {
		err = io.EOF
	}
	return err
}

// fault returns the error of a record that Read or ReadHeader could not
// read, after skipping the rest of it.
func (r *Reader) fault(err error) error {
	var re *dsq.RecordError
	if !errors.As(err, &re) {
		r.done = true
		return err // io.EOF, or the reader's
	}
	re.RecordLine = r.p.First
	if skipErr := r.p.Skip(); skipErr != nil {
		r.done, r.err = true, skipErr
	}
	return re
}

// Header is a record's tag section, read without its moves.
type Header struct {
	Tags map[string]string // every tag as written, Start, Rules, Result and DrawOffer included
	Line int               // the line the record starts on
}

// ReadHeader returns the next record's tags and skips its moves without
// reading them: only comments and the result token are looked for, no move
// is played, and no tag's value is checked but for its syntax. It costs a
// small part of Read, for picking games out of a large file by their tags.
// Errors and io.EOF are as Read's: a bad tag section, a tag given twice, or
// a record without its result token is an error and the reader goes on
// with the next record.
func (r *Reader) ReadHeader() (*Header, error) {
	if r.done {
		return nil, r.end()
	}
	h := &tagReader{tags: map[string]string{}}
	err := r.p.ReadTags(h)
	if err == nil {
		return &Header{Tags: h.tags, Line: r.p.First}, nil
	}
	return nil, r.fault(recordtext.NewMain().Fault(err))
}

// tagReader gathers the tags of a record for ReadHeader.
type tagReader struct {
	tags map[string]string
}

func (h *tagReader) Tag(tok recordtext.Token) error {
	if _, dup := h.tags[tok.Text]; dup {
		return &dsq.RecordError{Line: tok.Line, Err: fmt.Errorf("tag %q given twice", tok.Text)}
	}
	h.tags[tok.Text] = tok.Value
	return nil
}
func (*tagReader) Begin() error                     { return nil }
func (*tagReader) Turn() (int, bool)                { return 0, false }
func (*tagReader) Move(string) error                { return nil }
func (*tagReader) Annotate(int)                     {}
func (*tagReader) Comment(recordtext.Place, string) {}
func (*tagReader) Variation() bool                  { return true }
func (*tagReader) EndVariation()                    {}
func (*tagReader) End(recordtext.Token) error       { return nil }

// tree builds a Game from a record: the main line read by the library's own
// reader (recordtext.Main), each variation played on a copy of the game
// before the move it replaces.
type tree struct {
	m       recordtext.Main
	a       *Game
	lines   []line
	pending string // a comment for the next move
	block   []Node // nodes made, not yet used
}

// line is a line of the tree being read: the main line or a variation.
type line struct {
	g      *dsq.Game // the game at the end of the line so far
	before dsq.Game  // the game before the line's last move
	nodes  []*Node
}

func newTree() *tree { return &tree{m: recordtext.NewMain(), a: &Game{}} }

func (t *tree) Tag(tok recordtext.Token) error { return t.m.Tag(tok) }

func (t *tree) Begin() error {
	if err := t.m.Begin(); err != nil {
		return err
	}
	t.lines = append(t.lines[:0], line{g: t.m.Game().(*dsq.Game)})
	return nil
}

func (t *tree) Turn() (int, bool) {
	pos := t.lines[len(t.lines)-1].g.Position()
	return pos.MoveNumber(), pos.SideToMove() == dsq.Blue
}

func (t *tree) Move(text string) error {
	l := &t.lines[len(t.lines)-1]
	m, err := dsq.ParseMove(text)
	if err != nil {
		return err
	}
	before := *l.g
	if err := l.g.Play(m); err != nil {
		return err
	}
	l.before = before
	n := t.newNode()
	n.Move, n.Before = m, t.pending
	l.nodes = append(l.nodes, n)
	t.pending = ""
	return nil
}

// newNode returns a new Node from a block of them: one allocation for many
// nodes, rather than one each.
func (t *tree) newNode() *Node {
	if len(t.block) == 0 {
		t.block = make([]Node, nodeBlock)
	}
	n := &t.block[0]
	t.block = t.block[1:]
	return n
}

// nodeBlock is how many nodes newNode allocates at once.
const nodeBlock = 256

func (t *tree) last() *Node {
	l := t.lines[len(t.lines)-1]
	return l.nodes[len(l.nodes)-1]
}

func (t *tree) Annotate(nag int) {
	n := t.last()
	if nag >= 1 && nag <= len(recordtext.NAGMarks) {
		n.Mark, _ = ParseMark(recordtext.NAGMarks[nag-1])
		return
	}
	n.NAGs = append(n.NAGs, uint8(nag))
}

func (t *tree) Comment(at recordtext.Place, text string) {
	switch at {
	case recordtext.GameComment:
		join(&t.a.Comment, text)
	case recordtext.AfterMove:
		join(&t.last().After, text)
	default:
		join(&t.pending, text)
	}
}

// join adds a comment to those at one place, after a space.
func join(to *string, text string) {
	if *to != "" {
		text = *to + " " + text
	}
	*to = text
}

func (t *tree) Variation() bool {
	before := t.lines[len(t.lines)-1].before
	t.lines = append(t.lines, line{g: &before})
	return false
}

func (t *tree) EndVariation() {
	v := t.lines[len(t.lines)-1].nodes
	t.lines = t.lines[:len(t.lines)-1]
	last := t.last()
	last.Variations = append(last.Variations, v)
}

func (t *tree) End(tok recordtext.Token) error {
	if err := t.m.End(tok); err != nil {
		return err
	}
	g := t.lines[0].g
	a := t.a
	a.Moves = t.lines[0].nodes
	a.Tags, a.Rules, a.Start, a.Outcome = t.m.Tags(), g.Rules(), g.Start(), g.Outcome()
	if c, ok := g.DrawOffer(); ok && !a.Outcome.IsDecided() {
		a.DrawOffer = &c
	}
	return nil
}

// cutLast returns the last word of a record's text: its result token.
func cutLast(rec string) string {
	rec = strings.TrimSpace(rec)
	return rec[strings.LastIndexAny(rec, " \n")+1:]
}
