//go:build !unix

package live

import "net"

// rawConn is the non-blocking socket of raw_unix.go; elsewhere streams are
// written with a short deadline instead.
type rawConn struct{}

func rawOf(net.Conn) *rawConn { return nil }

func (*rawConn) writeNow([]byte) bool { return false }

func (*rawConn) readable([]byte) bool { return true }
