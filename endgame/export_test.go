package endgame

// Hooks for the external tests and benchmarks: which backing ReadFile uses,
// how it checks the entries, and what a table lies in.

// The ways ReadFile checks a mapped file's entries (see entryCheck).
const (
	CheckRead    = checkRead
	CheckMapping = checkMapping
	CheckNone    = checkNone
)

// SetMapFiles makes ReadFile map files (on) or read them into the heap, and
// returns a function that restores the setting.
func SetMapFiles(on bool) (restore func()) {
	old := mapFiles
	mapFiles = on
	return func() { mapFiles = old }
}

// SetEntryCheck sets how ReadFile checks a mapped file's entries, and
// returns a function that restores the setting.
func SetEntryCheck(mode int) (restore func()) {
	old := entryCheck
	entryCheck = mode
	return func() { entryCheck = old }
}

// IsMapped reports whether t's entries lie in a file mapping.
func IsMapped(t *Table) bool { return t.mapped != nil }

// CPUTime returns the CPU time the process has used (0 where not measured).
var CPUTime = cpuTime
