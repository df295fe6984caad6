/// The few ANSI SGR codes a frame uses.
enum ANSI {
  case bold, dim, red, green, yellow, cyan

  private var code: String {
    switch self {
    case .bold: "1"
    case .dim: "2"
    case .red: "31"
    case .green: "32"
    case .yellow: "33"
    case .cyan: "36"
    }
  }

  /// `text` between the code and a reset.
  func wrap(_ text: String) -> String { "\u{1B}[\(code)m\(text)\u{1B}[0m" }
}
