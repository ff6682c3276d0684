package endgame_test

import (
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/endgame"
	"github.com/doushouqi/doushouqi/internal/zerowalk"
)

// zeroValues holds a pointer to the zero value of every exported type of
// the package; TestZeroValuesListed checks that none is missing.
var zeroValues = map[string]any{
	"Material": new(endgame.Material),
	"Options":  new(endgame.Options),
	"Progress": new(endgame.Progress),
	"Result":   new(endgame.Result),
	"Stats":    new(endgame.Stats),
	"Table":    new(endgame.Table),
	"Tables":   new(endgame.Tables),
	"Value":    new(endgame.Value),
	"Verdict":  new(endgame.Verdict),
}

// TestZeroValuesListed checks that zeroValues lists exactly the exported
// types of the package's source.
func TestZeroValuesListed(t *testing.T) {
	exported, err := zerowalk.ExportedTypes(".")
	require.NoError(t, err)
	require.NotEmpty(t, exported)
	require.Equal(t, exported, zerowalk.Names(zeroValues), "zeroValues must list every exported type")
}

// TestZeroValuesDoNotPanic calls every method of every exported type's zero
// value (through a pointer, so value and pointer methods alike), once with
// zero arguments and once with sample ones (a material, a position it
// holds, a table, an empty directory), each call on a fresh zero value.
// Directory arguments are always a temporary directory, so that no call
// writes into the package.
func TestZeroValuesDoNotPanic(t *testing.T) {
	m := mustMaterial(t, "Evr")
	table := generate(t, dsq.Standard, m).Table(m)
	pos, err := dsq.ParsePosition("7/7/7/7/r5E/7/7/7/7 r 0 1")
	require.NoError(t, err)
	samples := map[reflect.Type]reflect.Value{
		reflect.TypeFor[endgame.Material]():   reflect.ValueOf(m),
		reflect.TypeFor[[]endgame.Material](): reflect.ValueOf([]endgame.Material{m}),
		reflect.TypeFor[dsq.Position]():       reflect.ValueOf(pos),
		reflect.TypeFor[*endgame.Table]():     reflect.ValueOf(table),
		reflect.TypeFor[dsq.Color]():          reflect.ValueOf(dsq.Blue),
		reflect.TypeFor[dsq.Animal]():         reflect.ValueOf(dsq.Rat),
	}
	walk := zerowalk.Walk{
		Samples: samples,
		Arg: func(method reflect.Method, param int, sample bool) (reflect.Value, bool) {
			switch in := method.Type.In(param); {
			case in.Kind() == reflect.String:
				return reflect.ValueOf(t.TempDir()), true
			case method.Type.IsVariadic() && param == method.Type.NumIn()-1:
				return reflect.Zero(in), true // Load's materials: none, all of them
			}
			return reflect.Value{}, false
		},
	}
	assert.Empty(t, walk.Call(zeroValues))
}

// TestZeroValuesAnswer checks what the zero Tables and Table answer: empty
// sets that hold nothing, or an error.
func TestZeroValuesAnswer(t *testing.T) {
	pos, err := dsq.ParsePosition("7/7/7/7/r5E/7/7/7/7 r 0 1")
	require.NoError(t, err)
	var ts endgame.Tables
	_, ok := ts.Probe(pos)
	assert.False(t, ok)
	_, _, ok = ts.BestMoves(pos)
	assert.False(t, ok)
	_, ok = ts.Verdict(pos)
	assert.False(t, ok)
	assert.Empty(t, ts.Materials())
	var table endgame.Table
	_, ok = table.Probe(pos)
	assert.False(t, ok)
	assert.Zero(t, table.Len())
	assert.Error(t, table.WriteFile(t.TempDir()), "the zero Table writes no file")
	assert.Error(t, ts.Add(nil))
	assert.Error(t, ts.Add(&table))

	// The zero Tables is a standard set: it takes a standard table.
	m := mustMaterial(t, "Evr")
	require.NoError(t, ts.Add(generate(t, dsq.Standard, m).Table(m)))
	v, ok := ts.Probe(pos)
	assert.True(t, ok)
	assert.Equal(t, endgame.Win, v.Result, "the value of %v", pos)
}
