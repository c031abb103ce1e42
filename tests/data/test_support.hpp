#pragma once
// Moved to tests/support/dataset_fixtures.hpp; kept so that tests written against the old path
// still build.
#include "support/dataset_fixtures.hpp"
