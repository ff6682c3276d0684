// Package recordtext splits the text form of game records into tokens: the
// one tokenizer behind the root package's ParseRecord and the annotated
// records of package record, so that both read the same syntax. It checks
// the syntax of single tokens only (UTF-8, a tag's shape, a closed comment,
// a known mark); what the tokens mean is the readers' business.
//
// A record is tag lines, then movetext: move numbers ("12." or "12..."),
// moves, marks ("!", "?", "!!", "??", "!?", "?!", also written straight
// after a move: "a3a4!?"), {comments}, variations in parentheses and the
// result token ("1-0", "0-1", "1/2-1/2" or "*"). PGN's numeric annotations
// $0 to $255 are NAG tokens; $1 to $6 stand for the marks ! ? !! ?? !? ?!.
// A ';' starts a comment to the end of the line, which is skipped, or read
// as a Comment by a Scanner told to KeepLineComments.
//
// Parser (parse.go) reads whole records from the tokens: the one reader of
// the format, behind both dsq.ParseRecord and package record.
package recordtext

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// space is the white space between tokens.
const space = " \t\r\n\f\v"

// Kind is the kind of a token.
type Kind uint8

// The kinds of token.
const (
	EOF     Kind = iota // the end of the input
	Tag                 // [Name "value"]: Text is the name, Value the unquoted value
	Number              // a move number, "12." or "12..."
	Move                // any other word: a move, checked by the reader
	Mark                // a move mark such as "!?": Text the mark, Value "$n" if so written
	Comment             // {text}: Text is what the braces hold
	Open                // "(": a variation starts
	Close               // ")": a variation ends
	Result              // "1-0", "0-1", "1/2-1/2" or "*"
	NAG                 // "$n", n 0 to 255: Text as written
)

// Token is one token of a record and the line it starts on (1-based).
type Token struct {
	Kind  Kind
	Text  string
	Value string
	Line  int
	Blank bool // a blank line came between the previous token and this one
}

// The result tokens: the one list of them.
const (
	RedWins    = "1-0"
	BlueWins   = "0-1"
	Drawn      = "1/2-1/2"
	Unfinished = "*"
)

// Marks are the move marks a record may carry, best first.
var Marks = [...]string{"!!", "!", "!?", "?!", "?", "??"}

// NAGMarks are the marks PGN's numeric annotations $1 to $6 stand for:
// NAGMarks[n-1] is $n's.
var NAGMarks = [...]string{"!", "?", "!!", "??", "!?", "?!"}

// MarkNAG returns the numeric annotation, 1 to 6, of a mark of Marks; 0
// for anything else.
func MarkNAG(mark string) int {
	for i, m := range NAGMarks {
		if m == mark {
			return i + 1
		}
	}
	return 0
}

// ParseNAG reads a numeric annotation, "$0" to "$255".
func ParseNAG(text string) (int, bool) {
	digits, ok := strings.CutPrefix(text, "$")
	if !ok || digits == "" || len(digits) > 3 || (len(digits) > 1 && digits[0] == '0') {
		return 0, false
	}
	n, err := strconv.Atoi(digits)
	if err != nil || n < 0 || n > 255 || strings.ContainsAny(digits, "+-") {
		return 0, false
	}
	return n, true
}

// IsMark reports whether s is one of Marks.
func IsMark(s string) bool {
	for _, m := range Marks {
		if s == m {
			return true
		}
	}
	return false
}

// IsResult reports whether s is a result token.
func IsResult(s string) bool { return s == Unfinished || s == RedWins || s == BlueWins || s == Drawn }

// Error is a syntax error at a line of the input.
type Error struct {
	Line int
	Err  error
}

func (e *Error) Error() string { return "line " + strconv.Itoa(e.Line) + ": " + e.Err.Error() }

// Unwrap returns the reason.
func (e *Error) Unwrap() error { return e.Err }

// ErrUnclosedComment is the reason of an Error for a '{' whose '}' never
// comes: a record cut short.
var ErrUnclosedComment = errors.New("a { comment is not closed: the record is cut short")

// Scanner reads tokens from an io.Reader or a string, a line at a time, so
// that the memory it holds is one line (or one comment), whatever the
// input's length; lines of a string are not copied.
type Scanner struct {
	r        *bufio.Reader // nil when reading text
	text     string        // the unread part of the string being read
	back     string        // lines put back, read before r or text
	line     int           // the line rest is on
	rest     string        // the unread part of that line
	pending  []Token       // the tokens of the last word not yet returned
	buf      [3]Token      // pending's storage: a word is at most a number, a move and a mark
	unread   []Token       // tokens put back by Unread, returned first
	inMoves  bool          // a token other than a tag came since the last result token
	tagLine  bool          // the current line is a tag's
	blank    bool          // a blank line came since the last token
	started  bool
	keepSemi bool  // a ';' comment is a Comment token, not skipped
	err      error // a read error or the end of the input, once met
	limit    int64 // the most bytes a record may take; 0 for no limit
	used     int64 // the bytes read since BeginRecord
	skipping bool  // the limit holds for each line, not the record
}

// KeepLineComments makes the scanner return a ';' comment as a Comment
// token, its text the rest of the line with the spaces around it trimmed,
// rather than skip it. Its Value is ";".
func (s *Scanner) KeepLineComments() { s.keepSemi = true }

// NewScanner returns a Scanner reading r. A leading byte-order mark (U+FEFF)
// is skipped.
func NewScanner(r io.Reader) *Scanner { return &Scanner{r: bufio.NewReader(r)} }

// NewStringScanner returns a Scanner reading text, whose tokens are
// substrings of text.
func NewStringScanner(text string) *Scanner { return &Scanner{text: text} }

// SetLimit sets the most bytes a record may take, counted from BeginRecord;
// n <= 0 means no limit. A line that would pass it is read no further, and
// is an *Error wrapping ErrTooLong.
func (s *Scanner) SetLimit(n int64) { s.limit = max(n, 0) }

// BeginRecord starts the count of bytes against the limit.
func (s *Scanner) BeginRecord() { s.used, s.skipping = 0, false }

// ErrTooLong is the reason of an Error for a record longer than a Scanner's
// limit.
var ErrTooLong = errors.New("the record is longer than the limit")

// Line returns the line the scanner has read up to.
func (s *Scanner) Line() int { return s.line }

// readRaw reads the next line with its '\n', at most room bytes of it
// (room < 0: no limit); over is true for a line longer, whose text is then
// dropped, and the rest of the line with it.
func (s *Scanner) readRaw(room int64) (text string, over bool, err error) {
	if s.back != "" {
		text, s.back = cutLine(s.back)
		return text, room >= 0 && int64(len(text)) > room, nil
	}
	if s.r == nil {
		if s.text == "" {
			return "", false, io.EOF
		}
		text, s.text = cutLine(s.text)
		return text, room >= 0 && int64(len(text)) > room, nil
	}
	if room < 0 {
		text, err := s.r.ReadString('\n')
		return text, false, err
	}
	var b []byte
	for {
		chunk, err := s.r.ReadSlice('\n')
		if !over && int64(len(b)+len(chunk)) > room {
			over, b = true, nil
		}
		if !over {
			b = append(b, chunk...)
		}
		if err != bufio.ErrBufferFull {
			if over && err == io.EOF {
				err = nil // the line is refused; the end comes next
			}
			return string(b), over, err
		}
	}
}

// cutLine cuts the first line, with its '\n', from text.
func cutLine(text string) (line, rest string) {
	if i := strings.IndexByte(text, '\n'); i >= 0 {
		return text[:i+1], text[i+1:]
	}
	return text, ""
}

// readLine loads the next line into rest; false at the end of the input.
func (s *Scanner) readLine() (bool, error) {
	if s.err != nil && s.back == "" {
		return false, nil
	}
	room := int64(-1)
	if s.limit > 0 {
		room = s.limit - s.used
		if s.skipping {
			room = s.limit
		}
	}
	text, over, err := s.readRaw(room)
	if err != nil {
		s.err = err
		if err != io.EOF {
			return false, err
		}
		if text == "" {
			return false, nil
		}
	}
	s.line++
	s.tagLine = false
	s.used += int64(len(text))
	if over {
		s.rest = ""
		return false, &Error{Line: s.line, Err: fmt.Errorf("%w of %d bytes", ErrTooLong, s.limit)}
	}
	if !s.started {
		s.started = true
		text = strings.TrimPrefix(text, "\uFEFF")
	}
	if !utf8.ValidString(text) {
		return false, &Error{Line: s.line, Err: errors.New("not valid UTF-8")}
	}
	if strings.TrimLeft(text, space) == "" {
		s.blank = true
	}
	s.rest = text
	return true, nil
}

// atTag reports whether the unread input starts with '[' once spaces are
// skipped, reading lines as it must (and dropping those that cannot be
// read); false at the end of the input or on an error of the reader.
func (s *Scanner) atTag() bool {
	for {
		if t := strings.TrimLeft(s.rest, space); t != "" {
			return t[0] == '['
		}
		if ok, err := s.readLine(); !ok {
			var se *Error
			if !errors.As(err, &se) {
				return false
			}
		}
	}
}

// SkipRecord skips the rest of the record being read, after a fault: up
// to its result token (outside parentheses), or up to the next record's tags if it was cut short
// (a tag once the moves began), or the end of the input; ended reports a
// result token. Tokens that cannot be read are skipped too. Its error is
// the reader's only.
func (s *Scanner) SkipRecord() (ended bool, err error) {
	s.skipping = true
	s.unread = nil
	depth := 0
	for {
		if s.inMoves && len(s.pending) == 0 && s.atTag() {
			s.inMoves = false
			return false, nil
		}
		tok, err := s.next()
		if err != nil {
			var se *Error
			if errors.As(err, &se) {
				continue
			}
			return false, err
		}
		switch tok.Kind {
		case EOF:
			s.inMoves = false
			return false, nil
		case Result:
			if depth > 0 {
				continue
			}
			s.inMoves = false
			return true, nil
		case Open:
			depth++
			s.inMoves = true
		case Close:
			depth = max(depth-1, 0)
			s.inMoves = true
		case Tag:
			if s.inMoves {
				s.inMoves = false
				return false, nil
			}
		case Comment:
		default:
			s.inMoves = true
		}
	}
}

// SkipTagSection skips the rest of a tag section after a fault in it: the
// tag lines up to a blank line or a line of another kind, which is kept.
// Then SkipRecord skips the moves, if the next record does not start right
// away. It returns an error of the reader only.
func (s *Scanner) SkipTagSection() error {
	s.skipping = true
	s.rest, s.pending, s.unread = "", nil, nil
	for {
		ok, err := s.readLine()
		if !ok {
			var se *Error
			if errors.As(err, &se) {
				continue
			}
			return err
		}
		t := strings.TrimLeft(s.rest, space)
		if t == "" {
			break
		}
		if t[0] != '[' {
			s.inMoves = true
			_, err := s.SkipRecord()
			return err
		}
	}
	s.inMoves = true // a tag section that comes next is the next record's
	_, err := s.SkipRecord()
	return err
}

// Unread puts tok back: the next call of Next returns it.
func (s *Scanner) Unread(tok Token) { s.unread = append(s.unread, tok) }

// Next returns the next token, a Token of kind EOF at the end of the input,
// or an *Error (or the reader's error). A tag after the movetext began (a
// move number, move, mark or variation) and before its result token is an
// *Error.
func (s *Scanner) Next() (Token, error) {
	if n := len(s.unread); n > 0 {
		t := s.unread[n-1]
		s.unread = s.unread[:n-1]
		return t, nil
	}
	t, err := s.next()
	if err == nil {
		t.Blank, s.blank = s.blank, false
		switch t.Kind {
		case Tag, EOF, Comment: // a comment may sit between two records
		case Result:
			s.inMoves = false
		default:
			s.inMoves = true
		}
	}
	return t, err
}

func (s *Scanner) next() (Token, error) {
	if len(s.pending) > 0 {
		t := s.pending[0]
		s.pending = s.pending[1:]
		return t, nil
	}
	s.pending = s.buf[:0]
	for {
		s.rest = strings.TrimLeft(s.rest, space)
		if s.rest == "" {
			ok, err := s.readLine()
			if err != nil {
				return Token{}, err
			}
			if !ok {
				return Token{Kind: EOF, Line: s.line}, nil
			}
			continue
		}
		switch s.rest[0] {
		case ';':
			text := strings.TrimSpace(s.rest[1:])
			s.rest = ""
			if s.keepSemi {
				return Token{Kind: Comment, Text: text, Value: ";", Line: s.line}, nil
			}
			continue
		case '[':
			return s.tag()
		case '{':
			return s.comment()
		case '(':
			s.rest = s.rest[1:]
			return Token{Kind: Open, Text: "(", Line: s.line}, nil
		case ')':
			s.rest = s.rest[1:]
			return Token{Kind: Close, Text: ")", Line: s.line}, nil
		case '}':
			s.rest = s.rest[1:]
			return Token{}, &Error{Line: s.line, Err: errors.New("a } without its {")}
		case ']':
			s.rest = s.rest[1:]
			return Token{}, &Error{Line: s.line, Err: errors.New("a ] outside a tag")}
		}
		end := strings.IndexAny(s.rest, " \t\r\n\f\v;[]{}()")
		if end < 0 {
			end = len(s.rest)
		}
		word := s.rest[:end]
		s.rest = s.rest[end:]
		if err := s.split(word); err != nil {
			return Token{}, err
		}
		return s.next()
	}
}

// tag reads a tag: the rest of the line, `[Name "value"]`.
func (s *Scanner) tag() (Token, error) {
	if s.inMoves {
		return Token{}, &Error{Line: s.line, Err: errors.New("a tag after the moves began")}
	}
	line := strings.TrimSpace(s.rest)
	s.rest, s.tagLine = "", true
	name, value, err := ParseTag(line)
	if err != nil {
		return Token{}, &Error{Line: s.line, Err: err}
	}
	return Token{Kind: Tag, Text: name, Value: value, Line: s.line}, nil
}

// ParseTag reads a tag line, `[Name "value"]`: the name 1 to 64 ASCII
// letters, digits or underscores, the value a Go-quoted string.
func ParseTag(line string) (name, value string, err error) {
	inner, ok := strings.CutPrefix(line, "[")
	if ok {
		inner, ok = strings.CutSuffix(inner, "]")
	}
	if !ok {
		return "", "", fmt.Errorf("tag %q is not [Name \"value\"]", Cut(line))
	}
	name, quoted, ok := strings.Cut(inner, " ")
	if !ok || !ValidTagName(name) {
		return "", "", fmt.Errorf("tag %q is not [Name \"value\"]", Cut(line))
	}
	value, err = strconv.Unquote(strings.TrimSpace(quoted))
	if err != nil {
		return "", "", fmt.Errorf("tag %q: value %q is not a quoted string", Cut(name), Cut(quoted))
	}
	return name, value, nil
}

// comment reads a {comment}, which may span lines.
func (s *Scanner) comment() (Token, error) {
	start := s.line
	s.rest = s.rest[1:]
	if i := strings.IndexByte(s.rest, '}'); i >= 0 { // on one line: no copy
		text := s.rest[:i]
		s.rest = s.rest[i+1:]
		return Token{Kind: Comment, Text: text, Line: start}, nil
	}
	var b strings.Builder
	for {
		if i := strings.IndexByte(s.rest, '}'); i >= 0 {
			b.WriteString(s.rest[:i])
			s.rest = s.rest[i+1:]
			return Token{Kind: Comment, Text: b.String(), Line: start}, nil
		}
		switch {
		case !s.skipping:
			b.WriteString(s.rest)
		case s.limit > 0 && int64(b.Len()+len(s.rest)) > s.limit:
			b.Reset() // hold no more than the limit of a comment skipped
		case b.Len() > 0 || strings.HasPrefix(strings.TrimLeft(s.rest, " \t"), "["):
			// A comment skipped is never read: only its lines from one
			// that starts with '[' are kept, for unreadFrom.
			b.WriteString(s.rest)
		}
		ok, err := s.readLine()
		if err != nil {
			return Token{}, err
		}
		if !ok {
			s.unreadFrom(b.String(), start)
			return Token{}, &Error{Line: start, Err: ErrUnclosedComment}
		}
	}
}

// unreadFrom puts back the lines of an unclosed comment's text from the
// first that starts with '[': the next record, which SkipRecord then finds,
// rather than the rest of the input lost in the comment. The comment began
// on line start.
func (s *Scanner) unreadFrom(text string, start int) {
	for i := strings.IndexByte(text, '\n'); i >= 0 && i+1 < len(text); {
		next := i + 1
		if strings.HasPrefix(strings.TrimLeft(text[next:], " \t"), "[") {
			s.back = text[next:] + s.back
			s.line = start + strings.Count(text[:next], "\n") - 1
			s.rest, s.tagLine = "", false
			return
		}
		j := strings.IndexByte(text[next:], '\n')
		if j < 0 {
			return
		}
		i = next + j
	}
}

// split turns a word into its tokens: "12.a3a4!?" is a number, a move and
// a mark.
func (s *Scanner) split(word string) error {
	if strings.HasPrefix(word, "$") {
		if _, ok := ParseNAG(word); !ok {
			return &Error{Line: s.line, Err: fmt.Errorf("numeric annotation %q: want $0 to $255", Cut(word))}
		}
		s.pending = append(s.pending, Token{Kind: NAG, Text: word, Line: s.line})
		return nil
	}
	if IsResult(word) {
		s.pending = append(s.pending, Token{Kind: Result, Text: word, Line: s.line})
		return nil
	}
	digits := 0
	for digits < len(word) && word[digits] >= '0' && word[digits] <= '9' {
		digits++
	}
	if digits > 0 && digits < len(word) && word[digits] == '.' {
		dots := digits
		for dots < len(word) && word[dots] == '.' {
			dots++
		}
		s.pending = append(s.pending, Token{Kind: Number, Text: word[:dots], Line: s.line})
		word = word[dots:]
		if word == "" {
			return nil
		}
	}
	marks := len(word)
	for marks > 0 && (word[marks-1] == '!' || word[marks-1] == '?') {
		marks--
	}
	if marks > 0 {
		s.pending = append(s.pending, Token{Kind: Move, Text: word[:marks], Line: s.line})
	}
	if mark := word[marks:]; mark != "" {
		if !IsMark(mark) {
			return &Error{Line: s.line, Err: fmt.Errorf("mark %q, want one of %s", Cut(mark), strings.Join(Marks[:], " "))}
		}
		s.pending = append(s.pending, Token{Kind: Mark, Text: mark, Line: s.line})
	}
	return nil
}

// Cut cuts s to at most 64 bytes for quoting in an error, at a character
// boundary.
func Cut(s string) string {
	const most = 64
	if len(s) <= most {
		return s
	}
	n := most
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// MoveNumber is the move number written before a move: "12." for Red's
// (blue false), "12..." for Blue's.
func MoveNumber(n int, blue bool) string {
	if blue {
		return strconv.Itoa(n) + "..."
	}
	return strconv.Itoa(n) + "."
}

// MaxDepth is how deeply variations may nest in a record, for every reader:
// a variation inside a variation is depth 2.
const MaxDepth = 64

// ReservedTags are the tags a record writes from the game itself (its start,
// rules, result and pending draw offer), never from the game's own tags.
var ReservedTags = [...]string{"Start", "Rules", "Result", "DrawOffer"}

// IsReservedTag reports whether name is one of ReservedTags.
func IsReservedTag(name string) bool { return slices.Contains(ReservedTags[:], name) }

// TagOrder is the order of the usual tags in a record; others follow
// sorted by name, then the tags a record writes from the game itself.
var TagOrder = []string{"Event", "Site", "Date", "Red", "Blue"}

// SortTags sorts tag names in the order of a record.
func SortTags(names []string) {
	index := func(s string) int {
		for i, t := range TagOrder {
			if s == t {
				return i
			}
		}
		return len(TagOrder)
	}
	slices.SortFunc(names, func(a, b string) int {
		if ia, ib := index(a), index(b); ia != ib {
			return ia - ib
		}
		return strings.Compare(a, b)
	})
}

// WriteTag writes a tag line.
func WriteTag(w io.StringWriter, name, value string) {
	w.WriteString("[" + name + " " + strconv.Quote(value) + "]\n")
}

// ValidTagName reports whether name is 1 to 64 ASCII letters, digits or
// underscores.
func ValidTagName(name string) bool {
	if name == "" || len(name) > 64 {
		return false
	}
	for _, r := range name {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_') {
			return false
		}
	}
	return true
}
