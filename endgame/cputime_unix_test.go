//go:build unix

package endgame

import (
	"syscall"
	"time"
)

// cpuTime returns the CPU time, user and system, the process has used: on
// a shared machine it counts the work, where wall time counts the waiting.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
