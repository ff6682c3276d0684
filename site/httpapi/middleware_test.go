package httpapi

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/doushouqi/doushouqi/site/internal/apitest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRefusedRequestsSummed: a flood of refused requests from one address
// writes a few log lines, not one each, and those lines still add up to
// every refusal; another address's refusal is logged at once.
func TestRefusedRequestsSummed(t *testing.T) {
	// Not parallel: the log lines counted depend on how fast the flood is sent.
	var logs apitest.Buffer
	c, s := newClient(t, testOptions{logs: &logs, config: func(c *Config) { c.ClientIPHeader = "X-Forwarded-For" }})
	s.refused = newRefusalLog(s.log, 200*time.Millisecond, 100)
	const flood = 1000
	for range flood {
		res := c.Req("POST", "/api/games", `{"mode":"local"}`, "Content-Type", "text/plain")
		require.Equal(t, http.StatusUnsupportedMediaType, res.Status)
	}
	c.Req("POST", "/api/games", `{"mode":"local"}`, "Content-Type", "text/plain", "X-Forwarded-For", "10.1.2.3")
	time.Sleep(400 * time.Millisecond) // the last summary
	lines, logged, full := 0, 0, 0
	for _, line := range strings.Split(strings.TrimSpace(logs.String()), "\n") {
		var rec map[string]any
		require.NoError(t, json.Unmarshal([]byte(line), &rec), line)
		if rec["status"] != float64(http.StatusUnsupportedMediaType) {
			continue
		}
		lines++
		switch rec["msg"] {
		case "request":
			logged++
			full++
		case "requests refused":
			assert.Equal(t, "127.0.0.1", rec["client"])
			logged += int(rec["more"].(float64))
		}
	}
	t.Logf("%d refusals, %d log lines with their status", flood+1, lines)
	assert.Equal(t, flood+1, logged, "the lines add up to every refusal")
	assert.GreaterOrEqual(t, full, 2, "the first refusal of each address is logged in full")
	assert.Less(t, lines, 60, "a few lines, not one per refusal")
}

func TestRefusalLogOverflow(t *testing.T) {
	t.Parallel()
	var logs apitest.Buffer
	l := newRefusalLog(newJSONLogger(&logs), time.Hour, 2)
	assert.True(t, l.note("a", 429))
	assert.False(t, l.note("a", 429))
	assert.True(t, l.note("a", 403), "another status is counted apart")
	assert.True(t, l.note("b", 429), "beyond max: the overflow count, logged once")
	assert.False(t, l.note("c", 429))
	assert.Len(t, l.seen, 3)
	l.sum(refusalKey{"", 429})
	assert.Contains(t, logs.String(), `"more":1`)
}

// TestStaticRangesBounded: a request for many ranges of a file (each a
// part with its own header: the answer many times the file) gets the
// whole file once, 200; one range is still served, 206.
func TestStaticRangesBounded(t *testing.T) {
	t.Parallel()
	c, _ := newClient(t, testOptions{})
	whole := c.Req("GET", "/main.js", "")
	require.Equal(t, http.StatusOK, whole.Status)
	many := strings.TrimSuffix(strings.Repeat("0-0,", 5040), ",")
	res := c.Req("GET", "/main.js", "", "Range", "bytes="+many)
	assert.Equal(t, http.StatusOK, res.Status)
	assert.Equal(t, len(whole.Raw), len(res.Raw), "the file once, not 5,040 parts")
	res = c.Req("GET", "/main.js", "", "Range", "bytes=0-0,5-9")
	assert.Equal(t, http.StatusOK, res.Status, "two ranges: the whole file")
	res = c.Req("GET", "/main.js", "", "Range", "bytes=0-9")
	assert.Equal(t, http.StatusPartialContent, res.Status)
	assert.Equal(t, whole.Raw[:10], res.Raw)
}
