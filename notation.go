package doushouqi

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// byteOrderMark is U+FEFF, which some editors put at the start of a text
// file: the parsers skip it at the start of their input, as text readers do.
const byteOrderMark = "\uFEFF"

// Position notation (RULES.md): "<board> <side> <no-capture half-moves> <move
// number>", the board from rank 9 down to rank 1 separated by '/', files a..g
// within a rank, a digit 1..7 for a run of empty squares (one digit, never
// two in a row), R C D W P T L E for
// Red's rat..elephant and lower case for Blue's; then, for a position under
// house rules only, a fifth field: the rules as Rules.String writes them
// ("l5t/... r 70 36 move-limit=200"). A standard position has four fields,
// so its notation is the one every Jungle tool reads.

// maxNotationLen bounds the input ParsePosition looks at; the longest
// meaningful position is well under 100 bytes.
const maxNotationLen = 256

// ParsePosition reads a position in the notation, for example StartNotation,
// as Position.String writes it. The two counters may be omitted together
// (then 0 and 1); they are written without leading zeros. A fifth field gives the house rules the position is played
// under, as [ParseRules] reads them ("trapped-capture,move-limit=200");
// without it the rules are Standard. Threefold is refused there: it is a
// game's rule ([NewGameRules]), not a position's. On input 'w' is read as Red
// to move and 'J' as a leopard, and a leading byte-order mark (U+FEFF) is
// skipped. The fields are separated by runs of white space of any kind and
// length (spaces, tabs, newlines: what unicode.IsSpace reports), and white
// space before the first field and after the last is ignored, so a line
// read with its newline parses. The position is checked with
// Setup.Validate. Errors are *ParseError; parsing never panics.
func ParsePosition(s string) (Position, error) { return parsePosition("ParsePosition", s) }

func parsePosition(fn, s string) (Position, error) {
	setup, err := parseSetup(strings.TrimPrefix(s, byteOrderMark))
	if err != nil {
		return Position{}, newParseError(fn, s, err)
	}
	pos, err := NewPosition(setup)
	if err != nil {
		return Position{}, newParseError(fn, s, err)
	}
	return pos, nil
}

func parseSetup(s string) (Setup, error) {
	var setup Setup
	if len(s) > maxNotationLen {
		return setup, wrapf(ErrSyntax, "longer than %d bytes", maxNotationLen)
	}
	if !utf8.ValidString(s) {
		return setup, wrapf(ErrSyntax, "not valid UTF-8")
	}
	fields := strings.Fields(s)
	if len(fields) != 2 && len(fields) != 4 && len(fields) != 5 {
		return setup, wrapf(ErrSyntax, "want 4 fields (board, side, no-capture half-moves, move number), 5 with the rules, or 2, have %d", len(fields))
	}
	if err := parseBoard(fields[0], &setup.Board); err != nil {
		return setup, err
	}
	switch fields[1] {
	case "r", "w":
		setup.SideToMove = Red
	case "b":
		setup.SideToMove = Blue
	default:
		return setup, wrapf(ErrSide, "%q, want r or b", fields[1])
	}
	setup.MoveNumber = 1
	if len(fields) >= 4 {
		var err error
		if setup.NoCaptureHalfMoves, err = parseCounter(fields[2], "no-capture half-moves", 0); err != nil {
			return setup, err
		}
		if setup.MoveNumber, err = parseCounter(fields[3], "move number", 1); err != nil {
			return setup, err
		}
	}
	if len(fields) == 5 {
		rules, err := ParseRules(fields[4])
		if err != nil {
			var pe *ParseError
			if errors.As(err, &pe) {
				err = pe.Err // the rules' own reason; the caller names the input
			}
			return setup, fmt.Errorf("rules: %w", err)
		}
		if rules.Threefold {
			return setup, fmt.Errorf("rules %q: %w: threefold is a game's rule, not a position's", fields[4], ErrRules)
		}
		setup.Rules = rules
	}
	return setup, nil
}

func parseBoard(s string, board *[NumSquares]Piece) error {
	ranks := strings.Split(s, "/")
	if len(ranks) != NumRanks {
		return wrapf(ErrRankCount, "have %d ranks, want %d", len(ranks), NumRanks)
	}
	for i, row := range ranks {
		rank := NumRanks - 1 - i
		file := 0
		for j := range len(row) {
			ch := row[j]
			if ch >= '1' && ch <= '9' {
				if j > 0 && row[j-1] >= '1' && row[j-1] <= '9' {
					return wrapf(ErrSyntax, "rank %d %q: two digits in a row (a run of empty squares is one digit 1-7)", rank+1, cutInput(row))
				}
				file += int(ch - '0')
				if file > NumFiles {
					break
				}
				continue
			}
			pc, ok := pieceFromLetter(ch)
			if !ok {
				r, _ := utf8.DecodeRuneInString(row[j:]) // the character, not its first byte
				return wrapf(ErrLetter, "%q on rank %d", r, rank+1)
			}
			if file >= NumFiles {
				file++
				break
			}
			board[SquareAt(file, rank)] = pc
			file++
		}
		if file != NumFiles {
			return wrapf(ErrFileCount, "rank %d has %s files, want %d", rank+1, countWord(file), NumFiles)
		}
	}
	return nil
}

func countWord(n int) string {
	if n > NumFiles {
		return "more than 7"
	}
	return strconv.Itoa(n)
}

func parseCounter(s, name string, minimum int) (int, error) {
	for i := range len(s) {
		if s[i] < '0' || s[i] > '9' {
			return 0, wrapf(ErrCounter, "%s %q is not a whole number", name, s)
		}
	}
	if len(s) > 1 && s[0] == '0' {
		return 0, wrapf(ErrCounter, "%s %q has a leading zero", name, s)
	}
	if len(s) > 7 {
		return 0, wrapf(ErrCounter, "%s %q is over %d", name, s, MaxCounter)
	}
	n, err := strconv.Atoi(s)
	if err != nil || n > MaxCounter {
		return 0, wrapf(ErrCounter, "%s %q is over %d", name, s, MaxCounter)
	}
	if n < minimum {
		return 0, wrapf(ErrCounter, "%s %d is below %d", name, n, minimum)
	}
	return n, nil
}

// String returns the position in the notation, such as StartNotation, and
// "" for the zero Position. It holds everything the position holds: the
// pieces, the side to move, both counters, and for a position under house
// rules a fifth field with the rules (see ParsePosition), so ParsePosition
// reads it back as the same position, rules included.
func (p Position) String() string {
	if p.IsZero() {
		return ""
	}
	return string(p.appendText(make([]byte, 0, 64)))
}

func (p *Position) appendText(b []byte) []byte {
	for rank := NumRanks - 1; rank >= 0; rank-- {
		empty := 0
		for file := range NumFiles {
			pc := p.board[SquareAt(file, rank)]
			if pc == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				b = append(b, byte('0'+empty))
				empty = 0
			}
			b = append(b, pc.Letter())
		}
		if empty > 0 {
			b = append(b, byte('0'+empty))
		}
		if rank > 0 {
			b = append(b, '/')
		}
	}
	b = append(b, ' ')
	if p.side() == Red {
		b = append(b, 'r')
	} else {
		b = append(b, 'b')
	}
	b = append(b, ' ')
	b = strconv.AppendUint(b, uint64(p.clock), 10)
	b = append(b, ' ')
	b = strconv.AppendUint(b, uint64(p.ply>>1), 10)
	if r := p.Rules(); r != Standard {
		b = append(b, ' ')
		b = append(b, r.String()...)
	}
	return b
}
