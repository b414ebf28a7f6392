#include "harness/cases/http_parse/workload.hpp"

#include <cassert>

#include "benchgate/rng.hpp"

namespace benchgate::cases::http_parse {

namespace {

using cores::http_parse::head_kind;

// A browser fetching an image: 9 headers, about 700 bytes, like httparse's
// `req` (a long User-Agent, Accept lists and a long Cookie).
constexpr std::string_view k_req =
    "GET /photos/2026/11/lake-tahoe-sunrise-over-emerald-bay-panorama-large.jpg HTTP/1.1\r\n"
    "Host: images.example-photo-archive.net\r\n"
    "User-Agent: Mozilla/5.0 (X11; Linux x86_64; rv:131.0) Gecko/20100101 Firefox/131.0\r\n"
    "Accept: image/avif,image/webp,image/png,image/svg+xml,image/*;q=0.8,*/*;q=0.5\r\n"
    "Accept-Language: en-US,en;q=0.7,de;q=0.3\r\n"
    "Accept-Encoding: gzip, deflate, br, zstd\r\n"
    "Referer: https://www.example-photo-archive.net/albums/landscapes/2026\r\n"
    "Connection: keep-alive\r\n"
    "Cache-Control: no-cache\r\n"
    "Cookie: session_id=3f9a1c7e5b2d4f60a8c1; theme=dark; consent=analytics:0,ads:0; "
    "_ga=GA1.2.1234567890.1767225600; _gid=GA1.2.9876543210.1767312000; "
    "recent=lake-tahoe|yosemite|big-sur; pad=xxxxxxxxxxxxxxxxxxxxxxxxxx\r\n"
    "\r\n";

// A short request: 2 headers, about 70 bytes, like httparse's `req_short`.
constexpr std::string_view k_req_short =
    "GET /index.html HTTP/1.0\r\n"
    "Host: example.org\r\n"
    "Cookie: sid=42; lang=en\r\n"
    "\r\n";

// A page response: 10 headers, about 700 bytes, like httparse's `resp`.
constexpr std::string_view k_resp =
    "HTTP/1.1 200 OK\r\n"
    "Date: Wed, 02 Dec 2026 15:00:00 GMT\r\n"
    "Server: benchgate-example/1.0 (Debian)\r\n"
    "Content-Type: text/html; charset=utf-8\r\n"
    "Content-Length: 48213\r\n"
    "Cache-Control: public, max-age=3600, stale-while-revalidate=60\r\n"
    "ETag: \"5f1d3c9a7b2e4d60a8c1f3e5b7d9a2c4\"\r\n"
    "Last-Modified: Tue, 01 Dec 2026 09:12:44 GMT\r\n"
    "Vary: Accept-Encoding, Accept-Language\r\n"
    "Content-Security-Policy: default-src 'self'; img-src 'self' https://images.example-photo-archive.net; "
    "script-src 'self'; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'\r\n"
    "Set-Cookie: session_id=3f9a1c7e5b2d4f60a8c1; Path=/; Domain=example-photo-archive.net; "
    "Expires=Thu, 31 Dec 2026 23:59:59 GMT; Secure; HttpOnly; SameSite=Lax\r\n"
    "\r\n";

// A short response: 2 headers, about 90 bytes, like httparse's `resp_short`.
constexpr std::string_view k_resp_short =
    "HTTP/1.0 200 OK\r\n"
    "Date: Wed, 02 Dec 2026 15:00:00 GMT\r\n"
    "Set-Cookie: sid=42; Path=/; HttpOnly\r\n"
    "\r\n";

struct named {
  std::string_view name;
  std::string_view bytes;
  head_kind kind;
  std::size_t header_count;
};

constexpr named k_named[] = {
    {"req", k_req, head_kind::request, 9},
    {"req_short", k_req_short, head_kind::request, 2},
    {"resp", k_resp, head_kind::response, 10},
    {"resp_short", k_resp_short, head_kind::response, 2},
};

// Seeds of the sweeps: fixed so that every run parses the same bytes.
constexpr std::uint64_t k_uri_seed = 0x5eed0001;
constexpr std::uint64_t k_value_seed = 0x5eed0002;
constexpr std::uint64_t k_header_seed = 0x5eed0003;
constexpr std::size_t k_header_sweep_value_bytes = 16;

constexpr std::string_view k_path_bytes =
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/?=&%+";
// Visible ASCII without SP (0x21-0x7E), and SP for the inside of values.
constexpr char k_first_visible = '!';
constexpr char k_last_visible = '~';
constexpr std::uint64_t k_one_in_n_spaces = 8;

char pick(benchgate::splitmix64& rng, std::string_view from) { return from[rng.below(from.size())]; }

char visible(benchgate::splitmix64& rng) {
  return static_cast<char>(k_first_visible + rng.below(k_last_visible - k_first_visible + 1));
}

constexpr std::string_view k_request_line_end = " HTTP/1.1\r\n";
constexpr std::string_view k_host = "Host: example.org\r\n";

}  // namespace

std::vector<std::string> named_workloads() {
  std::vector<std::string> names;
  for (const auto& w : k_named) names.emplace_back(w.name);
  return names;
}

workload named_workload(std::string_view name) {
  for (const auto& w : k_named) {
    if (w.name == name) return {std::string(w.bytes), w.kind, w.header_count};
  }
  assert(false && "not a name from named_workloads()");
  return {};
}

workload uri_sweep(std::size_t uri_bytes) {
  benchgate::splitmix64 rng(k_uri_seed);
  std::string uri = "/";
  while (uri.size() < uri_bytes) uri += pick(rng, k_path_bytes);
  return {"GET " + uri + std::string(k_request_line_end) + std::string(k_host) + "\r\n", head_kind::request, 1};
}

workload value_sweep(std::size_t value_bytes) {
  benchgate::splitmix64 rng(k_value_seed);
  std::string value;
  for (std::size_t i = 0; i < value_bytes; ++i) {
    const bool inside = i != 0 && i + 1 != value_bytes;
    value += inside && rng.below(k_one_in_n_spaces) == 0 ? ' ' : visible(rng);
  }
  return {"GET /" + std::string(k_request_line_end) + std::string(k_host) + "X-Payload: " + value + "\r\n\r\n",
          head_kind::request, 2};
}

workload header_sweep(std::size_t count) {
  benchgate::splitmix64 rng(k_header_seed);
  std::string head = "GET /" + std::string(k_request_line_end);
  for (std::size_t i = 0; i < count; ++i) {
    head += "X-Field-" + std::to_string(i) + ": ";
    for (std::size_t k = 0; k < k_header_sweep_value_bytes; ++k) head += visible(rng);
    head += "\r\n";
  }
  return {head + "\r\n", head_kind::request, count};
}

}  // namespace benchgate::cases::http_parse
