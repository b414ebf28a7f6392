#include "harness/support/process/termination.hpp"

#include <pthread.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstddef>
#include <iostream>

#include "harness/support/process/child_process.hpp"

namespace benchgate::process {

namespace {

constexpr int k_termination_signals[] = {SIGINT, SIGTERM, SIGHUP};

// Children running at once: ab's or a confirmation's two sides, callgrind,
// a Google Benchmark listing; a few at most.
constexpr std::size_t k_max_children = 64;

static_assert(std::atomic<int>::is_always_lock_free, "the signal handler reads these");
std::atomic<int> running_children[k_max_children];  // pids; 0: a free slot
std::atomic<int> received_signal{0};
std::atomic<int> cleanups_pending{0};

sigset_t termination_set() {
  sigset_t set;
  sigemptyset(&set);
  for (const int signal : k_termination_signals) sigaddset(&set, signal);
  return set;
}

// Async-signal-safe: atomics, kill, signal and raise only; errno is the
// interrupted code's, so it is put back.
void on_termination(int signal) {
  const int saved_errno = errno;
  received_signal.store(signal);
  bool forwarded = false;
  for (auto& slot : running_children) {
    const int pid = slot.load();
    if (pid > 0) {
      ::kill(pid, signal);
      forwarded = true;
    }
  }
  if (!forwarded && cleanups_pending.load() == 0) {
    // Nothing to wait for or remove: end now, as without a handler.
    ::signal(signal, SIG_DFL);
    ::raise(signal);
  }
  errno = saved_errno;
}

}  // namespace

cleanup_pending::cleanup_pending() { cleanups_pending.fetch_add(1); }

cleanup_pending::~cleanup_pending() { cleanups_pending.fetch_sub(1); }

void forward_termination_signals() {
  struct sigaction action {};
  action.sa_handler = on_termination;
  action.sa_mask = termination_set();  // one at a time
  action.sa_flags = SA_RESTART;
  for (const int signal : k_termination_signals) {
    struct sigaction before {};
    // An ignored signal (nohup, a shell's background job) stays ignored.
    if (sigaction(signal, nullptr, &before) == 0 && before.sa_handler == SIG_IGN) continue;
    sigaction(signal, &action, nullptr);
  }
}

int termination_signal() { return received_signal.load(); }

void end_if_terminated() {
  const int signal = received_signal.load();
  if (signal == 0) return;
  std::cout.flush();
  std::cerr << "benchgate: stopped by " << signal_text(signal)
            << "; its child processes were stopped and its temporary folders removed\n"
            << std::flush;
  ::signal(signal, SIG_DFL);
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, signal);
  pthread_sigmask(SIG_UNBLOCK, &set, nullptr);
  ::raise(signal);
}

namespace detail {

bool register_child(int pid) {
  for (auto& slot : running_children) {
    int free = 0;
    if (slot.compare_exchange_strong(free, pid)) return true;
  }
  return false;
}

void forget_child(int pid) {
  for (auto& slot : running_children) {
    int expected = pid;
    if (slot.compare_exchange_strong(expected, 0)) return;
  }
}

termination_blocked::termination_blocked() {
  const auto set = termination_set();
  pthread_sigmask(SIG_BLOCK, &set, &previous_);
}

termination_blocked::~termination_blocked() { pthread_sigmask(SIG_SETMASK, &previous_, nullptr); }

}  // namespace detail

}  // namespace benchgate::process
