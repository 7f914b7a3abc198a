// SHA-256 against the FIPS 180-4 example digests, and split updates giving the same digest.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <string>

#include "common/error.h"
#include "common/sha256.h"

namespace gfx {
namespace {

TEST(Sha256, KnownDigests) {
  EXPECT_EQ(sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  EXPECT_EQ(sha256_hex(std::string(1000000, 'a')),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST(Sha256, AnySplitOfTheInputGivesTheSameDigest) {
  std::string text;
  for (int i = 0; i < 300; ++i) text += char('a' + i % 26);
  const std::string whole = sha256_hex(text);
  for (size_t cut : {0u, 1u, 55u, 56u, 63u, 64u, 65u, 128u, 299u}) {
    Sha256 s;
    s.update(text.substr(0, cut));
    s.update(text.substr(cut));
    EXPECT_EQ(s.hex_digest(), whole) << "cut at " << cut;
  }
}

TEST(Sha256, FileDigestMatchesTheBytesAndNamesAMissingFile) {
  const std::string path = ::testing::TempDir() + "sha256_test.bin";
  {
    std::ofstream out(path, std::ios::binary);
    out << std::string(100000, 'x') << '\0' << "tail";
  }
  EXPECT_EQ(sha256_file_hex(path), sha256_hex(std::string(100000, 'x') + std::string(1, '\0') + "tail"));
  std::remove(path.c_str());
  try {
    sha256_file_hex(path);
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(std::string(e.what()), path + ": cannot read the file to hash it");
  }
}

}  // namespace
}  // namespace gfx
