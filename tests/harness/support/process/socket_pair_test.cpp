#include "harness/support/process/socket_pair.hpp"

#include <gtest/gtest.h>
#include <fcntl.h>
#include <sys/socket.h>
#include <unistd.h>

namespace benchgate::process {
namespace {

TEST(SocketPair, CarriesBytesBothWaysAndIsInheritable) {
  socket_pair pair;
  ASSERT_EQ(pair.error(), 0);
  char got = 0;
  ASSERT_EQ(::write(pair.end(0), "a", 1), 1);
  ASSERT_EQ(::read(pair.end(1), &got, 1), 1);
  EXPECT_EQ(got, 'a');
  ASSERT_EQ(::write(pair.end(1), "b", 1), 1);
  ASSERT_EQ(::read(pair.end(0), &got, 1), 1);
  EXPECT_EQ(got, 'b');
  // Not close-on-exec: children inherit the ends.
  EXPECT_EQ(::fcntl(pair.end(0), F_GETFD) & FD_CLOEXEC, 0);
  EXPECT_EQ(::fcntl(pair.end(1), F_GETFD) & FD_CLOEXEC, 0);
}

TEST(SocketPair, CloseEndsClosesBoth) {
  socket_pair pair;
  ASSERT_EQ(pair.error(), 0);
  const int a = pair.end(0);
  const int b = pair.end(1);
  pair.close_ends();
  EXPECT_EQ(::fcntl(a, F_GETFD), -1);
  EXPECT_EQ(::fcntl(b, F_GETFD), -1);
}

}  // namespace
}  // namespace benchgate::process
