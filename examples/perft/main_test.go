package main

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func runPerft(args ...string) (code int, stdout, stderr string) {
	var out, errOut bytes.Buffer
	code = run(args, &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestDepthLines(t *testing.T) {
	code, out, errOut := runPerft("-depth", "4")
	require.Equal(t, 0, code, errOut)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.Len(t, lines, 4)
	for i, want := range []string{"1 24", "2 576", "3 12240", "4 260099"} {
		f := strings.Fields(lines[i])
		require.Len(t, f, 5, lines[i])
		assert.Equal(t, want, f[0]+" "+f[1])
		assert.Equal(t, "nodes/s", f[4])
	}
}

func TestDivide(t *testing.T) {
	code, out, _ := runPerft("-fen", "l6/7/7/7/7/7/1L5/7/7 r 0 1", "-depth", "2", "-divide")
	require.Equal(t, 0, code)
	assert.Equal(t, "b3a3 2\nb3b2 2\nb3b7 2\nb3c3 2\ntotal 8\n", out)
}

func TestBadInput(t *testing.T) {
	for _, args := range [][]string{
		{"-fen", "nonsense"},
		{"-fen", "l5t/1d3c1/r1p1w1e/7/1D5/7/E1W1P1R/1C5/T5L r 0 1"},
		{"-depth", "0"},
		{"-depth", "x"},
		{"-depth", "99"},
		{"-nosuchflag"},
		{"-threads", "0"},
		{"-hash", "-1"},
		{"extra"},
	} {
		code, out, errOut := runPerft(args...)
		assert.Equal(t, 2, code, "%v", args)
		assert.Empty(t, out, "%v", args)
		assert.Equal(t, 1, strings.Count(errOut, "\n"), "one line on stderr for %v: %q", args, errOut)
		assert.True(t, strings.HasPrefix(errOut, "perft: "), errOut)
	}
}

func TestRuleFlags(t *testing.T) {
	code, out, errOut := runPerft("-move-limit", "5", "-depth", "7", "-divide")
	require.Equal(t, 0, code, errOut)
	assert.True(t, strings.HasSuffix(out, "total 47242\n"), out) // testdata/variants.txt, start-limit-5
	code, out, _ = runPerft("-fen", "l6/7/7/3w3/3D3/7/7/7/L6 r 0 1", "-swap-dog-wolf", "-depth", "1", "-divide")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "d5d6 1\n", "the dog takes the wolf")
	code, out, _ = runPerft("-fen", "7/3E3/3w3/7/7/7/7/7/T6 r 0 1", "-trapped-capture", "-depth", "1", "-divide")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "d8d7 1\n", "the trapped elephant takes the wolf")
	code, _, errOut = runPerft("-move-limit", "-7")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "invalid rules")
}

// TestHelp: the usage line and the command's doc comment name every flag
// that -h lists.
func TestHelp(t *testing.T) {
	code, out, _ := runPerft("-h")
	assert.Equal(t, 0, code)
	lines := strings.Split(out, "\n")
	usage := lines[0]
	assert.True(t, strings.HasPrefix(usage, "usage: perft "), usage)
	src, err := os.ReadFile("main.go")
	require.NoError(t, err)
	doc, _, _ := strings.Cut(string(src), "package main")
	var names []string
	for _, line := range lines[1:] {
		if rest, ok := strings.CutPrefix(line, "  -"); ok {
			name, _, _ := strings.Cut(rest, " ")
			names = append(names, strings.TrimSpace(name))
		}
	}
	require.Len(t, names, 10)
	for _, name := range names {
		assert.Contains(t, usage, "[-"+name, "the usage line names -%s", name)
		assert.Contains(t, doc, "[-"+name, "the doc comment names -%s", name)
	}
}

func TestFlagsGiveSameCounts(t *testing.T) {
	want := "1 24\n2 576\n3 12240\n4 260099\n"
	for _, args := range [][]string{
		{"-threads", "1"},
		{"-threads", "2"},
		{"-leaves"},
		{"-hash", "4"},
		{"-hash", "4", "-leaves", "-threads", "3"},
	} {
		code, out, errOut := runPerft(append(args, "-depth", "4")...)
		require.Equal(t, 0, code, errOut)
		var got strings.Builder
		for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
			f := strings.Fields(line)
			got.WriteString(f[0] + " " + f[1] + "\n")
		}
		assert.Equal(t, want, got.String(), "%v", args)
	}
}
