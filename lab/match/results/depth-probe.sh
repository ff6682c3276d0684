#!/usr/bin/env bash
# Depth an engine reaches through the protocol: for the first N openings of
# testdata/openings-3000.txt, ucinewgame, position fen, go movetime 100 under
# the public engines' rules; prints the mean depth and nodes/s of the last
# info line before each bestmove. Usage:
#   lab/match/results/depth-probe.sh ENGINE_BINARY THREADS [N=40]
set -euo pipefail
bin=$1 threads=$2 n=${3:-40}
openings="$(dirname "$0")/../openings-3000.txt"
{
	echo uci
	echo "setoption name Threads value $threads"
	echo "setoption name Rules value trapped-capture,move-limit=200,threefold"
	echo isready
	awk -v n="$n" '!/^#/ && c++ < n' "$openings" | while read -r fen; do
		echo ucinewgame
		echo "position fen $fen"
		echo "go movetime 100"
		sleep 0.25
	done
	echo quit
} | "$bin" | grep -B1 '^bestmove' | grep '^info depth' |
	awk -v t="$threads" '{d += $3; for (i = 1; i < NF; i++) if ($i == "nps") s += $(i+1); n++}
		END {printf "threads=%s: mean depth %.2f, %.2f M nodes/s, %d searches\n", t, d/n, s/n/1e6, n}'
