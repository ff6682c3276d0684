// Package treecheck keeps build outputs and bulky files out of the
// repository: every clone downloads every tracked file forever, so a
// committed binary (once a 23 MB server build) costs every user of the
// library. CI runs its test on every change.
package treecheck

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// MaxFileSize is the largest file the repository may track, in bytes. The
// largest records in lab/ are under 200 KB.
const MaxFileSize = 1 << 20

// elfMagic starts every ELF file: executables, shared objects, Go binaries
// and test binaries built on Linux.
var elfMagic = []byte{0x7f, 'E', 'L', 'F'}

// Check lists the files tracked by git in the work tree at root that are
// larger than MaxFileSize or are ELF binaries, one line each, such as
// "site/server: an ELF binary (23170612 bytes)".
func Check(root string) ([]string, error) {
	out, err := exec.Command("git", "-C", root, "ls-files", "-z").Output()
	if err != nil {
		return nil, fmt.Errorf("git ls-files in %s: %w", root, err)
	}
	var problems []string
	for _, name := range strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00") {
		if name == "" {
			continue
		}
		path := filepath.Join(root, name)
		info, err := os.Lstat(path)
		if err != nil || !info.Mode().IsRegular() {
			continue // deleted in the work tree, or a link
		}
		head := make([]byte, len(elfMagic))
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		n, _ := f.Read(head)
		f.Close()
		switch {
		case bytes.Equal(head[:n], elfMagic):
			problems = append(problems, fmt.Sprintf("%s: an ELF binary (%d bytes)", name, info.Size()))
		case info.Size() > MaxFileSize:
			problems = append(problems, fmt.Sprintf("%s: %d bytes, over %d", name, info.Size(), MaxFileSize))
		}
	}
	return problems, nil
}
