#pragma once
// "did you mean" hints for a misspelt name (preset, policy, key, subcommand): the closest known
// name by edit distance, when it is close enough to be a likely typo rather than another word.
#include <string>
#include <string_view>
#include <vector>

namespace ssdtlm {

// Edit distance: insertions, deletions, substitutions and transpositions of two neighbours
// ("rnu" is one edit from "run"); case-sensitive.
std::size_t edit_distance(std::string_view a, std::string_view b);

// The candidate nearest to `name`, or "" when none is within max(1, |name| / 3) edits (a
// different case counts as close).
std::string nearest_name(std::string_view name, const std::vector<std::string>& candidates);

// " (did you mean 'NAME'?)" for the nearest candidate, or "" when there is none.
std::string did_you_mean(std::string_view name, const std::vector<std::string>& candidates);

}  // namespace ssdtlm
