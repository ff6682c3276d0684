package svg

import (
	"bytes"
	"fmt"
	"strings"

	dsq "github.com/doushouqi/doushouqi"
)

// shapes are the animal pictograms, drawn for this project (the play site
// serves them as its pieces.svg, made by Pieces), one element a line on a
// 100x100 grid. Class "f" is the animal, drawn in a light colour; "k" its
// features and "ks" their strokes, drawn in the dark colour of the piece's
// side; "t" the elephant's tusks.
var shapes = [dsq.NumAnimals][]string{
	dsq.Rat: {
		`<circle class="f" cx="26" cy="30" r="17"/>`,
		`<circle class="f" cx="74" cy="30" r="17"/>`,
		`<circle class="k" cx="26" cy="30" r="8"/>`,
		`<circle class="k" cx="74" cy="30" r="8"/>`,
		`<path class="f" d="M50 92 C42 92 22 66 24 50 C26 36 38 30 50 30 C62 30 74 36 76 50 C78 66 58 92 50 92 Z"/>`,
		`<circle class="k" cx="40" cy="54" r="4.5"/>`,
		`<circle class="k" cx="60" cy="54" r="4.5"/>`,
		`<circle class="k" cx="50" cy="86" r="4.5"/>`,
		`<path class="ks" d="M42 76 L16 70 M42 80 L18 84 M58 76 L84 70 M58 80 L82 84"/>`,
	},
	dsq.Cat: {
		`<path class="f" d="M20 54 L22 10 L46 30 L54 30 L78 10 L80 54 Z"/>`,
		`<circle class="f" cx="50" cy="58" r="32"/>`,
		`<path class="k" d="M27 36 L28 20 L38 30 Z M73 36 L72 20 L62 30 Z"/>`,
		`<ellipse class="k" cx="38" cy="54" rx="4.5" ry="7"/>`,
		`<ellipse class="k" cx="62" cy="54" rx="4.5" ry="7"/>`,
		`<path class="k" d="M44 66 L56 66 L50 73 Z"/>`,
		`<path class="ks" d="M40 72 L12 66 M40 76 L14 80 M60 72 L88 66 M60 76 L86 80"/>`,
	},
	dsq.Dog: {
		`<ellipse class="f" cx="50" cy="48" rx="25" ry="30"/>`,
		`<ellipse class="f" cx="50" cy="72" rx="17" ry="15"/>`,
		`<path class="f" d="M30 26 C12 26 6 56 14 74 C22 80 30 66 32 50 Z"/>`,
		`<path class="f" d="M70 26 C88 26 94 56 86 74 C78 80 70 66 68 50 Z"/>`,
		`<path class="ks" d="M30 30 C22 40 20 56 20 68 M70 30 C78 40 80 56 80 68"/>`,
		`<circle class="k" cx="41" cy="46" r="4.5"/>`,
		`<circle class="k" cx="59" cy="46" r="4.5"/>`,
		`<ellipse class="k" cx="50" cy="66" rx="7" ry="5"/>`,
		`<path class="ks" d="M50 70 L50 78 M42 80 C46 84 54 84 58 80"/>`,
	},
	dsq.Wolf: {
		`<path class="f" d="M50 94 L37 70 L20 54 L18 6 L40 30 L60 30 L82 6 L80 54 L63 70 Z"/>`,
		`<path class="k" d="M25 38 L25 18 L35 31 Z M75 38 L75 18 L65 31 Z"/>`,
		`<path class="k" d="M32 48 L45 52 L35 56 Z M68 48 L55 52 L65 56 Z"/>`,
		`<ellipse class="k" cx="50" cy="84" rx="6" ry="4.5"/>`,
		`<path class="ks" d="M50 62 L50 78"/>`,
	},
	dsq.Leopard: {
		`<circle class="f" cx="26" cy="28" r="12"/>`,
		`<circle class="f" cx="74" cy="28" r="12"/>`,
		`<circle class="f" cx="50" cy="56" r="33"/>`,
		`<circle class="k" cx="26" cy="28" r="5"/>`,
		`<circle class="k" cx="74" cy="28" r="5"/>`,
		`<circle class="k" cx="38" cy="33" r="3.5"/>`,
		`<circle class="k" cx="50" cy="29" r="3.5"/>`,
		`<circle class="k" cx="62" cy="33" r="3.5"/>`,
		`<circle class="k" cx="26" cy="56" r="3.5"/>`,
		`<circle class="k" cx="74" cy="56" r="3.5"/>`,
		`<circle class="k" cx="29" cy="70" r="3"/>`,
		`<circle class="k" cx="71" cy="70" r="3"/>`,
		`<circle class="k" cx="40" cy="52" r="4.5"/>`,
		`<circle class="k" cx="60" cy="52" r="4.5"/>`,
		`<path class="k" d="M44 66 L56 66 L50 73 Z"/>`,
		`<path class="ks" d="M50 73 L50 78 M42 80 C46 84 54 84 58 80"/>`,
	},
	dsq.Tiger: {
		`<circle class="f" cx="24" cy="26" r="12"/>`,
		`<circle class="f" cx="76" cy="26" r="12"/>`,
		`<ellipse class="f" cx="50" cy="56" rx="36" ry="32"/>`,
		`<circle class="k" cx="24" cy="26" r="5"/>`,
		`<circle class="k" cx="76" cy="26" r="5"/>`,
		`<path class="k" d="M40 30 L60 30 L60 34 L40 34 Z M42 38 L58 38 L58 42 L42 42 Z M48 30 L52 30 L52 46 L48 46 Z"/>`,
		`<path class="k" d="M14 48 L30 52 L14 56 Z M15 62 L30 63 L17 70 Z M86 48 L70 52 L86 56 Z M85 62 L70 63 L83 70 Z"/>`,
		`<circle class="k" cx="39" cy="54" r="4.5"/>`,
		`<circle class="k" cx="61" cy="54" r="4.5"/>`,
		`<path class="k" d="M44 66 L56 66 L50 73 Z"/>`,
		`<path class="ks" d="M50 73 L50 78 M41 80 C46 85 54 85 59 80"/>`,
	},
	dsq.Lion: {
		`<path class="f" d="M50 4 L59 16 L73 10 L75 25 L90 27 L84 41 L96 50 L84 59 L90 73 L75 75 L73 90 L59 84 L50 96 L41 84 L27 90 L25 75 L10 73 L16 59 L4 50 L16 41 L10 27 L25 25 L27 10 L41 16 Z"/>`,
		`<circle class="ks" cx="50" cy="53" r="24"/>`,
		`<circle class="k" cx="41" cy="48" r="4.5"/>`,
		`<circle class="k" cx="59" cy="48" r="4.5"/>`,
		`<path class="k" d="M44 59 L56 59 L50 66 Z"/>`,
		`<path class="ks" d="M50 66 L50 70 M42 72 C46 76 54 76 58 72"/>`,
	},
	dsq.Elephant: {
		`<path class="f" d="M36 26 C12 14 0 46 10 64 C18 76 32 70 38 60 Z"/>`,
		`<path class="f" d="M64 26 C88 14 100 46 90 64 C82 76 68 70 62 60 Z"/>`,
		`<ellipse class="f" cx="50" cy="42" rx="22" ry="24"/>`,
		`<path class="f" d="M40 56 C40 74 42 88 52 94 C60 97 66 92 62 86 C56 82 58 70 60 56 Z"/>`,
		`<path class="ks" d="M34 30 C22 28 14 44 18 56 M66 30 C78 28 86 44 82 56"/>`,
		`<circle class="k" cx="41" cy="42" r="4"/>`,
		`<circle class="k" cx="59" cy="42" r="4"/>`,
		`<path class="t" d="M38 60 C34 66 30 68 26 68 C30 64 33 60 34 56 Z M62 60 C66 66 70 68 74 68 C70 64 67 60 66 56 Z"/>`,
	},
}

// paint gives each class of the pictograms its colours as presentation
// attributes, so that the image needs no style sheet to be drawn, while a
// page that inlines it can still restyle the classes with CSS. The dark
// colour is currentColor: each piece sets it to its side's.
var paint = strings.NewReplacer(
	`class="f"`, `class="f" fill="`+animalColor+`"`,
	`class="k"`, `class="k" fill="currentColor"`,
	`class="ks"`, `class="ks" fill="none" stroke="currentColor" stroke-width="3.5" stroke-linecap="round"`,
	`class="t"`, `class="t" fill="#fff" stroke="currentColor" stroke-width="1.5"`,
)

// writePictogram writes animal a's pictogram as a <symbol> with the id
// "dsq-" and its name ("dsq-rat"), painted.
func writePictogram(b *bytes.Buffer, a dsq.Animal) {
	fmt.Fprintf(b, `<symbol id="dsq-%s" viewBox="0 0 100 100">`+"\n", a)
	for _, line := range shapes[a] {
		b.WriteString(paint.Replace(line))
		b.WriteByte('\n')
	}
	b.WriteString("</symbol>\n")
}

// Pieces returns the eight animal pictograms, as Board draws them, in one
// SVG document of <symbol> elements, rat to elephant, with the ids
// "dsq-rat" to "dsq-elephant", each on a 100x100 view box: a page can <use>
// them, or copy their shapes into its own pieces and restyle their classes
// ("f" the animal, "k" and "ks" its features, "t" the tusks) with CSS. The
// dark colour is currentColor. The play site serves it as /pieces.svg.
func Pieces() string {
	var b bytes.Buffer
	b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">` + "\n")
	for a := dsq.Rat; a <= dsq.Elephant; a++ {
		writePictogram(&b, a)
	}
	b.WriteString("</svg>\n")
	return b.String()
}
