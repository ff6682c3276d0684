//go:build unix

package uci_test

import (
	"context"
	"errors"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/doushouqi/doushouqi/uci"
)

// Close's kill reaches the children of an engine that does not quit: on
// unix Start runs the engine in a process group of its own, and Close
// kills the group.
func TestCloseKillsTheChildrenOfAnEngineThatDoesNotQuit(t *testing.T) {
	e, pidFile := startProcess(t, "hangs", "sleep 30 &", uci.Config{Quit: 200 * time.Millisecond})
	require.NoError(t, e.Ready(context.Background()))
	text, err := os.ReadFile(pidFile)
	require.NoError(t, err)
	pid, err := strconv.Atoi(strings.TrimSpace(string(text)))
	require.NoError(t, err)
	require.True(t, alive(pid), "the child runs")
	_ = e.Close()
	assert.Eventually(t, func() bool { return !alive(pid) }, 10*time.Second, 20*time.Millisecond, "the child was killed")
}

// alive reports whether process pid exists and is not a zombie (an orphan
// waiting to be reaped by init).
func alive(pid int) bool {
	if errors.Is(syscall.Kill(pid, 0), syscall.ESRCH) {
		return false
	}
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return !os.IsNotExist(err) // no /proc: trust kill
	}
	// The state follows the command's closing parenthesis.
	s := string(stat)
	if i := strings.LastIndexByte(s, ')'); i >= 0 && i+2 < len(s) {
		return s[i+2] != 'Z'
	}
	return true
}
