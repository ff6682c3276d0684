package httpapi

import (
	"io"
	"net"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// scanAll feeds text to a new scanner in pieces of size bytes and returns
// the offset of the first bad byte, or -1.
func scanAll(text string, size int) int {
	var s headScanner
	s.startHead()
	for i := 0; i < len(text); i += size {
		end := min(i+size, len(text))
		if at := s.feed([]byte(text[i:end])); at >= 0 {
			return i + at
		}
	}
	return -1
}

func TestHeadScanner(t *testing.T) {
	t.Parallel()
	post := "POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 7\r\n\r\n"
	twice := "POST / HTTP/1.1\r\nContent-Length: 1\r\ncontent-length:  1 \r\n\r\n"
	for _, tc := range []struct {
		name string
		text string
		bad  int // offset of the bad byte, -1 for none
	}{
		{"a head", "GET / HTTP/1.1\r\nHost: x\r\n\r\n", -1},
		{"pipelined", strings.Repeat("GET / HTTP/1.1\r\nHost: x\r\n\r\n", 3), -1},
		{"a body that looks like a bad head", post + "a\nb\r\n c" + "GET / HTTP/1.1\r\n\r\n", -1},
		{"a bad head after a body", post + "a\nb\r\n c" + "GET / HTTP/1.1\n", len(post) + 7 + 14},
		{"spaces in a value", "GET / HTTP/1.1\r\nX-A: a  b\t c\r\n\r\n", -1},
		{"a folded line", "GET / HTTP/1.1\r\nX-A: a\r\n b\r\n\r\n", 24},
		{"a folded line with a tab", "GET / HTTP/1.1\r\nX-A: a\r\n\tb\r\n\r\n", 24},
		{"a request line after blanks", " GET / HTTP/1.1\r\n\r\n", 0},
		{"a bare LF in the request line", "GET / HTTP/1.1\nHost: x\r\n\r\n", 14},
		{"a bare LF ending the head", "GET / HTTP/1.1\r\nHost: x\r\n\n", 25},
		{"a second length alike", twice + "xGET / HTTP/1.1\n", len(twice) + 1 + 14},
		// What net/http refuses and closes on itself: the scanner stops.
		{"chunked", "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\nGET / HTTP/1.1\n", -1},
		{"lengths that differ", "POST / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nxx\n", -1},
		{"a length that is no number", "POST / HTTP/1.1\r\nContent-Length: x\r\n\r\n\n", -1},
		{"a bare CR", "GET / HTTP/1.1\r\nHost: x\rY: z\n", -1},
		{"an empty request line", "\r\nGET / HTTP/1.1\n", -1},
	} {
		for _, size := range []int{1, 2, 7, 4096} {
			assert.Equal(t, tc.bad, scanAll(tc.text, size), "%s, in pieces of %d", tc.name, size)
		}
	}
}

// TestFramingConnHandsOverRefusedHead: at a bad byte, the reader gets what
// came before it, then a head net/http refuses, then the end, even when it
// reads a byte at a time.
func TestFramingConnHandsOverRefusedHead(t *testing.T) {
	t.Parallel()
	server, client := net.Pipe()
	defer server.Close()
	go func() {
		io.WriteString(client, "GET / HTTP/1.1\r\nX-A: a\r\n b\r\n\r\nGET /next HTTP/1.1\r\n\r\n")
		client.Close()
	}()
	c := &framingConn{Conn: server}
	c.scan.startHead()
	var got []byte
	b := make([]byte, 1)
	for {
		n, err := c.Read(b)
		got = append(got, b[:n]...)
		if err != nil {
			require.ErrorIs(t, err, io.EOF)
			break
		}
	}
	assert.Equal(t, "GET / HTTP/1.1\r\nX-A: a\r\n"+refusedHead, string(got))
}
