#pragma once
// One chart: a gnuplot script body and its data, rendered by renderer.hpp to
// STEM.svg and STEM.png with STEM.gp and STEM.dat beside them.

#include <string>

namespace benchgate::charts {

struct chart {
  std::string stem;    // file name without extension, [A-Za-z0-9_.-]+
  std::string title;   // one line, for the page and the script's header
  int width_px = 0;    // size of the PNG (and of the SVG, in pixels)
  int height_px = 0;
  // gnuplot commands that draw the chart on the current terminal, reading
  // the data as 'STEM.dat' (relative: the script runs in the chart's folder).
  std::string body;
  std::string data;    // the content of STEM.dat
};

}  // namespace benchgate::charts
