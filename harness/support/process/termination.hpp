#pragma once
// What a termination signal (SIGINT, SIGTERM, SIGHUP) does to a benchgate
// that has child processes running (ab's sides, gate --confirm's re-runs,
// calibrate's tries, callgrind): the children get the signal too, no new
// child starts (start_child and run_child throw `terminated`), and the
// command unwinds, so that its temporary folders are removed; then main
// ends the process by the same signal (end_if_terminated). With no child
// running but a temporary folder to remove (cleanup_pending), the command
// goes on to its next child or its end, and stops there. With neither, the
// signal ends the process at once, as it would without a handler: a killed
// run keeps what its atomic writes promise and no more.
//
// The one piece of process-wide state in benchgate: a signal handler can
// reach nothing else. The table of running children is lock-free, written
// by child_process.cpp only.

#include <signal.h>

#include <exception>

namespace benchgate::process {

// Thrown instead of starting a child once a termination signal came.
class terminated : public std::exception {
 public:
  explicit terminated(int signal) : signal_(signal) {}
  int signal() const { return signal_; }
  const char* what() const noexcept override { return "stopped by a termination signal"; }

 private:
  int signal_;
};

// Held by each temporary folder while it exists (files::temp_folder,
// paired::work_folder): a termination signal then waits for the command to
// unwind and remove it.
class cleanup_pending {
 public:
  cleanup_pending();
  ~cleanup_pending();
  cleanup_pending(const cleanup_pending&) = delete;
  cleanup_pending& operator=(const cleanup_pending&) = delete;
};

// Installs the handlers of SIGINT, SIGTERM and SIGHUP. Called once, by main.
void forward_termination_signals();

// The termination signal received, 0 when none.
int termination_signal();

// When a termination signal came: says so on stderr and ends the process by
// that signal (its default action), so that the parent sees how it ended.
// Called by main once the command has unwound.
void end_if_terminated();

namespace detail {

// child_process.cpp's side: a started child is registered before the
// signals are let through again, and forgotten once waited for.
// Returns false when no slot is free (the child is then not forwarded to).
bool register_child(int pid);
void forget_child(int pid);

// Blocks the termination signals for the scope (around starting a child
// and registering it, so that a signal cannot fall in between); the child
// is started with the mask from before (`previous`).
class termination_blocked {
 public:
  termination_blocked();
  ~termination_blocked();
  termination_blocked(const termination_blocked&) = delete;
  termination_blocked& operator=(const termination_blocked&) = delete;
  const sigset_t& previous() const { return previous_; }

 private:
  sigset_t previous_;
};

}  // namespace detail

}  // namespace benchgate::process
