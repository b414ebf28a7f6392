#pragma once
// Reading back the cells a gate failed (benchgate explain --verdict): the
// name, gated metric and change of each cell of a verdict JSON
// (benchgate.gate/1, gate_verdict_json.hpp writes it) whose status is fail;
// the name and status of every cell (benchgate calibrate --for gate, ab).

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace benchgate::gate {

// One cell of a verdict JSON (benchgate.gate/1), as calibrate's tries read it back.
struct verdict_cell {
  std::string name;
  std::string status;  // pass, warn, fail, unstable, ... (gate_model.hpp's cell_status)
};


struct failed_cell {
  std::string name;
  std::string metric;                 // as the verdict writes it: real_time, cpu_time, instructions, ...
  std::optional<double> change_pct;   // the estimate, when the gate had one
};

// The failed cells of the verdict `text`, in its order. Throws input_error
// naming `source` and the field when it is not a benchgate.gate/1 document.
std::vector<failed_cell> read_failed_cells(std::string_view text, std::string_view source);

// Every cell of the verdict `text`, in its order; throws as read_failed_cells.
std::vector<verdict_cell> read_verdict_cells(std::string_view text, std::string_view source);

}  // namespace benchgate::gate
