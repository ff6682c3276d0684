package main

import (
	"bufio"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// openStream opens game id's event stream from source address src, reads
// the answer's head and the first event, and returns the connection, left
// open and unread, and the status.
func openStream(site *url.URL, src net.IP, id string) (net.Conn, int, error) {
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: src}, Timeout: 10 * time.Second}
	conn, err := d.Dial("tcp", site.Host)
	if err != nil {
		return nil, 0, err
	}
	fmt.Fprintf(conn, "GET /api/games/%s/events HTTP/1.1\r\nHost: %s\r\nAccept: text/event-stream\r\n\r\n", id, site.Host)
	conn.SetReadDeadline(time.Now().Add(20 * time.Second))
	br := bufio.NewReaderSize(conn, 4096)
	res, err := http.ReadResponse(br, nil)
	if err != nil {
		conn.Close()
		return nil, 0, err
	}
	if res.StatusCode != http.StatusOK {
		conn.Close()
		return nil, res.StatusCode, nil
	}
	for { // up to the end of the first event
		line, err := br.ReadString('\n')
		if err != nil {
			conn.Close()
			return nil, 0, err
		}
		if line == "\n" {
			break
		}
	}
	conn.SetReadDeadline(time.Time{})
	return conn, http.StatusOK, nil
}

// sourceAddr is the i-th loopback source address, 127.1.0.1 on.
func sourceAddr(i int) net.IP {
	i++
	return net.IPv4(127, byte(1+i>>16), byte(i>>8), byte(i))
}

// BenchmarkRSSStreams: the server's resident memory per open event stream.
// The server runs in its own process; $DSQ_BENCH_STREAMS streams (10,000
// by default) are opened on 100 games, 10 from each of many 127.x.y.z
// source addresses (the per-address cap is 16), and held open; the
// figure is the growth of the server's RSS over a warm baseline, divided by
// the streams. Both processes need that many descriptors (ulimit -n). Run
// with -benchtime 1x.
func BenchmarkRSSStreams(b *testing.B) {
	n := 10_000
	if v := os.Getenv("DSQ_BENCH_STREAMS"); v != "" {
		var err error
		n, err = strconv.Atoi(v)
		require.NoError(b, err)
	}
	const perAddr, games = 10, 100
	bin := buildServer(b)
	c, cmd := startBinary(b, bin, filepath.Join(b.TempDir(), "dsq.db"), "-create-limit", "1000000",
		"-watchers", strconv.Itoa(n+1000), "-max-conns", strconv.Itoa(n+1000))
	site, err := url.Parse(c.URL)
	require.NoError(b, err)
	ids := make([]string, games)
	invites := make([]string, games)
	for i := range ids {
		g := c.Create(`{"mode":"online"}`)
		ids[i], invites[i] = g.ID, g.JoinBody()
	}

	open := func(count, first int) []net.Conn {
		conns := make([]net.Conn, count)
		var wg sync.WaitGroup
		var mu sync.Mutex
		var failed []string
		next := make(chan int)
		for range 32 {
			wg.Go(func() {
				for i := range next {
					conn, status, err := openStream(site, sourceAddr((first+i)/perAddr), ids[i%games])
					if err != nil || status != http.StatusOK {
						mu.Lock()
						failed = append(failed, fmt.Sprint(status, err))
						mu.Unlock()
						continue
					}
					conns[i] = conn
				}
			})
		}
		for i := range count {
			next <- i
		}
		close(next)
		wg.Wait()
		require.Empty(b, failed, "streams refused or failed (%d)", len(failed))
		return conns
	}
	closeAll := func(conns []net.Conn) {
		for _, conn := range conns {
			conn.Close()
		}
	}
	// A warm baseline: the server has served streams before.
	closeAll(open(min(n, 1000), 0))
	time.Sleep(2 * time.Second)
	base, _ := rssMB(b, cmd.Process.Pid)

	b.ResetTimer()
	var perStream float64
	for range b.N {
		start := time.Now()
		conns := open(n, 1000)
		b.ReportMetric(time.Since(start).Seconds(), "s-to-open")
		time.Sleep(2 * time.Second)
		rss, _ := rssMB(b, cmd.Process.Pid)
		perStream = (rss - base) * 1e6 / 1024 / float64(n)

		// The streams are live: a change reaches a stream opened last.
		last := conns[n-1]
		res := c.Req("POST", "/api/games/"+ids[(n-1)%games]+"/join", invites[(n-1)%games])
		require.Equal(b, http.StatusOK, res.Status, res.Raw)
		last.SetReadDeadline(time.Now().Add(10 * time.Second))
		buf := make([]byte, 4096)
		got := ""
		for !strings.Contains(got, `"blue":true`) {
			k, err := last.Read(buf)
			require.NoError(b, err, "the last stream hears of the join")
			got += string(buf[:k])
		}
		closeAll(conns)
		b.ReportMetric(rss, "MB-RSS")
	}
	b.StopTimer()
	b.ReportMetric(base, "MB-RSS-base")
	b.ReportMetric(perStream, "KiB/stream")
	b.ReportMetric(float64(n), "streams")
	b.Logf("%d streams: %.1f KiB of RSS each over a base of %.1f MB (GOMAXPROCS %d)",
		n, perStream, base, runtime.GOMAXPROCS(0))
}
