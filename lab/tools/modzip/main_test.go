package main

import (
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestUnpacksTheModuleAsDownloaded: the zip of HEAD unpacks into an empty
// directory with the module's go.mod and packages, and none of the
// nested modules.
func TestUnpacksTheModuleAsDownloaded(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "module")
	zipFile := filepath.Join(t.TempDir(), "module.zip")
	require.NoError(t, run(io.Discard, "HEAD", dir, zipFile))
	for _, want := range []string{"go.mod", "go.sum", "doushouqi.go", "uci/engine.go", "search/search.go"} {
		assert.FileExists(t, filepath.Join(dir, want))
	}
	for _, nested := range []string{"cmd", "examples", "lab", "site"} {
		assert.NoDirExists(t, filepath.Join(dir, nested))
	}
	info, err := os.Stat(zipFile)
	require.NoError(t, err)
	assert.Positive(t, info.Size())

	// A directory that is not empty is refused.
	assert.Error(t, run(io.Discard, "HEAD", dir, ""))
	assert.Error(t, run(io.Discard, "HEAD", "", ""), "nothing to do")
}
