package docs

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// mdLink is a Markdown link's target: [text](target).
var mdLink = regexp.MustCompile(`\]\(([^)\s]+)\)`)

// TestDocLinksResolve: every relative link of the README, docs/*.md and the
// lab's index names a file or folder of the repository, so that moving a
// file without its citations fails here.
func TestDocLinksResolve(t *testing.T) {
	root, err := filepath.Abs("../../..")
	require.NoError(t, err)
	files := []string{"README.md", "CHANGELOG.md", "lab/README.md", "site/API.md"}
	docs, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	require.NoError(t, err)
	for _, d := range docs {
		rel, _ := filepath.Rel(root, d)
		files = append(files, rel)
	}
	checked := 0
	for _, f := range files {
		data, err := os.ReadFile(filepath.Join(root, f))
		require.NoError(t, err)
		for _, m := range mdLink.FindAllStringSubmatch(string(data), -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "#") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			target, _, _ = strings.Cut(target, "#")
			path := filepath.Join(root, filepath.Dir(f), target)
			_, err := os.Stat(path)
			assert.NoError(t, err, "%s links to %s", f, m[1])
			checked++
		}
	}
	assert.NotZero(t, checked)
}
