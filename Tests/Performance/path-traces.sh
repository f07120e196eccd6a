# The traces of the machine's measured paths, sourced by callgrind.sh and compact-session-probe.sh so that
# both measure the same lines (the probe's `path(_:count:)` writes the same events in Swift: keep the three
# alike).
#
# - path_trace EVENTS KIND EXTRA_KEYS: a presentation begun interactively, then EVENTS lines of one kind,
#   0.1 ms apart (`panChanged` only notes the finger; `updateInteractiveTransition` is a plain stay of the
#   table);
# - cycles_trace CYCLES: a card presented and dismissed CYCLES times with an animator, twelve lines a cycle
#   (the request, `*WillBegin`, `animateTransition`, `completeTransition`, `*DidEnd` and the completion
#   block, each way), every line the general step;
# - many_trace CYCLES and mixed_trace CYCLES (below): the same cycles by 1,000 cards at once.
path_trace() {
  awk -v n="$1" -v kind="$2" -v extra="$3" 'BEGIN {
    print "{\"format\":\"presentation-trace\",\"version\":1}"
    print "{\"t\":1,\"id\":\"p\",\"event\":\"present\",\"presenter\":\"root\",\"animated\":true,\"style\":\"custom\"}"
    print "{\"t\":1.001,\"id\":\"p\",\"event\":\"presentationTransitionWillBegin\"}"
    print "{\"t\":1.002,\"id\":\"p\",\"event\":\"startInteractiveTransition\"}"
    for (i = 1; i <= n; i++) printf "{\"t\":%.6f,\"id\":\"p\",\"event\":\"%s\"%s}\n", 1.002 + i * 0.0001, kind, extra
  }'
}

cycles_trace() {
  awk -v n="$1" 'BEGIN {
    print "{\"format\":\"presentation-trace\",\"version\":1}"
    for (i = 0; i < n; i++) {
      for (way = 0; way < 2; way++) {
        t = 1 + (2 * i + way)
        if (way == 0) {
          printf "{\"t\":%.4f,\"id\":\"card\",\"event\":\"present\",\"presenter\":\"root\",\"animated\":true,\"style\":\"custom\"}\n", t
          begin = "presentationTransitionWillBegin"; end = "presentationTransitionDidEnd"
        } else {
          printf "{\"t\":%.4f,\"id\":\"card\",\"event\":\"dismiss\",\"animated\":true}\n", t
          begin = "dismissalTransitionWillBegin"; end = "dismissalTransitionDidEnd"
        }
        printf "{\"t\":%.4f,\"id\":\"card\",\"event\":\"%s\"}\n", t + 0.0003, begin
        printf "{\"t\":%.4f,\"id\":\"card\",\"event\":\"animateTransition\",\"duration\":0.3}\n", t + 0.001
        printf "{\"t\":%.4f,\"id\":\"card\",\"event\":\"completeTransition\",\"didComplete\":true}\n", t + 0.301
        printf "{\"t\":%.4f,\"id\":\"card\",\"event\":\"%s\",\"completed\":true}\n", t + 0.3013, end
        printf "{\"t\":%.4f,\"id\":\"card\",\"event\":\"completion\"}\n", t + 0.3016
      }
    }
  }'
}

# - many_trace CYCLES: the cycles of cycles_trace by 1,000 cards at once, each card `cK` on a root of its own
#   (`root:cK`), a step of every card before the next step of any, 0.1 µs apart: 2,000 ids alive, as on the
#   benchmark's trace, 12,000 lines a cycle.
many_trace() {
  awk -v n="$1" 'BEGIN {
    print "{\"format\":\"presentation-trace\",\"version\":1}"
    split("0 0.0003 0.001 0.301 0.3013 0.3016", offset, " ")
    for (i = 0; i < n; i++) {
      for (way = 0; way < 2; way++) {
        t = 1 + (2 * i + way)
        for (step = 1; step <= 6; step++) {
          for (k = 0; k < 1000; k++) {
            at = t + offset[step] + k * 0.0000001
            if (step == 1 && way == 0) {
              printf "{\"t\":%.7f,\"id\":\"c%d\",\"event\":\"present\",\"presenter\":\"root:c%d\",\"animated\":true,\"style\":\"custom\"}\n", at, k, k
            } else if (step == 1) {
              printf "{\"t\":%.7f,\"id\":\"c%d\",\"event\":\"dismiss\",\"animated\":true}\n", at, k
            } else if (step == 2) {
              printf "{\"t\":%.7f,\"id\":\"c%d\",\"event\":\"%s\"}\n", at, k, way == 0 ? "presentationTransitionWillBegin" : "dismissalTransitionWillBegin"
            } else if (step == 3) {
              printf "{\"t\":%.7f,\"id\":\"c%d\",\"event\":\"animateTransition\",\"duration\":0.3}\n", at, k
            } else if (step == 4) {
              printf "{\"t\":%.7f,\"id\":\"c%d\",\"event\":\"completeTransition\",\"didComplete\":true}\n", at, k
            } else if (step == 5) {
              printf "{\"t\":%.7f,\"id\":\"c%d\",\"event\":\"%s\",\"completed\":true}\n", at, k, way == 0 ? "presentationTransitionDidEnd" : "dismissalTransitionDidEnd"
            } else {
              printf "{\"t\":%.7f,\"id\":\"c%d\",\"event\":\"completion\"}\n", at, k
            }
          }
        }
      }
    }
  }'
}

# - mixed_trace CYCLES: the cycles of many_trace, each card's shifted in time by (K × 1.3 ms) mod 1 s, the
#   lines in the order of their times (ties in card order): consecutive lines come from cards at different
#   steps, as on the benchmark's trace, so no run of one trigger helps the branch predictor.
mixed_trace() {
  awk -v n="$1" 'BEGIN {
    split("0 0.0003 0.001 0.301 0.3013 0.3016", offset, " ")
    for (i = 0; i < n; i++) {
      for (way = 0; way < 2; way++) {
        for (k = 0; k < 1000; k++) {
          shift = (k * 0.0013) - int(k * 0.0013)
          for (step = 1; step <= 6; step++) {
            at = 1 + (2 * i + way) + offset[step] + shift
            if (step == 1 && way == 0) {
              line = sprintf("\"id\":\"c%d\",\"event\":\"present\",\"presenter\":\"root:c%d\",\"animated\":true,\"style\":\"custom\"}", k, k)
            } else if (step == 1) {
              line = sprintf("\"id\":\"c%d\",\"event\":\"dismiss\",\"animated\":true}", k)
            } else if (step == 2) {
              line = sprintf("\"id\":\"c%d\",\"event\":\"%s\"}", k, way == 0 ? "presentationTransitionWillBegin" : "dismissalTransitionWillBegin")
            } else if (step == 3) {
              line = sprintf("\"id\":\"c%d\",\"event\":\"animateTransition\",\"duration\":0.3}", k)
            } else if (step == 4) {
              line = sprintf("\"id\":\"c%d\",\"event\":\"completeTransition\",\"didComplete\":true}", k)
            } else if (step == 5) {
              line = sprintf("\"id\":\"c%d\",\"event\":\"%s\",\"completed\":true}", k, way == 0 ? "presentationTransitionDidEnd" : "dismissalTransitionDidEnd")
            } else {
              line = sprintf("\"id\":\"c%d\",\"event\":\"completion\"}", k)
            }
            printf "%.7f\t%d\t{\"t\":%.7f,%s\n", at, k, at, line
          }
        }
      }
    }
  }' | LC_ALL=C sort -t "$(printf '\t')" -k1,1g -k2,2n | cut -f3 | { echo '{"format":"presentation-trace","version":1}'; cat; }
}
