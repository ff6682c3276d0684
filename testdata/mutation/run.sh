#!/usr/bin/env bash
# Mutation testing with gremlins (go install
# github.com/go-gremlins/gremlins/cmd/gremlins@latest) over the rules files
# of the library, or over package search. The `mutation` build tag makes the
# root package's tests quick (quickTests: fewer positions, shallower trees),
# so each mutant's run takes seconds.
#
# From the repository root:
#   bash testdata/mutation/run.sh rules    # -> testdata/mutation/rules.txt
#   bash testdata/mutation/run.sh search   # -> testdata/mutation/search.txt
# Each file ends with gremlins' totals; SURVIVORS.md explains what lived.
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="$PATH:/usr/local/go/bin:$HOME/go/bin"
rules_files=" movegen.go play.go outcome.go rules.go notation.go position.go record.go game.go analysis.go "

header() {
	echo "# command: bash testdata/mutation/run.sh $1"
	echo "# date: $(date -u +%Y-%m-%dT%H:%MZ), $(go version), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'), $(nproc) cores"
}

case ${1:-} in
rules)
	excl=(-E '^search/' -E '^examples/' -E '^endgame/')
	for f in *.go; do
		[[ $f == *_test.go || $rules_files == *" $f "* ]] || excl+=(-E "^${f//./\\.}\$")
	done
	{ header rules; gremlins unleash --tags mutation --workers 2 --timeout-coefficient 20 "${excl[@]}" . 2>&1; } > testdata/mutation/rules.txt
	;;
search)
	{ header search; cd search && gremlins unleash --workers 2 --timeout-coefficient 20 . 2>&1; } > testdata/mutation/search.txt
	;;
*)
	echo "usage: bash testdata/mutation/run.sh rules|search" >&2
	exit 2
	;;
esac
