package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRootModuleZip holds the root module to what an importer needs: the
// library, its tests, the test data those tests read, and the
// documentation; none of the lab's records, the commands under cmd/ and examples/
// (modules of their own) or the play site's files. Every file must be of one of those kinds, so that a match
// log, a patch, a report or a binary put in the wrong place fails here,
// whatever its size. The size bound is a backstop: the module held 1.28 MB
// when the record, svg and uci packages had been added.
func TestRootModuleZip(t *testing.T) {
	z, err := measure("HEAD")
	require.NoError(t, err)
	t.Logf("root module: %d files, %d bytes uncompressed, %d zipped", len(z.Files), z.Uncompressed, z.Zipped)
	assert.Less(t, z.Uncompressed, uint64(1536<<10), "the root module's zip, uncompressed")
	names := map[string]bool{}
	for _, f := range z.Files {
		names[f.Name] = true
		assert.False(t, strings.HasPrefix(f.Name, "lab/"), f.Name)
		for _, nested := range []string{"examples/", "cmd/", "site/"} {
			assert.False(t, strings.HasPrefix(f.Name, nested), f.Name)
		}
		assert.True(t, belongs(f.Name), "%s is not library code, a test, test data or documentation", f.Name)
	}
	for _, want := range []string{"go.mod", "LICENSE", "doushouqi.go", "movegen.go", "testdata/perft.txt"} {
		assert.True(t, names[want], "the zip holds %s", want)
	}
}

// belongs reports whether a file of the root module is of a kind the module
// may hold: Go code and its module files, test data, the documentation and
// the repository's own files (licence, CI script, ignore list).
func belongs(name string) bool {
	switch {
	case strings.HasSuffix(name, ".go"):
		return true
	case strings.HasPrefix(name, "testdata/") || strings.Contains(name, "/testdata/"):
		return true
	case !strings.Contains(name, "/") && strings.HasSuffix(name, ".md"):
		return true
	case strings.HasPrefix(name, "docs/") && (strings.HasSuffix(name, ".md") || strings.HasSuffix(name, ".svg")):
		return true
	case strings.HasPrefix(name, ".github/workflows/") && strings.HasSuffix(name, ".yml"):
		return true // the forge's call of .ci/run
	}
	switch name {
	case "go.mod", "go.sum", "LICENSE", ".gitignore", ".ci/run":
		return true
	}
	return false
}

func TestBelongs(t *testing.T) {
	for _, name := range []string{"go.mod", "movegen.go", "search/search.go", "testdata/perft.txt", "svg/testdata/a.svg", "README.md", "docs/ai.md", "docs/img/start.svg", ".ci/run", ".github/workflows/ci.yml"} {
		assert.True(t, belongs(name), name)
	}
	for _, name := range []string{"match-results.txt", "cmd/match/results/d1.txt", "patches/v1.diff", "docs/run.txt", "perft", "cpu.prof", "bench.txt"} {
		assert.False(t, belongs(name), name)
	}
}
