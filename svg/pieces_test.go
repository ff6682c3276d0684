package svg_test

import (
	"encoding/xml"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/svg"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// sitePieces is the play site's pictogram file, in this repository but not in
// this module's downloads.
var sitePieces = filepath.Join("..", "site", "web", "static", "pieces.svg")

// shapeElements reads a sequence of XML elements as "name attr=value ..."
// lines, in order, so that two writings of the same shapes compare equal
// whatever their spacing.
func shapeElements(t *testing.T, d *xml.Decoder, until string) []string {
	t.Helper()
	var out []string
	for {
		tok, err := d.Token()
		if err == io.EOF {
			return out
		}
		require.NoError(t, err)
		switch tok := tok.(type) {
		case xml.StartElement:
			line := tok.Name.Local
			for _, a := range tok.Attr {
				line += " " + a.Name.Local + "=" + a.Value
			}
			out = append(out, line)
		case xml.EndElement:
			if tok.Name.Local == until {
				return out
			}
		}
	}
}

func TestShapesMatchThePlaySite(t *testing.T) {
	data, err := os.ReadFile(sitePieces)
	if errors.Is(err, fs.ErrNotExist) {
		t.Skip("the play site is not in this copy of the module")
	}
	require.NoError(t, err)
	site := map[string][]string{}
	d := xml.NewDecoder(strings.NewReader(string(data)))
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		if se, ok := tok.(xml.StartElement); ok && se.Name.Local == "symbol" {
			for _, a := range se.Attr {
				if a.Name.Local == "id" {
					site[a.Value] = shapeElements(t, d, "symbol")
				}
			}
		}
	}
	require.Len(t, site, dsq.NumAnimals)
	for a := dsq.Rat; a <= dsq.Elephant; a++ {
		ours := strings.Join(svg.Shapes[a], "\n")
		got := shapeElements(t, xml.NewDecoder(strings.NewReader(ours)), "")
		assert.Equal(t, site[a.String()], got, "the %s differs from %s", a, sitePieces)
	}
}

func TestPaintColoursEveryShape(t *testing.T) {
	for a := dsq.Rat; a <= dsq.Elephant; a++ {
		require.NotEmpty(t, svg.Shapes[a])
		for _, line := range svg.Shapes[a] {
			painted := svg.Paint(line)
			assert.Contains(t, painted, ` fill="`, "%s: %s", a, painted)
			var n struct {
				Attrs []xml.Attr `xml:",any,attr"`
			}
			require.NoError(t, xml.Unmarshal([]byte(painted), &n), painted)
			seen := map[string]bool{}
			for _, at := range n.Attrs {
				require.False(t, seen[at.Name.Local], "attribute %s twice in %s", at.Name.Local, painted)
				seen[at.Name.Local] = true
			}
		}
	}
}
