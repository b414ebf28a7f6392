// CPU feature detection off x86: no x86 block scanners, so SWAR is the best.

#include "cores/http_parse/implementations.hpp"

namespace cores::http_parse {

cpu_features detect_cpu() { return {}; }

}  // namespace cores::http_parse
