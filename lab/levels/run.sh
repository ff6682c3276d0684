#!/usr/bin/env bash
# Measures the claims of the play site's level cards (site/games,
# TestMeasureLevels): the levels against the scripted greedy and 2-ply
# players, the top level's openings and trap parking, the top level
# against level 7. Builds the test binary at the commit checked out, runs
# it on one core under nice, and saves the command, the date, the CPU and
# the output as lab/levels/NAME.txt. Usage:
#   lab/levels/run.sh NAME -levels.what=scripts [-levels.games=20 ...]
# (flags: see site/games/levels_test.go).
set -euo pipefail
name=$1
shift
dir="$(cd "$(dirname "$0")" && pwd)"
out="$dir/$name.txt"
bin=$(mktemp)
go -C "$dir/../../site" test -c -o "$bin" ./games
args=(-test.run TestMeasureLevels -test.v -test.timeout 2h -levels.measure "$@")
{
	echo "\$ (cd site/games && taskset -c 0 nice -n 10 games.test ${args[*]})"
	echo "# $(date -u +%FT%TZ), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(nproc) cores shared with other jobs (load $(cut -d' ' -f1-3 /proc/loadavg)), $(go version | cut -d' ' -f3), commit $(git -C "$dir" rev-parse --short HEAD)"
	cd "$dir/../../site/games"
	/usr/bin/time -f "# %U s user CPU, %e s wall" taskset -c 0 nice -n 10 "$bin" "${args[@]}" 2>&1
} >"$out" 2>&1
rm -f "$bin"
grep -v ' game [0-9]*:' "$out" | tail -25
