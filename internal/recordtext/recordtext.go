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
// $1 to $6 are read as the marks ! ? !! ?? !? ?! (the token's Value is the
// "$n" as written); any other "$n" is an *Error. A ';' starts a comment to
// the end of the line, which is skipped, or read as a Comment by a Scanner
// told to KeepLineComments.
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
)

// Token is one token of a record and the line it starts on (1-based).
type Token struct {
	Kind  Kind
	Text  string
	Value string
	Line  int
}

// Marks are the move marks a record may carry, best first.
var Marks = [...]string{"!!", "!", "!?", "?!", "?", "??"}

// nagMarks are PGN's numeric annotations that are move marks, and the
// marks they stand for.
var nagMarks = map[string]string{"$1": "!", "$2": "?", "$3": "!!", "$4": "??", "$5": "!?", "$6": "?!"}

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
func IsResult(s string) bool { return s == "*" || s == "1-0" || s == "0-1" || s == "1/2-1/2" }

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

// Scanner reads tokens from an io.Reader, a line at a time, so that the
// memory it holds is one line (or one comment), whatever the input's length.
type Scanner struct {
	r        *bufio.Reader
	line     int      // the line rest is on
	rest     string   // the unread part of that line
	pending  []Token  // the tokens of the last word not yet returned
	buf      [3]Token // pending's storage: a word is at most a number, a move and a mark
	inMoves  bool     // a token other than a tag came since the last result token
	tagLine  bool     // the current line is a tag\'s
	started  bool
	keepSemi bool  // a ';' comment is a Comment token, not skipped
	err      error // a read error or the end of the input, once met
}

// KeepLineComments makes the scanner return a ';' comment as a Comment
// token, its text the rest of the line with the spaces around it trimmed,
// rather than skip it.
func (s *Scanner) KeepLineComments() { s.keepSemi = true }

// NewScanner returns a Scanner reading r. A leading byte-order mark (U+FEFF)
// is skipped.
func NewScanner(r io.Reader) *Scanner { return &Scanner{r: bufio.NewReader(r)} }

// Line returns the line the scanner has read up to.
func (s *Scanner) Line() int { return s.line }

// readLine loads the next line into rest; false at the end of the input.
func (s *Scanner) readLine() (bool, error) {
	if s.err != nil {
		return false, nil
	}
	text, err := s.r.ReadString('\n')
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
	if !s.started {
		s.started = true
		text = strings.TrimPrefix(text, "\uFEFF")
	}
	if !utf8.ValidString(text) {
		return false, &Error{Line: s.line, Err: errors.New("not valid UTF-8")}
	}
	s.rest = text
	return true, nil
}

// SkipToTags moves on to the next record's tag section, after a fault in
// the record being read: to the next line that starts with '[' once a line
// of movetext has gone by (the rest of the record's tags are skipped with
// it), or to the tag at hand if the fault was a tag after the moves began
// (a record cut short before the next one). It reports false at the end of
// the input.
func (s *Scanner) SkipToTags() (bool, error) {
	if strings.HasPrefix(strings.TrimLeft(s.rest, space), "[") && s.inMoves {
		s.pending, s.inMoves = nil, false
		return true, nil
	}
	seenMoves := !s.tagLine
	s.rest, s.pending, s.inMoves = "", nil, false
	for {
		ok, err := s.readLine()
		if !ok {
			var se *Error
			if errors.As(err, &se) {
				seenMoves = true // a line of invalid UTF-8 in the bad record: skip it too
				continue
			}
			return false, err
		}
		switch t := strings.TrimLeft(s.rest, space); {
		case t == "":
		case strings.HasPrefix(t, "["):
			if seenMoves {
				return true, nil
			}
		default:
			seenMoves = true
		}
	}
}

// Next returns the next token, a Token of kind EOF at the end of the input,
// or an *Error (or the reader's error). A tag after the movetext began (a
// move number, move, mark or variation) and before its result token is an
// *Error.
func (s *Scanner) Next() (Token, error) {
	t, err := s.next()
	if err == nil {
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
				return Token{Kind: Comment, Text: text, Line: s.line}, nil
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
			return Token{}, &Error{Line: s.line, Err: errors.New("a } without its {")}
		case ']':
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
	var b strings.Builder
	for {
		if i := strings.IndexByte(s.rest, '}'); i >= 0 {
			b.WriteString(s.rest[:i])
			s.rest = s.rest[i+1:]
			return Token{Kind: Comment, Text: b.String(), Line: start}, nil
		}
		b.WriteString(s.rest)
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
// first that starts with '[': the next record, which SkipToTags then finds,
// rather than the rest of the input lost in the comment. The comment began
// on line start.
func (s *Scanner) unreadFrom(text string, start int) {
	for i := strings.IndexByte(text, '\n'); i >= 0 && i+1 < len(text); {
		next := i + 1
		if strings.HasPrefix(strings.TrimLeft(text[next:], " \t"), "[") {
			s.r = bufio.NewReader(io.MultiReader(strings.NewReader(text[next:]), s.r))
			s.err = nil
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
		mark, ok := nagMarks[word]
		if !ok {
			return &Error{Line: s.line, Err: fmt.Errorf("numeric annotation %q: only $1 to $6, the move marks ! ? !! ?? !? ?!, are read", Cut(word))}
		}
		s.pending = append(s.pending, Token{Kind: Mark, Text: mark, Value: word, Line: s.line})
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
