package httpapi

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestClientAddrForms: the spellings of one address are one client, an IPv6
// /64 is one client, and what is no address is refused.
func TestClientAddrForms(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"1.1.1.1", "1.1.1.1"},
		{"1.1.1.1:5555", "1.1.1.1"},
		{"[2001:db8:3::1]:80", "2001:db8:3::/64"},
		{"2001:DB8:3::1", "2001:db8:3::/64"},
		{"[2001:db8:3::1]", "2001:db8:3::/64"},
		{"2001:0db8:0003::0001", "2001:db8:3::/64"},
		{"2001:db8:3::ffff:1", "2001:db8:3::/64"},
		{"::ffff:1.2.3.4", "1.2.3.4"},
	} {
		got, ok := parseClientAddr(tc.in)
		assert.True(t, ok, tc.in)
		assert.Equal(t, tc.want, got, tc.in)
	}
	for _, bad := range []string{"garbage1", "", "001.1.1.1", "1.1.1.1.1"} {
		_, ok := parseClientAddr(bad)
		assert.False(t, ok, bad)
	}
}
