//go:build unix

package endgame

import (
	"os"
	"syscall"
)

// mapFile maps the first size bytes of f read-only and shared: the pages are
// the kernel's page cache, read on first touch and shared by every process
// that maps the same file. mapped is true on success; the mapping outlives f
// and is released by unmapFile.
func mapFile(f *os.File, size int) (b []byte, mapped bool, err error) {
	b, err = syscall.Mmap(int(f.Fd()), 0, size, syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil, false, err
	}
	return b, true, nil
}

// unmapFile releases a mapping made by mapFile.
func unmapFile(b []byte) error { return syscall.Munmap(b) }
