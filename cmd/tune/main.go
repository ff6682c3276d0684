// Command tune fits the evaluation's weights to self-play games (Texel
// tuning) and writes them as internal/eval/weights.go:
//
//	go -C cmd run ./tune [-nodes 1500,2500] [-openings FILE] [-rules R]
//	    [-procs N] [-shape [-curves groups|animals]] [-data FILE] [-out FILE]
//
// It plays the engine against itself from every opening of -openings at
// each node count of -nodes, under the house rules of -rules, keeps the
// quiet positions (no capture, den entry or den threat) with the game's
// result, and moves each parameter up or down while that lowers the mean
// squared error between the result and the logistic of the evaluation,
// starting from today's weights (see fit). Everything is deterministic: the
// same command on the same code and as many cores writes the same file.
// The weights of v39 (lab/match/results), of which today's go three
// quarters of the way from v38's, came from the same fit (then the test
// TestTuneEval) run on v33's code:
//
//	go -C cmd run ./tune -shape -openings ../lab/match/openings-3000.txt \
//	    -rules trapped-capture,move-limit=200,threefold -nodes 4000 \
//	    -data /tmp/pub4000.gob -out /tmp/weights.go
//
// A change of weights is kept only when a match says so (docs/ai.md).
package main

import (
	"bufio"
	"context"
	"encoding/gob"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"strings"
	"sync"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/internal/eval"
	"github.com/doushouqi/doushouqi/search"
)

// config is the command's flags.
type config struct {
	nodes    string
	out      string
	openings string
	rules    string
	procs    int
	shape    bool
	curves   string
	data     string
}

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("tune", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var c config
	fs.StringVar(&c.nodes, "nodes", "1500,2500", "nodes per move of the self-play games, one series of games per value")
	fs.StringVar(&c.out, "out", "../internal/eval/weights.go", "file the fitted weights are written to")
	fs.StringVar(&c.openings, "openings", "match/testdata/openings.txt", "file of the self-play games' starting positions")
	fs.StringVar(&c.rules, "rules", "standard", "house rules of the self-play games (doushouqi.ParseRules)")
	fs.IntVar(&c.procs, "procs", runtime.GOMAXPROCS(0), "self-play games played at once")
	fs.BoolVar(&c.shape, "shape", false, "keep the shape of the advance curves: fit a scale for each group of them (-curves), and the material values")
	fs.StringVar(&c.curves, "curves", "groups", "with -shape, the advance curves that share a scale: groups (the small animals, rat to wolf, and the large ones) or animals (one each)")
	fs.StringVar(&c.data, "data", "", "file of the labelled positions: read if it exists, else written after the self-play (to fit again without playing)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if err := tune(c, stdout); err != nil {
		fmt.Fprintln(stderr, "tune:", err)
		return 1
	}
	return 0
}

// tune reads or plays the labelled positions and fits the weights.
func tune(c config, log io.Writer) error {
	groupOf, groups, err := curveGroups(c.curves)
	if err != nil {
		return err
	}
	list, err := readLabelled(c.data)
	if err != nil {
		// Only a missing file means play; a damaged one is not overwritten.
		if !errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("-data %s: %w", c.data, err)
		}
		if list, err = playGames(c, log); err != nil {
			return err
		}
		if c.data != "" {
			if err := writeLabelled(c.data, list); err != nil {
				return err
			}
		}
	}
	params, toWeights := freeWeights()
	if c.shape {
		params, toWeights = shapedWeights(groupOf, groups)
	}
	w, n, k, before, after := fit(samplesOf(list), params, toWeights, log)
	return os.WriteFile(c.out, []byte(weightsSource(&w, n, k, before, after)), 0o644)
}

// labelled is a quiet position of a self-play game and the game's result,
// as the -data file keeps them: the position in text, so that the file
// outlives a change of the features.
type labelled struct {
	Position string
	Result   float64 // 1 Red won, 0.5 drawn, 0 Blue won
}

// sample is a labelled position's features, as the loss reads them.
type sample struct {
	f      [eval.NumFeatures]int8 // Red's features minus Blue's
	result float64
}

// samplesOf computes the features of the labelled positions; one that does
// not parse is left out.
func samplesOf(list []labelled) []sample {
	samples := make([]sample, 0, len(list))
	for _, l := range list {
		pos, err := dsq.ParsePosition(l.Position)
		if err != nil {
			continue
		}
		var f [eval.NumFeatures]int
		eval.Features(&pos, dsq.Red, 1, &f)
		eval.Features(&pos, dsq.Blue, -1, &f)
		var s sample
		for j := range f {
			s.f[j] = int8(f[j])
		}
		s.result = l.Result
		samples = append(samples, s)
	}
	return samples
}

// playGames plays the self-play games of the flags and returns their quiet
// positions, labelled.
func playGames(c config, log io.Writer) ([]labelled, error) {
	openings, err := readOpenings(c.openings)
	if err != nil {
		return nil, err
	}
	rules, err := dsq.ParseRules(c.rules)
	if err != nil {
		return nil, err
	}
	var list []labelled
	for field := range strings.SplitSeq(c.nodes, ",") {
		var nodes uint64
		if _, err := fmt.Sscan(field, &nodes); err != nil || nodes == 0 {
			return nil, fmt.Errorf("-nodes %q: want positive counts separated by commas", c.nodes)
		}
		// Each game is played by its own engine, so the samples do not
		// depend on how many games run at once; they are gathered in the
		// openings' order.
		games := make([][]labelled, len(openings))
		errs := make([]error, len(openings))
		next := make(chan int)
		var wg sync.WaitGroup
		for range max(c.procs, 1) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := range next {
					games[i], errs[i] = selfPlay(openings[i], rules, nodes)
				}
			}()
		}
		for i := range openings {
			next <- i
			if i%500 == 499 {
				fmt.Fprintf(log, "nodes %d: %d games started\n", nodes, i+1)
			}
		}
		close(next)
		wg.Wait()
		for i := range games {
			if errs[i] != nil {
				return nil, fmt.Errorf("opening %d: %w", i, errs[i])
			}
			list = append(list, games[i]...)
		}
		fmt.Fprintf(log, "nodes %d: %d games, %d positions\n", nodes, len(openings), len(list))
	}
	return list, nil
}

// readLabelled reads the labelled positions writeLabelled wrote.
func readLabelled(path string) ([]labelled, error) {
	if path == "" {
		return nil, os.ErrNotExist
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var list []labelled
	return list, gob.NewDecoder(bufio.NewReader(f)).Decode(&list)
}

// writeLabelled writes the labelled positions to path.
func writeLabelled(path string, list []labelled) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	if err := gob.NewEncoder(w).Encode(list); err != nil {
		f.Close()
		return err
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// fit moves each parameter up or down by each step in turn while that
// lowers the loss, and returns the weights, the number of samples, the
// logistic's scale and the loss before and after. Free (the default), the
// parameters are the weights themselves, material aside; with -shape they
// are the material values, one scale for each group's advance curve (its
// shape kept: the free curves zigzag) and the other weights.
func fit(samples []sample, params []int, toWeights func([]int) [eval.NumFeatures]int, log io.Writer) (w [eval.NumFeatures]int, n int, k, before, after float64) {
	w = toWeights(params)
	k = fitK(samples, &w)
	before = loss(samples, &w, k)
	for _, step := range []int{40, 20, 10, 5, 2} {
		for improved := true; improved; {
			improved = false
			for i := range params {
				w = toWeights(params)
				best := loss(samples, &w, k)
				for _, d := range []int{step, -step} {
					params[i] += d
					w = toWeights(params)
					if l := loss(samples, &w, k); l < best-1e-9 {
						best, improved = l, true
						continue
					}
					params[i] -= d
				}
			}
		}
		w = toWeights(params)
		fmt.Fprintf(log, "step %d: loss %.6f %v\n", step, loss(samples, &w, k), params)
	}
	w = toWeights(params)
	after = loss(samples, &w, k)
	fmt.Fprintf(log, "%d positions, K %.3f, loss %.6f -> %.6f\n", len(samples), k, before, after)
	return w, len(samples), k, before, after
}

// freeWeights: the parameters are the weights but material and distance 0
// (the den: decided, never evaluated). Each piece has exactly one advance
// feature, so material and a free advance curve are collinear and only one
// of them can be fitted: material stays as set.
func freeWeights() ([]int, func([]int) [eval.NumFeatures]int) {
	weights := eval.Weights()
	var index []int
	for i := range eval.NumFeatures {
		if i >= eval.FAdvance && (i >= eval.FRatInWater || (i-eval.FAdvance)%eval.AdvanceSteps != 0) {
			index = append(index, i)
		}
	}
	params := make([]int, len(index))
	for j, i := range index {
		params[j] = weights[i]
	}
	return params, func(p []int) [eval.NumFeatures]int {
		w := weights
		for j, i := range index {
			w[i] = p[j]
		}
		return w
	}
}

// shapedWeights: the parameters are the material values, the scale of
// each group of advance curves (groupOf) in thousandths of today's, and the
// weights after the advance.
func shapedWeights(groupOf func(dsq.Animal) int, groups int) ([]int, func([]int) [eval.NumFeatures]int) {
	weights := eval.Weights()
	scales := eval.FAdvance                    // params[scales+g]: group g's curves
	rest := scales + groups - eval.FRatInWater // params[i+rest]: weight i >= FRatInWater
	params := make([]int, 0, eval.FAdvance+groups+eval.NumFeatures-eval.FRatInWater)
	params = append(params, weights[:eval.FAdvance]...)
	for range groups {
		params = append(params, 1000)
	}
	params = append(params, weights[eval.FRatInWater:]...)
	return params, func(p []int) [eval.NumFeatures]int {
		w := weights
		copy(w[:eval.FAdvance], p[:eval.FAdvance])
		for a := range dsq.Animal(dsq.NumAnimals) {
			for d := range eval.AdvanceSteps {
				i := eval.FAdvance + int(a)*eval.AdvanceSteps + d
				w[i] = weights[i] * p[scales+groupOf(a)] / 1000
			}
		}
		for i := eval.FRatInWater; i < eval.NumFeatures; i++ {
			w[i] = p[i+rest]
		}
		return w
	}
}

// curveGroups is how a -curves value groups the advance curves: a function
// from animal to group, and the number of groups.
func curveGroups(curves string) (func(dsq.Animal) int, int, error) {
	switch curves {
	case "groups":
		return func(a dsq.Animal) int {
			if a >= dsq.Leopard {
				return 1
			}
			return 0
		}, 2, nil
	case "animals":
		return func(a dsq.Animal) int { return int(a) }, dsq.NumAnimals, nil
	}
	return nil, 0, fmt.Errorf("-curves %q: want groups or animals", curves)
}

// readOpenings reads a file of positions, one a line, # comments skipped.
func readOpenings(path string) ([]dsq.Position, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var list []dsq.Position
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		pos, err := dsq.ParsePosition(text)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", path, line, err)
		}
		list = append(list, pos)
	}
	return list, sc.Err()
}

// selfPlay plays one game of the engine against itself and returns its
// quiet positions labelled with the result.
func selfPlay(start dsq.Position, rules dsq.Rules, nodes uint64) ([]labelled, error) {
	e := search.NewEngine(8)
	g, err := dsq.NewGameRules(start, rules)
	if err != nil {
		return nil, err
	}
	var quiet []dsq.Position
	for ply := 0; ply < 400 && !g.IsOver(); ply++ {
		pos := g.Position()
		if isQuiet(&pos) {
			quiet = append(quiet, pos)
		}
		r, err := e.SearchGame(context.Background(), g, search.Options{Nodes: nodes})
		if err != nil {
			return nil, err
		}
		if err := g.Play(r.Move); err != nil {
			return nil, err
		}
	}
	result := 0.5
	if out := g.Outcome(); out.IsDecided() && !out.IsDraw() {
		result = 1
		if out.Winner == dsq.Blue {
			result = 0
		}
	}
	list := make([]labelled, len(quiet))
	for i := range quiet {
		list[i] = labelled{quiet[i].String(), result}
	}
	return list, nil
}

// isQuiet: the evaluation is the quiescence search's answer there: no
// enemy piece next to the den of the side to move (on its traps), and no
// capture or den entry to make.
func isQuiet(pos *dsq.Position) bool {
	us := pos.SideToMove()
	if pos.Occupied(us.Other())&dsq.TrapsOf(us) != 0 {
		return false
	}
	den := dsq.DenOf(us.Other())
	for _, m := range pos.LegalMoves() {
		if den.Has(m.To()) || pos.PieceAt(m.To()) != dsq.NoPiece {
			return false
		}
	}
	return true
}

// loss is the mean squared error between the results and the logistic of
// the evaluation, summed in parts on every core (in a fixed order, so the
// same samples and weights give the same loss).
func loss(samples []sample, w *[eval.NumFeatures]int, k float64) float64 {
	if len(samples) == 0 {
		return 0
	}
	parts := make([]float64, runtime.GOMAXPROCS(0))
	size := (len(samples) + len(parts) - 1) / len(parts)
	var wg sync.WaitGroup
	for p := range parts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			scale, sum := -k*math.Ln10/400, 0.0
			for i := p * size; i < min((p+1)*size, len(samples)); i++ {
				s := 0
				for j, f := range samples[i].f {
					s += int(f) * w[j]
				}
				d := samples[i].result - 1/(1+math.Exp(scale*float64(s)))
				sum += d * d
			}
			parts[p] = sum
		}()
	}
	wg.Wait()
	sum := 0.0
	for _, x := range parts {
		sum += x
	}
	return sum / float64(len(samples))
}

// fitK finds the scale of the logistic that fits the current weights best.
func fitK(samples []sample, w *[eval.NumFeatures]int) float64 {
	best, bestK := math.Inf(1), 1.0
	for k := 0.01; k <= 3; k += 0.01 {
		if l := loss(samples, w, k); l < best {
			best, bestK = l, k
		}
	}
	return bestK
}

// weightsSource is the Go source of internal/eval/weights.go for w.
func weightsSource(w *[eval.NumFeatures]int, n int, k, before, after float64) string {
	var b strings.Builder
	row := func(from, to int) {
		b.WriteString("\t")
		for i := from; i < to; i++ {
			fmt.Fprintf(&b, "%d,", w[i])
			if i < to-1 {
				b.WriteString(" ")
			}
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "package eval\n\n// weights are the evaluation's weights, indexed by the F* constants of\n// eval.go, in centi-rats. Written by cmd/tune: %d quiet positions of\n// self-play games, K %.2f, mean squared error %.6f before and %.6f after.\nvar weights = [NumFeatures]int{\n", n, k, before, after)
	b.WriteString("\t// material: rat, cat, dog, wolf, leopard, tiger, lion, elephant\n")
	row(eval.FMaterial, eval.FAdvance)
	b.WriteString("\t// advance by distance 0..14 to the enemy den: rat, cat, dog, wolf, leopard, tiger, lion, elephant\n")
	for a := range dsq.NumAnimals {
		row(eval.FAdvance+a*eval.AdvanceSteps, eval.FAdvance+(a+1)*eval.AdvanceSteps)
	}
	b.WriteString("\t// rat in water, den guard, in an enemy trap\n")
	row(eval.FRatInWater, eval.FOpenToMove)
	b.WriteString("\t// open traps: with the move; without it, one, two, three\n")
	row(eval.FOpenToMove, eval.NumFeatures)
	b.WriteString("}\n\n// Weights returns a copy of the weights in use, indexed by the F*\n// constants: what the tuner starts from.\nfunc Weights() [NumFeatures]int { return weights }\n")
	return b.String()
}
