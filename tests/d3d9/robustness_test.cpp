// Bad input never crashes or hangs: randomly damaged bytecode and text either decode /
// assemble or throw gfx::Error. Whatever decodes re-encodes to the same tokens and
// survives disassemble -> assemble unchanged. Fixed seeds, so a failure reproduces.
#include <gtest/gtest.h>

#include <random>

#include "d3d9/assembler.h"
#include "d3d9/decoder.h"
#include "d3d9/disassembler.h"
#include "d3d9/encode.h"
#include "test_util.h"

namespace gfx::d3d9 {
namespace {

using test::Tokens;

std::vector<Tokens> corpus_tokens() {
  std::vector<Tokens> all;
  for (const std::string& f : test::corpus_files()) all.push_back(assemble(test::read_text(f)));
  return all;
}

TEST(Robustness, DamagedBytecodeDecodesExactlyOrFailsCleanly) {
  const auto corpus = corpus_tokens();
  std::mt19937 rng(12345);
  int decoded = 0, rejected = 0;
  for (int iter = 0; iter < 6000; ++iter) {
    Tokens t = corpus[rng() % corpus.size()];
    const int edits = 1 + static_cast<int>(rng() % 3);
    for (int e = 0; e < edits; ++e) {
      const std::size_t at = rng() % t.size();
      switch (rng() % 5) {
        case 0: t[at] ^= 1u << (rng() % 32); break;           // flip a bit
        case 1: t[at] = static_cast<uint32_t>(rng()); break;  // garbage word
        case 2: t.erase(t.begin() + static_cast<long>(at)); break;
        case 3: t.insert(t.begin() + static_cast<long>(at), static_cast<uint32_t>(rng())); break;
        default: t.resize(at); break;  // truncate
      }
      if (t.empty()) break;
    }
    try {
      const Shader sh = decode(t);
      ++decoded;
      ASSERT_EQ(encode(sh), t) << "iteration " << iter;
      ASSERT_EQ(assemble(disassemble(sh)), t) << "iteration " << iter << "\n" << disassemble(sh);
    } catch (const Error&) {
      ++rejected;
    }
  }
  EXPECT_GT(decoded, 100);   // the mutations are not all fatal...
  EXPECT_GT(rejected, 100);  // ...nor all harmless
}

TEST(Robustness, DamagedTextAssemblesOrFailsWithALocation) {
  std::vector<std::string> texts;
  for (const std::string& f : test::corpus_files()) texts.push_back(test::read_text(f));
  std::mt19937 rng(777);
  const std::string alphabet = "rvcoTCaLpbsil0123456789.,[]+-_!() \nxyzw;/";
  for (int iter = 0; iter < 3000; ++iter) {
    std::string s = texts[rng() % texts.size()];
    const int edits = 1 + static_cast<int>(rng() % 4);
    for (int e = 0; e < edits; ++e) {
      const std::size_t at = rng() % s.size();
      if (rng() % 2)
        s[at] = alphabet[rng() % alphabet.size()];
      else
        s.erase(at, 1 + rng() % 3);
      if (s.empty()) break;
    }
    AsmOptions opts;
    opts.file = "m.asm";
    try {
      const Tokens t = assemble(s, opts);
      ASSERT_EQ(encode(decode(t)), t) << s;
    } catch (const Error& e) {
      ASSERT_EQ(std::string(e.what()).rfind("m.asm:", 0), 0u) << e.what();
    }
  }
}

}  // namespace
}  // namespace gfx::d3d9
