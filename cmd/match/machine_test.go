package main

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseLoadAvg(t *testing.T) {
	load, err := parseLoadAvg("2.61 1.97 1.40 3/412 12345\n")
	require.NoError(t, err)
	assert.Equal(t, 2.61, load)
	for _, bad := range []string{"", "  \n", "x 1 1", "-1 0 0"} {
		_, err := parseLoadAvg(bad)
		assert.Error(t, err, "%q", bad)
	}
}

// fakeLoad returns the loads in turn, then an error.
func fakeLoad(loads ...float64) func() (float64, error) {
	return func() (float64, error) {
		if len(loads) == 0 {
			return 0, errors.New("no more")
		}
		l := loads[0]
		loads = loads[1:]
		return l, nil
	}
}

// TestLoadMonitorWarnsOfABusyMachine: a load above the games' cores (and
// the margin for the match's own work) is reported as a busy machine.
func TestLoadMonitorWarnsOfABusyMachine(t *testing.T) {
	cases := []struct {
		loads []float64
		cores int
		busy  bool
	}{
		{[]float64{1.9, 2.4, 2.1}, 2, false},
		{[]float64{1.9, 3.2, 2.1}, 2, true},
		{[]float64{3.2}, 4, false},
		{[]float64{0.2, 1.6}, 1, true},
	}
	for _, c := range cases {
		m := &loadMonitor{read: fakeLoad(c.loads...), every: time.Millisecond}
		m.run(context.Background()) // until the fake runs out
		var b strings.Builder
		m.report(&b, c.cores)
		assert.Contains(t, b.String(), "over "+string(rune('0'+len(c.loads)))+" samples", c.loads)
		assert.Equal(t, c.busy, strings.Contains(b.String(), "WARNING: the machine was busy"), "%v on %d cores: %s", c.loads, c.cores, b.String())
	}
	// A machine whose load cannot be read says so, and warns of nothing.
	m := &loadMonitor{read: fakeLoad(), every: time.Millisecond}
	m.run(context.Background())
	var b strings.Builder
	m.report(&b, 2)
	assert.Equal(t, "load average: not read (no more)\n", b.String())
}

// TestLoadMonitorStopsWithTheMatch: sampling ends when the match's context
// does.
func TestLoadMonitorStopsWithTheMatch(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	m := &loadMonitor{read: func() (float64, error) { return 1, nil }, every: time.Millisecond}
	done := make(chan struct{})
	go func() { m.run(ctx); close(done) }()
	time.Sleep(20 * time.Millisecond)
	cancel()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("the monitor did not stop")
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	assert.GreaterOrEqual(t, m.samples, 1)
}
