package doushouqi_test

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// A slow, obviously correct mailbox implementation of RULES.md, written from
// the rules alone: a 7x9 grid of notation letters, coordinates instead of
// bits, and one function per rule. It shares no code with the package; the
// tests hold the bitboard generator to agreement with it.

const refAnimals = "RCDWPTLE" // rat 1 .. elephant 8

// refBoard is a position: cell[rank][file] holds a notation letter or 0.
type refBoard struct {
	cell      [9][7]byte
	redToMove bool
	clock     int
	moveNo    int
	rules     refRules
}

// refRules are the house rules the reference can play; the zero value is
// RULES.md.
type refRules struct {
	trappedCapture bool // a piece in an enemy trap captures at full rank
	swapDogWolf    bool // dog 4, wolf 3
	moveLimit      int  // half-moves without capture that draw: 0 means 60, -1 none
}

func (r refRules) limitReached(clock int) bool {
	switch r.moveLimit {
	case 0:
		return clock >= 60
	case -1:
		return false
	}
	return clock >= r.moveLimit
}

// refParse reads the notation of RULES.md. It trusts its input (the tests
// only give it valid positions) but reports what it cannot read.
func refParse(s string) (refBoard, error) {
	var b refBoard
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
			if file > 6 || !strings.ContainsRune(refAnimals, refUpper(byte(ch))) {
				return b, fmt.Errorf("rank %d: %q", rank+1, s)
			}
			b.cell[rank][file] = byte(ch)
			file++
		}
	}
	b.redToMove = f[1] == "r" || f[1] == "w"
	b.moveNo = 1
	if len(f) == 4 {
		b.clock, _ = strconv.Atoi(f[2])
		b.moveNo, _ = strconv.Atoi(f[3])
	}
	return b, nil
}

func (b *refBoard) String() string {
	var sb strings.Builder
	for rank := 8; rank >= 0; rank-- {
		empty := 0
		for file := 0; file < 7; file++ {
			ch := b.cell[rank][file]
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
	if b.redToMove {
		side = "r"
	}
	return fmt.Sprintf("%s %s %d %d", sb.String(), side, b.clock, b.moveNo)
}

func refUpper(ch byte) rune {
	if ch >= 'a' && ch <= 'z' {
		ch -= 'a' - 'A'
	}
	return rune(ch)
}

func refIsRed(ch byte) bool { return ch >= 'A' && ch <= 'Z' }

// refRank is the animal's printed rank, rat 1 .. elephant 8, with dog and
// wolf exchanged under swapDogWolf.
func (b *refBoard) refRank(ch byte) int {
	r := strings.IndexRune(refAnimals, refUpper(ch)) + 1
	if b.rules.swapDogWolf && (r == 3 || r == 4) {
		r = 7 - r
	}
	return r
}

// Terrain, straight from the Board section of RULES.md (0-based file, rank).
func refWater(file, rank int) bool {
	return (file == 1 || file == 2 || file == 4 || file == 5) && rank >= 3 && rank <= 5
}

func refDen(red bool, file, rank int) bool {
	if red {
		return file == 3 && rank == 0
	}
	return file == 3 && rank == 8
}

// refTrap reports whether the square is one of the traps owned by the side.
func refTrap(red bool, file, rank int) bool {
	if red {
		return (rank == 0 && (file == 2 || file == 4)) || (rank == 1 && file == 3)
	}
	return (rank == 8 && (file == 2 || file == 4)) || (rank == 7 && file == 3)
}

func refOnBoard(file, rank int) bool { return file >= 0 && file < 7 && rank >= 0 && rank < 9 }

func refSquare(file, rank int) string { return string([]byte{byte('a' + file), byte('1' + rank)}) }

// refCanCapture applies the capture rules of RULES.md in order.
func (b *refBoard) refCanCapture(af, ar, df, dr int) bool {
	att, def := b.cell[ar][af], b.cell[dr][df]
	red := refIsRed(att)
	if refWater(af, ar) != refWater(df, dr) {
		return false // rule 1: water and land
	}
	if refTrap(!red, af, ar) && !b.rules.trappedCapture {
		return false // rule 2: the attacker in an enemy trap has rank 0, captures nothing
	}
	if refTrap(red, df, dr) {
		return true // rule 3: the defender in the attacker's trap has rank 0
	}
	ra, rd := b.refRank(att), b.refRank(def)
	if ra == 1 && rd == 8 {
		return true // rule 4: the rat captures the elephant
	}
	if ra == 8 && rd == 1 {
		return false // rule 4: the elephant does not capture the rat
	}
	return ra >= rd // rule 5
}

// refDenWinner reports which side has a piece in the enemy den.
func (b *refBoard) refDenWinner() (winner string, ok bool) {
	if ch := b.cell[8][3]; ch != 0 && refIsRed(ch) {
		return "red", true
	}
	if ch := b.cell[0][3]; ch != 0 && !refIsRed(ch) {
		return "blue", true
	}
	return "", false
}

// refPieceMoves lists the moves of the rules for every piece of the side to
// move, ignoring whether the game is decided.
func (b *refBoard) refPieceMoves() []string {
	var moves []string
	for rank := 0; rank < 9; rank++ {
		for file := 0; file < 7; file++ {
			ch := b.cell[rank][file]
			if ch == 0 || refIsRed(ch) != b.redToMove {
				continue
			}
			r := strings.IndexRune(refAnimals, refUpper(ch)) + 1 // rat 1, tiger 6, lion 7
			for _, d := range [4][2]int{{0, 1}, {0, -1}, {-1, 0}, {1, 0}} {
				tf, tr := file+d[0], rank+d[1]
				if !refOnBoard(tf, tr) {
					continue
				}
				if refWater(tf, tr) && r != 1 {
					if r != 6 && r != 7 {
						continue // only the rat enters water
					}
					// Lion or tiger: jump the river unless a rat is on the path.
					blocked := false
					for refOnBoard(tf, tr) && refWater(tf, tr) {
						if b.cell[tr][tf] != 0 {
							blocked = true // only rats can stand on water
						}
						tf, tr = tf+d[0], tr+d[1]
					}
					if blocked || !refOnBoard(tf, tr) {
						continue
					}
				}
				if refDen(b.redToMove, tf, tr) {
					continue // own den
				}
				if t := b.cell[tr][tf]; t != 0 {
					if refIsRed(t) == b.redToMove {
						continue // own piece
					}
					if !b.refCanCapture(file, rank, tf, tr) {
						continue
					}
				}
				moves = append(moves, refSquare(file, rank)+refSquare(tf, tr))
			}
		}
	}
	slices.Sort(moves)
	return moves
}

// refLegalMoves: none once decided (den entered or the move limit reached).
func (b *refBoard) refLegalMoves() []string {
	if _, ok := b.refDenWinner(); ok || b.rules.limitReached(b.clock) {
		return nil
	}
	return b.refPieceMoves()
}

// refOutcome describes the result as Outcome.String does.
func (b *refBoard) refOutcome() string {
	if w, ok := b.refDenWinner(); ok {
		return w + " wins: den entered"
	}
	winner := "red" // the side to move loses below
	if b.redToMove {
		winner = "blue"
	}
	pieces := 0
	for rank := 0; rank < 9; rank++ {
		for file := 0; file < 7; file++ {
			if ch := b.cell[rank][file]; ch != 0 && refIsRed(ch) == b.redToMove {
				pieces++
			}
		}
	}
	if pieces == 0 {
		return winner + " wins: no pieces left"
	}
	if len(b.refPieceMoves()) == 0 {
		return winner + " wins: no legal move"
	}
	if b.rules.limitReached(b.clock) {
		return "draw: no-capture move limit"
	}
	return "undecided"
}

// refPlay returns the board after the move (which must be legal).
func (b refBoard) refPlay(move string) refBoard {
	ff, fr := int(move[0]-'a'), int(move[1]-'1')
	tf, tr := int(move[2]-'a'), int(move[3]-'1')
	if b.cell[tr][tf] != 0 {
		b.clock = 0
	} else {
		b.clock++
	}
	b.cell[tr][tf] = b.cell[fr][ff]
	b.cell[fr][ff] = 0
	if !b.redToMove {
		b.moveNo++
	}
	b.redToMove = !b.redToMove
	return b
}

func refPerft(b refBoard, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var n uint64
	for _, m := range b.refLegalMoves() {
		n += refPerft(b.refPlay(m), depth-1)
	}
	return n
}
