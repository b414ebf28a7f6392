#include <gtest/gtest.h>

#include "harness/charts/grid_layout.hpp"

namespace benchgate::charts {
namespace {

TEST(GridPanels, PageIterLikeGridHasOnePanelPerRowSizeAndDensityOnX) {
  std::vector<param_list> cells;
  for (const std::string rows : {"8", "32", "256"}) {
    for (const std::string density : {"0.5", "0.1", "1.0"}) {
      cells.push_back({{"row_bytes", rows}, {"density", density}});
    }
  }
  const auto panels = grid_panels(cells);
  ASSERT_EQ(panels.size(), 3U);
  EXPECT_EQ(panels[0].title, "row_bytes = 8");
  EXPECT_EQ(panels[2].title, "row_bytes = 256");
  EXPECT_EQ(panels[0].x_axis, "density");
  EXPECT_TRUE(panels[0].x_numeric);
  EXPECT_EQ(panels[0].x_values, (std::vector<std::string>{"0.1", "0.5", "1.0"}));  // ascending
  EXPECT_EQ(panels[1].members, (std::vector<std::size_t>{3, 4, 5}));
  EXPECT_DOUBLE_EQ(x_position(panels[0], cells[0]), 0.5);
}

TEST(GridPanels, ANumericAxisWinsOverANamedOneWithMoreValues) {
  std::vector<param_list> cells;
  for (const std::string input : {"x", "y", "z", "w"}) {
    for (const std::string size : {"1", "2"}) cells.push_back({{"input", input}, {"size", size}});
  }
  const auto panels = grid_panels(cells);
  ASSERT_EQ(panels.size(), 4U);
  EXPECT_EQ(panels[0].x_axis, "size");
  EXPECT_EQ(panels[0].title, "input = x");
}

TEST(GridPanels, AnAxisWithOneValueIsNotTheXAxisWhenAnotherVaries) {
  std::vector<param_list> cells;
  for (const std::string phase : {"mutate", "read_latest", "read_retained"}) {
    cells.push_back({{"workload", "extreme"}, {"phase", phase}, {"versions", "100000"}});
  }
  const auto panels = grid_panels(cells);
  ASSERT_EQ(panels.size(), 1U);
  EXPECT_EQ(panels[0].x_axis, "phase");
  EXPECT_EQ(panels[0].title, "workload = extreme, versions = 100000");
}

TEST(GridPanels, ANamedAxisIsSpreadByIndexInFirstSeenOrder) {
  const std::vector<param_list> cells = {{{"input", "big"}}, {{"input", "small"}}, {{"input", "big"}}};
  const auto panels = grid_panels(cells);
  ASSERT_EQ(panels.size(), 1U);
  EXPECT_FALSE(panels[0].x_numeric);
  EXPECT_EQ(panels[0].title, "");
  EXPECT_EQ(panels[0].x_values, (std::vector<std::string>{"big", "small"}));
  EXPECT_DOUBLE_EQ(x_position(panels[0], cells[1]), 1.0);
}

TEST(GridPanels, CellsWithOtherAxesGetPanelsOfTheirOwn) {
  const std::vector<param_list> cells = {{{"workload", "extreme"}, {"versions", "10"}},
                                         {{"workload", "window"}, {"window", "4"}},
                                         {{"workload", "extreme"}, {"versions", "100"}},
                                         {}};
  const auto panels = grid_panels(cells);
  ASSERT_EQ(panels.size(), 3U);
  EXPECT_EQ(panels[0].x_axis, "versions");
  EXPECT_EQ(panels[0].members, (std::vector<std::size_t>{0, 2}));
  EXPECT_EQ(panels[1].x_axis, "window");
  EXPECT_EQ(panels[2].x_axis, "");  // no axis: one point per variant
  EXPECT_EQ(panels[2].x_values, (std::vector<std::string>{""}));
}

}  // namespace
}  // namespace benchgate::charts
