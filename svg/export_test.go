package svg

// Shapes and Paint give the external tests the pictograms as this package
// holds them, and as it writes them.
var (
	Shapes = shapes
	Paint  = paint.Replace
)
