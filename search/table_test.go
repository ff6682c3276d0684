package search

import (
	"context"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/internal/longtest"
)

func TestTableEntries(t *testing.T) {
	tt := newTable(1)
	for _, en := range []entry{
		{move: dsq.NewMove(dsq.A3, dsq.A4), score: -Win + 3, depth: 64, bound: upper},
		{move: dsq.NoMove, score: 12345, depth: 1, bound: exact},
		{move: dsq.NewMove(dsq.G9, dsq.G8), score: 0, depth: -1, bound: lower},
	} {
		key := uint64(0x9e3779b97f4a7c15) * uint64(en.depth+3)
		tt.store(key, en)
		got, ok := tt.probe(key)
		require.True(t, ok)
		assert.Equal(t, en, got)
		_, ok = tt.probe(key ^ 1<<40) // same slot, other key
		assert.False(t, ok)
	}
	// A torn slot (key word of one entry, data word of another) matches
	// neither key.
	a, b := uint64(5), uint64(5+1<<40) // same slot
	tt.store(a, entry{score: 1, depth: 1, bound: exact})
	i := 2 * (a & tt.mask)
	keyWordA := tt.slots[i]
	tt.store(b, entry{score: 2, depth: 2, bound: exact})
	tt.slots[i] = keyWordA
	_, okA := tt.probe(a)
	_, okB := tt.probe(b)
	assert.False(t, okA || okB)
	tt.clear()
	_, ok := tt.probe(b)
	assert.False(t, ok)
	tt.store(a, entry{score: 1, depth: 1, bound: exact})
	tt.Clear()
	_, ok = tt.probe(a)
	assert.False(t, ok, "Clear empties the table")
}

func TestNewTableRefusesSizesOutOfRange(t *testing.T) {
	for _, mib := range []int{0, -1, MaxHashMiB + 1, 1 << 22, -1 << 40} {
		tt, err := NewTable(mib)
		assert.ErrorIs(t, err, ErrOptions, "NewTable(%d)", mib)
		assert.Nil(t, tt, "NewTable(%d)", mib)
	}
}

func TestNewTableSizes(t *testing.T) {
	for _, tc := range []struct{ mib, bytes int }{
		{1, 1 << 20},
		{3, 2 << 20}, // the largest power of two of entries that fits
		{16, 16 << 20},
	} {
		tt, err := NewTable(tc.mib)
		require.NoError(t, err)
		assert.Equal(t, tc.bytes, tt.Bytes(), "NewTable(%d).Bytes()", tc.mib)
	}
	assert.Equal(t, 0, (*Table)(nil).Bytes())
	assert.Equal(t, 0, new(Table).Bytes())
}

// TestTableSizeClampedToTheMaximum: NewEngine takes any size, clamped to
// 1..MaxHashMiB.
func TestTableSizeClampedToTheMaximum(t *testing.T) {
	const entryBytes = 16
	assert.Equal(t, uint64(MaxHashMiB<<20/entryBytes), tableEntries(MaxHashMiB))
	assert.Equal(t, tableEntries(MaxHashMiB), tableEntries(1<<22))
	assert.Equal(t, tableEntries(MaxHashMiB), tableEntries(1<<62))
	assert.Equal(t, uint64(1<<20/entryBytes), tableEntries(0))
	assert.Equal(t, tableEntries(1), tableEntries(-1<<40))
}

// TestHugeEngineSizeIsClamped asks NewEngine for 4 TiB: the engine gets
// MaxHashMiB (4 GiB of address space, of which a search touches little)
// and searches.
func TestHugeEngineSizeIsClamped(t *testing.T) {
	longtest.Skip(t)
	e := NewEngine(1 << 22)
	assert.Equal(t, MaxHashMiB<<20, e.tt.Bytes())
	r, err := e.Search(context.Background(), dsq.StartPosition(), Options{Depth: 2})
	require.NoError(t, err)
	assert.Equal(t, 2, r.Depth)
}

// TestSharedTableSearchesAsItsOwn: one engine on a table of its own and one
// on a table made by NewTable, which no other engine uses, search alike.
func TestSharedTableSearchesAsItsOwn(t *testing.T) {
	tt, err := NewTable(16)
	require.NoError(t, err)
	for _, fen := range []string{
		"l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T6 r 0 1",
		"l6/1d3ct/r1p1w1e/7/7/7/E2WP1R/1C3D1/T5L b 7 4",
	} {
		pos := mustPos(t, fen)
		own, err := NewEngine(16).Search(context.Background(), pos, Options{Depth: 5})
		require.NoError(t, err)
		tt.Clear()
		shared, err := NewEngineWithTable(tt).Search(context.Background(), pos, Options{Depth: 5})
		require.NoError(t, err)
		assert.Equal(t, own, shared, fen)
	}
}

// TestEnginesShareATable: a second engine on a table the first one filled
// finds what the first one learned and searches the same position with
// fewer nodes than an engine of its own.
func TestEnginesShareATable(t *testing.T) {
	tt, err := NewTable(4)
	require.NoError(t, err)
	pos := dsq.StartPosition()
	opts := Options{Depth: 6}
	first, err := NewEngineWithTable(tt).Search(context.Background(), pos, opts)
	require.NoError(t, err)
	second, err := NewEngineWithTable(tt).Search(context.Background(), pos, opts)
	require.NoError(t, err)
	assert.Less(t, second.Nodes, first.Nodes/2)
	assert.True(t, pos.IsLegal(second.Move))
}

// TestNewGameLeavesASharedTable: an engine on a shared table forgets its
// own statistics at NewGame, not what the other engines stored.
func TestNewGameLeavesASharedTable(t *testing.T) {
	tt, err := NewTable(1)
	require.NoError(t, err)
	a, b := NewEngineWithTable(tt), NewEngineWithTable(tt)
	_, err = a.Search(context.Background(), dsq.StartPosition(), Options{Depth: 4})
	require.NoError(t, err)
	stored := func() int {
		n := 0
		for _, w := range tt.slots {
			if w != 0 {
				n++
			}
		}
		return n
	}
	before := stored()
	require.Positive(t, before)
	b.NewGame()
	a.NewGame()
	assert.Equal(t, before, stored())
	own := NewEngine(1)
	_, err = own.Search(context.Background(), dsq.StartPosition(), Options{Depth: 4})
	require.NoError(t, err)
	own.NewGame()
	assert.Equal(t, make([]uint64, len(own.tt.slots)), own.tt.slots, "NewGame clears an engine's own table")
}

// TestSharedTableConcurrentSearches runs engines on one table at once, at
// full strength and at levels, with the table cleared while they search
// (run it with -race): every search answers a legal move, and each
// finds the forced win of its position.
func TestSharedTableConcurrentSearches(t *testing.T) {
	tt, err := NewTable(1)
	require.NoError(t, err)
	positions := []struct{ fen, win string }{
		{"l6/3D3/7/7/7/7/7/7/6L r", "d8d9"},
		{"l5t/1d1L1c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T6 r 0 20", "d8d9"},
		{"l5t/5c1/r1p1w1e/7/7/7/E1W1P1R/1C1d1D1/T6 b 0 20", "d2d1"},
	}
	var wg sync.WaitGroup
	for i := range 6 {
		e := NewEngineWithTable(tt)
		wg.Add(1)
		go func() {
			defer wg.Done()
			p := positions[i%len(positions)]
			pos := mustPos(t, p.fen)
			for _, opts := range []Options{{Depth: 5}, {Level: Level(1 + i), Seed: uint64(i)}, {Depth: 5, Threads: 2}} {
				r, err := e.Search(context.Background(), pos, opts)
				if assert.NoError(t, err) {
					assert.Equal(t, p.win, r.Move.String(), "%s %+v", p.fen, opts)
				}
				start := dsq.StartPosition()
				r, err = e.Search(context.Background(), start, Options{Depth: 4})
				if assert.NoError(t, err) {
					assert.True(t, start.IsLegal(r.Move))
				}
			}
		}()
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		for range 20 {
			tt.Clear()
		}
	}()
	wg.Wait()
}

// TestRulesKeyTheTableApart: positions under rules that change their
// values (the capture rules, the move limit) have other table keys than
// under the standard rules, and the standard rules' keys are the
// positions' hashes.
func TestRulesKeyTheTableApart(t *testing.T) {
	salts := map[uint64]dsq.Rules{}
	for _, r := range []dsq.Rules{
		dsq.Standard,
		{TrappedCapture: true},
		{SwapDogWolf: true},
		{TrappedCapture: true, SwapDogWolf: true},
		{MoveLimit: 200},
		{MoveLimit: dsq.NoMoveLimit},
		{MoveLimit: 100, TrappedCapture: true},
	} {
		s := rulesSalt(r)
		other, seen := salts[s]
		assert.False(t, seen, "%+v and %+v share a salt", r, other)
		salts[s] = r
	}
	assert.Zero(t, rulesSalt(dsq.Standard))
	assert.Zero(t, rulesSalt(dsq.Rules{MoveLimit: dsq.DrawHalfMoves}), "the default limit written out")
	assert.Equal(t, rulesSalt(dsq.Rules{TrappedCapture: true}), rulesSalt(dsq.Rules{TrappedCapture: true, Threefold: true}),
		"Threefold changes no value a table keeps")
}
