#pragma once
// Moved to tests/support/; kept so that tests written against the old path still build.
#include "support/run_helpers.hpp"
