#pragma once
// The headers that most of tsfs's translation units include, precompiled once per target
// (tsfs_precompile_headers in CMakeLists.txt). Every source still includes what it uses: this
// file only saves parsing them again (-DTSFS_PRECOMPILED_HEADERS=OFF builds without it).
#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <numeric>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <spdlog/spdlog.h>
#include <Eigen/Core>
