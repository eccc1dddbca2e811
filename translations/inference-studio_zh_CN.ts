<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>ChartExport</name>
    <message>
        <location filename="../widgets/charts/ChartExport.cpp" line="+29"/>
        <source>%1: cannot write the image</source>
        <translation>%1：无法写入图像</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Exported from Inference Studio</source>
        <translation>导出自 Inference Studio</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1: cannot write the SVG file</source>
        <translation>%1：无法写入 SVG 文件</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>%1: cannot write the PDF file</source>
        <translation>%1：无法写入 PDF 文件</translation>
    </message>
    <message>
        <location line="+15"/>
        <location line="+6"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
</context>
<context>
    <name>MeasureJob</name>
    <message>
        <location filename="../widgets/measure/MeasureJob.cpp" line="+102"/>
        <source>Not enough memory to load the model</source>
        <translation>内存不足，无法加载模型</translation>
    </message>
    <message>
        <location line="+56"/>
        <source>Not enough memory to run the model</source>
        <translation>内存不足，无法运行模型</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>This build has no CPU decode executor (configure with IS_BUILD_EXECUTOR=ON)</source>
        <translation>此版本未包含 CPU 解码执行器（请用 IS_BUILD_EXECUTOR=ON 配置）</translation>
    </message>
</context>
<context>
    <name>ReportCommand</name>
    <message>
        <location filename="../app/gui/ReportCommand.cpp" line="+32"/>
        <source>%1: --output: is a folder, not a file</source>
        <translation>%1：--output：这是一个文件夹，而不是文件</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1: --output: the folder %2 does not exist or cannot be written</source>
        <translation>%1：--output：文件夹 %2 不存在或不可写</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1: --output: the file cannot be written</source>
        <translation>%1：--output：无法写入该文件</translation>
    </message>
</context>
<context>
    <name>ReportHtml</name>
    <message>
        <location filename="../widgets/report/ReportHtml.cpp" line="+53"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Input tokens</source>
        <translation>输入 token 数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Output tokens</source>
        <translation>输出 token 数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Concurrent streams</source>
        <translation>并发流数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Serving goal</source>
        <translation>服务目标</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Time to first token limit</source>
        <translation>首 token 时间上限</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Time per output token limit</source>
        <translation>每个输出 token 时间上限</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Workload</source>
        <translation>工作负载</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Input</source>
        <translation>输入</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+151"/>
        <location line="+106"/>
        <source>Value</source>
        <translation>数值</translation>
    </message>
    <message>
        <location line="-243"/>
        <source>bare devices</source>
        <translation>裸设备</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 of %2 per chip</source>
        <translation>每芯片 %1 / %2</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>weights %1 (routed experts) and %2, KV cache %3</source>
        <translation>权重 %1（路由专家）和 %2，KV 缓存 %3</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>weights %1, KV cache %2</source>
        <translation>权重 %1，KV 缓存 %2</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Deployments</source>
        <translation>部署</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+14"/>
        <source>Deployment</source>
        <translation>部署</translation>
    </message>
    <message>
        <location line="-13"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Device</source>
        <translation>设备</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>System</source>
        <translation>系统</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Chips</source>
        <translation>芯片数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Plan</source>
        <translation>并行方案</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Memory (busiest chip)</source>
        <translation>内存（最繁忙的芯片）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Key figures</source>
        <translation>关键数据</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Point estimates at the workload above; the same figures as `inference-studio estimate`.</source>
        <translation>上述工作负载下的点估计；与 `inference-studio estimate` 的数据相同。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>TTFT (ms)</source>
        <translation>首 token 时间（毫秒）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Time per token (ms)</source>
        <translation>每 token 时间（毫秒）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tokens/s per user</source>
        <translation>每用户 token/s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tokens/s total</source>
        <translation>总 token/s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Facility power (kW)</source>
        <translation>设施功率（千瓦）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Energy (J/token)</source>
        <translation>能耗（焦耳/token）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cost ($/M tokens)</source>
        <translation>成本（美元/百万 token）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Bottleneck</source>
        <translation>瓶颈</translation>
    </message>
    <message>
        <location line="+69"/>
        <source>Cost assumptions</source>
        <translation>成本假设</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Pricing: %1. Every value with its source; the studio&apos;s Cost view edits them.</source>
        <translation>定价方式：%1。每个数值均附来源；可在工作室的“成本”视图中编辑。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>owned hardware (capex)</source>
        <translation>自有硬件（资本支出）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>rented hardware</source>
        <translation>租用硬件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Assumption</source>
        <translation>假设</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+107"/>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <location line="-78"/>
        <location line="+48"/>
        <source>all</source>
        <translation>全部</translation>
    </message>
    <message>
        <location line="-32"/>
        <source>Inference Studio %1 against the published measurements shipped with it (MLPerf, vendor and third-party benchmarks), as `inference-studio validate --cross-validate` reports them. The first error is on the rows the calibration was fitted on. The second refits each device family without one source&apos;s rows at a time and predicts those rows: the honest estimate for results the engine has not seen.</source>
        <translation>Inference Studio %1 对随附的已发表测量数据（MLPerf、厂商及第三方基准测试）的预测，与 `inference-studio validate --cross-validate` 的输出一致。第一个误差是在校准所拟合的数据行上得到的；第二个误差是每次去掉一个来源的数据行、对各设备系列重新拟合后再预测这些行得到的：这才是引擎对未见过的结果的可靠估计。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Median error, fitted rows</source>
        <translation>误差中位数（拟合所用行）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Within 2x, fitted rows</source>
        <translation>2 倍以内（拟合所用行）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Median error, source left out</source>
        <translation>误差中位数（留出该来源）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Within 2x, source left out</source>
        <translation>2 倍以内（留出该来源）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Your own calibration is in use for %1: the fitted rows&apos; errors are computed with it, and it has not been cross-validated (—).</source>
        <translation>%1 正在使用您自己的校准：拟合所用行的误差按该校准计算，且该校准未经交叉验证（—）。</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Newer published results that no fit reads (`inference-studio validate --held-out`), with the calibration in use:</source>
        <translation>任何拟合都未读取过的较新已发表结果（`inference-studio validate --held-out`），使用当前校准：</translation>
    </message>
    <message>
        <location line="-70"/>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>The engine</source>
        <translation>引擎</translation>
    </message>
    <message>
        <location line="+12"/>
        <location line="+30"/>
        <source>Device family</source>
        <translation>设备系列</translation>
    </message>
    <message>
        <location line="-29"/>
        <location line="+30"/>
        <source>Rows evaluated</source>
        <translation>已评估行数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Median error</source>
        <translation>误差中位数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Within 2x</source>
        <translation>2 倍以内</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Appendix: catalog numbers used</source>
        <translation>附录：所用的目录数值</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Every catalog number the figures above rest on, with its source and kind (datasheet, vendor claim, third party, measured, calibrated, assumed, speculation).</source>
        <translation>上述数据所依据的每个目录数值，附其来源和类别（数据手册、厂商声称、第三方、实测、校准、假设、推测）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Of</source>
        <translation>所属</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Number</source>
        <translation>数值项</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+86"/>
        <source>Kind</source>
        <translation>类别</translation>
    </message>
    <message>
        <location line="-57"/>
        <source>Untitled scenario</source>
        <translation>未命名场景</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Inference Studio report</source>
        <translation>Inference Studio 报告</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Written %1 by Inference Studio %2.</source>
        <translation>由 Inference Studio %2 于 %1 生成。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Predictions of the engine from first principles (the model&apos;s architecture, each device&apos;s datasheet numbers, and per-family constants fitted to published measurements); the last pages list every catalog number used with its source, and how the engine does on published measurements.</source>
        <translation>本报告中的数据是引擎基于第一性原理的预测（模型架构、各设备的数据手册数值，以及按设备系列拟合到已发表测量数据的常数）；最后几页列出所用的每个目录数值及其来源，以及引擎在已发表测量数据上的表现。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Scenario</source>
        <translation>场景</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Comparison</source>
        <translation>对比</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Metric</source>
        <translation>指标</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Claim audit</source>
        <translation>说法核查</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Every claim of the seed articles checked by the engine, as `inference-studio audit` reports them.</source>
        <translation>引擎对种子文章中每条说法的核查结果，与 `inference-studio audit` 的输出一致。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Claim</source>
        <translation>说法</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Claimed</source>
        <translation>宣称值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Predicted</source>
        <translation>预测值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Verdict</source>
        <translation>结论</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reason</source>
        <translation>理由</translation>
    </message>
</context>
<context>
    <name>ReportWriter</name>
    <message>
        <location filename="../widgets/report/ReportWriter.cpp" line="+92"/>
        <source>Inference Studio report · page %1</source>
        <translation>Inference Studio 报告 · 第 %1 页</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Inference Studio report: %1</source>
        <translation>Inference Studio 报告：%1</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1: cannot write the PDF file</source>
        <translation>%1：无法写入 PDF 文件</translation>
    </message>
</context>
<context>
    <name>TcoEditor</name>
    <message>
        <location filename="../widgets/cost/TcoAssumptionText.cpp" line="+15"/>
        <source>Amortisation period</source>
        <translation>折旧年限</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cost of capital</source>
        <translation>资本成本</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Electricity price</source>
        <translation>电价</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>PUE (facility power / IT power)</source>
        <translation>PUE（设施功率 / IT 功率）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Maintenance</source>
        <translation>维护</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Data-centre space</source>
        <translation>数据中心空间</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Utilisation (hours serving paying load)</source>
        <translation>利用率（承载付费负载的时间占比）</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>Scale-out network (multi-system deployments)</source>
        <translation>横向扩展网络（多系统部署）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>System share</source>
        <translation>系统分摊</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>System share (chassis, network, MemoryX/SwarmX)</source>
        <translation>系统分摊（机箱、网络、MemoryX/SwarmX）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Fleet sizing: highest planned utilisation</source>
        <translation>集群规划：最高计划利用率</translation>
    </message>
    <message>
        <location line="-4"/>
        <source>Rental price</source>
        <translation>租用价格</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>Rental price, every deployment</source>
        <translation>租用价格（所有部署）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Capex per chip</source>
        <translation>每芯片资本支出</translation>
    </message>
    <message>
        <location line="-22"/>
        <source>years</source>
        <translation>年</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>% per year</source>
        <translation>% / 年</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>USD/kWh</source>
        <translation>美元/千瓦时</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>ratio</source>
        <translation>比值</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>% of capex per year</source>
        <translation>资本支出的 % / 年</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>USD per kW-month</source>
        <translation>美元 / 千瓦·月</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>% of hours</source>
        <translation>时间的 %</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>% of hardware capex</source>
        <translation>硬件资本支出的 %</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>USD per system</source>
        <translation>美元 / 系统</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>% of capacity</source>
        <translation>容量的 %</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>USD per chip-hour</source>
        <translation>美元 / 芯片小时</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>USD per chip</source>
        <translation>美元 / 芯片</translation>
    </message>
</context>
<context>
    <name>chartfmt</name>
    <message>
        <location filename="../widgets/charts/ChartFormat.cpp" line="+168"/>
        <source>; </source>
        <comment>separates the notes under a chart</comment>
        <translation>；</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>on chip</source>
        <translation>片上</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>adds chips</source>
        <translation>增加芯片</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>spills to MemoryX</source>
        <translation>溢出到 MemoryX</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1 does not fit (drawn as 0)</source>
        <translation>%1 装不下（按 0 绘制）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 does not fit (drawn as 0): %2</source>
        <translation>%1 装不下（按 0 绘制）：%2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 does not fit</source>
        <translation>%1 装不下</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 does not fit: %2</source>
        <translation>%1 装不下：%2</translation>
    </message>
</context>
<context>
    <name>is::AttentionFfnSplit</name>
    <message>
        <location filename="../core/engine/AttentionFfnSplit.cpp" line="+199"/>
        <location line="+201"/>
        <source>attention pool: %1</source>
        <translation>注意力池：%1</translation>
    </message>
    <message>
        <location line="-199"/>
        <source>FFN pool: %1</source>
        <translation>FFN 池：%1</translation>
    </message>
    <message>
        <location line="+76"/>
        <source>the attention pool&apos;s memory holds %L1 of %L2 streams; the rest queue</source>
        <translation>注意力池的内存只能容纳 %L2 路流中的 %L1 路；其余排队等待</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>latency limits cannot be met even with one stream</source>
        <translation>即使只有一路流也无法满足延迟限制</translation>
    </message>
    <message>
        <location line="+54"/>
        <source>ffn_pool.device: missing</source>
        <translation>ffn_pool.device：缺失</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>ffn_pool.link: missing</source>
        <translation>ffn_pool.link：缺失</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>ffn_pool.link: link %1 needs a positive bandwidth</source>
        <translation>ffn_pool.link：链路 %1 需要正的带宽</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>count: an attention-FFN deployment needs a fixed count of chips in each pool</source>
        <translation>count：注意力-FFN 分离部署的每个池都需要固定的芯片数量</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>ffn_pool: %1</source>
        <translation>ffn_pool：%1</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>attention and KV cache on %L1 x %2, FFN on %L3 x %4, one batch at a time over %5</source>
        <translation>注意力与 KV 缓存在 %L1 × %2 上，FFN 在 %L3 × %4 上，经 %5 每次一个批次</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>attention and KV cache on %L1 x %2, FFN on %L3 x %4, %L6 micro-batches over %5</source>
        <translation>注意力与 KV 缓存在 %L1 × %2 上，FFN 在 %L3 × %4 上，经 %5 分 %L6 个微批次</translation>
    </message>
</context>
<context>
    <name>is::Calibration</name>
    <message>
        <location filename="../core/hardware/Calibration.cpp" line="+98"/>
        <source>fractions must be in (0, 1]</source>
        <translation>比例值必须在 (0, 1] 区间内</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>must be between %1 and %2, got %3</source>
        <translation>必须介于 %1 和 %2 之间，实际为 %3</translation>
    </message>
    <message>
        <location line="+137"/>
        <source>%1.generations[%2].from_date: missing</source>
        <translation>%1.generations[%2].from_date：缺失</translation>
    </message>
</context>
<context>
    <name>is::CalibrationParameter</name>
    <message>
        <location filename="../core/engine/CalibrationParameters.cpp" line="+17"/>
        <source>Compute efficiency</source>
        <translation>计算效率</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Matmul rows at half efficiency</source>
        <translation>矩阵乘法达到一半效率的行数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Memory efficiency</source>
        <translation>内存效率</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>KV cache read share</source>
        <translation>KV 缓存读取带宽占比</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Kernel overhead</source>
        <translation>内核开销</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Step overhead</source>
        <translation>每步开销</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Overhead per sequence and step</source>
        <translation>每序列每步开销</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Request overhead</source>
        <translation>每请求开销</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Link efficiency</source>
        <translation>链路效率</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Dataflow latency per layer</source>
        <translation>数据流每层延迟</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Dataflow latency per mesh area</source>
        <translation>数据流每网格面积延迟</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Dataflow latency per hop</source>
        <translation>数据流每跳延迟</translation>
    </message>
</context>
<context>
    <name>is::Calibrator</name>
    <message>
        <location line="+34"/>
        <source>unknown device &apos;%1&apos;</source>
        <translation>未知的设备“%1”</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>unknown model &apos;%1&apos;</source>
        <translation>未知的模型“%1”</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>unknown precision &apos;%1&apos;</source>
        <translation>未知的精度“%1”</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>unknown speculative method &apos;%1&apos;</source>
        <translation>未知的投机解码方法“%1”</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>unknown scenario &apos;%1&apos;</source>
        <translation>未知的测试场景“%1”</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>unknown metric &apos;%1&apos;</source>
        <translation>未知的指标“%1”</translation>
    </message>
    <message>
        <location filename="../core/engine/Calibrator.cpp" line="+301"/>
        <source>too few rows: %1 the engine can evaluate, %2 per fitted constant needed</source>
        <translation>行数太少：引擎可评估 %1 行，每个拟合常数需要 %2 行</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>the rows are not sensitive to any constant</source>
        <translation>这些行对任何常数都不敏感</translation>
    </message>
</context>
<context>
    <name>is::Catalog</name>
    <message>
        <location filename="../core/hardware/Catalog.cpp" line="+35"/>
        <source>unknown class &apos;%1&apos; (hbm, sram-dataflow, tiered, cpu)</source>
        <translation>未知的设备类别“%1”（应为 hbm、sram-dataflow、tiered 或 cpu）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>unknown precision &apos;%1&apos;</source>
        <translation>未知的精度“%1”</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>unknown precision</source>
        <translation>未知的精度</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>needs at least one precision</source>
        <translation>至少需要一种精度</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>unknown tier &apos;%1&apos; (sram, hbm, ddr, external)</source>
        <translation>未知的内存层级“%1”（应为 sram、hbm、ddr 或 external）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>needs at least one tier</source>
        <translation>至少需要一个内存层级</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>%1.memory: no tier fits the class</source>
        <translation>%1.memory：没有与该设备类别相符的内存层级</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>expected scale-up or scale-out</source>
        <translation>应为 scale-up 或 scale-out</translation>
    </message>
    <message>
        <location line="+151"/>
        <source>%1: not a JSON object (%2 at offset %3)</source>
        <translation>%1：不是 JSON 对象（%2，偏移量 %3）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1: version: unsupported catalog version %2 (expected 1)</source>
        <translation>%1：version：不支持的目录版本 %2（应为 1）</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>%1: expected one of devices, device_families, links, systems, models or families</source>
        <translation>%1：应包含 devices、device_families、links、systems、models 或 families 之一</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>%1: cannot open: %2</source>
        <translation>%1：无法打开：%2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1: larger than 64 MiB; not a catalog file</source>
        <translation>%1：大于 64 MiB，不是目录文件</translation>
    </message>
</context>
<context>
    <name>is::CatalogCitations</name>
    <message>
        <location filename="../core/report/CatalogCitations.cpp" line="+42"/>
        <source>peak FLOP/s (%1)</source>
        <translation>峰值算力 FLOP/s（%1）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>memory capacity (%1)</source>
        <translation>内存容量（%1）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>memory bandwidth (%1)</source>
        <translation>内存带宽（%1）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>cores in the mesh</source>
        <translation>网格中的核心数</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>clock</source>
        <translation>时钟频率</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>idle power</source>
        <translation>空闲功耗</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>peak power</source>
        <translation>峰值功耗</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>price</source>
        <translation>价格</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>total parameters</source>
        <translation>总参数量</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>active parameters per token</source>
        <translation>每个 token 的激活参数量</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+16"/>
        <source>layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <location line="-4"/>
        <source>total parameters (from the architecture)</source>
        <translation>总参数量（由架构推导）</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>host power per system</source>
        <translation>每个系统的主机功耗</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>price per system</source>
        <translation>每个系统的价格</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>bandwidth per device and direction</source>
        <translation>每个设备每个方向的带宽</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>latency per hop</source>
        <translation>每跳延迟</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>calibration: %1</source>
        <translation>校准：%1</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>cost assumptions</source>
        <translation>成本假设</translation>
    </message>
</context>
<context>
    <name>is::CrossValidation</name>
    <message>
        <location filename="../core/engine/CrossValidation.cpp" line="+45"/>
        <source>%1: missing or not a number</source>
        <translation>%1：缺失或不是数字</translation>
    </message>
</context>
<context>
    <name>is::Engine</name>
    <message>
        <location filename="../core/engine/DataflowModel.cpp" line="+184"/>
        <source>KV cache spills from SRAM to external memory</source>
        <translation>KV 缓存从 SRAM 溢出到外部内存</translation>
    </message>
    <message>
        <location line="+96"/>
        <source>weights need %L1 GB of external memory, it has %L2 GB</source>
        <translation>权重需要 %L1 GB 外部内存，只有 %L2 GB</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>the device has no external memory to stream weights from</source>
        <translation>该设备没有可流式加载权重的外部内存</translation>
    </message>
    <message>
        <location filename="../core/engine/Engine.cpp" line="+71"/>
        <source>device: missing</source>
        <translation>device：缺失</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>count: must be at least 1</source>
        <translation>count：必须至少为 1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>workload: input and output tokens and concurrency must be at least 1</source>
        <translation>workload：输入 token 数、输出 token 数和并发数都必须至少为 1</translation>
    </message>
    <message>
        <location line="+64"/>
        <source>device %1: needs positive compute, memory capacity and bandwidth</source>
        <translation>设备 %1：算力、内存容量和带宽都必须为正数</translation>
    </message>
    <message>
        <location line="+109"/>
        <source>latency limits cannot be met even with one stream per replica</source>
        <translation>即使每个副本只处理一个流也无法满足延迟限制</translation>
    </message>
    <message>
        <location line="+67"/>
        <location line="+151"/>
        <source>%1; %2</source>
        <translation>%1；%2</translation>
    </message>
    <message>
        <location line="-107"/>
        <source>a deployment splits either attention from the FFN or prefill from decode, not both</source>
        <translation>一个部署只能把注意力与 FFN 分开，或把预填充与解码分开，不能两者兼有</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>model %1 fits on no count of %2 up to %3: %4</source>
        <translation>模型 %1 在 %3 个以内任意数量的 %2 上都装不下：%4</translation>
    </message>
    <message>
        <location line="+71"/>
        <source>%1 prefill replicas need a plan with at least one more replica to decode on (data parallelism above %1, experts within each role); %2 chips of %3 have none</source>
        <translation>%1 个预填充副本需要一个至少多出一个解码副本的并行方案（数据并行度大于 %1，专家不跨角色）；%3 的 %2 颗芯片没有这样的方案</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>parallelism %1 not used: %2 runs pipelines of whole layers (TP 1 and EP 1, PP x DP at most its chips, one pipeline while weights stream); the estimate uses %3</source>
        <translation>未采用并行方式 %1：%2 以整层组成流水线运行（TP 1、EP 1，PP x DP 不超过其芯片数，权重流式加载时只有一条流水线）；估算采用 %3</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>parallelism %1 uses %L2 of the %L3 chips; the other one stays idle, paid for and drawing idle power</source>
        <translation>并行方式 %1 只用到 %L3 颗芯片中的 %L2 颗；其余 1 颗闲置，仍计入成本并消耗空闲功耗</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>parallelism %1 uses %L2 of the %L3 chips; the other %L4 stay idle, paid for and drawing idle power</source>
        <translation>并行方式 %1 只用到 %L3 颗芯片中的 %L2 颗；其余 %L4 颗闲置，仍计入成本并消耗空闲功耗</translation>
    </message>
    <message>
        <location filename="../core/engine/Estimate.cpp" line="+35"/>
        <source>%L1 prompt + %L2 output tokens exceed the model&apos;s %L3-token context window</source>
        <translation>提示 %L1 个 token + 输出 %L2 个 token，超出了模型 %L3 token 的上下文窗口</translation>
    </message>
    <message>
        <location filename="../core/engine/ResidentModel.cpp" line="+431"/>
        <source>%1 GB of weights per chip stream from DDR</source>
        <translation>每个芯片有 %1 GB 权重从 DDR 流式读取</translation>
    </message>
    <message>
        <location filename="../core/engine/Estimate.cpp" line="+24"/>
        <source>needs %L1 GB in all: %L2 GB on its one chip, which has %L3 GB</source>
        <translation>共需 %L1 GB：其唯一芯片需 %L2 GB，该芯片有 %L3 GB</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>needs %L1 GB in all: %L2 GB per chip on %L3 chips, each has %L4 GB</source>
        <translation>共需 %L1 GB：%L3 个芯片每个需 %L2 GB，每个有 %L4 GB</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>needs %L1 GB in all (weights and KV cache at batch %L2): %L3 GB on its one chip, which has %L4 GB</source>
        <translation>共需 %L1 GB（权重及批量 %L2 的 KV 缓存）：其唯一芯片需 %L3 GB，该芯片有 %L4 GB</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>needs %L1 GB in all (weights and KV cache at batch %L2): %L3 GB per chip on %L4 chips, each has %L5 GB</source>
        <translation>共需 %L1 GB（权重及批量 %L2 的 KV 缓存）：%L4 个芯片每个需 %L3 GB，每个有 %L5 GB</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>needs %L1 GB in all (weights and KV cache at batch %L2); laid out as %3, whose %L4 replicas share the experts and each hold their own copy of the other weights, that is %L5 GB per chip on %L6 chips, each has %L7 GB</source>
        <translation>共需 %L1 GB（权重及批量 %L2 的 KV 缓存）；按 %3 布局时，%L4 个副本共享专家，其余权重各存一份，即 %L6 个芯片每个需 %L5 GB，每个有 %L7 GB</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>needs %L1 GB in all (weights and KV cache at batch %L2); laid out as %3, whose %L4 replicas each hold their own copy of the weights, that is %L5 GB per chip on %L6 chips, each has %L7 GB</source>
        <translation>共需 %L1 GB（权重及批量 %L2 的 KV 缓存）；按 %3 布局时，%L4 个副本各存一份权重，即 %L6 个芯片每个需 %L5 GB，每个有 %L7 GB</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>the smallest count that fits is %L1</source>
        <translation>最少 %L1 个可装下</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no count up to %L1 fits (it would take %L2)</source>
        <translation>%L1 个以内都装不下（需要 %L2 个）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>no count up to %L1 fits</source>
        <translation>%L1 个以内都装不下</translation>
    </message>
    <message>
        <location filename="../core/engine/PrefillDecodeServing.cpp" line="+131"/>
        <source>no scale-out link to hand the KV cache over on</source>
        <translation>没有可用于移交 KV 缓存的横向扩展链路</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>%1 prefill replicas take at most %2 prompts a second; the decode replicas wait for them</source>
        <translation>%1 个预填充副本每秒最多处理 %2 个提示；解码副本在等待它们</translation>
    </message>
    <message>
        <location filename="../core/engine/ServingAccounting.cpp" line="+120"/>
        <source>the serving runtime runs %L1 of %L2 streams at once; the rest queue</source>
        <translation>服务运行时同时只运行 %L2 个流中的 %L1 个，其余排队</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>memory holds %L1 of %L2 streams; the rest queue</source>
        <translation>内存只能容纳 %L2 个流中的 %L1 个，其余排队</translation>
    </message>
</context>
<context>
    <name>is::ErrorText</name>
    <message>
        <location filename="../core/common/ErrorText.cpp" line="+10"/>
        <source>%1: %2</source>
        <comment>a place (file, field), then what is wrong there</comment>
        <translation>%1：%2</translation>
    </message>
</context>
<context>
    <name>is::GgufImport</name>
    <message>
        <location filename="../core/model/GgufImport.cpp" line="+48"/>
        <source>%1: missing</source>
        <translation>%1：缺失</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1: per-layer arrays are not supported</source>
        <translation>%1：不支持逐层数组</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1: not an integer</source>
        <translation>%1：不是整数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: %2 is out of range [%3, %4]</source>
        <translation>%1：%2 超出范围 [%3, %4]</translation>
    </message>
    <message>
        <location line="+84"/>
        <source>general.architecture: missing</source>
        <translation>general.architecture：缺失</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>general.architecture: longer than 64 characters</source>
        <translation>general.architecture：超过 64 个字符</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>tokenizer.ggml.tokens: %1 entries is out of range</source>
        <translation>tokenizer.ggml.tokens：条目数 %1 超出范围</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>token_embd.weight: row length %1 differs from %2.embedding_length %3</source>
        <translation>token_embd.weight：行长度 %1 与 %2.embedding_length（%3）不一致</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>%1.attention.key_length: %2 leaves no room beside the rope dimension %3</source>
        <translation>%1.attention.key_length：%2 减去 RoPE 维度 %3 后已无剩余</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>%1: cannot open: %2</source>
        <translation>%1：无法打开：%2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1: empty file</source>
        <translation>%1：文件为空</translation>
    </message>
    <message>
        <location line="+16"/>
        <location line="+6"/>
        <source>%1: cannot read: %2</source>
        <translation>%1：无法读取：%2</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>header larger than 1 GiB</source>
        <translation>文件头大于 1 GiB</translation>
    </message>
</context>
<context>
    <name>is::HfConfigImport</name>
    <message>
        <location filename="../core/model/HfConfigImport.cpp" line="+152"/>
        <source>%1: model_type: missing</source>
        <translation>%1：model_type：缺失</translation>
    </message>
    <message>
        <location line="+60"/>
        <source>%1: model_type: unsupported &apos;%2&apos; (llama, mistral, mixtral, qwen2, qwen3, qwen3_moe, deepseek_v3, kimi_k2, gpt_oss, llama4)</source>
        <translation>%1：model_type：不支持“%2”（支持 llama、mistral、mixtral、qwen2、qwen3、qwen3_moe、deepseek_v3、kimi_k2、gpt_oss、llama4）</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>%1: cannot open: %2</source>
        <translation>%1：无法打开：%2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1: too large for a config.json</source>
        <translation>%1：文件过大，不会是 config.json</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1: not a JSON object (%2 at offset %3)</source>
        <translation>%1：不是 JSON 对象（%2，偏移量 %3）</translation>
    </message>
</context>
<context>
    <name>is::JsonFields</name>
    <message>
        <location filename="../core/common/JsonFields.cpp" line="+30"/>
        <source>unknown field; the known ones are %1</source>
        <translation>未知字段；可用的字段为 %1</translation>
    </message>
    <message>
        <location line="+9"/>
        <location line="+15"/>
        <location line="+15"/>
        <location line="+35"/>
        <location line="+27"/>
        <location line="+15"/>
        <source>missing</source>
        <translation>缺失</translation>
    </message>
    <message>
        <location line="-103"/>
        <source>expected a string</source>
        <translation>应为字符串</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>expected a number</source>
        <translation>应为数字</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>expected a whole number</source>
        <translation>应为整数</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>must be between %1 and %2, got %3</source>
        <translation>必须介于 %1 和 %2 之间，实际为 %3</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>expected true or false</source>
        <translation>应为 true 或 false</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>must be positive</source>
        <translation>必须为正数</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>expected an object</source>
        <translation>应为对象</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>expected an array</source>
        <translation>应为数组</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1: expected an object</source>
        <translation>%1：应为对象</translation>
    </message>
</context>
<context>
    <name>is::ModelDesc</name>
    <message>
        <location filename="../core/model/ModelDesc.cpp" line="+70"/>
        <source>layers: must be a positive integer</source>
        <translation>layers：必须为正整数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>hidden: must be a positive integer</source>
        <translation>hidden：必须为正整数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>heads: must be a positive integer</source>
        <translation>heads：必须为正整数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>vocab: must be a positive integer</source>
        <translation>vocab：必须为正整数</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>head_dim: must be between 1 and 65536, got %1</source>
        <translation>head_dim：必须介于 1 和 65536 之间，实际为 %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>mla: kv_lora_rank, qk_nope_head_dim and v_head_dim must be positive</source>
        <translation>mla：kv_lora_rank、qk_nope_head_dim 和 v_head_dim 必须为正数</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>kv_heads: must be between 1 and heads</source>
        <translation>kv_heads：必须介于 1 和 heads 之间</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>moe: needs 1 &lt;= active &lt;= experts and a positive expert_ffn</source>
        <translation>moe：需要满足 1 &lt;= active &lt;= experts，且 expert_ffn 为正数</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>ffn: dense layers need a positive ffn width</source>
        <translation>ffn：稠密层的 ffn 宽度必须为正数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>sparse_attention: indexer_heads and indexer_head_dim must be positive</source>
        <translation>sparse_attention：indexer_heads 和 indexer_head_dim 必须为正数</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>linear_attention: full_every must be at least 2 and key_heads, value_heads, key_head_dim and value_head_dim positive</source>
        <translation>linear_attention：full_every 至少为 2，且 key_heads、value_heads、key_head_dim 和 value_head_dim 必须为正数</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>max_context: must not be negative</source>
        <translation>max_context：不能为负数</translation>
    </message>
</context>
<context>
    <name>is::ModelEntry</name>
    <message>
        <location filename="../core/model/ModelEntry.cpp" line="+28"/>
        <source>unknown attention &apos;%1&apos; (mha, gqa, mqa, mla)</source>
        <translation>未知的注意力类型“%1”（应为 mha、gqa、mqa 或 mla）</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>exceeds total_params</source>
        <translation>超过 total_params</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>unknown kind &apos;%1&apos;</source>
        <translation>未知的类型“%1”</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>attention &quot;mla&quot; needs an &quot;mla&quot; object</source>
        <translation>attention 为 &quot;mla&quot; 时需要 &quot;mla&quot; 对象</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>unknown precision &apos;%1&apos;</source>
        <translation>未知的精度“%1”</translation>
    </message>
</context>
<context>
    <name>is::RentalPresets</name>
    <message>
        <location filename="../core/cost/RentalPresets.cpp" line="+42"/>
        <source>on-demand list prices at large clouds (8-GPU instance price / 8)</source>
        <translation>大型云厂商的按需标价（8 卡实例价格 / 8）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>on-demand prices at GPU clouds (neoclouds)</source>
        <translation>GPU 云（新兴云厂商）的按需价格</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>3-year reserved / committed-use prices</source>
        <translation>3 年预留 / 承诺使用价格</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>assumed: order of magnitude of 2025 %1 for %2; not a quote</source>
        <translation>假设：%2 的 2025 年%1的数量级；并非报价</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>assumed: the H100 %1 price scaled by purchase price ($%2 vs $%3)</source>
        <translation>假设：按采购价换算的 H100 %1（$%2 对 $%3）</translation>
    </message>
</context>
<context>
    <name>is::Scenario</name>
    <message>
        <location filename="../core/scenario/Scenario.cpp" line="+76"/>
        <source>%1: empty model id</source>
        <translation>%1：模型 ID 为空</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1: expected a catalog id, {&quot;config&quot;: path} or a model description</source>
        <translation>%1：应为目录 ID、{&quot;config&quot;: path} 或模型描述</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1.catalog: expected a model id</source>
        <translation>%1.catalog：应为模型 ID</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1.config: expected a path to config.json</source>
        <translation>%1.config：应为 config.json 的路径</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>unknown precision &apos;%1&apos; (fp32, bf16, fp16, fp8, int8, fp4, int4)</source>
        <translation>未知的精度“%1”（应为 fp32、bf16、fp16、fp8、int8、fp4 或 int4）</translation>
    </message>
    <message>
        <location filename="../core/scenario/FfnPoolDoc.cpp" line="+17"/>
        <location filename="../core/scenario/Scenario.cpp" line="+16"/>
        <source>empty device id</source>
        <translation>设备 ID 为空</translation>
    </message>
    <message>
        <location filename="../core/scenario/PlanJson.cpp" line="+28"/>
        <source>tp x pp x dp = %1 but count is %2</source>
        <translation>tp x pp x dp = %1，但 count 为 %2</translation>
    </message>
    <message>
        <location line="-12"/>
        <source>%1: expected &quot;auto&quot; or {&quot;tp&quot;, &quot;pp&quot;, &quot;ep&quot;, &quot;dp&quot;}</source>
        <translation>%1：应为 &quot;auto&quot; 或 {&quot;tp&quot;, &quot;pp&quot;, &quot;ep&quot;, &quot;dp&quot;}</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>tp x pp x dp = %1 is more than count %2</source>
        <translation>tp x pp x dp = %1，超过数量 %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>ep must divide tp x dp</source>
        <translation>ep 必须能整除 tp x dp</translation>
    </message>
    <message>
        <location filename="../core/scenario/FfnPoolDoc.cpp" line="+9"/>
        <source>empty link id</source>
        <translation>链路 id 为空</translation>
    </message>
    <message>
        <location filename="../core/scenario/Scenario.cpp" line="+30"/>
        <source>expected auto, resident or weight-streaming</source>
        <translation>应为 auto、resident 或 weight-streaming</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>unknown method &apos;%1&apos; (draft, medusa, eagle3, mtp)</source>
        <translation>未知的投机解码方法“%1”（应为 draft、medusa、eagle3 或 mtp）</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>an attention-FFN deployment needs a fixed count, not auto</source>
        <translation>注意力-FFN 分离部署需要固定的数量，不能为 auto</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>a deployment splits either attention from the FFN (ffn_pool) or prefill from decode, not both</source>
        <translation>一个部署只能把注意力与 FFN 分开（ffn_pool），或把预填充与解码分开，不能两者兼有</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>must be fewer than the parallelism&apos;s dp (%1): the other replicas decode</source>
        <translation>必须少于并行方案的 dp（%1）：其余副本负责解码</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>unsupported version %1 (this build reads version %2)</source>
        <translation>不支持的版本 %1（当前程序只能读取版本 %2）</translation>
    </message>
    <message>
        <location line="+23"/>
        <location line="+2"/>
        <source>must not be negative</source>
        <translation>不能为负数</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>must be between 0 and 1</source>
        <translation>必须在 0 到 1 之间</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>expected fixed, offline or server</source>
        <translation>应为 fixed、offline 或 server</translation>
    </message>
    <message>
        <location filename="../core/scenario/ClaimedFigures.cpp" line="+22"/>
        <source>%1: expected a list of claimed figures</source>
        <translation>%1：应为公开数字的列表</translation>
    </message>
    <message>
        <location line="+8"/>
        <location filename="../core/scenario/Scenario.cpp" line="+30"/>
        <source>%1: expected an object</source>
        <translation>%1：应为对象</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1.metric: unknown metric &apos;%2&apos; (%3)</source>
        <translation>%1.metric：未知指标“%2”（%3）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1.value: must be above 0</source>
        <translation>%1.value：必须大于 0</translation>
    </message>
    <message>
        <location filename="../core/scenario/Scenario.cpp" line="+9"/>
        <source>%1.id: duplicate id &apos;%2&apos;</source>
        <translation>%1.id：重复的 ID“%2”</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1.model: no model here and no scenario-level model</source>
        <translation>%1.model：此处未指定模型，场景级别也没有模型</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>%1: cannot open: %2</source>
        <translation>%1：无法打开：%2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1: larger than 64 MiB; not a scenario</source>
        <translation>%1：大于 64 MiB，不是场景文件</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1: malformed JSON: %2 at offset %3</source>
        <translation>%1：JSON 格式错误：%2（偏移量 %3）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1: expected a JSON object at the top level</source>
        <translation>%1：顶层应为 JSON 对象</translation>
    </message>
    <message>
        <location line="+92"/>
        <source>%1: cannot write: %2</source>
        <translation>%1：无法写入：%2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1: cannot save: %2</source>
        <translation>%1：无法保存：%2</translation>
    </message>
    <message>
        <location filename="../core/scenario/ScenarioEvaluation.cpp" line="+102"/>
        <source>%1 on %2</source>
        <translation>%2 上的 %1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <location line="+62"/>
        <source>%1.prefill_replicas: %2 prefills and decodes each stream in the same pipeline; prefill-decode splits GPU and tiered replicas</source>
        <translation>%1.prefill_replicas：%2 在同一条流水线中完成每个数据流的预填充和解码；预填充-解码分离只适用于 GPU 和分层存储设备的副本</translation>
    </message>
</context>
<context>
    <name>is::ScenarioAnalysis</name>
    <message>
        <location filename="../core/analysis/ScenarioAnalysis.cpp" line="+347"/>
        <source>%1 does not fit on %2 x %3: %4</source>
        <translation>%1 在 %2 × %3 上装不下：%4</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1 misses the time-to-first-token target: %L2 ms, the target is %L3 ms</source>
        <translation>%1 未达到首 token 时间目标：%L2 毫秒，目标为 %L3 毫秒</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 misses the time-per-output-token target: %L2 ms, the target is %L3 ms</source>
        <translation>%1 未达到每输出 token 时间目标：%L2 毫秒，目标为 %L3 毫秒</translation>
    </message>
    <message>
        <location line="+70"/>
        <source>%1 does not fit on %2 x %3 at %4K context: %5</source>
        <translation>%1 在 %4K 上下文时装不进 %2 × %3：%5</translation>
    </message>
</context>
<context>
    <name>is::ScenarioEvaluation</name>
    <message>
        <location filename="../core/scenario/ScenarioEvaluation.cpp" line="-126"/>
        <source>%1: unknown model &apos;%2&apos;</source>
        <translation>%1：未知的模型“%2”</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1: unknown link &apos;%2&apos;</source>
        <translation>%1：未知的链路“%2”</translation>
    </message>
    <message>
        <location filename="../core/scenario/FfnPoolDoc.cpp" line="+34"/>
        <location filename="../core/scenario/ScenarioEvaluation.cpp" line="+70"/>
        <source>%1.device: unknown device &apos;%2&apos;</source>
        <translation>%1.device：未知的设备“%2”</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1.system: &apos;%2&apos; is no system of %3</source>
        <translation>%1.system：“%2”不是 %3 的系统</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>%1.%2: unknown link &apos;%3&apos;</source>
        <translation>%1.%2：未知的链路“%3”</translation>
    </message>
    <message>
        <location filename="../core/scenario/ScenarioEvaluation.cpp" line="+9"/>
        <source>%1.system: unknown system &apos;%2&apos;</source>
        <translation>%1.system：未知的系统“%2”</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1.system: &apos;%2&apos; holds %3, not %4</source>
        <translation>%1.system：“%2”搭载的是 %3，而不是 %4</translation>
    </message>
</context>
<context>
    <name>is::Sourced</name>
    <message>
        <location filename="../core/common/Sourced.cpp" line="+101"/>
        <source>%1: expected a number or {&quot;value&quot;, &quot;source&quot;, &quot;kind&quot;}</source>
        <translation>%1：应为数字或 {&quot;value&quot;, &quot;source&quot;, &quot;kind&quot;}</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1.value: missing number</source>
        <translation>%1.value：缺少数值</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1: a range needs both min and max</source>
        <translation>%1：范围需要同时提供 min 和 max</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1: range min must not exceed max</source>
        <translation>%1：范围的 min 不能大于 max</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1.value: outside [min, max]</source>
        <translation>%1.value：超出 [min, max] 范围</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1.kind: unknown kind &apos;%2&apos; (datasheet, vendor-claim, third-party, measured, calibrated, assumed, speculation)</source>
        <translation>%1.kind：未知的类型“%2”（应为 datasheet、vendor-claim、third-party、measured、calibrated、assumed 或 speculation）</translation>
    </message>
    <message>
        <location filename="../core/cost/TcoAssumptions.cpp" line="+60"/>
        <source>assumed: typical cost of capital for data-centre hardware</source>
        <translation>假设：数据中心硬件的典型资本成本</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>assumed: support contracts and spares, 3-8 % of hardware capex a year</source>
        <translation>假设：支持合同与备件，每年为硬件资本支出的 3-8 %</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>assumed: US wholesale colocation, per kW of IT load per month, 2024-25</source>
        <translation>假设：美国批发托管价格，按每千瓦 IT 负载每月计，2024-25 年</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>assumed: share of hours a serving fleet carries paying load</source>
        <translation>假设：服务集群承载付费负载的时间占比</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>assumed: scale-out fabric (switches, optics, cabling) as a share of system capex</source>
        <translation>假设：横向扩展网络（交换机、光模块、线缆）占系统资本支出的比例</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>assumed: catalog system prices include chassis and system network</source>
        <translation>假设：目录中的系统价格已包含机箱与系统内网络</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>assumed: fleets are planned with headroom for bursts</source>
        <translation>假设：集群规划时为突发流量预留余量</translation>
    </message>
    <message>
        <location filename="../core/engine/CostAssumptions.h" line="+16"/>
        <source>common straight-line life of accelerators</source>
        <translation>加速器常见的直线折旧年限</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>typical US industrial electricity price, 2025</source>
        <translation>美国典型工业电价，2025 年</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>typical air/liquid-cooled data centre</source>
        <translation>典型风冷/液冷数据中心</translation>
    </message>
</context>
<context>
    <name>is::ThisMachine</name>
    <message>
        <location filename="../core/engine/ThisMachine.cpp" line="+25"/>
        <source>This machine (%1 threads)</source>
        <translation>本机（%1 个线程）</translation>
    </message>
    <message>
        <location line="+66"/>
        <source>This machine</source>
        <translation>本机</translation>
    </message>
</context>
<context>
    <name>is::Topology</name>
    <message>
        <location filename="../core/topology/Topology.cpp" line="+124"/>
        <source>links: %1 devices in systems of %2 need a scale-out link between systems</source>
        <translation>links：%1 个设备（每个系统 %2 个）需要在系统之间使用横向扩展链路</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>links: %1 devices are not connected; add a scale-up link inside the system</source>
        <translation>links：%1 个设备之间未连通；请在系统内添加纵向扩展链路</translation>
    </message>
</context>
<context>
    <name>is::UserCalibration</name>
    <message>
        <location filename="../core/engine/UserCalibration.cpp" line="+23"/>
        <source>%1: no measurement rows</source>
        <translation>%1：没有测量数据行</translation>
    </message>
    <message>
        <location line="+26"/>
        <location line="+63"/>
        <source>%1: cannot write: %2</source>
        <translation>%1：无法写入：%2</translation>
    </message>
    <message>
        <location line="-40"/>
        <source>%1: cannot create</source>
        <translation>%1：无法创建</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>%1: cannot read: %2</source>
        <translation>%1：无法读取：%2</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>%1: cannot remove: %2</source>
        <translation>%1：无法删除：%2</translation>
    </message>
</context>
<context>
    <name>is::Validation</name>
    <message>
        <location filename="../core/engine/Validation.cpp" line="+107"/>
        <source>unterminated quoted field</source>
        <translation>带引号的字段未闭合</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>missing column &apos;%1&apos;</source>
        <translation>缺少列“%1”</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>expected %1 columns, found %2</source>
        <translation>应有 %1 列，实际为 %2 列</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>kv_precision: unknown precision &apos;%1&apos;</source>
        <translation>kv_precision：未知精度“%1”</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>parallelism: expected degrees such as &apos;TP1 EP4 DP4&apos;, got &apos;%1&apos;</source>
        <translation>parallelism：应为“TP1 EP4 DP4”这样的并行度，实际为“%1”</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>kv_admission: expected on-demand or reserve-full, got &apos;%1&apos;</source>
        <translation>kv_admission：应为 on-demand 或 reserve-full，实际为“%1”</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>attention_dp_prefill: expected aligned or independent, got &apos;%1&apos;</source>
        <translation>attention_dp_prefill：应为 aligned 或 independent，实际为“%1”</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>max_batch: expected a positive whole number, got &apos;%1&apos;</source>
        <translation>max_batch：应为正整数，实际为“%1”</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>id: empty</source>
        <translation>id：为空</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>chips: expected a whole number, got &apos;%1&apos;</source>
        <translation>chips：应为整数，实际为“%1”</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>input_tokens: expected a positive number, got &apos;%1&apos;</source>
        <translation>input_tokens：应为正数，实际为“%1”</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>output_tokens: expected a positive number, got &apos;%1&apos;</source>
        <translation>output_tokens：应为正数，实际为“%1”</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>concurrency: expected a whole number, got &apos;%1&apos;</source>
        <translation>concurrency：应为整数，实际为“%1”</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>ttft_limit_ms: expected a number, got &apos;%1&apos;</source>
        <translation>ttft_limit_ms：应为数字，实际为“%1”</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>tpot_limit_ms: expected a number, got &apos;%1&apos;</source>
        <translation>tpot_limit_ms：应为数字，实际为“%1”</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>value: expected a positive number, got &apos;%1&apos;</source>
        <translation>value：应为正数，实际为“%1”</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>parallelism: &apos;%1&apos; spans %2 chips, the row has %3</source>
        <translation>parallelism：“%1”占用 %2 个芯片，该行为 %3 个</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1: empty file (expected a header line)</source>
        <translation>%1：文件为空（应有表头行）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1: cannot open: %2</source>
        <translation>%1：无法打开：%2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1: larger than 256 MiB</source>
        <translation>%1：大于 256 MiB</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>unknown device &apos;%1&apos;</source>
        <translation>未知的设备“%1”</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>unknown precision &apos;%1&apos;</source>
        <translation>未知的精度“%1”</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>unknown speculative method &apos;%1&apos;</source>
        <translation>未知的投机解码方法“%1”</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>unknown model &apos;%1&apos;</source>
        <translation>未知的模型“%1”</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>unknown scenario &apos;%1&apos;</source>
        <translation>未知的测试场景“%1”</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>unknown metric &apos;%1&apos;</source>
        <translation>未知的指标“%1”</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>does not fit: %1</source>
        <translation>装不下：%1</translation>
    </message>
</context>
<context>
    <name>is::WeightFormat</name>
    <message>
        <location filename="../core/engine/WeightFormatText.cpp" line="+10"/>
        <source>%1 routed experts, %2 other weights</source>
        <translation>路由专家 %1，其他权重 %2</translation>
    </message>
</context>
<context>
    <name>is::audit::Audit</name>
    <message>
        <location filename="../core/audit/Audit.cpp" line="+37"/>
        <source>trillion transistors</source>
        <translation>万亿个晶体管</translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../core/audit/AuditText.cpp" line="+187"/>
        <source>mm2</source>
        <translation>平方毫米</translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../core/audit/AuditText.cpp" line="-7"/>
        <source>cores</source>
        <translation>个核心</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>PB/s</source>
        <translation>PB/s</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>the catalog has no %1 for device &apos;%2&apos;</source>
        <translation>目录中没有设备“%2”的 %1</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>the catalog gives %1 %2 for %3 (%4: %5); the claimed %6 agrees within %7 %</source>
        <translation>目录给出 %3 的数值为 %1 %2（%4：%5）；所称的 %6 在 %7% 以内相符</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the catalog gives %1 %2 for %3 (%4: %5); the claimed %6 differs by more than %7 %</source>
        <translation>目录给出 %3 的数值为 %1 %2（%4：%5）；所称的 %6 相差超过 %7%</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>the catalog has no %1 for &apos;%2&apos; or no bandwidth for link &apos;%3&apos;</source>
        <translation>目录中没有“%2”的 %1，或没有链路“%3”的带宽</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>the catalog&apos;s %1 on-wafer memory bandwidth of %2 PB/s is %3 times %4&apos;s %5 GB/s per GPU and direction, %6 orders of magnitude; the claimed %7x is %8</source>
        <translation>目录中 %1 的晶圆片上内存带宽为 %2 PB/s，是 %4 每 GPU 每方向 %5 GB/s 的 %3 倍，即 %6 个数量级；所称的 %7 倍%8</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>met</source>
        <translation>已达到</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not met</source>
        <translation>未达到</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>arithmetic: %1 / %2 = %3; the claimed %4 %5</source>
        <translation>算术：%1 / %2 = %3；所称的 %4%5</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>follows from the article&apos;s own figures</source>
        <translation>可由文章自身的数字推出</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>does not follow from the article&apos;s own figures</source>
        <translation>无法由文章自身的数字推出</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>the claim names no baseline or setup the engine could reproduce</source>
        <translation>该说法没有给出引擎可以复现的基线或测试条件</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>nothing the engine models bears on this claim</source>
        <translation>引擎所建模的内容与该说法无关</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>no deployment &apos;%1&apos;</source>
        <translation>没有部署“%1”</translation>
    </message>
    <message>
        <location filename="../core/audit/AuditText.cpp" line="-143"/>
        <location line="+146"/>
        <source>tok/s</source>
        <translation>token/s</translation>
    </message>
    <message>
        <location line="-144"/>
        <location line="+142"/>
        <source>sequences/s</source>
        <translation>序列/秒</translation>
    </message>
    <message>
        <location line="-140"/>
        <location line="+149"/>
        <source>ms</source>
        <translation>毫秒</translation>
    </message>
    <message>
        <location line="-147"/>
        <location line="+148"/>
        <source>s</source>
        <translation>秒</translation>
    </message>
    <message>
        <location line="-146"/>
        <location line="+147"/>
        <source>kW</source>
        <translation>千瓦</translation>
    </message>
    <message>
        <location line="-145"/>
        <location line="+132"/>
        <source>chips</source>
        <translation>颗芯片</translation>
    </message>
    <message>
        <location line="-130"/>
        <source>$ per million tokens</source>
        <translation>美元/百万 token</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>memory bandwidth</source>
        <translation>内存带宽</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>communication</source>
        <translation>通信</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the dataflow latency of the layers&apos; pipeline</source>
        <translation>各层流水线的数据流延迟</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>per-layer overheads</source>
        <translation>每层固定开销</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>memory capacity</source>
        <translation>内存容量</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>streaming the weights from external memory</source>
        <translation>从外部内存流式传输权重</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>on chip</source>
        <translation>片上</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>on added chips</source>
        <translation>放在追加的芯片上</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>spilled to external memory</source>
        <translation>溢出到外部内存</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>at most %1 B active parameters</source>
        <translation>激活参数不超过 %1 B</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>at least %1 B active parameters</source>
        <translation>激活参数至少 %1 B</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>between %1 B and %2 B active parameters</source>
        <translation>激活参数在 %1 B 到 %2 B 之间</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>speculative decoding accepting at most %1 tokens per step</source>
        <translation>每步最多接受 %1 个 token 的投机解码</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>speculative decoding accepting at least %1 tokens per step</source>
        <translation>每步至少接受 %1 个 token 的投机解码</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>speculative decoding accepting %1 to %2 tokens per step</source>
        <translation>每步接受 %1 到 %2 个 token 的投机解码</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>prompts of at most %1 tokens</source>
        <translation>提示不超过 %1 个 token</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>prompts of at least %1 tokens</source>
        <translation>提示至少 %1 个 token</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>prompts of %1 to %2 tokens</source>
        <translation>提示为 %1 到 %2 个 token</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>replies of at most %1 tokens</source>
        <translation>回复不超过 %1 个 token</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>replies of at least %1 tokens</source>
        <translation>回复至少 %1 个 token</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>replies of %1 to %2 tokens</source>
        <translation>回复为 %1 到 %2 个 token</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 B active parameters</source>
        <translation>%1 B 激活参数</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 tokens per decode step</source>
        <translation>每个解码步 %1 个 token</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>prompts of %1 tokens</source>
        <translation>%1 个 token 的提示</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>replies of %1 tokens</source>
        <translation>%1 个 token 的回复</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>$/M tokens</source>
        <translation>美元/百万 token</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>sequences/s/kW</source>
        <translation>序列/秒/千瓦</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>tokens</source>
        <translation>token</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>trillion</source>
        <translation>万亿</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>wafers</source>
        <translation>片晶圆</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>x</source>
        <translation>倍</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>MW</source>
        <translation>兆瓦</translation>
    </message>
    <message>
        <location filename="../core/audit/EngineChecks.cpp" line="+267"/>
        <source>one %1 draws about %2 kW at peak; the model needs at least %3 of them and this deployment runs %4, drawing about %5 kW (band %6-%7), so %8 kW cannot be this side</source>
        <translation>一台 %1 峰值功耗约 %2 千瓦；这个模型至少需要 %3 台，而该部署运行 %4 台，功耗约 %5 千瓦（区间 %6-%7），因此 %8 千瓦不可能是这一方的功耗</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>the weights alone (%1 TB at %2) need %3 chips of %4 GB usable memory each (band %5-%6), so %7 cannot hold the model</source>
        <translation>仅权重（%2 精度下 %1 TB）就需要 %3 颗每颗可用内存 %4 GB 的芯片（区间 %5-%6），因此 %7 颗装不下这个模型</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>at full load within the latency targets (%1 streams at %2 tok/s each) %3 costs %4 %5 (band %6-%7), so a price of %8 covers it</source>
        <translation>在延迟目标内满载时（%1 个并发流，每流 %2 token/s），%3 的成本为 %4 %5（区间 %6-%7），因此 %8 的价格足以覆盖</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>at full load within the latency targets (%1 streams at %2 tok/s each) %3 costs %4 %5 (band %6-%7), so a price of %8 does not cover it</source>
        <translation>在延迟目标内满载时（%1 个并发流，每流 %2 token/s），%3 的成本为 %4 %5（区间 %6-%7），因此 %8 的价格无法覆盖</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 on one chip</source>
        <translation>%1（单颗芯片）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 on %2 chips</source>
        <translation>%1（%2 颗芯片）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the engine predicts %1 %2 (band %3-%4) for %5; the claimed %6 lies inside, within a %7 % margin</source>
        <translation>引擎预测 %5 为 %1 %2（区间 %3-%4）；所称的 %6 在 %7% 的余量内，位于区间之内</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the engine predicts %1 %2 (band %3-%4) for %5, bound by %6; the claimed %7 lies outside even with a %8 % margin</source>
        <translation>引擎预测 %5 为 %1 %2（区间 %3-%4），瓶颈在于%6；即使留出 %8% 的余量，所称的 %7 仍在区间之外</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>with %1 it is still %2 %3</source>
        <translation>即使是 %1，也仍需 %2 %3</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1; no value of the searched inputs makes it true</source>
        <translation>%1；在搜索的输入范围内没有任何取值能使其成立</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1; %2</source>
        <translation>%1；%2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>, and </source>
        <translation>；而且</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the engine predicts %1 %2 (band %3-%4) with the scenario&apos;s inputs (%5); the claimed %6 needs %7</source>
        <translation>按场景的输入（%5），引擎预测为 %1 %2（区间 %3-%4）；要达到所称的 %6，需要%7</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>, </source>
        <translation>，</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>, or </source>
        <translation>，或</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>a deployment of the comparison has no throughput</source>
        <translation>对比中的某个部署没有吞吐量</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>the engine predicts %1 %2 for %3 against %4 for %5: %6x (band %7x-%8x); the claimed %9x lies %10</source>
        <translation>引擎预测 %3 为 %1 %2，%5 为 %4：相差 %6 倍（区间 %7-%8 倍）；所称的 %9 倍%10</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>inside the band</source>
        <translation>在区间之内</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>outside the band</source>
        <translation>在区间之外</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>the weights fit in no count of %1 the engine searches: %2</source>
        <translation>在引擎搜索的 %1 数量范围内都放不下权重：%2</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>the weights (%1 GB at %2) fit in one chip&apos;s %3 GB</source>
        <translation>权重（%2 精度下 %1 GB）可以放进单颗芯片的 %3 GB</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>only across at least %1 chips (band %2-%3): the weights (%4 TB at %5) are %1 times what one %6 holds (%7 GB usable), so on one chip they cannot stay</source>
        <translation>只有分布在至少 %1 颗芯片上才成立（区间 %2-%3）：权重（%5 精度下 %4 TB）是一台 %6 可容纳量（可用 %7 GB）的 %1 倍，因此不可能驻留在一颗芯片上</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>one stream of %1 tokens cannot be served: %2</source>
        <translation>无法服务一条 %1 个 token 的流：%2</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>one stream of %1 tokens fits on %2 x %3 (KV cache %4 GB per chip, placed %5) at %6 tok/s per user (band %7-%8)</source>
        <translation>一条 %1 个 token 的流可以放在 %2 台 %3 上（每颗芯片 KV 缓存 %4 GB，%5），每用户 %6 token/s（区间 %7-%8）</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>a plan, not a measured figure: %1 MW buys about %2 x %3 at %4 kW each with PUE %5, about %6 copies of the %7-chip deployment</source>
        <translation>这是计划而非实测数字：按每台 %4 千瓦、PUE %5 计算，%1 兆瓦约可部署 %2 台 %3，约相当于 %6 套 %7 颗芯片的部署</translation>
    </message>
</context>
<context>
    <name>is::audit::Claim</name>
    <message>
        <location filename="../core/audit/Claim.cpp" line="+63"/>
        <source>unknown type &apos;%1&apos; (%2)</source>
        <translation>未知类型“%1”（%2）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>missing</source>
        <translation>缺失</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>must be at least 1</source>
        <translation>必须至少为 1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>must not be 0</source>
        <translation>不能为 0</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>must be at least 0 and below 1</source>
        <translation>必须不小于 0 且小于 1</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>the range must be positive and max above min</source>
        <translation>范围必须为正，且 max 大于 min</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>not a JSON object</source>
        <translation>不是 JSON 对象</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>&apos;%1&apos; appears twice</source>
        <translation>“%1”出现了两次</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>unknown kind &apos;%1&apos; (official, vendor-claim, third-party, speculation, unclear)</source>
        <translation>未知类别“%1”（official、vendor-claim、third-party、speculation、unclear）</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>must lie within min and max</source>
        <translation>必须介于 min 与 max 之间</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>unknown bound &apos;%1&apos; (value, at-least, at-most)</source>
        <translation>未知界限“%1”（value、at-least、at-most）</translation>
    </message>
</context>
<context>
    <name>is::cost::FleetSizing</name>
    <message>
        <location filename="../core/analysis/FleetSizing.cpp" line="+84"/>
        <source>cannot meet %1 even with one stream (gets TTFT %2 ms, TPOT %3 ms)</source>
        <translation>即使只有一个流也无法满足 %1（实际 TTFT %2 毫秒，TPOT %3 毫秒）</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>no throughput at the serving point</source>
        <translation>该服务点没有吞吐量</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>one unit needs %1 MW at peak, more than the budget</source>
        <translation>一个单元峰值需要 %1 兆瓦，超出预算</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>%1: must be a positive number</source>
        <translation>%1：必须为正数</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1: at most %2, got %3</source>
        <translation>%1：最多 %2，实际为 %3</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>latency targets must not be negative</source>
        <translation>延迟目标不能为负数</translation>
    </message>
</context>
<context>
    <name>is::cost::LatencyTargets</name>
    <message>
        <location filename="../core/cost/LatencyTargets.cpp" line="+32"/>
        <source>no TTFT limit</source>
        <translation>TTFT 不设限</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>TTFT ≤ %1 ms</source>
        <translation>TTFT ≤ %1 毫秒</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>TPOT ≤ %1 ms</source>
        <translation>TPOT ≤ %1 毫秒</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no TPOT limit</source>
        <translation>TPOT 不设限</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 and %2</source>
        <translation>%1 且 %2</translation>
    </message>
</context>
<context>
    <name>is::cost::TcoAssumptions</name>
    <message>
        <location filename="../core/cost/TcoAssumptions.cpp" line="+10"/>
        <source>expected capex or rental, got &apos;%1&apos;</source>
        <translation>应为 capex 或 rental，实际为“%1”</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>expected hyperscaler, neocloud or reserved-3y, got &apos;%1&apos;</source>
        <translation>应为 hyperscaler、neocloud 或 reserved-3y，实际为“%1”</translation>
    </message>
</context>
<context>
    <name>is::cost::TcoEditing</name>
    <message>
        <location filename="../core/cost/TcoEditing.cpp" line="+78"/>
        <source>%1: not a TCO assumption</source>
        <translation>%1：不是 TCO 假设项</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1: not a per-deployment price</source>
        <translation>%1：不是按部署设置的价格</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: only set per deployment</source>
        <translation>%1：只能按部署设置</translation>
    </message>
</context>
<context>
    <name>is::cost::TcoFields</name>
    <message>
        <location filename="../core/cost/TcoFields.cpp" line="+120"/>
        <source>must be positive</source>
        <translation>必须为正数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>must not be negative</source>
        <translation>不能为负数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>must be a share above 0 and at most 1</source>
        <translation>必须是大于 0 且不超过 1 的比例</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>must be at least 1</source>
        <translation>必须至少为 1</translation>
    </message>
</context>
<context>
    <name>is::exec::BenchDecode</name>
    <message>
        <location filename="../core/executor/BenchDecode.cpp" line="+154"/>
        <source>synthetic:%1: the model needs %2 GB, more than this machine&apos;s memory allows (%3 GB)</source>
        <translation>synthetic:%1：模型需要 %2 GB，超出本机内存允许的上限（%3 GB）</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>out of memory while loading the model</source>
        <translation>加载模型时内存不足</translation>
    </message>
</context>
<context>
    <name>is::exec::GgufReader</name>
    <message>
        <location filename="../core/executor/GgufReader.cpp" line="+76"/>
        <source>tensor %1: unsupported tensor type %2 (F32, F16, BF16, Q8_0 are read)</source>
        <translation>张量 %1：不支持的张量类型 %2（支持读取 F32、F16、BF16、Q8_0）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>tensor %1: row length %2 is not a multiple of the %3 block</source>
        <translation>张量 %1：行长度 %2 不是 %3 块大小的整数倍</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>tensor %1: %2 rows of %3 bytes cannot fit in a %4-byte file</source>
        <translation>张量 %1：%2 行、每行 %3 字节，无法容纳在 %4 字节的文件中</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>tensor %1: size %2 bytes disagrees with the header&apos;s layout</source>
        <translation>张量 %1：大小 %2 字节与文件头中的布局不符</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>tensor %1 is missing</source>
        <translation>缺少张量 %1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>tensor %1 should be a vector</source>
        <translation>张量 %1 应为向量</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>metadata key %1 is missing</source>
        <translation>缺少元数据键 %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>metadata key %1 is not an integer</source>
        <translation>元数据键 %1 不是整数</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>metadata key %1 = %2 is out of range</source>
        <translation>元数据键 %1 = %2 超出范围</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>metadata key %1 is not a number</source>
        <translation>元数据键 %1 不是数字</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>metadata key general.architecture is missing</source>
        <translation>缺少元数据键 general.architecture</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>general.architecture &apos;%1&apos; is not supported (llama is)</source>
        <translation>不支持的 general.architecture“%1”（仅支持 llama）</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>llama.block_count = %1 is out of range</source>
        <translation>llama.block_count = %1 超出范围</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>tokenizer.ggml.tokens has %1 entries but the embedding has %2 rows</source>
        <translation>tokenizer.ggml.tokens 有 %1 个条目，但嵌入矩阵有 %2 行</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>%1: out of memory while reading the header</source>
        <translation>%1：读取文件头时内存不足</translation>
    </message>
</context>
<context>
    <name>is::exec::Llama2cReader</name>
    <message>
        <location filename="../core/executor/Llama2cReader.cpp" line="+42"/>
        <source>truncated: a llama2.c checkpoint starts with a 28-byte header</source>
        <translation>文件被截断：llama2.c 检查点应以 28 字节的文件头开始</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>header field %1 = %2 is invalid</source>
        <translation>文件头字段 %1 = %2 无效</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>n_heads %1 / n_kv_heads %2 do not divide dim %3</source>
        <translation>n_heads %1 / n_kv_heads %2 无法整除 dim %3</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>header field n_layers = %1 is out of range</source>
        <translation>文件头字段 n_layers = %1 超出范围</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>header sizes overflow</source>
        <translation>文件头中的大小溢出</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>file is %1 bytes but its header (dim %2, layers %3, vocab %4, seq_len %5) implies %6</source>
        <translation>文件大小为 %1 字节，但其文件头（dim %2、layers %3、vocab %4、seq_len %5）对应的大小为 %6 字节</translation>
    </message>
</context>
<context>
    <name>is::exec::Model</name>
    <message>
        <location filename="../core/executor/Model.cpp" line="+61"/>
        <source>tensor %1 is missing</source>
        <translation>缺少张量 %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>tensor %1 has shape %2x%3x%4, expected %5x%6x%7</source>
        <translation>张量 %1 的形状为 %2x%3x%4，应为 %5x%6x%7</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>%1 = %2 is out of range</source>
        <translation>%1 = %2 超出范围</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>head dimension %1 is odd; RoPE needs pairs</source>
        <translation>注意力头维度 %1 为奇数；RoPE 需要成对的维度</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>layer_norm_rms_epsilon is out of range</source>
        <translation>layer_norm_rms_epsilon 超出范围</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>rope.freq_base is out of range</source>
        <translation>rope.freq_base 超出范围</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 layers found, block_count says %2</source>
        <translation>找到 %1 层，但 block_count 为 %2</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>tensor output_norm has %1 elements, expected %2</source>
        <translation>张量 output_norm 有 %1 个元素，应为 %2 个</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>norm weights have the wrong length (layer %1)</source>
        <translation>归一化权重长度错误（第 %1 层）</translation>
    </message>
    <message>
        <location line="+11"/>
        <location line="+2"/>
        <source>%1 (layer %2)</source>
        <translation>%1（第 %2 层）</translation>
    </message>
</context>
<context>
    <name>is::exec::ModelLoader</name>
    <message>
        <location filename="../core/executor/ModelLoader.cpp" line="+22"/>
        <source>%1: cannot open: %2</source>
        <translation>%1：无法打开：%2</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1: file is too short to be a model (%2 bytes)</source>
        <translation>%1：文件过短，不是模型文件（%2 字节）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1: not enough memory to load %2 bytes</source>
        <translation>%1：内存不足，无法加载 %2 字节</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1: loading cancelled</source>
        <translation>%1：加载已取消</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1: read failed at offset %2: %3</source>
        <translation>%1：在偏移量 %2 处读取失败：%3</translation>
    </message>
</context>
<context>
    <name>is::exec::SyntheticModel</name>
    <message>
        <location filename="../core/executor/SyntheticModel.cpp" line="+108"/>
        <source>empty SPEC</source>
        <translation>SPEC 为空</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&apos;%1&apos; is not key=value</source>
        <translation>“%1”不是 key=value 格式</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>dtype &apos;%1&apos; is not one of f32, f16, bf16, q8_0</source>
        <translation>dtype“%1”不是 f32、f16、bf16、q8_0 之一</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>seed &apos;%1&apos; is not an unsigned integer</source>
        <translation>seed“%1”不是无符号整数</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>%1 &apos;%2&apos; must be an integer in %3..%4</source>
        <translation>%1“%2”必须是 %3..%4 范围内的整数</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>unknown field &apos;%1&apos; (dim, layers, heads, kv_heads, ffn, vocab, dtype, experts, top_k, seed, ctx)</source>
        <translation>未知字段“%1”（可用字段：dim、layers、heads、kv_heads、ffn、vocab、dtype、experts、top_k、seed、ctx）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>dim %1 must be a multiple of heads %2 with an even head size</source>
        <translation>dim %1 必须是 heads %2 的整数倍，且每个头的维度为偶数</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>kv_heads %1 must divide heads %2</source>
        <translation>kv_heads %1 必须能整除 heads %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>dtype q8_0 needs dim and ffn to be multiples of 32</source>
        <translation>dtype 为 q8_0 时，dim 和 ffn 必须是 32 的倍数</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>top_k %1 must be in 1..experts (%2)</source>
        <translation>top_k %1 必须在 1..experts（%2）范围内</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>top_k needs experts</source>
        <translation>设置 top_k 时需要 experts</translation>
    </message>
</context>
<context>
    <name>is::gguf::GgufHeader</name>
    <message>
        <location filename="../core/model/GgufHeader.cpp" line="+133"/>
        <source>truncated: %1 needs %2 bytes at offset %3 but the file has %4 left</source>
        <translation>文件被截断：%1 在偏移量 %3 处需要 %2 字节，但文件只剩 %4 字节</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>header larger than the bytes read</source>
        <translation>文件头大于已读取的字节数</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>%1: length %2 exceeds the limit of %3 bytes</source>
        <translation>%1：长度 %2 超过 %3 字节的上限</translation>
    </message>
    <message>
        <location line="+59"/>
        <source>%1: metadata arrays nested deeper than 3 levels</source>
        <translation>%1：元数据数组嵌套超过 3 层</translation>
    </message>
    <message>
        <location line="+9"/>
        <location line="+93"/>
        <source>%1: unknown metadata value type %2</source>
        <translation>%1：未知的元数据值类型 %2</translation>
    </message>
    <message>
        <location line="-85"/>
        <source>%1: array count %2 exceeds the limit of %3</source>
        <translation>%1：数组元素数 %2 超过上限 %3</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+11"/>
        <location line="+211"/>
        <source>%1: array of %2 elements runs past the end of the file</source>
        <translation>%1：%2 个元素的数组超出了文件末尾</translation>
    </message>
    <message>
        <location line="-215"/>
        <source>%1: unknown metadata array element type %2</source>
        <translation>%1：未知的元数据数组元素类型 %2</translation>
    </message>
    <message>
        <location line="+87"/>
        <source>%1: n_dims %2 is not 1..%3</source>
        <translation>%1：n_dims %2 不在 1..%3 范围内</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1: dimension %2 = %3 is invalid</source>
        <translation>%1：维度 %2 = %3 无效</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1: row length %2 is not a multiple of the %3 block (%4)</source>
        <translation>%1：行长度 %2 不是 %3 块大小（%4）的整数倍</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1: %2 elements of %3 cannot fit in a %4-byte file</source>
        <translation>%1：%2 个 %3 元素无法容纳在 %4 字节的文件中</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>not a GGUF file (bad magic)</source>
        <translation>不是 GGUF 文件（魔数错误）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>unsupported GGUF version %1 (2 and 3 are read)</source>
        <translation>不支持的 GGUF 版本 %1（支持读取版本 2 和 3）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>metadata_kv_count %1 is larger than the file can hold</source>
        <translation>metadata_kv_count %1 超出文件可容纳的数量</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>tensor_count %1 is larger than the file can hold</source>
        <translation>tensor_count %1 超出文件可容纳的数量</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>metadata key &apos;%1&apos; appears twice</source>
        <translation>元数据键“%1”重复出现</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>general.alignment must be a power of two up to 1 MiB</source>
        <translation>general.alignment 必须是不超过 1 MiB 的 2 的幂</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>truncated: tensor data section starts past the end of the file</source>
        <translation>文件被截断：张量数据段的起始位置超出文件末尾</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>tensor %1: data offset %2 is not aligned to %3</source>
        <translation>张量 %1：数据偏移量 %2 未按 %3 对齐</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>tensor %1: data (offset %2, %3 bytes) runs past the end of the file</source>
        <translation>张量 %1：数据（偏移量 %2，%3 字节）超出文件末尾</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>tensor %1 appears twice</source>
        <translation>张量 %1 重复出现</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>out of memory while reading the header</source>
        <translation>读取文件头时内存不足</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1 is not an array of strings</source>
        <translation>%1 不是字符串数组</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>%1: out of memory</source>
        <translation>%1：内存不足</translation>
    </message>
</context>
<context>
    <name>is::gui::CalibrationConstantsModel</name>
    <message>
        <location filename="../widgets/calibration/CalibrationConstantsModel.cpp" line="+54"/>
        <source>%1 in calibration.json; moving it a fifth of its range changes the predictions by %2 % on average</source>
        <translation>calibration.json 中的 %1；将其移动取值范围的五分之一，预测平均变化 %2%</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>%1, software before %2</source>
        <translation>%1（%2 之前的软件）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1, software from %2 before %3</source>
        <translation>%1（%2 起、%3 之前的软件）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1 to %2</source>
        <translation>%1 至 %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>at the lower bound</source>
        <translation>位于下限</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>at the upper bound</source>
        <translation>位于上限</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>inside</source>
        <translation>在范围内</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Constant</source>
        <translation>常数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Family</source>
        <translation>系列</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Before</source>
        <translation>之前</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>After</source>
        <translation>之后</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Physical range</source>
        <translation>物理范围</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Bound</source>
        <translation>边界</translation>
    </message>
</context>
<context>
    <name>is::gui::CalibrationDialog</name>
    <message>
        <location filename="../widgets/calibration/CalibrationDialog.cpp" line="+31"/>
        <source>%1 %</source>
        <translation>%1%</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Calibrate from my measurements</source>
        <translation>根据我的测量结果校准</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Choose a CSV file of your own measurements</source>
        <translation>选择一个包含您自己测量结果的 CSV 文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Choose file…</source>
        <translation>选择文件…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fit again</source>
        <translation>重新拟合</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fits the same file again, starting from the calibration in use now</source>
        <translation>以当前使用的校准为起点，重新拟合同一文件</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Measurements:</source>
        <translation>测量结果：</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The columns of the published measurements the studio ships (id, device, chips, model, precision, input_tokens, output_tokens, concurrency, scenario, ttft_limit_ms, tpot_limit_ms, speculative, metric, value, …). Each device family&apos;s constants are fitted within their physical ranges.</source>
        <translation>列与本软件自带的公开测量结果相同（id、device、chips、model、precision、input_tokens、output_tokens、concurrency、scenario、ttft_limit_ms、tpot_limit_ms、speculative、metric、value 等）。每个设备系列的常数都在其物理范围内拟合。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Rows</source>
        <translation>数据行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fitted constants</source>
        <translation>拟合常数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Notes</source>
        <translation>说明</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Apply</source>
        <translation>应用</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Writes the fitted constants into your catalog folder (as `inference-studio calibrate --user` does) and evaluates the open document with them</source>
        <translation>将拟合得到的常数写入您的目录文件夹（与 `inference-studio calibrate --user` 相同），并用它们重新评估当前打开的文档</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+228"/>
        <source>Undo calibration</source>
        <translation>撤销校准</translation>
    </message>
    <message>
        <location line="-227"/>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <location line="+60"/>
        <source>Measurements to calibrate on</source>
        <translation>用于校准的测量结果</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Measurements (*.csv);;All files (*)</source>
        <translation>测量结果 (*.csv);;所有文件 (*)</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Reading the file…</source>
        <translation>正在读取文件…</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Fitting the constants…</source>
        <translation>正在拟合常数…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Predicting each row…</source>
        <translation>正在预测每一行…</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancelled: nothing was fitted.</source>
        <translation>已取消：没有拟合任何常数。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cannot use this file</source>
        <translation>无法使用此文件</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Done</source>
        <translation>完成</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>%1 of %2 rows evaluated. Median error %3 → %4; rows within 2× of the measurement %5 → %6.</source>
        <translation>已评估 %1 / %2 行。误差中位数 %3 → %4；与测量值相差在 2 倍以内的行占比 %5 → %6。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1: constants fitted: %2, on %3 rows; median error %4 → %5 (%6 evaluations of the rows)</source>
        <translation>%1：基于 %3 行拟合了 %2 个常数；误差中位数 %4 → %5（对这些行评估了 %6 次）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>    The fit lowers the error summed over every row, with a pull towards the family&apos;s assumptions; the median row can end a little worse.</source>
        <translation>    拟合降低的是所有行的误差总和，并向该系列的假设值回拉；中位数那一行可能略有变差。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1: kept its constants (%2)</source>
        <translation>%1：保留原有常数（%2）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>    not used: %1</source>
        <translation>    未使用：%1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Rows (%1)</source>
        <translation>数据行（%1）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fitted constants (%1)</source>
        <translation>拟合常数（%1）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No family&apos;s constants were fitted (see Notes): there is nothing to apply.</source>
        <translation>没有任何系列的常数被拟合（见“说明”）：没有可应用的内容。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Applied: wrote %1. The open document is evaluated with it; Undo calibration takes it back.</source>
        <translation>已应用：已写入 %1。当前文档已按它重新评估；“撤销校准”可将其撤回。</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Undone: the calibration from %1 is no longer used.</source>
        <translation>已撤销：不再使用来自 %1 的校准。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The fit shown was made with it in use; fit again to apply it.</source>
        <translation>当前显示的拟合是在使用该校准时做出的；请重新拟合后再应用。</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Undo calibration from %1</source>
        <translation>撤销来自 %1 的校准</translation>
    </message>
</context>
<context>
    <name>is::gui::CalibrationHistory</name>
    <message>
        <location filename="../widgets/calibration/CalibrationHistory.cpp" line="+23"/>
        <source>%1: no family&apos;s constants were fitted; there is nothing to apply</source>
        <translation>%1：没有任何系列的常数被拟合；没有可应用的内容</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1: the calibration in use changed after this fit (a calibration was applied or undone); fit again to apply it</source>
        <translation>%1：此次拟合之后，正在使用的校准已经改变（有校准被应用或撤销）；请重新拟合后再应用</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Calibration from %1 applied: wrote %2</source>
        <translation>已应用来自 %1 的校准：已写入 %2</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>No calibration to undo</source>
        <translation>没有可撤销的校准</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Calibration from %1 undone</source>
        <translation>已撤销来自 %1 的校准</translation>
    </message>
</context>
<context>
    <name>is::gui::CalibrationRowsModel</name>
    <message>
        <location filename="../widgets/calibration/CalibrationRowsModel.cpp" line="+17"/>
        <source>tok/s per user</source>
        <translation>每用户 token/s</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>tok/s in all</source>
        <translation>总 token/s</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>tok/s per chip</source>
        <translation>每芯片 token/s</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>time to first token, ms</source>
        <translation>首 token 时间，毫秒</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1 %</source>
        <translation>%1%</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1 × %2 · %3</source>
        <translation>%1 × %2 · %3</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Line %1: %2 input and %3 output tokens, scenario %4</source>
        <translation>第 %1 行：输入 %2 个 token，输出 %3 个 token，场景 %4</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>, concurrency %1</source>
        <translation>，并发 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Source: %1</source>
        <translation>来源：%1</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>Not evaluated: %1</source>
        <translation>未评估：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 chips, plan %2, batch %3</source>
        <translation>%1 个芯片，并行方案 %2，批大小 %3</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>not evaluated</source>
        <translation>未评估</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>(predicted − measured) / measured: + where the engine predicts more than was measured</source>
        <translation>（预测值 − 测量值）/ 测量值：引擎预测高于测量值时为 +</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Row</source>
        <translation>行</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Measured on</source>
        <translation>测量平台</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Metric</source>
        <translation>指标</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Measured</source>
        <translation>测量值</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Predicted before</source>
        <translation>之前的预测</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Predicted after</source>
        <translation>之后的预测</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Error before</source>
        <translation>之前的误差</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Error after</source>
        <translation>之后的误差</translation>
    </message>
</context>
<context>
    <name>is::gui::CanvasPanel</name>
    <message>
        <location filename="../widgets/canvas/CanvasPanel.cpp" line="+27"/>
        <source>Canvas</source>
        <translation>画布</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Link tool</source>
        <translation>连接工具</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Click deployments to connect their devices with the chosen link</source>
        <translation>点击部署，用所选链路连接其设备</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Zoom in</source>
        <translation>放大</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Zoom out</source>
        <translation>缩小</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Fit</source>
        <translation>适应窗口</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Drag hardware here · wheel zooms · middle button pans</source>
        <translation>把硬件拖到这里 · 滚轮缩放 · 中键平移</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Rename</source>
        <translation>重命名</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Edit count</source>
        <translation>修改数量</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Select all</source>
        <translation>全选</translation>
    </message>
</context>
<context>
    <name>is::gui::CanvasScene</name>
    <message>
        <location filename="../widgets/canvas/CanvasScene.cpp" line="+150"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 (default)</source>
        <translation>%1（默认）</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>first token in %1 · %2</source>
        <translation>首 token 时间 %1 · %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 tok/s per user · %2</source>
        <translation>每用户 %1 token/s · %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>does not fit: beyond the model&apos;s context window</source>
        <translation>装不下：超出模型上下文窗口</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>does not fit: needs %L1 chips</source>
        <translation>装不下：需要 %L1 个芯片</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>does not fit as %1 (see Issues)</source>
        <translation>按 %1 布局装不下（见“问题”）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>does not fit</source>
        <translation>装不下</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>cannot be evaluated (see Issues)</source>
        <translation>无法评估（见“问题”）</translation>
    </message>
    <message>
        <location line="+58"/>
        <source>Drop a link onto a deployment to connect its devices with it.</source>
        <translation>把链路拖到某个部署上，即可用它连接该部署的设备。</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>%1 runs on %2; a deployment has one device type. Drop %3 on empty canvas to start a new deployment.</source>
        <translation>%1 运行在 %2 上；一个部署只能有一种设备。把 %3 拖到画布空白处可新建部署。</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Add %1 × %2 to %3</source>
        <translation>向 %3 添加 %1 × %2</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Connect %1 with %2</source>
        <translation>用 %2 连接 %1</translation>
    </message>
</context>
<context>
    <name>is::gui::CanvasView</name>
    <message>
        <location filename="../widgets/canvas/CanvasView.cpp" line="+190"/>
        <source>auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>count: </source>
        <translation>数量：</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Set count of %1 to %2</source>
        <translation>将 %1 的数量设为 %2</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Rename %1 to %2</source>
        <translation>将 %1 重命名为 %2</translation>
    </message>
</context>
<context>
    <name>is::gui::ChartGrid</name>
    <message>
        <location filename="../widgets/charts/ChartGrid.cpp" line="+211"/>
        <source>Chart %1</source>
        <translation>图表 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Charts %1–%2</source>
        <translation>图表 %1–%2</translation>
    </message>
</context>
<context>
    <name>is::gui::ChartPanel</name>
    <message>
        <location filename="../widgets/charts/ChartPanel.cpp" line="+106"/>
        <source>No deployments yet: drag hardware from the Hardware panel onto the canvas.</source>
        <translation>还没有部署：从“硬件”面板把硬件拖到画布上。</translation>
    </message>
    <message>
        <location line="+97"/>
        <source>%1 (range)</source>
        <translation>%1（范围）</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Export as PNG…</source>
        <translation>导出为 PNG…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Export as SVG…</source>
        <translation>导出为 SVG…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Export as PDF…</source>
        <translation>导出为 PDF…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Export data as CSV…</source>
        <translation>导出数据为 CSV…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Copy to clipboard</source>
        <translation>复制到剪贴板</translation>
    </message>
    <message>
        <location line="+249"/>
        <source>%1: unknown export format (use .png, .svg, .pdf or .csv)</source>
        <translation>%1：未知的导出格式（请使用 .png、.svg、.pdf 或 .csv）</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Copied “%1” to the clipboard</source>
        <translation>已将“%1”复制到剪贴板</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>PNG image (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>SVG drawing (*.svg)</source>
        <translation>SVG 矢量图 (*.svg)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>PDF document (*.pdf)</source>
        <translation>PDF 文档 (*.pdf)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>CSV data (*.csv)</source>
        <translation>CSV 数据 (*.csv)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Export “%1”</source>
        <translation>导出“%1”</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
</context>
<context>
    <name>is::gui::ClaimsModel</name>
    <message>
        <location filename="../widgets/claims/ClaimsModel.cpp" line="+26"/>
        <source>%1–%2</source>
        <translation>%1–%2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>≥ %1</source>
        <translation>≥ %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>≤ %1</source>
        <translation>≤ %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+10"/>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 (%2–%3)</source>
        <translation>%1（%2–%3）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>official</source>
        <translation>官方</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>vendor claim</source>
        <translation>厂商宣称</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>third party</source>
        <translation>第三方</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>speculation</source>
        <translation>推测</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>unclear</source>
        <translation>来源不明</translation>
    </message>
    <message>
        <location line="+48"/>
        <source>&lt;p&gt;%1&lt;/p&gt;&lt;p&gt;&lt;i&gt;%2&lt;/i&gt;&lt;/p&gt;&lt;p&gt;&lt;b&gt;%3&lt;/b&gt;: %4&lt;/p&gt;</source>
        <translation>&lt;p&gt;%1&lt;/p&gt;&lt;p&gt;&lt;i&gt;%2&lt;/i&gt;&lt;/p&gt;&lt;p&gt;&lt;b&gt;%3&lt;/b&gt;：%4&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Claim</source>
        <translation>说法</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Article</source>
        <translation>文章</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Kind</source>
        <translation>类别</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Claimed</source>
        <translation>宣称值</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Predicted</source>
        <translation>预测值</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Verdict</source>
        <translation>结论</translation>
    </message>
    <message>
        <location filename="../widgets/claims/VerdictPalette.cpp" line="+32"/>
        <source>consistent</source>
        <translation>一致</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>inconsistent</source>
        <translation>不一致</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>consistent only if</source>
        <translation>有条件一致</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>not checkable</source>
        <translation>无法核查</translation>
    </message>
</context>
<context>
    <name>is::gui::ClaimsPanel</name>
    <message>
        <location filename="../widgets/claims/ClaimsPanel.cpp" line="+23"/>
        <source>Claims</source>
        <translation>说法核查</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Open this claim&apos;s scenario</source>
        <translation>打开该说法的场景</translation>
    </message>
    <message>
        <location line="+59"/>
        <source>%1: %2 tok/s</source>
        <translation>%1：%2 token/s</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Select a claim to see the article&apos;s sentence and the engine&apos;s reason.</source>
        <translation>选择一条说法，查看文章原句和引擎给出的理由。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Checking the claims…</source>
        <translation>正在核查各条说法…</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&lt;p&gt;&lt;b&gt;%1&lt;/b&gt; · %2 · %3&lt;/p&gt;&lt;p&gt;%4&lt;/p&gt;&lt;p&gt;&lt;i&gt;%5&lt;/i&gt;&lt;/p&gt;&lt;p&gt;&lt;span style=&quot;background-color:%6; color:%7&quot;&gt;&amp;nbsp;%8&amp;nbsp;&lt;/span&gt; %9&lt;/p&gt;&lt;p&gt;Claimed: %10&lt;br&gt;Predicted: %11&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;%1&lt;/b&gt; · %2 · %3&lt;/p&gt;&lt;p&gt;%4&lt;/p&gt;&lt;p&gt;&lt;i&gt;%5&lt;/i&gt;&lt;/p&gt;&lt;p&gt;&lt;span style=&quot;background-color:%6; color:%7&quot;&gt;&amp;nbsp;%8&amp;nbsp;&lt;/span&gt; %9&lt;/p&gt;&lt;p&gt;宣称值：%10&lt;br&gt;预测值：%11&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>is::gui::ComparisonModel</name>
    <message>
        <location filename="../widgets/table/ComparisonModel.cpp" line="+86"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Parallelism</source>
        <translation>并行方式</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Fits</source>
        <translation>能否装下</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>no: %1</source>
        <translation>否：%1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Latency targets</source>
        <translation>延迟目标</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>none set</source>
        <translation>未设置</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>met</source>
        <translation>已达到</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Bottleneck</source>
        <translation>瓶颈</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Execution</source>
        <translation>执行方式</translation>
    </message>
    <message>
        <location line="+59"/>
        <source>vs %1</source>
        <translation>相对 %1</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>does not fit</source>
        <translation>装不下</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>none within targets</source>
        <translation>无满足目标的负载</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>%1 (%2–%3)</source>
        <translation>%1（%2–%3）</translation>
    </message>
    <message>
        <location line="+60"/>
        <source>as fast</source>
        <translation>速度相同</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+3"/>
        <source>%1x faster</source>
        <translation>快 %1 倍</translation>
    </message>
    <message>
        <location line="-3"/>
        <location line="+3"/>
        <source>%1x slower</source>
        <translation>慢 %1 倍</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1x %2</source>
        <translation>%2的 %1 倍</translation>
    </message>
    <message>
        <location line="+85"/>
        <source>%1
Includes %L2 ms before the prompt reaches the chips (the hosted service&apos;s API, fitted for this device family), in which a request holds no stream: the %L3 streams are those on the chips, and by Little&apos;s law they serve %L4 users.</source>
        <translation>%1
其中 %L2 毫秒是提示词到达芯片之前的时间（托管服务的 API，按该设备系列拟合），请求在此期间不占用流：%L3 个流是芯片上的流，按利特尔定律它们服务 %L4 个用户。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1
At full load on %L2 chips: the automatic count is sized for the load, where the workload&apos;s streams take %L3.</source>
        <translation>%1
满载时用 %L2 颗芯片：自动数量按满载规划，而负载本身的流占用 %L3 颗。</translation>
    </message>
    <message>
        <location line="-22"/>
        <source>%1
%2 %3</source>
        <translation>%1
%2（%3）</translation>
    </message>
    <message>
        <location line="+49"/>
        <source>Whether the time to first token and the time per output token stay within the workload&apos;s targets (Workload panel)</source>
        <translation>首 token 时间和每输出 token 时间是否在负载的目标之内（负载面板）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The same deployment at the load a service runs it at: the most streams whose time to first token and time per output token stay within the latency targets (the scenario&apos;s, else first token within 2 s and 50 ms per output token), and what a token costs there. A pipeline of wafers holds many streams at almost the single-stream speed.</source>
        <translation>同一部署在服务实际运行的负载下：首 token 时间和每输出 token 时间都保持在延迟目标内（场景给出的目标，否则为首 token 2 秒内、每输出 token 50 毫秒）的最多并发流数，以及此时每个 token 的成本。晶圆流水线能以几乎单流的速度同时承载许多流。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The engine&apos;s simple cost: hardware spread over its life plus electricity, at full use, per output token. The Cost tab&apos;s total cost of ownership adds the cost of capital, upkeep, space and utilisation, so it reads higher.</source>
        <translation>引擎的简化成本：硬件按使用年限分摊再加电费，按满负荷计，折算到每个输出 token。“成本”页的总拥有成本还计入资本成本、维护、场地和利用率，因此数值更高。</translation>
    </message>
</context>
<context>
    <name>is::gui::ComparisonTable</name>
    <message>
        <location filename="../widgets/table/ComparisonTable.cpp" line="+110"/>
        <source>Export comparison table</source>
        <translation>导出对比表</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>CSV data (*.csv)</source>
        <translation>CSV 数据 (*.csv)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Copy table</source>
        <translation>复制表格</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Export table as CSV…</source>
        <translation>导出表格为 CSV…</translation>
    </message>
</context>
<context>
    <name>is::gui::CostChart</name>
    <message>
        <location filename="../widgets/charts/CostChart.cpp" line="+17"/>
        <source>Cost per million tokens</source>
        <translation>每百万 token 成本</translation>
    </message>
</context>
<context>
    <name>is::gui::CostTab</name>
    <message>
        <location filename="../widgets/cost/CostTab.cpp" line="+52"/>
        <source>Capital</source>
        <translation>资本支出</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Maintenance</source>
        <translation>维护</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Energy</source>
        <translation>电力</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Space</source>
        <translation>场地</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Rental</source>
        <translation>租赁</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Cost per million tokens</source>
        <translation>每百万 token 成本</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cost versus electricity price</source>
        <translation>成本与电价</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Cost versus utilisation</source>
        <translation>成本与利用率</translation>
    </message>
    <message>
        <location line="+111"/>
        <source>%1: no cost (%2)</source>
        <translation>%1：无成本数据（%2）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>serves no tokens</source>
        <translation>不产出 token</translation>
    </message>
    <message>
        <location line="+21"/>
        <location line="+101"/>
        <source>USD per M tokens</source>
        <translation>美元/百万 token</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>Utilisation (% of hours serving)</source>
        <translation>利用率（服务时间占比 %）</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>Scenario assumption</source>
        <translation>场景假设</translation>
    </message>
</context>
<context>
    <name>is::gui::DeploymentItem</name>
    <message>
        <location filename="../widgets/canvas/DeploymentItem.cpp" line="+52"/>
        <source>Attention: %1 × %2; FFN: %3 × %4, over %5</source>
        <translation>注意力：%1 × %2；FFN：%3 × %4，经由 %5</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Double-click the name to rename, the count to change it.</source>
        <translation>双击名称可重命名，双击数量可修改。</translation>
    </message>
    <message>
        <location line="+80"/>
        <source>%1 × auto (%2)</source>
        <translation>%1 × 自动（%2）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 × auto</source>
        <translation>%1 × 自动</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 × %2</source>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Attn: %1 × %2</source>
        <translation>注意力：%1 × %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>FFN: %1 × %2</source>
        <translation>FFN：%1 × %2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source> · prefill ×%1</source>
        <translation> · 预填充 ×%1</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>↕ %1</source>
        <translation>↕ %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>↔ %1</source>
        <translation>↔ %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>⇄ %1 between the pools</source>
        <translation>⇄ 池间：%1</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>analysing…</source>
        <translation>分析中…</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>+%1</source>
        <translation>+%1</translation>
    </message>
</context>
<context>
    <name>is::gui::DocumentActions</name>
    <message>
        <location filename="../widgets/mainwindow/DocumentActions.cpp" line="+41"/>
        <source>&amp;New</source>
        <translation>新建(&amp;N)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save &amp;As…</source>
        <translation>另存为(&amp;A)…</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Clear list</source>
        <translation>清除列表</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Untitled scenario</source>
        <translation>未命名场景</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Unsaved changes</source>
        <translation>未保存的更改</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>“%1” has unsaved changes. Save them before continuing?</source>
        <translation>“%1”有未保存的更改。继续之前要保存吗？</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Don&apos;t save</source>
        <translation>不保存</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>scenario</source>
        <translation>场景</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Save scenario</source>
        <translation>保存场景</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+13"/>
        <source>Scenarios (*.json)</source>
        <translation>场景 (*.json)</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>Open scenario</source>
        <translation>打开场景</translation>
    </message>
</context>
<context>
    <name>is::gui::FleetTab</name>
    <message>
        <location filename="../widgets/fleet/FleetTab.cpp" line="+94"/>
        <source>Fleet per deployment</source>
        <translation>各部署所需规模</translation>
    </message>
    <message>
        <location line="+99"/>
        <source>Power budget (MW)</source>
        <translation>功率预算（兆瓦）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Deployment</source>
        <translation>部署</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Capex (USD)</source>
        <translation>资本支出（美元）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Power (MW)</source>
        <translation>功率（兆瓦）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>USD / M tokens</source>
        <translation>美元 / 百万 token</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Output tok/s</source>
        <translation>输出 token/s</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Users</source>
        <translation>用户数</translation>
    </message>
    <message>
        <location line="+116"/>
        <source>assumed for interactive chat: the scenario states none</source>
        <translation>按交互式聊天假设：场景未设定目标</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>from the scenario</source>
        <translation>来自场景</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Latency targets: %1, %2 (%3)</source>
        <translation>延迟目标：%1，%2（%3）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Tokens/s and users are what the units the budget buys carry at %1 % of their capacity, as a load target sizes them. Costs count the capacity serving paying load %2 % of hours, as the cost assumptions&apos; utilisation says; idle hours draw idle power.</source>
        <translation>token/s 与用户数是预算所购单元在其容量的 %1% 下承载的负载，与按负载目标规划时相同。成本按所购算力有 %2% 的时间承载付费负载计算（成本假设中的利用率）；空闲时段按空闲功耗计。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Each deployment is sized to carry at most %1 % of its capacity (the cost assumptions&apos; maximum utilisation), and the load is served around the clock: $/M tokens is the fleet&apos;s cost over this load&apos;s tokens, where the comparison&apos;s cost at full load serves the utilisation&apos;s share of hours.</source>
        <translation>每个部署按最多承载其容量的 %1%（成本假设中的最高利用率）来配置，负载全天候运行：每百万 token 成本为整个集群的成本除以此负载的 token 数；而对比表中的满载成本只在利用率对应的时间比例内服务。</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Not feasible: %1</source>
        <translation>不可行：%1</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Units: %1 of %2 chips each; at full load a unit serves %3 users, first token in %4 ms.</source>
        <translation>单元：%1 个，每个 %2 颗芯片；满负载时每个单元服务 %3 个用户，首 token 时间 %4 毫秒。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Units: %1 of %2 chips each; at full load a unit serves %3 users at %4 tokens/s each, first token in %5 ms.</source>
        <translation>单元：%1 个，每个 %2 颗芯片；满负载时每个单元服务 %3 个用户，每用户每秒 %4 个 token，首 token 时间 %5 毫秒。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The fleet gives each unit at most %1 % of that load.</source>
        <translation>规模按每个单元至多承担该负载的 %1% 计算。</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Average facility power at this load; at peak the fleet draws %1 MW, which a power budget binds.</source>
        <translation>此负载下的平均设施功率；峰值时整个规模消耗 %1 兆瓦，功率预算以峰值为准。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>%1 requests/s</source>
        <translation>每秒%1个请求</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 MW power budget</source>
        <translation>%1 兆瓦功率预算</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 concurrent users</source>
        <translation>%1个并发用户</translation>
    </message>
    <message>
        <location line="+49"/>
        <source>Not feasible, drawn at 0 (the table says why): %1</source>
        <translation>不可行，按 0 绘制（原因见上表）：%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>, </source>
        <comment>list separator</comment>
        <translation>、</translation>
    </message>
</context>
<context>
    <name>is::gui::HardwarePalette</name>
    <message>
        <location filename="../widgets/palette/HardwarePalette.cpp" line="+15"/>
        <source>Hardware</source>
        <translation>硬件</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Search devices and links…</source>
        <translation>搜索设备和链路…</translation>
    </message>
</context>
<context>
    <name>is::gui::InspectorPanel</name>
    <message>
        <location filename="../widgets/panels/InspectorPanel.cpp" line="+66"/>
        <location line="+312"/>
        <source>Inspector</source>
        <translation>属性</translation>
    </message>
    <message>
        <location line="-275"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The colour of this deployment in every chart and table</source>
        <translation>此部署在所有图表和表格中的颜色</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Colour</source>
        <translation>颜色</translation>
    </message>
    <message>
        <location filename="../widgets/panels/InspectorFfnPool.cpp" line="+39"/>
        <location filename="../widgets/panels/InspectorPanel.cpp" line="+4"/>
        <source>Device</source>
        <translation>设备</translation>
    </message>
    <message>
        <location filename="../widgets/panels/InspectorPanel.cpp" line="+3"/>
        <source>auto (smallest that fits)</source>
        <translation>自动（能装下的最少数量）</translation>
    </message>
    <message>
        <location filename="../widgets/panels/InspectorFfnPool.cpp" line="+4"/>
        <location filename="../widgets/panels/InspectorPanel.cpp" line="+5"/>
        <source>Count</source>
        <translation>数量</translation>
    </message>
    <message>
        <location filename="../widgets/panels/InspectorPanel.cpp" line="+2"/>
        <source>Automatic</source>
        <translation>自动</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Parallelism</source>
        <translation>并行方式</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>TP</source>
        <translation>TP</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Tensor parallel degree</source>
        <translation>张量并行度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PP</source>
        <translation>PP</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Pipeline parallel degree</source>
        <translation>流水线并行度</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Expert parallel degree (within TP × DP)</source>
        <translation>专家并行度（在 TP × DP 之内）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Data parallel replicas</source>
        <translation>数据并行副本数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>EP</source>
        <translation>EP</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>DP</source>
        <translation>DP</translation>
    </message>
    <message>
        <location line="+10"/>
        <location line="+291"/>
        <source>Default</source>
        <translation>默认</translation>
    </message>
    <message>
        <location line="-290"/>
        <source>Default: the device&apos;s usual serving precision, or the format the model&apos;s weights were published in where that is narrower (DeepSeek-R1 in FP8)</source>
        <translation>默认：设备常用的推理精度；若模型权重发布时的格式更窄（如 DeepSeek-R1 的 FP8），则沿用发布时的格式</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+361"/>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <location line="-359"/>
        <source>Like weights (≥ FP8)</source>
        <translation>同权重（不低于 FP8）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Like weights: the format of the attention weights that write the cache, never below FP8; a release that quantises only its experts (gpt-oss) keeps a 16-bit cache</source>
        <translation>同权重：采用写入缓存的注意力权重的格式，不低于 FP8；只量化专家的发布版本（gpt-oss）保持 16 位缓存</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>KV cache</source>
        <translation>KV 缓存</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+339"/>
        <source>Mode</source>
        <translation>模式</translation>
    </message>
    <message>
        <location line="-334"/>
        <source>Speculative</source>
        <translation>投机解码</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>none (colocated)</source>
        <translation>无（同置）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Prefill-decode disaggregation: this many of the plan&apos;s replicas only prefill prompts and hand the KV cache over the scale-out link to the others, which only decode (GPU and tiered devices)</source>
        <translation>预填充-解码分离：并行方案中这么多副本只做提示预填充，并经横向扩展链路把 KV 缓存移交给其余只做解码的副本（GPU 与分层存储设备）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Prefill replicas</source>
        <translation>预填充副本</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>memory decides</source>
        <translation>由内存决定</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The serving runtime runs at most this many sequences at once on each replica (vLLM max_num_seqs, TensorRT-LLM max_batch_size per attention-DP rank); more streams queue</source>
        <translation>服务运行时在每个副本上同时最多运行这么多条序列（vLLM 的 max_num_seqs，TensorRT-LLM 中每个注意力数据并行 rank 的 max_batch_size）；更多的流排队等待</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Max batch per replica</source>
        <translation>每副本最大批量</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>On demand: the KV cache holds each running sequence at the length it has reached, so more run at once and a full cache preempts. Whole length: a request starts only when its prompt and every output token fit</source>
        <translation>按需分配块：KV 缓存只保存每条运行中序列已达到的长度，因此能同时运行更多序列，缓存满时会抢占。整段预留：只有当请求的提示词和全部输出 token 都放得下时才开始</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>KV cache admission</source>
        <translation>KV 缓存准入</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>MoE models with attention data parallelism: the ranks that share the experts wait for each other at every MoE layer. All ranks together: prompts are prefilled on every rank in the same steps (TensorRT-LLM attention_dp_config.enable_balance). Each rank on its own: a rank&apos;s prefill holds the other ranks&apos; decoding</source>
        <translation>采用注意力数据并行的 MoE 模型：共享专家的各 rank 在每个 MoE 层相互等待。所有 rank 同步：各 rank 在同一批步骤中预填充提示（TensorRT-LLM attention_dp_config.enable_balance）。各 rank 独立：一个 rank 的预填充会拖住其他 rank 的解码</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Attention-DP prefill</source>
        <translation>注意力 DP 预填充</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+1"/>
        <source>System default</source>
        <translation>系统默认</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Scale-up link</source>
        <translation>纵向扩展链路</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Scale-out link</source>
        <translation>横向扩展链路</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Change it in the Model panel</source>
        <translation>请在“模型”面板中修改</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Engine</source>
        <translation>引擎结果</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Rename to %1</source>
        <translation>重命名为 %1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Deployment colour</source>
        <translation>部署颜色</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Change colour</source>
        <translation>修改颜色</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Change device to %1</source>
        <translation>将设备改为 %1</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Change count</source>
        <translation>修改数量</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Automatic parallelism</source>
        <translation>自动并行</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Manual parallelism</source>
        <translation>手动并行</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Change weight precision</source>
        <translation>修改权重精度</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Change KV-cache precision</source>
        <translation>修改 KV 缓存精度</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Change execution mode</source>
        <translation>修改执行模式</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Change speculative decoding</source>
        <translation>修改投机解码</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Change prefill replicas</source>
        <translation>修改预填充副本数</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Limit the batch to %L1 per replica</source>
        <translation>将批量限制为每副本 %L1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Let memory decide the batch</source>
        <translation>由内存决定批量</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Change KV cache admission</source>
        <translation>更改 KV 缓存准入方式</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Change attention-DP prefill</source>
        <translation>更改注意力 DP 预填充</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Change scale-up link</source>
        <translation>修改纵向扩展链路</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Change scale-out link</source>
        <translation>修改横向扩展链路</translation>
    </message>
    <message>
        <location filename="../widgets/panels/InspectorFfnPool.cpp" line="-20"/>
        <source>FFN on a second pool</source>
        <translation>FFN 置于第二个池</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Attention and the KV cache stay on the devices above; the feed-forward layers or experts run on this pool, joined by a link</source>
        <translation>注意力与 KV 缓存留在上方的设备上；前馈层或专家在此池上运行，两池之间由链路相连</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Every token&apos;s activations cross it twice per layer</source>
        <translation>每个词元的激活值在每一层都要往返经过它两次</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../widgets/panels/InspectorPanel.cpp" line="+193"/>
        <source>Link between pools</source>
        <translation>池间链路</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Micro-batches that ping-pong between the pools to hide the link</source>
        <translation>在两个池之间交替流转、以隐藏链路时间的微批次</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Micro-batches</source>
        <translation>微批次</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Run the FFN with attention</source>
        <translation>FFN 与注意力同池运行</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Run the FFN on a second pool</source>
        <translation>在第二个池上运行 FFN</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Change FFN device to %1</source>
        <translation>将 FFN 设备改为 %1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Change FFN count</source>
        <translation>修改 FFN 设备数量</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Change the link between the pools</source>
        <translation>修改池间链路</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Change micro-batches</source>
        <translation>修改微批次数</translation>
    </message>
    <message>
        <location filename="../widgets/panels/InspectorPlan.cpp" line="+29"/>
        <source>TP × PP × DP = %1, more than the deployment&apos;s %2 devices.</source>
        <translation>TP × PP × DP = %1，超过该部署的 %2 台设备。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>EP must divide TP × DP.</source>
        <translation>EP 必须能整除 TP × DP。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Change parallelism to %1</source>
        <translation>将并行方式改为 %1</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>%1 runs pipelines of whole layers: PP is the chips of one pipeline, DP the pipelines side by side; TP and EP stay 1.</source>
        <translation>%1 以整层组成流水线运行：PP 是一条流水线的芯片数，DP 是并列的流水线条数；TP 和 EP 保持为 1。</translation>
    </message>
    <message>
        <location filename="../widgets/panels/InspectorPanel.cpp" line="-145"/>
        <location line="+12"/>
        <source>Select a deployment on the canvas to edit it.</source>
        <translation>在画布上选择一个部署即可编辑。</translation>
    </message>
    <message numerus="yes">
        <location line="-11"/>
        <source>%n deployments selected.</source>
        <translation>
            <numerusform>已选择 %n 个部署。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+69"/>
        <source>Default (%1)</source>
        <translation>默认（%1）</translation>
    </message>
    <message>
        <location line="-27"/>
        <source>(scenario model)</source>
        <translation>（场景模型）</translation>
    </message>
    <message>
        <location line="+74"/>
        <source>Does not fit: %1</source>
        <translation>装不下：%1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Does not fit</source>
        <translation>装不下</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Plan</source>
        <translation>并行方案</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Batch</source>
        <translation>批大小</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Prefill-decode</source>
        <translation>预填充-解码</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 replicas prefill, %2 decode; a prompt waits %3 for a prefill replica, its KV cache %4 to reach a decode replica</source>
        <translation>%1 个副本预填充，%2 个解码；提示平均等待预填充副本 %3，其 KV 缓存需 %4 才能到达解码副本</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Bottleneck</source>
        <translation>瓶颈</translation>
    </message>
    <message>
        <location line="-61"/>
        <source>Default (%1 experts)</source>
        <translation>默认（专家 %1）</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>%1 median on %2&apos;s published results left out of its fit (%3 of %4 within 2x)</source>
        <translation>%2 的已发表结果在拟合时留出后，误差中位数为 %1（%4 行中 %3 行在 2 倍以内）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>not cross-validated: %1 runs on your own calibration</source>
        <translation>未经交叉验证：%1 使用的是您自己的校准</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>unchecked: no published results of %1 ship with the studio</source>
        <translation>未经检验：工作室未随附 %1 的已发表结果</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>Attention pool</source>
        <translation>注意力池</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+3"/>
        <source>%1, %2 of %3 per device</source>
        <translation>%1，每设备 %2 / %3</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>FFN pool</source>
        <translation>FFN 池</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 % of the step, %2 micro-batches</source>
        <translation>占每步 %1%，%2 个微批次</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Memory per device</source>
        <translation>每设备内存</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Per user</source>
        <translation>每用户</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 tok/s</source>
        <translation>%1 token/s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>TTFT</source>
        <translation>首 token 时间</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Engine error</source>
        <translation>引擎误差</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>(waiting for the analysis)</source>
        <translation>（等待分析结果）</translation>
    </message>
</context>
<context>
    <name>is::gui::IssuesPanel</name>
    <message>
        <location filename="../widgets/issues/IssuesPanel.cpp" line="+14"/>
        <location line="+36"/>
        <source>Issues</source>
        <translation>问题</translation>
    </message>
    <message>
        <location line="-8"/>
        <source>No issues: every deployment fits and evaluates.</source>
        <translation>没有问题：所有部署都能装下并完成评估。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Issues (%1)</source>
        <translation>问题（%1）</translation>
    </message>
</context>
<context>
    <name>is::gui::LatencyBreakdownChart</name>
    <message>
        <location filename="../widgets/charts/LatencyBreakdownChart.cpp" line="+16"/>
        <source>One decode step by cause</source>
        <translation>单个解码步骤的耗时构成</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>time per decode step (ms)</source>
        <translation>每个解码步骤耗时（毫秒）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>communication</source>
        <translation>通信</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>dataflow latency</source>
        <translation>数据流延迟</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>overhead</source>
        <translation>开销</translation>
    </message>
</context>
<context>
    <name>is::gui::LatencyChart</name>
    <message>
        <location filename="../widgets/charts/LatencyChart.cpp" line="+19"/>
        <source>TTFT and TPOT</source>
        <translation>首 token 时间与每输出 token 时间</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Time to first token</source>
        <translation>首 token 时间</translation>
    </message>
    <message>
        <location filename="../widgets/charts/LargerUnits.cpp" line="+11"/>
        <source>TTFT (s)</source>
        <translation>首 token 时间（秒）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>TTFT (h)</source>
        <translation>首 token 时间（小时）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>TPOT (s)</source>
        <translation>每 token 时间（秒）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>TPOT (h)</source>
        <translation>每 token 时间（小时）</translation>
    </message>
</context>
<context>
    <name>is::gui::MainWindow</name>
    <message>
        <location filename="../widgets/mainwindow/MainWindow.cpp" line="+103"/>
        <source>Comparison charts</source>
        <translation>对比图表</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Serving, cost and fleet</source>
        <translation>服务、成本与规模</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Find a deployment</source>
        <translation>查找部署</translation>
    </message>
    <message>
        <location line="+46"/>
        <location line="+3"/>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Comparison</source>
        <translation>对比</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Measure this machine</source>
        <translation>测量本机</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Export</source>
        <translation>导出(&amp;E)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Comparison table</source>
        <translation>对比表</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Chart text size</source>
        <translation>图表文字大小</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Normal</source>
        <translation>正常</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Large</source>
        <translation>大</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Projector</source>
        <translation>投影</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Theme</source>
        <translation>主题</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>System</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>&amp;Full screen</source>
        <translation>全屏(&amp;F)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Presenter mode</source>
        <translation>演示模式(&amp;P)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Full screen, the deployments side by side in large type, with a live token race</source>
        <translation>全屏大字并排展示各部署，并进行实时 token 赛跑</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reset layout</source>
        <translation>重置布局</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;About Inference Studio</source>
        <translation>关于 Inference Studio(&amp;A)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>About Inference Studio</source>
        <translation>关于 Inference Studio</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&lt;p&gt;&lt;b&gt;Inference Studio&lt;/b&gt; %1&lt;/p&gt;&lt;p&gt;Design LLM inference deployments and compare them: wafer-scale systems, GPU clusters and other accelerators. Every number is computed by the engine from the catalog, with its source.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Inference Studio&lt;/b&gt; %1&lt;/p&gt;&lt;p&gt;设计并比较大语言模型推理部署：晶圆级系统、GPU 集群及其他加速器。每个数字都由引擎根据目录计算得出，并注明来源。&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>About &amp;Qt</source>
        <translation>关于 &amp;Qt</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Tools</source>
        <translation>工具(&amp;T)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Calibrate from my measurements…</source>
        <translation>根据我的测量结果校准(&amp;C)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Fit the engine&apos;s constants to your own benchmark results</source>
        <translation>用您自己的基准测试结果拟合引擎的常数</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+7"/>
        <source>&amp;Undo calibration</source>
        <translation>撤销校准(&amp;U)</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>&amp;Undo calibration from %1</source>
        <translation>撤销来自 %1 的校准(&amp;U)</translation>
    </message>
    <message>
        <location line="+97"/>
        <source>Analysis: %1 ms</source>
        <translation>分析耗时：%1 毫秒</translation>
    </message>
    <message>
        <location line="+88"/>
        <source>%1[*] — Inference Studio</source>
        <translation>%1[*] — Inference Studio</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1 — %2 input tokens, %3 output tokens, %4 concurrent streams, %5</source>
        <translation>%1 — 输入 %2 token，输出 %3 token，%4 路并发，%5</translation>
    </message>
</context>
<context>
    <name>is::gui::MeasurePanel</name>
    <message>
        <location filename="../widgets/measure/MeasurePanel.cpp" line="+43"/>
        <source>Tiny (15 M parameters, f32)</source>
        <translation>微型（1500 万参数，f32）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Small (110 M, f16)</source>
        <translation>小型（1.1 亿，f16）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Medium (0.5 B, q8_0)</source>
        <translation>中型（5 亿，q8_0）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Large (1.1 B, q8_0)</source>
        <translation>大型（11 亿，q8_0）</translation>
    </message>
    <message>
        <location line="+106"/>
        <source>This build has no CPU decode executor (configure with IS_BUILD_EXECUTOR=ON).</source>
        <translation>此版本未包含 CPU 解码执行器（请用 IS_BUILD_EXECUTOR=ON 配置）。</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Custom synthetic model</source>
        <translation>自定义合成模型</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Model file (GGUF or llama2.c)</source>
        <translation>模型文件（GGUF 或 llama2.c）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Synthetic spec</source>
        <translation>合成模型规格</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tokens</source>
        <translation>token 数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Measured</source>
        <translation>实测</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Predicted</source>
        <translation>预测</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Error</source>
        <translation>误差</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Choose a model file</source>
        <translation>选择模型文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+62"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location line="-62"/>
        <location line="+62"/>
        <source>Measure</source>
        <translation>测量</translation>
    </message>
    <message>
        <location line="-61"/>
        <source>Generated tokens appear here (synthetic models have random weights: the text is noise, the speed is real).</source>
        <translation>生成的 token 显示在这里（合成模型的权重是随机的：文字是噪声，速度是真实的）。</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Choose a model</source>
        <translation>选择模型</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Models (*.gguf *.bin);;All files (*)</source>
        <translation>模型 (*.gguf *.bin);;所有文件 (*)</translation>
    </message>
    <message>
        <location line="+56"/>
        <source>Choose a model file first.</source>
        <translation>请先选择模型文件。</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Loading the model…</source>
        <translation>正在加载模型…</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Cancelling… (the run stops at the next token)</source>
        <translation>正在取消…（运行将在下一个 token 处停止）</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Probing this machine and timing the prompt…</source>
        <translation>正在探测本机并计时提示词处理…</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Decoding %1 of %2 tokens</source>
        <translation>正在解码第 %1 个 token（共 %2 个）</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Failed: %1</source>
        <translation>失败：%1</translation>
    </message>
    <message>
        <location line="+15"/>
        <location line="+1"/>
        <source>%1 tok/s</source>
        <translation>%1 token/s</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Done.</source>
        <translation>完成。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 MB of %2 weights on %3 threads (%4 kernels). Prefill %5 tok/s, first token after %6 ms. Decode streams %7 of the probed read bandwidth (%8 GB/s) from %9.</source>
        <translation>%1 MB %2 权重，%3 个线程（%4 内核）。预填充 %5 token/s，首 token 用时 %6 毫秒。解码从%9读取，占探测读带宽（%8 GB/s）的 %7。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the last-level cache</source>
        <translation>末级缓存</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>memory</source>
        <translation>内存</translation>
    </message>
</context>
<context>
    <name>is::gui::MemoryBudgetChart</name>
    <message>
        <location filename="../widgets/charts/MemoryBudgetChart.cpp" line="+24"/>
        <source>Memory per device</source>
        <translation>每设备内存</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>GB on the busiest device</source>
        <translation>最繁忙设备上的 GB</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>KV cache</source>
        <translation>KV 缓存</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>activations</source>
        <translation>激活值</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>capacity</source>
        <translation>容量</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 needs %2 GB of %3 GB per device</source>
        <translation>%1 每设备需要 %2 GB（共 %3 GB）</translation>
    </message>
</context>
<context>
    <name>is::gui::MetricBarsChart</name>
    <message>
        <location filename="../widgets/charts/MetricBarsChart.cpp" line="+115"/>
        <source>(left axis)</source>
        <translation>（左轴）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>(right axis)</source>
        <translation>（右轴）</translation>
    </message>
    <message>
        <location line="+85"/>
        <location line="+147"/>
        <source>target</source>
        <translation>目标</translation>
    </message>
</context>
<context>
    <name>is::gui::ModelPanel</name>
    <message>
        <location filename="../widgets/panels/ModelPanel.cpp" line="+58"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Choose from the catalog…</source>
        <translation>从目录中选择…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 — %2 params</source>
        <translation>%1 — %2 参数</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 — %2 params (%3)</source>
        <translation>%1 — %2 参数（%3）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Models from the catalog; speculative ones show their parameter ranges</source>
        <translation>目录中的模型；推测性模型会显示其参数范围</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Import config.json…</source>
        <translation>导入 config.json…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Import a Hugging Face config.json (llama, mixtral, qwen, deepseek, gpt-oss, llama4, kimi)</source>
        <translation>导入 Hugging Face config.json（llama、mixtral、qwen、deepseek、gpt-oss、llama4、kimi）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Import GGUF…</source>
        <translation>导入 GGUF…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Import the architecture from a GGUF file&apos;s header (llama.cpp models); the tensor data is not read, so large files import instantly</source>
        <translation>从 GGUF 文件头导入模型架构（llama.cpp 模型）；不读取张量数据，大文件也能即刻导入</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Parametric model</source>
        <translation>参数化模型</translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+6"/>
        <source> B</source>
        <translation> B</translation>
    </message>
    <message>
        <location line="-4"/>
        <source>Total params</source>
        <translation>总参数量</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Active params</source>
        <translation>激活参数量</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Attention</source>
        <translation>注意力</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>KV heads</source>
        <translation>KV 头数</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Device default</source>
        <translation>设备默认</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Like weights</source>
        <translation>同权重</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>KV cache</source>
        <translation>KV 缓存</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Use this model</source>
        <translation>使用此模型</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Import Hugging Face config.json</source>
        <translation>导入 Hugging Face config.json</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Model configuration (*.json)</source>
        <translation>模型配置 (*.json)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Import GGUF model header</source>
        <translation>导入 GGUF 模型文件头</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GGUF models (*.gguf);;All files (*)</source>
        <translation>GGUF 模型 (*.gguf);;所有文件 (*)</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Use parametric model</source>
        <translation>使用参数化模型</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Change precision</source>
        <translation>修改精度</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Use model %1</source>
        <translation>使用模型 %1</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Imported %1 from %2</source>
        <translation>已从 %2 导入 %1</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Import GGUF %1</source>
        <translation>导入 GGUF %1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 weights (%2, %3 bits per weight)</source>
        <translation>%1 权重（%2，每个权重 %3 位）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>weights of unknown precision</source>
        <translation>权重精度未知</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Imported %1 (%2) from %3: %4 parameters, %5 active, %6</source>
        <translation>已从 %3 导入 %1（%2）：%4 参数，激活 %5，%6</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Parametric %1 / %2 active</source>
        <translation>参数化模型 %1 / 激活 %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>dialled in the studio</source>
        <translation>在 Studio 中设定</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Parametric model: %1</source>
        <translation>参数化模型：%1</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>(no model)</source>
        <translation>（无模型）</translation>
    </message>
    <message>
        <location line="+9"/>
        <location line="+8"/>
        <source>%1 params, %2 active, %3 layers, %4</source>
        <translation>%1 参数，激活 %2，%3 层，%4</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>A range: charts show bands.</source>
        <translation>数值为范围：图表以区间带显示。</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Applies to every deployment (select deployments to change only theirs).</source>
        <translation>应用于所有部署（选择部署可只修改所选部署）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Applies to %1.</source>
        <translation>应用于 %1。</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>Applies to %n selected deployments.</source>
        <translation>
            <numerusform>应用于所选的 %n 个部署。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>is::gui::ParetoChart</name>
    <message>
        <location filename="../widgets/charts/ParetoChart.cpp" line="+55"/>
        <source>Throughput vs interactivity</source>
        <translation>吞吐量与交互性</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Throughput vs first token</source>
        <translation>吞吐量与首 token 时间</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>per chip</source>
        <translation>每芯片</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>per megawatt</source>
        <translation>每兆瓦</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>tok/s per user</source>
        <translation>每用户 token/s</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+10"/>
        <source>tok/s per chip</source>
        <translation>每芯片 token/s</translation>
    </message>
    <message>
        <location line="-10"/>
        <location line="+10"/>
        <source>tok/s per MW</source>
        <translation>每兆瓦 token/s</translation>
    </message>
    <message>
        <location line="+109"/>
        <source>%1: does not fit, no curve</source>
        <translation>%1：装不下，无曲线</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Dashed: where the weights or the KV cache move to another memory; no batch runs in between</source>
        <translation>虚线：权重或 KV 缓存移入另一层存储之处；两端之间没有可运行的批大小</translation>
    </message>
</context>
<context>
    <name>is::gui::PlanningPanel</name>
    <message>
        <location filename="../widgets/planning/PlanningPanel.cpp" line="+128"/>
        <source>Cost against per-user speed</source>
        <translation>成本与每用户速度</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>This fleet&apos;s prefill-decode ratio needs more chips than one deployment may have</source>
        <translation>该集群的预填充/解码比例所需芯片数超过单个部署的上限</translation>
    </message>
    <message>
        <location line="+73"/>
        <source>Searching…</source>
        <translation>正在搜索…</translation>
    </message>
    <message>
        <location line="+72"/>
        <source>Search cancelled: the ranking covers the part searched.</source>
        <translation>搜索已取消：排名只涵盖已搜索的部分。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Closest: %1, which misses the %2 (%3).</source>
        <translation>最接近的配置：%1，未满足：%2（%3）。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Cheapest: %1 at $%2 per million tokens, bound by the %3.</source>
        <translation>最便宜：%1，每百万 token $%2，受限于：%3。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The next cheaper, %1, misses the %2 (%3).</source>
        <translation>比它更便宜的下一个配置（%1）未满足：%2（%3）。</translation>
    </message>
    <message>
        <location filename="../widgets/planning/PlanningTable.cpp" line="+77"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>misses the %1</source>
        <translation>未满足 %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 chips, %2</source>
        <translation>%1 颗芯片，%2</translation>
    </message>
    <message>
        <location line="-45"/>
        <source>%1, KV %2</source>
        <translation>%1，KV %2</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>%1 + %2 chips, %3</source>
        <translation>%1 + %2 颗芯片，%3</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>weight streaming</source>
        <translation>权重流式</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>resident</source>
        <translation>常驻</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 (Pareto)</source>
        <translation>%1（帕累托）</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>One output token: its user waits for the first token alone; see TTFT.</source>
        <translation>只有一个输出 token：用户只等待首个 token，请看 TTFT。</translation>
    </message>
    <message>
        <location filename="../widgets/planning/PlanningPanel.cpp" line="+29"/>
        <source>No configuration meets every target.</source>
        <translation>没有配置能满足全部目标。</translation>
    </message>
    <message>
        <location line="-4"/>
        <source>Set the targets and press Find deployments: every configuration that meets them appears here by its cost and per-user speed.</source>
        <translation>设定目标并点击“查找部署”：满足目标的每种配置都会按其成本和每用户速度显示在这里。</translation>
    </message>
    <message>
        <location line="-293"/>
        <source>%1, %2 chips</source>
        <translation>%1，%2 颗芯片</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>, </source>
        <translation>，</translation>
    </message>
    <message>
        <location line="+70"/>
        <source>Cost against first token</source>
        <translation>成本与首 token 时间</translation>
    </message>
    <message>
        <location line="+172"/>
        <source>%1: %2 configurations evaluated, %3 meet every target.</source>
        <translation>%1：已评估 %2 种配置，其中 %3 种满足全部目标。</translation>
    </message>
    <message>
        <location filename="../widgets/planning/PlanningTable.cpp" line="-2"/>
        <source>One output token: there is no time between tokens.</source>
        <translation>只有一个输出 token：token 之间没有间隔时间。</translation>
    </message>
    <message>
        <location filename="../widgets/planning/PlanningPanel.cpp" line="+56"/>
        <source>Pareto frontier</source>
        <translation>帕累托前沿</translation>
    </message>
    <message>
        <location line="+55"/>
        <source>$ per million tokens</source>
        <translation>美元/百万 token</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>Requests/s</source>
        <translation>请求/秒</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>TTFT ≤ (ms)</source>
        <translation>首 token ≤（毫秒）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>TPOT ≤ (ms)</source>
        <translation>每 token ≤（毫秒）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Power ≤ (MW)</source>
        <translation>功率 ≤（兆瓦）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Capex ≤ ($M)</source>
        <translation>资本支出 ≤（百万美元）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no limit</source>
        <translation>无限制</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Find deployments</source>
        <translation>查找部署</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add to canvas</source>
        <translation>添加到画布</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Device</source>
        <translation>设备</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Unit</source>
        <translation>单元</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Units</source>
        <translation>单元数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Mode</source>
        <translation>模式</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Speculative</source>
        <translation>推测解码</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>$/M tokens</source>
        <translation>$/百万 token</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Tok/s per user</source>
        <translation>每用户 token/s</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>Layout</source>
        <translation>布局</translation>
    </message>
    <message>
        <location line="-131"/>
        <source>Set the targets and press Find deployments: every configuration that meets them appears here by its cost and time to first token.</source>
        <translation>设定目标并点击“查找部署”：满足目标的每种配置都会按其成本和首 token 时间显示在这里。</translation>
    </message>
    <message>
        <location line="+133"/>
        <source>Peak MW</source>
        <translation>峰值 MW</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Capex ($M)</source>
        <translation>资本支出（百万美元）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Binding constraint</source>
        <translation>约束条件</translation>
    </message>
</context>
<context>
    <name>is::gui::PowerEnergyChart</name>
    <message>
        <location filename="../widgets/charts/PowerEnergyChart.cpp" line="+16"/>
        <source>Power and energy per token</source>
        <translation>功率与每 token 能耗</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>MW (with PUE)</source>
        <translation>兆瓦（含 PUE）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>kJ / token</source>
        <translation>千焦 / token</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>MJ / token</source>
        <translation>兆焦 / token</translation>
    </message>
</context>
<context>
    <name>is::gui::PresenterBar</name>
    <message>
        <location filename="../widgets/presenter/PresenterBar.cpp" line="+42"/>
        <source>Context</source>
        <translation>上下文</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Context length (Up and Down keys)</source>
        <translation>上下文长度（上下方向键）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The deployment the model and device apply to (Left and Right keys)</source>
        <translation>模型和设备所作用的部署（左右方向键）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Model of this deployment</source>
        <translation>此部署的模型</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Device of this deployment</source>
        <translation>此部署的设备</translation>
    </message>
    <message>
        <location line="+86"/>
        <source>Set context to %1</source>
        <translation>将上下文设为 %1</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Change device to %1</source>
        <translation>将设备改为 %1</translation>
    </message>
</context>
<context>
    <name>is::gui::PresenterLane</name>
    <message>
        <location filename="../widgets/presenter/PresenterLane.cpp" line="+36"/>
        <source>%1 tok/s</source>
        <translation>%1 token/s</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>tokens/s per user</source>
        <translation>每用户 token/s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>time to first token</source>
        <translation>首 token 时间</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>$ per million tokens</source>
        <translation>每百万 token 美元</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>power, with PUE</source>
        <translation>功率（含 PUE）</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>tok/s now</source>
        <translation>当前 token/s</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>tokens</source>
        <translation>token 数</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>elapsed</source>
        <translation>已用时间</translation>
    </message>
    <message>
        <location line="+98"/>
        <source>Does not fit: no race for this deployment</source>
        <translation>放不下：此部署不参赛</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>published: %1 (%2)</source>
        <translation>公开数字：%1（%2）</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>No race: the deployment does not fit</source>
        <translation>不参赛：此部署放不下</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>First token after %1: within the 100 ms a voice agent needs</source>
        <translation>首 token 用时 %1：在语音智能体所需的 100 毫秒之内</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>First token after %1: over the 100 ms a voice agent needs</source>
        <translation>首 token 用时 %1：超过语音智能体所需的 100 毫秒</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 calls done in %2, %3 of it waiting for first tokens</source>
        <translation>%1 次调用用时 %2，其中 %3 在等待首 token</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Call %1 of %2: waiting for its first token</source>
        <translation>第 %1 / %2 次调用：等待首 token</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Call %1 of %2: streaming</source>
        <translation>第 %1 / %2 次调用：正在输出</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Done in %1</source>
        <translation>用时 %1 完成</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Waiting for the first token…</source>
        <translation>等待首 token…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Streaming</source>
        <translation>正在输出</translation>
    </message>
</context>
<context>
    <name>is::gui::PresenterWindow</name>
    <message>
        <location filename="../widgets/presenter/PresenterWindow.cpp" line="+105"/>
        <source>Presenter — Inference Studio</source>
        <translation>演示模式 — Inference Studio</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Space start/pause · R restart · 1 answer · 2 agent · 3 voice · ↑↓ context · ←→ deployment · T light/dark · Ctrl+Z undo · Esc leave</source>
        <translation>空格 开始/暂停 · R 重新开始 · 1 长回答 · 2 智能体 · 3 语音 · ↑↓ 上下文 · ←→ 部署 · T 浅色/深色 · Ctrl+Z 撤销 · Esc 退出</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Nothing to race: the scenario has no deployment that could be analysed.</source>
        <translation>无可比赛：此场景没有可分析的部署。</translation>
    </message>
    <message>
        <location line="+91"/>
        <source>(the first %1 of %2 deployments)</source>
        <translation>（%2 个部署中的前 %1 个）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Race 1: one answer of %1 tokens at a context of %2</source>
        <translation>比赛 1：上下文 %2 时输出一段 %1 token 的回答</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Race 2: an agent making %1 serial tool calls of %2 tokens; each call waits for its first token again</source>
        <translation>比赛 2：智能体串行调用工具 %1 次，每次输出 %2 token；每次调用都要重新等待首 token</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Race 3: a voice turn of %1 tokens; a voice agent needs its first token within 100 ms</source>
        <translation>比赛 3：一轮 %1 token 的语音回复；语音智能体需要在 100 毫秒内给出首 token</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>running</source>
        <translation>进行中</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>paused: Space continues</source>
        <translation>已暂停：按空格继续</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Space starts the race</source>
        <translation>按空格开始比赛</translation>
    </message>
</context>
<context>
    <name>is::gui::ReportExport</name>
    <message>
        <location filename="../widgets/report/ReportExport.cpp" line="+18"/>
        <source>Export re&amp;port (PDF)…</source>
        <translation>导出报告（PDF）(&amp;P)…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Write the whole comparison as a multi-page PDF: scenario, table, every chart, cost assumptions and the sources of every catalog number</source>
        <translation>将整个对比导出为多页 PDF：场景、表格、所有图表、成本假设以及每个目录数值的来源</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Export report</source>
        <translation>导出报告</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PDF documents (*.pdf)</source>
        <translation>PDF 文档 (*.pdf)</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
</context>
<context>
    <name>is::gui::SampleText</name>
    <message>
        <location filename="../widgets/presenter/SampleText.cpp" line="+17"/>
        <source>Wafer-scale inference keeps every layer of the model next to its own memory, so a token does not wait for weights to cross a network. The first token still needs the whole prompt read once, which is why the time to first token grows with the context. After that each new token is one pass through the pipeline, and the speed a user sees is set by how quickly one pass completes rather than by how many chips there are. A GPU cluster spreads the same model over many devices that exchange activations at every layer; it serves thousands of users at once, but each of them waits longer for every word. Which one is cheaper depends on how many users share the machine, how long their prompts are, and what a second of waiting is worth to them.</source>
        <translation>晶圆级推理让模型的每一层都紧挨着自己的存储，所以生成一个 token 不必等待权重穿过网络。首个 token 仍然需要把整个提示词读一遍，这就是首 token 时间随上下文变长而增加的原因。此后每个新 token 只是在流水线中走一遍，用户看到的速度取决于走完一遍有多快，而不是芯片有多少。GPU 集群把同一个模型分散到许多设备上，每一层都要交换激活值；它能同时服务成千上万的用户，但每个用户等待每个字的时间都更长。哪一种更便宜，取决于有多少用户共用这台机器、他们的提示词有多长，以及一秒钟的等待对他们值多少钱。</translation>
    </message>
</context>
<context>
    <name>is::gui::ScenarioDocument</name>
    <message>
        <location filename="../widgets/document/ScenarioDocument.cpp" line="+32"/>
        <source>Untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <location line="+256"/>
        <source>deployments[%1].color: &quot;%2&quot; is not a colour (a name such as &quot;teal&quot; or #rrggbb); &quot;%3&quot; is shown in %4</source>
        <translation>deployments[%1].color：&quot;%2&quot; 不是颜色（应为 &quot;teal&quot; 这样的颜色名或 #rrggbb）；&quot;%3&quot; 改用 %4 显示</translation>
    </message>
</context>
<context>
    <name>is::gui::ServingCostFleetView</name>
    <message>
        <location filename="../widgets/serving/ServingCostFleetView.cpp" line="+94"/>
        <source>Serving</source>
        <translation>服务</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cost</source>
        <translation>成本</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fleet</source>
        <translation>规模</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Latency percentiles, their distribution and the queue over time under simulated load</source>
        <translation>模拟负载下的延迟百分位、分布以及队列随时间的变化</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Cost per million tokens by component and its sensitivity to electricity price and utilisation</source>
        <translation>每百万 token 成本构成及其对电价和利用率的敏感度</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Systems, capex and power each deployment needs for a load or a power budget</source>
        <translation>各部署满足负载或功率预算所需的系统数、资本支出和功率</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Simulating %L1 requests per deployment…</source>
        <translation>正在为每个部署模拟 %L1 个请求…</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Cannot simulate this scenario: %1</source>
        <translation>无法模拟此场景：%1</translation>
    </message>
</context>
<context>
    <name>is::gui::ServingTab</name>
    <message>
        <location filename="../widgets/serving/ServingTab.cpp" line="+83"/>
        <source>Time to first token under load</source>
        <translation>负载下的首 token 时间</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Time per output token under load</source>
        <translation>负载下的每输出 token 时间</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>End-to-end latency under load</source>
        <translation>负载下的端到端延迟</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Latency distribution (CDF)</source>
        <translation>延迟分布（CDF）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Queue, batch and KV cache</source>
        <translation>队列、批次与 KV 缓存</translation>
    </message>
    <message>
        <location line="+49"/>
        <source>Time to first token</source>
        <translation>首 token 时间</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Time per output token</source>
        <translation>每输出 token 时间</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>End-to-end latency</source>
        <translation>端到端延迟</translation>
    </message>
    <message>
        <location line="+59"/>
        <source>No result for this scenario: it cannot be simulated.</source>
        <translation>此场景没有结果：无法进行模拟。</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>%1, %2</source>
        <translation>%1，%2</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>its capacity is the highest throughput of the plan chosen for the scenario&apos;s latency targets</source>
        <translation>其容量为按场景延迟目标所选方案的最高吞吐量</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>no latency target is stated, so its capacity is its highest throughput; requests are counted within assumed targets: %1</source>
        <translation>未设定延迟目标，因此其容量为最高吞吐量；按假设目标统计达标请求：%1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>assumed targets (%1)</source>
        <translation>假设目标（%1）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the scenario&apos;s latency targets</source>
        <translation>场景的延迟目标</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1: %2 tok/s, %3 % within targets</source>
        <translation>%1：%2 token/s，%3% 达标</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: %L2 requests at %3 % of capacity, %4 tok/s, %5 % within %6</source>
        <translation>%1：%L2 个请求，负载为容量的 %3%，%4 token/s，%5% 满足%6</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%L1 requests per deployment at %2 % of its capacity; %3.</source>
        <translation>每个部署 %L1 个请求，负载为其容量的 %2%；%3。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>No request had a second output token, so there is no time per output token to draw; its only token is in the time to first token.</source>
        <translation>没有请求产生第二个输出 token，因此没有每输出 token 时间可画；唯一的 token 计入首 token 时间。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>p50</source>
        <translation>p50</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>p90</source>
        <translation>p90</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>p99</source>
        <translation>p99</translation>
    </message>
    <message>
        <location line="+37"/>
        <location line="+196"/>
        <source>%1: not simulated (%2)</source>
        <translation>%1：未模拟（%2）</translation>
    </message>
    <message>
        <location line="-120"/>
        <source>%1 (s, log scale)</source>
        <translation>%1（秒，对数刻度）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 (ms, log scale)</source>
        <translation>%1（毫秒，对数刻度）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Share of requests (%)</source>
        <translation>请求占比（%）</translation>
    </message>
    <message>
        <location line="+54"/>
        <source>Requests (queue, batch)</source>
        <translation>请求数（队列、批次）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>KV cache in use (%)</source>
        <translation>KV 缓存占用（%）</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Queue length</source>
        <translation>队列长度</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Batch size</source>
        <translation>批大小</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>KV cache in use</source>
        <translation>KV 缓存占用</translation>
    </message>
</context>
<context>
    <name>is::gui::SpeedVsContextChart</name>
    <message>
        <location filename="../widgets/charts/SpeedVsContextChart.cpp" line="+113"/>
        <source>Speed per user vs context length</source>
        <translation>每用户速度与上下文长度</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>First token vs context length</source>
        <translation>首 token 时间与上下文长度</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>context length (tokens)</source>
        <translation>上下文长度（token）</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+210"/>
        <source>tok/s per user</source>
        <translation>每用户 token/s</translation>
    </message>
    <message>
        <location line="-173"/>
        <source>%1 (range)</source>
        <translation>%1（范围）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1: SRAM full</source>
        <translation>%1：SRAM 已满</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>context length</source>
        <translation>上下文长度</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+86"/>
        <source>TPOT target</source>
        <translation>每 token 时间目标</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>context %1</source>
        <translation>上下文 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>TTFT target</source>
        <translation>首 token 目标</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>TTFT target: %1 ms</source>
        <translation>首 token 目标：%1 毫秒</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>TPOT target: %1 tok/s per user</source>
        <translation>每 token 时间目标：每用户 %1 token/s</translation>
    </message>
    <message>
        <location line="+138"/>
        <source>SRAM full at %1: %2</source>
        <translation>SRAM 在 %1 处用满：%2</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1 beyond %2</source>
        <translation>%1 超过 %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 from %2 (%L3 run)</source>
        <translation>%1 自 %2 起（同时运行 %L3 条）</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Does not fit at any context length: %1</source>
        <translation>任何上下文长度下都装不下：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Does not fit (drawn at 0): %1</source>
        <translation>装不下（按 0 绘制）：%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Streams queue, the first token includes the wait: %1</source>
        <translation>请求流排队，首 token 时间包含等待：%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Streams queue, the speed is of those running: %1</source>
        <translation>请求流排队，速度为正在运行者的速度：%1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Lines end at the model&apos;s context window (%1)</source>
        <translation>曲线止于模型的上下文窗口（%1）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>range of the inputs</source>
        <translation>输入范围</translation>
    </message>
</context>
<context>
    <name>is::gui::Studio</name>
    <message>
        <location filename="../widgets/mainwindow/Studio.cpp" line="+120"/>
        <source>Cannot recover the autosaved work: %1</source>
        <translation>无法恢复自动保存的工作：%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cannot recover the autosaved work (%1); the file was kept as %2.</source>
        <translation>无法恢复自动保存的工作（%1）；该文件已保留为 %2。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Recover unsaved work?</source>
        <translation>恢复未保存的工作？</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Inference Studio did not exit cleanly last time. Recover the autosaved version of “%1”?</source>
        <translation>Inference Studio 上次未正常退出。要恢复“%1”的自动保存版本吗？</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Recover</source>
        <translation>恢复</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Discard</source>
        <translation>丢弃</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Recovered unsaved work of %1</source>
        <translation>已恢复 %1 未保存的工作</translation>
    </message>
</context>
<context>
    <name>is::gui::TcoEditor</name>
    <message>
        <location filename="../widgets/cost/TcoEditor.cpp" line="+150"/>
        <source>Pricing</source>
        <translation>计价方式</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rental preset</source>
        <translation>租用价格预设</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Own the hardware (capital, energy, maintenance, space)</source>
        <translation>自有硬件（资本、能源、维护、机房空间）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rent by the chip-hour</source>
        <translation>按芯片小时租用</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Hyperscaler, on demand</source>
        <translation>超大规模云，按需</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Neocloud, on demand</source>
        <translation>新兴 GPU 云，按需</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>3-year reserved</source>
        <translation>3 年预留</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Assumption</source>
        <translation>假设</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Value</source>
        <translation>数值</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Unit</source>
        <translation>单位</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>%1 must be above 0.</source>
        <translation>%1 必须大于 0。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 cannot be negative.</source>
        <translation>%1 不能为负数。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 must be above 0 % and at most 100 %.</source>
        <translation>%1 必须大于 0 % 且不超过 100 %。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 must be at least 1 (1: no facility overhead).</source>
        <translation>%1 至少为 1（1 表示没有设施开销）。</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Cannot cost this scenario: %1</source>
        <translation>无法计算此场景的成本：%1</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Not used while renting: the chip-hour price covers energy, space and upkeep.</source>
        <translation>租用时不使用：芯片小时价格已包含能源、空间和维护。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Used only when renting by the chip-hour.</source>
        <translation>仅在按芯片小时租用时使用。</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+169"/>
        <source>from the preset</source>
        <translation>取自预设</translation>
    </message>
    <message>
        <location line="-166"/>
        <source>Each deployment&apos;s rental price below</source>
        <translation>见下方各部署的租用价格</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>user-set</source>
        <translation>用户设定</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>typed in the studio; default %1 %2 (%3: %4)</source>
        <translation>在工作室中输入；默认值 %1 %2（%3：%4）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>typed in the studio</source>
        <translation>在工作室中输入</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Range %1 to %2</source>
        <translation>范围 %1 至 %2</translation>
    </message>
    <message>
        <location line="+19"/>
        <location line="+145"/>
        <source>Open the scenario in the studio to edit its assumptions.</source>
        <translation>请在工作室中打开场景以编辑其假设。</translation>
    </message>
    <message>
        <location line="-131"/>
        <source>Reset</source>
        <translation>重置</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Back to the default: %1 %2 (%3)</source>
        <translation>恢复默认值：%1 %2（%3）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Back to the default</source>
        <translation>恢复默认值</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Double-click a value to edit it; what you type is saved in the scenario.</source>
        <translation>双击数值即可编辑，输入的值会保存在场景中。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Rental prices are assumed 2025 orders of magnitude, not quotes; the CS-3 rate is SemiAnalysis&apos;s per-system figure.</source>
        <translation>租用价格为假设的 2025 年数量级，并非报价；CS-3 的费率采用 SemiAnalysis 的每系统数据。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Scenario-wide</source>
        <translation>整个场景</translation>
    </message>
    <message>
        <location line="+88"/>
        <source>%1: “%2” is not a number.</source>
        <translation>%1：“%2”不是数字。</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Change %1</source>
        <translation>更改%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Change %1 of %2</source>
        <translation>更改 %2 的%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Cannot change %1: %2</source>
        <translation>无法更改%1：%2</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Reset %1</source>
        <translation>重置%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reset %1 of %2</source>
        <translation>重置 %2 的%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Cannot reset %1: %2</source>
        <translation>无法重置%1：%2</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Change rental preset</source>
        <translation>更改租用预设</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Change pricing</source>
        <translation>更改计价方式</translation>
    </message>
</context>
<context>
    <name>is::gui::WorkloadPanel</name>
    <message>
        <location filename="../widgets/panels/WorkloadPanel.cpp" line="+25"/>
        <source>Workload</source>
        <translation>负载</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Input (context) length per request: type a number of tokens with K or M (8k, 128K, 1M)</source>
        <translation>每个请求的输入（上下文）长度：输入 token 数，可带 K 或 M（8k、128K、1M）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Context</source>
        <translation>上下文</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Input (context) length per request, logarithmic from 1K to 2M tokens, in steps of powers of two and half way between (1K, 1.5K, 2K, 3K, 4K …)</source>
        <translation>每个请求的输入（上下文）长度，从 1K 到 2M token 按对数刻度，步长为 2 的幂及其中点（1K、1.5K、2K、3K、4K …）</translation>
    </message>
    <message>
        <location line="+14"/>
        <source> tokens</source>
        <translation> token</translation>
    </message>
    <message>
        <location line="+0"/>
        <source> token</source>
        <translation> token</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Output length</source>
        <translation>输出长度</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Simultaneous requests (fixed-concurrency goal)</source>
        <translation>同时进行的请求数（固定并发目标）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Concurrency</source>
        <translation>并发数</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Goal</source>
        <translation>目标</translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+11"/>
        <source> ms</source>
        <translation> 毫秒</translation>
    </message>
    <message>
        <location line="-10"/>
        <location line="+11"/>
        <source>no limit</source>
        <translation>不限</translation>
    </message>
    <message>
        <location line="-9"/>
        <source>Time-to-first-token target: the server goal picks the largest batch that meets it; in every goal a deployment that misses it is marked</source>
        <translation>首 token 时间目标：服务器目标会选取满足它的最大批量；在任何目标下，未达到它的部署都会被标出</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Time-per-output-token target (a speed of 1000 / TPOT tokens/s per user): the server goal picks the largest batch that meets it; in every goal a deployment that misses it is marked</source>
        <translation>每输出 token 时间目标（即每用户 1000 / TPOT token/s 的速度）：服务器目标会选取满足它的最大批量；在任何目标下，未达到它的部署都会被标出</translation>
    </message>
    <message>
        <location line="+9"/>
        <source> %</source>
        <translation> %</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Share of each prompt whose KV cache is already held from an earlier turn (agents and chats resend their history): prefill skips it</source>
        <translation>每个提示中 KV 缓存已在之前轮次中保留的比例（智能体和对话会重发其历史）：预填充跳过这部分</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Prefix cached</source>
        <translation>已缓存前缀</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Sessions waiting between turns (on a tool or the user) whose KV cache is kept: beyond free device memory it waits in host DRAM, SSD or MemoryX and is read back at that tier&apos;s bandwidth</source>
        <translation>在轮次之间等待（等待工具或用户）并保留 KV 缓存的会话：超出空闲设备内存的部分存放在主机 DRAM、SSD 或 MemoryX 中，并按该层的带宽读回</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Idle sessions</source>
        <translation>空闲会话</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>Set cached prefix to %L1 %</source>
        <translation>将已缓存前缀设为 %L1%</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Set idle sessions to %L1</source>
        <translation>将空闲会话设为 %L1</translation>
    </message>
    <message>
        <location line="+49"/>
        <source>%1 is longer than the longest context studied here (%2).</source>
        <translation>%1 超过了此处研究的最长上下文（%2）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>“%1” is not a context length: type a number of tokens, optionally with K or M (8k, 128K, 1M).</source>
        <translation>“%1”不是上下文长度：请输入 token 数，可带 K 或 M（8k、128K、1M）。</translation>
    </message>
    <message>
        <location line="-119"/>
        <source>TTFT target</source>
        <translation>首 token 目标</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>TPOT target</source>
        <translation>每 token 目标</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Set output length to %L1</source>
        <translation>将输出长度设为 %L1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Set concurrency to %L1</source>
        <translation>将并发数设为 %L1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Set TTFT target to %1</source>
        <translation>将首 token 时间目标设为 %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Remove TTFT target</source>
        <translation>取消首 token 时间目标</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Set TPOT target to %1</source>
        <translation>将每 token 时间目标设为 %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Remove TPOT target</source>
        <translation>取消每 token 时间目标</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>Set context to %1</source>
        <translation>将上下文设为 %1</translation>
    </message>
    <message>
        <location line="-26"/>
        <source>Set goal to %1</source>
        <translation>将目标设为 %1</translation>
    </message>
</context>
<context>
    <name>is::metrics</name>
    <message>
        <location filename="../core/metrics/Metrics.cpp" line="+18"/>
        <source>Chips</source>
        <translation>芯片数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the chips</source>
        <translation>芯片数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Tokens/s per user</source>
        <translation>每用户 token/s</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Tokens/s, whole deployment</source>
        <translation>整个部署的 token/s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the throughput</source>
        <translation>吞吐量</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Time to first token (ms)</source>
        <translation>首 token 时间（毫秒）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>First token</source>
        <translation>首 token</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>TTFT (ms)</source>
        <translation>首 token 时间（毫秒）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Time to first token, nothing cached (ms)</source>
        <translation>首 token 时间（无缓存）（毫秒）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Time per output token (ms)</source>
        <translation>每输出 token 时间（毫秒）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Per token</source>
        <translation>每 token</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>TPOT (ms)</source>
        <translation>每 token 时间（毫秒）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Power with PUE (kW)</source>
        <translation>含 PUE 的功率（千瓦）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Power</source>
        <translation>功率</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>kW (with PUE)</source>
        <translation>千瓦（含 PUE）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the power</source>
        <translation>功率</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Energy per token (J)</source>
        <translation>每 token 能耗（焦）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Energy/token</source>
        <translation>每 token 能耗</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>J / token</source>
        <translation>焦 / token</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the energy per token</source>
        <translation>每 token 能耗</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Cost per million tokens at this concurrency (USD)</source>
        <translation>当前并发下每百万 token 成本（美元）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>At this concurrency</source>
        <translation>当前并发</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>USD / M tokens</source>
        <translation>美元 / 百万 token</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the cost per token</source>
        <translation>每 token 成本</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Cost per million tokens at full load within the latency targets (USD)</source>
        <translation>在延迟目标内满载时每百万 token 成本（美元）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>At full load</source>
        <translation>满载时</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>USD / M tokens at full load</source>
        <translation>满载时美元/百万 token</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the cost per token at full load</source>
        <translation>满载时每 token 成本</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Tokens/s at full load within the latency targets</source>
        <translation>在延迟目标内满载时的 token/s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the throughput at full load</source>
        <translation>满载时的吞吐量</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Streams at full load within the latency targets</source>
        <translation>在延迟目标内满载时的并发流数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the streams at full load</source>
        <translation>满载时的并发流数</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Chips at full load within the latency targets</source>
        <translation>在延迟目标内满载时的芯片数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the chips at full load</source>
        <translation>满载时的芯片数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cost per hour (USD)</source>
        <translation>每小时成本（美元）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the cost per hour</source>
        <translation>每小时成本</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Memory used per device (GB)</source>
        <translation>每设备已用内存（GB）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Memory capacity per device (GB)</source>
        <translation>每设备内存容量（GB）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the capacity</source>
        <translation>容量</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Streams in flight, whole deployment</source>
        <translation>整个部署中并发的流数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the streams</source>
        <translation>并发流数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Fewest chips that hold the model</source>
        <translation>容纳模型所需的最少芯片数</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Memory per chip of the busiest device, by use (GB)</source>
        <translation>最繁忙设备每芯片内存，按用途（GB）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Weights per chip (GB)</source>
        <translation>每芯片权重（GB）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>KV cache per chip (GB)</source>
        <translation>每芯片 KV 缓存（GB）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Activations per chip (GB)</source>
        <translation>每芯片激活值（GB）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Memory capacity per chip (GB)</source>
        <translation>每芯片内存容量（GB）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Decode step: compute (ms)</source>
        <translation>解码步：计算（毫秒）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Decode step: memory (ms)</source>
        <translation>解码步：内存（毫秒）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Decode step: communication (ms)</source>
        <translation>解码步：通信（毫秒）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Decode step: dataflow latency (ms)</source>
        <translation>解码步：数据流延迟（毫秒）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Decode step: overhead (ms)</source>
        <translation>解码步：开销（毫秒）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Step time (ms)</source>
        <translation>步时间（毫秒）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Link time per step (ms)</source>
        <translation>每步链路时间（毫秒）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Link power (kW)</source>
        <translation>链路功率（千瓦）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Link&apos;s share of the step</source>
        <translation>链路在步时间中的占比</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Micro-batches in flight</source>
        <translation>并发的微批次数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Capital expenditure (USD)</source>
        <translation>资本支出（美元）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Replicas that only prefill</source>
        <translation>仅做预填充的副本数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Replicas that only decode</source>
        <translation>仅做解码的副本数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Wait for a prefill replica (ms)</source>
        <translation>等待预填充副本（毫秒）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>KV cache hand-over to decode (ms)</source>
        <translation>KV 缓存移交解码（毫秒）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Decode step (ms)</source>
        <translation>解码步（毫秒）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Prefix cache hit rate</source>
        <translation>前缀缓存命中率</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cached KV read back (ms)</source>
        <translation>读回缓存的 KV（毫秒）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cached KV read back, mean (ms)</source>
        <translation>读回缓存的 KV，平均（毫秒）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Prompt tokens not prefilled (cached)</source>
        <translation>无需预填充的提示词 token（已缓存）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Time to first token saved by the cache (ms)</source>
        <translation>缓存节省的首 token 时间（毫秒）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Time to first token without the cache (ms)</source>
        <translation>无缓存时的首 token 时间（毫秒）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Engine&apos;s time to first token without the cache (ms)</source>
        <translation>引擎给出的无缓存首 token 时间（毫秒）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Share of cached KV read from each tier</source>
        <translation>从各存储层读取的缓存 KV 占比</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Cache reads by tier</source>
        <translation>按存储层统计的缓存读取</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Context length (tokens)</source>
        <translation>上下文长度（token）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tokens/s per user, low end of the band</source>
        <translation>每用户 token/s，区间下限</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tokens/s per user, high end of the band</source>
        <translation>每用户 token/s，区间上限</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Time to first token, low end of the band (ms)</source>
        <translation>首 token 时间，区间下限（毫秒）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Time to first token, high end of the band (ms)</source>
        <translation>首 token 时间，区间上限（毫秒）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Context at which on-chip SRAM is full (tokens)</source>
        <translation>片上 SRAM 用满时的上下文长度（token）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tokens/s per chip</source>
        <translation>每芯片 token/s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tokens/s per megawatt</source>
        <translation>每兆瓦 token/s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Systems</source>
        <translation>系统数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Deployment units</source>
        <translation>部署单元数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Chips per unit</source>
        <translation>每单元芯片数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Systems per unit</source>
        <translation>每单元系统数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Concurrent users per unit</source>
        <translation>每单元并发用户数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Output tokens/s per unit</source>
        <translation>每单元输出 token/s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Requests/s per unit</source>
        <translation>每单元每秒请求数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Concurrent users</source>
        <translation>并发用户数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Requests per second</source>
        <translation>每秒请求数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Output tokens/s of the fleet</source>
        <translation>集群输出 token/s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Share of each unit&apos;s capacity in use</source>
        <translation>各单元已用容量占比</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Facility power (MW)</source>
        <translation>设施功率（兆瓦）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Peak facility power (MW)</source>
        <translation>峰值设施功率（兆瓦）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cost per million input tokens (USD)</source>
        <translation>每百万输入 token 成本（美元）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cost per million output tokens (USD)</source>
        <translation>每百万输出 token 成本（美元）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cost per user-hour (USD)</source>
        <translation>每用户小时成本（美元）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Prefill units</source>
        <translation>预填充单元数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Decode units</source>
        <translation>解码单元数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Attention-FFN configurations</source>
        <translation>注意力-FFN 分离配置数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>FFN chips per unit</source>
        <translation>每单元 FFN 芯片数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>On the Pareto frontier (1 yes, 0 no)</source>
        <translation>位于帕累托前沿（1 是，0 否）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Configurations evaluated</source>
        <translation>已评估的配置数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Configuration groups</source>
        <translation>配置组数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Configuration groups pruned</source>
        <translation>剪枝的配置组数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Parallel plans pruned</source>
        <translation>剪枝的并行方案数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Configurations that meet the targets</source>
        <translation>满足目标的配置</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Capital per million tokens (USD)</source>
        <translation>每百万 token 资本成本（美元）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Maintenance per million tokens (USD)</source>
        <translation>每百万 token 维护成本（美元）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Energy per million tokens (USD)</source>
        <translation>每百万 token 能源成本（美元）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Space per million tokens (USD)</source>
        <translation>每百万 token 场地成本（美元）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rental per million tokens (USD)</source>
        <translation>每百万 token 租赁成本（美元）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Total cost of ownership per million tokens (USD)</source>
        <translation>每百万 token 总拥有成本（美元）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Electricity price (USD/kWh)</source>
        <translation>电价（美元/千瓦时）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Utilisation</source>
        <translation>利用率</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The scenario&apos;s own value of the swept parameter</source>
        <translation>场景中被扫描参数自身的取值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Arrival rate (requests/s)</source>
        <translation>到达率（请求/秒）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Capacity (requests/s)</source>
        <translation>容量（请求/秒）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Completed requests/s</source>
        <translation>每秒完成请求数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Requests/s within the latency targets</source>
        <translation>满足延迟目标的每秒请求数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Share of requests within the latency targets</source>
        <translation>满足延迟目标的请求占比</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Output tokens/s, simulated</source>
        <translation>模拟的输出 token/s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Input tokens/s</source>
        <translation>输入 token/s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Engine&apos;s maximum output tokens/s</source>
        <translation>引擎给出的最大输出 token/s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Requests</source>
        <translation>请求数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Requests completed</source>
        <translation>已完成请求数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Requests rejected</source>
        <translation>被拒绝的请求数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Preemptions</source>
        <translation>抢占次数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Replicas</source>
        <translation>副本数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>KV cache capacity (tokens)</source>
        <translation>KV 缓存容量（token）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Simulated time (s)</source>
        <translation>模拟时长（秒）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Energy (kWh)</source>
        <translation>能耗（千瓦时）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Output tokens per kWh</source>
        <translation>每千瓦时输出 token 数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>End-to-end latency (s)</source>
        <translation>端到端延迟（秒）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Wait in the queue (ms)</source>
        <translation>排队等待（毫秒）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Requests waiting</source>
        <translation>等待中的请求数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Share of the KV cache in use</source>
        <translation>KV 缓存使用占比</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Quantile of the requests</source>
        <translation>请求分位数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Time (s)</source>
        <translation>时间（秒）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mean requests in the system (Little&apos;s L)</source>
        <translation>系统中平均请求数（Little 定律 L）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Arrival rate times mean time in the system (Little&apos;s λW)</source>
        <translation>到达率乘以平均逗留时间（Little 定律 λW）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Random seed</source>
        <translation>随机种子</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sessions</source>
        <translation>会话数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tool calls</source>
        <translation>工具调用次数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Figure the article claims</source>
        <translation>文章声称的数值</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Conditions the claim states</source>
        <translation>声明所述的条件</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Fitted constants</source>
        <translation>拟合常数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Published measurement</source>
        <translation>公开实测值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Engine&apos;s prediction</source>
        <translation>引擎预测值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Absolute error (fraction of the measurement)</source>
        <translation>绝对误差（占实测值的比例）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Prediction refitted without the row&apos;s source</source>
        <translation>去掉该行来源重新拟合后的预测值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cross-validated absolute error (fraction)</source>
        <translation>交叉验证绝对误差（比例）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rows</source>
        <translation>数据行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rows evaluated</source>
        <translation>已评估行数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rows skipped</source>
        <translation>跳过的行数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Median absolute error (fraction)</source>
        <translation>绝对误差中位数（比例）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mean absolute error (fraction)</source>
        <translation>平均绝对误差（比例）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rows within 25 %</source>
        <translation>误差在 25 % 以内的行数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rows within 2x</source>
        <translation>误差在 2 倍以内的行数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Share of rows within 25 %</source>
        <translation>误差在 25 % 以内的行占比</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Share of rows within 2x</source>
        <translation>误差在 2 倍以内的行占比</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rows cross-validated</source>
        <translation>交叉验证的行数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cross-validation refits</source>
        <translation>交叉验证重新拟合次数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cross-validated median absolute error (fraction)</source>
        <translation>交叉验证绝对误差中位数（比例）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cross-validated mean absolute error (fraction)</source>
        <translation>交叉验证平均绝对误差（比例）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rows within 2x, cross-validated</source>
        <translation>交叉验证误差在 2 倍以内的行数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Share of rows within 2x, cross-validated</source>
        <translation>交叉验证误差在 2 倍以内的行占比</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fit loss before</source>
        <translation>拟合前损失</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fit loss after</source>
        <translation>拟合后损失</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Optimiser evaluations</source>
        <translation>优化器评估次数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Loss sensitivity to the constant</source>
        <translation>损失对该常数的敏感度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Time taken (s)</source>
        <translation>耗时（秒）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Share of the measured read bandwidth reached</source>
        <translation>达到的实测读取带宽占比</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Bytes read per decoded token</source>
        <translation>每个解码 token 读取的字节数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Decode read rate (GB/s)</source>
        <translation>解码读取速率（GB/s）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Measured decode tokens/s</source>
        <translation>实测解码 token/s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Dot-product kernel read rate (GB/s)</source>
        <translation>点积内核读取速率（GB/s）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Matrix-multiply rate (GFLOP/s)</source>
        <translation>矩阵乘法速率（GFLOP/s）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tokens generated</source>
        <translation>生成的 token 数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Kernel launch overhead (µs)</source>
        <translation>内核启动开销（微秒）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Last-level cache read bandwidth (GB/s)</source>
        <translation>末级缓存读取带宽（GB/s）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Last-level cache size (bytes)</source>
        <translation>末级缓存大小（字节）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Last-level cache streaming rate (GB/s)</source>
        <translation>末级缓存流式读取速率（GB/s）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Model size (bytes)</source>
        <translation>模型大小（字节）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Peak compute (GFLOP/s)</source>
        <translation>峰值算力（GFLOP/s）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Predicted decode tokens/s</source>
        <translation>预测解码 token/s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Prediction error (%)</source>
        <translation>预测误差（%）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Predicted prefill tokens/s</source>
        <translation>预测预填充 token/s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Predicted time to first token (ms)</source>
        <translation>预测首 token 时间（毫秒）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Share of peak compute reached in prefill</source>
        <translation>预填充达到的峰值算力占比</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Share of the CPU&apos;s peak compute reached in prefill</source>
        <translation>预填充达到的 CPU 峰值算力占比</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Prefill compute rate (GFLOP/s)</source>
        <translation>预填充计算速率（GFLOP/s）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Measured prefill tokens/s</source>
        <translation>实测预填充 token/s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Prompt tokens</source>
        <translation>提示词 token 数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Memory read bandwidth (GB/s)</source>
        <translation>内存读取带宽（GB/s）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Memory streaming rate (GB/s)</source>
        <translation>内存流式读取速率（GB/s）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Threads</source>
        <translation>线程数</translation>
    </message>
</context>
<context>
    <name>is::planning</name>
    <message>
        <location filename="../core/planning/DeploymentSearch.cpp" line="+24"/>
        <source>TTFT limit</source>
        <translation>首 token 时间上限</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>TPOT limit</source>
        <translation>每 token 时间上限</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>tok/s/user target</source>
        <translation>每用户 token/s 目标</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>KV capacity</source>
        <translation>KV 容量</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>throughput</source>
        <translation>吞吐量</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>power budget</source>
        <translation>功率预算</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>capex budget</source>
        <translation>资本支出预算</translation>
    </message>
    <message>
        <location line="+179"/>
        <source>TTFT %1 ms at one stream per replica, limit %2 ms</source>
        <translation>每副本单流时 TTFT 为 %1 毫秒，上限 %2 毫秒</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>TPOT %1 ms at one stream per replica, limit %2 ms</source>
        <translation>每副本单流时 TPOT 为 %1 毫秒，上限 %2 毫秒</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>the fleet needs %1 MW at peak, budget %2 MW</source>
        <translation>集群峰值需要 %1 MW，预算为 %2 MW</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>the fleet costs $%1 M to buy, budget $%2 M</source>
        <translation>集群购置成本 %1 百万美元，预算为 %2 百万美元</translation>
    </message>
    <message>
        <location line="+114"/>
        <source>workload: %L1 prompt + %L2 output tokens exceed the model&apos;s %L3-token context window</source>
        <translation>workload：%L1 个提示 token + %L2 个输出 token 超出了模型 %L3 token 的上下文窗口</translation>
    </message>
    <message>
        <location filename="../core/planning/PlanTargets.cpp" line="+31"/>
        <source>%1: must be a positive number</source>
        <translation>%1：必须是正数</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>load: give users or requests per second</source>
        <translation>load：请给出并发用户数或每秒请求数</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1: at most %2, got %3</source>
        <translation>%1：最多 %2，实际为 %3</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>top: must be at least 1</source>
        <translation>top：至少为 1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>devices: unknown device &apos;%1&apos;</source>
        <translation>devices：未知设备“%1”</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>devices: &apos;%1&apos; is a CPU, not a serving accelerator</source>
        <translation>devices：“%1”是 CPU，不是推理加速器</translation>
    </message>
    <message>
        <location filename="../core/planning/ScenarioPlan.cpp" line="+19"/>
        <source>deployments: the scenario names no model to plan for</source>
        <translation>deployments：场景没有指定要规划的模型</translation>
    </message>
    <message>
        <location filename="../core/planning/PlanRanking.cpp" line="+135"/>
        <source>FFN on %1 x %2</source>
        <translation>FFN 在 %1 × %2 上</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%L1 prefill + %L2 decode units</source>
        <translation>%L1 个预填充 + %L2 个解码单元</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>colocated</source>
        <translation>合并部署</translation>
    </message>
    <message>
        <location filename="../core/planning/PrefillDecodeSplit.cpp" line="+57"/>
        <source>no decode batch meets the latency limits</source>
        <translation>没有任何解码批次满足延迟限制</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>a power budget sizes colocated fleets only</source>
        <translation>功率预算只用于确定合并部署集群的规模</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>the first token needs %1 ms before any queueing</source>
        <translation>不计排队，首个 token 已需 %1 ms</translation>
    </message>
</context>
<context>
    <name>is::serving::ScenarioSimulation</name>
    <message>
        <location filename="../core/analysis/ScenarioSimulation.cpp" line="+73"/>
        <source>no capacity at the workload: the engine estimates no throughput</source>
        <translation>在此负载下没有可用容量：引擎估算的吞吐量为零</translation>
    </message>
    <message>
        <location line="+51"/>
        <source>every request is longer than the KV cache holds</source>
        <translation>所有请求都超出了 KV 缓存可容纳的长度</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no request completed</source>
        <translation>没有请求完成</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>requests: must be at least 1</source>
        <translation>requests：必须至少为 1</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>serving.deployments.%1: no deployment has this id</source>
        <translation>serving.deployments.%1：没有部署使用此 ID</translation>
    </message>
</context>
<context>
    <name>is::serving::ServingConfig</name>
    <message>
        <location filename="../core/serving/ServingConfig.cpp" line="+54"/>
        <source>must not be negative, got %1</source>
        <translation>不能为负数，实际为 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>must be positive, got %1</source>
        <translation>必须为正数，实际为 %1</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>expected fixed, normal or lognormal, got &apos;%1&apos;</source>
        <translation>应为 fixed、normal 或 lognormal，实际为“%1”</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>must be at least 1 token</source>
        <translation>至少应为 1 个 token</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>must not be below min</source>
        <translation>不能小于 min</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>missing: a normal distribution needs a standard deviation</source>
        <translation>缺失：正态分布需要标准差</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>missing: a log-normal distribution needs sigma</source>
        <translation>缺失：对数正态分布需要 sigma</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>must be below 0.5</source>
        <translation>必须小于 0.5</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>expected on-demand or reserve-full, got &apos;%1&apos;</source>
        <translation>应为 on-demand 或 reserve-full，实际为“%1”</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>expected aligned or independent, got &apos;%1&apos;</source>
        <translation>应为 aligned 或 independent，实际为“%1”</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>prefill and decode replicas must both be positive (or both 0: off)</source>
        <translation>预填充和解码副本数必须都为正数（或都为 0，表示关闭）</translation>
    </message>
    <message>
        <location line="+54"/>
        <source>expected poisson, constant, gamma, onoff or trace, got &apos;%1&apos;</source>
        <translation>应为 poisson、constant、gamma、onoff 或 trace，实际为“%1”</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>missing: a trace arrival process needs a CSV file</source>
        <translation>缺失：trace 到达过程需要 CSV 文件</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>expected fixed or exponential</source>
        <translation>应为 fixed 或 exponential</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>expected fixed, offline or server</source>
        <translation>应为 fixed、offline 或 server</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>expected a whole number from 0 to 2^53</source>
        <translation>应为 0 到 2^53 之间的整数</translation>
    </message>
</context>
<context>
    <name>is::serving::StepCostModel</name>
    <message>
        <location filename="../core/serving/StepCostModel.cpp" line="+81"/>
        <source>splits attention and the FFN across two pools: the request simulator models one pool per deployment; the engine&apos;s estimate covers the split</source>
        <translation>将注意力与 FFN 拆分到两个池：请求模拟器每个部署只模拟一个池；引擎的估算已涵盖这种拆分</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>does not fit: %1</source>
        <translation>装不下：%1</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>no memory left for the KV cache of one sequence</source>
        <translation>没有剩余内存容纳单个序列的 KV 缓存</translation>
    </message>
</context>
<context>
    <name>is::serving::Trace</name>
    <message>
        <location filename="../core/serving/Trace.cpp" line="+49"/>
        <source>header must name 3 columns: timestamp,input_tokens,output_tokens</source>
        <translation>表头必须包含 3 列：timestamp,input_tokens,output_tokens</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>expected 3 fields (timestamp,input_tokens,output_tokens), got %1</source>
        <translation>应有 3 个字段（timestamp,input_tokens,output_tokens），实际为 %1 个</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>timestamp: expected a non-negative number of seconds, got &apos;%1&apos;</source>
        <translation>timestamp：应为非负的秒数，实际为“%1”</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>timestamp: %1 is earlier than the previous row&apos;s %2; sort the trace by time</source>
        <translation>timestamp：%1 早于上一行的 %2；请按时间对轨迹排序</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>input_tokens: expected a whole number of at least 1, got &apos;%1&apos;</source>
        <translation>input_tokens：应为不小于 1 的整数，实际为“%1”</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>output_tokens: expected a whole number of at least 1, got &apos;%1&apos;</source>
        <translation>output_tokens：应为不小于 1 的整数，实际为“%1”</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1: empty trace: no request rows (timestamp,input_tokens,output_tokens)</source>
        <translation>%1：轨迹为空：没有请求行（timestamp,input_tokens,output_tokens）</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>%1: cannot open trace: %2</source>
        <translation>%1：无法打开轨迹文件：%2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1: trace larger than 512 MiB</source>
        <translation>%1：轨迹文件大于 512 MiB</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <location filename="../app/gui/GuiEntry.cpp" line="+57"/>
        <source>Inference Studio</source>
        <translation>Inference Studio</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Scenario file to open.</source>
        <translation>要打开的场景文件。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Language (en, zh_CN).</source>
        <translation>界面语言（en、zh_CN）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Render the window to a PNG and exit.</source>
        <translation>将窗口渲染为 PNG 后退出。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Measure slider-to-chart latency and exit.</source>
        <translation>测量滑块到图表的更新延迟后退出。</translation>
    </message>
</context>
<context>
    <name>names</name>
    <message>
        <location filename="../widgets/Names.cpp" line="+18"/>
        <source>datasheet</source>
        <translation>数据手册</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>vendor claim</source>
        <translation>厂商宣称</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>third party</source>
        <translation>第三方</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>measured</source>
        <translation>实测</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>calibrated</source>
        <translation>校准</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>assumed</source>
        <translation>假设</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>speculation</source>
        <translation>推测</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>HBM accelerator</source>
        <translation>HBM 加速器</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>SRAM dataflow</source>
        <translation>SRAM 数据流</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>tiered memory (SRAM + HBM + DDR)</source>
        <translation>分层内存（SRAM + HBM + DDR）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>MHA (multi-head)</source>
        <translation>MHA（多头）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>GQA (grouped-query)</source>
        <translation>GQA（分组查询）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>MQA (multi-query)</source>
        <translation>MQA（多查询）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>MLA (latent KV)</source>
        <translation>MLA（潜在 KV）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Fixed concurrency</source>
        <translation>固定并发</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Offline (max throughput)</source>
        <translation>离线（最大吞吐）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Server (latency targets)</source>
        <translation>在线服务（延迟目标）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Automatic</source>
        <translation>自动</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Weights resident</source>
        <translation>权重常驻</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Weight streaming</source>
        <translation>权重流式加载</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Whole length (TensorRT-LLM)</source>
        <translation>整段预留（TensorRT-LLM）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>On demand (vLLM, SGLang)</source>
        <translation>按需分配（vLLM、SGLang）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Each rank on its own</source>
        <translation>各 rank 独立</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>All ranks together</source>
        <translation>所有 rank 同步</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>None</source>
        <translation>无</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Draft model</source>
        <translation>草稿模型</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Medusa heads</source>
        <translation>Medusa 头</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>EAGLE-3</source>
        <translation>EAGLE-3</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Multi-token prediction</source>
        <translation>多 token 预测</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>weights resident</source>
        <translation>权重常驻</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>layers pipelined across chips</source>
        <translation>各层在芯片间流水线执行</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>weights streamed</source>
        <translation>权重流式加载</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>attention and FFN on two pools</source>
        <translation>注意力与 FFN 分属两个资源池</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 of %2 replicas prefill, the rest decode</source>
        <translation>%2 个副本中 %1 个预填充，其余解码</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>memory bandwidth</source>
        <translation>内存带宽</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>communication</source>
        <translation>通信</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>dataflow latency</source>
        <translation>数据流延迟</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>per-layer overhead</source>
        <translation>逐层开销</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>capacity</source>
        <translation>容量</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>weight streaming</source>
        <translation>权重流式加载</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>TTFT</source>
        <translation>首 token 时间</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>TPOT</source>
        <translation>每 token 时间</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1 target %2: %3</source>
        <translation>%1目标 %2：实为 %3</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>misses %1</source>
        <translation>未达到%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>, </source>
        <translation>，</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>speculative</source>
        <comment>a catalog model&apos;s qualifier</comment>
        <translation>推测</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 base</source>
        <comment>a catalog model built on another</comment>
        <translation>基于 %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 share the architecture</source>
        <comment>later releases of a catalog model</comment>
        <translation>%1 架构相同</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 architecture</source>
        <comment>the model a catalog model is built as</comment>
        <translation>%1 架构</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 (%2)</source>
        <comment>a catalog model&apos;s name and qualifiers</comment>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>, </source>
        <comment>between qualifiers</comment>
        <translation>，</translation>
    </message>
</context>
<context>
    <name>palette</name>
    <message>
        <location filename="../widgets/palette/HardwareGroups.cpp" line="+52"/>
        <source>Wafer-scale</source>
        <translation>晶圆级</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Other accelerators</source>
        <translation>其他加速器</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>This machine</source>
        <translation>本机</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Links</source>
        <translation>链路</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>Peak (%1, dense)</source>
        <translation>峰值算力（%1，稠密）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 capacity</source>
        <translation>%1 容量</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 bandwidth</source>
        <translation>%1 带宽</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Cores</source>
        <translation>核心数</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Power (peak)</source>
        <translation>功率（峰值）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Price</source>
        <translation>价格</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>System</source>
        <translation>跟随系统</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%1 (%n device(s))</source>
        <translation>
            <numerusform>%1（%n 个设备）</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Drag onto the canvas: empty space starts a deployment, a deployment grows by one system.</source>
        <translation>拖到画布上：放在空白处新建部署，放在部署上则增加一个系统。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Scale-up (inside a system)</source>
        <translation>纵向扩展（系统内部）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Scale-out (between systems)</source>
        <translation>横向扩展（系统之间）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Bandwidth per device</source>
        <translation>每设备带宽</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Latency per hop</source>
        <translation>每跳延迟</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Power per port</source>
        <translation>每端口功率</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Drag onto a deployment (or use the link tool) to connect its devices with this link.</source>
        <translation>拖到部署上（或使用连接工具），即可用此链路连接其设备。</translation>
    </message>
</context>
<context>
    <name>targets</name>
    <message>
        <location filename="../widgets/TargetsText.cpp" line="+13"/>
        <source>first token within %1 s</source>
        <translation>首 token 在 %1 秒内</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no limit on the first token</source>
        <translation>首 token 时间不设限</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 ms per output token</source>
        <translation>每输出 token %1 毫秒</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no limit per output token</source>
        <translation>每输出 token 时间不设限</translation>
    </message>
</context>
<context>
    <name>undo</name>
    <message>
        <location filename="../widgets/document/AddDeploymentCommand.cpp" line="+14"/>
        <source>Add deployment %1</source>
        <translation>添加部署 %1</translation>
    </message>
    <message>
        <location filename="../widgets/document/ChangeModelCommand.cpp" line="+21"/>
        <source>Change model</source>
        <translation>修改模型</translation>
    </message>
    <message>
        <location filename="../widgets/document/RemoveDeploymentsCommand.cpp" line="+24"/>
        <source>Delete %1</source>
        <translation>删除 %1</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>Delete %n deployment(s)</source>
        <translation>
            <numerusform>删除 %n 个部署</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../widgets/document/MoveDeploymentsCommand.cpp" line="+22"/>
        <source>Move %n deployment(s)</source>
        <translation>
            <numerusform>移动 %n 个部署</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../widgets/document/RecoverWorkCommand.cpp" line="+11"/>
        <source>Recover unsaved work</source>
        <translation>恢复未保存的工作</translation>
    </message>
</context>
<context>
    <name>units</name>
    <message>
        <location filename="../widgets/Units.cpp" line="+135"/>
        <source>%1 trillion USD</source>
        <comment>Chinese 万亿美元</comment>
        <translation>%1万亿美元</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 hundred million USD</source>
        <comment>Chinese 亿美元</comment>
        <translation>%1亿美元</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 ten thousand USD</source>
        <comment>Chinese 万美元</comment>
        <translation>%1万美元</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 µs</source>
        <translation>%1 微秒</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1 years</source>
        <translation>%1 年</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 days</source>
        <translation>%1 天</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 h</source>
        <translation>%1 小时</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 min</source>
        <translation>%1 分钟</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>(%1)</source>
        <translation>（%1）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>(%1: %2)</source>
        <translation>（%1：%2）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 (range %2–%3)</source>
        <translation>%1（范围 %2–%3）</translation>
    </message>
</context>
</TS>
