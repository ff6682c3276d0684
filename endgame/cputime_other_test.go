//go:build !unix

package endgame

import "time"

// cpuTime is not measured on this system: the benchmarks report 0.
func cpuTime() time.Duration { return 0 }
