//go:build !linux

package main

import (
	"errors"
	"runtime"
)

var errNoPinning = errors.New("pinning games to CPUs needs Linux")

// allowedCPUs returns the CPUs this process may run on, as far as it can
// know without Linux's affinity calls: 0..NumCPU-1.
func allowedCPUs() ([]int, error) {
	cpus := make([]int, runtime.NumCPU())
	for i := range cpus {
		cpus[i] = i
	}
	return cpus, nil
}

// pinThread refuses: pinning needs Linux.
func pinThread(int) error { return errNoPinning }
