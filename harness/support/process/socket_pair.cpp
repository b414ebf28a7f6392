#include "harness/support/process/socket_pair.hpp"

#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>

namespace benchgate::process {

socket_pair::socket_pair() {
  if (::socketpair(AF_UNIX, SOCK_STREAM, 0, ends_) != 0) {
    error_ = errno;
    ends_[0] = ends_[1] = -1;
  }
}

socket_pair::~socket_pair() { close_ends(); }

void socket_pair::close_ends() {
  for (int& fd : ends_) {
    if (fd >= 0) ::close(fd);
    fd = -1;
  }
}

}  // namespace benchgate::process
