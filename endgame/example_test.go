package endgame_test

import (
	"fmt"
	"os"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/endgame"
)

// A red elephant and lion against a blue elephant: solve the material (and
// the smaller ones its captures lead to), then ask about a position at two
// no-capture counts.
func ExampleTables_Verdict() {
	ts, err := endgame.NewTables(dsq.Standard)
	if err != nil {
		panic(err)
	}
	m, err := endgame.ParseMaterial("ELve")
	if err != nil {
		panic(err)
	}
	if err := ts.Generate([]endgame.Material{m}, endgame.Options{}); err != nil {
		panic(err)
	}
	for _, s := range []string{
		"7/7/2e4/7/E6/L6/7/7/7 b 0 1",  // Blue to move, no capture for 0 half-moves
		"7/7/2e4/7/E6/L6/7/7/7 b 50 1", // the same with 10 half-moves left before the draw
		"7/7/2e4/7/E6/L6/7/7/7 r 0 1",  // Red to move
	} {
		pos, err := dsq.ParsePosition(s)
		if err != nil {
			panic(err)
		}
		v, _ := ts.Verdict(pos)
		fmt.Println(v)
	}
	// Output:
	// blue wins in 17: c7d7
	// draw: c7b7 c7d7 c7c8
	// red wins in 15: a5a6
}

// Probing gives the value for the side to move.
func ExampleTables_Probe() {
	ts, _ := endgame.NewTables(dsq.Standard)
	m, _ := endgame.ParseMaterial("Rve")
	_ = ts.Generate([]endgame.Material{m}, endgame.Options{})
	pos, _ := dsq.ParsePosition("7/7/7/7/7/7/7/3e3/R6 r 0 1")
	v, ok := ts.Probe(pos)
	fmt.Println(v, ok) // the elephant on d2 enters Red's den next
	// Output:
	// loss in 2 true
}

func ExampleParseMaterial() {
	m, err := endgame.ParseMaterial("Evcr")
	fmt.Println(m, m.Count(), err)
	fmt.Println(endgame.FileName(m))
	_, err = endgame.ParseMaterial("Evcrr")
	fmt.Println(err)
	// Output:
	// Evcr 3 <nil>
	// Evcr.egtb
	// invalid material: "Evcrr": two blue rats
}

// Tables written to a directory are opened, mapped into memory where the
// system allows (shared by every process that opens them), and released
// with Close.
func ExampleOpen() {
	dir, err := os.MkdirTemp("", "egtb")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	solved, _ := endgame.NewTables(dsq.Standard)
	m, _ := endgame.ParseMaterial("Rve")
	_ = solved.Generate([]endgame.Material{m}, endgame.Options{})
	for _, m := range solved.Materials() {
		if err := solved.Table(m).WriteFile(dir); err != nil {
			panic(err)
		}
	}

	ts, err := endgame.Open(dir, dsq.Standard)
	if err != nil {
		panic(err)
	}
	defer ts.Close()
	pos, _ := dsq.ParsePosition("7/7/7/7/7/7/7/3e3/R6 r 0 1")
	fmt.Println(ts.Probe(pos))
	// Output:
	// loss in 2 true
}
