// "Did you mean" for misspelt config keys and choice values: the nearest candidate by
// edit distance, if one is near enough to be a plausible typo.
#pragma once

#include <string>
#include <vector>

namespace gfx::cfg {

// Edit distance with adjacent transpositions ("wyas" -> "ways" is 1), case-insensitive.
size_t edit_distance(const std::string& a, const std::string& b);

// The first closest candidate within a third of the word's length (at least 1), else "".
std::string closest_match(const std::string& word, const std::vector<std::string>& candidates);

}  // namespace gfx::cfg
