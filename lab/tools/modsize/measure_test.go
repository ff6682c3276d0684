package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRootModuleZip holds the root module to what an importer needs: under
// 1 MB uncompressed, and none of the lab's or the play site's files.
func TestRootModuleZip(t *testing.T) {
	z, err := measure("HEAD")
	require.NoError(t, err)
	t.Logf("root module: %d files, %d bytes uncompressed, %d zipped", len(z.Files), z.Uncompressed, z.Zipped)
	assert.Less(t, z.Uncompressed, uint64(1<<20), "the root module's zip, uncompressed")
	names := map[string]bool{}
	for _, f := range z.Files {
		names[f.Name] = true
		assert.False(t, strings.HasPrefix(f.Name, "lab/"), f.Name)
		assert.False(t, strings.HasPrefix(f.Name, "examples/server/"), f.Name)
	}
	for _, want := range []string{"go.mod", "LICENSE", "doushouqi.go", "movegen.go", "testdata/perft.txt"} {
		assert.True(t, names[want], "the zip holds %s", want)
	}
}
