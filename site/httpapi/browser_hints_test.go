package httpapi

import (
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/stretchr/testify/assert"
)

// countAnalyses serves inner and counts the GET /api/analysis requests the
// page makes.
func countAnalyses(inner http.Handler, analyses *atomic.Int32) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/api/analysis") {
			analyses.Add(1)
		}
		inner.ServeHTTP(w, r)
	})
}

// TestBrowserHints: the state carries every legal move ("legal", API.md),
// so a selection is marked with no request to the server, also after a
// move; a refused square says why, from the analysis of the position.
func TestBrowserHints(t *testing.T) {
	t.Parallel()
	var analyses atomic.Int32
	b := newBrowser(t, serveSite(t, countAnalyses(newTestServer(t, testOptions{}).Handler(), &analyses)))
	tb := b.tab(t, screens[0], "")
	tb.open("/")
	tb.startGame("local", "")
	tb.poll(`document.getElementById("status").textContent === "Red to move"`)
	tb.click(tb.sq("a3"))
	assert.True(t, evalIn[bool](tb, fmt.Sprintf(`!!document.querySelector(%q)`, tb.sq("a4")+".target")), "marked at once")
	tb.click(tb.sq("a4"))
	tb.poll(`document.body.dataset.ply === "1"`)
	tb.click(tb.sq("e7"))
	assert.True(t, evalIn[bool](tb, fmt.Sprintf(`!!document.querySelector(%q)`, tb.sq("e6")+":not(.target)")), "the water is no target")
	assert.True(t, evalIn[bool](tb, fmt.Sprintf(`!!document.querySelector(%q)`, tb.sq("d7")+".target")), "marked at once")
	assert.Zero(t, analyses.Load(), "no request to mark a selection")
	tb.click(tb.sq("e6"))
	tb.poll(fmt.Sprintf(`document.getElementById("message").textContent === %q`, "Not allowed: "+dsq.RefusalWater.String()))
	assert.Equal(t, int32(1), analyses.Load(), "one analysis explains the refusal")
}
