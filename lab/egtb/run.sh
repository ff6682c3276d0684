#!/bin/sh
# Measures the endgame tables' memory and speed, read into the heap and
# mapped, and saves the outputs here: memory.txt (lab/egtb/memory, one
# process and two at once) and bench.txt (endgame's BenchmarkOpen and
# BenchmarkProbeFile). Run from anywhere; it needs the three-piece sets:
#
#	go -C cmd run ./egtb -dir /tmp/egtb3    # from the repository's root
#	sh lab/egtb/run.sh /tmp/egtb3
set -eu
dir=${1:?usage: run.sh DIR-OF-TABLES}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
header() {
	echo "# $1"
	echo "# date: $(date -u '+%Y-%m-%d %H:%M UTC')"
	echo "# cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//') ($(nproc) cores, shared with other jobs)"
	echo "# go: $(go version)  kernel: $(uname -r)"
	echo "# load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
	echo "# tables: $dir ($(ls "$dir"/*.egtb | wc -l) files, $(du -sh "$dir" | cut -f1))"
}
(cd "$root/lab" && go build -o "$bin/memory" ./egtb/memory)
{
	header "lab/egtb/memory: one process, then two at once; memory in KiB from /proc/self/smaps_rollup"
	for b in heap mmap; do
		echo "## one process, $b"
		nice -n 19 "$bin/memory" -dir "$dir" -backing "$b"
	done
	for b in heap mmap; do
		echo "## two processes at once, $b"
		s=$(mktemp -d)
		nice -n 19 "$bin/memory" -dir "$dir" -backing "$b" -sync "$s" -procs 2 >"$s/a.out" &
		nice -n 19 "$bin/memory" -dir "$dir" -backing "$b" -sync "$s" -procs 2 >"$s/b.out" &
		wait
		cat "$s/a.out" "$s/b.out"
		rm -rf "$s"
	done
	echo "# load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
} >"$here/memory.txt"
{
	header "cd $root && nice -n 19 go test -run XXX -bench 'Open|ProbeFile' -benchtime 1x (Open) / 1s (ProbeFile) -count 3 ./endgame -args -egtb.dir $dir"
	cd "$root"
	nice -n 19 go test -run XXX -bench 'Open' -benchtime 1x -count 3 ./endgame -args -egtb.dir "$dir"
	nice -n 19 go test -run XXX -bench 'ProbeFile' -count 3 ./endgame -args -egtb.dir "$dir"
	echo "# load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
} >"$here/bench.txt"
