#pragma once
// A connected pair of local stream sockets whose ends children inherit:
// gate --confirm's lockstep runs take turns over one (support/process/lockstep.hpp).

namespace benchgate::process {

class socket_pair {
 public:
  // Not close-on-exec: a child started after this inherits both ends, so
  // start each child with the other end in start_child's close_in_child.
  socket_pair();
  // Closes the ends still open.
  ~socket_pair();
  socket_pair(const socket_pair&) = delete;
  socket_pair& operator=(const socket_pair&) = delete;

  // 0 when the pair exists, else socketpair's errno.
  int error() const { return error_; }
  // End 0 or 1.
  int end(int which) const { return ends_[which]; }
  // Closes this process's copies, once the children that need them run.
  void close_ends();

 private:
  int ends_[2] = {-1, -1};
  int error_ = 0;
};

}  // namespace benchgate::process
