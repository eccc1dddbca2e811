// SPDX-License-Identifier: MIT
// Replays a fuzz target's corpus without fuzzing: every file under the directories named on the
// command line goes through LLVMFuzzerTestOneInput once, in a heap block of exactly its size so
// that a sanitizer build catches a read past the end. Linked instead of libFuzzer into the
// fuzz_replay_* executables that ctest runs (g++ has no libFuzzer), so a crash once found and
// committed under tests/fuzz/regressions stays fixed.
//   fuzz_replay_scenario CORPUS_DIR [MORE_DIRS...]   (the first directory must not be empty)
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);
extern "C" __attribute__((weak)) int LLVMFuzzerInitialize(int* argc, char*** argv);

namespace {

std::vector<std::filesystem::path> filesUnder(const std::filesystem::path& dir)
{
    std::vector<std::filesystem::path> files;
    if (!std::filesystem::is_directory(dir))
        return files;
    for (const auto& e : std::filesystem::recursive_directory_iterator(dir))
        if (e.is_regular_file() && e.path().filename() != "README.md")
            files.push_back(e.path());
    std::sort(files.begin(), files.end());
    return files;
}

} // namespace

int main(int argc, char** argv)
{
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s CORPUS_DIR [MORE_DIRS...]\n", argv[0]);
        return 2;
    }
    if (LLVMFuzzerInitialize)
        LLVMFuzzerInitialize(&argc, &argv);
    std::size_t replayed = 0;
    for (int a = 1; a < argc; ++a) {
        const auto files = filesUnder(argv[a]);
        if (a == 1 && files.empty()) {
            std::fprintf(stderr, "%s: no corpus files\n", argv[a]);
            return 1;
        }
        for (const auto& f : files) {
            std::ifstream in(f, std::ios::binary);
            const std::vector<char> content{std::istreambuf_iterator<char>(in),
                                            std::istreambuf_iterator<char>()};
            // Exactly sized (never a null pointer), so one byte past the end is outside the block.
            auto block = std::make_unique<std::uint8_t[]>(std::max<std::size_t>(content.size(), 1));
            std::copy(content.begin(), content.end(), block.get());
            std::fprintf(stderr, "replay %s (%zu bytes)\n", f.c_str(), content.size());
            LLVMFuzzerTestOneInput(block.get(), content.size());
            ++replayed;
        }
    }
    std::printf("replayed %zu inputs\n", replayed);
    return 0;
}
