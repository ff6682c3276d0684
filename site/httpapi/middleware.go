package httpapi

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"net"
	"net/http"
	"net/netip"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/doushouqi/doushouqi/site/games"
)

type ctxKey struct{}

// logger returns the request's logger, which carries its request id.
func (s *Server) logger(r *http.Request) *slog.Logger {
	if l, ok := r.Context().Value(ctxKey{}).(*slog.Logger); ok {
		return l
	}
	return s.log
}

// statusWriter remembers the status for the log. It passes Flush and the
// deadlines through (http.ResponseController uses Unwrap).
type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return w.ResponseWriter.Write(b)
}

func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// Hijack takes the connection over; the log says 200, since the only
// connections taken over are event streams, which answer 200 themselves.
func (w *statusWriter) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	conn, brw, err := http.NewResponseController(w.ResponseWriter).Hijack()
	if err == nil && w.status == 0 {
		w.status = http.StatusOK
	}
	return conn, brw, err
}

// contentSecurityPolicy allows the page's own files only: no inline script,
// no framing.
const contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
	"connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

// middleware wraps every request: a request id and a log line (method, path,
// status, time; never a header, so never a token; refusals sampled by
// refusalLog), security headers, the API reads' limit (ReadRate),
// no-store on the API, a 400 and the connection closed for a body framed
// by Transfer-Encoding, a 413 for a declared body over the limit, and for
// POST the JSON and origin checks (originCheck), all before any handler reads the
// body or locks a game.
func (s *Server) middleware(next http.Handler) http.Handler {
	origins := newOriginCheck(s.cfg.Origins)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		b := make([]byte, 8)
		rand.Read(b)
		id := hex.EncodeToString(b)
		log := s.log.With("request", id)
		r = r.WithContext(context.WithValue(r.Context(), ctxKey{}, log))
		sw := &statusWriter{ResponseWriter: w}
		client := s.clientOf(r)
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				log.Error("panic", "value", v)
				if sw.status == 0 {
					writeError(sw, errInternal)
				}
			}
			if sw.status >= 400 && sw.status < 500 && !s.refused.note(client, sw.status) {
				return // counted, for the summary line
			}
			log.Info("request", "method", r.Method, "path", r.URL.Path, "status", sw.status,
				"ms", time.Since(start).Milliseconds())
		}()

		h := sw.Header()
		h.Set("X-Request-Id", id)
		h.Set("Content-Security-Policy", contentSecurityPolicy)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		api := strings.HasPrefix(r.URL.Path, "/api/") || r.URL.Path == "/healthz"
		if api {
			h.Set("Cache-Control", "no-store")
		}
		if len(r.TransferEncoding) > 0 {
			// net/http has dropped a Content-Length sent with it: a proxy
			// in front may have framed the body by that one (smuggling).
			h.Set("Connection", "close")
			writeError(sw, fail(games.CodeBadRequest,
				"send the body with a Content-Length and no Transfer-Encoding"))
			return
		}
		if s.tooLarge(sw, r) {
			return
		}
		if (r.Method == http.MethodGet || r.Method == http.MethodHead) && r.URL.Path != "/livez" {
			// Every read counts, the page, its files and /healthz too:
			// each may cost a lookup in the database (a game's preview)
			// or a file's bytes.
			if ok, wait := s.reads.allow(client); !ok {
				e := failLater(codeRateLimited, "too many reads from your address: wait a little", max(wait.Round(time.Second), time.Second))
				writeError(sw, e)
				return
			}
			if !api && strings.Contains(r.Header.Get("Range"), ",") {
				// Several ranges of a file would cost more than the file
				// (a multipart answer with a header per part): the whole
				// file is sent instead, as HTTP allows.
				r.Header.Del("Range")
			}
		}
		if r.Method == http.MethodPost {
			if ok, wait := s.posts.allow(client); !ok {
				e := failLater(codeRateLimited, "too many requests from your address: wait a little", max(wait.Round(time.Second), time.Second))
				writeError(sw, e)
				return
			}
			if !origins.allowed(r) {
				writeError(sw, fail(codeCrossOrigin, "requests from other sites are refused"))
				return
			}
			mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
			if err != nil || mt != "application/json" {
				writeError(sw, fail(codeMediaType,
					"send the body as application/json"))
				return
			}
		}
		next.ServeHTTP(sw, r)
	})
}

// originCheck says whether a request comes from one of the site's own
// pages. A browser names the page's origin in Origin on every POST; the
// origin must be one of those configured (Config.Origins) or, with none,
// one of the server's own address. Comparing with the request's Host
// instead would let a DNS-rebinding page through: its requests name the
// attacker's host in both. A request without Origin (not from a browser,
// or an old one) passes unless Sec-Fetch-Site says another site sent it.
type originCheck struct {
	origins []string // normalised; none: the connection's local address
}

func newOriginCheck(origins []string) originCheck {
	var o originCheck
	for _, v := range origins {
		if v = normalOrigin(v); v != "" {
			o.origins = append(o.origins, v)
		}
	}
	return o
}

// normalOrigin writes an origin the way browsers send it: lower case, no
// trailing slash.
func normalOrigin(v string) string {
	return strings.TrimSuffix(strings.ToLower(strings.TrimSpace(v)), "/")
}

func (o originCheck) allowed(r *http.Request) bool {
	origin := r.Header.Get("Origin")
	if origin == "" {
		switch r.Header.Get("Sec-Fetch-Site") {
		case "", "same-origin", "none":
			return true
		}
		return false
	}
	origin = normalOrigin(origin)
	if len(o.origins) > 0 {
		return slices.Contains(o.origins, origin)
	}
	return slices.Contains(localOrigins(r), origin)
}

// siteOrigin is the site's origin for the links it writes (a link
// preview's picture): the first configured one (Config.Origins) or else
// the address the request's connection came in on, never the request's
// Host, which the client chooses.
func (s *Server) siteOrigin(r *http.Request) string {
	if len(s.cfg.Origins) > 0 {
		return normalOrigin(s.cfg.Origins[0])
	}
	if o := localOrigins(r); len(o) > 0 {
		return o[0]
	}
	return ""
}

// localOrigins are the origins of the address the request's connection
// came in on: http://IP:PORT, and http://localhost:PORT on loopback.
func localOrigins(r *http.Request) []string {
	addr, ok := r.Context().Value(http.LocalAddrContextKey).(net.Addr)
	if !ok {
		return nil
	}
	ap, err := netip.ParseAddrPort(addr.String())
	if err != nil {
		return nil
	}
	ip := ap.Addr().Unmap().WithZone("")
	port := fmt.Sprint(ap.Port())
	out := []string{"http://" + netip.AddrPortFrom(ip, ap.Port()).String()}
	if ip.IsLoopback() {
		out = append(out, "http://localhost:"+port)
	}
	return out
}

// refusalEvery is how often the log sums up a client's refused requests.
const refusalEvery = 10 * time.Second

// refusalLog keeps refused requests (4xx) from flooding the log: of one
// client's refusals with one status, the first is logged as any request
// is, and those that follow within every are only counted; when every has
// passed, one line says how many there were. It follows at most max
// (client, status) pairs at once; beyond that, clients share one count.
type refusalLog struct {
	log   *slog.Logger
	every time.Duration
	max   int

	mu   sync.Mutex
	seen map[refusalKey]*int // refusals not logged since the first
}

type refusalKey struct {
	client string
	status int
}

func newRefusalLog(log *slog.Logger, every time.Duration, max int) *refusalLog {
	return &refusalLog{log: log, every: every, max: max, seen: map[refusalKey]*int{}}
}

// note counts a refusal and reports whether to log it in full.
func (l *refusalLog) note(client string, status int) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	k := refusalKey{client, status}
	if _, ok := l.seen[k]; !ok && len(l.seen) >= l.max {
		k.client = "" // the overflow
	}
	if n, ok := l.seen[k]; ok {
		*n++
		return false
	}
	l.seen[k] = new(int)
	time.AfterFunc(l.every, func() { l.sum(k) })
	return true
}

// sum logs the refusals of k counted since its first, if any.
func (l *refusalLog) sum(k refusalKey) {
	l.mu.Lock()
	n := *l.seen[k]
	delete(l.seen, k)
	l.mu.Unlock()
	if n > 0 {
		l.log.Warn("requests refused", "client", k.client, "status", k.status, "more", n,
			"seconds", l.every.Seconds())
	}
}

// newJSONLogger logs JSON lines to w.
func newJSONLogger(w io.Writer) *slog.Logger {
	return slog.New(slog.NewJSONHandler(w, nil))
}
