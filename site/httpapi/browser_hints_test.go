package httpapi

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/stretchr/testify/assert"
)

// countTargets serves inner and counts the GET /targets requests the page
// makes.
func countTargets(inner http.Handler, targets *atomic.Int32) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/targets") {
			targets.Add(1)
		}
		inner.ServeHTTP(w, r)
	})
}

// TestBrowserHints: the state carries every legal move and the refusals
// ("legal", API.md), so a selection is marked with no request to the
// server, also after a move, and a refused square says
// why at once.
func TestBrowserHints(t *testing.T) {
	var targets atomic.Int32
	srv := httptest.NewServer(countTargets(newTestServer(t, testOptions{}).Handler(), &targets))
	t.Cleanup(srv.Close)
	b := newBrowser(t, srv.URL)
	tb := b.tab(t, screens[0], "")
	tb.open("/")
	tb.startGame("local", "")
	tb.poll(`document.getElementById("status").textContent === "Red to move"`)
	tb.click(tb.sq("a3"))
	assert.True(t, evalIn[bool](tb, fmt.Sprintf(`!!document.querySelector(%q)`, tb.sq("a4")+".target")), "marked at once")
	tb.click(tb.sq("a4"))
	tb.poll(`document.body.dataset.ply === "1"`)
	tb.click(tb.sq("e7"))
	assert.True(t, evalIn[bool](tb, fmt.Sprintf(`!!document.querySelector(%q)`, tb.sq("d7")+".target")), "marked at once")
	tb.click(tb.sq("e6"))
	assert.Equal(t, "Not allowed: "+dsq.RefusalWater.String(), tb.text("#message"))
	assert.Zero(t, targets.Load(), "no targets request")
}
