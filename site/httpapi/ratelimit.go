package httpapi

import (
	"net/http"
	"net/netip"
	"strings"
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

// clientOf is the client a request is counted for: its IP address, or,
// behind a trusted proxy (Config.ClientIPHeader), the address that proxy
// wrote last in its header; what clients wrote before it is ignored, since
// they could write anything. Addresses are parsed and written in one form
// (so "2001:DB8::1" and "2001:db8::1", or "1.2.3.4:80" and "1.2.3.4", are
// one client), and an IPv6 client is its /64, the block one subscriber
// usually holds. A header value that is no address counts as the proxy's.
func (s *Server) clientOf(r *http.Request) string {
	if h := s.cfg.ClientIPHeader; h != "" {
		values := r.Header.Values(h)
		if len(values) > 0 {
			hops := strings.Split(values[len(values)-1], ",")
			if ip, ok := parseClientAddr(strings.TrimSpace(hops[len(hops)-1])); ok {
				return ip
			}
		}
	}
	if ip, ok := parseClientAddr(r.RemoteAddr); ok {
		return ip
	}
	return r.RemoteAddr
}

// parseClientAddr reads an address with or without a port (or brackets) and
// returns the client key: the IPv4 address, or the IPv6 /64 prefix.
func parseClientAddr(text string) (string, bool) {
	addr, err := netip.ParseAddr(text)
	if err != nil {
		ap, perr := netip.ParseAddrPort(text)
		if perr != nil {
			addr, err = netip.ParseAddr(strings.TrimSuffix(strings.TrimPrefix(text, "["), "]"))
			if err != nil {
				return "", false
			}
		} else {
			addr = ap.Addr()
		}
	}
	addr = addr.Unmap().WithZone("")
	if addr.Is6() {
		prefix, _ := addr.Prefix(64)
		return prefix.String(), true
	}
	return addr.String(), true
}

// tokenBuckets limits a rate per client with a token bucket each: burst
// events at once, then rate per second. It remembers at most maxClients
// clients; beyond that, buckets that have filled up again are forgotten,
// and if none has, new clients share one bucket.
type tokenBuckets struct {
	mu         sync.Mutex
	rate       float64 // tokens per second
	burst      float64
	maxClients int
	buckets    map[string]*bucket
	now        func() time.Time
}

type bucket struct {
	tokens float64
	at     time.Time // when tokens was counted
}

func newTokenBuckets(rate, burst, maxClients int) *tokenBuckets {
	return &tokenBuckets{rate: float64(rate), burst: float64(burst), maxClients: maxClients,
		buckets: map[string]*bucket{}, now: time.Now}
}

// allow takes a token from client's bucket and reports whether there was
// one; if not, it also returns the wait until there is.
func (l *tokenBuckets) allow(client string) (bool, time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	b := l.buckets[client]
	if b == nil {
		if len(l.buckets) >= l.maxClients {
			l.forgetFull(now)
		}
		if len(l.buckets) >= l.maxClients {
			client = "" // the overflow shares one bucket
			b = l.buckets[client]
		}
		if b == nil {
			b = &bucket{tokens: l.burst, at: now}
			l.buckets[client] = b
		}
	}
	b.tokens = min(l.burst, b.tokens+now.Sub(b.at).Seconds()*l.rate)
	b.at = now
	if b.tokens < 1 {
		return false, time.Duration((1 - b.tokens) / l.rate * float64(time.Second))
	}
	b.tokens--
	return true, 0
}

// forgetFull forgets the buckets that are full again: a client that comes
// back gets a full one anyway.
func (l *tokenBuckets) forgetFull(now time.Time) {
	for k, b := range l.buckets {
		if b.tokens+now.Sub(b.at).Seconds()*l.rate >= l.burst {
			delete(l.buckets, k)
		}
	}
}
