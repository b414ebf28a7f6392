#include "harness/support/process/lockstep.hpp"

#include <sched.h>
#include <sys/socket.h>
#include <sys/stat.h>

#include <cerrno>
#include <string>

#include "harness/support/errors/input_error.hpp"

namespace benchgate::process {

namespace {

constexpr char k_turn = 't';

// Both partners pin to the lowest CPU of their (equal, inherited) masks.
void pin_to_first_cpu() {
  cpu_set_t allowed;
  CPU_ZERO(&allowed);
  if (sched_getaffinity(0, sizeof allowed, &allowed) != 0) return;
  for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu) {
    if (!CPU_ISSET(cpu, &allowed)) continue;
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(cpu, &one);
    sched_setaffinity(0, sizeof one, &one);  // unpinned is slower to pair, not wrong
    return;
  }
}

// One turn to `fd`'s partner; false when it is gone.
bool send_turn(int fd) {
  const char turn = k_turn;
  ssize_t sent = 0;
  do {
    sent = ::send(fd, &turn, 1, MSG_NOSIGNAL);
  } while (sent < 0 && errno == EINTR);
  return sent == 1;
}

}  // namespace

lockstep::lockstep(int socket_fd) : fd_(socket_fd) {
  pin_to_first_cpu();
  wait_for_turn();
}

bool lockstep::hand_first_turn(int fd) { return send_turn(fd); }

lockstep::~lockstep() { ::shutdown(fd_, SHUT_RDWR); }

void lockstep::yield() {
  if (partner_gone_) return;
  if (!send_turn(fd_)) {
    partner_gone_ = true;
    return;
  }
  wait_for_turn();
}

void lockstep::wait_for_turn() {
  char turn = 0;
  ssize_t got = 0;
  do {
    got = ::recv(fd_, &turn, 1, 0);
  } while (got < 0 && errno == EINTR);
  if (got != 1) partner_gone_ = true;  // 0: the partner's end closed
}

bool lockstep::usable(int fd) {
  struct stat st {};
  return fd >= 0 && ::fstat(fd, &st) == 0 && S_ISSOCK(st.st_mode);
}

std::unique_ptr<lockstep> lockstep::join(std::optional<int> fd) {
  if (!fd) return nullptr;
  if (!usable(*fd)) {
    throw input_error("--lockstep-fd " + std::to_string(*fd) +
                      ": not an open socket; expected the end of a socket pair that gate --confirm passes");
  }
  return std::make_unique<lockstep>(*fd);
}

}  // namespace benchgate::process
