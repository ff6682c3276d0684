package main

import (
	"go/format"
	"regexp"
	"slices"
	"strings"
	"testing"
)

const snippet = `package p

type T struct{ n int }

func (t *T) f(a, b bool, n, k int, s []int) int {
	t.n = n
	t.n++
	x := n
	println(x)
	if a && b {
		return 1
	}
	for i := 0; i < len(s); i++ {
		if s[i] == 0 {
			continue
		}
		break
	}
	switch {
	case n <= k+1:
		return 2
	}
	if n > 4 || n >= k {
		return 3
	} else {
		return 4
	}
}

func g(n int) bool { return n != -1 }
`

// TestEnumerate checks every mutant of a snippet that holds each kind of
// statement, condition and bound the enumerator knows, and that each mutant
// is still Go syntax.
func TestEnumerate(t *testing.T) {
	ms, err := enumerate("p.go", []byte(snippet), nil)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range ms {
		got = append(got, m.describe("p.go")+" in "+m.fn)
		if _, err := format.Source(m.apply([]byte(snippet))); err != nil {
			t.Errorf("%s: the mutant does not parse: %v", m.describe("p.go"), err)
		}
	}
	want := []string{
		`p.go:6:2 delete "t.n = n" -> "" in T.f`,
		`p.go:7:2 delete "t.n++" -> "" in T.f`,
		`p.go:9:2 delete "println(x)" -> "" in T.f`,
		`p.go:10:5 drop "a && b" -> "a" in T.f`,
		`p.go:10:5 drop "a && b" -> "b" in T.f`,
		`p.go:11:3 delete "return 1" -> "" in T.f`,
		`p.go:13:18 boundary "len(s)" -> "len(s)-1" in T.f`,
		`p.go:13:18 boundary "len(s)" -> "len(s)+1" in T.f`,
		`p.go:14:14 boundary "0" -> "(-1)" in T.f`,
		`p.go:14:14 boundary "0" -> "1" in T.f`,
		`p.go:15:4 delete "continue" -> "" in T.f`,
		`p.go:17:3 delete "break" -> "" in T.f`,
		`p.go:20:14 boundary "1" -> "0" in T.f`,
		`p.go:20:14 boundary "1" -> "2" in T.f`,
		`p.go:21:3 delete "return 2" -> "" in T.f`,
		`p.go:23:5 drop "n > 4 || n >= k" -> "n > 4" in T.f`,
		`p.go:23:5 drop "n > 4 || n >= k" -> "n >= k" in T.f`,
		`p.go:23:9 boundary "4" -> "3" in T.f`,
		`p.go:23:9 boundary "4" -> "5" in T.f`,
		`p.go:23:19 boundary "k" -> "k-1" in T.f`,
		`p.go:23:19 boundary "k" -> "k+1" in T.f`,
		`p.go:24:3 delete "return 3" -> "" in T.f`,
		`p.go:26:3 delete "return 4" -> "" in T.f`,
		`p.go:30:34 boundary "-1" -> "(-2)" in g`,
		`p.go:30:34 boundary "-1" -> "0" in g`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("mutants:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// Not mutated: the declaration x := n, the loop's i := 0 and i++, and
	// g's return, which no condition guards.
}

// TestEnumerateBoundOfASubtraction checks that a bound written k-n moves by
// its literal (k-0 and k-2 for k-1), never to k-1+1, which is no mutant.
func TestEnumerateBoundOfASubtraction(t *testing.T) {
	src := "package p\n\nfunc f(n, k int) bool { return n < k-1 }\n"
	ms, err := enumerate("p.go", []byte(src), nil)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range ms {
		got = append(got, string(m.apply([]byte(src)))[len("package p\n\nfunc f(n, k int) bool { return "):])
	}
	want := []string{"n < k-2 }\n", "n < k-0 }\n"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestEnumerateFuncs checks that -funcs keeps the mutants of the functions
// it names and no others.
func TestEnumerateFuncs(t *testing.T) {
	ms, err := enumerate("p.go", []byte(snippet), regexp.MustCompile(`^g$`))
	if err != nil {
		t.Fatal(err)
	}
	if len(ms) != 2 || ms[0].fn != "g" || ms[1].fn != "g" {
		t.Errorf("got %d mutants, want the 2 of g", len(ms))
	}
}

// TestChoose checks that a sample is deterministic, sorted and of the size
// asked, and that -only refuses numbers that name no mutant.
func TestChoose(t *testing.T) {
	a, _, err := choose(100, 10, 7, "")
	if err != nil {
		t.Fatal(err)
	}
	b, _, _ := choose(100, 10, 7, "")
	if len(a) != 10 || !slices.Equal(a, b) || !slices.IsSorted(a) {
		t.Errorf("sample %v, again %v: want 10 sorted numbers, the same twice", a, b)
	}
	if all, _, _ := choose(5, 0, 1, ""); !slices.Equal(all, []int{0, 1, 2, 3, 4}) {
		t.Errorf("no sample: %v, want every mutant", all)
	}
	if got, _, err := choose(5, 0, 1, "2,5"); err != nil || !slices.Equal(got, []int{1, 4}) {
		t.Errorf("-only 2,5: %v %v, want [1 4]", got, err)
	}
	for _, bad := range []string{"0", "6", "x"} {
		if _, _, err := choose(5, 0, 1, bad); err == nil {
			t.Errorf("-only %s: no error", bad)
		}
	}
}
