package doushouqi

import (
	"strconv"
	"strings"
)

// Position notation (RULES.md): "<board> <side> <no-capture half-moves> <move
// number>", the board from rank 9 down to rank 1 separated by '/', files a..g
// within a rank, a digit 1..7 for a run of empty squares, R C D W P T L E for
// Red's rat..elephant and lower case for Blue's.

// maxNotationLen bounds the input ParsePosition looks at; the longest
// meaningful position is well under 100 bytes.
const maxNotationLen = 256

// ParsePosition reads a position in the notation, for example StartNotation.
// The two counters may be omitted together (then 0 and 1). On input 'w' is
// read as Red to move and 'J' as a leopard. The position is checked with
// Setup.Validate. Errors are *ParseError; parsing never panics.
func ParsePosition(s string) (Position, error) { return parsePosition("ParsePosition", s) }

func parsePosition(fn, s string) (Position, error) {
	setup, err := parseSetup(s)
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
	fields := strings.Fields(s)
	if len(fields) != 2 && len(fields) != 4 {
		return setup, wrapf(ErrSyntax, "want 4 fields (board, side, no-capture half-moves, move number) or 2, have %d", len(fields))
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
	if len(fields) == 4 {
		var err error
		if setup.NoCaptureHalfMoves, err = parseCounter(fields[2], "no-capture half-moves", 0); err != nil {
			return setup, err
		}
		if setup.MoveNumber, err = parseCounter(fields[3], "move number", 1); err != nil {
			return setup, err
		}
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
				file += int(ch - '0')
				if file > NumFiles {
					break
				}
				continue
			}
			pc, ok := pieceFromLetter(ch)
			if !ok {
				return wrapf(ErrLetter, "%q on rank %d", ch, rank+1)
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
// "" for the zero Position.
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
	return strconv.AppendUint(b, uint64(p.ply>>1), 10)
}
