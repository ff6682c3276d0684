#!/usr/bin/env bash
# Measures one step of the AI ladder (search.Levels): level HIGH against
# level LOW (HIGH's point of view), standard rules, colour-swapped pairs
# from the 3,000 level openings, under nice with one game at a time, and
# saves the command, the date, the CPU and the output as
# lab/match/ladder/LOW-HIGH[-TAG].txt. Usage:
#   lab/match/ladder/run.sh MATCH_BINARY LOW HIGH GAMES MAX_TIME [TAG [HIGH_LIMIT [LOW_SEED]]]
# HIGH_LIMIT, such as nodes=640000, is added to HIGH's spec (the top
# level plays by time otherwise: search.TopLevelTime per move). LOW_SEED
# (default LOW) gives another run of the same step other games: at fixed
# nodes the top level is deterministic, so a second run needs another seed.
# MATCH_BINARY is go -C examples build -o /tmp/match ./match at the commit measured.
# The SPRT is set so that it never stops the match: every step is measured
# over all its games (or until MAX_TIME).
set -euo pipefail
bin=$1 low=$2 high=$3 games=$4 maxtime=$5 tag=${6:-} limit=${7:-} lowseed=${8:-$2}
dir="$(cd "$(dirname "$0")" && pwd)"
out="$dir/$low-$high${tag:+-$tag}.txt"
args=(-a "level=$high,seed=$high,name=L$high${limit:+,$limit}" -b "level=$low,seed=$lowseed,name=L$low"
	-openings "$dir/../openings-3000.txt" -rules standard -games "$games" -concurrency 1
	-sprt 0,1 -alpha 1e-12 -beta 1e-12 -max-time "$maxtime")
{
	echo "\$ match ${args[*]}"
	echo "# $(date -u +%FT%TZ), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(nproc) cores shared with other jobs (load $(cut -d' ' -f1-3 /proc/loadavg)), $(go version | cut -d' ' -f3), commit $(git -C "$dir" rev-parse --short HEAD)"
	nice -n 19 "$bin" "${args[@]}" 2>&1
} >"$out"
tail -3 "$out"
