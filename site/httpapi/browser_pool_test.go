package httpapi

import (
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/stretchr/testify/require"
)

// A page given back to the pool comes to the next test as if new: what a
// test stored on the site (localStorage, sessionStorage, a cookie) and the
// colour scheme it emulated are gone.
func TestBrowserTabPoolClears(t *testing.T) {
	t.Parallel()
	b := newBrowser(t, newSite(t))
	p, err := newPooledTab(b.root)
	require.NoError(t, err)
	t.Cleanup(p.cancel)
	tb := &tab{t: t, b: b, ctx: p.ctx, size: screens[0]}
	tb.open("/")
	tb.media("dark", true)
	tb.do(chromedp.Evaluate[chromedp.Void](`localStorage.setItem("dsq.test.left", "1"); sessionStorage.setItem("dsq.test.left", "1"); document.cookie = "left=1; path=/"`))
	const left = `[localStorage.getItem("dsq.test.left"), sessionStorage.getItem("dsq.test.left"), document.cookie, matchMedia("(prefers-color-scheme: dark)").matches]`
	require.Equal(t, []any{"1", "1", "left=1", true}, evalIn[[]any](tb, left), "the page stored and emulated")

	require.NoError(t, p.clear(b.site))
	tb.open("/")
	require.Equal(t, []any{nil, nil, "", false}, evalIn[[]any](tb, left), "nothing is left for the next test")
}
