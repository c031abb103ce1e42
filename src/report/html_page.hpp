#pragma once
// The frame of a report page: its style, its script and the data it draws, as one HTML document.
#include <string>

namespace tsfs::html {

// report.css and the report's scripts (src/report/html/), embedded at build time.
extern const char* const kStyle;
extern const char* const kScript;

// The page of `data_json` (a JSON object whose "kind" is "run" or "comparison"), titled `title`.
std::string report_page(const std::string& title, const std::string& data_json);

}  // namespace tsfs::html
