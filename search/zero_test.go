package search_test

import (
	"context"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/internal/zerowalk"
	"github.com/doushouqi/doushouqi/search"
)

// zeroValues holds a pointer to the zero value of every exported type of
// the package but its interfaces (whose zero value has no method to call);
// TestZeroValuesListed checks that none is missing.
var zeroValues = map[string]any{
	"Engine":       new(search.Engine),
	"EnginePlayer": new(search.EnginePlayer),
	"GreedyPlayer": new(search.GreedyPlayer),
	"Level":        new(search.Level),
	"LevelInfo":    new(search.LevelInfo),
	"Options":      new(search.Options),
	"RandomPlayer": new(search.RandomPlayer),
	"Result":       new(search.Result),
	"Table":        new(search.Table),
}

// TestZeroValuesListed checks that zeroValues lists exactly the exported
// types of the package's source but its interfaces.
func TestZeroValuesListed(t *testing.T) {
	exported, err := zerowalk.ExportedTypes(".")
	require.NoError(t, err)
	require.NotEmpty(t, exported)
	require.Equal(t, exported, zerowalk.Names(zeroValues), "zeroValues must list every exported type but interfaces")
}

// sampleArgs are the arguments of the second walk: a context that ends, the
// start position, a new game, a shallow search.
func sampleArgs(t *testing.T) map[reflect.Type]reflect.Value {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	t.Cleanup(cancel)
	return map[reflect.Type]reflect.Value{
		reflect.TypeFor[context.Context](): reflect.ValueOf(ctx),
		reflect.TypeFor[dsq.Position]():    reflect.ValueOf(dsq.StartPosition()),
		reflect.TypeFor[*dsq.Game]():       reflect.ValueOf(dsq.NewGame()),
		reflect.TypeFor[search.Options]():  reflect.ValueOf(search.Options{Depth: 2}),
	}
}

// TestZeroValuesDoNotPanic calls every method of every exported type's zero
// value (through a pointer, so value and pointer methods alike), once with
// zero arguments (a nil context, a nil game, the zero position) and once
// with sample ones, each call on a fresh zero value.
func TestZeroValuesDoNotPanic(t *testing.T) {
	assert.Empty(t, zerowalk.Walk{Samples: sampleArgs(t)}.Call(zeroValues))
}

// TestZeroValuesAnswer checks what the zero values and bad arguments
// answer: a search, or an error that says why not.
func TestZeroValuesAnswer(t *testing.T) {
	ctx := context.Background()
	start := dsq.StartPosition()
	t.Run("zero Engine searches", func(t *testing.T) {
		var e search.Engine
		e.NewGame()
		r, err := e.Search(ctx, start, search.Options{})
		require.NoError(t, err)
		assert.Equal(t, 4, r.Depth, "Depth 0 means 4")
		assert.True(t, start.IsLegal(r.Move))
		var g search.Engine
		r, err = g.SearchGame(ctx, dsq.NewGame(), search.Options{Depth: 2})
		require.NoError(t, err)
		assert.Equal(t, 2, r.Depth)
	})
	t.Run("nil Engine", func(t *testing.T) {
		var e *search.Engine
		assert.NotPanics(t, e.NewGame)
		_, err := e.Search(ctx, start, search.Options{})
		assert.ErrorIs(t, err, search.ErrNilEngine)
		_, err = e.SearchGame(ctx, dsq.NewGame(), search.Options{})
		assert.ErrorIs(t, err, search.ErrNilEngine)
	})
	t.Run("nil context and game", func(t *testing.T) {
		e := search.NewEngine(1)
		//lint:ignore SA1012 a nil context is what is tested
		_, err := e.Search(nil, start, search.Options{Depth: 1})
		assert.ErrorIs(t, err, search.ErrNilContext)
		//lint:ignore SA1012 a nil context is what is tested
		_, err = e.SearchGame(nil, dsq.NewGame(), search.Options{Depth: 1})
		assert.ErrorIs(t, err, search.ErrNilContext)
		_, err = e.SearchGame(ctx, nil, search.Options{Depth: 1})
		assert.ErrorIs(t, err, search.ErrNilGame)
		_, err = search.EnginePlayer{}.MoveInGame(ctx, nil)
		assert.ErrorIs(t, err, search.ErrNilGame)
	})
	t.Run("zero position has no move", func(t *testing.T) {
		_, err := search.NewEngine(1).Search(ctx, dsq.Position{}, search.Options{})
		assert.ErrorIs(t, err, search.ErrNoMove)
		_, err = search.RandomPlayer{}.Move(ctx, dsq.Position{})
		assert.ErrorIs(t, err, search.ErrNoMove)
		_, err = search.GreedyPlayer{}.Move(ctx, dsq.Position{})
		assert.ErrorIs(t, err, search.ErrNoMove)
	})
}

// TestOptionsRefused: out-of-range options are errors, not clamped in
// silence, and a search with no limit it would reach is refused.
func TestOptionsRefused(t *testing.T) {
	start := dsq.StartPosition()
	background := context.Background()
	cancellable, cancel := context.WithCancel(background)
	defer cancel()
	// The deadline starts when the case runs.
	deadline := deadlineContext{background}
	tests := []struct {
		name string
		ctx  context.Context
		opts search.Options
		want error // nil: the search runs
	}{
		{"negative depth", background, search.Options{Depth: -5}, search.ErrOptions},
		{"depth above 64", background, search.Options{Depth: 1000, Nodes: 100}, search.ErrOptions},
		{"depth 65", background, search.Options{Depth: search.MaxDepth + 1, Time: time.Millisecond}, search.ErrOptions},
		{"negative time", background, search.Options{Time: -time.Second}, search.ErrOptions},
		{"negative threads", background, search.Options{Depth: 1, Threads: -1}, search.ErrOptions},
		{"too many threads", background, search.Options{Depth: 1, Threads: search.MaxThreads + 1}, search.ErrOptions},
		{"depth 64 alone", background, search.Options{Depth: 64}, search.ErrUnbounded},
		{"depth 64 with a cancellable context", cancellable, search.Options{Depth: 64}, search.ErrUnbounded},
		{"infinite with a context never done", background, search.Options{Infinite: true}, search.ErrUnbounded},
		{"depth 64 with nodes", background, search.Options{Depth: 64, Nodes: 2000}, nil},
		{"depth 64 with time", background, search.Options{Depth: 64, Time: 20 * time.Millisecond}, nil},
		{"depth 64 with a deadline", deadline, search.Options{Depth: 64}, nil},
		{"infinite with nodes", background, search.Options{Infinite: true, Nodes: 2000}, nil},
		{"depth 0", background, search.Options{}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx := tt.ctx
			if d, ok := ctx.(deadlineContext); ok {
				var cancel context.CancelFunc
				ctx, cancel = context.WithTimeout(d.Context, 50*time.Millisecond)
				defer cancel()
			}
			r, err := search.NewEngine(1).Search(ctx, start, tt.opts)
			if tt.want != nil {
				require.ErrorIs(t, err, tt.want)
				assert.ErrorIs(t, err, search.ErrOptions, "every refusal of options wraps ErrOptions")
				assert.True(t, strings.HasPrefix(err.Error(), "search: "), err.Error())
				assert.Equal(t, search.Result{}, r)
				return
			}
			require.NoError(t, err)
			assert.True(t, start.IsLegal(r.Move))
		})
	}
}

// deadlineContext stands, in a table of cases, for a context with a
// deadline 50 ms after the case starts.
type deadlineContext struct{ context.Context }

// TestInfiniteEndsWithContext: an Infinite search runs until its context
// is cancelled, then returns its last iteration's move.
func TestInfiniteEndsWithContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		time.Sleep(100 * time.Millisecond)
		cancel()
	}()
	begun := time.Now()
	r, err := search.NewEngine(1).Search(ctx, dsq.StartPosition(), search.Options{Infinite: true})
	require.NoError(t, err)
	assert.GreaterOrEqual(t, time.Since(begun), 100*time.Millisecond)
	assert.Greater(t, r.Depth, 1)
}
