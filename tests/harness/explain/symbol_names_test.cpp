#include "harness/explain/symbol_names.hpp"

#include <gtest/gtest.h>

namespace benchgate::explain {
namespace {

TEST(SymbolNames, DemanglesItaniumNames) {
  EXPECT_EQ(demangle("_Z4worki"), "work(int)");
  EXPECT_EQ(demangle("_ZN9benchmark5State17FinishKeepRunningEv"), "benchmark::State::FinishKeepRunning()");
}

TEST(SymbolNames, LeavesOtherNamesAsTheyAre) {
  EXPECT_EQ(demangle("memcpy"), "memcpy");
  EXPECT_EQ(demangle("0x000000000040a1b2"), "0x000000000040a1b2");
  EXPECT_EQ(demangle("_Zgarbage"), "_Zgarbage");  // malformed: unchanged, no throw
}

TEST(SymbolNames, KeepsNamesThatFit) { EXPECT_EQ(trim_name("std::vector<int>::push_back(int const&)", 100), "std::vector<int>::push_back(int const&)"); }

TEST(SymbolNames, ShortensStdStringFirst) {
  const std::string name =
      "f(std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> > const&)";
  EXPECT_EQ(trim_name(name, 40), "f(std::string const&)");
}

TEST(SymbolNames, CollapsesTemplateArgumentsThenParameters) {
  EXPECT_EQ(trim_name("ns::run<ns::page<unsigned long>, ns::visitor<int> >(ns::page<unsigned long> const&)", 40),
            "ns::run<...>(ns::page<...> const&)");
  EXPECT_EQ(trim_name("ns::run<ns::page<unsigned long> >(ns::page<unsigned long> const&, ns::state&, int, long)", 20),
            "ns::run<...>(...)");
}

TEST(SymbolNames, KeepsComparisonAndShiftOperators) {
  EXPECT_EQ(trim_name("ns::operator<<(std::ostream&, ns::point<int, long> const&)", 55),
            "ns::operator<<(std::ostream&, ns::point<...> const&)");
  EXPECT_EQ(trim_name("ns::key<int>::operator<(ns::key<int> const&) const", 45), "ns::key<...>::operator<(...) const");
}

TEST(SymbolNames, TellsAddressNamesFromSymbols) {
  EXPECT_TRUE(is_address_name("0x000000000040a1b2"));
  EXPECT_FALSE(is_address_name("0x"));
  EXPECT_FALSE(is_address_name("0xzz"));
  EXPECT_FALSE(is_address_name("work(int)"));
}

}  // namespace
}  // namespace benchgate::explain
