package doushouqi_test

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
)

// TestRulesDocument: RULES.md, which the package and its errors cite, is in
// the repository and describes what the code does: the start position, every
// house rule option with its text form, and the record's result tokens.
func TestRulesDocument(t *testing.T) {
	data, err := os.ReadFile("RULES.md")
	require.NoError(t, err, "RULES.md is cited as normative: it must be in the repository")
	doc := string(data)
	assert.Contains(t, doc, dsq.StartNotation)
	for _, section := range []string{"## Board", "## Moves", "## Captures", "## End of the game", "## Position notation", "## Move notation", "## House rules", "## Game records"} {
		assert.Contains(t, doc, section)
	}

	options := map[string]dsq.Rules{
		"TrappedCapture": {TrappedCapture: true},
		"SwapDogWolf":    {SwapDogWolf: true},
		"MoveLimit":      {MoveLimit: dsq.NoMoveLimit},
		"Threefold":      {Threefold: true},
	}
	fields := reflect.TypeFor[dsq.Rules]()
	require.Equal(t, fields.NumField(), len(options), "every Rules option is documented below")
	for i := range fields.NumField() {
		name := fields.Field(i).Name
		r, ok := options[name]
		require.True(t, ok, "Rules.%s has no entry here", name)
		assert.Contains(t, doc, "`"+name+"`", "RULES.md describes Rules.%s", name)
		assert.Contains(t, doc, "`"+r.String()+"`", "RULES.md gives the text form of Rules.%s", name)
	}
	assert.Contains(t, doc, "`move-limit=N`")
	assert.Contains(t, doc, "`"+dsq.Standard.String()+"`")
	for _, tok := range []string{"`1-0`", "`0-1`", "`1/2-1/2`", "`*`"} {
		assert.Contains(t, doc, tok)
	}

	// Every citation of RULES.md in the module's Go files and docs names
	// this file: no other rules document is cited.
	err = filepath.WalkDir(".", func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !(strings.HasSuffix(path, ".go") || strings.HasSuffix(path, ".md")) {
			return err
		}
		text, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, line := range strings.Split(string(text), "\n") {
			if strings.Contains(line, "RULES") {
				assert.NotRegexp(t, `RULES\.[a-z]+`, strings.ReplaceAll(line, "RULES.md", ""), "%s cites another rules file: %s", path, line)
			}
		}
		return nil
	})
	require.NoError(t, err)
}
