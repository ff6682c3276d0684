package games

import (
	"fmt"
	"strings"
	"testing"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/search"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// parkingFEN has Red's tiger b1 and lion f1 beside their traps c1 and e1,
// its elephant d3 above the trap d2, its cat c2 and dog e2 beside it.
const parkingFEN = "l4t1/1d3c1/r1p1w1e/7/7/7/3E3/2C1D2/1T3L1 %s 0 %d"

func parkingPosition(t *testing.T, side string, move int) dsq.Position {
	t.Helper()
	pos, err := dsq.ParsePosition(fmt.Sprintf(parkingFEN, side, move))
	require.NoError(t, err)
	return pos
}

// TestParks: a tiger, lion or elephant moved onto its own side's trap
// parks; another animal onto the trap, or those three elsewhere, does not.
func TestParks(t *testing.T) {
	t.Parallel()
	red := parkingPosition(t, "r", 5)
	for _, c := range []struct {
		from, to dsq.Square
		parks    bool
	}{
		{dsq.B1, dsq.C1, true},  // the tiger
		{dsq.F1, dsq.E1, true},  // the lion
		{dsq.D3, dsq.D2, true},  // the elephant
		{dsq.C2, dsq.D2, false}, // the cat
		{dsq.E2, dsq.D2, false}, // the dog
		{dsq.B1, dsq.B2, false}, // the tiger, off the traps
		{dsq.D3, dsq.D4, false}, // the elephant, forward
	} {
		m := dsq.NewMove(c.from, c.to)
		require.True(t, red.IsLegal(m), "%v", m)
		assert.Equal(t, c.parks, parks(&red, m), "%v", m)
	}
	// Blue's tiger f9 onto its own trap e9 parks.
	blue := parkingPosition(t, "b", 5)
	require.True(t, blue.IsLegal(dsq.NewMove(dsq.F9, dsq.E9)))
	assert.True(t, parks(&blue, dsq.NewMove(dsq.F9, dsq.E9)))
	assert.False(t, parks(&blue, dsq.NewMove(dsq.B8, dsq.C8)), "the dog")
}

// lines are the lines of a search in parkingPosition, best first.
func lines(ls ...search.Line) search.Result {
	return search.Result{Move: ls[0].Move, Score: ls[0].Score, PV: ls[0].PV, Lines: ls}
}

func line(from, to dsq.Square, score int) search.Line {
	m := dsq.NewMove(from, to)
	return search.Line{Move: m, Score: score, PV: []dsq.Move{m}}
}

// TestChooseLineVariesTheFirstMoves: in its first varietyMoves moves, the
// top level plays a line within varietyMargin of the best, drawn by the
// seed (both near lines come up over a few seeds), never one that parks,
// nor one further below; its result is the line's.
func TestChooseLineVariesTheFirstMoves(t *testing.T) {
	t.Parallel()
	pos := parkingPosition(t, "r", varietyMoves)
	res := lines(
		line(dsq.F1, dsq.E1, 100), // parks
		line(dsq.D3, dsq.D4, 95),
		line(dsq.B1, dsq.B2, 100-varietyMargin),
		line(dsq.C2, dsq.C3, 100-varietyMargin-1),
	)
	seen := map[dsq.Move]int{}
	for seed := range uint64(20) {
		r := chooseLine(&pos, res, seed)
		seen[r.Move]++
		for _, l := range res.Lines {
			if l.Move == r.Move {
				assert.Equal(t, l.Score, r.Score)
				assert.Equal(t, l.PV, r.PV)
			}
		}
		again := chooseLine(&pos, res, seed)
		assert.Equal(t, r.Move, again.Move, "one seed, one move")
	}
	assert.Len(t, seen, 2, "the two near lines that do not park: %v", seen)
	assert.Positive(t, seen[dsq.NewMove(dsq.D3, dsq.D4)])
	assert.Positive(t, seen[dsq.NewMove(dsq.B1, dsq.B2)])
}

// TestChooseLineKeepsOffTheTraps: after the first moves, the top level
// plays the best line that does not park, when it is within parkMargin of
// the best; when none is, the best line, parking or not.
func TestChooseLineKeepsOffTheTraps(t *testing.T) {
	t.Parallel()
	pos := parkingPosition(t, "r", varietyMoves+1)
	res := lines(
		line(dsq.F1, dsq.E1, 100), // parks
		line(dsq.D3, dsq.D2, 99),  // parks
		line(dsq.B1, dsq.B2, 90),
		line(dsq.D3, dsq.D4, 80),
	)
	for seed := range uint64(10) {
		assert.Equal(t, dsq.NewMove(dsq.B1, dsq.B2), chooseLine(&pos, res, seed).Move, "the best that does not park")
	}
	needed := lines(
		line(dsq.F1, dsq.E1, 100),              // parks
		line(dsq.B1, dsq.C1, 90),               // parks
		line(dsq.B1, dsq.B2, 100-parkMargin-1), // too much worse
	)
	r := chooseLine(&pos, needed, 1)
	assert.Equal(t, needed.Move, r.Move, "a parking move the position needs is played")
	assert.Equal(t, 100, r.Score)
}

// TestTopLevelOpening: the top level's first move differs between games
// (a few seeds give several), and where the search alone puts Blue's
// tiger on its own trap e9 (its third move in the top level's games
// against itself before the site chose its opening), the top level does
// not.
func TestTopLevelOpening(t *testing.T) {
	t.Parallel()
	const nodes = 30000
	first := map[dsq.Move]bool{}
	for seed := range uint64(6) {
		m, err := newLevelPlayer(8, seed, nodes).MoveInGame(t.Context(), dsq.NewGame())
		require.NoError(t, err)
		first[m] = true
	}
	assert.GreaterOrEqual(t, len(first), 3, "different first moves from 6 seeds: %v", first)

	g := dsq.NewGame()
	for _, m := range strings.Fields("g1f1 g9f9 f2e2 f8e8 e2d2") {
		_, err := g.PlayText(m)
		require.NoError(t, err)
	}
	pos := g.Position()
	plain := newLevelPlayer(8, 1, nodes)
	plain.plain = true
	m, err := plain.MoveInGame(t.Context(), g)
	require.NoError(t, err)
	require.True(t, parks(&pos, m), "the search alone parks: %v", m)
	for seed := range uint64(3) {
		m, err := newLevelPlayer(8, seed, nodes).MoveInGame(t.Context(), g)
		require.NoError(t, err)
		assert.False(t, parks(&pos, m), "the top level parks: %v", m)
	}
}
