//go:build unix

package endgame_test

// mapsFiles is whether ReadFile maps table files on this system.
const mapsFiles = true
