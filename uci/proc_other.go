//go:build !unix

package uci

import "os/exec"

// ownGroup does nothing where there are no process groups.
func ownGroup(*exec.Cmd) {}

// killGroup does nothing where there are no process groups: Close kills
// the engine's process alone.
func killGroup(*exec.Cmd) {}
