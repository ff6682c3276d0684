#!/usr/bin/env bash
# The hand-made mutation pass (lab/mutation/handmade): each file of the plan
# below, one after the other, one mutant at a time, under nice -n 19. From
# anywhere:
#   bash lab/mutation/handmade.sh              # the whole plan
#   bash lab/mutation/handmade.sh record.go    # the plan's lines for some files
#   taskset -c 1 nice -n 10 bash lab/mutation/handmade.sh   # on one CPU
# -> lab/mutation/handmade-<file>.txt (handmade-search-<file>.txt for search).
# SAMPLE=N in the environment runs a sample of N mutants of each file instead
# of every one (the plan's second column is 0: all); NICE=N sets the
# niceness the tool adds to its builds and test runs (default 19; 0 keeps
# the script's own, as under `nice -n 10`).
# Each mutant runs first without its package's slowest tests (slow_root,
# slow_search: -skip-first); only those that pass are run with the whole suite.
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="$PATH:/usr/local/go/bin:$HOME/go/bin"
bin=$(mktemp -d)/handmade
trap 'rm -rf "$(dirname "$bin")"' EXIT
go -C lab build -o "$bin" ./mutation/handmade

# The tests that take most of each suite's time (go test -json, -short, under
# the mutation tag); the first run of a mutant leaves them out.
slow_root='^(TestPerftSuite|TestAgreementVariants|TestPerftConfigs|TestAgreementRandomScatterings|TestMakeUnmakeRestores|TestGameCopiesIndependent|TestAgreementRandomGames)$'
slow_search='^(TestScoresMatchMinimaxAlongGames|TestLevelOversights|TestUnfinishedIterationMove|TestBeatsGreedyPlayer|TestLevelVariety|TestBeatsRandomPlayer)$'

# file, sample size (0: every mutant), functions (search: the repetition and
# limit handling only).
plan=(
	"record.go 0"
	"game.go 0"
	"refusal.go 0"
	"outcome.go 0"
	"rules.go 0"
	"search/search.go 0 ^(Engine.Search|Engine.SearchGame|worker.loadGame|worker.iterate|worker.begin|drawAt|worker.repetition|worker.shouldStop|worker.key)$"
	"search/negamax.go 0 ^(worker.halt|worker.settled|worker.drawScore)$"
	"search/eval.go 0 ^worker.evaluate$"
	"notation.go 0"
	"analysis.go 0"
	"position.go 0"
	"play.go 0"
	"movegen.go 0"
)
for line in "${plan[@]}"; do
	read -r file sample funcs <<<"$line"
	if [[ $# -gt 0 && " $* " != *" $file "* ]]; then
		continue
	fi
	args=(-file "$file" -sample "${SAMPLE:-$sample}" -skip-first "$slow_root")
	[[ $file != search/* ]] || args=(-file "$file" -sample "${SAMPLE:-$sample}" -skip-first "$slow_search")
	[[ -z ${funcs:-} ]] || args+=(-funcs "$funcs")
	args+=(-nice "${NICE:-19}")
	"$bin" "${args[@]}" | tail -1 || echo "handmade.sh: $file: the run failed" >&2
done
