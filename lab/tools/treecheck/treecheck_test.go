package treecheck

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRepositoryTracksNoBinaryOrBulkyFile(t *testing.T) {
	root, err := filepath.Abs("../../..")
	require.NoError(t, err)
	problems, err := Check(root)
	require.NoError(t, err)
	assert.Empty(t, problems, "git rm these and add their pattern to .gitignore")
}

func TestCheckFindsBinariesAndBulkyFiles(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	dir := t.TempDir()
	write := func(name string, data []byte) {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), data, 0o755))
	}
	write("server", append([]byte{0x7f, 'E', 'L', 'F', 2, 1, 1}, make([]byte, 100)...))
	write("big.txt", make([]byte, MaxFileSize+1))
	write("limit.txt", make([]byte, MaxFileSize))
	write("small.go", []byte("package x\n"))
	write("untracked.bin", append([]byte{0x7f, 'E', 'L', 'F'}, make([]byte, MaxFileSize)...))
	for _, args := range [][]string{{"init", "-q"}, {"add", "server", "big.txt", "limit.txt", "small.go"}} {
		out, err := exec.Command("git", append([]string{"-C", dir}, args...)...).CombinedOutput()
		require.NoError(t, err, "%s", out)
	}
	problems, err := Check(dir)
	require.NoError(t, err)
	assert.Equal(t, []string{
		"big.txt: 1048577 bytes, over 1048576",
		"server: an ELF binary (107 bytes)",
	}, problems)
}
