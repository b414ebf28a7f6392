#include "harness/support/process/lockstep.hpp"

#include <gtest/gtest.h>

#include <fcntl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <future>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "harness/support/process/socket_pair.hpp"

namespace benchgate::process {
namespace {

// Two partners (threads here, processes in gate --confirm) that record
// their steps: the turns interleave them one by one.
TEST(Lockstep, PartnersTakeTurnsStepByStep) {
  process::socket_pair pair;
  ASSERT_EQ(pair.error(), 0);
  // Sent from end 1, the first turn arrives at end 0: "a" starts.
  ASSERT_TRUE(lockstep::hand_first_turn(pair.end(1)));
  std::mutex m;
  std::vector<std::string> steps;
  const auto partner = [&](int fd, const std::string& name, int count) {
    lockstep turns(fd);
    for (int i = 1; i <= count; ++i) {
      {
        const std::lock_guard lock(m);
        steps.push_back(name + std::to_string(i));
      }
      turns.yield();
    }
  };
  // "b" has more steps: once "a" has ended, it goes on alone.
  std::thread b(partner, pair.end(1), "b", 4);
  std::thread a(partner, pair.end(0), "a", 2);
  a.join();
  b.join();
  EXPECT_EQ(steps, (std::vector<std::string>{"a1", "b1", "a2", "b2", "b3", "b4"}));
}

TEST(Lockstep, APartnerThatIsGoneDoesNotBlock) {
  process::socket_pair pair;
  ASSERT_EQ(pair.error(), 0);
  ASSERT_TRUE(lockstep::hand_first_turn(pair.end(1)));
  ::close(pair.end(1));  // the partner never starts
  // On a thread of its own (lockstep pins its caller), given 10 s at most.
  auto alone = std::async(std::launch::async, [&] {
    lockstep turns(pair.end(0));
    turns.yield();
    turns.yield();
    return true;
  });
  const bool ended = alone.wait_for(std::chrono::seconds(10)) == std::future_status::ready;
  EXPECT_TRUE(ended) << "yield blocked for 10 s on a partner that is gone";
  if (!ended) {
    // The future's destructor would wait for the thread: wake a blocked
    // read by shutting the socket down, and end the process if even that
    // does not free it, so the test fails instead of hanging.
    ::shutdown(pair.end(0), SHUT_RDWR);
    if (alone.wait_for(std::chrono::seconds(2)) != std::future_status::ready) {
      std::fputs("lockstep_test: yield still blocked after shutdown; exiting\n", stderr);
      std::_Exit(1);
    }
    return;
  }
  EXPECT_TRUE(alone.get());
}

TEST(Lockstep, OnlySocketsAreUsable) {
  process::socket_pair pair;
  EXPECT_TRUE(lockstep::usable(pair.end(0)));
  const int file = ::open("/dev/null", O_RDONLY);
  EXPECT_FALSE(lockstep::usable(file));
  ::close(file);
  EXPECT_FALSE(lockstep::usable(-1));
  EXPECT_FALSE(lockstep::usable(987654));
}

}  // namespace
}  // namespace benchgate::process
