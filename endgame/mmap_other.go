//go:build !unix

package endgame

import "os"

// mapFile reports that this system has no mapping here: ReadFile reads the
// entries into the heap instead.
func mapFile(f *os.File, size int) (b []byte, mapped bool, err error) { return nil, false, nil }

// unmapFile is never called on this system (mapFile maps nothing).
func unmapFile(b []byte) error { return nil }
