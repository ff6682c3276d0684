package endgame_test

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/endgame"
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

// TestZeroValuesListed reads the package's source for its exported types
// and checks that zeroValues lists exactly those.
func TestZeroValuesListed(t *testing.T) {
	fset := token.NewFileSet()
	entries, err := os.ReadDir(".")
	require.NoError(t, err)
	var exported []string
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, e.Name(), nil, 0)
		require.NoError(t, err)
		for _, decl := range f.Decls {
			gen, ok := decl.(*ast.GenDecl)
			if !ok || gen.Tok != token.TYPE {
				continue
			}
			for _, spec := range gen.Specs {
				if name := spec.(*ast.TypeSpec).Name.Name; ast.IsExported(name) {
					exported = append(exported, name)
				}
			}
		}
	}
	require.NotEmpty(t, exported)
	slices.Sort(exported)
	var listed []string
	for name := range zeroValues {
		listed = append(listed, name)
	}
	slices.Sort(listed)
	require.Equal(t, exported, listed, "zeroValues must list every exported type")
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
	for name, ptr := range zeroValues {
		typ := reflect.TypeOf(ptr)
		for i := range typ.NumMethod() {
			method := typ.Method(i)
			for _, sample := range []bool{false, true} {
				recv := reflect.New(typ.Elem())
				args := []reflect.Value{recv}
				for j := 1; j < method.Type.NumIn(); j++ {
					in := method.Type.In(j)
					v, ok := samples[in]
					switch {
					case in.Kind() == reflect.String:
						v = reflect.ValueOf(t.TempDir())
					case in == reflect.TypeFor[[]endgame.Material]() && method.Type.IsVariadic() && j == method.Type.NumIn()-1:
						v = reflect.Zero(in) // Load's materials
					case !sample || !ok:
						v = reflect.Zero(in)
					}
					args = append(args, v)
				}
				call := fmt.Sprintf("(%s{}).%s (sample arguments: %v)", name, method.Name, sample)
				if method.Type.IsVariadic() {
					assert.NotPanics(t, func() { method.Func.CallSlice(args) }, call)
				} else {
					assert.NotPanics(t, func() { method.Func.Call(args) }, call)
				}
			}
		}
	}
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
