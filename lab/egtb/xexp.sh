#!/bin/sh
# The golang.org/x/exp/mmap alternative: applies xexp.patch (endgame's
# mapping through mmap.ReaderAt, x/exp pinned at the newest version found
# whose go.mod declares go 1.24) to a copy of HEAD, runs endgame's file
# tests on it, benchmarks it beside HEAD (syscall.Mmap), and records what
# the requirement does to go.mod and the module graph, and what the newest
# x/exp would do; the output goes to xexp.txt. The patch and the figures
# are against commit fe595d8 (syscall.Mmap without the fault guard of Probe).
#
#	sh lab/egtb/xexp.sh /tmp/egtb3
set -eu
dir=${1:?usage: xexp.sh DIR-OF-TABLES}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for v in base xexp latest; do
	mkdir "$work/$v"
	git -C "$root" archive fe595d8 | tar -x -C "$work/$v" --exclude=lab --exclude=examples
done
(cd "$work/xexp" && patch -p1 -s <"$here/xexp.patch")
{
	echo "# sh lab/egtb/xexp.sh $dir"
	echo "# date: $(date -u '+%Y-%m-%d %H:%M UTC')"
	echo "# cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//') ($(nproc) cores, shared with other jobs)"
	echo "# go: $(go version)"
	echo "# load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
	echo "## go.mod with x/exp/mmap (xexp.patch)"
	cat "$work/xexp/go.mod"
	echo "## what x/exp brings into the module graph (go mod graph)"
	(cd "$work/xexp" && go mod graph | grep '^golang.org/x/exp@')
	echo "## the newest x/exp: go get golang.org/x/exp@latest, then the go.mod"
	(cd "$work/latest" && GOFLAGS=-mod=mod go get golang.org/x/exp@latest 2>&1 && cat go.mod)
	echo "## endgame's file tests with x/exp/mmap"
	(cd "$work/xexp" && nice -n 19 go test -short -count=1 -run 'TestFile|TestProbeAllocations' ./endgame)
	for v in base xexp; do
		echo "## benchmarks, $v (base: fe595d8, syscall.Mmap; xexp: fe595d8 with xexp.patch)"
		(cd "$work/$v" && nice -n 19 go test -run XXX -bench 'Entries|ProbeFile' -count 5 ./endgame -args -egtb.dir "$dir")
	done
	echo "# load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
} >"$here/xexp.txt" 2>&1
