package zerowalk

import (
	"reflect"
	"slices"
	"strings"
	"testing"
)

// counter panics on its zero value unless given a sample.
type counter struct{ m map[string]int }

func (c *counter) Add(key string)    { c.m[key]++ } // a nil map: panics
func (c counter) Get(key string) int { return c.m[key] }
func (c *counter) Sum(keys ...string) int {
	n := 0
	for _, k := range keys {
		n += c.m[k]
	}
	return n
}

func TestCallReportsPanics(t *testing.T) {
	panics := Walk{}.Call(map[string]any{"counter": new(counter)})
	if len(panics) != 2 {
		t.Fatalf("want the two calls of Add, have %q", panics)
	}
	for _, p := range panics {
		if !strings.HasPrefix(p, "(counter{}).Add") || !strings.Contains(p, "nil map") {
			t.Errorf("unexpected report %q", p)
		}
	}
}

func TestCallPassesSamplesAndArg(t *testing.T) {
	var seen []string
	w := Walk{
		Samples: map[reflect.Type]reflect.Value{reflect.TypeFor[string](): reflect.ValueOf("sample")},
		Arg: func(method reflect.Method, param int, sample bool) (reflect.Value, bool) {
			if method.Name == "Sum" {
				seen = append(seen, "Sum")
				return reflect.ValueOf([]string{"a", "b"}), true
			}
			return reflect.Value{}, false
		},
	}
	type getter struct{ counter }
	if panics := w.Call(map[string]any{"getter": new(getter)}); len(panics) != 2 {
		t.Fatalf("Add panics twice, Get and Sum never: %q", panics)
	}
	if !slices.Equal(seen, []string{"Sum", "Sum"}) {
		t.Errorf("Arg chose Sum's argument %v times, want twice", seen)
	}
}

func TestExportedTypes(t *testing.T) {
	types, err := ExportedTypes("../../search")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(types, "Engine") || slices.Contains(types, "Player") {
		t.Errorf("search's exported types without interfaces: have %v", types)
	}
	if _, err := ExportedTypes("no such directory"); err == nil {
		t.Error("a missing directory is an error")
	}
}
