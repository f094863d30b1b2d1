// test_clock.h — the CPU time this thread has used, for tests that bound the work a call does ("never hangs").
// A bound on the wall clock also counts the time the thread waits for a core: the sanitized suite runs at the
// lowest priority beside the browser stages (scripts/test.sh), where one hostile link took 339 ms of wall time for
// a few ms of work and failed a 200 ms bound.
#pragma once
#include <time.h>

namespace tp::testing {

inline double ThreadCpuSeconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return double(t.tv_sec) + 1e-9 * double(t.tv_nsec);
}

}  // namespace tp::testing
