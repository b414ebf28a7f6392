#!/usr/bin/env bash
# Instructions per parse of every http_parse parser, counted by valgrind's
# callgrind while the driver times one cell: deterministic where the machine
# is too noisy for times to separate small differences (the version compare
# alone). Ir per call = a parse function's inclusive instructions / its calls.
# Usage: harness/cases/http_parse/instructions_per_parse.sh FILTER [BENCHGATE]
#   e.g. harness/cases/http_parse/instructions_per_parse.sh 'workload:req_short$'
set -euo pipefail
filter=${1:?usage: $0 FILTER [BENCHGATE] (a --filter regex, e.g. 'workload:req_short\$')}
binary=${2:-build/benchgate}
out=$(mktemp)
trap 'rm -f "$out"' EXIT
valgrind --tool=callgrind --callgrind-out-file="$out" "$binary" run --case http_parse \
  --filter "$filter" --samples 10 --min-time 0.002 --warmup 0 --no-interleave >/dev/null 2>&1
callgrind_annotate --inclusive=yes --tree=caller "$out" | awk '
  / < / { if (match($0, /\([0-9,]+x\)/)) { c = substr($0, RSTART + 1, RLENGTH - 3); gsub(",", "", c); calls += c } next }
  /\* / && /parse_re(quest|sponse)(_word_version)?\(/ {
    ir = $1; gsub(",", "", ir); name = $0
    sub(/\(std::basic_string_view.*/, "", name); sub(/.*(::|\* )/, "", name)
    owner = $0; sub(/::(parse_request|parse_response).*/, "", owner); sub(/.*\?\?\?:/, "", owner)
    if (calls > 0) printf "%8.0f Ir/parse  %s::%s  (%d calls)\n", ir / calls, owner, name, calls
  }
  /^$/ { calls = 0 }' |
  sed -E 's/cores::http_parse::internal::generic_parser<cores::http_parse::internal::\(anonymous namespace\)::([a-z0-9]+)_scan>::/core_\1: /;
          s/cores::http_parse::parse_/core (dispatched): parse_/; s/baselines::http_parse::/baseline: /;
          s/benchgate::cases::http_parse::parse_(request|response)_word_version/baseline_word_version: parse_\1/' |
  sort -n
