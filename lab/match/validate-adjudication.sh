#!/usr/bin/env bash
# Validates the match tool's adjudication: plays the same pairing twice on
# the same openings at fixed nodes, once with every game played out and
# once adjudicated (tablebase, win and draw by both engines' scores), and
# prints each run's Elo with its 95% interval, games per hour and the
# adjudications, then whether each Elo lies within the other's interval.
# Usage:
#   lab/match/validate-adjudication.sh MATCH_BINARY [GAMES [OUT_DIR]]
# GAMES (default 200) is per run; OUT_DIR (default
# lab/match/results/adjudication-<date>) receives plain.txt and
# adjudicated.txt: the command, date, CPU, load and output of each run.
# MATCH_BINARY is go -C examples build -o /tmp/match ./match at the commit measured.
# Environment (defaults in brackets):
#   A, B        the pairing [nodes=40000,name=n40k] [nodes=20000,name=n20k]
#   RULES       [trapped-capture,move-limit=200,threefold] (the public rules)
#   CONCURRENCY games at once, each pinned to a CPU [2]
#   TB          endgame tables directory for the adjudicated run [none]
#   ADJ         the adjudication flags
#               [-adj-win-score 1000 -adj-win-moves 3 -adj-draw-ply 80 -adj-draw-score 20 -adj-draw-moves 8 -adj-nodes 10000]
# The SPRT is set so that it never stops a run: both play all their games.
set -euo pipefail
bin=$1 games=${2:-200}
dir="$(cd "$(dirname "$0")" && pwd)"
out=${3:-"$dir/results/adjudication-$(date -u +%Y%m%d-%H%M)"}
A=${A:-nodes=40000,name=n40k}
B=${B:-nodes=20000,name=n20k}
RULES=${RULES:-trapped-capture,move-limit=200,threefold}
CONCURRENCY=${CONCURRENCY:-2}
ADJ=${ADJ:--adj-win-score 1000 -adj-win-moves 3 -adj-draw-ply 80 -adj-draw-score 20 -adj-draw-moves 8 -adj-nodes 10000}
mkdir -p "$out"
common=(-a "$A" -b "$B" -openings "$dir/openings-3000.txt" -rules "$RULES" -games "$games"
	-concurrency "$CONCURRENCY" -pin -sprt 0,1 -alpha 1e-12 -beta 1e-12)
# shellcheck disable=SC2206 # ADJ is a list of flags
adjudicated=("${common[@]}" $ADJ ${TB:+-tb "$TB"})

play() { # name, then the match's arguments
	local name=$1
	shift
	{
		echo "\$ match $*"
		echo "# $(date -u +%FT%TZ), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(nproc) cores (load $(cut -d' ' -f1-3 /proc/loadavg)), $(go version | cut -d' ' -f3), commit $(git -C "$dir" rev-parse --short HEAD)"
		"$bin" "$@" 2>"$out/$name.progress"
	} >"$out/$name.txt"
}
play plain "${common[@]}"
play adjudicated "${adjudicated[@]}"

# The summary: each run's Elo, interval, games per hour, adjudications and load.
for name in plain adjudicated; do
	echo "== $name ($out/$name.txt)"
	grep -E ' games: \+|^Elo |games per hour|^adjudicat|a move on average|^load average|^WARNING' "$out/$name.txt"
done
# Each Elo within the other's interval? ("Elo 12.3, 95% interval [-20.1, 44.0]")
read -r e1 l1 h1 < <(sed -n 's/^Elo \(.*\), 95% interval \[\(.*\), \(.*\)\]$/\1 \2 \3/p' "$out/plain.txt")
read -r e2 l2 h2 < <(sed -n 's/^Elo \(.*\), 95% interval \[\(.*\), \(.*\)\]$/\1 \2 \3/p' "$out/adjudicated.txt")
awk -v e1="$e1" -v l1="$l1" -v h1="$h1" -v e2="$e2" -v l2="$l2" -v h2="$h2" 'BEGIN {
	ok = (e1 >= l2 && e1 <= h2 && e2 >= l1 && e2 <= h1)
	printf "plain Elo %s [%s, %s], adjudicated Elo %s [%s, %s]: %s\n", e1, l1, h1, e2, l2, h2,
		ok ? "each within the other'"'"'s interval" : "NOT within each other'"'"'s intervals"
}'
