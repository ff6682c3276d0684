package main

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/doushouqi/doushouqi/examples/server/teach"
)

// newSite starts the site for a browser test and returns its URL: the real
// server, with the analysis handler in front until the server mounts it.
func newSite(t *testing.T) string {
	mux := http.NewServeMux()
	mux.Handle("/api/analysis", teach.Handler())
	mux.Handle("/", newTestServer(t, testOptions{}).Handler())
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv.URL
}
