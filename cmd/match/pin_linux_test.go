package main

import (
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPinnedWorkerPinsItsEngines: a pinned thread's child process, as an
// engine binary started by a pinned worker, runs on the worker's CPU only.
func TestPinnedWorkerPinsItsEngines(t *testing.T) {
	cpus, err := allowedCPUs()
	require.NoError(t, err)
	require.NotEmpty(t, cpus)
	cpu := cpus[len(cpus)-1]
	type result struct {
		allowed string
		err     error
	}
	done := make(chan result)
	go func() {
		if err := pinThread(cpu); err != nil {
			done <- result{err: err}
			return
		}
		cmd := exec.Command("sleep", "5")
		if err := cmd.Start(); err != nil {
			done <- result{err: err}
			return
		}
		defer func() { _ = cmd.Process.Kill(); _ = cmd.Wait() }()
		status, err := os.ReadFile("/proc/" + strconv.Itoa(cmd.Process.Pid) + "/status")
		for line := range strings.SplitSeq(string(status), "\n") {
			if v, ok := strings.CutPrefix(line, "Cpus_allowed_list:"); ok {
				done <- result{allowed: strings.TrimSpace(v), err: err}
				return
			}
		}
		done <- result{err: err}
	}()
	r := <-done
	require.NoError(t, r.err)
	assert.Equal(t, strconv.Itoa(cpu), r.allowed)
	// The test's own thread, not the pinned one, keeps every CPU.
	after, err := allowedCPUs()
	require.NoError(t, err)
	assert.Equal(t, cpus, after)
}
