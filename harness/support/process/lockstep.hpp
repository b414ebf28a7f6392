#pragma once
// Taking turns with a partner run, so that two runs (gate --confirm's old
// and new binaries) alternate sample by sample on one CPU: whatever slows
// the machine for a while slows both alike, and their samples pair up
// (stats/paired.hpp). One byte on a shared socket is the turn; the run
// that holds it works (prepares, times one sample) and hands it over.

#include <memory>
#include <optional>

namespace benchgate::process {

class lockstep {
 public:
  // Pins this process to the first CPU it may run on (the partner picks
  // the same one), then waits for the first turn. `socket_fd`: this run's
  // end of a connected socket pair; the other end is the partner's, and
  // whoever starts the pair puts the first turn in one of them.
  explicit lockstep(int socket_fd);
  // Ends the turns: the partner goes on alone at once.
  ~lockstep();
  lockstep(const lockstep&) = delete;
  lockstep& operator=(const lockstep&) = delete;
  // Hands the turn over and waits for it to come back. Once the partner
  // has ended (its end closed), returns at once: this run goes on alone.
  void yield();
  // Whether `fd` is a socket this run could take turns on.
  static bool usable(int fd);
  // The turns of run --lockstep-fd FD (from here on this run works only in
  // its turns), or nullptr without one. Throws input_error, before taking
  // any turn, when `fd` is not a socket.
  static std::unique_ptr<lockstep> join(std::optional<int> fd);
  // Sends the first turn on `fd`: the run at the other end of its pair
  // starts. False when it could not be sent.
  static bool hand_first_turn(int fd);

 private:
  void wait_for_turn();
  int fd_;
  bool partner_gone_ = false;
};

}  // namespace benchgate::process
