// Package docs checks the documentation of the root module: every Go snippet
// in README.md and docs/*.md must compile against the library as it is, so
// that none can rot.
package docs

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// snippet is one ```go block of a Markdown file.
type snippet struct {
	file string // relative to the repository root
	line int    // of the block's first line of code
	code string
}

// snippets returns the ```go blocks of a Markdown file.
func snippets(root, rel string) ([]snippet, error) {
	f, err := os.Open(filepath.Join(root, rel))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []snippet
	var cur *snippet
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case cur == nil && strings.TrimSpace(line) == "```go":
			cur = &snippet{file: rel, line: n + 1}
		case cur != nil && strings.TrimSpace(line) == "```":
			out = append(out, *cur)
			cur = nil
		case cur != nil:
			cur.code += line + "\n"
		}
	}
	if cur != nil {
		return nil, fmt.Errorf("%s:%d: a ```go block is never closed", rel, cur.line)
	}
	return out, sc.Err()
}

// preamble is what a fragment may use without importing it: each package
// with one of its names, so that an import the fragment does not use still
// compiles.
var preamble = map[string]string{
	`"context"`:                            "context.Background",
	`"encoding/json"`:                      "json.Marshal",
	`"errors"`:                             "errors.Is",
	`"fmt"`:                                "fmt.Sprint",
	`"os"`:                                 "os.Exit",
	`"time"`:                               "time.Second",
	`dsq "github.com/doushouqi/doushouqi"`: "dsq.StartPosition",
	`"github.com/doushouqi/doushouqi/search"`:  "search.NewEngine",
	`"github.com/doushouqi/doushouqi/endgame"`: "endgame.ParseMaterial",
}

var importLine = regexp.MustCompile(`^import\s+(.+)$`)

// program turns a snippet into a main package: a snippet that starts with
// `package` is a whole file; otherwise its import lines join the preamble's
// and the rest is the body of main.
func program(s snippet) string {
	if strings.HasPrefix(strings.TrimSpace(s.code), "package ") {
		return s.code
	}
	imports := map[string]string{}
	for k, v := range preamble {
		imports[k] = v
	}
	var body strings.Builder
	for _, line := range strings.Split(strings.TrimRight(s.code, "\n"), "\n") {
		if m := importLine.FindStringSubmatch(strings.TrimSpace(line)); m != nil {
			imports[m[1]] = ""
			continue
		}
		body.WriteString(line + "\n")
	}
	keys := make([]string, 0, len(imports))
	for k := range imports {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	b.WriteString("package main\n\nimport (\n")
	for _, k := range keys {
		b.WriteString("\t" + k + "\n")
	}
	b.WriteString(")\n\n")
	for _, k := range keys {
		if use := imports[k]; use != "" {
			b.WriteString("var _ = " + use + "\n")
		}
	}
	fmt.Fprintf(&b, "\nfunc main() {\n//line %s:%d\n%s}\n", s.file, s.line, body.String())
	return b.String()
}

// TestSnippetsCompile builds every Go snippet of README.md and docs/*.md,
// each as a program of its own, against the root module in this checkout.
func TestSnippetsCompile(t *testing.T) {
	if testing.Short() {
		t.Skip("builds every snippet with the go command")
	}
	root, err := filepath.Abs("../../..")
	require.NoError(t, err)
	files := []string{"README.md"}
	docs, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	require.NoError(t, err)
	for _, d := range docs {
		rel, _ := filepath.Rel(root, d)
		files = append(files, rel)
	}
	dir := t.TempDir()
	gomod := "module snippets\n\ngo 1.24\n\nrequire github.com/doushouqi/doushouqi v0.0.0\n\nreplace github.com/doushouqi/doushouqi => " + root + "\n"
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte(gomod), 0o644))
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644))
	count := 0
	for _, f := range files {
		list, err := snippets(root, f)
		require.NoError(t, err)
		for _, s := range list {
			count++
			pkg := filepath.Join(dir, fmt.Sprintf("s%03d", count))
			require.NoError(t, os.Mkdir(pkg, 0o755))
			require.NoError(t, os.WriteFile(filepath.Join(pkg, "main.go"), []byte(program(s)), 0o644))
		}
	}
	require.NotZero(t, count, "the README has Go snippets")
	cmd := exec.Command("go", "build", "-o", os.DevNull, "./...")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "a snippet does not compile:\n%s", out)
	t.Logf("%d snippets compiled", count)
}

// TestProgram checks the wrapping on a fragment with an import of its own.
func TestProgram(t *testing.T) {
	got := program(snippet{file: "x.md", line: 3, code: "import \"strings\"\nfmt.Println(strings.ToUpper(\"a\"))\n"})
	require.Contains(t, got, "\t\"strings\"\n")
	require.Contains(t, got, "//line x.md:3\nfmt.Println(strings.ToUpper(\"a\"))\n}")
	require.NotContains(t, got, "var _ = \n")
}
