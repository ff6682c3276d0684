// Command byhand applies, one at a time, the mutants that gremlins reports as
// NOT COVERED, runs the tests on each, and says which the tests kill.
//
// Gremlins decides coverage from Go's cover profile, and the expressions of a
// switch's case clauses belong to no counted block, so their mutants are
// reported NOT COVERED although the tests run them. This command gives them
// a verdict. It edits the files of the tree it runs in and puts each back
// afterwards: run it in a copy (git worktree), not beside a gremlins run.
//
//	go -C lab build -o /tmp/byhand ./mutation/byhand && /tmp/byhand [-tags mutation] [-pkg ./search] REPORT...
//
// run from the repository root (it runs go test there).
//
// REPORT is a gremlins output file (lab/mutation/rules-*.txt, search.txt).
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"
)

var line = regexp.MustCompile(`NOT COVERED (\w+) at (\S+):(\d+):(\d+)`)

type mutant struct {
	kind      string
	file      string
	line, col int
}

func main() {
	tags := flag.String("tags", "", "build tags for go test")
	pkg := flag.String("pkg", ".", "the package whose tests judge the mutants")
	timeout := flag.Duration("timeout", 3*time.Minute, "a test run longer than this is a timed-out mutant")
	flag.Parse()
	var mutants []mutant
	for _, report := range flag.Args() {
		f, err := os.Open(report)
		if err != nil {
			fail(err)
		}
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			if m := line.FindStringSubmatch(sc.Text()); m != nil {
				l, _ := strconv.Atoi(m[3])
				c, _ := strconv.Atoi(m[4])
				mutants = append(mutants, mutant{m[1], m[2], l, c})
			}
		}
		f.Close()
	}
	killed, lived, other := 0, 0, 0
	for _, m := range mutants {
		verdict := run(m, *tags, *pkg, *timeout)
		switch verdict {
		case "KILLED":
			killed++
		case "LIVED":
			lived++
		default:
			other++
		}
		fmt.Printf("%12s %s at %s:%d:%d\n", verdict, m.kind, m.file, m.line, m.col)
	}
	fmt.Printf("by hand: killed %d, lived %d, other %d\n", killed, lived, other)
}

func run(m mutant, tags, pkg string, timeout time.Duration) string {
	// gremlins names a file from the module root, or from the package's
	// directory when it was run on one package.
	path := filepath.Clean(m.file)
	orig, err := os.ReadFile(path)
	if err != nil {
		path = filepath.Join(pkg, m.file)
		if orig, err = os.ReadFile(path); err != nil {
			return "NO FILE"
		}
	}
	mutated, ok := mutate(orig, m)
	if !ok {
		return "NOT APPLIED"
	}
	if err := os.WriteFile(path, mutated, 0o644); err != nil {
		fail(err)
	}
	defer func() {
		if err := os.WriteFile(path, orig, 0o644); err != nil {
			fail(err)
		}
	}()
	args := []string{"test", "-count=1", "-timeout", timeout.String()}
	if tags != "" {
		args = append(args, "-tags", tags)
	}
	cmd := exec.Command("go", append(args, pkg)...)
	out, err := cmd.CombinedOutput()
	switch {
	case err == nil:
		return "LIVED"
	case bytes.Contains(out, []byte("panic: test timed out")):
		return "TIMED OUT"
	case bytes.Contains(out, []byte("[build failed]")), bytes.Contains(out, []byte("[setup failed]")):
		return "NOT VIABLE"
	}
	return "KILLED"
}

// mutate applies m's kind of mutation to the operator at its line and column
// (1-based, in bytes, as gremlins reports them).
func mutate(src []byte, m mutant) ([]byte, bool) {
	lines := bytes.SplitAfter(src, []byte("\n"))
	if m.line < 1 || m.line > len(lines) {
		return nil, false
	}
	l := string(lines[m.line-1])
	i := m.col - 1
	if i < 0 || i >= len(l) {
		return nil, false
	}
	rest := l[i:]
	var swaps [][2]string
	switch m.kind {
	case "CONDITIONALS_NEGATION":
		swaps = [][2]string{{"==", "!="}, {"!=", "=="}, {"<=", ">"}, {">=", "<"}, {"<", ">="}, {">", "<="}}
	case "CONDITIONALS_BOUNDARY":
		swaps = [][2]string{{"<=", "<"}, {">=", ">"}, {"<", "<="}, {">", ">="}}
	case "ARITHMETIC_BASE":
		swaps = [][2]string{{"+", "-"}, {"-", "+"}, {"*", "/"}, {"/", "*"}, {"%", "*"}}
	case "INCREMENT_DECREMENT":
		swaps = [][2]string{{"++", "--"}, {"--", "++"}}
	case "INVERT_NEGATIVES":
		swaps = [][2]string{{"-", "+"}}
	}
	for _, s := range swaps {
		if strings.HasPrefix(rest, s[0]) {
			l = l[:i] + s[1] + rest[len(s[0]):]
			lines[m.line-1] = []byte(l)
			return bytes.Join(lines, nil), true
		}
	}
	return nil, false
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "byhand:", err)
	os.Exit(1)
}
