// SPDX-License-Identifier: MIT
// Truncated, corrupt and hostile model files: every one must load cleanly or give an error
// naming the file, never crash, hang or allocate without bound. Runs under ASan+UBSan in CI.
#include "executor/Executor.h"
#include "executor/GgufReader.h"
#include "executor/Llama2cReader.h"
#include "executor/ModelLoader.h"
#include "executor/SyntheticModel.h"

#include <QTemporaryDir>
#include <QtTest>

#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <string_view>

using namespace is::exec;

namespace {

const QString kName = QStringLiteral("hostile.gguf");

std::vector<std::byte> syntheticImage(const QString& specText)
{
    QString err;
    const auto spec = parseSyntheticSpec(specText, &err);
    if (!spec)
        qFatal("%s", qPrintable(err));
    const AlignedBuffer b = writeSyntheticGguf(*spec);
    return {b.data(), b.data() + b.size()};
}

// A field of the header that hostile edits target: its offset and width in bytes.
struct Field
{
    std::size_t offset;
    int width;
    const char* what;
};

// Walks a GGUF header we wrote ourselves and records where every count, length, dimension,
// type and offset lives.
std::vector<Field> headerFields(const std::vector<std::byte>& f)
{
    std::vector<Field> out;
    std::size_t p = 0;
    auto u32 = [&](const char* what) {
        out.push_back({p, 4, what});
        std::uint32_t v;
        std::memcpy(&v, f.data() + p, 4);
        p += 4;
        return v;
    };
    auto u64 = [&](const char* what) {
        out.push_back({p, 8, what});
        std::uint64_t v;
        std::memcpy(&v, f.data() + p, 8);
        p += 8;
        return v;
    };
    auto str = [&](const char* what) { p += u64(what); };
    u32("magic");
    u32("version");
    const auto nt = u64("tensor_count");
    const auto nkv = u64("kv_count");
    for (std::uint64_t i = 0; i < nkv; ++i) {
        str("key length");
        const auto type = u32("value type");
        if (type == 8) {
            str("string length");
        } else if (type == 9) {
            const auto et = u32("array type");
            const auto n = u64("array count");
            for (std::uint64_t k = 0; k < n; ++k) {
                if (et == 8) {
                    if (k < 4)
                        str("array string length");
                    else
                        p += 8 + [&] { std::uint64_t v; std::memcpy(&v, f.data() + p, 8); return v; }();
                }
            }
        } else {
            const std::size_t sz = (type <= 1 || type == 7) ? 1 : (type <= 3 ? 2 : (type <= 6 ? 4 : 8));
            out.push_back({p, static_cast<int>(sz), "scalar value"});
            p += sz;
        }
    }
    for (std::uint64_t i = 0; i < nt; ++i) {
        str("tensor name length");
        const auto nd = u32("n_dims");
        for (std::uint32_t d = 0; d < nd; ++d)
            u64("dimension");
        u32("tensor type");
        u64("tensor offset");
    }
    return out;
}

struct Outcome
{
    int loaded = 0;
    int rejected = 0;
};

// Parses one image; a model that loads must also run a few decode steps without fault.
void tryImage(const std::vector<std::byte>& img, Outcome& o)
{
    AlignedBuffer buf(img.size());
    if (!img.empty())
        std::memcpy(buf.data(), img.data(), img.size());
    QString err;
    auto m = loadGgufBuffer(std::move(buf), kName, &err);
    if (!m) {
        QVERIFY2(err.startsWith(kName + QStringLiteral(": ")), qPrintable(err));
        QVERIFY(err.size() > kName.size() + 4);
        ++o.rejected;
        return;
    }
    ++o.loaded;
    ThreadPool pool(1); // one thread: the point is memory safety, and it keeps the test fast
    Executor ex(*m, pool, 4);
    int tok = 1 % m->cfg.vocab;
    for (int i = 0; i < 3; ++i) {
        const float* logits = ex.decode(tok);
        QVERIFY(logits);
        tok = 0;
    }
    const int prompt[2] = {0, 0};
    ex.reset();
    QVERIFY(ex.prefill(prompt, 2));
}

} // namespace

class TestExecutorHostile : public QObject
{
    Q_OBJECT

private slots:
    void truncations();
    void bitFlips();
    void editedFields();
    void specificErrors_data();
    void specificErrors();
    void llama2cHeaders();
    void filesNameThemselves();
    void tensorNamesKeepTheirPercentSigns();
};

void TestExecutorHostile::truncations()
{
    const auto img = syntheticImage(QStringLiteral("dim=32,layers=2,heads=2,kv_heads=1,ffn=64,vocab=40,dtype=q8_0"));
    const std::size_t header = headerFields(img).back().offset + 8;
    Outcome o;
    // Every byte of the first part of the header, then spread over the rest and the data.
    std::vector<std::size_t> cuts;
    for (std::size_t c = 0; c < 64; ++c)
        cuts.push_back(c);
    for (std::size_t c = 64; c < header; c += 13)
        cuts.push_back(c);
    for (std::size_t c = header; c < img.size(); c += img.size() / 60 + 1)
        cuts.push_back(c);
    cuts.push_back(img.size() - 1);
    for (std::size_t c : cuts) {
        tryImage({img.begin(), img.begin() + static_cast<std::ptrdiff_t>(c)}, o);
        if (QTest::currentTestFailed())
            QFAIL(qPrintable(QStringLiteral("truncation at %1").arg(c)));
    }
    qInfo("%zu truncations: %d rejected, %d loaded", cuts.size(), o.rejected, o.loaded);
    QVERIFY(o.rejected >= static_cast<int>(cuts.size()) - 2);
}

void TestExecutorHostile::bitFlips()
{
    Outcome o;
    std::mt19937_64 rng(1234);
    for (const char* spec : {"dim=32,layers=2,heads=2,kv_heads=1,ffn=64,vocab=40,dtype=f16",
                             "dim=32,layers=1,heads=2,ffn=64,vocab=40,dtype=bf16,experts=3,top_k=2"}) {
        const auto img = syntheticImage(QString::fromLatin1(spec));
        const std::size_t header = headerFields(img).back().offset + 8;
        for (int i = 0; i < 200; ++i) {
            auto m = img;
            // Most flips land in the header, where they change structure rather than weights.
            const std::size_t pos = (i % 4 == 3) ? rng() % m.size() : rng() % header;
            const int flips = 1 + static_cast<int>(rng() % 3);
            for (int k = 0; k < flips; ++k)
                m[(pos + static_cast<std::size_t>(k) * 7) % m.size()] ^= std::byte(1u << (rng() % 8));
            tryImage(m, o);
            if (QTest::currentTestFailed())
                QFAIL(qPrintable(QStringLiteral("%1: flip at %2").arg(QLatin1String(spec)).arg(pos)));
        }
    }
    qInfo("400 bit-flipped files: %d rejected, %d loaded", o.rejected, o.loaded);
}

void TestExecutorHostile::editedFields()
{
    const auto img = syntheticImage(QStringLiteral("dim=32,layers=2,heads=2,kv_heads=1,ffn=64,vocab=40,dtype=f32,experts=2,top_k=1"));
    const auto fields = headerFields(img);
    const std::uint64_t hostile[] = {0, 1, 3, 31, img.size(), img.size() + 1, 0x7fffffffull, 0xffffffffull,
                                     0x100000000ull, 1ull << 40, 1ull << 62, std::numeric_limits<std::uint64_t>::max()};
    Outcome o;
    int n = 0;
    std::mt19937_64 rng(99);
    for (const Field& f : fields) {
        // Every field once with a few values; a sample of the others to keep the test short.
        for (std::uint64_t v : hostile) {
            if (rng() % 6 != 0 && v != 0 && v != std::numeric_limits<std::uint64_t>::max())
                continue;
            auto m = img;
            std::memcpy(m.data() + f.offset, &v, static_cast<std::size_t>(f.width));
            tryImage(m, o);
            ++n;
            if (QTest::currentTestFailed())
                QFAIL(qPrintable(QStringLiteral("%1 at %2 = %3").arg(QLatin1String(f.what)).arg(f.offset).arg(v)));
        }
    }
    qInfo("%d edited files over %zu header fields: %d rejected, %d loaded", n, fields.size(), o.rejected, o.loaded);
    QVERIFY(n >= 200);
    QVERIFY(o.rejected > o.loaded);
}

void TestExecutorHostile::specificErrors_data()
{
    QTest::addColumn<QString>("field");
    QTest::addColumn<quint64>("value");
    QTest::addColumn<QString>("expected");
    QTest::newRow("magic") << QStringLiteral("magic") << quint64(0x12345678) << QStringLiteral("magic");
    QTest::newRow("version") << QStringLiteral("version") << quint64(7) << QStringLiteral("version");
    QTest::newRow("tensor_count") << QStringLiteral("tensor_count") << quint64(1ull << 50) << QStringLiteral("tensor_count");
    QTest::newRow("kv_count") << QStringLiteral("kv_count") << quint64(1ull << 50) << QStringLiteral("metadata_kv_count");
    QTest::newRow("type") << QStringLiteral("tensor type") << quint64(2) << QStringLiteral("unsupported tensor type 2");
    QTest::newRow("offset-misaligned") << QStringLiteral("tensor offset") << quint64(3) << QStringLiteral("not aligned");
    QTest::newRow("offset-past-end") << QStringLiteral("tensor offset") << quint64(1ull << 40) << QStringLiteral("past the end");
    QTest::newRow("dims") << QStringLiteral("n_dims") << quint64(9) << QStringLiteral("n_dims");
    QTest::newRow("array") << QStringLiteral("array count") << quint64(1ull << 61) << QStringLiteral("array");
}

void TestExecutorHostile::specificErrors()
{
    QFETCH(QString, field);
    QFETCH(quint64, value);
    QFETCH(QString, expected);
    auto img = syntheticImage(QStringLiteral("dim=32,layers=1,heads=2,ffn=64,vocab=40,dtype=f16"));
    for (const Field& f : headerFields(img)) {
        if (field != QLatin1String(f.what))
            continue;
        std::memcpy(img.data() + f.offset, &value, static_cast<std::size_t>(f.width));
        break;
    }
    AlignedBuffer buf(img.size());
    std::memcpy(buf.data(), img.data(), img.size());
    QString err;
    QVERIFY(!loadGgufBuffer(std::move(buf), kName, &err));
    QVERIFY2(err.contains(expected) && err.startsWith(kName), qPrintable(err));
}

void TestExecutorHostile::llama2cHeaders()
{
    std::mt19937_64 rng(5);
    int rejected = 0, loaded = 0;
    const std::int32_t good[7] = {32, 64, 2, 4, 2, 40, 16};
    for (int i = 0; i < 200; ++i) {
        std::int32_t h[7];
        std::memcpy(h, good, sizeof h);
        const std::int32_t values[] = {0, -1, 1, 3, std::numeric_limits<std::int32_t>::max(), std::numeric_limits<std::int32_t>::min(), 1 << 20};
        h[rng() % 7] = values[rng() % 7];
        if (i % 3 == 0)
            h[rng() % 7] = values[rng() % 7];
        const std::size_t body = (i % 5 == 0) ? 0 : rng() % 200000;
        AlignedBuffer buf(sizeof h + body);
        std::memcpy(buf.data(), h, sizeof h);
        QString err;
        auto m = loadLlama2cBuffer(std::move(buf), QStringLiteral("bad.bin"), &err);
        if (m) {
            ++loaded;
            ThreadPool pool(1);
            Executor ex(*m, pool, 2);
            QVERIFY(ex.decode(0));
        } else {
            QVERIFY2(err.startsWith(QStringLiteral("bad.bin: ")), qPrintable(err));
            ++rejected;
        }
    }
    qInfo("200 llama2.c headers: %d rejected, %d loaded", rejected, loaded);
}

void TestExecutorHostile::filesNameThemselves()
{
    QTemporaryDir dir;
    QString err;
    QVERIFY(!loadModelFile(dir.filePath(QStringLiteral("missing.gguf")), &err));
    QVERIFY2(err.contains(QStringLiteral("missing.gguf")), qPrintable(err));
    const QString path = dir.filePath(QStringLiteral("short.gguf"));
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("GGUF\x03\x00\x00\x00", 8);
    }
    QVERIFY(!loadModelFile(path, &err));
    QVERIFY2(err.startsWith(path) && err.contains(QStringLiteral("truncated")), qPrintable(err));
}

void TestExecutorHostile::tensorNamesKeepTheirPercentSigns()
{
    // Rename a tensor to "blk.0.at%1_q.weight" (same length) and give it Q4_0, a type the
    // header knows but the executor does not read: the message must quote the name as written
    // and give the type, not substitute the type into the name.
    auto img = syntheticImage(QStringLiteral("dim=32,layers=1,heads=2,ffn=64,vocab=40,dtype=f16"));
    const std::string from = "blk.0.attn_q.weight", to = "blk.0.at%1_q.weight";
    QCOMPARE(from.size(), to.size());
    const auto* bytes = reinterpret_cast<const char*>(img.data());
    const std::string_view view(bytes, img.size());
    const std::size_t at = view.find(from);
    QVERIFY(at != std::string_view::npos);
    QCOMPARE(view.find(from, at + 1), std::string_view::npos); // a tensor name, not a metadata key
    std::memcpy(img.data() + at, to.data(), to.size());
    std::uint32_t nd = 0;
    std::memcpy(&nd, img.data() + at + to.size(), 4);
    QCOMPARE(nd, 2u);
    const std::uint32_t q4_0 = 2;
    std::memcpy(img.data() + at + to.size() + 4 + 8 * nd, &q4_0, 4);

    AlignedBuffer buf(img.size());
    std::memcpy(buf.data(), img.data(), img.size());
    QString err;
    QVERIFY(!loadGgufBuffer(std::move(buf), kName, &err));
    QCOMPARE(err, kName + QStringLiteral(": tensor blk.0.at%1_q.weight: unsupported tensor type 2 "
                                         "(F32, F16, BF16, Q8_0 are read)"));
}

QTEST_GUILESS_MAIN(TestExecutorHostile)
#include "tst_executor_hostile.moc"
