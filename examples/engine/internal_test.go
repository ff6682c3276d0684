package main

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/doushouqi/doushouqi/search"
)

func TestAllot(t *testing.T) {
	for _, c := range []struct {
		left, inc time.Duration
		togo      int
		want      time.Duration
	}{
		{30 * time.Second, 0, 0, time.Second},                       // 30 s over 30 moves
		{30 * time.Second, time.Second, 0, 1750 * time.Millisecond}, // plus 3/4 of the increment
		{10 * time.Second, 0, 5, 2 * time.Second},                   // the moves to go
		{3 * time.Second, 10 * time.Second, 0, time.Second},         // never more than a third
		{0, 0, 0, time.Millisecond},                                 // at least a millisecond
	} {
		assert.Equal(t, c.want, allot(c.left, c.inc, c.togo), "allot(%v, %v, %d)", c.left, c.inc, c.togo)
	}
}

func TestScoreText(t *testing.T) {
	assert.Equal(t, "cp 35", scoreText(35))
	assert.Equal(t, "cp -1200", scoreText(-1200))
	assert.Equal(t, "mate 1", scoreText(search.Win-1))   // enters the den now
	assert.Equal(t, "mate 2", scoreText(search.Win-3))   // on its second move
	assert.Equal(t, "mate -1", scoreText(-search.Win+2)) // the other side enters after our move
}
