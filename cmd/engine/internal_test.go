package main

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/doushouqi/doushouqi/search"
)

func TestScoreText(t *testing.T) {
	assert.Equal(t, "cp 35", scoreText(35))
	assert.Equal(t, "cp -1200", scoreText(-1200))
	assert.Equal(t, "mate 1", scoreText(search.Win-1))   // enters the den now
	assert.Equal(t, "mate 2", scoreText(search.Win-3))   // on its second move
	assert.Equal(t, "mate -1", scoreText(-search.Win+2)) // the other side enters after our move
}
