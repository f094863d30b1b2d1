// hf_ids.h — the presets' Hugging Face repository ids (the config.json each preset was read from, as its source in
// assets/models.json names it), and an id read back as its preset: exactly, or as a variant of the same architecture
// (instruct, chat, base or pre-trained tunings; Unsloth's 4-bit uploads; Meta's older "Meta-Llama" names). The model
// key (core/config) and the launch configs' import (core/launch) read ids through these alone.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace tp {

// "Qwen/Qwen2.5-7B" for "qwen2.5-7b"; "" when the preset has none listed.
std::string HfIdOfPreset(std::string_view preset);
// The preset whose id this is (case-insensitive), or null.
const char* PresetOfHfId(std::string_view hf_id);
// The preset of a variant of the same architecture ("Qwen/Qwen2.5-3B-Instruct", "unsloth/Meta-Llama-3.1-8B-Instruct-
// bnb-4bit"), or null when no preset's, or more than one's, matches.
const char* PresetOfHfVariant(std::string_view hf_id);
// The preset a model's name stands for as people write it without an organisation: a repository's name, a
// variant's included ("Llama-3.1-8B-Instruct"), or the name in words ("Llama 3 8B", "llama-3-8b", "Mistral 7B"),
// compared on letters, digits and '.' alone; null when no preset's, or more than one's, matches.
const char* PresetOfModelName(std::string_view name);
// The presets a name could be the start of ("Llama 3": llama3-8b, llama3-70b), compared as PresetOfModelName
// compares; empty when the name is shorter than three letters or digits or starts no preset's name (at most 12).
std::vector<std::string> PresetsNamedLike(std::string_view name);
// Whether the text has a Hugging Face repository id's shape: owner/name, each of letters, digits, '.', '_' and '-'
// (not starting with '.': no path), up to 96 characters each.
bool LooksLikeHfId(std::string_view text);

}  // namespace tp
