package httpapi

import (
	"bytes"
	"io"
	"net"
	"strconv"
)

// framingConn refuses, at the connection, the request heads that net/http
// accepts but a proxy in front of the server may read differently, the
// stuff of request smuggling: a header line folded onto the one before
// (obs-fold, RFC 9112 5.2) and a line ended by a bare LF (RFC 9112 2.2).
// net/http joins the first and takes the second as CRLF; this server
// answers such a request 400 and closes the connection, so that no request
// that follows on it is read. (A body framed by Transfer-Encoding, with or
// without a Content-Length, is refused by the middleware, which closes the
// connection too.)
//
// It reads the bytes net/http reads and follows the framing as net/http
// does: a head up to its empty line, then Content-Length bytes of body,
// then the next head. At a bad byte it hands net/http, instead of the rest
// of the connection, a NUL and the end of a head, which net/http refuses
// with 400 Bad Request and Connection: close. When the framing is one this
// reader does not follow (Transfer-Encoding, a missing or doubtful length),
// net/http refuses the request and closes the connection itself, so the
// reader stops looking.
type framingConn struct {
	net.Conn
	scan headScanner
	// refused holds what is left to hand over once a bad head was found;
	// after it, reads end.
	refused []byte
	bad     bool
}

// refusedHead is what net/http reads in place of a bad head's rest: a NUL
// is no valid byte anywhere in a head, so net/http answers 400 and closes.
const refusedHead = "\x00\r\n\r\n"

func (c *framingConn) Read(p []byte) (int, error) {
	if c.bad {
		if len(c.refused) == 0 {
			return 0, io.EOF
		}
		n := copy(p, c.refused)
		c.refused = c.refused[n:]
		return n, nil
	}
	n, err := c.Conn.Read(p)
	if i := c.scan.feed(p[:n]); i >= 0 {
		c.bad = true
		c.refused = []byte(refusedHead)
		m := copy(p[i:n], c.refused)
		c.refused = c.refused[m:]
		return i + m, nil
	}
	return n, err
}

// NetConn returns the connection underneath (for the live hub's
// non-blocking writes).
func (c *framingConn) NetConn() net.Conn { return c.Conn }

// stopScanning is called when net/http hands the connection over (an
// event stream): what the client sends then is no request.
func (c *framingConn) stopScanning() { c.scan.state = scanOff }

// Scanner states.
const (
	scanHead = iota // in a request's head
	scanBody        // in a body of known length
	scanOff         // not following the framing any more
)

// headScanner follows the framing of HTTP/1 requests byte by byte.
type headScanner struct {
	state   int
	line    int   // lines of the current head ended so far
	col     int   // bytes in the current line (without CR)
	cr      bool  // the last byte was a CR
	body    int64 // bytes of body left (scanBody)
	length  int64 // the head's Content-Length, -1 for none
	chunked bool  // the head has a Transfer-Encoding
	doubt   bool  // the head's length cannot be followed
	name    []byte
}

// lineKeep is how much of a header line the scanner keeps: enough for the
// names and a Content-Length's value.
const lineKeep = 64

// feed scans p and returns the offset of the first byte of a bad head, or
// -1.
func (s *headScanner) feed(p []byte) int {
	for i := 0; i < len(p); i++ {
		switch s.state {
		case scanOff:
			return -1
		case scanBody:
			k := int64(len(p) - i)
			if k > s.body {
				k = s.body
			}
			s.body -= k
			i += int(k) - 1
			if s.body == 0 {
				s.startHead()
			}
			continue
		}
		b := p[i]
		switch {
		case b == '\n':
			if !s.cr {
				return i // a bare LF
			}
			s.cr = false
			if s.col == 0 {
				s.endHead()
				continue
			}
			s.endLine()
		case b == '\r':
			s.cr = true
		case s.cr:
			// A CR inside a line: net/http refuses the head itself.
			s.state = scanOff
			return -1
		case (b == ' ' || b == '\t') && s.col == 0:
			return i // a folded line, or a request line that starts with blanks
		default:
			if len(s.name) < lineKeep {
				s.name = append(s.name, b)
			}
			s.col++
		}
	}
	return -1
}

func (s *headScanner) startHead() {
	*s = headScanner{state: scanHead, length: -1, name: s.name[:0]}
}

// endLine reads what the scanner needs of a header line ended.
func (s *headScanner) endLine() {
	if s.line > 0 {
		name, value, ok := bytes.Cut(s.name, []byte(":"))
		switch {
		case !ok:
		case bytes.EqualFold(name, []byte("Transfer-Encoding")):
			s.chunked = true
		case bytes.EqualFold(name, []byte("Content-Length")):
			n, err := strconv.ParseInt(string(bytes.Trim(value, " \t")), 10, 64)
			if err != nil || n < 0 || s.col > lineKeep || (s.length >= 0 && s.length != n) {
				s.doubt = true
			}
			s.length = n
		}
	}
	s.line++
	s.col = 0
	s.name = s.name[:0]
}

// endHead moves past a head's empty line to its body.
func (s *headScanner) endHead() {
	switch {
	case s.line == 0 || s.chunked || s.doubt:
		// No request line (net/http refuses it), or a framing net/http
		// or the middleware refuse and close on.
		s.state = scanOff
	case s.length > 0:
		s.state, s.body = scanBody, s.length
	default:
		s.startHead()
	}
}
