package httpapi

import (
	"net/http/httptest"
	"testing"
)

// newSite starts the site for a browser test and returns its URL.
func newSite(t *testing.T) string {
	srv := httptest.NewServer(newTestServer(t, testOptions{}).Handler())
	t.Cleanup(srv.Close)
	return srv.URL
}
