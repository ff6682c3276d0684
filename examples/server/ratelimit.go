package main

import (
	"net"
	"net/http"
	"sync"
	"time"
)

// rateLimiter counts events per client in fixed windows: at most limit per
// window. It remembers at most maxClients clients per window; beyond that,
// new clients share one count, so memory stays bounded under a flood of
// addresses.
type rateLimiter struct {
	mu         sync.Mutex
	limit      int
	window     time.Duration
	maxClients int
	start      time.Time
	counts     map[string]int
	now        func() time.Time
}

func newRateLimiter(limit int, window time.Duration, maxClients int) *rateLimiter {
	return &rateLimiter{limit: limit, window: window, maxClients: maxClients,
		counts: map[string]int{}, now: time.Now}
}

// allow counts one event for client and reports whether it is within the
// limit; if not, it also returns the wait until the next window.
func (l *rateLimiter) allow(client string) (bool, time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	if now.Sub(l.start) >= l.window {
		l.start, l.counts = now, map[string]int{}
	}
	if _, ok := l.counts[client]; !ok && len(l.counts) >= l.maxClients {
		client = "" // the overflow shares one count
	}
	if l.counts[client] >= l.limit {
		return false, l.start.Add(l.window).Sub(now)
	}
	l.counts[client]++
	return true, 0
}

// clientOf is the client a request is counted for: its IP address.
func clientOf(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}
