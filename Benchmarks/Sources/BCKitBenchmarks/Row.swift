import Foundation

/// One line of the results: the kit against one baseline in one case.
struct Row {
    let name: String
    let n: Int
    /// `ns` per operation, or `B` for the memory cases.
    let unit: String
    let kit: Double
    let kitSpread: Double
    let baseline: String
    let baselineValue: Double
    let baselineSpread: Double

    var ratio: Double { baselineValue > 0 ? kit / baselineValue : .infinity }
}

extension [Row] {
    /// The results as a Markdown table, spreads in percent of the median.
    func markdown() -> String {
        var lines = [
            "| case | N | kit | baseline | baseline value | kit / baseline | spread kit, baseline |",
            "| --- | ---: | ---: | --- | ---: | ---: | ---: |",
        ]
        for row in self {
            let spread = row.unit == "B" ? "-" : "\(format(row.kitSpread))%, \(format(row.baselineSpread))%"
            lines.append(
                "| \(row.name) | \(row.n) | \(format(row.kit)) \(row.unit) | \(row.baseline) | "
                    + "\(format(row.baselineValue)) \(row.unit) | \(format(row.ratio, digits: 3))x | \(spread) |"
            )
        }
        return lines.joined(separator: "\n")
    }

    /// The results as the JSON array CI and tooling read: `kit_ns` and `baseline_ns` hold bytes
    /// for the memory cases, which `unit` says.
    func json() throws -> Data {
        let objects: [[String: Any]] = map { row in
            [
                "name": row.name,
                "n": row.n,
                "kit_ns": rounded(row.kit),
                "baseline": row.baseline,
                "baseline_ns": rounded(row.baselineValue),
                "ratio": rounded(row.ratio, digits: 4),
                "unit": row.unit,
            ]
        }
        return try JSONSerialization.data(withJSONObject: objects, options: [.prettyPrinted, .sortedKeys])
    }
}

private func rounded(_ value: Double, digits: Int = 2) -> Double {
    guard value.isFinite else { return -1 }
    let scale = pow(10, Double(digits))
    return (value * scale).rounded() / scale
}

func format(_ value: Double, digits: Int = 1) -> String {
    guard value.isFinite else { return "inf" }
    if value >= 100 && digits < 3 { return String(Int(value.rounded())) }
    return String(format: "%.\(value < 10 && digits < 3 ? digits + 1 : digits)f", value)
}
