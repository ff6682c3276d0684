package doushouqi_test

import (
	"math/rand/v2"
	"sync"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
)

// TestConcurrentReaders reads one Position from many goroutines while each
// plays games on its own copies; under -race any hidden write would show.
func TestConcurrentReaders(t *testing.T) {
	shared, err := dsq.ParsePosition("l4t1/1d2wc1/2p1e2/r6/E6/7/4P2/CW2D2/1T2R1L r 30 16")
	require.NoError(t, err)
	snapshot := shared
	wantMoves := shared.LegalMoves()
	wantText := shared.String()
	wantPerft := dsq.Perft(shared, 3)

	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(g), 99))
			for range 50 {
				assert.Equal(t, wantMoves, shared.LegalMoves())
				assert.Equal(t, wantText, shared.String())
				assert.Equal(t, wantPerft, dsq.Perft(shared, 3))
				assert.False(t, shared.Outcome().IsDecided())
				for sq := range dsq.Square(dsq.NumSquares) {
					_ = shared.LegalTargets(sq)
				}
				own := shared // a copy of its own to play on
				for ply := 0; ply < 40; ply++ {
					moves := own.LegalMoves()
					if len(moves) == 0 {
						break
					}
					m := moves[rng.IntN(len(moves))]
					if !assert.NoError(t, own.Play(m)) {
						return
					}
					_ = own.Play(dsq.NewMove(dsq.Square(rng.IntN(63)), dsq.Square(rng.IntN(63))))
				}
			}
		}()
	}
	wg.Wait()
	assert.Equal(t, snapshot, shared, "readers changed nothing")
}

// TestSetupCounterBounds: Validate takes each counter at both ends of
// its range and refuses one step past either.
func TestSetupCounterBounds(t *testing.T) {
	base := dsq.StartPosition().Setup()
	for _, c := range []struct {
		clock, number int
		ok            bool
	}{
		{0, 1, true}, {dsq.MaxCounter, dsq.MaxCounter, true},
		{-1, 1, false}, {dsq.MaxCounter + 1, 1, false},
		{0, 0, false}, {0, dsq.MaxCounter + 1, false},
	} {
		s := base
		s.NoCaptureHalfMoves, s.MoveNumber = c.clock, c.number
		err := s.Validate()
		if c.ok {
			assert.NoError(t, err, "clock %d, move number %d", c.clock, c.number)
			continue
		}
		assert.ErrorIs(t, err, dsq.ErrCounter, "clock %d, move number %d", c.clock, c.number)
		_, err = dsq.NewPosition(s)
		assert.ErrorIs(t, err, dsq.ErrCounter, "clock %d, move number %d", c.clock, c.number)
	}
}

// TestPositionRefusesTheColourJustPastBlue: the first colour value past Blue is refused as a
// side to move and names no piece's square.
func TestPositionRefusesTheColourJustPastBlue(t *testing.T) {
	s := dsq.StartPosition().Setup()
	s.SideToMove = dsq.Blue + 1
	assert.ErrorIs(t, s.Validate(), dsq.ErrSide)

	pos := dsq.StartPosition()
	for a := dsq.Animal(0); a <= dsq.NumAnimals; a++ {
		sq, ok := pos.SquareOf(dsq.Blue+1, a)
		assert.False(t, ok, "colour 2, animal %d", a)
		assert.Equal(t, dsq.NoSquare, sq)
	}
	for _, c := range []dsq.Color{dsq.Red, dsq.Blue} {
		sq, ok := pos.SquareOf(c, dsq.NumAnimals)
		assert.False(t, ok, "%v, animal 8", c)
		assert.Equal(t, dsq.NoSquare, sq)
		_, ok = pos.SquareOf(c, dsq.Elephant)
		assert.True(t, ok, "%v elephant", c)
	}
}

// TestSetupRefusesAPieceInTheEnemyDen: a position with one piece in the enemy den
// (the game just won) is a position, for either den; only both dens taken
// is refused.
func TestSetupRefusesAPieceInTheEnemyDen(t *testing.T) {
	for _, text := range []string{"3D3/7/7/7/7/7/7/7/l6 b", "L6/7/7/7/7/7/7/7/3d3 r"} {
		pos, err := dsq.ParsePosition(text)
		require.NoError(t, err, text)
		assert.Equal(t, dsq.DenEntered, pos.Outcome().Reason, text)
	}
	_, err := dsq.ParsePosition("3D3/7/7/7/7/7/7/7/3d3 r")
	assert.ErrorIs(t, err, dsq.ErrBothDens)
}

// TestOccupiedOfBothSides: Occupied answers each side's eight squares
// at the start, Blue's as well as Red's, and none for the colour past Blue.
func TestOccupiedOfBothSides(t *testing.T) {
	pos := dsq.StartPosition()
	for _, c := range []dsq.Color{dsq.Red, dsq.Blue} {
		assert.Equal(t, 8, pos.Occupied(c).Count(), "%v", c)
	}
	assert.Zero(t, pos.Occupied(dsq.Color(2)))
}

// TestSetupRefusesBadRulesAndPieces: Validate refuses a setup whose
// rules cannot be played (ErrRules) and one holding a value that is no
// piece (ErrLetter, naming its square).
func TestSetupRefusesBadRulesAndPieces(t *testing.T) {
	s := dsq.StartPosition().Setup()
	s.Rules.MoveLimit = -5
	assert.ErrorIs(t, s.Validate(), dsq.ErrRules)

	s = dsq.StartPosition().Setup()
	s.Board[dsq.A4] = dsq.Piece(99)
	err := s.Validate()
	require.ErrorIs(t, err, dsq.ErrLetter)
	var pe *dsq.PositionError
	require.ErrorAs(t, err, &pe)
	assert.Equal(t, dsq.A4, pe.Square)
}

// The performance note in movegen.go gives the size of Position; keep it true.
func TestPositionSize(t *testing.T) {
	if got := unsafe.Sizeof(dsq.Position{}); got != 120 {
		t.Errorf("unsafe.Sizeof(Position{}) = %d, want 120 as movegen.go says", got)
	}
	if got := unsafe.Sizeof(dsq.Undo{}); got != 16 {
		t.Errorf("unsafe.Sizeof(Undo{}) = %d, want 16", got)
	}
}

// mirrorSquare and turnSquare are the squares Mirror and SwapColors move a
// piece to, worked out from files and ranks.
func mirrorSquare(sq dsq.Square) dsq.Square {
	return dsq.SquareAt(dsq.NumFiles-1-sq.File(), sq.Rank())
}

func turnSquare(sq dsq.Square) dsq.Square {
	return dsq.SquareAt(dsq.NumFiles-1-sq.File(), dsq.NumRanks-1-sq.Rank())
}

// TestMirrorAndSwapColorsKeepTheGame: on every position of the perft
// suites (the house rules' too), Mirror and SwapColors are their own
// inverses, make consistent positions, move each piece where they say
// (SwapColors changing its colour and the side to move), map the legal
// moves one for one, keep the outcome (the winner swapped by SwapColors),
// and keep perft at every depth up to 100,000 leaves.
func TestMirrorAndSwapColorsKeepTheGame(t *testing.T) {
	entries := append(readPerftFile(t, perftSuiteFile), readPerftFile(t, variantsSuiteFile)...)
	require.Greater(t, len(entries), 20)
	for _, e := range entries {
		pos, _ := suitePosition(t, e)
		id := pos.String()
		for _, tc := range []struct {
			name string
			do   func(dsq.Position) dsq.Position
			sq   func(dsq.Square) dsq.Square
			swap bool
		}{
			{"Mirror", dsq.Position.Mirror, mirrorSquare, false},
			{"SwapColors", dsq.Position.SwapColors, turnSquare, true},
		} {
			got := tc.do(pos)
			require.NoError(t, got.CheckConsistency(), "%s %s", id, tc.name)
			assert.Equal(t, pos, tc.do(got), "%s: %s twice", id, tc.name)
			assert.Equal(t, pos.NoCaptureHalfMoves(), got.NoCaptureHalfMoves())
			assert.Equal(t, pos.MoveNumber(), got.MoveNumber())
			assert.Equal(t, pos.Rules(), got.Rules())
			side := pos.SideToMove()
			if tc.swap {
				side = side.Other()
			}
			assert.Equal(t, side, got.SideToMove(), "%s %s", id, tc.name)
			for sq := range dsq.Square(dsq.NumSquares) {
				pc := pos.PieceAt(sq)
				if pc != dsq.NoPiece && tc.swap {
					pc = dsq.NewPiece(pc.Color().Other(), pc.Animal())
				}
				require.Equal(t, pc, got.PieceAt(tc.sq(sq)), "%s %s: %s", id, tc.name, sq)
			}
			var want []string
			for _, m := range pos.LegalMoves() {
				want = append(want, dsq.NewMove(tc.sq(m.From()), tc.sq(m.To())).String())
			}
			assert.ElementsMatch(t, want, moveTexts(got.LegalMoves()), "%s %s", id, tc.name)
			o := pos.Outcome()
			if tc.swap && o.Winner != dsq.NoColor {
				o.Winner = o.Winner.Other()
			}
			assert.Equal(t, o, got.Outcome(), "%s %s", id, tc.name)
			for depth := 1; ; depth++ {
				n := dsq.Perft(pos, depth)
				assert.Equal(t, n, dsq.Perft(got, depth), "%s %s perft %d", id, tc.name, depth)
				if n == 0 || n > 100_000 || depth >= 6 {
					break
				}
			}
		}
	}
}

// TestMirrorAndSwapColorsOfNoPosition: the zero Position, and one an
// illegal move made unchecked damaged, give the zero Position.
func TestMirrorAndSwapColorsOfNoPosition(t *testing.T) {
	damaged := dsq.StartPosition()
	damaged.MakeMove(dsq.NewMove(dsq.C3, dsq.C4)) // the wolf into the water
	for _, p := range []dsq.Position{{}, damaged} {
		assert.True(t, p.Mirror().IsZero())
		assert.True(t, p.SwapColors().IsZero())
	}
}

// TestSwapColorsOfTheStart: the start position is its own colour swap but
// for the side to move, and a Red den entry turns into a Blue one.
func TestSwapColorsOfTheStart(t *testing.T) {
	start := dsq.StartPosition()
	swapped := start.SwapColors()
	assert.Equal(t, start.Setup().Board, swapped.Setup().Board)
	assert.Equal(t, dsq.Blue, swapped.SideToMove())
	won := mustPosition(t, "l2L3/7/7/7/7/7/7/7/7 b 0 9").SwapColors()
	assert.Equal(t, "7/7/7/7/7/7/7/7/3l2L r 0 9", won.String())
	assert.Equal(t, dsq.Outcome{Reason: dsq.DenEntered, Winner: dsq.Blue}, won.Outcome())
}
