package longtest_test

import (
	"testing"

	"github.com/doushouqi/doushouqi/internal/longtest"
	"github.com/stretchr/testify/assert"
)

func TestEnabledFollowsTheVariable(t *testing.T) {
	t.Setenv(longtest.Var, "1")
	assert.True(t, longtest.Enabled())
	t.Setenv(longtest.Var, "0")
	assert.False(t, longtest.Enabled())
	t.Setenv(longtest.Var, "")
	assert.False(t, longtest.Enabled())
}

func TestSkipSkipsUnlessEnabled(t *testing.T) {
	t.Setenv(longtest.Var, "")
	ran := t.Run("off", func(t *testing.T) {
		longtest.Skip(t)
		t.Fatal("ran although the deep checks are off")
	})
	assert.True(t, ran, "a skipped test counts as passed")
	t.Setenv(longtest.Var, "1")
	reached := false
	t.Run("on", func(t *testing.T) {
		longtest.Skip(t)
		reached = true
	})
	assert.True(t, reached)
}
