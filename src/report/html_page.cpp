#include "report/html_page.hpp"

namespace tsfs::html {
namespace {

std::string escaped_text(const std::string& text) {
  std::string escaped;
  for (char c : text) {
    switch (c) {
      case '&':
        escaped += "&amp;";
        break;
      case '<':
        escaped += "&lt;";
        break;
      case '>':
        escaped += "&gt;";
        break;
      case '"':
        escaped += "&quot;";
        break;
      default:
        escaped += c;
    }
  }
  return escaped;
}

}  // namespace

std::string report_page(const std::string& title, const std::string& data_json) {
  // Inside <script>, "</script>" or "<!--" in a string would end or garble the element: every '<'
  // of the JSON (found only inside its strings) is written as the escape \u003c.
  std::string data;
  data.reserve(data_json.size());
  for (char c : data_json) {
    if (c == '<')
      data += "\\u003c";
    else
      data += c;
  }
  // No network: the policy allows only the page's own inline style and script (and images made
  // from data: URLs), so a mistake cannot fetch anything either.
  std::string page =
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
      "script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>";
  page += escaped_text(title);
  page += "</title>\n<style>\n";
  page += kStyle;
  page +=
      "</style>\n</head>\n<body>\n<main id=\"page\"><noscript>This page draws its tables and "
      "charts with JavaScript.</noscript></main>\n"
      "<script type=\"application/json\" id=\"tsfs-data\">";
  page += data;
  page += "</script>\n<script>\n";
  page += kScript;
  page += "</script>\n</body>\n</html>\n";
  return page;
}

}  // namespace tsfs::html
