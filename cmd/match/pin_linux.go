package main

import (
	"runtime"
	"syscall"
	"unsafe"
)

// cpuMask is the kernel's CPU set: bit i for CPU i.
type cpuMask [1024 / 64]uint64

// allowedCPUs returns the CPUs this process may run on, in order.
func allowedCPUs() ([]int, error) {
	var mask cpuMask
	_, _, errno := syscall.RawSyscall(syscall.SYS_SCHED_GETAFFINITY, 0, unsafe.Sizeof(mask), uintptr(unsafe.Pointer(&mask)))
	if errno != 0 {
		return nil, errno
	}
	var cpus []int
	for i := range len(mask) * 64 {
		if mask[i/64]&(1<<(i%64)) != 0 {
			cpus = append(cpus, i)
		}
	}
	return cpus, nil
}

// pinThread locks the calling goroutine to its thread for good and binds
// that thread to cpu: the in-process engines it runs search there, and the
// engine binaries it starts inherit the binding (a child process starts
// with the CPUs of the thread that forked it). The thread ends with the
// goroutine.
func pinThread(cpu int) error {
	runtime.LockOSThread()
	var mask cpuMask
	mask[cpu/64] |= 1 << (cpu % 64)
	_, _, errno := syscall.RawSyscall(syscall.SYS_SCHED_SETAFFINITY, 0, unsafe.Sizeof(mask), uintptr(unsafe.Pointer(&mask)))
	if errno != 0 {
		return errno
	}
	return nil
}
