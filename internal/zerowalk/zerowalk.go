// Package zerowalk is the zero-value walk that the tests of doushouqi,
// search and endgame share: every exported type's zero value must answer
// every method, with zero arguments and with sample ones, without a panic
// (an importer who declares `var e search.Engine` and calls it should get a
// result or an error, never a crash). Each package keeps its own list of
// types and its own samples; the listing of exported types and the walk
// itself live here, once.
//
// It is internal and imported only by tests, so it adds nothing to an
// importer's build; it uses the standard library alone.
package zerowalk

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
)

// ExportedTypes returns, sorted, the exported types declared by the Go
// files of dir (its tests left out), without its interfaces: an interface's
// zero value is nil and has no method to call.
func ExportedTypes(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	fset := token.NewFileSet()
	var exported []string
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, e.Name()), nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		for _, decl := range f.Decls {
			gen, ok := decl.(*ast.GenDecl)
			if !ok || gen.Tok != token.TYPE {
				continue
			}
			for _, spec := range gen.Specs {
				ts := spec.(*ast.TypeSpec)
				if _, isInterface := ts.Type.(*ast.InterfaceType); ast.IsExported(ts.Name.Name) && !isInterface {
					exported = append(exported, ts.Name.Name)
				}
			}
		}
	}
	slices.Sort(exported)
	return exported, nil
}

// Names returns the keys of a list of zero values, sorted, to compare with
// ExportedTypes.
func Names(zeroValues map[string]any) []string {
	names := make([]string, 0, len(zeroValues))
	for name := range zeroValues {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

// Walk says how to call the methods.
type Walk struct {
	// Samples are the arguments of the second call of each method, by type;
	// a parameter of a type not listed gets its zero value in both calls.
	Samples map[reflect.Type]reflect.Value
	// Arg, when not nil, chooses a parameter's value before the samples
	// do: it returns ok false to leave the choice to them. (endgame gives
	// every directory a temporary one, so that no call writes into the
	// package.)
	Arg func(method reflect.Method, param int, sample bool) (v reflect.Value, ok bool)
}

// Call calls every method of every value of zeroValues (pointers to the
// zero values, so that value and pointer methods are all called), once with
// zero arguments and once with the samples, each call on a fresh zero value,
// and returns a line for each call that panicked, naming the type, the
// method, the arguments and the panic.
func (w Walk) Call(zeroValues map[string]any) []string {
	var panics []string
	for _, name := range Names(zeroValues) {
		typ := reflect.TypeOf(zeroValues[name])
		for i := range typ.NumMethod() {
			method := typ.Method(i)
			for _, sample := range []bool{false, true} {
				args := []reflect.Value{reflect.New(typ.Elem())}
				for j := 1; j < method.Type.NumIn(); j++ {
					args = append(args, w.arg(method, j, sample))
				}
				if p := call(method, args); p != nil {
					panics = append(panics, fmt.Sprintf("(%s{}).%s (sample arguments: %v) panicked: %v", name, method.Name, sample, p))
				}
			}
		}
	}
	return panics
}

// arg is the value of parameter j of method in the zero or the sample call.
func (w Walk) arg(method reflect.Method, j int, sample bool) reflect.Value {
	if w.Arg != nil {
		if v, ok := w.Arg(method, j, sample); ok {
			return v
		}
	}
	in := method.Type.In(j)
	if v, ok := w.Samples[in]; ok && sample {
		return v
	}
	return reflect.Zero(in)
}

// call calls method with args and returns what it panicked with, or nil.
func call(method reflect.Method, args []reflect.Value) (recovered any) {
	defer func() { recovered = recover() }()
	if method.Type.IsVariadic() {
		method.Func.CallSlice(args)
	} else {
		method.Func.Call(args)
	}
	return nil
}
