package web_test

import (
	"encoding/json"
	"io/fs"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/site/web"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// rulesModule reads the exports of the served rules.js: each name's JSON.
func rulesModule(t *testing.T) map[string]json.RawMessage {
	t.Helper()
	res, body := get(t, "/rules.js")
	require.Equal(t, http.StatusOK, res.StatusCode)
	assert.Contains(t, res.Header.Get("Content-Type"), "javascript")
	served, err := fs.ReadFile(web.Static, "rules.js")
	require.NoError(t, err)
	require.Equal(t, string(served), body, "Static holds what is served")
	out := map[string]json.RawMessage{}
	line := regexp.MustCompile(`(?m)^export const ([A-Z]+) = (.*);$`)
	for _, m := range line.FindAllStringSubmatch(body, -1) {
		require.True(t, json.Valid([]byte(m[2])), "%s = %s", m[1], m[2])
		out[m[1]] = json.RawMessage(m[2])
	}
	return out
}

// orderedKeys returns the keys of a JSON object in the order written.
func orderedKeys(t *testing.T, data json.RawMessage) []string {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(string(data)))
	tok, err := dec.Token()
	require.NoError(t, err)
	require.Equal(t, json.Delim('{'), tok)
	var keys []string
	for dec.More() {
		k, err := dec.Token()
		require.NoError(t, err)
		keys = append(keys, k.(string))
		var skip any
		require.NoError(t, dec.Decode(&skip))
	}
	return keys
}

// TestRulesModuleIsTheLibrarys: rules.js gives the page the board and the
// rules as the library has them: every square's terrain, the animals'
// letters and ranks in rank order, the start position, and each refusal's
// code and sentence.
func TestRulesModuleIsTheLibrarys(t *testing.T) {
	mod := rulesModule(t)
	decode := func(name string, v any) {
		t.Helper()
		require.Contains(t, mod, name)
		require.NoError(t, json.Unmarshal(mod[name], v), name)
	}
	var files, start string
	decode("FILES", &files)
	decode("START", &start)
	assert.Equal(t, "abcdefg", files)
	pos, err := dsq.ParsePosition(start)
	require.NoError(t, err)
	assert.Equal(t, dsq.StartPosition(), pos)

	var water []string
	var traps, dens map[string]string
	decode("WATER", &water)
	decode("TRAPS", &traps)
	decode("DENS", &dens)
	for sq := range dsq.Square(dsq.NumSquares) {
		name := sq.String()
		assert.Equal(t, dsq.Water.Has(sq), slices.Contains(water, name), "water on %s", name)
		for _, c := range []dsq.Color{dsq.Red, dsq.Blue} {
			assert.Equal(t, dsq.TrapsOf(c).Has(sq), traps[name] == c.String(), "%s trap on %s", c, name)
			assert.Equal(t, dsq.DenOf(c).Has(sq), dens[name] == c.String(), "%s den on %s", c, name)
		}
	}
	assert.Len(t, water, 12)
	assert.Len(t, traps, 6)
	assert.Len(t, dens, 2)

	var animals map[string]string
	var ranks map[string]int
	decode("ANIMALS", &animals)
	decode("RANKS", &ranks)
	var names []string
	for a := range dsq.Animal(dsq.NumAnimals) {
		p := dsq.NewPiece(dsq.Blue, a)
		assert.Equal(t, a.String(), animals[string(p.Letter())], "letter %c", p.Letter())
		assert.Equal(t, a.Rank(), ranks[a.String()], a.String())
		names = append(names, a.String())
	}
	assert.Len(t, animals, 8)
	assert.Equal(t, names, orderedKeys(t, mod["RANKS"]), "the page lists the ranks lowest first")

	var refusals map[string]string
	decode("REFUSALS", &refusals)
	var codes []string
	for r := range dsq.Refusals() {
		assert.Equal(t, r.String(), refusals[r.Code()], r.Code())
		codes = append(codes, r.Code())
	}
	assert.Len(t, refusals, len(codes))
	assert.Equal(t, codes, orderedKeys(t, mod["REFUSALS"]))
}

// TestPageRestatesNoRule: the page's own scripts take the terrain, the
// ranks, the start position and the refusals' English from rules.js, and
// write none of them again.
func TestPageRestatesNoRule(t *testing.T) {
	js, err := fs.Glob(web.Static, "*.js")
	require.NoError(t, err)
	start, _, _ := strings.Cut(dsq.StartNotation, " ")
	for _, name := range js {
		if name == "rules.js" {
			continue
		}
		data, err := fs.ReadFile(web.Static, name)
		require.NoError(t, err)
		src := string(data)
		assert.NotContains(t, src, start, "%s: the start position", name)
		assert.NotRegexp(t, `"b4",\s*"c4"`, src, "%s: the water", name)
		assert.NotRegexp(t, `c1:\s*"red"|"c1":\s*"red"`, src, "%s: the traps", name)
		assert.NotRegexp(t, `d1:\s*"red"|"d1":\s*"red"`, src, "%s: the dens", name)
		assert.NotRegexp(t, `elephant:\s*8|"elephant":\s*8`, src, "%s: the ranks", name)
		for r := range dsq.Refusals() {
			assert.NotContains(t, src, `"`+r.String()+`"`, "%s: the library's words for %s", name, r.Code())
		}
	}
	for _, name := range []string{"board.js", "position.js", "i18n.js"} {
		data, err := fs.ReadFile(web.Static, name)
		require.NoError(t, err)
		assert.Contains(t, string(data), `from "./rules.js";`, name)
	}
}
