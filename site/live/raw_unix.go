//go:build unix

package live

import (
	"errors"
	"net"
	"syscall"
)

// rawConn does non-blocking system calls on a socket: the runtime's poller
// is never asked to wait, so no goroutine is parked per stream.
type rawConn struct{ c syscall.RawConn }

// rawOf returns conn's socket, or nil when conn is not one (TLS, a pipe).
// A conn that wraps a socket may say so with a NetConn method.
func rawOf(conn net.Conn) *rawConn {
	for {
		if sc, ok := conn.(syscall.Conn); ok {
			if rc, err := sc.SyscallConn(); err == nil {
				return &rawConn{rc}
			}
			return nil
		}
		u, ok := conn.(interface{ NetConn() net.Conn })
		if !ok {
			return nil
		}
		conn = u.NetConn()
	}
}

// writeNow writes p if the socket takes all of it at once.
func (r *rawConn) writeNow(p []byte) bool {
	var n int
	var werr error
	err := r.c.Write(func(fd uintptr) bool {
		for {
			n, werr = syscall.Write(int(fd), p)
			if !errors.Is(werr, syscall.EINTR) {
				return true // done: never wait for room
			}
		}
	})
	return err == nil && werr == nil && n == len(p)
}

// readable reads what the client sent, if anything, and reports whether
// its end is still open.
func (r *rawConn) readable(buf []byte) bool {
	var n int
	var rerr error
	err := r.c.Read(func(fd uintptr) bool {
		for {
			n, rerr = syscall.Read(int(fd), buf)
			if !errors.Is(rerr, syscall.EINTR) {
				return true
			}
		}
	})
	switch {
	case err != nil:
		return false
	case errors.Is(rerr, syscall.EAGAIN):
		return true // nothing to read: open
	case rerr != nil:
		return false // reset
	}
	return n > 0 // 0: the client closed its end
}
