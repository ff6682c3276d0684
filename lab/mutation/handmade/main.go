// Command handmade is a mutation pass with the mutants that real bugs make
// and gremlins cannot: a statement deleted, one operand of && or || dropped,
// a comparison's bound moved by one either way (see enumerate).
//
// It enumerates the mutants of one file of the library, copies the
// repository's files (those git knows, as they are in the working tree, lab/
// left out) to a temporary directory, and applies each mutant there in turn,
// so the working files stay untouched. Each is judged by the tests of the
// file's package:
//
//	nice -n 19 go test -tags mutation -short -failfast -count=1 -vet=off -ldflags='-s -w' ./PKG
//
// (the mutation tag makes the root package's suite quick), with a timeout. A
// failing run kills the mutant, a passing one lets it live, and one whose
// package or tests do not compile is counted as NOT_COMPILED. One mutant runs at
// a time. The report, lab/mutation/handmade-<file>.txt (handmade-search-<file>.txt
// for a file of search), has a header (command, date, Go version, CPU, load),
// one line per mutant (file:line:col operator original -> mutated, verdict,
// time, the first failing test, the mutant's number) and the totals; each line
// is written as its verdict comes, so a run cut short keeps what it judged.
//
// From the repository root:
//
//	go -C lab build -o /tmp/handmade ./mutation/handmade
//	/tmp/handmade -file record.go                       # every mutant of record.go
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
	timeout := flag.Duration("timeout", 0, "a test run longer than this is a timed-out mutant (0: 4 times the unmutated run, at least a minute)")
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
	r := &runner{dir: tree, pkg: pkg, run: *run}

	report, err := os.Create(*out)
	if err != nil {
		fail(err)
	}
	defer report.Close()
	w := io.MultiWriter(report, os.Stdout)
	fmt.Fprintf(w, "# command: handmade %s\n", strings.Join(os.Args[1:], " "))
	fmt.Fprintf(w, "# %s\n", environment())
	runFlag := ""
	if *run != "" {
		runFlag = " -run '" + *run + "'"
	}
	fmt.Fprintf(w, "# tests: nice -n 19 go test -tags mutation -short -failfast -count=1 -vet=off -ldflags='-s -w'%s %s, in a copy of the tree\n", runFlag, pkg)
	fmt.Fprintf(w, "# mutants of %s: %d (%s)%s; running %d\n", rel, len(all), countOps(all), note, len(chosen))

	t0 := time.Now()
	if v, _ := r.judge(*timeout + time.Hour); v != "LIVED" {
		fail(fmt.Errorf("the unmutated tests of %s do not pass (%s)", pkg, v))
	}
	base := time.Since(t0)
	if *timeout == 0 {
		*timeout = max(time.Minute, 4*base)
	}
	fmt.Fprintf(w, "# unmutated run: %.1fs; timeout %s\n", base.Seconds(), *timeout)

	counts := map[string]int{}
	path := filepath.Join(tree, rel)
	for _, i := range chosen {
		m := all[i]
		if err := os.WriteFile(path, m.apply(src), 0o644); err != nil {
			fail(err)
		}
		start := time.Now()
		verdict, first := r.judge(*timeout)
		counts[verdict]++
		line := fmt.Sprintf("%s %s %.1fs", m.describe(rel), verdict, time.Since(start).Seconds())
		if first != "" {
			line += " " + first
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

type runner struct {
	dir, pkg, run string
}

var failLine = regexp.MustCompile(`--- FAIL: (\S+)`)

// judge runs the package's tests and returns the verdict and, for a killed
// mutant, the first failing test.
func (r *runner) judge(timeout time.Duration) (string, string) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout+30*time.Second)
	defer cancel()
	var buf bytes.Buffer
	// No go build first: go test compiles the package anyway, with its
	// internal tests, and says [build failed] if it cannot. No vet, whose
	// complaints are no test's verdict; no DWARF, which only slows the link.
	cmd := r.command(ctx, "test", "-tags", "mutation", "-short", "-failfast", "-count=1", "-vet=off",
		"-ldflags=-s -w", "-timeout", timeout.String())
	if r.run != "" {
		cmd.Args = append(cmd.Args, "-run", r.run)
	}
	cmd.Args = append(cmd.Args, r.pkg)
	cmd.Stdout, cmd.Stderr = &buf, &buf
	err := cmd.Run()
	out := buf.Bytes()
	switch {
	case err == nil:
		return "LIVED", ""
	case ctx.Err() != nil, bytes.Contains(out, []byte("panic: test timed out")):
		return "TIMED_OUT", ""
	case bytes.Contains(out, []byte("[build failed]")), bytes.Contains(out, []byte("[setup failed]")):
		return "NOT_COMPILED", firstLine(out)
	}
	if m := failLine.FindSubmatch(out); m != nil {
		return "KILLED", string(m[1])
	}
	return "KILLED", firstLine(out)
}

// command is go with args, at the lowest priority, in the copy, in a process
// group of its own so that a timeout ends the test binary too.
func (r *runner) command(ctx context.Context, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, "nice", append([]string{"-n", "19", "go"}, args...)...)
	cmd.Dir = r.dir
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
