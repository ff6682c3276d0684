#!/usr/bin/env bash
# Mutation testing with gremlins (go install
# github.com/go-gremlins/gremlins/cmd/gremlins@latest) over the rules files
# of the library, one file per run, or over package search. The `mutation`
# build tag makes the root package's tests quick (sizeOfSuite in
# doushouqi_test.go: fewer positions, shallower trees), so each mutant's
# run takes seconds.
#
# From the repository root:
#   bash lab/mutation/run.sh rules              # every rules file
#   bash lab/mutation/run.sh rules record.go    # some of them
#       -> lab/mutation/rules-<file>.txt, one per file
#   bash lab/mutation/run.sh search             # -> lab/mutation/search.txt
#   bash lab/mutation/run.sh search eval.go     # -> lab/mutation/search-eval.txt
# Each output ends with gremlins' totals; SURVIVORS.md explains what lived.
# WORKERS (default 2) and COEFFICIENT (the timeout as a multiple of the
# unmutated test run, default 10) can be set in the environment.
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="$PATH:/usr/local/go/bin:$HOME/go/bin"
export GOFLAGS=-count=1 # a cached test run would set the timeout from a run that took no time
rules_files=(movegen.go play.go outcome.go rules.go notation.go position.go record.go game.go analysis.go refusal.go)
flags=(--workers "${WORKERS:-2}" --test-cpu 1 --timeout-coefficient "${COEFFICIENT:-10}")

header() {
	echo "# command: bash lab/mutation/run.sh $*"
	echo "# date: $(date -u +%Y-%m-%dT%H:%MZ), $(go version), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
}

case ${1:-} in
rules)
	shift
	files=("$@")
	[[ ${#files[@]} -gt 0 ]] || files=("${rules_files[@]}")
	for target in "${files[@]}"; do
		excl=(-E '^search/' -E '^examples/' -E '^endgame/' -E '^internal/' -E '^testdata/')
		for f in *.go; do
			[[ $f == *_test.go || $f == "$target" ]] || excl+=(-E "(^|/)${f//./\\.}\$")
		done
		out=lab/mutation/rules-${target%.go}.txt
		{ header rules "$target"; gremlins unleash --tags mutation "${flags[@]}" "${excl[@]}" . 2>&1; } >"$out"
		echo "$target: $(grep -E 'Killed:|efficacy' "$out" | tr '\n' ' ')"
	done
	;;
search)
	shift
	# Only the files named, if any (a rerun after a change to one of them).
	excl=()
	if [[ $# -gt 0 ]]; then
		for f in search/*.go; do
			f=${f#search/}
			[[ $f == *_test.go || " $* " == *" $f "* ]] || excl+=(-E "(^|/)${f//./\\.}\$")
		done
	fi
	out=lab/mutation/search.txt
	[[ $# -eq 0 ]] || out=lab/mutation/search-$(echo "${@%.go}" | tr ' ' '-').txt
	{ header search "$@"; gremlins unleash "${flags[@]}" "${excl[@]}" ./search 2>&1; } >"$out"
	echo "search $*: $(grep -E 'Killed:|efficacy' "$out" | tr '\n' ' ')"
	;;
*)
	echo "usage: bash lab/mutation/run.sh rules|search [FILE.go ...]" >&2
	exit 2
	;;
esac
