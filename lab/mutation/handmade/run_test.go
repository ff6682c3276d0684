package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// TestPhases checks the runs that judge a mutant: the filtered run and then
// the whole suite with -skip-first, the whole suite alone without it, and the
// -run tests alone for a confirmation (never the filtered run).
func TestPhases(t *testing.T) {
	whole := []string{"-test.short", "-test.failfast", "-test.count=1"}
	names := func(ps []phase) []string {
		var n []string
		for _, p := range ps {
			n = append(n, p.name)
		}
		return n
	}
	ps := (&runner{skip: "^TestSlow$"}).phases()
	if !slices.Equal(names(ps), []string{"first", "whole"}) ||
		!slices.Equal(ps[0].args, append(slices.Clip(whole), "-test.skip", "^TestSlow$")) ||
		!slices.Equal(ps[1].args, whole) {
		t.Errorf("with a skip: %+v", ps)
	}
	if ps := (&runner{}).phases(); !slices.Equal(names(ps), []string{"whole"}) || !slices.Equal(ps[0].args, whole) {
		t.Errorf("without a skip: %+v", ps)
	}
	ps = (&runner{skip: "^TestSlow$", run: "^TestNew$"}).phases()
	if !slices.Equal(names(ps), []string{"run"}) || !slices.Equal(ps[0].args, append(slices.Clip(whole), "-test.run", "^TestNew$")) {
		t.Errorf("with -run: %+v", ps)
	}
}

// TestJudge judges mutants of a small package whose quick test checks f(1)
// and whose slow test, left out of the first run, checks f(2): a mutant that
// only the slow test catches must be killed by the whole run, never let live.
func TestJudge(t *testing.T) {
	if testing.Short() {
		t.Skip("builds test binaries")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	dir := t.TempDir()
	write := func(name, text string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module p\n\ngo 1.24\n")
	write("p_test.go", `package p

import "testing"

func TestQuick(t *testing.T) {
	if f(1) != 2 {
		t.Fatal("f(1)")
	}
}

func TestSlow(t *testing.T) {
	if f(2) != 3 {
		t.Fatal("f(2)")
	}
}
`)
	r := &runner{dir: dir, pkg: ".", skip: "^TestSlow$", nice: 19, bin: filepath.Join(dir, ".handmade.test")}
	ps := r.phases()
	for i := range ps {
		ps[i].timeout = 2 * time.Second
	}
	for _, c := range []struct {
		body, verdict, first, by string
	}{
		{"return n + 1", "LIVED", "", "whole"},
		{"return n", "KILLED", "TestQuick", "first"},
		{"return 2 + 0*n", "KILLED", "TestSlow", "whole"},
		{"for n == 2 {}; return n + 1", "TIMED_OUT", "", "whole"},
		{"return m", "NOT_COMPILED", `"./p.go:3:28: undefined: m"`, "build"},
	} {
		write("p.go", "package p\n\nfunc f(n int) int { "+c.body+" }\n")
		v, first, by := r.judge(ps)
		if v != c.verdict || first != c.first || by != c.by {
			t.Errorf("f: %s: %s %s (%s run), want %s %s (%s run)", c.body, v, first, by, c.verdict, c.first, c.by)
		}
	}
}
