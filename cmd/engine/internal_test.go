package main

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/doushouqi/doushouqi/search"
)

func TestScoreOf(t *testing.T) {
	assert.Equal(t, "cp 35", scoreOf(35).String())
	assert.Equal(t, "cp -1200", scoreOf(-1200).String())
	assert.Equal(t, "mate 1", scoreOf(search.Win-1).String())   // enters the den now
	assert.Equal(t, "mate 2", scoreOf(search.Win-3).String())   // on its second move
	assert.Equal(t, "mate -1", scoreOf(-search.Win+2).String()) // the other side enters after our move
}
