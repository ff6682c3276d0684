package doushouqi_test

import (
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// One table of moves per rule of RULES.md, each on a position built for it.
// want is nil for a legal move, or the sentinel Play must report. Every case
// also checks IsLegal and that a refused move leaves the position unchanged.

type ruleCase struct {
	name string
	pos  string
	move string
	want error
}

var ruleCases = map[string][]ruleCase{
	"step: one square orthogonally": {
		{"up", "l6/7/7/7/7/7/3D3/7/7 r", "d3d4", nil},
		{"down", "l6/7/7/7/7/7/3D3/7/7 r", "d3d2", nil},
		{"left", "l6/7/7/7/7/7/3D3/7/7 r", "d3c3", nil},
		{"right", "l6/7/7/7/7/7/3D3/7/7 r", "d3e3", nil},
		{"diagonal", "l6/7/7/7/7/7/3D3/7/7 r", "d3e2", dsq.ErrNotAStep},
		{"two squares", "l6/7/7/7/7/7/3D3/7/7 r", "d3d5", dsq.ErrNotAStep},
		{"across the board", "l6/7/7/7/7/7/3D3/7/7 r", "d3a9", dsq.ErrNotAStep},
		{"blue steps", "7/7/3d3/7/7/7/7/7/L6 b", "d7d6", nil},
	},
	"water: only the rat": {
		{"cat into water", "l6/7/7/7/7/7/1C5/7/7 r", "b3b4", dsq.ErrWater},
		{"elephant into water", "l6/7/7/7/7/7/1E5/7/7 r", "b3b4", dsq.ErrWater},
		{"lion steps into water", "l6/7/7/7/7/7/1L5/7/7 r", "b3b4", dsq.ErrWater},
		{"rat into water", "l6/7/7/7/7/7/1R5/7/7 r", "b3b4", nil},
		{"rat along the river", "l6/7/7/7/1R5/7/7/7/7 r", "b5c5", nil},
		{"rat out of the river", "l6/7/7/7/2R4/7/7/7/7 r", "c5d5", nil},
	},
	"jump: lion and tiger across the river": {
		{"lion up", "7/7/7/7/7/7/1L5/7/t6 r", "b3b7", nil},
		{"tiger down", "7/7/4t2/7/7/7/7/7/L6 b", "e7e3", nil},
		{"tiger right a to d", "l6/7/7/7/T6/7/7/7/7 r", "a5d5", nil},
		{"lion left g to d", "7/7/7/7/7/6l/7/7/T6 b", "g4d4", nil},
		{"from d both ways: left", "l6/7/7/7/3L3/7/7/7/7 r", "d5a5", nil},
		{"from d both ways: right", "l6/7/7/7/3L3/7/7/7/7 r", "d5g5", nil},
		{"dog cannot jump", "l6/7/7/7/7/7/1D5/7/7 r", "b3b7", dsq.ErrNotAJumper},
		{"elephant cannot jump", "l6/7/7/7/7/7/1E5/7/7 r", "b3b7", dsq.ErrNotAJumper},
		{"not a jump landing", "l6/7/7/7/7/7/1L5/7/7 r", "b3b6", dsq.ErrNotAStep},
		{"not from the bank", "l6/7/7/7/7/7/7/1L5/7 r", "b2b7", dsq.ErrNotAStep},
		{"own rat blocks", "l6/7/7/1R5/7/7/1L5/7/7 r", "b3b7", dsq.ErrJumpBlocked},
		{"enemy rat blocks", "l6/7/7/7/1r5/7/1L5/7/7 r", "b3b7", dsq.ErrJumpBlocked},
		{"rat on first square blocks", "l6/7/7/7/7/1r5/1L5/7/7 r", "b3b7", dsq.ErrJumpBlocked},
		{"rat blocks horizontally", "l6/7/7/7/3T1r1/7/7/7/7 r", "d5g5", dsq.ErrJumpBlocked},
		{"other direction stays open", "l6/7/7/7/3T1r1/7/7/7/7 r", "d5a5", nil},
		{"rat in the other river does not block", "l6/7/7/7/T4r1/7/7/7/7 r", "a5d5", nil},
		{"rat beside the path does not block", "l6/7/7/7/7/2r4/1L5/7/7 r", "b3b7", nil},
	},
	"own den": {
		{"red into d1", "l6/7/7/7/7/7/7/3D3/7 r", "d2d1", dsq.ErrOwnDen},
		{"red from the side", "l6/7/7/7/7/7/7/7/2D4 r", "c1d1", dsq.ErrOwnDen},
		{"blue into d9", "7/3d3/7/7/7/7/7/7/L6 b", "d8d9", dsq.ErrOwnDen},
		{"red into the enemy den", "7/3D3/7/7/7/7/7/7/l6 r", "d8d9", nil},
		{"blue into the enemy den", "L6/7/7/7/7/7/7/3d3/7 b", "d2d1", nil},
	},
	"occupied target": {
		{"own piece", "l6/7/7/7/7/7/3DC2/7/7 r", "d3e3", dsq.ErrOwnPiece},
		{"own piece after a jump", "l6/7/1D5/7/7/7/1L5/7/7 r", "b3b7", dsq.ErrOwnPiece},
		{"empty square", "l6/7/7/7/7/7/3D3/7/7 r", "e3e4", dsq.ErrEmptySquare},
		{"enemy piece", "l6/7/7/7/7/7/3D3/7/7 r", "a9a8", dsq.ErrNotYourPiece},
	},
	"capture rule 1: water and land": {
		{"land rat on water rat", "l6/7/7/7/Rr5/7/7/7/7 r", "a5b5", dsq.ErrWaterLandCapture},
		{"water rat on land rat", "l6/7/7/7/Rr5/7/7/7/7 b", "b5a5", dsq.ErrWaterLandCapture},
		{"water rat on land elephant", "l6/7/7/7/2Re3/7/7/7/7 r", "c5d5", dsq.ErrWaterLandCapture},
		{"land elephant cannot even enter water", "l6/7/7/7/2Re3/7/7/7/7 b", "d5c5", dsq.ErrWater},
		{"water rat on water rat", "l6/7/7/2r4/2R4/7/7/7/7 r", "c5c6", nil},
		{"water rat on water rat, blue", "l6/7/7/2r4/2R4/7/7/7/7 b", "c6c5", nil},
	},
	"capture rule 2: the attacker in an enemy trap captures nothing": {
		{"elephant on d8 on the wolf", "7/3E3/3w3/7/7/7/7/7/T6 r", "d8d7", dsq.ErrTrappedAttacker},
		{"lion on c9 on the cat", "1cL4/7/7/7/7/7/7/7/t6 r", "c9b9", dsq.ErrTrappedAttacker},
		{"rat on c9 on the elephant", "1eR4/7/7/7/7/7/7/7/6l r", "c9b9", dsq.ErrTrappedAttacker},
		{"blue lion on d2 on the rat", "T6/7/7/7/7/7/3R3/3l3/7 b", "d2d3", dsq.ErrTrappedAttacker},
		{"the trapped piece may still move", "7/3E3/3w3/7/7/7/7/7/T6 r", "d8c8", nil},
		{"and be taken by anything", "7/3E3/3w3/7/7/7/7/7/T6 b", "d7d8", nil},
	},
	"capture rule 3: the defender in the attacker's trap has rank 0": {
		{"rat takes lion on d2", "T6/7/7/7/7/7/3R3/3l3/7 r", "d3d2", nil},
		{"cat takes elephant on c1", "l6/7/7/7/7/7/7/2C4/2e4 r", "c2c1", nil},
		{"elephant takes rat on e1", "l6/7/7/7/7/7/7/4E2/4r2 r", "e2e1", nil},
		{"blue cat takes lion on d8", "7/3L3/3c3/7/7/7/7/7/t6 b", "d7d8", nil},
	},
	"capture rule 4: rat and elephant": {
		{"rat takes elephant on land", "l6/7/7/7/3e3/3R3/7/7/7 r", "d4d5", nil},
		{"elephant does not take rat", "l6/7/7/7/3e3/3R3/7/7/7 b", "d5d4", dsq.ErrElephantRat},
		{"blue rat takes red elephant", "L6/7/7/7/3r3/3E3/7/7/7 b", "d5d4", nil},
		{"red elephant does not take blue rat", "L6/7/7/7/3r3/3E3/7/7/7 r", "d4d5", dsq.ErrElephantRat},
	},
	"capture rule 5: rank": {
		{"equal ranks", "l6/7/7/3p3/3P3/7/7/7/7 r", "d5d6", nil},
		{"higher takes lower", "l6/7/7/3c3/3D3/7/7/7/7 r", "d5d6", nil},
		{"lower does not take higher", "l6/7/7/3d3/3C3/7/7/7/7 r", "d5d6", dsq.ErrRankTooLow},
		{"lion does not take elephant", "t6/7/7/3e3/3L3/7/7/7/7 r", "d5d6", dsq.ErrRankTooLow},
		{"elephant takes lion", "t6/7/7/3l3/3E3/7/7/7/7 r", "d5d6", nil},
		{"lion takes tiger by a jump", "l6/7/1t5/7/7/7/1L5/7/7 r", "b3b7", nil},
		{"tiger does not take lion by a jump", "t6/7/1l5/7/7/7/1T5/7/7 r", "b3b7", dsq.ErrRankTooLow},
		{"own trap keeps rank", "t6/7/7/7/7/7/3l3/3E3/7 b", "d3d2", dsq.ErrRankTooLow},
		{"cat in its own trap resists the rat", "l6/7/7/7/7/7/3r3/3C3/7 b", "d3d2", dsq.ErrRankTooLow},
	},
	"end of the game: nothing moves once decided": {
		{"den entered", "3D3/7/7/7/7/7/7/7/l6 b", "a1a2", dsq.ErrGameOver},
		{"move limit", "l6/7/7/7/3D3/7/7/7/7 r 60 40", "d5d6", dsq.ErrGameOver},
		{"past the move limit", "l6/7/7/7/3D3/7/7/7/7 r 75 40", "d5d6", dsq.ErrGameOver},
		{"no legal move", "Cl5/e6/7/7/7/7/7/7/7 r", "a9a8", dsq.ErrGameOver},
		{"no pieces", "l6/7/7/7/7/7/7/7/7 r", "a1a2", dsq.ErrGameOver},
		{"one before the limit", "l6/7/7/7/3D3/7/7/7/7 r 59 40", "d5d6", nil},
	},
}

func TestRules(t *testing.T) {
	for rule, cases := range ruleCases {
		t.Run(rule, func(t *testing.T) {
			for _, c := range cases {
				t.Run(c.name, func(t *testing.T) {
					pos, err := dsq.ParsePosition(c.pos)
					require.NoError(t, err)
					m, err := dsq.ParseMove(c.move)
					require.NoError(t, err)
					before := pos
					err = pos.Play(m)
					if c.want == nil {
						require.NoError(t, err, "Play(%s) in %s", c.move, c.pos)
						require.True(t, before.IsLegal(m))
						require.True(t, before.LegalTargets(m.From()).Has(m.To()))
						require.NotEqual(t, before, pos)
						return
					}
					require.Error(t, err, "Play(%s) in %s", c.move, c.pos)
					assert.ErrorIs(t, err, c.want, "Play(%s) in %s", c.move, c.pos)
					var me *dsq.MoveError
					require.True(t, errors.As(err, &me))
					assert.Equal(t, m, me.Move)
					assert.False(t, pos.IsLegal(m))
					assert.Equal(t, before, pos, "a refused move changes nothing")
				})
			}
		})
	}
}

// TestNoMoveAndOneMove: in a position where the side to move has no
// legal move every move is refused as ErrGameOver, and where it has exactly
// one that move is played.
func TestNoMoveAndOneMove(t *testing.T) {
	// Red's cat on a9 is boxed in by Blue's lion on b9 and elephant on a8.
	blocked, err := dsq.ParsePosition("Cl5/e6/7/7/7/7/7/7/7 r")
	require.NoError(t, err)
	for _, text := range []string{"a9a8", "a9b9", "a9a7"} {
		m, err := dsq.ParseMove(text)
		require.NoError(t, err)
		assert.ErrorIs(t, blocked.CheckMove(m), dsq.ErrGameOver, text)
	}
	// Red's rat alone on a1, Blue's lion on b1: a1a2 only.
	one, err := dsq.ParsePosition("7/7/7/7/7/7/7/7/Rl5 r")
	require.NoError(t, err)
	require.Len(t, one.LegalMoves(), 1)
	m, err := dsq.ParseMove("a1a2")
	require.NoError(t, err)
	assert.NoError(t, one.CheckMove(m))
	assert.NoError(t, one.Play(m))
}

// TestCaptureRanks: an animal takes one of equal rank and not one a
// rank above it.
func TestCaptureRanks(t *testing.T) {
	for _, c := range []struct {
		pos, move string
		want      error
	}{
		{"l6/7/7/7/3w3/3W3/7/7/7 r", "d4d5", nil},               // wolf takes wolf
		{"l6/7/7/7/3w3/3C3/7/7/7 r", "d4d5", dsq.ErrRankTooLow}, // cat (2) against wolf (4)
		{"l6/7/7/7/3w3/3D3/7/7/7 r", "d4d5", dsq.ErrRankTooLow}, // dog (3) against wolf (4)
		{"l6/7/7/7/3d3/3W3/7/7/7 r", "d4d5", nil},               // wolf (4) takes dog (3)
	} {
		pos, err := dsq.ParsePosition(c.pos)
		require.NoError(t, err, c.pos)
		m, err := dsq.ParseMove(c.move)
		require.NoError(t, err)
		if c.want == nil {
			assert.NoError(t, pos.CheckMove(m), c.pos)
		} else {
			assert.ErrorIs(t, pos.CheckMove(m), c.want, c.pos)
		}
	}
}

// UnmakeMove is inlined into the search and perft loops only while its cost
// stays within the compiler's budget (play.go); this asks the compiler.
func TestInlining(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the package")
	}
	gotool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	out, err := exec.Command(gotool, "build", "-gcflags=-m", "-o", os.DevNull, ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for _, fn := range []string{"(*Position).UnmakeMove", "(*Position).side", "(*Position).animals", "occOf", "Position.Occupied"} {
		if !strings.Contains(string(out)+"\n", "can inline "+fn+"\n") {
			t.Errorf("%s is not inlinable any more", fn)
		}
	}
}

// TestCanCaptureFollowsTheCaptureRules: one row per capture rule of
// RULES.md, and its exceptions, on squares chosen for it.
func TestCanCaptureFollowsTheCaptureRules(t *testing.T) {
	red := func(a dsq.Animal) dsq.Piece { return dsq.NewPiece(dsq.Red, a) }
	blue := func(a dsq.Animal) dsq.Piece { return dsq.NewPiece(dsq.Blue, a) }
	trapped := dsq.Rules{TrappedCapture: true}
	swapped := dsq.Rules{SwapDogWolf: true}
	for _, tc := range []struct {
		name     string
		rules    dsq.Rules
		attacker dsq.Piece
		from     dsq.Square
		defender dsq.Piece
		to       dsq.Square
		want     bool
	}{
		{"higher rank on land", dsq.Standard, red(dsq.Lion), dsq.D4, blue(dsq.Tiger), dsq.D5, true},
		{"equal rank", dsq.Standard, red(dsq.Dog), dsq.D4, blue(dsq.Dog), dsq.D5, true},
		{"lower rank", dsq.Standard, red(dsq.Tiger), dsq.D4, blue(dsq.Lion), dsq.D5, false},
		{"dog below wolf", dsq.Standard, red(dsq.Dog), dsq.A5, blue(dsq.Wolf), dsq.A6, false},
		{"dog above wolf when swapped", swapped, red(dsq.Dog), dsq.A5, blue(dsq.Wolf), dsq.A6, true},
		{"wolf below dog when swapped", swapped, blue(dsq.Wolf), dsq.A6, red(dsq.Dog), dsq.A5, false},
		{"rat in water to rat on land", dsq.Standard, red(dsq.Rat), dsq.B4, blue(dsq.Rat), dsq.A4, false},
		{"rat on land to rat in water", dsq.Standard, red(dsq.Rat), dsq.A4, blue(dsq.Rat), dsq.B4, false},
		{"rats both in water", dsq.Standard, red(dsq.Rat), dsq.B4, blue(dsq.Rat), dsq.B5, true},
		{"rat in water to elephant on land", dsq.Standard, red(dsq.Rat), dsq.B4, blue(dsq.Elephant), dsq.B3, false},
		{"rat to elephant on land", dsq.Standard, red(dsq.Rat), dsq.A4, blue(dsq.Elephant), dsq.A5, true},
		{"elephant to rat", dsq.Standard, red(dsq.Elephant), dsq.A4, blue(dsq.Rat), dsq.A5, false},
		{"attacker in an enemy trap", dsq.Standard, red(dsq.Lion), dsq.D8, blue(dsq.Cat), dsq.D7, false},
		{"rat in an enemy trap to elephant", dsq.Standard, red(dsq.Rat), dsq.C9, blue(dsq.Elephant), dsq.B9, false},
		{"attacker in an enemy trap, trapped capture", trapped, red(dsq.Lion), dsq.D8, blue(dsq.Tiger), dsq.D7, true},
		{"attacker in an enemy trap still needs the rank", trapped, red(dsq.Cat), dsq.D8, blue(dsq.Tiger), dsq.D7, false},
		{"attacker in its own trap keeps its rank", dsq.Standard, red(dsq.Lion), dsq.D2, blue(dsq.Tiger), dsq.D3, true},
		{"defender in one of our traps", dsq.Standard, red(dsq.Rat), dsq.D3, blue(dsq.Elephant), dsq.D2, true},
		{"elephant to a rat in one of our traps", dsq.Standard, red(dsq.Elephant), dsq.B1, blue(dsq.Rat), dsq.C1, true},
		{"defender in its own trap keeps its rank", dsq.Standard, blue(dsq.Cat), dsq.D3, red(dsq.Lion), dsq.D2, false},
		{"blue attacker", dsq.Standard, blue(dsq.Elephant), dsq.G7, red(dsq.Lion), dsq.G6, true},
		{"same side", dsq.Standard, red(dsq.Lion), dsq.D4, red(dsq.Cat), dsq.D5, false},
		{"no attacker", dsq.Standard, dsq.NoPiece, dsq.D4, blue(dsq.Cat), dsq.D5, false},
		{"no defender", dsq.Standard, red(dsq.Lion), dsq.D4, dsq.NoPiece, dsq.D5, false},
		{"attacker not a piece", dsq.Standard, dsq.Piece(200), dsq.D4, blue(dsq.Cat), dsq.D5, false},
		{"from off the board", dsq.Standard, red(dsq.Lion), dsq.NoSquare, blue(dsq.Cat), dsq.D5, false},
		{"to off the board", dsq.Standard, red(dsq.Lion), dsq.D4, blue(dsq.Cat), dsq.Square(200), false},
	} {
		got := dsq.CanCapture(tc.rules, tc.attacker, tc.from, tc.defender, tc.to)
		assert.Equal(t, tc.want, got, "%s: CanCapture(%v, %v, %v, %v, %v)", tc.name, tc.rules, tc.attacker, tc.from, tc.defender, tc.to)
	}
}

// TestPlayHoldsCountersAtMaxCounter: Play never makes a position the
// notation refuses. The move number reaches MaxCounter after Blue's move
// at MaxCounter-1 and then stands still, the side to move alternating; the
// no-capture count reaches MaxCounter under no move limit and stands
// still; every position on the way reads back from its text.
func TestPlayHoldsCountersAtMaxCounter(t *testing.T) {
	shuffle := []string{"a9a8", "a1a2", "a8a9", "a2a1"}
	for _, tc := range []struct {
		start           string
		numbers, clocks []int // after each move of shuffle
	}{
		{"l6/7/7/7/7/7/7/7/L6 b 0 999999", []int{1_000_000, 1_000_000, 1_000_000, 1_000_000}, []int{1, 2, 3, 4}},
		{"l6/7/7/7/7/7/7/7/L6 b 999998 7 no-move-limit", []int{8, 8, 9, 9}, []int{999_999, 1_000_000, 1_000_000, 1_000_000}},
		{"l6/7/7/7/7/7/7/7/L6 b 1000000 1000000 no-move-limit", []int{1_000_000, 1_000_000, 1_000_000, 1_000_000}, []int{1_000_000, 1_000_000, 1_000_000, 1_000_000}},
	} {
		pos := mustPosition(t, tc.start)
		for i, text := range shuffle {
			m, err := dsq.ParseMove(text)
			require.NoError(t, err)
			side := pos.SideToMove()
			require.NoError(t, pos.Play(m), "%s: %s", tc.start, text)
			assert.Equal(t, side.Other(), pos.SideToMove())
			assert.Equal(t, tc.numbers[i], pos.MoveNumber(), "%s: move number after %s", tc.start, text)
			assert.Equal(t, tc.clocks[i], pos.NoCaptureHalfMoves(), "%s: no-capture count after %s", tc.start, text)
			back, err := dsq.ParsePosition(pos.String())
			require.NoError(t, err, "%s: after %s", tc.start, text)
			assert.Equal(t, pos, back)
		}
	}
}
