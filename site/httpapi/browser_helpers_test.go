package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/png"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	cdplog "github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/cdproto/storage"
	"github.com/chromedp/chromedp"
	"github.com/doushouqi/doushouqi/internal/longtest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The browser tests drive the page in headless Chromium (Debian's
// chromium package) at a phone size and a desktop size. They take minutes of a
// core, so they are deep checks: they run with DSQ_LONG=1 (package
// longtest), as CI runs them. Then under CI=true a missing Chromium or
// axe-core fails the test; elsewhere it is skipped. Screenshots
// go to testdata/screenshots (or $SCREENSHOT_DIR).

// screen is a window size the page must work at.
type screen struct {
	name          string
	width, height int64
	mobile        bool
}

var screens = []screen{{"phone", 390, 844, true}, {"desktop", 1280, 800, false}}

// browser is a test's handle on the shared Chromium (see chromium) and on
// the site it browses.
type browser struct {
	root  context.Context // the shared Chromium's first tab: tabs are opened from it
	axe   string          // axe.min.js source, "" when not found outside CI
	shots string
	site  string
}

func chromiumPath(t *testing.T) string {
	longtest.Skip(t)
	// Not chromium-headless-shell, though it takes a third less CPU: it
	// keeps no page in the back-forward cache, and under it an online
	// opponent who left was never shown as gone (2026-12-07, 156.0).
	for _, name := range []string{os.Getenv("CHROMIUM"), "chromium", "chromium-browser", "google-chrome"} {
		if name == "" {
			continue
		}
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") != "" {
		t.Fatal("chromium is not installed; .ci/run installs it (apt-get install -y chromium)")
	}
	t.Skip("chromium not installed (apt-get install chromium)")
	return ""
}

// axeSource reads axe-core's axe.min.js from $DSQ_AXE_JS (set by .ci/run)
// or a known place.
func axeSource(t *testing.T) string {
	candidates := []string{os.Getenv("DSQ_AXE_JS"), "node_modules/axe-core/axe.min.js", "/tmp/axe/node_modules/axe-core/axe.min.js"}
	for _, p := range candidates {
		if p == "" {
			continue
		}
		if data, err := os.ReadFile(p); err == nil {
			return string(data)
		}
	}
	if os.Getenv("CI") != "" {
		t.Fatal("axe-core not found: set DSQ_AXE_JS to axe.min.js (npm install axe-core)")
	}
	t.Log("axe-core not found (set DSQ_AXE_JS): accessibility checks skipped")
	return ""
}

// chromium is the one headless Chromium the browser tests share (starting
// one costs more than a second of a core): started by the first test that
// needs it, stopped by TestMain after the last. Each tab is a browser
// context of its own, so the tests share nothing else. Its profile is a
// temporary directory of chromedp's, removed when it stops.
var chromium struct {
	once sync.Once
	root context.Context
	stop context.CancelFunc // the allocator's
	err  error
}

func startChromium(path string) (context.Context, error) {
	chromium.once.Do(func() {
		opts := []chromedp.ExecAllocatorOption{
			chromedp.ExecPath(path),
			chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
			chromedp.Flag("disable-dev-shm-usage", true),
			chromedp.Flag("disable-background-networking", true),
			chromedp.Flag("disable-component-update", true),
			chromedp.Flag("disable-sync", true),
			chromedp.Flag("disable-quic", true),
			chromedp.Flag("lang", "en-US"),
			chromedp.WindowSize(1280, 900),
		}
		alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
		root, _ := chromedp.NewContext(alloc) // ended by chromedp.Cancel in stopChromium
		chromium.root, chromium.stop = root, cancelAlloc
		chromium.err = chromedp.Do(root)
	})
	return chromium.root, chromium.err
}

// stopChromium closes the shared Chromium, if a test started it, and waits
// for it (at most half a minute) so that no process or profile outlives the
// tests; it reports a failure to stop on standard error.
func stopChromium() {
	if chromium.root == nil {
		return
	}
	done := make(chan error, 1)
	go func() { done <- chromedp.Cancel(chromium.root) }()
	select {
	case err := <-done:
		if err != nil && !errors.Is(err, context.Canceled) {
			fmt.Fprintln(os.Stderr, "closing chromium:", err)
		}
	case <-time.After(30 * time.Second):
		fmt.Fprintln(os.Stderr, "closing chromium: no answer after 30 s; stopping the process")
	}
	chromium.stop() // kills the process if still there and removes the profile
}

func TestMain(m *testing.M) {
	code := m.Run()
	stopChromium()
	os.Exit(code)
}

// newBrowser gives the test a handle on the shared Chromium.
//
// Browser tests run side by side (t.Parallel, as many as -parallel lets),
// each on a site of its own and in tabs of their own, so a browser test
// changes no package state. Those that time the server or the page on the
// real clock (a move's increment, a stream within 5 s, the engine's
// answers within a poll's 20 s) run alone, before the others.
func newBrowser(t *testing.T, site string) *browser {
	root, err := startChromium(chromiumPath(t))
	require.NoError(t, err, "starting chromium")
	shots := os.Getenv("SCREENSHOT_DIR")
	if shots == "" {
		shots = filepath.Join("testdata", "screenshots")
	}
	require.NoError(t, os.MkdirAll(shots, 0o755))
	return &browser{root: root, axe: axeSource(t), shots: shots, site: site}
}

// tab is a page in a browser context of its own (its own localStorage and
// cookies), lent to one test at a time by the pool.
type tab struct {
	t    *testing.T
	b    *browser
	ctx  context.Context
	size screen
}

// pooledTab is a page with a browser context and window of its own, kept
// open between the tests that borrow it: opening one costs about three
// times a page load of Chromium's CPU, and the suite borrows about 85.
type pooledTab struct {
	ctx    context.Context // the page's chromedp context
	cancel context.CancelFunc

	mu    sync.Mutex
	owner func(string) // takes the page's errors; nil while in the pool
}

// tabPool holds the pages no test is using (see pooledTab), by whether
// they emulate a phone (mobile and touch), so that no page switches
// between the two as a fresh page never did.
var tabPool struct {
	mu   sync.Mutex
	free map[bool][]*pooledTab
}

// listen passes the page's uncaught exceptions and console errors to the
// test that has it.
func (p *pooledTab) listen(ev any) {
	var e string
	switch ev := ev.(type) {
	case *runtime.EventExceptionThrown:
		e = "exception: " + ev.ExceptionDetails.Text
		if ev.ExceptionDetails.Exception != nil {
			e += " " + ev.ExceptionDetails.Exception.Description
		}
	case *cdplog.EventEntryAdded:
		// Failed requests are the page's business (it shows a message);
		// CSP violations and console errors are not.
		if ev.Entry.Level == cdplog.EntryLevelError && !strings.HasPrefix(ev.Entry.Text, "Failed to load resource") {
			e = "console: " + ev.Entry.Text
		}
	}
	if e == "" {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.owner != nil {
		p.owner(e)
	}
}

func (p *pooledTab) setOwner(f func(string)) {
	p.mu.Lock()
	p.owner = f
	p.mu.Unlock()
}

// newPooledTab opens a page in a new browser context, with what every
// test's page has: the log domain on, and the name dialog asked already.
func newPooledTab(root context.Context) (*pooledTab, error) {
	p := &pooledTab{}
	p.ctx, p.cancel = chromedp.NewContext(root, chromedp.WithNewBrowserContext(), chromedp.WithListener(p.listen))
	err := chromedp.Do(p.ctx, func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		if _, err := cdp.Call(ctx, tg, cdplog.Enable, cdp.Empty{}); err != nil {
			return chromedp.Void{}, err
		}
		// The name dialog opens once, the first time a browser plays
		// online (identity.js): a tab has been asked already, unless its
		// test wants the dialog (askName).
		_, err := cdp.Call(ctx, tg, cdppage.AddScriptToEvaluateOnNewDocument,
			cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: `try { if (!sessionStorage.getItem("dsq.test.askName")) localStorage.setItem("dsq.nameAsked", "1"); } catch (e) {}`})
		return chromedp.Void{}, err
	})
	if err != nil {
		p.cancel()
		return nil, err
	}
	return p, nil
}

// borrowTab takes a page from the pool (a phone's if mobile), or opens one.
func borrowTab(root context.Context, mobile bool) (*pooledTab, error) {
	tabPool.mu.Lock()
	if free := tabPool.free[mobile]; len(free) > 0 {
		p := free[len(free)-1]
		tabPool.free[mobile] = free[:len(free)-1]
		tabPool.mu.Unlock()
		return p, nil
	}
	tabPool.mu.Unlock()
	return newPooledTab(root)
}

// clear leaves the site (ending its streams) and clears what the site
// stored in the page's browser context (localStorage, sessionStorage,
// cookies) and what the test emulated (colour scheme, motion), so that
// the next test gets the page as if new.
func (p *pooledTab) clear(site string) error {
	ctx, cancel := context.WithTimeout(p.ctx, 20*time.Second)
	defer cancel()
	return chromedp.Do(ctx,
		chromedp.Evaluate[chromedp.Void](`try { localStorage.clear(); sessionStorage.clear(); } catch (e) {}`),
		chromedp.Navigate("about:blank"),
		func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
			if site != "" {
				if _, err := cdp.Call(ctx, tg, storage.ClearDataForOrigin, storage.ClearDataForOriginParams{Origin: site, StorageTypes: "all"}); err != nil {
					return chromedp.Void{}, err
				}
			}
			if _, err := cdp.Call(ctx, tg, network.ClearBrowserCookies, cdp.Empty{}); err != nil {
				return chromedp.Void{}, err
			}
			_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{})
			return chromedp.Void{}, err
		})
}

// giveBack clears the page and puts it back in the pool; a page that does
// not answer is closed.
func (p *pooledTab) giveBack(site string, mobile bool) {
	if err := p.clear(site); err != nil {
		p.cancel()
		return
	}
	tabPool.mu.Lock()
	if tabPool.free == nil {
		tabPool.free = map[bool][]*pooledTab{}
	}
	tabPool.free[mobile] = append(tabPool.free[mobile], p)
	tabPool.mu.Unlock()
}

// tab lends the test a page of the given size (and, if acceptLanguage is
// not "", of that Accept-Language) until its end, when the page's errors
// fail the test.
func (b *browser) tab(t *testing.T, size screen, acceptLanguage string) *tab {
	p, err := borrowTab(b.root, size.mobile)
	require.NoError(t, err, "opening a tab")
	var mu sync.Mutex
	var errs []string
	p.setOwner(func(e string) {
		mu.Lock()
		errs = append(errs, e)
		mu.Unlock()
	})
	ctx, cancelTimeout := context.WithTimeout(p.ctx, 4*time.Minute)
	t.Cleanup(func() {
		cancelTimeout()
		p.setOwner(nil)
		if acceptLanguage != "" || t.Failed() {
			// A language set stays with the page; a failed test's page
			// may be in any state.
			p.cancel()
		} else {
			p.giveBack(b.site, size.mobile)
		}
		mu.Lock()
		defer mu.Unlock()
		for _, e := range errs {
			t.Errorf("page error (%s): %s", size.name, e)
		}
	})
	tb := &tab{t: t, b: b, ctx: ctx, size: size}
	var vp []chromedp.EmulateViewportOption
	if size.mobile {
		vp = append(vp, chromedp.EmulateMobile, chromedp.EmulateTouch)
	}
	tb.do(chromedp.EmulateViewport(size.width, size.height, vp...))
	if acceptLanguage != "" {
		tb.do(func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
			_, err := cdp.Call(ctx, tg, emulation.SetUserAgentOverride, emulation.SetUserAgentOverrideParams{
				UserAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/120 Safari/537.36", AcceptLanguage: acceptLanguage,
			})
			return chromedp.Void{}, err
		})
	}
	return tb
}

func (tb *tab) do(steps ...chromedp.Action[chromedp.Void]) {
	tb.t.Helper()
	require.NoError(tb.t, chromedp.Do(tb.ctx, steps...))
}

func (tb *tab) open(path string) {
	tb.t.Helper()
	tb.do(chromedp.Navigate(tb.b.site + path))
	// The lobby's buttons come after the page is ready (GET /api/lobby)
	// and push the start screen's form down: a tap aimed before they come
	// lands elsewhere.
	tb.poll(`document.readyState === "complete" && document.body.dataset.ready === "1" &&
		(() => { const q = document.getElementById("lobby-quick"); return !q || !q.getClientRects().length || q.children.length > 0; })()`)
}

// click clicks the element once it is visible, failing after 20 s rather
// than at the tab's deadline when it never shows.
func (tb *tab) click(sel string) {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, 20*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(sel))); err != nil {
		tb.shot("failed-" + strings.NewReplacer("/", "_", " ", "_").Replace(tb.t.Name()))
		require.NoError(tb.t, err, "clicking %s\nstatus: %q\nmessage: %q", sel, tb.text("#status"), tb.text("#message"))
	}
}

func (tb *tab) sq(name string) string { return `#board .sq[data-sq="` + name + `"]` }

// poll waits until the JavaScript expression is true.
func (tb *tab) poll(expr string) {
	tb.t.Helper()
	_, err := chromedp.Run(tb.ctx, chromedp.Poll[bool](expr, chromedp.WithPollingTimeout(20*time.Second)))
	if err != nil {
		tb.shot("failed-" + strings.NewReplacer("/", "_", " ", "_").Replace(tb.t.Name()))
	}
	require.NoError(tb.t, err, "waiting for %s\nstatus: %q\nmessage: %q", expr, tb.text("#status"), tb.text("#message"))
}

func evalIn[T any](tb *tab, expr string) T {
	tb.t.Helper()
	v, err := chromedp.Run(tb.ctx, chromedp.Evaluate[T](expr))
	require.NoError(tb.t, err, expr)
	return v
}

func (tb *tab) text(sel string) string {
	v, err := chromedp.Run(tb.ctx, chromedp.Evaluate[string](fmt.Sprintf(`(document.querySelector(%q) || {textContent: ""}).textContent`, sel)))
	if err != nil {
		return "<" + err.Error() + ">"
	}
	return strings.TrimSpace(v)
}

func (tb *tab) status() string { return tb.text("#status") }

// shot saves a screenshot of the viewport as <size>-<name>.png.
func (tb *tab) shot(name string) []byte {
	tb.t.Helper()
	data, err := chromedp.Run(tb.ctx, chromedp.FullScreenshot(100))
	if err != nil {
		tb.t.Logf("screenshot %s: %v", name, err)
		return nil
	}
	path := filepath.Join(tb.b.shots, tb.size.name+"-"+name+".png")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		tb.t.Logf("screenshot %s: %v", name, err)
	}
	return data
}

// shotOf saves a screenshot of one element as <size>-<name>.png.
func (tb *tab) shotOf(sel, name string) {
	tb.t.Helper()
	data, err := chromedp.Run(tb.ctx, chromedp.Screenshot(chromedp.CSS(sel)))
	require.NoError(tb.t, err, sel)
	require.NoError(tb.t, os.WriteFile(filepath.Join(tb.b.shots, tb.size.name+"-"+name+".png"), data, 0o644))
}

// element returns the screenshot of one element as an image.
func (tb *tab) element(sel string) image.Image {
	tb.t.Helper()
	data, err := chromedp.Run(tb.ctx, chromedp.Screenshot(chromedp.CSS(sel)))
	require.NoError(tb.t, err, sel)
	img, err := png.Decode(bytes.NewReader(data))
	require.NoError(tb.t, err)
	return img
}

// axeCheck runs axe-core in the page and fails on serious or critical
// violations.
func (tb *tab) axeCheck(what string) {
	tb.t.Helper()
	if tb.b.axe == "" {
		return
	}
	// axe-core is injected once per document: compiling its half megabyte
	// costs about half a second of a core, as much as a check.
	loaded, err := chromedp.Run(tb.ctx, chromedp.Evaluate[bool](`typeof axe === "object" && typeof axe.run === "function"`))
	require.NoError(tb.t, err)
	if !loaded {
		_, err := chromedp.Run(tb.ctx, chromedp.Evaluate[chromedp.Void](tb.b.axe+";undefined"))
		require.NoError(tb.t, err, "injecting axe-core")
	}
	type violation struct {
		ID, Impact, Help string
		Nodes            []struct{ Target []string }
	}
	vs, err := chromedp.Run(tb.ctx, chromedp.Evaluate[[]violation](
		`axe.run(document, {resultTypes: ["violations"]}).then(r => r.violations.filter(v => v.impact === "serious" || v.impact === "critical"))`,
		chromedp.EvalAwaitPromise))
	require.NoError(tb.t, err, "running axe-core")
	for _, v := range vs {
		var where []string
		for _, n := range v.Nodes {
			where = append(where, strings.Join(n.Target, " "))
		}
		tb.t.Errorf("axe on %s (%s): %s %s: %s at %v", what, tb.size.name, v.Impact, v.ID, v.Help, where)
	}
}

// fitsScreen checks the phone rules: no sideways scrolling, the board fits
// the width, squares and controls are at least 40 px.
func (tb *tab) fitsScreen() {
	tb.t.Helper()
	type sizes struct {
		ScrollWidth, Width, BoardWidth, Square float64
		Small                                  []string
	}
	s := evalIn[sizes](tb, `(() => {
		const b = document.getElementById("board").getBoundingClientRect();
		const sq = document.querySelector("#board .sq").getBoundingClientRect();
		const small = [];
		for (const el of document.querySelectorAll("#play-view button, #play-view select, nav a, nav button, header select")) {
			const r = el.getBoundingClientRect();
			if (r.width === 0 && r.height === 0) continue;
			if (r.height < 40 || r.width < 40) small.push((el.id || el.textContent) + " " + r.width + "x" + r.height);
		}
		return {scrollWidth: document.documentElement.scrollWidth, width: innerWidth, boardWidth: b.width, square: Math.min(sq.width, sq.height), small};
	})()`)
	w := float64(tb.size.width)
	assert.LessOrEqual(tb.t, s.ScrollWidth, w, "no sideways scrolling")
	assert.LessOrEqual(tb.t, s.Width, w, "the layout viewport is the screen (viewport meta)")
	assert.LessOrEqual(tb.t, s.BoardWidth, w, "the board fits the width")
	assert.GreaterOrEqual(tb.t, s.Square, 40.0, "squares are tap targets of 40 px")
	assert.Empty(tb.t, s.Small, "controls smaller than 40 px")
}

// gameState reads the game the page shows, through the API.
func (tb *tab) gameState() gameView {
	tb.t.Helper()
	id := evalIn[string](tb, `new URLSearchParams(location.search).get("game") || ""`)
	require.NotEmpty(tb.t, id, "the URL names the game")
	res, err := http.Get(tb.b.site + "/api/games/" + url.PathEscape(id))
	require.NoError(tb.t, err)
	defer res.Body.Close()
	require.Equal(tb.t, http.StatusOK, res.StatusCode)
	var g gameView
	require.NoError(tb.t, json.NewDecoder(res.Body).Decode(&g))
	return g
}

// gameView is the part of the API's game state the tests read.
type gameView struct {
	ID, Mode, Position, SideToMove string
	Ply                            int
	Over, AIThinking               bool
	Outcome                        *struct{ Reason, Winner string }
	Level                          *int
}

// startGame fills the new-game form and starts.
func (tb *tab) startGame(mode, color string) {
	tb.t.Helper()
	if !evalIn[bool](tb, `document.getElementById("new-details").open`) {
		tb.click("#new-details summary")
	}
	tb.click(`#new-game input[name=mode][value=` + mode + `]`)
	if mode != "local" {
		tb.click(`#new-game input[name=color][value=` + color + `]`)
	}
	if mode == "ai" {
		// The ladder's eight levels, named, with the standing of the one
		// chosen (from GET /api/levels).
		tb.poll(`document.getElementById("level").options.length === 8 && document.getElementById("level-about").textContent !== ""`)
		require.Contains(tb.t, evalIn[string](tb, `document.getElementById("level").options[7].textContent`), "8 · ")
		tb.do(chromedp.SetValue(chromedp.CSS("#level"), "1"))
	}
	tb.click("#start")
	tb.poll(`new URLSearchParams(location.search).has("game")`)
}

// move plays from-to by tapping the two squares and waits until the
// page shows it (or an answer to it).
func (tb *tab) move(from, to string) {
	tb.t.Helper()
	before := evalIn[string](tb, `document.body.dataset.ply`)
	tb.click(tb.sq(from))
	tb.poll(fmt.Sprintf(`!!document.querySelector(%q)`, tb.sq(to)+".target"))
	tb.click(tb.sq(to))
	tb.poll(fmt.Sprintf(`Number(document.body.dataset.ply) > %s || document.body.dataset.over === "1"`, before))
}

// nearColor reports whether the pixel is within 10 of want in each channel.
func nearColor(img image.Image, x, y int, want [3]uint32) bool {
	r, g, b, _ := img.At(x, y).RGBA()
	got := [3]uint32{r >> 8, g >> 8, b >> 8}
	for i := range got {
		if got[i]+10 < want[i] || got[i] > want[i]+10 {
			return false
		}
	}
	return true
}

// countColor counts the pixels of img near want.
func countColor(img image.Image, want [3]uint32) int {
	n := 0
	bd := img.Bounds()
	for y := bd.Min.Y; y < bd.Max.Y; y++ {
		for x := bd.Min.X; x < bd.Max.X; x++ {
			if nearColor(img, x, y, want) {
				n++
			}
		}
	}
	return n
}

func rgb(hex uint32) [3]uint32 { return [3]uint32{hex >> 16 & 255, hex >> 8 & 255, hex & 255} }

// The page's colours the tests look for in screenshots (style.css, light
// theme): the capture ring and the blue token under it.
var (
	colorBlue = rgb(0x2456b6)
	colorRing = rgb(0xffd400)
)

// checkTerrain checks the drawn terrain of water, land, dens and traps (by
// their owner's colour) for a player of colour me at the bottom.
func (tb *tab) checkTerrain(me string) {
	tb.t.Helper()
	own, enemy := "1", "9"
	if me == "blue" {
		own, enemy = "9", "1"
	}
	side := map[string]string{"1": "red", "9": "blue"}
	for _, c := range []struct {
		sq, cssVar, name string
		min              float64
	}{
		{"f6", "--water", "water", .5},
		{"c" + own, "--" + side[own] + "-trap", "own trap", .4}, {"e" + own, "--" + side[own] + "-trap", "own trap", .4},
		{"c" + enemy, "--" + side[enemy] + "-trap", "enemy trap", .4}, {"e" + enemy, "--" + side[enemy] + "-trap", "enemy trap", .4},
		{"d" + own, "--" + side[own] + "-den", "own den", .3}, {"d" + enemy, "--" + side[enemy] + "-den", "enemy den", .3},
	} {
		assert.Greater(tb.t, tb.share(c.sq, c.cssVar), c.min, "%s is drawn as %s for %s", c.sq, c.name, me)
	}
	assert.Greater(tb.t, tb.share("d4", "--land-1")+tb.share("d4", "--land-2"), .9, "d4 is land")
	label := evalIn[string](tb, fmt.Sprintf(`document.querySelector(%q).getAttribute("aria-label")`, tb.sq("c"+own)))
	assert.Contains(tb.t, label, "your trap")
	label = evalIn[string](tb, fmt.Sprintf(`document.querySelector(%q).getAttribute("aria-label")`, tb.sq("d"+enemy)))
	assert.Contains(tb.t, label, "enemy den")
}

// newSite starts the site for a browser test and returns its URL.
func newSite(t *testing.T) string {
	return serveSite(t, newTestServer(t, testOptions{}).Handler())
}

// serveSite serves h for a browser test and returns its URL. At the end,
// after the test's pages have left (their cleanups run first), closing
// the site must not wait on a request: a page's stream that outlives the
// page (one the browser keeps open in its back-forward cache, say) would
// keep a player counted in the lobby, and holds Close for a minute.
func serveSite(t *testing.T, h http.Handler) string {
	srv := httptest.NewServer(h)
	t.Cleanup(func() {
		start := time.Now()
		srv.Close()
		if took := time.Since(start); took > closeWait {
			t.Errorf("closing the site waited %v on requests the test's pages had left", took.Round(time.Millisecond))
		}
	})
	return srv.URL
}

// closeWait is how long closing a browser test's site may wait on its
// requests: httptest's own warning comes after 5 s.
const closeWait = 5 * time.Second
