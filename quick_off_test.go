//go:build !race && !mutation

package doushouqi_test

// quickTests is true under the race detector and under the mutation tag.
const quickTests = false
