#!/usr/bin/env bash
# Runs one match and saves the command and its output (summary and
# progress) under lab/match/results/NAME.txt. Usage:
#   lab/match/results/run.sh NAME MATCH_BINARY [match flags...]
set -euo pipefail
name=$1; shift
bin=$1; shift
out="$(dirname "$0")/$name.txt"
{
	echo "\$ match $*"
	echo "# $(date -u +%FT%TZ), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(nproc) cores, $(go version | cut -d' ' -f3)"
	"$bin" "$@" 2>&1
} >"$out"
tail -4 "$out"
