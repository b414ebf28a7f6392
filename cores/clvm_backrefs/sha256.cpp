#include "cores/clvm_backrefs/sha256.hpp"

#include <openssl/evp.h>

#include <utility>

namespace cores::clvm_backrefs {

std::optional<sha256> sha256::create() {
  // Fetching once (not EVP_sha256() per call, nor the one-shot SHA256(),
  // which fetches on every call in OpenSSL 3) keeps the per-digest cost to
  // the compression function.
  EVP_MD* md = EVP_MD_fetch(nullptr, "SHA256", nullptr);
  if (md == nullptr) return std::nullopt;
  EVP_MD_CTX* context = EVP_MD_CTX_new();
  if (context == nullptr) {
    EVP_MD_free(md);
    return std::nullopt;
  }
  return sha256(md, context);
}

sha256::sha256(sha256&& other) noexcept
    : md_(std::exchange(other.md_, nullptr)),
      context_(std::exchange(other.context_, nullptr)),
      ok_(other.ok_) {}

sha256& sha256::operator=(sha256&& other) noexcept {
  if (this != &other) {
    EVP_MD_CTX_free(context_);
    EVP_MD_free(md_);
    md_ = std::exchange(other.md_, nullptr);
    context_ = std::exchange(other.context_, nullptr);
    ok_ = other.ok_;
  }
  return *this;
}

sha256::~sha256() {
  EVP_MD_CTX_free(context_);
  EVP_MD_free(md_);
}

digest sha256::hash(std::span<const std::uint8_t> first, std::span<const std::uint8_t> second) {
  digest out{};
  unsigned int written = 0;
  const bool done = context_ != nullptr && EVP_DigestInit_ex2(context_, md_, nullptr) == 1 &&
                    EVP_DigestUpdate(context_, first.data(), first.size()) == 1 &&
                    (second.empty() || EVP_DigestUpdate(context_, second.data(), second.size()) == 1) &&
                    EVP_DigestFinal_ex(context_, out.data(), &written) == 1 && written == out.size();
  if (!done) {
    ok_ = false;
    out.fill(0);
  }
  return out;
}

}  // namespace cores::clvm_backrefs
