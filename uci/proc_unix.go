//go:build unix

package uci

import (
	"os/exec"
	"syscall"
)

// ownGroup makes cmd start in a process group of its own, unless its
// SysProcAttr is already set, so that killGroup reaches the engine's
// children.
func ownGroup(cmd *exec.Cmd) {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	}
}

// killGroup kills the process group ownGroup gave the started cmd, if it
// gave it one.
func killGroup(cmd *exec.Cmd) {
	if cmd.Process == nil || cmd.SysProcAttr == nil || !cmd.SysProcAttr.Setpgid || cmd.SysProcAttr.Pgid != 0 {
		return
	}
	_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
}
