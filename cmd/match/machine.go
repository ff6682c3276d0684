package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"
)

// busyMargin is how far above the cores a match's games use the load
// average may go before the match counts the machine as busy: the match's
// own bookkeeping and the system's chores take a little.
const busyMargin = 0.5

// loadMonitor samples the machine's load average while a match runs, to
// say afterwards whether other work shared its cores (its timed games are
// then weaker than they should be, and its figures suspect).
type loadMonitor struct {
	read  func() (float64, error) // the 1-minute load average
	every time.Duration

	mu      sync.Mutex
	samples int
	sum     float64
	max     float64
	err     error // the first failed read; sampling stops there
}

// readLoadAvg reads the 1-minute load average from /proc/loadavg.
func readLoadAvg() (float64, error) {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return 0, err
	}
	return parseLoadAvg(string(data))
}

// parseLoadAvg reads the first field of /proc/loadavg's text.
func parseLoadAvg(text string) (float64, error) {
	fields := strings.Fields(text)
	if len(fields) == 0 {
		return 0, errors.New("loadavg: empty")
	}
	load, err := strconv.ParseFloat(fields[0], 64)
	if err != nil || load < 0 {
		return 0, fmt.Errorf("loadavg: %q is not a load", fields[0])
	}
	return load, nil
}

// run samples at once, then every m.every until ctx ends.
func (m *loadMonitor) run(ctx context.Context) {
	tick := time.NewTicker(m.every)
	defer tick.Stop()
	for {
		if !m.sample() {
			return
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}

// sample takes one reading and reports whether sampling may go on.
func (m *loadMonitor) sample() bool {
	load, err := m.read()
	m.mu.Lock()
	defer m.mu.Unlock()
	if err != nil {
		m.err = err
		return false
	}
	m.samples++
	m.sum += load
	m.max = max(m.max, load)
	return true
}

// report writes the load figures and, if the load went above the cores
// the games use (plus busyMargin), a warning that the machine was busy.
func (m *loadMonitor) report(w io.Writer, cores int) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.samples == 0 {
		if m.err != nil {
			fmt.Fprintf(w, "load average: not read (%v)\n", m.err)
		}
		return
	}
	fmt.Fprintf(w, "load average: mean %.2f, max %.2f over %d samples; the games use %d cores\n", m.sum/float64(m.samples), m.max, m.samples, cores)
	if m.busy(cores) {
		fmt.Fprintf(w, "WARNING: the machine was busy: its load reached %.2f, above the %d cores the games use; timed games lost speed, the figures are suspect\n", m.max, cores)
	}
}

// busy reports whether the load went above cores plus busyMargin.
func (m *loadMonitor) busy(cores int) bool { return m.max > float64(cores)+busyMargin }
