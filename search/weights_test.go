package search

import (
	"bufio"
	"context"
	"encoding/gob"
	"flag"
	"fmt"
	"math"
	"os"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dsq "github.com/doushouqi/doushouqi"
)

// The evaluation's weights are fitted to self-play games (Texel tuning):
//
//	go test ./search -run TestTuneEval -tune -timeout 1h
//
// plays the engine against itself from every opening of -tune.openings
// (by default this package's testdata/openings.txt, so that the test needs
// nothing outside the module; fits before it used the match tool's 400,
// ../cmd/match/testdata/openings.txt) at
// each node count of -tune.nodes, under the house rules of -tune.rules,
// keeps the quiet positions (no capture, den entry or den threat) with the
// game's result, and moves each parameter up or down while that lowers the
// mean squared error between the result and the logistic of the
// evaluation (see fitWeights for the parameters), starting from today's
// weights; it then writes weights.go (-tune.out). Everything is
// deterministic: the same command on the same code and as many cores writes
// the same file. The weights of v39 (cmd/match/results), of which
// today's go three quarters of the way from v38's, came from
//
//	go test ./search -run TestTuneEval -tune -tune.shape \
//	    -tune.openings ../lab/match/openings-3000.txt \
//	    -tune.rules trapped-capture,move-limit=200,threefold -tune.nodes 4000 \
//	    -tune.data /tmp/pub4000.gob -tune.out /tmp/weights.go -timeout 2h
//
// run on v33's code (its engine played the games, its weights were the
// start; v38 has the same); on today's code it plays other games. v41a's
// fit was -tune.curves animals.
var (
	tune      = flag.Bool("tune", false, "fit the evaluation weights to self-play games and write them")
	tuneNodes = flag.String("tune.nodes", "1500,2500", "nodes per move of the self-play games, one series of games per value")
	tuneOut   = flag.String("tune.out", "weights.go", "file the fitted weights are written to")
	tuneOpen  = flag.String("tune.openings", "testdata/openings.txt", "file of the self-play games' starting positions (the module's 40; the match tool's 400 are ../cmd/match/testdata/openings.txt in the repository)")
	tuneRules = flag.String("tune.rules", "standard", "house rules of the self-play games (dsq.ParseRules)")
	tuneProcs = flag.Int("tune.procs", runtime.GOMAXPROCS(0), "self-play games played at once")
	tuneShape = flag.Bool("tune.shape", false, "keep the shape of the advance curves: fit a scale for each group of them (-tune.curves), and the material values")
	tuneCurve = flag.String("tune.curves", "groups", "with -tune.shape, the advance curves that share a scale: groups (the small animals, rat to wolf, and the large ones) or animals (one each)")
	tuneData  = flag.String("tune.data", "", "file of the labelled positions: read if it exists, else written after the self-play (to fit again without playing)")
)

// labelled is a quiet position of a self-play game and the game's result,
// as the -tune.data file keeps them: the position in text, so that the
// file outlives a change of the features.
type labelled struct {
	Position string
	Result   float64 // 1 Red won, 0.5 drawn, 0 Blue won
}

// sample is a labelled position's features, as the loss reads them.
type sample struct {
	f      [numFeatures]int8 // Red's features minus Blue's
	result float64
}

// samplesOf computes the features of the labelled positions.
func samplesOf(t *testing.T, list []labelled) []sample {
	samples := make([]sample, len(list))
	for i, l := range list {
		pos := mustPos(t, l.Position)
		var f [numFeatures]int
		features(&pos, dsq.Red, 1, &f)
		features(&pos, dsq.Blue, -1, &f)
		for j := range f {
			samples[i].f[j] = int8(f[j])
		}
		samples[i].result = l.Result
	}
	return samples
}

func TestEvaluateIsTheFeaturesTimesTheWeights(t *testing.T) {
	for _, pos := range randomPositions(t, 300, 9) {
		var f [numFeatures]int
		us := pos.SideToMove()
		features(&pos, us, 1, &f)
		features(&pos, us.Other(), -1, &f)
		sum := 0
		for i := range f {
			sum += f[i] * weights[i]
		}
		require.Equal(t, evaluate(&pos), sum, "%v", pos)
	}
}

// TestTunerStartsFromTheWeights: before a step, the tuner's parameters,
// free or shaped (either grouping of the curves), stand for exactly the
// weights in use, so a fit starts where the engine is.
func TestTunerStartsFromTheWeights(t *testing.T) {
	params, toWeights := freeWeights()
	assert.Equal(t, weights, toWeights(params), "free")
	for _, curves := range []string{"groups", "animals"} {
		params, toWeights = shapedWeights(curveGroups(t, curves))
		assert.Equal(t, weights, toWeights(params), curves)
		params[fAdvance] = 2000 // the first group's curves, twice as steep
		w := toWeights(params)
		assert.Equal(t, 2*weights[fAdvance+1], w[fAdvance+1], curves)
	}
}

func TestTuneEval(t *testing.T) {
	if !*tune {
		t.Skip("run with -tune to fit the evaluation weights")
	}
	list, err := readLabelled(*tuneData)
	if err != nil {
		// Only a missing file means play; a damaged one is not overwritten.
		require.ErrorIs(t, err, os.ErrNotExist, "-tune.data %s", *tuneData)
		list = playGames(t)
		if *tuneData != "" {
			require.NoError(t, writeLabelled(*tuneData, list))
		}
	}
	fitWeights(t, samplesOf(t, list))
}

// playGames plays the self-play games of the -tune flags and returns
// their quiet positions, labelled.
func playGames(t *testing.T) []labelled {
	openings := readOpeningsFile(t, *tuneOpen)
	rules, err := dsq.ParseRules(*tuneRules)
	require.NoError(t, err)
	var list []labelled
	for _, field := range strings.Split(*tuneNodes, ",") {
		var nodes uint64
		_, err := fmt.Sscan(field, &nodes)
		require.NoError(t, err)
		// Each game is played by its own engine, so the samples do not
		// depend on how many games run at once; they are gathered in the
		// openings' order.
		games := make([][]labelled, len(openings))
		errs := make([]error, len(openings))
		next := make(chan int)
		var wg sync.WaitGroup
		for range max(*tuneProcs, 1) {
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
				t.Logf("nodes %d: %d games started", nodes, i+1)
			}
		}
		close(next)
		wg.Wait()
		for i := range games {
			require.NoError(t, errs[i], "opening %d", i)
			list = append(list, games[i]...)
		}
		t.Logf("nodes %d: %d games, %d positions", nodes, len(openings), len(list))
	}
	return list
}

// readLabelled reads the labelled positions writeLabelled wrote.
func readLabelled(path string) ([]labelled, error) {
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

// fitWeights moves each parameter up or down by each step in turn while
// that lowers the loss, and writes the weights. Free (the default), the
// parameters are the weights themselves, material aside; with -tune.shape
// they are the material values, one scale for each group's advance curve
// (its shape kept: the free curves zigzag) and the other weights.
func fitWeights(t *testing.T, samples []sample) {
	params, toWeights := freeWeights()
	if *tuneShape {
		params, toWeights = shapedWeights(curveGroups(t, *tuneCurve))
	}
	w := toWeights(params)
	k := fitK(samples, &w)
	before := loss(samples, &w, k)
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
		t.Logf("step %d: loss %.6f %v", step, loss(samples, &w, k), params)
	}
	w = toWeights(params)
	after := loss(samples, &w, k)
	t.Logf("%d positions, K %.3f, loss %.6f -> %.6f", len(samples), k, before, after)
	require.NoError(t, os.WriteFile(*tuneOut, []byte(weightsSource(&w, len(samples), k, before, after)), 0o644))
}

// freeWeights: the parameters are the weights but material and distance 0
// (the den: decided, never evaluated). Each piece has exactly one advance
// feature, so material and a free advance curve are collinear and only one
// of them can be fitted: material stays as set.
func freeWeights() ([]int, func([]int) [numFeatures]int) {
	var index []int
	for i := range numFeatures {
		if i >= fAdvance && (i >= fRatInWater || (i-fAdvance)%advanceSteps != 0) {
			index = append(index, i)
		}
	}
	params := make([]int, len(index))
	for j, i := range index {
		params[j] = weights[i]
	}
	return params, func(p []int) [numFeatures]int {
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
func shapedWeights(groupOf func(dsq.Animal) int, groups int) ([]int, func([]int) [numFeatures]int) {
	scales := fAdvance                    // params[scales+g]: group g's curves
	rest := scales + groups - fRatInWater // params[i+rest]: weight i >= fRatInWater
	params := make([]int, 0, fAdvance+groups+numFeatures-fRatInWater)
	params = append(params, weights[:fAdvance]...)
	for range groups {
		params = append(params, 1000)
	}
	params = append(params, weights[fRatInWater:]...)
	return params, func(p []int) [numFeatures]int {
		w := weights
		copy(w[:fAdvance], p[:fAdvance])
		for a := range dsq.Animal(dsq.NumAnimals) {
			for d := range advanceSteps {
				i := fAdvance + int(a)*advanceSteps + d
				w[i] = weights[i] * p[scales+groupOf(a)] / 1000
			}
		}
		for i := fRatInWater; i < numFeatures; i++ {
			w[i] = p[i+rest]
		}
		return w
	}
}

// curveGroups is how a -tune.curves value groups the advance curves: a
// function from animal to group, and the number of groups.
func curveGroups(t *testing.T, curves string) (func(dsq.Animal) int, int) {
	switch curves {
	case "groups":
		return func(a dsq.Animal) int {
			if a >= dsq.Leopard {
				return 1
			}
			return 0
		}, 2
	case "animals":
		return func(a dsq.Animal) int { return int(a) }, dsq.NumAnimals
	}
	t.Fatalf("-tune.curves %q: want groups or animals", curves)
	return nil, 0
}

func readOpeningsFile(t testing.TB, path string) []dsq.Position {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	var list []dsq.Position
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		list = append(list, mustPos(t, line))
	}
	require.NoError(t, sc.Err())
	return list
}

// selfPlay plays one game of the engine against itself and returns its
// quiet positions labelled with the result.
func selfPlay(start dsq.Position, rules dsq.Rules, nodes uint64) ([]labelled, error) {
	e := NewEngine(8)
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
		r, err := e.SearchGame(context.Background(), g, Options{Nodes: nodes})
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

// isQuiet: the evaluation is the quiescence search's answer there.
func isQuiet(pos *dsq.Position) bool {
	if denThreat(pos) {
		return false
	}
	den := dsq.DenOf(pos.SideToMove().Other())
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
func loss(samples []sample, w *[numFeatures]int, k float64) float64 {
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
func fitK(samples []sample, w *[numFeatures]int) float64 {
	best, bestK := math.Inf(1), 1.0
	for k := 0.01; k <= 3; k += 0.01 {
		if l := loss(samples, w, k); l < best {
			best, bestK = l, k
		}
	}
	return bestK
}

func weightsSource(w *[numFeatures]int, n int, k, before, after float64) string {
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
	fmt.Fprintf(&b, "package search\n\n// weights are the evaluation's weights, indexed by the f* constants of\n// eval.go, in centi-rats. Written by TestTuneEval -tune (weights_test.go):\n// %d quiet positions of self-play games, K %.2f, mean squared error\n// %.6f before and %.6f after.\nvar weights = [numFeatures]int{\n", n, k, before, after)
	b.WriteString("\t// material: rat, cat, dog, wolf, leopard, tiger, lion, elephant\n")
	row(fMaterial, fAdvance)
	b.WriteString("\t// advance by distance 0..14 to the enemy den: rat, cat, dog, wolf, leopard, tiger, lion, elephant\n")
	for a := range dsq.NumAnimals {
		row(fAdvance+a*advanceSteps, fAdvance+(a+1)*advanceSteps)
	}
	b.WriteString("\t// rat in water, den guard, in an enemy trap\n")
	row(fRatInWater, fOpenToMove)
	b.WriteString("\t// open traps: with the move; without it, one, two, three\n")
	row(fOpenToMove, numFeatures)
	b.WriteString("}\n")
	return b.String()
}
