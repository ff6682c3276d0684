// Package mailbox is a slow, obviously correct implementation of RULES.md,
// written from the rules alone: a 7x9 grid of notation letters, coordinates
// instead of bits, and one function per rule. It shares no code with the
// library; the library's tests hold the bitboard generator to agreement
// with it, and every perft count in testdata/ is one both agree on
// (internal/perftsuite).
package mailbox

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Animals are the notation letters of the animals, rat (rank 1) to elephant (8).
const Animals = "RCDWPTLE"

// Board is a position: Cell[rank][file] holds a notation letter or 0,
// upper case for Red.
type Board struct {
	Cell      [9][7]byte
	RedToMove bool
	Clock     int
	MoveNo    int
	Rules     Rules
}

// Rules are the house rules the reference can play; the zero value is
// RULES.md.
type Rules struct {
	TrappedCapture bool // a piece in an enemy trap captures at full rank
	SwapDogWolf    bool // dog 4, wolf 3
	MoveLimit      int  // half-moves without capture that draw: 0 means 60, -1 none
}

func (r Rules) limitReached(clock int) bool {
	switch r.MoveLimit {
	case 0:
		return clock >= 60
	case -1:
		return false
	}
	return clock >= r.MoveLimit
}

// Parse reads the notation of RULES.md. It trusts its input (the tests
// only give it valid positions) but reports what it cannot read.
func Parse(s string) (Board, error) {
	var b Board
	f := strings.Fields(s)
	if len(f) != 4 && len(f) != 2 {
		return b, fmt.Errorf("fields: %q", s)
	}
	rows := strings.Split(f[0], "/")
	if len(rows) != 9 {
		return b, fmt.Errorf("ranks: %q", s)
	}
	for i, row := range rows {
		rank, file := 8-i, 0
		for _, ch := range row {
			if ch >= '1' && ch <= '9' {
				file += int(ch - '0')
				continue
			}
			if ch == 'J' {
				ch = 'P'
			} else if ch == 'j' {
				ch = 'p'
			}
			if file > 6 || !strings.ContainsRune(Animals, Upper(byte(ch))) {
				return b, fmt.Errorf("rank %d: %q", rank+1, s)
			}
			b.Cell[rank][file] = byte(ch)
			file++
		}
	}
	b.RedToMove = f[1] == "r" || f[1] == "w"
	b.MoveNo = 1
	if len(f) == 4 {
		b.Clock, _ = strconv.Atoi(f[2])
		b.MoveNo, _ = strconv.Atoi(f[3])
	}
	return b, nil
}

// String writes the board in the notation of RULES.md.
func (b *Board) String() string {
	var sb strings.Builder
	for rank := 8; rank >= 0; rank-- {
		empty := 0
		for file := 0; file < 7; file++ {
			ch := b.Cell[rank][file]
			if ch == 0 {
				empty++
				continue
			}
			if empty > 0 {
				sb.WriteString(strconv.Itoa(empty))
				empty = 0
			}
			sb.WriteByte(ch)
		}
		if empty > 0 {
			sb.WriteString(strconv.Itoa(empty))
		}
		if rank > 0 {
			sb.WriteByte('/')
		}
	}
	side := "b"
	if b.RedToMove {
		side = "r"
	}
	return fmt.Sprintf("%s %s %d %d", sb.String(), side, b.Clock, b.MoveNo)
}

// Upper is the letter of a piece of either side in upper case.
func Upper(ch byte) rune {
	if ch >= 'a' && ch <= 'z' {
		ch -= 'a' - 'A'
	}
	return rune(ch)
}

// IsRed reports whether a piece letter is Red's.
func IsRed(ch byte) bool { return ch >= 'A' && ch <= 'Z' }

// Rank is the animal's printed rank, rat 1 .. elephant 8, with dog and
// wolf exchanged under swapDogWolf.
func (b *Board) Rank(ch byte) int {
	r := strings.IndexRune(Animals, Upper(ch)) + 1
	if b.Rules.SwapDogWolf && (r == 3 || r == 4) {
		r = 7 - r
	}
	return r
}

// Water, Den and Trap are the terrain, straight from the Board section of
// RULES.md (0-based file and rank). Water reports a river square.
func Water(file, rank int) bool {
	return (file == 1 || file == 2 || file == 4 || file == 5) && rank >= 3 && rank <= 5
}

// Den reports whether the square is the den of the side (red or not).
func Den(red bool, file, rank int) bool {
	if red {
		return file == 3 && rank == 0
	}
	return file == 3 && rank == 8
}

// Trap reports whether the square is one of the traps owned by the side.
func Trap(red bool, file, rank int) bool {
	if red {
		return (rank == 0 && (file == 2 || file == 4)) || (rank == 1 && file == 3)
	}
	return (rank == 8 && (file == 2 || file == 4)) || (rank == 7 && file == 3)
}

// OnBoard reports whether a 0-based file and rank are on the board.
func OnBoard(file, rank int) bool { return file >= 0 && file < 7 && rank >= 0 && rank < 9 }

// SquareName is the name of a square, "a1" to "g9".
func SquareName(file, rank int) string { return string([]byte{byte('a' + file), byte('1' + rank)}) }

// CanCapture applies the capture rules of RULES.md in order.
func (b *Board) CanCapture(af, ar, df, dr int) bool {
	att, def := b.Cell[ar][af], b.Cell[dr][df]
	red := IsRed(att)
	if Water(af, ar) != Water(df, dr) {
		return false // rule 1: water and land
	}
	if Trap(!red, af, ar) && !b.Rules.TrappedCapture {
		return false // rule 2: the attacker in an enemy trap has rank 0, captures nothing
	}
	if Trap(red, df, dr) {
		return true // rule 3: the defender in the attacker's trap has rank 0
	}
	ra, rd := b.Rank(att), b.Rank(def)
	if ra == 1 && rd == 8 {
		return true // rule 4: the rat captures the elephant
	}
	if ra == 8 && rd == 1 {
		return false // rule 4: the elephant does not capture the rat
	}
	return ra >= rd // rule 5
}

// DenWinner reports which side has a piece in the enemy den.
func (b *Board) DenWinner() (winner string, ok bool) {
	if ch := b.Cell[8][3]; ch != 0 && IsRed(ch) {
		return "red", true
	}
	if ch := b.Cell[0][3]; ch != 0 && !IsRed(ch) {
		return "blue", true
	}
	return "", false
}

// PieceMoves lists the moves of the rules for every piece of the side to
// move, ignoring whether the game is decided.
func (b *Board) PieceMoves() []string {
	var moves []string
	for rank := 0; rank < 9; rank++ {
		for file := 0; file < 7; file++ {
			ch := b.Cell[rank][file]
			if ch == 0 || IsRed(ch) != b.RedToMove {
				continue
			}
			r := strings.IndexRune(Animals, Upper(ch)) + 1 // rat 1, tiger 6, lion 7
			for _, d := range [4][2]int{{0, 1}, {0, -1}, {-1, 0}, {1, 0}} {
				tf, tr := file+d[0], rank+d[1]
				if !OnBoard(tf, tr) {
					continue
				}
				if Water(tf, tr) && r != 1 {
					if r != 6 && r != 7 {
						continue // only the rat enters water
					}
					// Lion or tiger: jump the river unless a rat is on the path.
					blocked := false
					for OnBoard(tf, tr) && Water(tf, tr) {
						if b.Cell[tr][tf] != 0 {
							blocked = true // only rats can stand on water
						}
						tf, tr = tf+d[0], tr+d[1]
					}
					if blocked || !OnBoard(tf, tr) {
						continue
					}
				}
				if Den(b.RedToMove, tf, tr) {
					continue // own den
				}
				if t := b.Cell[tr][tf]; t != 0 {
					if IsRed(t) == b.RedToMove {
						continue // own piece
					}
					if !b.CanCapture(file, rank, tf, tr) {
						continue
					}
				}
				moves = append(moves, SquareName(file, rank)+SquareName(tf, tr))
			}
		}
	}
	slices.Sort(moves)
	return moves
}

// LegalMoves lists the legal moves, sorted: none once decided (den entered or the move limit reached).
func (b *Board) LegalMoves() []string {
	if _, ok := b.DenWinner(); ok || b.Rules.limitReached(b.Clock) {
		return nil
	}
	return b.PieceMoves()
}

// Outcome describes the result as Outcome.String does.
func (b *Board) Outcome() string {
	if w, ok := b.DenWinner(); ok {
		return w + " wins: den entered"
	}
	winner := "red" // the side to move loses below
	if b.RedToMove {
		winner = "blue"
	}
	pieces := 0
	for rank := 0; rank < 9; rank++ {
		for file := 0; file < 7; file++ {
			if ch := b.Cell[rank][file]; ch != 0 && IsRed(ch) == b.RedToMove {
				pieces++
			}
		}
	}
	if pieces == 0 {
		return winner + " wins: no pieces left"
	}
	if len(b.PieceMoves()) == 0 {
		return winner + " wins: no legal move"
	}
	if b.Rules.limitReached(b.Clock) {
		return "draw: no-capture move limit"
	}
	return "undecided"
}

// Play returns the board after the move (which must be legal).
func (b Board) Play(move string) Board {
	ff, fr := int(move[0]-'a'), int(move[1]-'1')
	tf, tr := int(move[2]-'a'), int(move[3]-'1')
	if b.Cell[tr][tf] != 0 {
		b.Clock = 0
	} else {
		b.Clock++
	}
	b.Cell[tr][tf] = b.Cell[fr][ff]
	b.Cell[fr][ff] = 0
	if !b.RedToMove {
		b.MoveNo++
	}
	b.RedToMove = !b.RedToMove
	return b
}

// Perft counts the leaves of the tree of legal moves depth plies deep.
func Perft(b Board, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var n uint64
	for _, m := range b.LegalMoves() {
		n += Perft(b.Play(m), depth-1)
	}
	return n
}
