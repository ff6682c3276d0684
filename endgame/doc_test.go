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
// zero arguments and once with sample ones, each call on a fresh zero
// value.
func TestZeroValuesDoNotPanic(t *testing.T) {
	assert.Empty(t, sampleWalk(t).Call(zeroValues))
}

// TestNilPointersDoNotPanic calls every method of a nil *Tables and a nil
// *Table, once with zero arguments and once with the samples.
func TestNilPointersDoNotPanic(t *testing.T) {
	walk := sampleWalk(t)
	for _, typ := range []reflect.Type{reflect.TypeFor[*endgame.Tables](), reflect.TypeFor[*endgame.Table]()} {
		for i := range typ.NumMethod() {
			method := typ.Method(i)
			for _, sample := range []bool{false, true} {
				args := []reflect.Value{reflect.Zero(typ)}
				for j := 1; j < method.Type.NumIn(); j++ {
					v, ok := walk.Arg(method, j, sample)
					if !ok {
						v = reflect.Zero(method.Type.In(j))
						if s, found := walk.Samples[method.Type.In(j)]; found && sample {
							v = s
						}
					}
					args = append(args, v)
				}
				func() {
					defer func() {
						if r := recover(); r != nil {
							t.Errorf("(%v)(nil).%s (sample arguments: %v) panicked: %v", typ, method.Name, sample, r)
						}
					}()
					if method.Type.IsVariadic() {
						method.Func.CallSlice(args)
					} else {
						method.Func.Call(args)
					}
				}()
			}
		}
	}
}

// sampleWalk returns the walk of the zero-value and nil tests: sample
// arguments of every parameter type (a material, a position it holds, a
// table, a colour and an animal), and a fresh temporary directory for every
// directory argument, so that no call writes into the package.
func sampleWalk(t *testing.T) zerowalk.Walk {
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
	return zerowalk.Walk{
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
}
