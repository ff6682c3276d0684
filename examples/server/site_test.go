package main

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/doushouqi/doushouqi/examples/server/teach"
	"github.com/doushouqi/doushouqi/examples/server/web"
)

// newSite starts the site for a browser test and returns its URL.
func newSite(t *testing.T) string {
	mux := http.NewServeMux()
	mux.Handle("/api/analysis", teach.Handler())
	mux.Handle("/api/", NewServer().Handler())
	mux.Handle("/", web.Handler())
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv.URL
}
