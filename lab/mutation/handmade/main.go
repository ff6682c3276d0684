// Command handmade is a mutation pass with the mutants that real bugs make
// and gremlins cannot: a statement deleted, one operand of && or || dropped,
// a comparison's bound moved by one either way (see enumerate).
//
// It enumerates the mutants of one file of the library, copies the
// repository's files (those git knows, as they are in the working tree, lab/
// left out) to a temporary directory, and applies each mutant there in turn,
// so the working files stay untouched. Each is judged by the tests of the
// file's package, built once into a test binary,
//
//	nice -n 19 go test -c -tags mutation -vet=off -ldflags='-s -w' ./PKG
//
// (the mutation tag makes the root package's suite quick) and run in the
// package's directory with -test.short -test.failfast. With -skip-first, the
// binary runs first without the slow tests it names: a failure there kills
// the mutant (a test of the suite failed); a mutant that passes is run again
// with the whole suite, so LIVED always means that the whole suite passed.
// Each run has a timeout of ten times the unmutated run's (at least 20s). A
// failing run kills the mutant, one past its timeout is TIMED_OUT, and one
// whose package or tests do not compile is NOT_COMPILED. One mutant runs at a
// time. The report, lab/mutation/handmade-<file>.txt (handmade-search-<file>.txt
// for a file of search), has a header (command, date, Go version, CPU, load,
// the runs and their timeouts), one line per mutant (file:line:col operator
// original -> mutated, verdict, time, the first failing test, the run that
// decided, the mutant's number) and the totals; each line is written as its
// verdict comes, so a run cut short keeps what it judged.
//
// From the repository root:
//
//	go -C lab build -o /tmp/handmade ./mutation/handmade
//	/tmp/handmade -file record.go                       # every mutant of record.go
//	/tmp/handmade -file record.go -skip-first '^(TestPerftSuite|TestAgreementVariants)$'   # slow tests last
//	/tmp/handmade -file game.go -sample 120              # 120 of them, chosen by -seed
//	/tmp/handmade -file search/search.go -funcs 'repet|limit'   # some functions only
//	/tmp/handmade -file record.go -only 12,40 -out /tmp/r.txt   # rerun mutants 12 and 40
//	/tmp/handmade -file record.go -only 12 -run TestNew -out /tmp/r.txt  # does TestNew kill it?
//	/tmp/handmade -file record.go -list                  # print the mutants, run nothing
package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"
)

func main() {
	file := flag.String("file", "", "the file to mutate, from the repository root (record.go, search/search.go)")
	funcs := flag.String("funcs", "", "mutate only the functions whose names (Type.Method for methods) match this regexp")
	sample := flag.Int("sample", 0, "run only this many mutants, chosen at random by -seed (0: all)")
	seed := flag.Uint64("seed", 1, "the seed of -sample")
	only := flag.String("only", "", "run only these mutants: numbers as the report and -list give them, comma-separated")
	timeout := flag.Duration("timeout", 0, "a run of the whole suite longer than this is a timed-out mutant (0: 10 times the unmutated run, at least 20s; the first run's, 10 times its own)")
	niceness := flag.Int("nice", 19, "the niceness that builds and test runs add to the tool's own (nice -n)")
	skip := flag.String("skip-first", "", "run each mutant first without these tests (go test -skip), and only the mutants that pass that run with the whole suite")
	out := flag.String("out", "", "the report (default lab/mutation/handmade-<file>.txt)")
	list := flag.Bool("list", false, "print the mutants and run nothing")
	run := flag.String("run", "", "run only the tests that match this regexp (go test -run), to check that a new test kills a mutant")
	flag.Parse()
	if *file == "" || flag.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "usage: handmade -file FILE.go [-funcs RE] [-sample N [-seed S]] [-only N,M] [-timeout D] [-out REPORT] [-list]")
		os.Exit(2)
	}
	root, err := gitRoot()
	if err != nil {
		fail(err)
	}
	rel := filepath.ToSlash(filepath.Clean(*file))
	src, err := os.ReadFile(filepath.Join(root, rel))
	if err != nil {
		fail(err)
	}
	var re *regexp.Regexp
	if *funcs != "" {
		if re, err = regexp.Compile(*funcs); err != nil {
			fail(err)
		}
	}
	all, err := enumerate(rel, src, re)
	if err != nil {
		fail(err)
	}
	chosen, note, err := choose(len(all), *sample, *seed, *only)
	if err != nil {
		fail(err)
	}
	if *list {
		for _, i := range chosen {
			fmt.Printf("#%d %s (%s)\n", i+1, all[i].describe(rel), all[i].fn)
		}
		fmt.Printf("%d mutants%s\n", len(all), note)
		return
	}
	if *out == "" {
		name := strings.TrimSuffix(strings.ReplaceAll(rel, "/", "-"), ".go")
		*out = filepath.Join(root, "lab", "mutation", "handmade-"+name+".txt")
	}
	pkg := "./" + filepath.ToSlash(filepath.Dir(rel))
	if pkg == "./." {
		pkg = "."
	}

	tree, err := os.MkdirTemp("", "handmade-")
	if err != nil {
		fail(err)
	}
	defer os.RemoveAll(tree)
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, os.Interrupt, syscall.SIGTERM)
	go func() {
		<-stop // stopped early: leave no copy behind
		os.RemoveAll(tree)
		os.Exit(1)
	}()
	if err := copyTree(root, tree); err != nil {
		fail(err)
	}
	r := &runner{dir: tree, pkg: pkg, run: *run, skip: *skip, nice: *niceness, bin: filepath.Join(tree, ".handmade.test")}
	if *run != "" {
		r.skip = ""
	}

	report, err := os.Create(*out)
	if err != nil {
		fail(err)
	}
	defer report.Close()
	w := io.MultiWriter(report, os.Stdout)
	fmt.Fprintf(w, "# command: handmade %s\n", strings.Join(os.Args[1:], " "))
	fmt.Fprintf(w, "# %s\n", environment())
	ps := r.phases()
	for _, p := range ps {
		fmt.Fprintf(w, "# %s run: %s\n", p.name, strings.Join(p.args, " "))
	}
	fmt.Fprintf(w, "# each mutant: nice -n %d go test -c -tags mutation -vet=off -ldflags='-s -w' %s in a copy of the tree, then the runs above in order (the first failure is the verdict; LIVED: every run passed)\n", *niceness, pkg)
	fmt.Fprintf(w, "# mutants of %s: %d (%s)%s; running %d\n", rel, len(all), countOps(all), note, len(chosen))

	t0 := time.Now()
	for i := range ps {
		ps[i].timeout = time.Hour
	}
	if v, _, _ := r.judge(ps); v != "LIVED" {
		fail(fmt.Errorf("the unmutated tests of %s do not pass (%s)", pkg, v))
	}
	unmutated := time.Since(t0)
	var times []string
	for i := range ps {
		start := time.Now()
		if v, f := r.exec(ps[i]); v != "LIVED" {
			fail(fmt.Errorf("the unmutated %s run of %s does not pass (%s %s)", ps[i].name, pkg, v, f))
		}
		d := time.Since(start)
		ps[i].timeout = max(20*time.Second, 10*d).Round(time.Second)
		if *timeout != 0 && i == len(ps)-1 {
			ps[i].timeout = *timeout
		}
		times = append(times, fmt.Sprintf("%s run %.1fs (timeout %s)", ps[i].name, d.Seconds(), ps[i].timeout))
	}
	fmt.Fprintf(w, "# unmutated: build and every run %.1fs; %s\n", unmutated.Seconds(), strings.Join(times, ", "))

	counts := map[string]int{}
	path := filepath.Join(tree, rel)
	for _, i := range chosen {
		m := all[i]
		if err := os.WriteFile(path, m.apply(src), 0o644); err != nil {
			fail(err)
		}
		start := time.Now()
		verdict, first, by := r.judge(ps)
		counts[verdict]++
		line := fmt.Sprintf("%s %s %.1fs", m.describe(rel), verdict, time.Since(start).Seconds())
		if first != "" {
			line += " " + first
		}
		if len(ps) > 1 && verdict != "NOT_COMPILED" {
			line += " (" + by + " run)"
		}
		fmt.Fprintf(w, "%s #%d\n", line, i+1)
	}
	if err := os.WriteFile(path, src, 0o644); err != nil {
		fail(err)
	}
	fmt.Fprintf(w, "# totals: run %d, killed %d, lived %d, timed out %d, not compiled %d; %s\n",
		len(chosen), counts["KILLED"], counts["LIVED"], counts["TIMED_OUT"], counts["NOT_COMPILED"], time.Since(t0).Round(time.Second))
}

// choose returns the numbers (0-based) of the mutants to run, in order, and a
// note on how they were chosen for the report's header.
func choose(n, sample int, seed uint64, only string) ([]int, string, error) {
	var chosen []int
	switch {
	case only != "":
		for _, f := range strings.Split(only, ",") {
			k, err := strconv.Atoi(strings.TrimSpace(f))
			if err != nil || k < 1 || k > n {
				return nil, "", fmt.Errorf("-only: %q is not a mutant's number (1 to %d)", f, n)
			}
			chosen = append(chosen, k-1)
		}
		return chosen, ", only " + only, nil
	case sample < 0:
		return nil, "", errors.New("-sample: a negative count")
	case sample > 0 && sample < n:
		chosen = rand.New(rand.NewPCG(seed, 0)).Perm(n)[:sample]
		slices.Sort(chosen)
		return chosen, fmt.Sprintf(", a sample of %d chosen by seed %d", sample, seed), nil
	}
	for i := range n {
		chosen = append(chosen, i)
	}
	return chosen, "", nil
}

func countOps(ms []mutant) string {
	c := map[string]int{}
	for _, m := range ms {
		c[m.op]++
	}
	return fmt.Sprintf("%s %d, %s %d, %s %d", opDelete, c[opDelete], opDrop, c[opDrop], opBoundary, c[opBoundary])
}

// runner judges the mutants of one package in one copy of the tree. Each
// mutant's test binary is built once (go test -c); then, with skip set, the
// binary runs first without the slow tests that skip names, and a
// failure there is the mutant's verdict (a test of the suite failed); only a
// mutant that passes that run is run again with the whole suite, so LIVED
// always means that the whole suite passed.
type runner struct {
	dir, pkg string
	run      string // -run: the tests to run (a confirmation), instead of the suite
	skip     string // the tests the first run leaves out ("": one run, the whole suite)
	bin      string // the test binary, in the copy
	nice     int    // added to the tool's niceness for builds and runs
}

// phase is one run of the test binary: its arguments, and its timeout.
type phase struct {
	name    string
	args    []string
	timeout time.Duration
}

// phases returns the runs that judge a mutant, in order: the filtered run
// (when there is one), then the whole suite (or the -run tests). A phase's
// timeout is set by the caller from the unmutated run.
func (r *runner) phases() []phase {
	common := []string{"-test.short", "-test.failfast", "-test.count=1"}
	if r.run != "" {
		return []phase{{name: "run", args: append(slices.Clip(common), "-test.run", r.run)}}
	}
	var ps []phase
	if r.skip != "" {
		ps = append(ps, phase{name: "first", args: append(slices.Clip(common), "-test.skip", r.skip)})
	}
	return append(ps, phase{name: "whole", args: common})
}

var failLine = regexp.MustCompile(`--- FAIL: (\S+)`)

// judge builds the mutant's test binary and runs the phases in order, each
// with its own timeout. It returns the verdict, the first failing test of a
// killed mutant, and the phase that decided.
func (r *runner) judge(ps []phase) (verdict, first, by string) {
	var buf bytes.Buffer
	// No go build first: go test -c compiles the package with its internal
	// tests, and says [build failed] if it cannot. No vet, whose complaints
	// are no test's verdict; no DWARF, which only slows the link.
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	cmd := r.command(ctx, r.dir, "go", "test", "-c", "-o", r.bin, "-tags", "mutation", "-vet=off", "-ldflags=-s -w", r.pkg)
	cmd.Stdout, cmd.Stderr = &buf, &buf
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			return "TIMED_OUT", "", "build"
		}
		return "NOT_COMPILED", firstLine(buf.Bytes()), "build"
	}
	if _, err := os.Stat(r.bin); err != nil {
		// go test -c writes no binary for a package without tests.
		fail(fmt.Errorf("%s has no tests", r.pkg))
	}
	for _, p := range ps {
		v, f := r.exec(p)
		if v != "LIVED" {
			return v, f, p.name
		}
	}
	return "LIVED", "", ps[len(ps)-1].name
}

// exec runs the test binary once, in the package's directory of the copy (the
// tests read testdata from there).
func (r *runner) exec(p phase) (string, string) {
	ctx, cancel := context.WithTimeout(context.Background(), p.timeout+30*time.Second)
	defer cancel()
	var buf bytes.Buffer
	args := append(slices.Clip(p.args), "-test.timeout", p.timeout.String())
	cmd := r.command(ctx, filepath.Join(r.dir, r.pkg), r.bin, args...)
	cmd.Stdout, cmd.Stderr = &buf, &buf
	err := cmd.Run()
	out := buf.Bytes()
	switch {
	case err == nil:
		return "LIVED", ""
	case ctx.Err() != nil, bytes.Contains(out, []byte("panic: test timed out")):
		return "TIMED_OUT", ""
	}
	if m := failLine.FindSubmatch(out); m != nil {
		return "KILLED", string(m[1])
	}
	return "KILLED", firstLine(out)
}

// command is name with args, at the runner's niceness, in dir, in a process
// group of its own so that a timeout ends the test binary too.
func (r *runner) command(ctx context.Context, dir, name string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, "nice", append([]string{"-n", strconv.Itoa(r.nice), name}, args...)...)
	cmd.Dir = dir
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.Env = append(os.Environ(), "GOFLAGS=")
	return cmd
}

func firstLine(b []byte) string {
	for _, l := range strings.Split(string(b), "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			return strconv.Quote(l)
		}
	}
	return ""
}

func gitRoot() (string, error) {
	out, err := exec.Command("git", "rev-parse", "--show-toplevel").Output()
	if err != nil {
		return "", fmt.Errorf("not in a git repository: %v", err)
	}
	return strings.TrimSpace(string(out)), nil
}

// copyTree copies the files git knows (tracked, or untracked and not
// ignored), as they are in the working tree, from root to dst, leaving out
// lab/ (a module of its own, not needed by the library's tests).
func copyTree(root, dst string) error {
	cmd := exec.Command("git", "ls-files", "-z", "--cached", "--others", "--exclude-standard")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		return err
	}
	for _, f := range strings.Split(string(out), "\x00") {
		if f == "" || strings.HasPrefix(f, "lab/") {
			continue
		}
		b, err := os.ReadFile(filepath.Join(root, f))
		if errors.Is(err, os.ErrNotExist) {
			continue // deleted in the working tree
		}
		if err != nil {
			return err
		}
		p := filepath.Join(dst, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// environment is the header's line on when and where the run was made.
func environment() string {
	gv, _ := exec.Command("go", "version").Output()
	cpu := "unknown CPU"
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, l := range strings.Split(string(b), "\n") {
			if strings.HasPrefix(l, "model name") {
				cpu = strings.TrimSpace(l[strings.Index(l, ":")+1:])
				break
			}
		}
	}
	load := ""
	if b, err := os.ReadFile("/proc/loadavg"); err == nil {
		load = strings.Join(strings.Fields(string(b))[:3], " ")
	}
	return fmt.Sprintf("date: %s, %s, %s, %d cores, load %s (machine shared with other sessions)",
		time.Now().UTC().Format("2006-01-02T15:04Z"), strings.TrimSpace(string(gv)), cpu, runtime.NumCPU(), load)
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "handmade:", err)
	os.Exit(1)
}
