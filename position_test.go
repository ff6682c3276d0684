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
