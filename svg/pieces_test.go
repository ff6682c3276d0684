package svg_test

import (
	"encoding/xml"
	"io"
	"strings"
	"testing"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/svg"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

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

func TestPiecesHoldsEachAnimalsPictogramInOrder(t *testing.T) {
	d := xml.NewDecoder(strings.NewReader(svg.Pieces()))
	var ids []string
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		se, ok := tok.(xml.StartElement)
		if !ok || se.Name.Local != "symbol" {
			continue
		}
		require.Equal(t, "id", se.Attr[0].Name.Local)
		id := se.Attr[0].Value
		ids = append(ids, id)
		a := dsq.Animal(len(ids) - 1)
		var want []string
		for _, line := range svg.Shapes[a] {
			want = append(want, shapeElements(t, xml.NewDecoder(strings.NewReader(svg.Paint(line))), "")...)
		}
		assert.Equal(t, want, shapeElements(t, d, "symbol"), "%s: the shapes Board draws", id)
	}
	var all []string
	for a := dsq.Rat; a <= dsq.Elephant; a++ {
		all = append(all, "dsq-"+a.String())
	}
	assert.Equal(t, all, ids)
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
