package httpapi

import (
	"net/http"
	"net/netip"

	"github.com/doushouqi/doushouqi/site/games"
)

// withAIClient has every request's calls to package games count their AI
// jobs for the request's client (aiGroup: its address's network), so that
// the AI pool shares its engines between networks and bounds each one's
// places (package ai).
func (s *Server) withAIClient(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		next.ServeHTTP(w, r.WithContext(games.WithClient(r.Context(), s.aiGroup(r))))
	})
}

// aiGroup is the AI pool's client of r: the network of its address
// (clientOf) cut to Config.AIGroupV4 or AIGroupV6 bits, written as a
// prefix ("203.0.113.0/24", "2001:db8::/48"); an address at the full
// length (IPv4 /32) stays as clientOf writes it.
func (s *Server) aiGroup(r *http.Request) string {
	return groupOf(s.clientOf(r), s.cfg.AIGroupV4, s.cfg.AIGroupV6)
}

// groupOf cuts client, an address or prefix as clientOf writes it, to a
// network of v4 or v6 bits; anything else is its own group.
func groupOf(client string, v4, v6 int) string {
	var addr netip.Addr
	finest := 128
	if p, err := netip.ParsePrefix(client); err == nil {
		addr, finest = p.Addr(), p.Bits()
	} else if a, err := netip.ParseAddr(client); err == nil {
		addr = a
	} else {
		return client
	}
	bits := v6
	if addr.Is4() {
		if v4 >= 32 {
			return addr.String()
		}
		bits = v4
	}
	p, err := addr.Prefix(min(bits, finest))
	if err != nil {
		return client
	}
	return p.String()
}
