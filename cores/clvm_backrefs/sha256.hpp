#pragma once
// SHA-256 from OpenSSL's libcrypto (the project does not implement SHA-256),
// through one EVP context that is reused for every digest, so hashing does
// not allocate.

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>

struct evp_md_st;
struct evp_md_ctx_st;

namespace cores::clvm_backrefs {

inline constexpr std::size_t k_digest_bytes = 32;
using digest = std::array<std::uint8_t, k_digest_bytes>;

class sha256 {
 public:
  // A hasher; nullopt when OpenSSL cannot provide SHA-256.
  static std::optional<sha256> create();

  sha256(sha256&& other) noexcept;
  sha256& operator=(sha256&& other) noexcept;
  sha256(const sha256&) = delete;
  sha256& operator=(const sha256&) = delete;
  ~sha256();

  // SHA256(first || second). After an OpenSSL failure (never seen in
  // practice) the digest is all zero and ok() turns false for good.
  digest hash(std::span<const std::uint8_t> first, std::span<const std::uint8_t> second = {});

  // False once any digest failed.
  bool ok() const { return ok_; }

 private:
  sha256(evp_md_st* md, evp_md_ctx_st* context) : md_(md), context_(context) {}
  evp_md_st* md_ = nullptr;
  evp_md_ctx_st* context_ = nullptr;
  bool ok_ = true;
};

}  // namespace cores::clvm_backrefs
