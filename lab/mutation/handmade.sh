#!/usr/bin/env bash
# The hand-made mutation pass (lab/mutation/handmade): each file of the plan
# below, with the sample of its mutants that the time allowed, one after the
# other, one mutant at a time, under nice -n 19. From anywhere:
#   bash lab/mutation/handmade.sh              # the whole plan
#   bash lab/mutation/handmade.sh record.go    # the plan's lines for some files
# -> lab/mutation/handmade-<file>.txt (handmade-search-<file>.txt for search).
# SAMPLE=0 in the environment runs every mutant of each file instead.
# The plan suits an idle machine (a few seconds a mutant); on the shared one
# of 2026-12-02 only record.go's sample ran whole, and the other files were
# read and their likely survivors checked with -only/-run (SURVIVORS.md).
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="$PATH:/usr/local/go/bin:$HOME/go/bin"
bin=$(mktemp -d)/handmade
trap 'rm -rf "$(dirname "$bin")"' EXIT
go -C lab build -o "$bin" ./mutation/handmade

# file, sample size (0: every mutant), functions (search: the repetition and
# limit handling only).
plan=(
	"record.go 30"
	"game.go 20"
	"refusal.go 6"
	"outcome.go 12"
	"rules.go 12"
	"search/search.go 15 ^(Engine.Search|Engine.SearchGame|worker.loadGame|worker.iterate|worker.begin|drawAt|worker.repetition|worker.shouldStop|worker.key)$"
	"search/negamax.go 0 ^(worker.halt|worker.settled|worker.drawScore)$"
	"search/eval.go 0 ^worker.evaluate$"
	"notation.go 15"
	"analysis.go 10"
	"position.go 10"
	"play.go 10"
	"movegen.go 10"
)
for line in "${plan[@]}"; do
	read -r file sample funcs <<<"$line"
	if [[ $# -gt 0 && " $* " != *" $file "* ]]; then
		continue
	fi
	args=(-file "$file" -sample "${SAMPLE:-$sample}")
	[[ -z ${funcs:-} ]] || args+=(-funcs "$funcs")
	"$bin" "${args[@]}" | tail -1
done
