#!/usr/bin/env bash
# Regenerates the figures the README quotes, each into its own file headed by
# the command, the date, the CPU and the Go version. Run from the repository
# root on a machine doing nothing else: bash lab/runs/run.sh [name...]
# Names: perft-d7 perft-deep bench bench-search (bench includes bench-search).
# Without names, perft-d7, perft-deep and bench.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=lab/runs

header() {
	echo "# command: $*"
	echo "# date: $(date -u +%Y-%m-%dT%H:%MZ)"
	echo "# cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'), $(nproc) cores"
	echo "# go: $(go version)"
	echo "# load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
	echo
}

run() { # run FILE COMMAND...: the command's stdout and stderr into FILE
	local file=$1
	shift
	{ header "$@"; "$@"; } > "$out/$file" # progress lines stay on stderr
	echo "wrote $out/$file" >&2
}

go -C examples build -pgo=../lab/perft/default.pgo -o /tmp/dsq-perft ./perft # the profile kept in lab/perft

perft_d7() {
	run perft-d7-count.txt /tmp/dsq-perft -depth 7 -threads 1
	run perft-d7-leaves.txt /tmp/dsq-perft -depth 7 -threads 1 -leaves
	go -C examples build -pgo=off -o /tmp/dsq-perft-nopgo ./perft
	run perft-d7-leaves-nopgo.txt /tmp/dsq-perft-nopgo -depth 7 -threads 1 -leaves
}

perft_deep() {
	run perft-d9-hash2048.txt /tmp/dsq-perft -depth 9 -hash 2048
	run perft-d9-hash512.txt /tmp/dsq-perft -depth 9 -hash 512
}

bench() {
	run bench.txt go test -run '^$' -bench 'BenchmarkPerft$/^start$|BenchmarkPerftThreads|BenchmarkLegalMoves|BenchmarkMakeUnmake|BenchmarkIsLegal|BenchmarkParsePosition' -count 3 .
	bench_search
}

bench_search() {
	run bench-search.txt go test -run '^$' -bench 'BenchmarkSearch$|BenchmarkSearchTables|BenchmarkSearchThreads' -benchtime 10x -count 3 ./search
}

names=("$@")
((${#names[@]})) || names=(perft-d7 perft-deep bench)
for n in "${names[@]}"; do
	"${n//-/_}"
done
