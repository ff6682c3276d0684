package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/examples/server/teach"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// withHints serves the site with the state field the page asks the server
// for (API change of issue 30): "legal", teach.Hints of the state's
// position, added to every game state the API answers with. It counts the
// targets requests the page still makes.
func withHints(t *testing.T, inner http.Handler, targets *atomic.Int32) http.Handler {
	addLegal := func(state map[string]any) {
		text, _ := state["position"].(string)
		pos, err := dsq.ParsePosition(text)
		if err != nil {
			return
		}
		if thinking, _ := state["aiThinking"].(bool); thinking {
			state["legal"] = map[string]teach.Hint{}
			return
		}
		state["legal"] = teach.Hints(pos)
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/targets") {
			targets.Add(1)
		}
		if !strings.HasPrefix(r.URL.Path, "/api/games") || strings.HasSuffix(r.URL.Path, "/events") || strings.HasSuffix(r.URL.Path, "/targets") {
			inner.ServeHTTP(w, r)
			return
		}
		rec := httptest.NewRecorder()
		inner.ServeHTTP(rec, r)
		body := rec.Body.Bytes()
		var m map[string]any
		if json.Unmarshal(body, &m) == nil {
			if g, ok := m["game"].(map[string]any); ok {
				addLegal(g)
			} else if _, ok := m["position"]; ok {
				addLegal(m)
			}
			var buf bytes.Buffer
			require.NoError(t, json.NewEncoder(&buf).Encode(m))
			body = buf.Bytes()
		}
		for k, v := range rec.Header() {
			if k != "Content-Length" {
				w.Header()[k] = v
			}
		}
		w.WriteHeader(rec.Code)
		_, _ = w.Write(body)
	})
}

// TestBrowserHints: when the state carries every legal move and the
// refusals, a selection is marked with no request to the server, and a
// refused square says why at once.
func TestBrowserHints(t *testing.T) {
	var targets atomic.Int32
	srv := httptest.NewServer(withHints(t, newTestServer(t, testOptions{}).Handler(), &targets))
	t.Cleanup(srv.Close)
	b := newBrowser(t, srv.URL)
	tb := b.tab(t, screens[0], "")
	// Live events would bring states without the field: this test reads the
	// answers to its own requests only.
	tb.do(func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: "window.EventSource = undefined;"})
		return chromedp.Void{}, err
	})
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
	assert.Equal(t, "Not allowed: only the rat may enter the water", tb.text("#message"))
	assert.Zero(t, targets.Load(), "no targets request")
}
